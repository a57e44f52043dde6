// Saved state for the page's IndexedDB, as the desktop saves SQLite rows: one record per item with
// its order key (the engine's `OrderKey`), one record per moved item when a move is committed
// (plus the few neighbours a rebalance respreads). The page stores the records; the keys, their
// order and their validation are the engine's.

extension WebView {
  /// Keys for every item of the data as it is (the built-in order): returns the records.
  mutating func assignInitialKeys() -> [KeyRecord] {
    var records: [KeyRecord] = []
    keys = [:]
    for (s, section) in view.snapshot.sections.enumerated() {
      guard let sectionKeys = try? OrderKey.keys(count: section.items.count, between: nil, nil) else { continue }
      for (id, key) in zip(section.items, sectionKeys) {
        keys[id] = key
        records.append(KeyRecord(id: id, section: s, key: key))
        // A folder's children: keys of their own, in their folder.
        guard view.snapshot.isGroup(id) else { continue }
        let children = view.snapshot.children(of: id)
        guard let childKeys = try? OrderKey.keys(count: children.count, between: nil, nil) else { continue }
        for (child, childKey) in zip(children, childKeys) {
          keys[child] = childKey
          records.append(KeyRecord(id: child, section: s, key: childKey, parent: id))
        }
      }
    }
    hasKeys = true
    return records
  }

  /// The new keys of a committed move (a gesture, an undo or a redo): the moved items and any
  /// respread neighbours (see ``keysForMoved(_:at:in:keys:)``).
  ///
  /// The keys come from the engine's `OrderKey.keys(forMoving:before:in:outside:maximumLength:)`,
  /// as on the desktop.
  mutating func keysForMove(_ difference: ReorderDifference<Int, Int>) {
    guard hasKeys, let first = difference.items.first,
      let s = view.snapshot.sectionIndex(of: difference.section), let at = view.snapshot.position(of: first)?.index
    else { return }
    // The container the items landed in: their section's top level, or a folder.
    let items = difference.parent.map { view.snapshot.children(of: $0) } ?? view.snapshot.items(inSection: s)
    guard let placed = keysForMoved(difference.items, at: at, in: items, keys: keys) else { return }
    for (id, key) in placed {
      keys[id] = key
      pendingKeys.append(KeyRecord(id: id, section: s, key: key, parent: difference.parent))
    }
  }

  /// Puts the items in the order their saved keys give, section by section (no animation). The
  /// records must name every item of the view once, in a section that exists, with a valid key;
  /// anything else changes nothing and returns why.
  mutating func restore(_ records: [(id: Int, section: Int, key: String, parent: Int?)]) -> RestoreError? {
    let built = view.snapshot
    // Every item once: the sections' items and the folders' children (folders stay folders, open
    // or closed as built; which children each holds is the records').
    var known: Set<Int> = []
    for section in built.sections {
      for id in section.items {
        known.insert(id)
        if built.isGroup(id) { for child in built.children(of: id) { known.insert(child) } }
      }
    }
    guard records.count == known.count else { return .itemsDiffer }
    var restored: [Int: OrderKey] = [:]
    var top: [[(id: Int, key: OrderKey)]] = Array(repeating: [], count: built.numberOfSections)
    var inside: [Int: [(id: Int, key: OrderKey)]] = [:]
    var sectionOf: [Int: Int] = [:]
    for record in records {
      guard known.contains(record.id), restored[record.id] == nil, record.section >= 0,
        record.section < built.numberOfSections
      else { return .itemsDiffer }
      guard let key = try? OrderKey(record.key) else { return .badKey }
      restored[record.id] = key
      sectionOf[record.id] = record.section
      if let parent = record.parent {
        // Only a folder holds children, and a folder is never inside another.
        guard built.isGroup(parent), !built.isGroup(record.id) else { return .itemsDiffer }
        inside[parent, default: []].append((id: record.id, key: key))
      } else {
        top[record.section].append((id: record.id, key: key))
      }
    }
    func sorted(_ run: [(id: Int, key: OrderKey)]) -> [Int]? {
      let run = run.sorted { $0.key < $1.key }
      for i in run.indices.dropFirst() where run[i - 1].key == run[i].key { return nil }
      return run.map { $0.id }
    }
    var snapshot = Snapshot<Int, Int>()
    for (s, section) in built.sections.enumerated() {
      guard let items = sorted(top[s]), (try? snapshot.appendSection(section.id)) != nil else { return .badKey }
      for id in items {
        if built.isGroup(id) {
          guard let children = sorted(inside[id] ?? []) else { return .badKey }
          for child in children where sectionOf[child] != s { return .itemsDiffer }
          guard
            (try? snapshot.appendGroup(id, children: children, expanded: built.isExpanded(id), toSection: section.id))
              != nil
          else { return .itemsDiffer }
        } else {
          guard (try? snapshot.appendItem(id, toSection: section.id)) != nil else { return .itemsDiffer }
        }
      }
    }
    // Children of a folder that is not at the top level of any section: not all placed.
    var placed = 0
    for section in snapshot.sections {
      for id in section.items { placed += 1 + (snapshot.isGroup(id) ? snapshot.children(of: id).count : 0) }
    }
    guard placed == known.count else { return .itemsDiffer }
    // Restored before the first frame: a view of the saved order with the same settings.
    var restoredView = CollectionView(
      snapshot: snapshot, layout: view.layoutConfiguration, viewSize: view.viewSize, mode: view.mode,
      itemSizes: view.itemSizes)
    restoredView.announcer = view.announcer
    restoredView.policy = view.policy
    restoredView.longPress = view.longPress
    restoredView.reflowDuration = view.reflowDuration
    view = restoredView
    keys = restored
    hasKeys = true
    return nil
  }
}

/// The new keys when the items `moved` stand together from index `at` of a container's `items`
/// (as they are after the move), the others keeping their keys and order: the moved items' keys
/// and those of any respread neighbours, from the engine's
/// `OrderKey.keys(forMoving:before:in:outside:maximumLength:)`. `nil` when the items do not stand
/// there or another item has no key.
func keysForMoved(_ moved: [Int], at: Int, in items: [Int], keys: [Int: OrderKey]) -> [(Int, OrderKey)]? {
  let k = moved.count
  guard k > 0, at >= 0, at + k <= items.count, Array(items[at..<at + k]) == moved else { return nil }
  // The container in key order: the others, which keep their keys (the engine skips moved items).
  var container: [(id: Int, key: OrderKey)] = []
  container.reserveCapacity(items.count - k)
  for (j, id) in items.enumerated() where j < at || j >= at + k {
    guard let key = keys[id] else { return nil }
    container.append((id: id, key: key))
  }
  let before = at + k < items.count ? items[at + k] : nil
  guard let placement = try? OrderKey.keys(forMoving: moved, before: before, in: container) else { return nil }
  return placement.rebalanced.map { ($0.id, $0.key) } + placement.moved.map { ($0.id, $0.key) }
}

/// One saved record: an item, the index of its section, its order key, the folder it is in (if any).
struct KeyRecord {
  var id: Int
  var section: Int
  var key: OrderKey
  var parent: Int? = nil
}

/// Why saved records were not restored.
enum RestoreError: Int32 {
  case malformed = 1
  case itemsDiffer = 2
  case badKey = 3
}

nonisolated(unsafe) var inputBuffer = GrowingBuffer<UInt8>(capacity: 1024)

/// Makes room for `length` bytes of input and returns their address (the page writes the saved
/// records there for ``rk_restore(_:_:)``).
@_cdecl("rk_input_buffer")
public func rk_input_buffer(_ length: Int32) -> Int32 {
  inputBuffer.count = 0
  inputBuffer.reserve(max(Int(length), 1))
  return inputBuffer.address
}

/// Restores the order of saved records: `length` bytes of the input buffer, one record a line,
/// `id section key` separated by spaces, and the folder's id after them for a folder's child. Returns 0 when restored, else a ``RestoreError`` code
/// (nothing changes then).
@_cdecl("rk_restore")
public func rk_restore(_ h: Int32, _ length: Int32) -> Int32 {
  let index = Int(h) - 1
  guard index >= 0, index < views.count, views[index] != nil, length >= 0, Int(length) <= inputBuffer.capacity else {
    return RestoreError.malformed.rawValue
  }
  var records: [(id: Int, section: Int, key: String, parent: Int?)] = []
  for line in UnsafeBufferPointer(start: inputBuffer.base, count: Int(length)).split(separator: UInt8(ascii: "\n")) {
    let fields = line.split(separator: UInt8(ascii: " "))
    guard fields.count == 3 || fields.count == 4, let id = decimal(fields[0]), let section = decimal(fields[1]) else {
      return RestoreError.malformed.rawValue
    }
    var parent: Int?
    if fields.count == 4 {
      guard let p = decimal(fields[3]) else { return RestoreError.malformed.rawValue }
      parent = p
    }
    records.append((id: id, section: section, key: String(decoding: fields[2], as: UTF8.self), parent: parent))
  }
  return views[index]!.restore(records)?.rawValue ?? 0
}

/// Gives every item a key in the order it has now (a first run, or `&reset`) and writes the
/// records, `id section key` a line, into the text buffer; returns their length in bytes.
@_cdecl("rk_initial_keys")
public func rk_initial_keys(_ h: Int32) -> Int32 {
  let index = Int(h) - 1
  textBuffer.count = 0
  guard index >= 0, index < views.count, views[index] != nil else { return 0 }
  for record in views[index]!.assignInitialKeys() { appendRecord(record) }
  return Int32(textBuffer.count)
}

/// Writes `id section key\n` (or `id section key parent\n` for a folder's child) into the text buffer.
func appendRecord(_ record: KeyRecord) {
  let parent = record.parent.map { " \($0)" } ?? ""
  for byte in "\(record.id) \(record.section) \(record.key.rawValue)\(parent)\n".utf8 { textBuffer.append(byte) }
}

/// A non-negative decimal number of at most 9 digits, or `nil`.
func decimal<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
  guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
  var value = 0
  for byte in bytes {
    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
    value = value * 10 + Int(byte - UInt8(ascii: "0"))
  }
  return value
}
