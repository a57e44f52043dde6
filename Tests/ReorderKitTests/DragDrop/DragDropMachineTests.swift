import Testing

@testable import ReorderKit

@Suite("Drag and drop machines")
struct DragDropMachineTests {
  @Test func springLoadingOpensAfterSevenTenths() {
    var spring = SpringLoading<String>()
    #expect(spring.hover(over: "g", time: 1.0) == .none)
    #expect(spring.tick(time: 1.69) == .none)
    #expect(spring.hover(over: "g", time: 1.695) == .none)  // same group: the timer keeps running
    #expect(spring.tick(time: 1.7) == .open("g"))
    #expect(spring.tick(time: 3) == .none)  // opens once
    #expect(spring.openedGroups == ["g"])
    #expect(spring.end(droppedInto: nil) == .close(["g"]))
    #expect(spring.openedGroups.isEmpty)
  }

  @Test func leavingEarlierCancelsTheTimer() {
    var spring = SpringLoading<String>()
    _ = spring.hover(over: "g", time: 0)
    _ = spring.hover(over: nil, time: 0.5)
    #expect(spring.tick(time: 1) == .none)
    _ = spring.hover(over: "g", time: 1)
    _ = spring.hover(over: "h", time: 1.5)  // another group restarts
    #expect(spring.tick(time: 1.8) == .none)
    #expect(spring.tick(time: 2.2) == .open("h"))
  }

  @Test func groupsDroppedIntoStayOpen() {
    var spring = SpringLoading<String>(delay: 0.7)
    _ = spring.hover(over: "g", time: 0)
    _ = spring.tick(time: 0.7)
    _ = spring.hover(over: "h", time: 1)
    _ = spring.tick(time: 1.7)
    #expect(spring.end(droppedInto: "h") == .close(["g"]))
    _ = spring.hover(over: "g", time: 5)
    _ = spring.tick(time: 5.7)
    #expect(spring.end(droppedInto: "g") == .none)
  }

  @Test func autoScrollSpeedEasesTowardTheEdge() {
    let scroller = AutoScroll()
    // A 600 pt view: the band is 60 pt deep, full speed from 5% (30 pt) of the edge, eased quadratically.
    #expect(scroller.velocity(at: 300, length: 600) == 0)
    #expect(scroller.velocity(at: 60, length: 600) == 0)
    #expect(scroller.velocity(at: 45, length: 600) == -420)  // halfway to full speed: a quarter of it
    #expect(scroller.velocity(at: 30, length: 600) == -1680)
    #expect(scroller.velocity(at: 0, length: 600) == -1680)
    #expect(scroller.velocity(at: -40, length: 600) == -1680)  // beyond the edge: full speed
    #expect(scroller.velocity(at: 555, length: 600) == 420)
    #expect(scroller.velocity(at: 585, length: 600) == 1680)
    #expect(scroller.velocity(at: 640, length: 600) == 1680)
    // The speed grows toward the edge, never faster than 28 pt a frame at 60 Hz.
    let speeds = stride(from: 60.0, through: 0, by: -1).map { scroller.velocity(at: 600 - $0, length: 600) }
    #expect(speeds == speeds.sorted())
    #expect(speeds.allSatisfy { $0 / 60 <= 28 })
  }

  @Test func autoScrollTicksDeltas() {
    var scroller = AutoScroll()
    let view = Size(width: 320, height: 600)
    scroller.begin(at: Point(x: 100, y: 300), time: 0)
    // After the damping (1.2 s), 45 pt above the bottom edge: 420 pt/s.
    scroller.pointerMoved(to: Point(x: 100, y: 555), viewSize: view, axis: .vertical, time: 2)
    #expect(scroller.isScrolling)
    #expect(scroller.tick(time: 2) == .none)
    guard case .scroll(let d) = scroller.tick(time: 2.5) else {
      Issue.record("no scroll")
      return
    }
    #expect(d.x == 0 && abs(d.y - 210) < 1e-9)
    scroller.pointerMoved(to: Point(x: 100, y: 300), viewSize: view, axis: .vertical, time: 2.6)
    #expect(scroller.tick(time: 3) == .none)
    // 5 pt from the leading edge of a horizontal axis: within 5% of 320 pt, full speed.
    scroller.pointerMoved(to: Point(x: 5, y: 300), viewSize: view, axis: .horizontal, time: 3)
    guard case .scroll(let h) = scroller.tick(time: 3.1) else {
      Issue.record("no scroll")
      return
    }
    #expect(abs(h.x + 168) < 1e-9 && h.y == 0)
    scroller.stop()
    #expect(scroller.tick(time: 4) == .none)
  }

  @Test func cadenceWaitsForTheDelay() {
    var gate = CadenceGate<Int>(cadence: .fast)
    #expect(gate.propose(3, shown: 1, time: 1.0) == .none)
    #expect(gate.propose(4, shown: 1, time: 1.05) == .none)
    #expect(gate.tick(time: 1.1) == .none)
    #expect(gate.tick(time: 1.15) == .apply(4))
    #expect(gate.pending == nil)
    // Proposing what is shown forgets the pending target.
    _ = gate.propose(5, shown: 4, time: 2)
    #expect(gate.propose(4, shown: 4, time: 2.01) == .none)
    #expect(gate.tick(time: 3) == .none)
    // Flush applies at once.
    _ = gate.propose(6, shown: 4, time: 4)
    #expect(gate.flush() == .apply(6))
  }

  @Test func cadenceValues() {
    #expect(ReorderingCadence.immediate.delay == 0)
    #expect(ReorderingCadence.fast.delay == 0.1)
    #expect(ReorderingCadence.slow.delay == 0.3)
    #expect(ReorderingCadence(delay: -1).delay == 0)
    var gate = CadenceGate<Int>()
    #expect(gate.propose(2, shown: 1, time: 0) == .apply(2))
  }

  @Test func proposals() {
    let p = DropProposal(operation: .forbidden)
    #expect(p.intent == .unspecified)
    #expect(!p.landsItems)
    #expect(DropProposal(operation: .copy, intent: .insertAtDestinationIndexPath).landsItems)
    #expect(!DropProposal(operation: .cancel).landsItems)
  }
}
