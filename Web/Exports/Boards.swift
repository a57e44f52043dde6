// The Board scene: the engine's Board (columns of cards, cross-column drags, column moves, a
// limit per column) behind a handle of its own, with the desktop's geometry (BoardScene.swift).

/// A board behind a handle, with the events its calls returned since JavaScript last took them.
struct WebBoard {
  var board: Board<Int, Int, Int>
  var pending: [BoardEvent<Int, Int, Int>] = []
  /// The built-in data and the visible size, to build the board again in a saved order.
  let outline: Outline
  let size: Size
  /// The cards' order keys (each within its column) and the columns', once the page saves them
  /// (see BoardKeys.swift).
  var keys: [Int: OrderKey] = [:]
  var columnKeys: [Int: OrderKey] = [:]
  var hasKeys = false
  /// Keys changed since JavaScript last took the events: records to save.
  var pendingKeys: [KeyRecord] = []
  /// A viewer's shared board: it follows the server and takes no gesture (BoardShare.swift).
  var readOnly = false
  /// A shared board: its committed gestures are written out for the server (BoardShare.swift).
  var shared = false
}

/// The boards, by handle (index + 1).
nonisolated(unsafe) var boards: [WebBoard?] = []

/// The desktop's board geometry.
enum BoardGeometry {
  static let columnWidth = 260.0
  static let columnSpacing = 14.0
  static let headerHeight = 40.0
  static let inset = 10.0
  static let cardSpacing = 8.0
}

func performBoard(_ handle: Int32, _ body: (inout Board<Int, Int, Int>) -> [BoardEvent<Int, Int, Int>]) {
  let index = Int(handle) - 1
  guard index >= 0, index < boards.count, boards[index] != nil else { return }
  let events = body(&boards[index]!.board)
  boards[index]!.receive(events)
}

func withBoard<R>(_ handle: Int32, _ body: (Board<Int, Int, Int>) -> R) -> R? {
  let index = Int(handle) - 1
  guard index >= 0, index < boards.count, let board = boards[index]?.board else { return nil }
  return body(board)
}

/// Creates a board from an outline in the input buffer: one section a column (`S id title`), its
/// cards (`I id title`, `W id width height` for each card's size), `L id limit` for a column's
/// limit. Returns its handle, or 0 when the outline does not parse.
@_cdecl("rk_board_create")
public func rk_board_create(_ length: Int32, _ width: Double, _ height: Double) -> Int32 {
  guard width.isFinite, height.isFinite, length >= 0, Int(length) <= inputBuffer.capacity,
    let outline = Outline(UnsafeBufferPointer(start: inputBuffer.base, count: Int(length)))
  else { return 0 }
  let size = Size(width: width, height: height)
  var order: [(id: Int, items: [Int])] = []
  for section in outline.snapshot.sections { order.append((id: section.id, items: section.items)) }
  guard let board = makeBoard(outline, columns: order, size: size) else { return 0 }
  boards.append(WebBoard(board: board, outline: outline, size: size))
  return Int32(boards.count)
}

/// A board of an outline's columns and cards in the given order (the outline's, or a saved one),
/// with the desktop's geometry; `nil` when the engine refuses it.
func makeBoard(_ outline: Outline, columns order: [(id: Int, items: [Int])], size: Size) -> Board<Int, Int, Int>? {
  typealias G = BoardGeometry
  let columnHeight = max(size.height - G.headerHeight - 8, 1)
  var columns: [Board<Int, Int, Int>.Column] = []
  let names = outline.itemNames
  let titles = outline.sectionNames
  for (k, section) in order.enumerated() {
    let x = G.columnSpacing + Double(k) * (G.columnWidth + G.columnSpacing)
    var column = Snapshot<Int, Int>()
    guard (try? column.appendSection(section.id, items: section.items)) != nil else { return nil }
    let layout = LayoutConfiguration.list(
      ListLayout.Configuration(
        width: G.columnWidth, height: columnHeight, rowHeight: 44,
        sectionInset: EdgeInsets(top: 4 - G.cardSpacing / 2, left: G.inset, bottom: 12, right: G.inset)))
    var view = CollectionView(
      snapshot: column, layout: layout, viewSize: Size(width: G.columnWidth, height: columnHeight), mode: .dragDrop,
      itemSizes: outline.sizes)
    view.announcer.itemName = { names[$0] ?? "Card \($0)" }
    view.announcer.sectionName = { titles[$0] ?? "Column \($0)" }
    columns.append(
      Board<Int, Int, Int>.Column(
        id: section.id, frame: Rect(x: x, y: G.headerHeight + 8, width: G.columnWidth, height: columnHeight),
        view: view, accepts: BoardAcceptance(limit: outline.limits[section.id]),
        header: Rect(x: x, y: 6, width: G.columnWidth, height: G.headerHeight), title: titles[section.id]))
  }
  guard var board = try? Board<Int, Int, Int>(columns: columns, visibleSize: size) else { return nil }
  board.viewName = { titles[$0] ?? "Column \($0)" }
  return board
}

@_cdecl("rk_board_pointer_down")
public func rk_board_pointer_down(_ b: Int32, _ x: Double, _ y: Double, _ time: Double, _ kind: Int32) {
  guard !isReadOnly(b) else { return }
  performBoard(b) { $0.pointerDown(at: Point(x: x, y: y), time: time, pointer: pointerKind(kind)) }
}

@_cdecl("rk_board_pointer_move")
public func rk_board_pointer_move(_ b: Int32, _ x: Double, _ y: Double, _ time: Double) {
  performBoard(b) { $0.pointerMoved(to: Point(x: x, y: y), time: time) }
}

@_cdecl("rk_board_pointer_up")
public func rk_board_pointer_up(_ b: Int32, _ x: Double, _ y: Double, _ time: Double) {
  performBoard(b) { $0.pointerUp(at: Point(x: x, y: y), time: time) }
}

@_cdecl("rk_board_cancel")
public func rk_board_cancel(_ b: Int32, _ time: Double) {
  performBoard(b) { $0.cancelGesture(time: time) }
}

@_cdecl("rk_board_tick")
public func rk_board_tick(_ b: Int32, _ time: Double) {
  performBoard(b) { $0.tick(time: time) }
}

/// The wheel as the desktop's BoardPane takes it: sideways scrolls the board, up and down the
/// column under the pointer (or the board sideways where there is none).
@_cdecl("rk_board_scroll")
public func rk_board_scroll(_ b: Int32, _ dx: Double, _ dy: Double, _ x: Double, _ y: Double, _ time: Double) {
  performBoard(b) { board in
    if abs(dx) > abs(dy) { return board.scrollBoard(by: Point(x: dx, y: 0), time: time) }
    guard let id = board.viewID(at: Point(x: x, y: y)) else {
      return board.scrollBoard(by: Point(x: dy, y: 0), time: time)
    }
    return board.scroll(view: id, by: Point(x: 0, y: dy), time: time)
  }
}

@_cdecl("rk_board_key")
public func rk_board_key(_ b: Int32, _ code: Int32, _ time: Double) {
  guard let key = navigationKey(code), !(isReadOnly(b) && (code == 0 || code == 1)) else { return }
  performBoard(b) { $0.keyPressed(key, time: time) }
}

/// Ctrl+Z on the board: the engine's `Board.undo(time:)` takes the last gesture back, within a
/// column or across columns, or a column move.
@_cdecl("rk_board_undo")
public func rk_board_undo(_ b: Int32, _ time: Double) {
  guard !isReadOnly(b) else { return }
  performBoard(b) { $0.undo(time: time) }
}

/// Ctrl+Shift+Z on the board: `Board.redo(time:)`.
@_cdecl("rk_board_redo")
public func rk_board_redo(_ b: Int32, _ time: Double) {
  guard !isReadOnly(b) else { return }
  performBoard(b) { $0.redo(time: time) }
}

@_cdecl("rk_board_focus")
public func rk_board_focus(_ b: Int32, _ id: Int32, _ time: Double) {
  performBoard(b) { $0.focus(id > 0 ? Int(id) : nil, time: time) }
}

/// The card with the keyboard focus, or 0.
@_cdecl("rk_board_focused")
public func rk_board_focused(_ b: Int32) -> Int32 {
  let focused = withBoard(b) { board -> Int? in
    // Mid-drag the lifted item holds the focus, in whichever view carries it now.
    if board.isDragging, let lead = board.draggedItems.first { return lead }
    guard let view = board.focusedView, let column = board.column(view) else { return nil }
    return column.view.focusedItem
  }
  return Int32(truncatingIfNeeded: (focused ?? nil) ?? 0)
}

@_cdecl("rk_board_is_dragging")
public func rk_board_is_dragging(_ b: Int32) -> Int32 { withBoard(b) { $0.isDragging } == true ? 1 : 0 }

/// The accessibility actions on a card ("Move up" … "Move to Doing"): their names, a line each,
/// in the text buffer; returns how many.
@_cdecl("rk_board_actions")
public func rk_board_actions(_ b: Int32, _ id: Int32) -> Int32 {
  textBuffer.count = 0
  guard !isReadOnly(b),
    let (actions, names) = withBoard(
      b,
      { board in
        let actions = board.accessibilityActions(for: Int(id))
        return (actions, actions.map { board.accessibilityName(of: $0) })
      })
  else { return 0 }
  for name in names {
    for byte in name.utf8 { textBuffer.append(byte) }
    textBuffer.append(UInt8(ascii: "\n"))
  }
  return Int32(actions.count)
}

/// Performs the `index`-th of the card's accessibility actions (as ``rk_board_actions(_:_:)`` lists them).
@_cdecl("rk_board_perform_action")
public func rk_board_perform_action(_ b: Int32, _ id: Int32, _ index: Int32, _ time: Double) {
  performBoard(b) { board in
    let actions = board.accessibilityActions(for: Int(id))
    guard index >= 0, Int(index) < actions.count else { return [] }
    return board.performAccessibilityAction(actions[Int(index)], on: Int(id), time: time)
  }
}

/// Writes the board at `time` into the render buffer: a header of 8 values (columns, content
/// offset x and y, animating, floating card id or -1, its frame x, y, width, height), then per
/// column 11 values (id, frame x, y, w, h, header x, y, w, h, state bits: 1 moving, 2 refusing,
/// 4 destination; element count) and its elements (``renderStride`` each, in column coordinates).
/// Frames are the board's, before its content offset. Returns the number of columns.
@_cdecl("rk_board_render")
public func rk_board_render(_ b: Int32, _ time: Double) -> Int32 {
  guard let board = withBoard(b, { $0 }) else { return 0 }
  renderBuffer.count = 0
  let floating = board.floatingFrame
  let lead = board.draggedItems.first ?? -1
  var animating = board.isDragging
  var lists: [RenderList<Int, Int>] = []
  for column in board.columns {
    let list = column.view.renderList(at: time)
    animating = animating || list.isAnimating
    lists.append(list)
  }
  for value in [
    Double(board.columns.count), board.contentOffset.x, board.contentOffset.y, animating ? 1 : 0,
    floating == nil ? -1 : Double(lead), floating?.minX ?? 0, floating?.minY ?? 0, floating?.width ?? 0,
    floating?.height ?? 0,
  ] { renderBuffer.append(value) }
  for (column, list) in zip(board.columns, lists) {
    var state = 0.0
    if board.movingColumn == column.id { state += 1 }
    if board.refusingView == column.id { state += 2 }
    if board.destinationView == column.id { state += 4 }
    let f = column.frame
    let h = column.header ?? Rect(x: f.minX, y: f.minY, width: 0, height: 0)
    for value in [
      Double(column.id), f.minX, f.minY, f.width, f.height, h.minX, h.minY, h.width, h.height, state,
      Double(list.elements.count),
    ] { renderBuffer.append(value) }
    appendElements(list)
  }
  return Int32(board.columns.count)
}

/// Moves the board's events into the event buffer (as ``rk_take_events(_:)``; a refused drop is a
/// `refused` record naming the column) and the new order keys (`key` records, as a view's).
@_cdecl("rk_board_take_events")
public func rk_board_take_events(_ b: Int32) -> Int32 {
  let index = Int(b) - 1
  eventBuffer.count = 0
  textBuffer.count = 0
  guard index >= 0, index < boards.count, let pending = boards[index]?.pending, let keys = boards[index]?.pendingKeys
  else { return 0 }
  boards[index]!.pending = []
  boards[index]!.pendingKeys = []
  for event in pending {
    switch event {
    // New data the page applied (the shared board's server): not the user's change.
    case .view(_, .changed(.replaced)): recordEvent(.changed, -2)
    case .view(_, let viewEvent): appendEvent(viewEvent)
    case .refused(let column): recordEvent(.refused, column)
    case .columnMoved(let column, _, _): recordEvent(.changed, column)
    case .moved: break
    }
  }
  for saved in keys {
    let start = textBuffer.count
    appendRecord(saved)
    recordEvent(.key, saved.id, start, textBuffer.count - start - 1)
  }
  if let board = boards[index], board.shared { appendCommits(pending, board: board.board) }
  return Int32(eventBuffer.count / 4)
}

/// Writes the board's data as an outline (`S column` then `I card` lines) into the text buffer.
@_cdecl("rk_board_outline")
public func rk_board_outline(_ b: Int32) -> Int32 {
  textBuffer.count = 0
  guard let board = withBoard(b, { $0 }) else { return 0 }
  for column in board.columns {
    for byte in "S \(column.id)\n".utf8 { textBuffer.append(byte) }
    for id in column.view.snapshot.items(inSection: 0) {
      for byte in "I \(id)\n".utf8 { textBuffer.append(byte) }
    }
  }
  return Int32(textBuffer.count)
}
