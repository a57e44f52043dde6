// The web library's lists (Web/Lib, `Sortable` on a developer's own elements): the lists of one
// group are the columns of one board. The page measures its elements once (and again when they
// resize) and describes them; the board makes every decision, and the page reads it back through
// the board's exports (rk_board_pointer_down … rk_board_render, rk_board_take_events).

/// A list measured by the page, in hundredths of a CSS pixel and page coordinates.
struct LibraryList {
  var id: Int
  var frame: Rect
  /// The first row's offset from the list's top, and the rows' left and right insets.
  var top: Double
  var left: Double
  var right: Double
  var rows: [Int] = []
  var heights: [Double] = []
  /// The lists whose items it takes (`nil`: every list of the board).
  var sources: Set<Int>?
  var limit: Int?
  /// Its name, for announcements.
  var name = ""
  /// The long press: seconds, whether a mouse waits for it too, and how far a finger may move
  /// meanwhile (SortableJS's `delay`, `delayOnTouchOnly` and `touchStartThreshold`).
  var pressDuration = 0.5
  var mouseWaits = false
  var allowableMovement = 10.0
  /// How long others take to move out of the way and the item to settle (`animation`, or 0 under
  /// `prefers-reduced-motion`); `nil`: the engine's own.
  var reflow: Double?
  /// SortableJS's `sort` (its own items may change places) and whether the page's `onMove` is asked.
  var sorts = true
  var asks = false
  /// How far the list's top is above its frame (the frame is the list's visible part, in the
  /// viewport's coordinates; the list's view is scrolled by as much).
  var offset = 0.0
  /// How much taller than its frame the list's view is: nothing when the list goes on below the
  /// viewport (the engine scrolls it, and the page with it, near the viewport's edge), much when it
  /// ends within it (it never scrolls: the pointer near the list's own end is not an edge).
  var extra = 0.0
}

/// The page's `onMove` (SortableJS's): asked for each new place the engine proposes in a list
/// (the index among its items without the dragged one). Returns the index to take (the proposed
/// one, or the place before or after the related item for SortableJS's -1 and 1), or -1 to stay.
#if arch(wasm32)
  @_extern(wasm, module: "reorderkit", name: "move")
  func hostMove(_ list: Int32, _ proposed: Int32, _ current: Int32, _ sameList: Int32) -> Int32
#else
  /// Natively (the export layer's benchmarks) there is no page to ask: every place is taken.
  func hostMove(_ list: Int32, _ proposed: Int32, _ current: Int32, _ sameList: Int32) -> Int32 { proposed }
#endif

/// Reads a description, one line each (numbers in hundredths of a CSS pixel):
/// `V id x y width height top left right name` a list, in page coordinates, with its first row's
/// offset and the rows' insets; `I id height name` an item of the last list, its height the distance
/// from its top to the next item's; `A id source …` the lists the last list takes items from (none:
/// only its own); `L id limit` the most items it holds; `T id milliseconds mouse movement` its long
/// press (mouse 1: a mouse waits for it as well); `M id milliseconds` how long items glide;
/// `Y id offset extra` how far the list's top is above its frame (the frame is its visible part)
/// and how much taller than its frame its view is;
/// `O id sort ask` whether its own items may change places (1) and whether the page's `onMove` is
/// asked (1). `nil` for a line it does not understand.
func libraryLists(_ bytes: UnsafeBufferPointer<UInt8>) -> (lists: [LibraryList], names: [Int: String])? {
  var lists: [LibraryList] = []
  var names: [Int: String] = [:]
  for line in bytes.split(separator: UInt8(ascii: "\n")) {
    guard let kind = line.first, line.count >= 3, line[line.index(after: line.startIndex)] == UInt8(ascii: " ")
    else { return nil }
    let body = line.dropFirst(2)
    let fields = body.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    // A list left of the viewport has a negative x: numbers may carry a minus sign.
    let numbers = fields.prefix(8).map { field -> Int? in
      guard field.first == UInt8(ascii: "-") else { return decimal(field) }
      return decimal(field.dropFirst()).map { -$0 }
    }
    /// The text after the first `count` fields (a name, which may hold spaces).
    func name(after count: Int) -> String {
      let parts = body.split(separator: UInt8(ascii: " "), maxSplits: count, omittingEmptySubsequences: false)
      return parts.count > count ? String(decoding: parts[count], as: UTF8.self) : ""
    }
    switch kind {
    case UInt8(ascii: "V"):
      guard fields.count >= 8, numbers.allSatisfy({ $0 != nil }), numbers[0]! >= 0,
        numbers.dropFirst(3).allSatisfy({ $0! >= 0 })
      else { return nil }
      let n = numbers.map { Double($0!) / 100 }
      guard !lists.contains(where: { $0.id == numbers[0]! }) else { return nil }
      lists.append(
        LibraryList(
          id: numbers[0]!, frame: Rect(x: n[1], y: n[2], width: max(n[3], 1), height: max(n[4], 1)), top: n[5],
          left: n[6], right: n[7]))
      lists[lists.count - 1].name = name(after: 8)
    case UInt8(ascii: "I"):
      guard fields.count >= 2, let id = numbers[0], let height = numbers[1], id >= 0, height >= 0, !lists.isEmpty
      else { return nil }
      lists[lists.count - 1].rows.append(id)
      lists[lists.count - 1].heights.append(max(Double(height) / 100, 1))
      names[id] = name(after: 2)
    case UInt8(ascii: "A"):
      guard !lists.isEmpty else { return nil }
      var sources: Set<Int> = []
      for field in fields.dropFirst() where !field.isEmpty {
        guard let source = decimal(field) else { return nil }
        sources.insert(source)
      }
      lists[lists.count - 1].sources = sources
    case UInt8(ascii: "L"):
      guard fields.count >= 2, let limit = numbers[1], !lists.isEmpty else { return nil }
      lists[lists.count - 1].limit = max(limit, 0)
    case UInt8(ascii: "T"):
      guard fields.count >= 4, let ms = numbers[1], let mouse = numbers[2], let movement = numbers[3], !lists.isEmpty
      else { return nil }
      lists[lists.count - 1].pressDuration = Double(max(ms, 0)) / 1000
      lists[lists.count - 1].mouseWaits = mouse == 1
      lists[lists.count - 1].allowableMovement = Double(max(movement, 0)) / 100
    case UInt8(ascii: "O"):
      guard fields.count >= 3, let sorts = numbers[1], let asks = numbers[2], !lists.isEmpty else { return nil }
      lists[lists.count - 1].sorts = sorts == 1
      lists[lists.count - 1].asks = asks == 1
    case UInt8(ascii: "Y"):
      guard fields.count >= 3, let offset = numbers[1], let extra = numbers[2], !lists.isEmpty else { return nil }
      lists[lists.count - 1].offset = Double(max(offset, 0)) / 100
      lists[lists.count - 1].extra = Double(max(extra, 0)) / 100
    case UInt8(ascii: "M"):
      guard fields.count >= 2, let ms = numbers[1], !lists.isEmpty else { return nil }
      lists[lists.count - 1].reflow = Double(max(ms, 0)) / 1000
    default:
      return nil
    }
  }
  return (lists, names)
}

/// A board of measured lists; `nil` when the engine refuses them (an item in two lists).
func libraryBoard(_ lists: [LibraryList], names: [Int: String]) -> Board<Int, Int, Int>? {
  var columns: [Board<Int, Int, Int>.Column] = []
  var listNames: [Int: String] = [:]
  for list in lists {
    var snapshot = Snapshot<Int, Int>()
    guard (try? snapshot.appendSection(list.id, items: list.rows)) != nil else { return nil }
    let width = list.frame.width
    var sizes: [Int: Size] = [:]
    for (id, height) in zip(list.rows, list.heights) { sizes[id] = Size(width: width, height: height) }
    // The view is the list's visible part, scrolled by as much as the list's top is above it: the
    // engine draws only the visible rows, and its auto-scroll is the page's (which the page mirrors).
    let viewSize = Size(width: width, height: list.frame.height + list.extra)
    let layout = LayoutConfiguration.list(
      ListLayout.Configuration(
        width: width, height: viewSize.height, rowHeight: list.heights.first ?? 40,
        sectionInset: EdgeInsets(top: list.top, left: list.left, bottom: 0, right: list.right)))
    var view = CollectionView(snapshot: snapshot, layout: layout, viewSize: viewSize, mode: .dragDrop, itemSizes: sizes)
    view.longPress = LongPressRecognizer(
      minimumPressDuration: list.pressDuration, allowableMovement: list.allowableMovement,
      activationDistance: list.mouseWaits ? .infinity : 4)
    view.setContentOffset(Point(x: 0, y: list.offset), time: 0)
    if let reflow = list.reflow { view.reflowDuration = reflow }
    if !list.sorts || list.asks {
      let (sorts, asks, listID) = (list.sorts, list.asks, list.id)
      view.policy.targetPosition = { original, current, proposed in
        // `sort: false`: its own items keep their places (others may still come in).
        if !sorts, original.section == listID, proposed.section == listID { return original }
        guard asks, proposed != current else { return proposed }
        let same: Int32 = original.section == listID ? 1 : 0
        let index = hostMove(Int32(listID), Int32(proposed.index), Int32(current.index), same)
        guard index >= 0 else { return current }
        return PolicyPosition(section: proposed.section, parent: proposed.parent, index: Int(index))
      }
    }
    view.announcer.itemName = { names[$0].flatMap { $0.isEmpty ? nil : $0 } ?? "Item \($0)" }
    let listName = list.name.isEmpty ? "List \(list.id)" : list.name
    listNames[list.id] = listName
    view.announcer.sectionName = { _ in listName }
    columns.append(
      Board<Int, Int, Int>.Column(
        id: list.id, frame: list.frame, view: view,
        accepts: BoardAcceptance(sources: list.sources, limit: list.limit), header: nil, title: listName))
  }
  // Visible: the union of the lists' frames (the board's default), so that it never scrolls itself.
  guard var board = try? Board<Int, Int, Int>(columns: columns) else { return nil }
  board.viewName = { listNames[$0] ?? "List \($0)" }
  return board
}

/// Creates a board of the lists described in the input buffer (see ``libraryLists(_:)``); returns
/// its handle for the board's exports, or 0 when the description does not parse.
/// The board of the description in the first `length` bytes of the input buffer, or `nil`.
func libraryBoard(input length: Int32) -> Board<Int, Int, Int>? {
  guard length >= 0, Int(length) <= inputBuffer.capacity,
    let (lists, names) = libraryLists(UnsafeBufferPointer(start: inputBuffer.base, count: Int(length)))
  else { return nil }
  return libraryBoard(lists, names: names)
}

@_cdecl("rk_lib_create")
public func rk_lib_create(_ length: Int32) -> Int32 {
  guard let board = libraryBoard(input: length) else { return 0 }
  let size = board.visibleSize
  if let free = boards.firstIndex(where: { $0 == nil }) {
    boards[free] = WebBoard(board: board, outline: Outline(), size: size)
    return Int32(free + 1)
  }
  boards.append(WebBoard(board: board, outline: Outline(), size: size))
  return Int32(boards.count)
}

/// Measured again (a resize, an element added or removed): the same board's lists, rebuilt from a
/// new description while nothing is dragged, with their undo and redo history. Returns 1, or 0
/// when the description does not parse or a drag holds (the page measures again after the drop).
@_cdecl("rk_lib_update")
public func rk_lib_update(_ b: Int32, _ length: Int32) -> Int32 {
  let index = Int(b) - 1
  guard index >= 0, index < boards.count, let old = boards[index], !old.board.isDragging,
    var board = libraryBoard(input: length)
  else { return 0 }
  // The page's own change (an item added, an option set) keeps what undo and redo know: the
  // board's steps and each list's own, by identity (a step whose items are gone is skipped, as
  // after new data).
  board.history = old.board.history
  for i in board._columns.indices {
    guard let j = old.board.index(of: board._columns[i].id) else { continue }
    board._columns[i]._view.history = old.board._columns[j]._view.history
  }
  boards[index] = WebBoard(board: board, outline: Outline(), size: board.visibleSize)
  return 1
}

/// Forgets a board (`destroy()` of its last list).
@_cdecl("rk_lib_destroy")
public func rk_lib_destroy(_ b: Int32) {
  let index = Int(b) - 1
  if index >= 0, index < boards.count { boards[index] = nil }
}

/// A list the page moved (the page scrolled, or the layout around it changed): its visible part in
/// the viewport's coordinates, in CSS pixels, and how far its top is above it, while nothing is
/// dragged. The history is kept.
@_cdecl("rk_lib_place")
public func rk_lib_place(
  _ b: Int32, _ list: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ offset: Double,
  _ extra: Double
) {
  let index = Int(b) - 1
  guard index >= 0, index < boards.count, boards[index] != nil, x.isFinite, y.isFinite, width.isFinite,
    height.isFinite, offset.isFinite, extra.isFinite, extra >= 0, !boards[index]!.board.isDragging,
    let i = boards[index]!.board.index(of: Int(list))
  else { return }
  let frame = Rect(x: x, y: y, width: max(width, 1), height: max(height, 1))
  boards[index]!.board._columns[i].frame = frame
  boards[index]!.board.updateView(Int(list)) { view in
    view.setViewSize(Size(width: frame.width, height: frame.height + extra))
    view.setContentOffset(Point(x: 0, y: offset))
  }
  var right = 0.0
  var bottom = 0.0
  for column in boards[index]!.board.columns {
    right = max(right, column.frame.maxX)
    bottom = max(bottom, column.frame.maxY)
  }
  boards[index]!.board.visibleSize = Size(width: right, height: bottom)
}

/// How far a list's view is scrolled (its top above its frame): the engine's auto-scroll moves it
/// during a drag, and the page scrolls by as much.
@_cdecl("rk_lib_offset")
public func rk_lib_offset(_ b: Int32, _ list: Int32) -> Double {
  let offset = withBoard(b) { board -> Double in board.column(Int(list))?.view.contentOffset.y ?? 0 }
  return offset ?? 0
}

/// The page scrolled under a drag (a wheel, a finger elsewhere): the list's view scrolls by as much.
@_cdecl("rk_lib_scroll")
public func rk_lib_scroll(_ b: Int32, _ list: Int32, _ dy: Double, _ time: Double) {
  guard dy.isFinite else { return }
  performBoard(b) { $0.scroll(view: Int(list), by: Point(x: 0, y: dy), time: time) }
}
