import Testing

@testable import ReorderKit

/// Exhaustive small cases against the naive model: every arrangement of up to 6 items over 1 to 3
/// sections, every source and every destination, in both commit modes.
@Suite("Interactive movement against the reference model")
struct InteractiveMovementReferenceTests {
  /// Headers and insets on purpose: the bottom inset is deep enough that the slot after a full
  /// last row lies inside the section, so every destination can be reached by pointing at it.
  static let config = GridLayout.Configuration(
    width: 390, columns: 3, itemSpacing: 10, lineSpacing: 10,
    sectionInset: EdgeInsets(top: 8, left: 10, bottom: 130, right: 10), headerHeight: 30)

  /// Where to point to propose `destination`, in the arrangement that still has the item at `source`.
  static func target(_ counts: [Int], source: ItemPath, destination: ItemPath) -> Point {
    var shown = counts
    if destination.section != source.section && destination.item == counts[destination.section] {
      shown[destination.section] += 1  // the slot after the last item: where it would be drawn
    }
    return GridLayout(config, itemCounts: shown).frame(ofItem: destination).centre
  }

  @Test(arguments: [ReorderMode.interactive, .live])
  func everyMoveOfUpToSixItems(mode: ReorderMode) {
    var cases = 0
    for n in 0...6 {
      for k in 1...3 {
        for counts in compositions(n, into: k) {
          var next = 0
          let items: [[String]] = counts.map { c in
            defer { next += c }
            return (next..<next + c).map { "i\($0)" }
          }
          let layout = GridLayout(Self.config, itemCounts: counts)
          for s in 0..<k {
            for i in 0..<counts[s] {
              let source = ItemPath(item: i, section: s)
              for ds in 0..<k {
                let limit = counts[ds] - (ds == s ? 1 : 0)
                for di in 0...limit {
                  let destination = ItemPath(item: di, section: ds)
                  var view = CollectionView(
                    snapshot: makeSnapshot(items), layout: .grid(Self.config),
                    viewSize: Size(width: 390, height: 4000), mode: mode)
                  let point = Self.target(counts, source: source, destination: destination)
                  let events = drag(&view, from: layout.frame(ofItem: source).centre, through: [point])
                  let expected = referenceMove(items, from: source, to: destination)
                  #expect(
                    sections(of: view) == expected,
                    "\(counts) \(source) → \(destination) in \(mode): got \(sections(of: view))")
                  let moves = events.filter { if case .moved = $0 { true } else { false } }
                  #expect(
                    moves.count == (source == destination ? 0 : 1), "\(counts) \(source) → \(destination): \(moves)")
                  cases += 1
                }
              }
            }
          }
        }
      }
    }
    #expect(cases > 2000)
  }
}
