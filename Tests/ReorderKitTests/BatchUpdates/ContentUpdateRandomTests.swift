import Testing

@testable import ReorderKit

@Suite("Content updates on random data")
struct ContentUpdateRandomTests {
  /// 10,000 seeded random pairs (seeds 100,000–109,999) with item and section content changes,
  /// section inserts, deletes and moves, and items moving within and between sections; in ten
  /// chunks that run in parallel, reloads and reconfigures alternating by seed.
  @Test("every stage is valid, each change is updated once and in its place", arguments: 0..<10)
  func randomPairs(chunk: Int) {
    var withSectionReloads = 0
    for seed in UInt64(100_000 + chunk * 1_000)..<UInt64(100_000 + (chunk + 1) * 1_000) {
      let pair = ContentPair(seed: seed)
      let style: ItemUpdateStyle = seed % 2 == 0 ? .reload : .reconfigure
      let errors = contentChangesetErrors(pair, style: style)
      #expect(
        errors.isEmpty,
        "seed \(seed): old \(pair.old) new \(pair.new) changed \(pair.changed.sorted()) sections \(pair.changedSections.sorted()): \(errors)"
      )
      if !errors.isEmpty { return }
      if !pair.changedSections.isEmpty { withSectionReloads += 1 }
    }
    #expect(withSectionReloads > 300)
  }

  /// The validator and the UIKit model both reject what UIKit rejects: each stage of random pairs
  /// (seeds 100,000–100,499) mutated into a reload of a moving item, a reload of a section that
  /// moves, a reload of a section that gains an item, a reconfigure of an inserted item, a reload
  /// of a deleted section, or a reload of an item in a reloaded section.
  @Test("the validator and the UIKit model reject updates UIKit rejects")
  func mutantsRejected() throws {
    var rejected = 0
    for seed in UInt64(100_000)..<UInt64(100_500) {
      let pair = ContentPair(seed: seed)
      var before = pair.old
      for (t, stage) in try pair.staged().stages.enumerated() {
        defer { before = stage.sections }
        let valid = stage.updates
        var mutants: [(String, BatchUpdate)] = []
        for move in valid.moveItems {
          var m = valid
          m.reloadItems.append(move.from)
          mutants.append(("reload of moving item \(move.from)", m))
          m = valid
          m.reconfigureItems.append(move.from)
          mutants.append(("reconfigure of moving item \(move.from)", m))
        }
        for move in valid.moveSections {
          var m = valid
          m.reloadSections.append(move.from)
          mutants.append(("reload of moving section \(move.from)", m))
        }
        for s in valid.deleteSections {
          var m = valid
          m.reloadSections.append(s)
          mutants.append(("reload of deleted section \(s)", m))
        }
        // A section that gains items: the section before the stage that lands where they are inserted.
        let afterIDs = stage.sections.map(\.id)
        for path in valid.insertItems + valid.moveItems.map(\.to) {
          guard let b = before.firstIndex(where: { $0.id == afterIDs[path.section] }) else { continue }
          guard !valid.moveSections.contains(where: { $0.from == b }) else { continue }
          var m = valid
          m.reloadSections.append(b)
          mutants.append(("reload of section \(b), which gains \(path)", m))
        }
        for path in valid.insertItems where before.indices.contains(path.section) {
          var m = valid
          m.reconfigureItems.append(ItemPath(item: before[path.section].items.count, section: path.section))
          mutants.append(("reconfigure of inserted item \(path)", m))
        }
        for path in valid.reloadItems where !valid.reloadSections.contains(path.section) {
          var m = valid
          m.reloadSections.append(path.section)
          mutants.append(("reload of item \(path) in a reloaded section", m))
        }
        for (name, mutant) in mutants {
          let violations = mutant.violations(
            countsBefore: before.map(\.items.count), countsAfter: stage.sections.map(\.items.count))
          let modelErrors = UIKitBatchModel(mutant).judge(before: before, after: stage.sections).errors
          #expect(!violations.isEmpty, "seed \(seed), stage \(t): the validator passes \(name)")
          #expect(!modelErrors.isEmpty, "seed \(seed), stage \(t): the UIKit model passes \(name)")
          rejected += violations.isEmpty || modelErrors.isEmpty ? 0 : 1
        }
      }
    }
    #expect(rejected > 1_000)
  }
}
