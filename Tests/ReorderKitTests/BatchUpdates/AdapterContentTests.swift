import Testing

@testable import ReorderKit
@testable import ReorderKitUIKit

/// `reload(using:)` with content updates on the recording view: section reloads and item
/// reconfigures reach the view as `reloadSections` and `reconfigureItems` calls, in batches UIKit
/// accepts (the view's ``UIKitBatchModel``), alone when the stage also changes anything else.
@Suite("Batch-update adapter: content updates")
@MainActor
struct AdapterContentTests {
  /// Applies a pair; returns every failure: UIKit's rules, the adapter's choices, the outcome (the
  /// view shows new; each changed item reloaded or reconfigured, each changed section reloaded,
  /// once), and the calls of the style asked for.
  func errors(_ pair: ContentPair, _ style: ItemUpdateStyle) -> [String] {
    let staged: StagedChangeset<Int, Int>
    do { staged = try pair.staged(style) } catch { return ["threw \(error)"] }
    let view = RecordingView(showing: pair.old)
    var completions: [Bool] = []
    view.reload(using: staged, setData: view.setData) { completions.append($0) }
    view.finishAnimations()
    var errors = view.errors + view.adapterChoiceErrors
    if !staged.stages.isEmpty && completions != [true] { errors.append("completions \(completions)") }
    if view.shown != pair.new { errors.append("the view shows \(view.shown), not \(pair.new)") }
    if view.calls.contains(.reloadData) { errors.append("reloadData") }
    if view.reloadedItems.sorted() != pair.changed.sorted() {
      errors.append("updated items \(view.reloadedItems.sorted()); changed \(pair.changed.sorted())")
    }
    if view.reloadedSections.sorted() != pair.changedSections.sorted() {
      errors.append("reloaded sections \(view.reloadedSections.sorted()); changed \(pair.changedSections.sorted())")
    }
    let reloadCalls = view.calls.contains { if case .reloadItems = $0 { true } else { false } }
    let reconfigureCalls = view.calls.contains { if case .reconfigureItems = $0 { true } else { false } }
    if style == .reconfigure ? reloadCalls : reconfigureCalls { errors.append("item updates of the other style") }
    return errors
  }

  @Test("the hand-written content cases, in both styles")
  func cases() {
    for (name, pair) in ContentUpdateTests.cases {
      #expect(errors(pair, .reload) == [], "\(name)")
      #expect(errors(pair, .reconfigure) == [], "\(name), reconfigure")
    }
  }

  /// 2,000 of the random content pairs (seeds 100,000–101,999), reloads and reconfigures alternating.
  @Test("random pairs with content updates", arguments: 0..<2)
  func randomPairs(chunk: Int) {
    for seed in UInt64(100_000 + chunk * 1_000)..<UInt64(100_000 + (chunk + 1) * 1_000) {
      let pair = ContentPair(seed: seed)
      let found = errors(pair, seed % 2 == 0 ? .reload : .reconfigure)
      #expect(found.isEmpty, "seed \(seed): \(found)")
      if !found.isEmpty { return }
    }
  }

  @Test("a header count and a renamed moving section: reloadSections alone, after the changes")
  func calls() throws {
    let pair = ContentPair(
      old: [IntSection(id: 0, items: [1]), IntSection(id: 1, items: [2]), IntSection(id: 2, items: [3])],
      new: [IntSection(id: 2, items: [3]), IntSection(id: 0, items: [1, 4]), IntSection(id: 1, items: [2])],
      changed: [1], changedSections: [0, 2])
    let view = RecordingView(showing: pair.old)
    view.reload(using: try pair.staged(.reconfigure), setData: view.setData)
    view.finishAnimations()
    #expect(view.errors == [] && view.adapterChoiceErrors == [])
    let updates = view.calls.filter {
      switch $0 {
      case .reloadSections, .reconfigureItems, .reloadItems: true
      default: false
      }
    }
    // Section 0 in place first; then item 1 (in a reloaded section) after it; section 2 after its move.
    #expect(
      updates == [
        .reloadSections([0]), .reconfigureItems([ItemPath(item: 0, section: 1)]), .reloadSections([0]),
      ])
  }

  @Test("a view without its own section reload or reconfigure reloads the items")
  func defaults() {
    final class Plain: BatchUpdatingView {
      var reloaded: [[ItemPath]] = []
      func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) { updates?() }
      func insertSections(_ sections: [Int]) {}
      func deleteSections(_ sections: [Int]) {}
      func moveSection(_ section: Int, toSection newSection: Int) {}
      func insertItems(at paths: [ItemPath]) {}
      func deleteItems(at paths: [ItemPath]) {}
      func moveItem(at path: ItemPath, to newPath: ItemPath) {}
      func reloadItems(at paths: [ItemPath]) { reloaded.append(paths) }
      func reloadData() {}
      var numberOfSections: Int { 2 }
      func numberOfItems(inSection section: Int) -> Int { section == 0 ? 2 : 1 }
    }
    let view = Plain()
    view.reloadSections([0])
    view.reconfigureItems(at: [ItemPath(item: 0, section: 1)])
    #expect(
      view.reloaded == [
        [ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0)], [ItemPath(item: 0, section: 1)],
      ])
  }
}
