import ReorderKit

private typealias View = CollectionView<String, String>
private typealias Data = Snapshot<String, String>

/// What undo and redo should give: the data before and after a gesture.
private struct Step {
  var before: Data
  var after: Data
}

/// `Change` sequences through `perform`, mixed with gestures (pointer and keyboard), undo and redo,
/// on a small grid or list in any mode, all chosen by the fuzzer's bytes. After every step:
/// - the snapshot's invariants hold, and it holds exactly the items the performed changes say
///   (no item lost or duplicated: gestures, undo and redo only move items);
/// - a change that `perform` refuses leaves the data as it was;
/// - the changes `perform` returns undo it exactly, and the change performed again redoes it;
/// - with no new data since, undo takes a gesture back to the data before it, and redo forward to
///   the data after it.
///
/// The fuzz target `changes` (Fuzz/Targets/changes.swift) runs it; `FuzzRegressionTests` replays
/// the inputs it once failed on.
struct ChangeFuzzMachine {
  /// Plays an input; `trace` hears each step.
  static func run(_ bytes: [UInt8], trace: ((String) -> Void)? = nil) throws(FuzzFailure) {
    var input = FuzzBytes(bytes)
    var machine = ChangeFuzzMachine(&input)
    machine.trace = trace
    trace?("\(machine.view.layoutConfiguration), \(machine.view.mode): \(describe(machine.view.snapshot))")
    var steps = 0
    while !input.isAtEnd && steps < 300 {
      steps += 1
      try machine.step(&input)
    }
  }

  var trace: ((String) -> Void)?
  fileprivate var view: View
  var time = 0.0
  var nextID = 0
  /// The items the data should hold.
  var expected: Set<String>
  /// The top of the view's undo and redo stacks, as far as they are known (no new data since).
  fileprivate var undoModel: [Step] = []
  fileprivate var redoModel: [Step] = []
  /// The data when the current drag began, while no new data came during it.
  fileprivate var dragStart: Data?
  var dragClean = false

  private init(_ input: inout FuzzBytes) {
    var data = Data()
    let sectionCount = 1 + input.below(3)
    let grouped = input.bool()
    var n = 0
    for s in 0..<sectionCount {
      try! data.appendSection("S\(s)")
      for _ in 0..<input.below(7) {
        if grouped && input.byte() % 3 == 0 {
          let kids = (0..<input.below(4)).map { k in "g\(n)c\(k)" }
          try! data.appendGroup("g\(n)", children: kids, expanded: input.bool(), toSection: "S\(s)")
        } else {
          try! data.appendItem("i\(n)", toSection: "S\(s)")
        }
        n += 1
      }
    }
    let layout: LayoutConfiguration =
      grouped || input.bool()
      ? .list(.init(width: 320, rowHeight: 44, headerHeight: Double(input.below(3)) * 14))
      : .grid(
        .init(
          width: 300, columns: 1 + input.below(4), itemSpacing: Double(input.below(3)) * 5,
          lineSpacing: Double(input.below(3)) * 5, headerHeight: Double(input.below(3)) * 14))
    let modes: [ReorderMode] = [.interactive, .live, .dragDrop]
    view = View(
      snapshot: data, layout: layout, viewSize: Size(width: 320, height: 100 + Double(input.below(400))),
      mode: modes[input.below(3)])
    expected = Set(data.sections.flatMap { s in s.items.flatMap { [$0] + data.children(of: $0) } })
  }

  fileprivate static func items(of data: Data) throws(FuzzFailure) -> Set<String> {
    var all: [String] = []
    for section in data.sections {
      for id in section.items { all += [id] + data.children(of: id) }
    }
    let set = Set(all)
    if set.count != all.count { throw FuzzFailure("an item stands twice: \(describe(data))") }
    return set
  }

  // MARK: Steps

  mutating func step(_ input: inout FuzzBytes) throws(FuzzFailure) {
    let before = view.snapshot
    let wasDragging = view.isDragging
    time += [0.0, 1.0 / 60, 0.1, 0.6][input.below(4)]
    var events: [CollectionViewEvent<String, String>] = []
    var isGesture = true
    var what: String
    switch input.byte() % 12 {
    case 0, 1:
      what = try perform(&input)
      isGesture = false
    case 2:
      let p = point(&input)
      what = "pointerDown(\(p))"
      events = view.pointerDown(at: p, time: time)
    case 3, 4:
      let p = point(&input)
      what = "pointerMoved(\(p))"
      events = view.pointerMoved(to: p, time: time)
    case 5:
      let p = point(&input)
      what = "pointerUp(\(p))"
      events = view.pointerUp(at: p, time: time)
    case 6:
      what = "tick"
      events = view.tick(time: time)
    case 7:
      what = "undo"
      try undo()
      isGesture = false
    case 8:
      what = "redo"
      try redo()
      isGesture = false
    case 9:
      let all = view.snapshot.sections.flatMap(\.items)
      let id = all.isEmpty ? nil : all[input.below(all.count)]
      what = "focus(\(id ?? "nil"))"
      events = view.focus(id, time: time)
    case 10:
      let key = NavigationKey.allCases[input.below(NavigationKey.allCases.count)]
      what = "key(\(key))"
      events = view.keyPressed(key, time: time)
    default:
      if input.bool() {
        what = "cancel"
        events = view.cancelGesture(time: time)
      } else {
        let p = point(&input)
        what = "scroll(\(p))"
        events = view.scroll(by: p, time: time)
      }
    }
    trace?("t=\(time) \(what): \(events.map { "\($0)" }) -> \(describe(view.snapshot))")
    view.snapshot._checkInvariants()
    if try Self.items(of: view.snapshot) != expected {
      throw FuzzFailure("the items changed: expected \(expected.sorted()), have \(describe(view.snapshot))")
    }
    if !wasDragging && view.isDragging {
      dragStart = before
      dragClean = true
    }
    guard isGesture else { return }
    let committed = events.contains { if case .committed = $0 { true } else { false } }
    if committed {
      redoModel = []
      if let start = wasDragging ? dragStart : before, !wasDragging || dragClean {
        undoModel.append(Step(before: start, after: view.snapshot))
      } else {
        undoModel = []
      }
    }
    if !committed && !wasDragging && !view.isDragging && view.snapshot != before {
      // A folder opened or closed by a tap or an arrow key: not an undo step, like new data.
      undoModel = []
      redoModel = []
    }
    if !view.isDragging { dragStart = nil }
  }

  func point(_ input: inout FuzzBytes) -> Point {
    Point(x: Double(input.below(340)) - 10, y: Double(input.below(620)) - 10)
  }

  mutating func undo() throws(FuzzFailure) {
    let before = view.snapshot
    let could = view.canUndo
    let events = view.undo(time: time)
    if could && view.isDragging {
      // A press held long enough lifted an item first (the time passed): nothing is undone then.
      // (A live drag may take a first step at once: the content scrolled under the pointer.)
      if view.mode != .live && view.snapshot != before {
        throw FuzzFailure("undo lifted an item and changed the data: \(describe(view.snapshot)), events \(events)")
      }
      return
    }
    guard could else {
      if !view.isDragging && view.snapshot != before { throw FuzzFailure("undo with nothing to undo changed the data") }
      return
    }
    guard let step = undoModel.popLast() else {
      redoModel = []
      return
    }
    if view.snapshot != step.before {
      throw FuzzFailure(
        "undo gave \(describe(view.snapshot)), not \(describe(step.before)) (from \(describe(before)); events \(events))"
      )
    }
    redoModel.append(step)
  }

  mutating func redo() throws(FuzzFailure) {
    let before = view.snapshot
    let could = view.canRedo
    let events = view.redo(time: time)
    if could && view.isDragging {
      // A press held long enough lifted an item first (the time passed): nothing is redone then.
      if view.mode != .live && view.snapshot != before {
        throw FuzzFailure("redo lifted an item and changed the data: \(describe(view.snapshot)), events \(events)")
      }
      return
    }
    guard could else {
      if !view.isDragging && view.snapshot != before { throw FuzzFailure("redo with nothing to redo changed the data") }
      return
    }
    guard let step = redoModel.popLast() else {
      undoModel = []
      return
    }
    if view.snapshot != step.after {
      throw FuzzFailure(
        "redo gave \(describe(view.snapshot)), not \(describe(step.after)) (from \(describe(before)); events \(events))"
      )
    }
    undoModel.append(step)
  }

  // MARK: perform

  mutating func perform(_ input: inout FuzzBytes) throws(FuzzFailure) -> String {
    let change = randomChange(&input)
    let before = view.snapshot
    let inverse: [Change<String, String>]
    do {
      inverse = try view.perform(change, time: time)
    } catch {
      if view.snapshot != before { throw FuzzFailure("\(change) was refused (\(error)) but changed the data") }
      return trace == nil ? "" : "perform(\(change)) refused: \(error)"
    }
    // New data: the view's history is now fitted to it, beyond what this model follows.
    undoModel = []
    redoModel = []
    dragClean = false
    let after = view.snapshot
    switch change {
    case .inserted(let d, let children, _):
      for id in d.items { expected.formUnion([id] + (children[id] ?? [])) }
    case .deleted(let items):
      for id in items { expected.subtract([id] + before.children(of: id)) }
    default: break
    }
    if try Self.items(of: after) != expected {
      throw FuzzFailure("\(change) left \(describe(after)), expected \(expected.sorted())")
    }
    // The inverse undoes it exactly; the change again redoes it. Not during a live drag: the
    // dragged items always stand at the placeholder, which new data may move (to the end of its
    // container when its next item is deleted, DESIGN "New data during a drag").
    if view.isDragging && view.mode == .live { return trace == nil ? "" : "perform(\(change)) during a live drag" }
    for undo in inverse {
      do { try view.perform(undo, time: time) } catch {
        throw FuzzFailure("the inverse \(undo) of \(change) failed: \(error)")
      }
    }
    if view.snapshot != before {
      throw FuzzFailure("the inverse \(inverse) of \(change) gave \(describe(view.snapshot)), not \(describe(before))")
    }
    do { try view.perform(change, time: time) } catch {
      throw FuzzFailure("\(change) failed the second time: \(error)")
    }
    if view.snapshot != after {
      throw FuzzFailure("\(change) again gave \(describe(view.snapshot)), not \(describe(after))")
    }
    return trace == nil ? "" : "perform(\(change)), inverse \(inverse)"
  }

  /// A change, usually valid: known items, sections and groups, sometimes unknown ones.
  mutating func randomChange(_ input: inout FuzzBytes) -> Change<String, String> {
    let data = view.snapshot
    let all = data.sections.flatMap { s in s.items.flatMap { [$0] + data.children(of: $0) } }
    func anyItem(_ input: inout FuzzBytes) -> String {
      all.isEmpty || input.byte() % 16 == 0 ? "zz" : all[input.below(all.count)]
    }
    func items(_ input: inout FuzzBytes) -> [String] { (0...input.below(3)).map { _ in anyItem(&input) } }
    func place(_ input: inout FuzzBytes, _ items: [String]) -> ReorderDifference<String, String> {
      let s = input.below(data.numberOfSections + 1)
      let section = s < data.numberOfSections ? data.sections[s].id : "S9"
      let groups = all.filter(data.isGroup)
      let parent = !groups.isEmpty && input.byte() % 4 == 0 ? groups[input.below(groups.count)] : nil
      let siblings = parent.map(data.children(of:)) ?? (s < data.numberOfSections ? data.sections[s].items : [])
      let before =
        input.bool()
        ? nil : input.byte() % 8 == 0 || siblings.isEmpty ? anyItem(&input) : siblings[input.below(siblings.count)]
      return ReorderDifference(items: items, section: section, parent: parent, before: before)
    }
    switch input.byte() % 5 {
    case 0, 1:
      let moving = items(&input)
      return .moved(place(&input, moving))
    case 2:
      let new = (0...input.below(2)).map { _ in
        nextID += 1
        return "n\(nextID)"
      }
      var children: [String: [String]] = [:]
      var expanded: Set<String> = []
      if input.byte() % 3 == 0, let group = new.first {
        children[group] = (0..<input.below(3)).map { k in "\(group)c\(k)" }
        if input.bool() { expanded.insert(group) }
      }
      // Sometimes an item already there, or one named twice.
      let named = input.byte() % 10 == 0 ? new + [input.bool() ? new[0] : anyItem(&input)] : new
      return .inserted(place(&input, named), children: children, expanded: expanded)
    case 3:
      return .deleted(items(&input))
    default:
      let groups = all.filter(data.isGroup)
      let group = groups.isEmpty || input.byte() % 8 == 0 ? anyItem(&input) : groups[input.below(groups.count)]
      return input.bool() ? .expanded(group) : .collapsed(group)
    }
  }
}

/// The data in one line: `S0: a b g[c d]+`, a group's children in brackets, `+` when it is open.
private func describe(_ data: Snapshot<String, String>) -> String {
  data.sections.map { section in
    "\(section.id): "
      + section.items.map { id in
        data.isGroup(id)
          ? "\(id)[\(data.children(of: id).joined(separator: " "))]\(data.isExpanded(id) ? "+" : "")" : id
      }.joined(separator: " ")
  }.joined(separator: " | ")
}
