import ReorderKit
import ReorderKitSDL

/// The window: the list of chores above, the field that adds one below. It routes the input
/// between the two, ticks chores off, and saves after every change.
///
/// Keys: typing goes into the field (it has the keyboard at start, and after a click on it or
/// Ctrl+N); Enter adds the chore. Esc or Tab leave the field; then Tab and the arrows move the
/// focus through the chores, Space ticks the focused one off (or back on), Enter lifts it to
/// move it with the arrows (Enter again drops it), Ctrl+Z undoes a move. A click on a chore ticks
/// it; press and hold to drag it.
final class TodoApp: HostContent {
  var view: CollectionView<String, Int>
  var pane: CollectionPane<String, Int>
  var field = TextField(placeholder: "Add a chore, then press Enter", isFocused: true)
  var list: ChoreList
  let file: String
  private var commits = CommitCollector<String, Int>()

  static let section = "To do"
  static let fieldBarHeight = 68.0

  init(list: ChoreList, file: String, size: Size) throws {
    self.list = list
    self.file = file
    var snapshot = Snapshot<String, Int>()
    try snapshot.appendSection(Self.section, items: list.order)
    let frame = Self.listFrame(in: size)
    view = CollectionView(snapshot: snapshot, layout: Self.layout(frame.size), viewSize: frame.size)
    pane = CollectionPane(frame: frame)
    field.frame = Self.fieldFrame(in: size)
  }

  static func layout(_ size: Size) -> LayoutConfiguration {
    .list(
      ListLayout.Configuration(
        width: size.width, height: size.height, rowHeight: 56, headerHeight: 64,
        sectionInset: EdgeInsets(top: 0, left: 12, bottom: 12, right: 12)))
  }

  static func listFrame(in size: Size) -> Rect {
    Rect(x: 0, y: 0, width: size.width, height: max(size.height - fieldBarHeight, 1))
  }

  static func fieldFrame(in size: Size) -> Rect {
    Rect(x: 12, y: size.height - fieldBarHeight + 12, width: size.width - 24, height: 44)
  }

  // MARK: Input

  var isTrackingPointer: Bool { pane.isTrackingPointer }

  func handle(_ event: InputEvent, time: Double) {
    switch event {
    case .resized(let size):
      pane.setFrame(Self.listFrame(in: size), view: &view, layout: Self.layout, time: time)
      field.frame = Self.fieldFrame(in: size)
      return
    case .key(.character("n"), let modifiers) where modifiers.isShortcut:
      field.isFocused = true
      return
    default:
      break
    }
    switch field.handle(event) {
    case .handled:
      return
    case .submitted(let title):
      add(title, time: time)
      return
    case .dismissed where event != .key(.tab):
      return
    case .ignored, .dismissed:
      break
    }
    // Space ticks the focused chore off; while one is lifted it drops it, as the engine says.
    if case .key(.space, let modifiers) = event, modifiers.isEmpty, !view.isDragging, let chore = view.focusedItem {
      toggle(chore)
      return
    }
    react(to: pane.handle(event, view: &view, time: time))
  }

  func tick(time: Double) {
    react(to: view.tick(time: time))
  }

  /// A click on a chore ticks it; a committed move, undo or addition is saved.
  func react(to events: [CollectionViewEvent<String, Int>]) {
    for case .tapped(let chore) in events { toggle(chore) }
    if commits.collect(events, isDragging: view.isDragging) != nil { save() }
  }

  /// Adds a chore at the end of the list (saved when the view reports the insertion) and scrolls to it.
  func add(_ title: String, time: Double) {
    let id = list.add(Chore(title: title))
    do {
      try view.perform(
        .inserted(ReorderDifference(items: [id], section: Self.section), children: [:], expanded: []), time: time)
    } catch {
      print("todo: \(error)")
    }
    let bottom = max(view.contentSize.height - view.viewSize.height, 0)
    view.setContentOffset(Point(x: 0, y: bottom), animated: true, time: time)
  }

  func toggle(_ chore: Int) {
    list.chores[chore]?.isDone.toggle()
    save()
  }

  /// Writes the list in its order on screen (a temporary file, then a rename).
  func save() {
    do { try list.write(order: view.snapshot.items(inSection: 0), to: file) } catch { print("todo: \(error)") }
  }

  // MARK: Drawing

  func draw(in canvas: Canvas, size: Size, time: Double) -> Bool {
    canvas.clear(Theme.standard.background)
    let moving = pane.draw(view, in: canvas, time: time, item: drawChore, header: drawHeader)
    let bar = Rect(x: 0, y: size.height - Self.fieldBarHeight, width: size.width, height: Self.fieldBarHeight)
    canvas.fill(bar, color: Theme.standard.bar)
    canvas.fill(Rect(x: 0, y: bar.minY, width: size.width, height: 0.5), color: Theme.standard.separator)
    field.draw(in: canvas)
    return moving
  }

  func drawChore(_ cell: CellContext<String, Int>) {
    guard let chore = list.chores[cell.id] else { return }
    let canvas = cell.canvas
    let card = cell.frame.insetBy(dx: 0, dy: 4)
    let blue = Color(hex: 0x007AFF).withAlpha(cell.alpha)
    canvas.fillRoundedRect(card, radius: 10, color: Color.white.withAlpha(cell.alpha))
    let tick = Rect(x: card.minX + 14, y: card.midY - 11, width: 22, height: 22)
    if chore.isDone {
      canvas.fillRoundedRect(tick, radius: 11, color: blue)
      canvas.drawLine(
        from: Point(x: tick.minX + 6, y: tick.midY + 0.5), to: Point(x: tick.midX - 1.5, y: tick.maxY - 6.5),
        width: 2.2,
        color: Color.white.withAlpha(cell.alpha))
      canvas.drawLine(
        from: Point(x: tick.midX - 1.5, y: tick.maxY - 6.5), to: Point(x: tick.maxX - 5.5, y: tick.minY + 6.5),
        width: 2.2, color: Color.white.withAlpha(cell.alpha))
    } else {
      canvas.strokeRoundedRect(tick, radius: 11, lineWidth: 2, color: blue)
    }
    let text = Rect(x: card.minX + 48, y: card.minY, width: card.width - 92, height: card.height)
    let ink = chore.isDone ? Color(hex: 0x8E8E93) : Color(hex: 0x1C1C1E)
    canvas.drawText(chore.title, in: text, size: 16, color: ink.withAlpha(cell.alpha), alignment: .left)
    if chore.isDone {
      let width = min(canvas.textSize(chore.title, size: 16).width, text.width)
      canvas.fill(Rect(x: text.minX, y: text.midY, width: width, height: 1.5), color: ink.withAlpha(cell.alpha))
    }
    for k in 0..<3 {  // a grip: press and hold anywhere on the row to lift it
      let y = card.midY - 6 + Double(k) * 6
      canvas.fill(Rect(x: card.maxX - 30, y: y, width: 16, height: 2), color: Color(hex: 0xC7C7CC))
    }
  }

  func drawHeader(_ header: HeaderContext<String, Int>) {
    let frame = header.frame
    header.canvas.drawText(
      header.id, in: Rect(x: frame.minX + 16, y: frame.minY + 16, width: frame.width - 32, height: 40), size: 28,
      bold: true, color: Color(hex: 0x1C1C1E), alignment: .left)
    let left = list.chores.values.filter { !$0.isDone }.count
    header.canvas.drawText(
      left == 0 ? "all done" : "\(left) left",
      in: Rect(x: frame.minX + 16, y: frame.minY + 16, width: frame.width - 32, height: 40),
      size: 15, color: Color(hex: 0x8E8E93), alignment: .right)
  }
}
