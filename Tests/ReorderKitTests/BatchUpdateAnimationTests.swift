import Testing

@testable import ReorderKit

@Suite("Animated apply: identity-keyed transitions")
struct BatchUpdateAnimationTests {
  static let layout = LayoutConfiguration.grid(
    .init(width: 300, columns: 3, itemSpacing: 0, lineSpacing: 0, headerHeight: 20))

  func element(_ kind: RenderElement<String, String>.Kind, in list: RenderList<String, String>) -> RenderElement<
    String, String
  >? {
    list.elements.first { $0.kind == kind }
  }

  @Test func deletedItemsFadeOutArrivalsFadeInHeadersGlide() throws {
    // A: a b c d   B: e      →      B: e f   C: d b   (A deleted, C inserted, f new, a and c gone)
    var old = Snapshot<String, String>()
    try! old.appendSection("A", items: ["a", "b", "c", "d"])
    try! old.appendSection("B", items: ["e"])
    var new = Snapshot<String, String>()
    try! new.appendSection("B", items: ["e", "f"])
    try! new.appendSection("C", items: ["d", "b"])
    var view = CollectionView(snapshot: old, layout: Self.layout, viewSize: Size(width: 300, height: 800))
    let headerB = view.renderList(at: 0).elements.first { $0.kind == .header("B") }!.frame
    try view.apply(new, time: 1)

    let mid = view.renderList(at: 1.15)
    // Gone items fade out where they were, scaled down a little.
    let a = element(.item("a"), in: mid)
    #expect(a != nil && a!.alpha > 0 && a!.alpha < 1 && a!.scale < 1)
    #expect(a?.frame == Rect(x: 0, y: 20, width: 100, height: 100))
    // The header of the deleted section fades out; the new section's header fades in.
    let headerA = element(.header("A"), in: mid)
    #expect(headerA != nil && headerA!.alpha < 1)
    let headerC = element(.header("C"), in: mid)
    #expect(headerC != nil && headerC!.alpha > 0 && headerC!.alpha < 1)
    // B's header glides from its old place (y 220) to its new one (y 0).
    let glidingB = element(.header("B"), in: mid)!.frame
    #expect(glidingB.minY < headerB.minY && glidingB.minY > 0)
    // The new item fades and grows in; moved items glide across sections.
    let f = element(.item("f"), in: mid)
    #expect(f != nil && f!.alpha < 1 && f!.scale < 1)
    let d = element(.item("d"), in: mid)!.frame
    #expect(d.minY > 20 && d.minY < 140)  // from (0, 120) in A towards (0, 140) in C, mid-way in x

    // When it is over, everything rests where the new layout puts it.
    _ = view.tick(time: 2)
    let end = view.renderList(at: 2)
    #expect(element(.item("a"), in: end) == nil && element(.header("A"), in: end) == nil)
    #expect(end.elements.allSatisfy { $0.alpha == 1 && $0.scale == 1 })
    #expect(element(.header("B"), in: end)?.frame.minY == 0)
    #expect(!end.isAnimating)
  }

  @Test func aNewApplyMidAnimationStartsFromWhereThingsAre() throws {
    var s1 = Snapshot<String, String>()
    try! s1.appendSection("S", items: ["a", "b", "c"])
    var s2 = Snapshot<String, String>()
    try! s2.appendSection("S", items: ["c", "b", "a"])
    var view = CollectionView(snapshot: s1, layout: Self.layout, viewSize: Size(width: 300, height: 800))
    try view.apply(s2, time: 0)
    let shown = element(.item("a"), in: view.renderList(at: 0.1))!.frame
    try view.apply(s1, time: 0.1)
    // No jump: at the moment of the second apply, a is where it was shown.
    #expect(element(.item("a"), in: view.renderList(at: 0.1))!.frame == shown)
  }
}
