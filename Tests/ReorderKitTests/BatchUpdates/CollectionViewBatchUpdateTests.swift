import Testing

@testable import ReorderKit

@Suite("CollectionView batch updates")
struct CollectionViewBatchUpdateTests {
  typealias View = CollectionView<String, String>

  func view(_ sections: [(String, [String])]) throws -> View {
    let snapshot = try Snapshot<String, String>(sections: sections.map { .init(id: $0.0, items: $0.1) })
    return View(
      snapshot: snapshot,
      layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20, headerHeight: 30)),
      viewSize: Size(width: 390, height: 2000))
  }

  func close(_ a: Rect?, _ b: Rect?) -> Bool {
    guard let a, let b else { return false }
    return abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9
      && abs(a.height - b.height) < 1e-9
  }

  func shownFrame(_ view: View, _ id: String, at time: Double) -> Rect? {
    view.renderList(at: time).elements.first { $0.kind == .item(id) }?.frame
  }

  @Test("apply re-sorts across appearing and disappearing sections, gliding every tile")
  func applyResort() throws {
    var v = try view([("A", ["ann", "amy"]), ("B", ["bob"])])
    let from = try #require(shownFrame(v, "bob", at: 0))
    let new = try Snapshot<String, String>(sections: [
      .init(id: "1990", items: ["bob", "ann"]), .init(id: "A", items: ["amy"]),
    ])
    let staged = try v.apply(new, time: 1)
    #expect(staged.stages.count == 3)
    #expect(v.snapshot == new)
    let to = try #require(v.frame(of: "bob"))
    #expect(from != to)
    #expect(shownFrame(v, "bob", at: 1) == from)
    let middle = try #require(shownFrame(v, "bob", at: 1.15))
    #expect(middle != from && middle != to)
    #expect(close(shownFrame(v, "bob", at: 1.3), to))
    #expect(v.renderList(at: 1.3).elements.contains { $0.kind == .header("1990") })
    #expect(!v.renderList(at: 1.3).elements.contains { $0.kind == .header("B") })
  }

  @Test("a new apply during an animation starts from where things are, without a jump")
  func interruptedApply() throws {
    var v = try view([("S", ["a", "b", "c", "d"])])
    let original = v.snapshot
    let reversed = try Snapshot<String, String>(sections: [.init(id: "S", items: ["d", "c", "b", "a"])])
    try v.apply(reversed, time: 0)
    let midway = try #require(shownFrame(v, "a", at: 0.1))
    try v.apply(original, time: 0.1)
    #expect(shownFrame(v, "a", at: 0.1) == midway)
    #expect(close(shownFrame(v, "a", at: 0.4), v.frame(of: "a")))
  }

  @Test("performBatchUpdates checks the batch, then applies it")
  func performBatchUpdates() throws {
    var v = try view([("S", ["a", "b", "c"])])
    var after = v.snapshot
    after.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))
    try after.appendItem("x", toSection: "S")
    let bad = BatchUpdate(moveItems: [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))])
    #expect(throws: BatchUpdateError.self) { try v.performBatchUpdates(bad, resultingIn: after, time: 0) }
    #expect(v.snapshot.items(inSection: 0) == ["a", "b", "c"])
    var good = bad
    good.insertItems = [ItemPath(item: 3, section: 0)]
    try v.performBatchUpdates(good, resultingIn: after, time: 0)
    #expect(v.snapshot == after)
    #expect(close(shownFrame(v, "x", at: 0.3), v.frame(of: "x")))
  }
}
