import ReorderTestSupport
import Testing

@testable import ReorderKit

/// How far auto-scroll at an undamped `speed` moves the content between two times, with the
/// damping (elapsed / 1.2 s)² after a lift at `lift`: speed × ∫ min(u / 1.2, 1)² du.
func autoScrollDistance(speed: Double, lift: Double, from a: Double, to b: Double, damping: Double = 1.2) -> Double {
  func integral(_ u: Double) -> Double {
    let u = max(u, 0)
    return u <= damping ? u * u * u / (3 * damping * damping) : damping / 3 + (u - damping)
  }
  return speed * (integral(b - lift) - integral(a - lift))
}

@Suite("Auto-scroll that does not surprise")
struct AutoScrollTests {
  static let view = Size(width: 320, height: 600)

  /// The scroll deltas of ticks at 60 Hz from `t` for `seconds`, along y.
  static func frames(_ scroller: inout AutoScroll, from t: Double, seconds: Double) -> [Double] {
    (1...Int((seconds * 60).rounded())).map { i in
      if case .scroll(let d) = scroller.tick(time: t + Double(i) / 60) { return d.y }
      return 0
    }
  }

  @Test func theDistanceReferenceIsTheIntegralOfTheDamping() {
    // A naive sum over 1 ms steps of speed × (elapsed / 1.2)², capped at 1.
    var sum = 0.0
    for i in 0..<2500 {
      let u = (Double(i) + 0.5) / 1000
      sum += 1000 * min(u / 1.2, 1) * min(u / 1.2, 1) / 1000
    }
    #expect(abs(sum - autoScrollDistance(speed: 1000, lift: 0, from: 0, to: 2.5)) < 1e-3)
  }

  @Test func aLiftInsideABandWaitsUntilThePointerMovesTowardTheEdge() {
    var scroller = AutoScroll()
    // The lift, 20 pt above the bottom edge: deep in the band, but nothing scrolls.
    scroller.begin(at: Point(x: 100, y: 580), time: 0)
    scroller.pointerMoved(to: Point(x: 100, y: 580), viewSize: Self.view, axis: .vertical, time: 0)
    #expect(!scroller.isScrolling)
    #expect(Self.frames(&scroller, from: 0, seconds: 3).allSatisfy { $0 == 0 })
    // Away from the edge, still in the band: nothing.
    scroller.pointerMoved(to: Point(x: 100, y: 570), viewSize: Self.view, axis: .vertical, time: 3)
    #expect(scroller.tick(time: 4) == .none)
    // Toward the edge: the band now starts at the lift point and ramps up to the edge itself.
    scroller.pointerMoved(to: Point(x: 100, y: 581), viewSize: Self.view, axis: .vertical, time: 4)
    guard case .scroll(let slow) = scroller.tick(time: 5) else {
      Issue.record("no scroll after moving toward the edge")
      return
    }
    #expect(abs(slow.y - 1680 * (1.0 / 20) * (1.0 / 20)) < 1e-9)  // 1 pt of 20: a gentle start
    scroller.pointerMoved(to: Point(x: 100, y: 590), viewSize: Self.view, axis: .vertical, time: 5)
    guard case .scroll(let half) = scroller.tick(time: 6) else {
      Issue.record("no scroll")
      return
    }
    #expect(abs(half.y - 420) < 1e-9)  // halfway from the lift point to the edge: a quarter of full speed
  }

  @Test func leavingTheBandRestoresIt() {
    var scroller = AutoScroll()
    scroller.begin(at: Point(x: 100, y: 580), time: 0)
    scroller.pointerMoved(to: Point(x: 100, y: 300), viewSize: Self.view, axis: .vertical, time: 0.5)
    // Coming back into the band is a move toward the edge: the usual band, full speed within 30 pt.
    scroller.pointerMoved(to: Point(x: 100, y: 575), viewSize: Self.view, axis: .vertical, time: 2)
    guard case .scroll(let d) = scroller.tick(time: 3) else {
      Issue.record("no scroll")
      return
    }
    #expect(abs(d.y - 1680) < 1e-9)
  }

  @Test func theLeadingBandWaitsToo() {
    var scroller = AutoScroll()
    scroller.begin(at: Point(x: 100, y: 10), time: 0)
    scroller.pointerMoved(to: Point(x: 100, y: 20), viewSize: Self.view, axis: .vertical, time: 2)
    #expect(scroller.tick(time: 3) == .none)
    scroller.pointerMoved(to: Point(x: 100, y: 5), viewSize: Self.view, axis: .vertical, time: 3)
    guard case .scroll(let d) = scroller.tick(time: 4) else {
      Issue.record("no scroll")
      return
    }
    #expect(abs(d.y + 1680 * 0.5 * 0.5) < 1e-9)  // 5 of the 10 pt from the lift point to the edge
    // A lift away from a band: entering it scrolls at once (damped only by time).
    var other = AutoScroll()
    other.begin(at: Point(x: 100, y: 300), time: 0)
    other.pointerMoved(to: Point(x: 100, y: 595), viewSize: Self.view, axis: .vertical, time: 2)
    #expect(other.isScrolling)
    #expect(other.tick(time: 2.5) == .scroll(by: Point(x: 0, y: 840)))
  }

  @Test func theFirstMoveBeginsADragWhenNothingElseDid() {
    var scroller = AutoScroll()
    #expect(scroller.dragStartTime == nil)
    scroller.pointerMoved(to: Point(x: 100, y: 590), viewSize: Self.view, axis: .vertical, time: 1)
    #expect(scroller.dragStartTime == 1)
    #expect(!scroller.isScrolling)  // that move was the lift, inside the band
    scroller.stop()
    #expect(scroller.dragStartTime == nil)
    #expect(scroller.tick(time: 2) == .none)
  }

  @Test func theSpeedIsDampedAfterTheLift() {
    var scroller = AutoScroll()
    scroller.begin(at: Point(x: 100, y: 300), time: 0)
    scroller.pointerMoved(to: Point(x: 100, y: 600), viewSize: Self.view, axis: .vertical, time: 0)
    let frames = Self.frames(&scroller, from: 0, seconds: 2)
    // Growing frame by frame while damped (1.2 s = 72 frames), then 28 pt a frame.
    #expect(Array(frames.prefix(72)) == frames.prefix(72).sorted())
    #expect(frames[0] < 0.01)
    #expect(frames.dropFirst(72).allSatisfy { abs($0 - 28) < 1e-9 })
    #expect(abs(frames.reduce(0, +) - autoScrollDistance(speed: 1680, lift: 0, from: 0, to: 2)) < 1e-9)
  }

  @Test func deltasDoNotDependOnTheTickRate() {
    var rng = SplitMix(spreading: 61)
    for _ in 0..<200 {
      let y = rng.next(upTo: 600)
      let lift = Point(x: 100, y: rng.next(upTo: 600))
      var coarse = AutoScroll()
      var fine = AutoScroll()
      coarse.begin(at: lift, time: 0)
      fine.begin(at: lift, time: 0)
      coarse.pointerMoved(to: Point(x: 100, y: y), viewSize: Self.view, axis: .vertical, time: 0.2)
      fine.pointerMoved(to: Point(x: 100, y: y), viewSize: Self.view, axis: .vertical, time: 0.2)
      var total = 0.0
      if case .scroll(let d) = coarse.tick(time: 2) { total = d.y }
      let frames = Self.frames(&fine, from: 0.2, seconds: 1.8)
      #expect(abs(total - frames.reduce(0, +)) < 1e-6)
      #expect(frames.allSatisfy { abs($0) <= 28 + 1e-9 })  // never more than 28 pt a frame
    }
  }

  @Test func aViewLiftedNearTheBottomScrollsOnlyOnceThePointerMovesDown() {
    var s = Snapshot<String, String>()
    try! s.appendSection("S", items: (0..<50).map { "r\($0)" })
    var view = CollectionView(
      snapshot: s, layout: .list(.init(width: 300, rowHeight: 40)), viewSize: Size(width: 300, height: 400),
      mode: .interactive)
    _ = view.pointerDown(at: Point(x: 50, y: 380), time: 0)  // 20 pt above the bottom edge
    var t = 0.0
    while t < 2 {
      t += 1.0 / 60
      _ = view.tick(time: t)
    }
    #expect(view.isDragging)
    #expect(view.contentOffset.y == 0)
    _ = view.pointerMoved(to: Point(x: 50, y: 360), time: t)  // up: still nothing
    _ = view.tick(time: t + 1)
    #expect(view.contentOffset.y == 0)
    _ = view.pointerMoved(to: Point(x: 50, y: 390), time: t + 1)  // down, 10 of the 20 pt to the edge
    _ = view.tick(time: t + 2)
    #expect(abs(view.contentOffset.y - 1680 * 0.25) < 1e-6)
    _ = view.cancelGesture(time: t + 2)
  }
}
