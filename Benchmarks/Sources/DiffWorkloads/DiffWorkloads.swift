import Foundation
import ReorderKit

/// Seeded workloads for the sectioned diff, with the same items flattened for the standard library's diff.
public struct DiffWorkload: Sendable {
  public typealias Section = Snapshot<Int, Int>.Section

  public var name: String
  public var old: [Section]
  public var new: [Section]

  /// All items, section after section, for `difference(from:)`.
  public var flatOld: [Int] { old.flatMap(\.items) }
  public var flatNew: [Int] { new.flatMap(\.items) }

  /// One section of `count` items: delete 10%, insert 10% at random places, then shuffle the first 2%.
  /// (For 100,000 items: delete 10,000, insert 10,000, shuffle the first 2,000.)
  public static func flat(_ count: Int, seed: UInt64 = 1) -> DiffWorkload {
    var rng = SplitMix(spreading: seed)
    let old = Array(0..<count)
    var new = old
    for _ in 0..<count / 10 { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
    for k in 0..<count / 10 { new.insert(count + k, at: Int.random(in: 0...new.count, using: &rng)) }
    new[0..<count / 50].shuffle(using: &rng)
    return DiffWorkload(name: "flat \(count)", old: [Section(id: 0, items: old)], new: [Section(id: 0, items: new)])
  }

  /// One section of `count` items, reversed.
  public static func reversal(_ count: Int) -> DiffWorkload {
    let items = Array(0..<count)
    return DiffWorkload(
      name: "reversal \(count)", old: [Section(id: 0, items: items)], new: [Section(id: 0, items: items.reversed())])
  }

  /// `sections` × `perSection` items: 5% of the sections deleted, as many
  /// inserted (full of new items), 5% moved, and 1% of the items moved to
  /// another section at a random place.
  public static func sectioned(_ sections: Int, _ perSection: Int, seed: UInt64 = 2) -> DiffWorkload {
    var rng = SplitMix(spreading: seed)
    let old = (0..<sections).map { s in Section(id: s, items: Array(s * perSection..<(s + 1) * perSection)) }
    var new = old
    let changed = max(1, sections / 20)
    for _ in 0..<changed { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
    var nextItem = sections * perSection
    for k in 0..<changed {
      new.insert(
        Section(id: sections + k, items: Array(nextItem..<nextItem + perSection)),
        at: Int.random(in: 0...new.count, using: &rng))
      nextItem += perSection
    }
    for _ in 0..<changed {
      let section = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
      new.insert(section, at: Int.random(in: 0...new.count, using: &rng))
    }
    for _ in 0..<sections * perSection / 100 {
      let from = Int.random(in: 0..<new.count, using: &rng)
      let to = Int.random(in: 0..<new.count, using: &rng)
      guard from != to, !new[from].items.isEmpty else { continue }
      let item = new[from].items.remove(at: Int.random(in: 0..<new[from].items.count, using: &rng))
      new[to].items.insert(item, at: Int.random(in: 0...new[to].items.count, using: &rng))
    }
    return DiffWorkload(name: "sectioned \(sections) × \(perSection)", old: old, new: new)
  }

  /// The sectioned diff.
  public func stagedChangeset() -> StagedChangeset<Int, Int> {
    do { return try StagedChangeset(from: old, to: new) } catch { fatalError("\(error)") }
  }

  /// The standard library's diff of the flattened items, with moves inferred; returns its move count.
  public static func standardLibraryMoves(old: [Int], new: [Int]) -> Int {
    let difference = new.difference(from: old).inferringMoves()
    var moves = 0
    for case .insert(_, _, let associated?) in difference where associated >= 0 { moves += 1 }
    return moves
  }
}

/// The same shapes with `UUID` identifiers (16 bytes, hashed through `Hasher`), as in
/// DifferenceKit's own benchmark, plus the sizes a screen diffs most often.
public struct UUIDDiffWorkload: Sendable {
  public typealias Section = Snapshot<UUID, UUID>.Section

  public var name: String
  public var old: [Section]
  public var new: [Section]

  public var flatOld: [UUID] { old.flatMap(\.items) }
  public var flatNew: [UUID] { new.flatMap(\.items) }
  public var itemCount: Int { old.reduce(0) { $0 + $1.items.count } }

  /// The Int workload with every identifier replaced by a UUID drawn from it (the same shape).
  public init(_ workload: DiffWorkload) {
    func section(_ s: DiffWorkload.Section) -> Section {
      Section(id: Self.uuid(-1 - s.id), items: s.items.map(Self.uuid))
    }
    self.init(name: workload.name, old: workload.old.map(section), new: workload.new.map(section))
  }

  public init(name: String, old: [Section], new: [Section]) {
    self.name = name
    self.old = old
    self.new = new
  }

  /// A UUID that depends only on `n`.
  public static func uuid(_ n: Int) -> UUID {
    var rng = SplitMix(spreading: UInt64(bitPattern: Int64(n)))
    let (a, b) = (rng.next(), rng.next())
    return withUnsafeBytes(of: (a, b)) { UUID(uuid: $0.load(as: uuid_t.self)) }
  }

  /// DifferenceKit's README workload: one section of `count` items, `delete` removed,
  /// `insert` new items put at its lower bound, then `shuffle` shuffled
  /// (5,000: delete 2000..<3000, insert 3000..<4000, shuffle 0..<200).
  public static func flat(
    _ count: Int, delete: Range<Int>, insert: Range<Int>, shuffle: Range<Int>, seed: UInt64 = 5
  ) -> UUIDDiffWorkload {
    var rng = SplitMix(spreading: seed)
    var new = Array(0..<count)
    new.removeSubrange(delete)
    new.insert(contentsOf: (count..<count + insert.count), at: insert.lowerBound)
    new[shuffle].shuffle(using: &rng)
    return UUIDDiffWorkload(
      DiffWorkload(
        name: "uuid flat \(count)", old: [.init(id: 0, items: Array(0..<count))], new: [.init(id: 0, items: new)]))
  }

  /// `sections` × `perSection` items: 5 sections deleted, 5 inserted (full of new items),
  /// 10 section moves, then `relocated` items moved to another section at a random place.
  public static func sectioned(_ sections: Int, _ perSection: Int, relocated: Int, seed: UInt64 = 6) -> UUIDDiffWorkload
  {
    var rng = SplitMix(spreading: seed)
    let old = (0..<sections).map { s in
      DiffWorkload.Section(id: s, items: Array(s * perSection..<(s + 1) * perSection))
    }
    var new = old
    for _ in 0..<5 { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
    var nextItem = sections * perSection
    for k in 0..<5 {
      new.insert(
        .init(id: sections + k, items: Array(nextItem..<nextItem + perSection)),
        at: Int.random(in: 0...new.count, using: &rng))
      nextItem += perSection
    }
    for _ in 0..<10 {
      let section = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
      new.insert(section, at: Int.random(in: 0...new.count, using: &rng))
    }
    for _ in 0..<relocated {
      let from = Int.random(in: 0..<new.count, using: &rng)
      var to = Int.random(in: 0..<new.count - 1, using: &rng)
      if to >= from { to += 1 }
      guard !new[from].items.isEmpty else { continue }
      let item = new[from].items.remove(at: Int.random(in: 0..<new[from].items.count, using: &rng))
      new[to].items.insert(item, at: Int.random(in: 0...new[to].items.count, using: &rng))
    }
    return UUIDDiffWorkload(DiffWorkload(name: "uuid \(sections) × \(perSection)", old: old, new: new))
  }

  /// The workloads of issue 13, measured against DifferenceKit by hand (see BENCHMARKS.md).
  public static let all: [UUIDDiffWorkload] = [
    .sectioned(10, 20, relocated: 4), .sectioned(10, 50, relocated: 10), .sectioned(10, 100, relocated: 20),
    .sectioned(20, 50, relocated: 10),
    .flat(1_000, delete: 200..<300, insert: 300..<400, shuffle: 0..<20),
    .flat(5_000, delete: 2_000..<3_000, insert: 3_000..<4_000, shuffle: 0..<200),
    .flat(100_000, delete: 20_000..<30_000, insert: 30_000..<40_000, shuffle: 0..<2_000),
    UUIDDiffWorkload(DiffWorkload.reversal(10_000)).renamed("uuid reversal 10000"),
    .sectioned(100, 1_000, relocated: 1_000),
  ]

  func renamed(_ name: String) -> UUIDDiffWorkload { UUIDDiffWorkload(name: name, old: old, new: new) }

  /// The sectioned diff.
  public func stagedChangeset() -> StagedChangeset<UUID, UUID> {
    do { return try StagedChangeset(from: old, to: new) } catch { fatalError("\(error)") }
  }

  /// The standard library's diff of the flattened items, with moves inferred; returns its move count.
  public static func standardLibraryMoves(old: [UUID], new: [UUID]) -> Int {
    let difference = new.difference(from: old).inferringMoves()
    var moves = 0
    for case .insert(_, _, let associated?) in difference where associated >= 0 { moves += 1 }
    return moves
  }
}
