import ReorderKit
import ReorderKitSDL

/// Board (key 5): five columns of cards whose titles wrap to one to three lines. Cards move within
/// and between columns (Doing takes at most three), the columns move by their headers, and the
/// board scrolls sideways. The engine is ReorderKit's ``Board``; this scene gives its data, its
/// geometry and its cells. Saved as one section per column (in board order), one row per card.
struct BoardScene: DemoScene {
  let name = "board"
  let title = "Board"
  /// The arrangement at start (restored, or built in): one section per column, in board order.
  /// The board is made from it; afterwards ``savedColumns`` says what is saved.
  var view: DemoView
  /// The board's columns, in board order, each one section of its cards, as the app gives them
  /// after each committed change (O(columns): the columns' item lists are shared, not copied, and
  /// no million-item snapshot or view is rebuilt); what the state file and the report read. `nil`
  /// until the first change: the view's arrangement.
  var savedColumns: [Snapshot<String, String>.Section]?

  typealias Engine = Board<String, String, String>

  static let columns: [(id: String, title: String)] = [
    ("backlog", "Backlog"), ("todo", "To do"), ("doing", "Doing"), ("review", "Review"), ("done", "Done"),
  ]
  /// Doing's work-in-progress limit.
  static let doingLimit = 3

  /// The cards' titles: short ones fit one line, long ones wrap to two or three.
  static let titles: [String] = [
    "Sign-in page", "Export the report as CSV and as a PDF with the company logo", "Dark mode",
    "Fix the crash when a photo has no date", "Onboarding tour", "Search by tag",
    "Move the settings into one screen with sections for account, privacy and sync", "Push notifications",
    "Offline mode for the reader", "Rename \"Projects\" to \"Spaces\"", "Keyboard shortcuts",
    "Share a board with a link that expires", "Undo in the editor", "Accessibility audit of every screen",
    "Faster cold start", "Billing page", "Import from Trello and from Jira with their labels", "Calendar view",
    "Two-factor sign-in", "Drag cards between columns", "Fix the typo on the pricing page",
    "Localise the app into German, French and Japanese", "Profile pictures", "Archive old boards",
    "Rate limit the public API", "Audit log", "Mentions in comments", "Weekly digest email",
    "Migrate the database to the new server before the end of the quarter", "Release notes", "Bulk edit",
    "Custom fields", "Fix the flaky upload test", "Widgets", "Slow query on the home feed", "Print layout",
    "Webhooks", "Team invitations by email with a role chosen by the admin", "Emoji reactions", "Help centre",
  ]
  /// How many cards each column starts with (Doing two, under its limit of three).
  static let counts = [12, 10, 2, 6, 10]

  /// The number of cards when `--items` gave one (for scale: the columns share them equally and
  /// Doing has no limit), or nil for the 40 built-in cards.
  let cards: Int?

  static func cardID(_ n: Int) -> String { "card-\(n)" }

  /// How many cards each column starts with: the built-in counts, or `cards` shared equally (the
  /// first columns take one more when it does not divide).
  static func counts(cards: Int?) -> [Int] {
    guard let cards else { return counts }
    return columns.indices.map { k in cards / columns.count + (k < cards % columns.count ? 1 : 0) }
  }

  /// The built-in arrangement (`cards` cards, or the 40 built-in ones).
  static func initialSnapshot(cards: Int? = nil) -> Snapshot<String, String> {
    var snapshot = Snapshot<String, String>()
    var n = 1
    for (column, count) in zip(columns, counts(cards: cards)) {
      try! snapshot.appendSection(column.id, items: (n..<n + count).map(cardID))
      n += count
    }
    return snapshot
  }

  init(cards: Int? = nil, viewSize: Size) {
    self.cards = cards
    view = Self.makeView(Self.initialSnapshot(cards: cards), viewSize: viewSize)
  }

  /// The built-in board is saved as "board"; a board of `--items N` cards as "board-N".
  var storageKey: String { cards.map { "board-\($0)" } ?? name }

  /// Doing's limit: three on the built-in board; none on a board made for scale.
  var doingLimit: Int? { cards == nil ? Self.doingLimit : nil }

  func layout(for viewSize: Size) -> LayoutConfiguration { Self.layout(for: viewSize) }

  static func layout(for viewSize: Size) -> LayoutConfiguration {
    .list(ListLayout.Configuration(width: viewSize.width, height: viewSize.height, rowHeight: 44))
  }

  func makeView(_ snapshot: Snapshot<String, String>, viewSize: Size) -> DemoView {
    Self.makeView(snapshot, viewSize: viewSize)
  }

  static func makeView(_ snapshot: Snapshot<String, String>, viewSize: Size) -> DemoView {
    DemoView(snapshot: snapshot, layout: layout(for: viewSize), viewSize: viewSize)
  }

  // MARK: Cards

  static func number(of id: String) -> Int { Int(id.dropFirst(5)) ?? 0 }

  /// A card's title: the built-in titles in turn (a board of more cards repeats them).
  static func title(of id: String) -> String {
    let n = number(of: id)
    return n >= 1 ? titles[(n - 1) % titles.count] : id
  }

  /// A title broken into lines of at most `width` characters, at spaces (three lines at most).
  static func lines(of id: String, width: Int = 28) -> [String] { lines(title: title(of: id), width: width) }

  /// A title broken into lines of at most `width` characters, at spaces (three lines at most).
  static func lines(title: String, width: Int = 28) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in title.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return Array(lines.prefix(3))
  }

  // MARK: Geometry

  static let columnWidth = 260.0
  static let columnSpacing = 14.0
  static let headerHeight = 40.0
  static let inset = 10.0
  static let lineHeight = 19.0

  /// A card's size: its width, and its height for its lines.
  static func cardSize(of id: String) -> Size { cardSize(lines: lines(of: id)) }

  /// A card's row: the card and the space between cards, half above it and half below.
  static func cardSize(lines: [String]) -> Size {
    Size(width: columnWidth - 2 * inset, height: 22 + lineHeight * Double(lines.count) + cardSpacing)
  }

  /// The space between two cards in a column.
  static let cardSpacing = 8.0

  /// The board's columns in `area` (the window below the bar, above the caption), in the order of
  /// the saved sections: headers on top, the cards below.
  static func makeBoard(_ snapshot: Snapshot<String, String>, area: Rect, doingLimit: Int? = doingLimit) -> Engine {
    let height = max(area.height - headerHeight - 8, 1)
    let size = Size(width: columnWidth, height: height)
    // Every column knows every card's size (one table, shared): new data from another person
    // (--share) may bring any card into any column.
    // The titles repeat on a board made for scale: each title's size is worked out once.
    let titleSizes = titles.map { title in cardSize(lines: lines(title: title)) }
    var sizes: [String: Size] = [:]
    sizes.reserveCapacity(snapshot.sections.reduce(0) { $0 + $1.items.count })
    for section in snapshot.sections {
      for id in section.items {
        let n = number(of: id)
        sizes[id] = n >= 1 ? titleSizes[(n - 1) % titles.count] : cardSize(of: id)
      }
    }
    let engineColumns = snapshot.sections.enumerated().map { k, section in
      let x = area.minX + columnSpacing + Double(k) * (columnWidth + columnSpacing)
      var column = Snapshot<String, String>()
      try! column.appendSection(section.id, items: section.items)
      // A list whose rows are as tall as their cards' titles (ListLayout's per-row heights, read from
      // the sizes): its target rule works on the rows as laid out.
      let layout = LayoutConfiguration.list(
        ListLayout.Configuration(
          width: columnWidth, height: height, rowHeight: 44,
          sectionInset: EdgeInsets(top: 4 - cardSpacing / 2, left: inset, bottom: 12, right: inset)))
      let view = DemoView(snapshot: column, layout: layout, viewSize: size, mode: .dragDrop, itemSizes: sizes)
      return Engine.Column(
        id: section.id, frame: Rect(x: x, y: area.minY + headerHeight + 8, width: columnWidth, height: height),
        view: view,
        accepts: BoardAcceptance(limit: section.id == "doing" ? doingLimit : nil),
        header: Rect(x: x, y: area.minY + 6, width: columnWidth, height: headerHeight),
        title: columns.first { $0.id == section.id }?.title)
    }
    // The identifiers are unique and the frames finite: the built-in data and geometry make a board.
    var board = try! Engine(columns: engineColumns, visibleSize: Size(width: area.maxX, height: area.maxY))
    board.viewName = { id in columns.first { $0.id == id }?.title ?? id }
    for column in board.columns {
      board.updateView(column.id) { view in
        view.announcer.itemName = { title(of: $0) }
        view.announcer.sectionName = { id in columns.first { $0.id == id }?.title ?? id }
      }
    }
    return board
  }

  /// The board's columns, each one section of its cards, in board order: O(columns).
  static func sections(of board: Engine) -> [Snapshot<String, String>.Section] {
    // Mid-drag (a report of a resize): each card once, where the user sees it.
    board.columns.map {
      .init(id: $0.id, items: (board.arrangedData(of: $0.id) ?? $0.view.snapshot).items(inSection: 0))
    }
  }

  /// The rows a committed change moves: each moved card placed before the next card of its column
  /// (or at its end), runs of adjacent cards as one move. O(moved × columns).
  static func moves(of moved: [String], in board: Engine) -> [SavedMove] {
    board.columns.flatMap { column in
      let data = column.view.snapshot
      let here = moved.filter(data.contains)
      return here.isEmpty ? [] : StateStore.moves(of: here, in: data)
    }
  }

  /// The board's arrangement as the saved snapshot: one section per column, in board order.
  static func snapshot(of board: Engine) -> Snapshot<String, String> {
    var snapshot = Snapshot<String, String>()
    for column in board.columns {
      try! snapshot.appendSection(column.id, items: column.view.snapshot.items(inSection: 0))
    }
    return snapshot
  }

  // MARK: Drawing

  func drawItem(_ id: String, frame f: Rect, element: DemoElement, canvas: Canvas, theme: Theme) {
    Self.drawCard(
      id, frame: f, alpha: element.alpha, contentAlpha: element.alpha * element.contentChange, lifted: element.isLifted,
      canvas: canvas, theme: theme)
  }

  /// A card: its background at `alpha`, its tag and title at `contentAlpha` (lower while a card
  /// whose content changed shows its new content: it redraws in place, with no flash).
  static func drawCard(
    _ id: String, frame row: Rect, alpha a: Double, contentAlpha c: Double? = nil, lifted: Bool, canvas: Canvas,
    theme: Theme
  ) {
    let c = c ?? a
    // The card inside its row, which holds the space between cards.
    let f = Rect(x: row.minX, y: row.minY + cardSpacing / 2, width: row.width, height: max(row.height - cardSpacing, 1))
    canvas.fillRoundedRect(f, radius: 8, color: theme.cell.withAlpha(a))
    canvas.strokeRoundedRect(f, radius: 8, lineWidth: 1, color: theme.separator.withAlpha(a))
    // A coloured tag per card, from its number.
    let hues = [theme.accent, Color(r: 52, g: 199, b: 89), Color(r: 255, g: 149, b: 0), Color(r: 175, g: 82, b: 222)]
    canvas.fillRoundedRect(
      Rect(x: f.minX + 10, y: f.minY + 9, width: 28, height: 5), radius: 2.5,
      color: hues[number(of: id) % hues.count].withAlpha(c))
    for (k, line) in lines(of: id).enumerated() {
      canvas.drawText(
        line,
        in: Rect(x: f.minX + 10, y: f.minY + 16 + Double(k) * lineHeight, width: f.width - 20, height: lineHeight),
        size: 14, color: theme.text.withAlpha(c), alignment: .left)
    }
  }
}
