@testable import ReorderKit

/// Rows are 40 tall, no headers: row r spans y = 40r ..< 40r + 40.
let dropListLayout = LayoutConfiguration.list(.init(width: 300, rowHeight: 40))

/// Lessons: Intro, Basics [Variables, Loops], Advanced [Generics], Wrap-up (drag and drop unless told otherwise).
func lessonsView(
  expanded: Bool = true, height: Double = 800, mode: ReorderMode = .dragDrop
) -> CollectionView<String, String> {
  var s = Snapshot<String, String>()
  try! s.appendSection("Lessons")
  try! s.appendItem("Intro", toSection: "Lessons")
  try! s.appendGroup("Basics", children: ["Variables", "Loops"], expanded: expanded, toSection: "Lessons")
  try! s.appendGroup("Advanced", children: ["Generics"], expanded: expanded, toSection: "Lessons")
  try! s.appendItem("Wrap-up", toSection: "Lessons")
  return CollectionView(
    snapshot: s, layout: dropListLayout, viewSize: Size(width: 300, height: height), mode: mode)
}

/// The outline of section 0 as strings: `Basics[Variables,Loops]`, or `Basics(…)` when collapsed.
func outline(_ view: CollectionView<String, String>, section: Int = 0) -> [String] {
  outline(view.snapshot, section: section)
}

func outline(_ snapshot: Snapshot<String, String>, section: Int = 0) -> [String] {
  snapshot.items(inSection: section).map { id in
    guard snapshot.isGroup(id) else { return id }
    let children = snapshot.children(of: id).joined(separator: ",")
    return snapshot.isExpanded(id) ? "\(id)[\(children)]" : "\(id)(\(children))"
  }
}

/// A drag driven step by step: down, long press, then moves, taps, ticks and the release.
struct DragDriver {
  var view: CollectionView<String, String>
  var t: Double = 0
  var events: [CollectionViewEvent<String, String>] = []

  init(_ view: CollectionView<String, String>) { self.view = view }

  mutating func lift(at p: Point) {
    events += view.pointerDown(at: p, time: t)
    wait(0.55)
  }
  mutating func wait(_ seconds: Double) {
    let end = t + seconds
    while t + 1.0 / 60 <= end + 1e-9 {
      t += 1.0 / 60
      events += view.tick(time: t)
    }
  }
  mutating func move(_ p: Point) {
    t += 0.05
    events += view.pointerMoved(to: p, time: t)
  }
  mutating func tap(_ p: Point) {
    t += 0.05
    events += view.addItemToDragSession(at: p, time: t)
  }
  mutating func release(at p: Point) {
    t += 0.05
    events += view.pointerUp(at: p, time: t)
  }
  mutating func cancel() {
    t += 0.05
    events += view.cancelGesture(time: t)
  }

  var moves: [(String, OutlinePosition<String>, OutlinePosition<String>)] {
    events.compactMap { if case .moved(let id, let from, let to) = $0 { (id, from, to) } else { nil } }
  }
}

/// Replays move events on a snapshot (the UIKit convention: remove, then insert counted after removal).
func replay(
  _ moves: [(String, OutlinePosition<String>, OutlinePosition<String>)], on snapshot: Snapshot<String, String>
)
  -> Snapshot<String, String>
{
  var s = snapshot
  for (id, from, to) in moves {
    precondition(s.itemIdentifier(at: from) == id, "move of \(id) from \(from) names \(s.itemIdentifier(at: from))")
    s.moveItem(from: from, to: to)
  }
  return s
}
