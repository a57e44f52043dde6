// The Board shared through reorder-server (DESIGN "The board server"): the page turns the
// server's messages into the calls below and the board's committed gestures into `commit`s. What a
// difference by identity does to the board's data (cards moved before a card or to a column's end,
// columns moved, rows deleted) is decided here, on the engine's data, never in JavaScript.

extension WebBoard {
  /// The columns and their cards as the board stands now.
  var order: [(id: Int, items: [Int])] {
    board.columns.map { (id: $0.id, items: $0.view.snapshot.items(inSection: 0)) }
  }

  /// Takes the board to `order` once no drag holds (returns false meanwhile: the page calls again
  /// after the drop): each column whose cards changed gets its new data through its view's one
  /// door for new data (`CollectionView.apply`, animated, its badge fading in when the count
  /// changed), as `Board.apply` does when idle; new, gone or reordered columns build the board again.
  mutating func show(_ order: [(id: Int, items: [Int])], time: Double) -> Bool {
    guard !board.isDragging, board.movingColumn == nil else { return false }
    if order.map({ $0.id }) != board.columns.map({ $0.id }) {
      guard let rebuilt = makeBoard(outline, columns: order, size: size) else { return true }
      board = rebuilt
      pending.append(
        .view(order.first?.id ?? 0, .changed(.replaced(old: Snapshot(), new: Snapshot(), content: ContentChanges()))))
      return true
    }
    let sizes = outline.sizes
    for (column, now) in zip(order, self.order) where column.items != now.items {
      var data = Snapshot<Int, Int>()
      guard (try? data.appendSection(column.id, items: column.items)) != nil else { continue }
      let counted = column.items.count != now.items.count
      board.updateView(column.id) { view in
        _ = try? view.apply(data, itemSizes: sizes, sectionContentChanged: { _ in counted }, time: time)
      }
    }
    return true
  }
}

/// The difference by identity a line of the input names, applied to `order` (DESIGN's `moveCards`
/// and `moveColumns`, and the server's `deleteItems`):
///
/// ```
/// M 3 7 12 13     cards 12 and 13 into column 3 before card 7 (0: at the column's end)
/// K 2 5           column 5 before column 2 (0: at the end)
/// D 12            card 12 gone;  E 5: column 5 gone
/// ```
/// A column that is not there leaves the cards where they stand; a `before` that is not in the
/// column puts them at its end.
func applyLine(_ fields: [Int], kind: UInt8, to order: inout [(id: Int, items: [Int])]) {
  switch kind {
  case UInt8(ascii: "M"):
    guard fields.count >= 3, let target = order.firstIndex(where: { $0.id == fields[0] }) else { return }
    let moved = Array(fields[2...])
    for k in order.indices { order[k].items.removeAll { moved.contains($0) } }
    let at = order[target].items.firstIndex(of: fields[1]) ?? order[target].items.endIndex
    order[target].items.insert(contentsOf: moved, at: at)
  case UInt8(ascii: "K"):
    guard fields.count >= 2 else { return }
    let ids = Array(fields[1...])
    let moved = ids.compactMap { id in order.first { $0.id == id } }
    order.removeAll { ids.contains($0.id) }
    let at = order.firstIndex { $0.id == fields[0] } ?? order.endIndex
    order.insert(contentsOf: moved, at: at)
  case UInt8(ascii: "D"):
    for k in order.indices { order[k].items.removeAll { fields.contains($0) } }
  case UInt8(ascii: "E"):
    order.removeAll { fields.contains($0.id) }
  default:
    return
  }
}

/// Shows the server's board, or changes to it: `length` bytes of the input buffer, either a whole
/// board (`S column` lines, each followed by its `I card` lines) or changes (`M`, `K`, `D`, `E`
/// lines, see ``applyLine(_:kind:to:)``), or both (a board, then changes on it). Returns 0 when
/// shown, 1 for input it cannot read, 2 when the columns change during a drag (call again later).
@_cdecl("rk_board_share_apply")
public func rk_board_share_apply(_ b: Int32, _ length: Int32, _ time: Double) -> Int32 {
  let index = Int(b) - 1
  guard index >= 0, index < boards.count, boards[index] != nil, length >= 0, Int(length) <= inputBuffer.capacity
  else { return 1 }
  var order = boards[index]!.order
  var whole: [(id: Int, items: [Int])] = []
  var hasWhole = false
  for line in UnsafeBufferPointer(start: inputBuffer.base, count: Int(length)).split(separator: UInt8(ascii: "\n")) {
    let words = line.split(separator: UInt8(ascii: " "))
    guard let kind = words.first?.first, words[0].count == 1 else { return 1 }
    var fields: [Int] = []
    for word in words.dropFirst() {
      guard let value = decimal(word) else { return 1 }
      fields.append(value)
    }
    switch kind {
    case UInt8(ascii: "S"):
      guard fields.count == 1 else { return 1 }
      if !hasWhole { order = [] }
      hasWhole = true
      whole.append((id: fields[0], items: []))
      order = whole
    case UInt8(ascii: "I"):
      guard hasWhole, fields.count == 1, !whole.isEmpty else { return 1 }
      whole[whole.count - 1].items.append(fields[0])
      order = whole
    default:
      if hasWhole {
        whole = []
        hasWhole = false
      }
      applyLine(fields, kind: kind, to: &order)
    }
  }
  return boards[index]!.show(order, time: time) ? 0 : 2
}

/// Makes a board shared (`role` 1, an editor's: its committed gestures are written out as
/// `commitCards` and `commitColumn` records) or a viewer's (2: it follows the server and takes no
/// gesture: no lift by pointer or keyboard, no undo, no accessibility moves); 0 is a local board.
@_cdecl("rk_board_set_shared")
public func rk_board_set_shared(_ b: Int32, _ role: Int32) {
  let index = Int(b) - 1
  guard index >= 0, index < boards.count, boards[index] != nil else { return }
  boards[index]!.shared = role != 0
  boards[index]!.readOnly = role == 2
}

func isReadOnly(_ b: Int32) -> Bool {
  let index = Int(b) - 1
  return index >= 0 && index < boards.count && boards[index]?.readOnly == true
}

/// Writes the gestures the user committed among `events` for the server, a record each:
/// `commitCards` (the destination column; its text `before item item…`, before 0 for the column's
/// end) and `commitColumn` (the column; its text `before`, 0 for the end), as the board stands now.
func appendCommits(_ events: [BoardEvent<Int, Int, Int>], board: Board<Int, Int, Int>) {
  var columns: [Int] = []
  for event in events {
    switch event {
    case .view(let column, .changed(.moved(let difference))) where difference.parent == nil:
      let start = textBuffer.count
      var words = [difference.before ?? 0]
      words += difference.items
      appendWords(words)
      recordEvent(.commitCards, column, start, textBuffer.count - start)
    case .columnMoved(let column, _, _) where !columns.contains(column):
      columns.append(column)
    default:
      continue
    }
  }
  let ids = board.columns.map { $0.id }
  for column in columns {
    guard let at = ids.firstIndex(of: column) else { continue }
    let start = textBuffer.count
    appendWords([at + 1 < ids.count ? ids[at + 1] : 0])
    recordEvent(.commitColumn, column, start, textBuffer.count - start)
  }
}

func appendWords(_ words: [Int]) {
  for (k, word) in words.enumerated() {
    if k > 0 { textBuffer.append(UInt8(ascii: " ")) }
    for byte in "\(word)".utf8 { textBuffer.append(byte) }
  }
}
