/// The keys a committed move writes: one per moved item, plus the few neighbours rebalanced when
/// the gap had grown too narrow for a short key.
///
/// ```swift
/// let placement = try OrderKey.keys(forMoving: ["c"], before: "a", in: container)
/// for (id, key) in placement.moved + placement.rebalanced { save(id, key) }
/// ```
public struct OrderKeyPlacement<ItemID: Hashable> {
  /// The moved items, in order, with their new keys.
  public var moved: [(id: ItemID, key: OrderKey)]
  /// Neighbours whose keys were respread to make room (usually none).
  public var rebalanced: [(id: ItemID, key: OrderKey)]
}

extension OrderKeyPlacement: Sendable where ItemID: Sendable {}

extension OrderKey {
  /// The new keys of a committed move, described by identity as a collection view reports it: the
  /// moved items (in order) now stand in `section`, in the group `parent` (or at the top level), before
  /// the item `before` (or at the end). `container` gives the keys of a container in key order; it is
  /// asked for the destination only.
  ///
  /// ```swift
  /// // The difference {items: ["x"], section: "S0", parent: nil, before: "b"}:
  /// let placement = try OrderKey.keys(
  ///   forMoving: ["x"], section: "S0", parent: nil as String?, before: "b",
  ///   container: { section, parent in store.keys(section, parent) })
  /// ```
  /// - Throws: ``OrderKeyError`` as ``keys(forMoving:before:in:outside:maximumLength:)`` does.
  public static func keys<SectionID, ItemID: Hashable, Container: RandomAccessCollection>(
    forMoving items: [ItemID], section: SectionID, parent: ItemID?, before: ItemID?,
    container: (_ section: SectionID, _ parent: ItemID?) -> Container,
    maximumLength: Int = OrderKey.maximumLength
  ) throws(OrderKeyError) -> OrderKeyPlacement<ItemID> where Container.Element == (id: ItemID, key: OrderKey) {
    try keys(forMoving: items, before: before, in: container(section, parent), maximumLength: maximumLength)
  }

  /// The new keys of the moved items, in order, standing before `before` (or at the end) in a
  /// container whose current items and keys are given in key order.
  ///
  /// Moved items already in the container are skipped when the gap is found (a move within the
  /// container). The keys are spread evenly in the gap. When they would grow past `maximumLength`,
  /// 1, 2, 4, … neighbours on each side are respread with them until they fit: a few rows, never the
  /// whole list while the keys around have room.
  ///
  /// `container` may also be a run of consecutive items of a longer container that holds the gap;
  /// `outside` then gives the keys just below and above the run, which are never changed.
  ///
  /// ```swift
  /// let container: [(id: String, key: OrderKey)] = [("a", try OrderKey("F")), ("b", try OrderKey("V"))]
  /// let placement = try OrderKey.keys(forMoving: ["b"], before: "a", in: container)
  /// placement.moved   // [("b", "7")]: b now sorts before a
  /// ```
  /// - Throws: ``OrderKeyError`` when `items` is empty or names an item twice, when `before` is one of
  ///   the items or is not in the container, or when the keys around the gap are not ascending.
  /// - Complexity: O(n) to find the gap, n the length of `container`, plus O(m · k) for m keys of
  ///   length k.
  public static func keys<ItemID: Hashable, Container: RandomAccessCollection>(
    forMoving items: [ItemID], before: ItemID?, in container: Container,
    outside: (lower: OrderKey?, upper: OrderKey?) = (nil, nil),
    maximumLength: Int = OrderKey.maximumLength
  ) throws(OrderKeyError) -> OrderKeyPlacement<ItemID> where Container.Element == (id: ItemID, key: OrderKey) {
    guard !items.isEmpty else { throw OrderKeyError(.noItems) }
    var moving = Set<ItemID>(minimumCapacity: items.count)
    for id in items where !moving.insert(id).inserted { throw OrderKeyError(.duplicateItem("\(id)")) }
    if let before, moving.contains(before) { throw OrderKeyError(.beforeIsMoved("\(before)")) }
    // The container without the moved items, by index.
    var rest: [Container.Index] = []
    rest.reserveCapacity(container.count)
    var gap: Int? = before == nil ? nil : -1
    for i in container.indices where !moving.contains(container[i].id) {
      if gap == -1, container[i].id == before { gap = rest.count }
      rest.append(i)
    }
    let g = gap ?? rest.count
    guard g >= 0 else { throw OrderKeyError(.unknownItem("\(before!)")) }
    // Widen the respread run until the keys fit, or until it reaches both ends. A rebalance aims
    // lower than the limit (three quarters of it), so the gap has room for the next moves into it.
    var radius = 0
    var fitting: OrderKeyPlacement<ItemID>?
    while true {
      let left = min(radius, g)
      let right = min(radius, rest.count - g)
      let lower = g - left > 0 ? container[rest[g - left - 1]].key : outside.lower
      let upper = g + right < rest.count ? container[rest[g + right]].key : outside.upper
      let run = (g - left..<g + right).map { container[rest[$0]].key }
      // Each key above the one before it, from `lower` to `upper` (one key at a time: an array of
      // optional keys built from `run` would be a cast, which Embedded Swift does not compile).
      var previous = lower
      for key in run {
        try checkOrder(previous, key)
        previous = key
      }
      try checkOrder(previous, upper)
      let keys = try Self.keys(count: left + items.count + right, between: lower, upper)
      let longest = keys.map { $0.count }.max() ?? 0
      let moved = zip(items, keys[left..<left + items.count]).map { (id: $0, key: $1) }
      let neighbours = (g - left..<g + right).map { container[rest[$0]].id }
      let respread = zip(neighbours, Array(keys[..<left]) + Array(keys[(left + items.count)...]))
      let placement = OrderKeyPlacement(moved: moved, rebalanced: respread.map { (id: $0, key: $1) })
      if longest <= (radius == 0 ? maximumLength : maximumLength - maximumLength / 4) { return placement }
      if longest <= maximumLength { fitting = placement }
      if left == g && right == rest.count - g { return fitting ?? placement }
      radius = max(1, radius * 2)
    }
  }
}

extension OrderKey {
  /// The new keys of the items of a committed gesture, straight from the ``ReorderDifference`` that
  /// ``CollectionViewEvent/committed(_:)`` reports: one key per moved item (and any neighbours
  /// respread to make room), nothing else.
  ///
  /// ```swift
  /// for event in view.pointerUp(at: p, time: now) {
  ///   guard case .committed(let difference) = event else { continue }
  ///   let placement = try OrderKey.keys(for: difference) { section, parent in store.keys(section, parent) }
  ///   for (id, key) in placement.moved + placement.rebalanced { store.save(id, key) }   // one row per moved item
  /// }
  /// ```
  /// - Throws: ``OrderKeyError`` as ``keys(forMoving:before:in:outside:maximumLength:)`` does.
  public static func keys<
    SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Container: RandomAccessCollection
  >(
    for difference: ReorderDifference<SectionID, ItemID>,
    container: (_ section: SectionID, _ parent: ItemID?) -> Container,
    maximumLength: Int = OrderKey.maximumLength
  ) throws(OrderKeyError) -> OrderKeyPlacement<ItemID> where Container.Element == (id: ItemID, key: OrderKey) {
    try keys(
      forMoving: difference.items, before: difference.before, in: container(difference.section, difference.parent),
      maximumLength: maximumLength)
  }
}
