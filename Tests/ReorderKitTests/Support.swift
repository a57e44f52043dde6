import ReorderKit

/// Builds a snapshot of plain items from section arrays, naming sections S0, S1, …
func makeSnapshot(_ sections: [[String]]) -> Snapshot<String, String> {
  var snapshot = Snapshot<String, String>()
  for (s, items) in sections.enumerated() {
    try! snapshot.appendSection("S\(s)", items: items)
  }
  return snapshot
}

/// The naive reference model of a move: remove at the source, insert at the destination (counted after removal).
func referenceMove(_ sections: [[String]], from: ItemPath, to: ItemPath) -> [[String]] {
  var result = sections
  let item = result[from.section].remove(at: from.item)
  result[to.section].insert(item, at: to.item)
  return result
}

/// Every way to put n items into k ordered sections (compositions with empty parts).
func compositions(_ n: Int, into k: Int) -> [[Int]] {
  if k == 1 { return [[n]] }
  return (0...n).flatMap { first in compositions(n - first, into: k - 1).map { [first] + $0 } }
}

extension Rect {
  var centre: Point { Point(x: midX, y: midY) }
}

/// Presses at `point` and holds it past the long press (0.5 s), a frame (1/60 s) at a time, so the
/// cell under it lifts. Returns the events and the time of the last frame.
@discardableResult
func lift(
  _ view: inout CollectionView<String, String>, at point: Point, start: Double = 0
) -> (events: [CollectionViewEvent<String, String>], time: Double) {
  var events = view.pointerDown(at: point, time: start)
  var t = start
  while t < start + 0.55 {
    t += 1.0 / 60
    events += view.tick(time: t)
  }
  return (events, t)
}

/// Drives a gesture: down at `from`, long press, move to each point, up at the last one.
@discardableResult
func drag(
  _ view: inout CollectionView<String, String>, from: Point, through points: [Point], start: Double = 0
) -> [CollectionViewEvent<String, String>] {
  var (events, t) = lift(&view, at: from, start: start)
  for p in points {
    t += 0.1
    events += view.pointerMoved(to: p, time: t)
  }
  events += view.pointerUp(at: points.last ?? from, time: t + 0.1)
  return events
}

func sections(of view: CollectionView<String, String>) -> [[String]] {
  view.snapshot.sections.map(\.items)
}
