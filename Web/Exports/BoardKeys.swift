// The Board saved in the page's IndexedDB, as a view's items are (OrderKeys.swift): one record per
// card with its column and its order key within the column, one record per column with its order
// key among the columns (a negative id: column 3 is record -3, so that cards and columns share a
// store), and after a move only the records it changed (the moved cards, or the moved column, and
// the few neighbours a rebalance respreads). The page stores the records; the keys, their order and
// their validation are the engine's.

extension WebBoard {
  /// Keeps the events of an engine call for JavaScript and gives what moved new order keys: cards
  /// that landed in a column (a drag within it or from another, the keyboard, an action, undo and
  /// redo alike: the board reports each as the destination's `.changed(.moved)`), and moved columns.
  mutating func receive(_ events: [BoardEvent<Int, Int, Int>]) {
    pending += events
    guard hasKeys else { return }
    for event in events {
      switch event {
      case .view(let column, .changed(.moved(let difference))):
        guard let first = difference.items.first, let view = board.column(column)?.view,
          let at = view.snapshot.position(of: first)?.index
        else { continue }
        let items = view.snapshot.items(inSection: 0)
        guard let placed = keysForMoved(difference.items, at: at, in: items, keys: keys) else { continue }
        for (id, key) in placed {
          keys[id] = key
          pendingKeys.append(KeyRecord(id: id, section: column, key: key))
        }
      case .columnMoved(let column, _, _):
        let order = board.columns.map { $0.id }
        guard let at = order.firstIndex(of: column),
          let placed = keysForMoved([column], at: at, in: order, keys: columnKeys)
        else { continue }
        for (id, key) in placed {
          columnKeys[id] = key
          pendingKeys.append(KeyRecord(id: -id, section: 0, key: key))
        }
      default:
        continue
      }
    }
  }

  /// Keys for every card and column as the board stands (the built-in order): returns the records.
  mutating func assignInitialKeys() -> [KeyRecord] {
    var records: [KeyRecord] = []
    keys = [:]
    columnKeys = [:]
    let columns = board.columns
    guard let forColumns = try? OrderKey.keys(count: columns.count, between: nil, nil) else { return [] }
    for (column, columnKey) in zip(columns, forColumns) {
      columnKeys[column.id] = columnKey
      records.append(KeyRecord(id: -column.id, section: 0, key: columnKey))
      let cards = column.view.snapshot.items(inSection: 0)
      guard let forCards = try? OrderKey.keys(count: cards.count, between: nil, nil) else { continue }
      for (card, key) in zip(cards, forCards) {
        keys[card] = key
        records.append(KeyRecord(id: card, section: column.id, key: key))
      }
    }
    hasKeys = true
    return records
  }

  /// Builds the board again in the order saved records give: the columns by their keys, each
  /// column's cards by theirs. The records must name every column once (`-id 0 key`) and every card
  /// once (`id column key`, a column that exists), with valid keys; anything else changes nothing
  /// and returns why.
  mutating func restore(_ records: [(id: Int, section: Int, key: String)]) -> RestoreError? {
    var columnIDs: Set<Int> = []
    var cardIDs: Set<Int> = []
    for section in outline.snapshot.sections {
      columnIDs.insert(section.id)
      for id in section.items { cardIDs.insert(id) }
    }
    guard records.count == columnIDs.count + cardIDs.count else { return .itemsDiffer }
    var restoredColumns: [Int: OrderKey] = [:]
    var restoredCards: [Int: OrderKey] = [:]
    var cardsOf: [Int: [(id: Int, key: OrderKey)]] = [:]
    var columnOrder: [(id: Int, key: OrderKey)] = []
    for record in records {
      guard let key = try? OrderKey(record.key) else { return .badKey }
      if record.id < 0 {
        let column = -record.id
        guard columnIDs.contains(column), restoredColumns[column] == nil else { return .itemsDiffer }
        restoredColumns[column] = key
        columnOrder.append((id: column, key: key))
      } else {
        guard cardIDs.contains(record.id), restoredCards[record.id] == nil, columnIDs.contains(record.section) else {
          return .itemsDiffer
        }
        restoredCards[record.id] = key
        cardsOf[record.section, default: []].append((id: record.id, key: key))
      }
    }
    func sorted(_ run: [(id: Int, key: OrderKey)]) -> [Int]? {
      let run = run.sorted { $0.key < $1.key }
      for i in run.indices.dropFirst() where run[i - 1].key == run[i].key { return nil }
      return run.map { $0.id }
    }
    guard let columns = sorted(columnOrder) else { return .badKey }
    var order: [(id: Int, items: [Int])] = []
    for column in columns {
      guard let cards = sorted(cardsOf[column] ?? []) else { return .badKey }
      order.append((id: column, items: cards))
    }
    // The engine refuses a board it cannot build (a column twice, a card twice).
    guard let rebuilt = makeBoard(outline, columns: order, size: size) else { return .itemsDiffer }
    board = rebuilt
    pending = []
    keys = restoredCards
    columnKeys = restoredColumns
    hasKeys = true
    return nil
  }
}

/// Restores a board from saved records: `length` bytes of the input buffer, one record a line,
/// `id column key` for a card and `-column 0 key` for a column. Returns 0 when restored, else a
/// ``RestoreError`` code (nothing changes then).
@_cdecl("rk_board_restore")
public func rk_board_restore(_ b: Int32, _ length: Int32) -> Int32 {
  let index = Int(b) - 1
  guard index >= 0, index < boards.count, boards[index] != nil, length >= 0, Int(length) <= inputBuffer.capacity
  else { return RestoreError.malformed.rawValue }
  var records: [(id: Int, section: Int, key: String)] = []
  for line in UnsafeBufferPointer(start: inputBuffer.base, count: Int(length)).split(separator: UInt8(ascii: "\n")) {
    let fields = line.split(separator: UInt8(ascii: " "))
    guard fields.count == 3, let section = decimal(fields[1]) else { return RestoreError.malformed.rawValue }
    let negative = fields[0].first == UInt8(ascii: "-")
    guard let magnitude = decimal(negative ? fields[0].dropFirst() : fields[0][...]) else {
      return RestoreError.malformed.rawValue
    }
    let key = String(decoding: fields[2], as: UTF8.self)
    records.append((id: negative ? -magnitude : magnitude, section: section, key: key))
  }
  return boards[index]!.restore(records)?.rawValue ?? 0
}

/// Gives every card and column a key in the order they have now (a first run, or `&reset`) and
/// writes the records, `id column key` and `-column 0 key` a line, into the text buffer; returns
/// their length in bytes.
@_cdecl("rk_board_initial_keys")
public func rk_board_initial_keys(_ b: Int32) -> Int32 {
  let index = Int(b) - 1
  textBuffer.count = 0
  guard index >= 0, index < boards.count, boards[index] != nil else { return 0 }
  for record in boards[index]!.assignInitialKeys() { appendRecord(record) }
  return Int32(textBuffer.count)
}
