import Testing

@testable import ReorderKit

/// `StagedChangeset(from:to:duplicates:itemUpdates:contentChangedAt:sectionContentChangedAt:)`:
/// content asked by old and new position gives the stages that the same content asked by
/// identifier gives, and each question names the positions of one surviving item or section.
@Suite("Content updates asked by position")
struct ContentByPositionTests {
  /// The pair's content by position: 0 everywhere before, 1 after for what changes.
  func byPosition(_ pair: ContentPair, _ style: ItemUpdateStyle) throws -> StagedChangeset<Int, Int> {
    let newContent = pair.new.map { $0.items.map { pair.changed.contains($0) ? 1 : 0 } }
    let newHeader = pair.new.map { pair.changedSections.contains($0.id) ? 1 : 0 }
    return try StagedChangeset(
      from: pair.old, to: pair.new, itemUpdates: style,
      contentChangedAt: { o, n in
        precondition(
          pair.old[o.section].items[o.item] == pair.new[n.section].items[n.item], "\(o) and \(n) name one item")
        return newContent[n.section][n.item] != 0
      },
      sectionContentChangedAt: { o, n in
        precondition(pair.old[o].id == pair.new[n].id, "\(o) and \(n) name one section")
        return newHeader[n] != 0
      })
  }

  @Test("the same stages as by identifier on random pairs (seeds 100,000–101,999)")
  func sameAsByIdentifier() throws {
    for seed in UInt64(100_000)..<102_000 {
      let pair = ContentPair(seed: seed)
      let style: ItemUpdateStyle = seed % 2 == 0 ? .reload : .reconfigure
      #expect(try byPosition(pair, style).stages == pair.staged(style).stages, "seed \(seed)")
    }
  }

  @Test("each surviving item and section is asked about once")
  func askedOnce() throws {
    let old = [IntSection(id: 0, items: [1, 2, 3]), IntSection(id: 1, items: [4, 5])]
    let new = [IntSection(id: 1, items: [5, 4, 2]), IntSection(id: 2, items: [6]), IntSection(id: 0, items: [3])]
    var items: [String] = []
    var sections: [String] = []
    let staged = try StagedChangeset(
      from: old, to: new, itemUpdates: .reload,
      contentChangedAt: { o, n in
        items.append("\(o)→\(n)")
        return old[o.section].items[o.item] == 4
      },
      sectionContentChangedAt: { o, n in
        sections.append("\(o)→\(n)")
        return o == 0
      })
    #expect(items.sorted() == ["[0, 1]→[0, 2]", "[0, 2]→[2, 0]", "[1, 0]→[0, 1]", "[1, 1]→[0, 0]"])
    #expect(sections.sorted() == ["0→2", "1→0"])
    #expect(staged.stages.flatMap(\.reloadItems).count == 1)
    #expect(staged.stages.flatMap(\.reloadSections).count == 1)
  }

  @Test("with repeated identifiers paired by occurrence, the positions are those of the data as given")
  func pairByOccurrence() throws {
    let old = [IntSection(id: 0, items: [7, 8, 7]), IntSection(id: 0, items: [9])]
    let new = [IntSection(id: 0, items: [7, 7, 8]), IntSection(id: 0, items: [9])]
    let oldTitles = [["a", "b", "c"], ["d"]]
    let newTitles = [["a", "C", "b"], ["D"]]
    let staged = try StagedChangeset(
      from: old, to: new, duplicates: .pairByOccurrence, itemUpdates: .reload,
      contentChangedAt: { o, n in oldTitles[o.section][o.item] != newTitles[n.section][n.item] },
      sectionContentChangedAt: { o, n in o != n })
    #expect(staged.stages.last?.sections == new)
    // The second 7 moved and changed (c → C), 9 changed in place (d → D).
    #expect(staged.stages.flatMap(\.reloadItems).count == 2)
    #expect(staged.stages.flatMap(\.reloadSections).isEmpty)
  }
}
