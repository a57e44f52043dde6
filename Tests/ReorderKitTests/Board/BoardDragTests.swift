import ReorderTestSupport
import Testing

@testable import ReorderKit

/// The board's drag machine alone, with no `CollectionView`: each phase and input by hand, then
/// every sequence of four inputs and seeded longer ones against a naive board whose views are
/// arrays of items and a session each (shows the gap, or lends). The model performs the machine's
/// actions as `Board` does and checks after every input: at most one view shows a gap, and it is
/// the machine's holder; the source lends exactly while the machine says so; no other view has a
/// session; and the items are in exactly one view's data after every gesture (mid-drag, a
/// travelling item is in its source's data and, while it visits a view, in that view's too).
/// The machine's own `_checkInvariants()` runs after every input (debug builds).
@Suite("Board: the drag machine alone")
struct BoardDragTests {
  typealias Drag = BoardDrag<String, String, String>

  static func gap(_ index: Int) -> Drag.Entry { .gap(OutlinePosition(section: 0, parent: nil, index: index)) }

  static func snapshot(_ items: [String], section: String = "a") -> Snapshot<String, String> {
    var data = Snapshot<String, String>()
    try! data.appendSection(section, items: items)
    return data
  }

  /// A drag of "x" (and `more`) lifted in "a", whose data is `data`, taken to "b" at index 1.
  static func visiting(more: [String] = [], data: [String] = ["w", "x", "y", "z"]) -> Drag {
    var drag = Drag(source: "a", lead: "x", items: ["x"] + more, pointer: .zero, isKeyboard: false)
    #expect(drag.pointer(at: Point(x: 400, y: 10), over: "b") == .cross(to: "b"))
    #expect(drag.leave() == .lend("a", first: true))
    drag.lent(
      Drag.Trip(
        lending: ["x"] + more, grab: Point(x: 5, y: 6), size: Size(width: 300, height: 44), in: snapshot(data),
        sizes: [:]))
    guard case .takeIn("b", at: let p, _) = drag.arrive(over: "b", gap(1)) else {
      Issue.record("no take-in")
      return drag
    }
    #expect(p.index == 1)
    return drag
  }

  // MARK: Each phase and input

  @Test func theLiftIsTheSourcesOwnDrag() {
    var drag = Drag(source: "a", lead: "x", items: ["x"], pointer: Point(x: 1, y: 2), isKeyboard: false)
    #expect(drag.phase == .lifted(Drag.Lift(items: ["x"])))
    #expect(drag.holder == "a" && drag.pristine && !drag.lends && drag.trip == nil)
    #expect(drag.refusingView == nil && drag.floatingFrame == nil && drag.scrollsBoard)
    #expect(drag.pointer(at: Point(x: 3, y: 4), over: "a") == .step("a", reportsData: true))
    #expect(drag.pointer == Point(x: 3, y: 4))
    #expect(drag.release() == .source("a"))
    #expect(drag.cancel() == .source("a"))
    #expect(drag.newData(for: "a") == .apply)
    #expect(drag.newData(for: "b") == .apply)
    #expect(drag.key(.down, axis: .horizontal, views: 3) == .source("a"))
    #expect(drag.key(.escape, axis: .horizontal, views: 3) == .source("a"))
    drag.sourceItems(["x", "y"])
    #expect(drag.items == ["x", "y"])
  }

  @Test func theFirstLeaveLendsAndWaitsForTheSourcesAnswer() {
    var drag = Drag(source: "a", lead: "x", items: ["x", "z"], pointer: .zero, isKeyboard: false)
    #expect(drag.pointer(at: Point(x: 400, y: 10), over: nil) == .cross(to: nil))
    #expect(drag.leave() == .lend("a", first: true))
    #expect(drag.pristine, "lifted until the source answers")
    drag.lent(
      Drag.Trip(
        lending: ["z", "x", "gone"], grab: Point(x: 5, y: 6), size: Size(width: 30, height: 40),
        in: Self.snapshot(["w", "x", "y", "z"]),
        sizes: ["x": Size(width: 1, height: 2), "w": Size(width: 9, height: 9)]))
    let trip = try! #require(drag.trip)
    // In the source's order, only what its data holds; their home and sizes noted.
    #expect(trip.items == ["x", "z"])
    #expect(trip.homePositions["x"]?.index == 1 && trip.homePositions["z"]?.index == 3)
    #expect(trip.sizes == ["x": Size(width: 1, height: 2)])
    #expect(trip.home.count == 2)
    #expect(drag.phase == .overNoView(trip))
    #expect(drag.holder == nil && drag.lends)
    #expect(drag.arrive(over: nil, .noGap) == .none)
    #expect(drag.floatingFrame == Rect(x: 395, y: 4, width: 30, height: 40))
  }

  @Test func groupsTravelWithTheirChildren() {
    var data = Snapshot<String, String>()
    try! data.appendSection("a", items: ["x"])
    try! data.appendGroup("g", children: ["c1", "c2"], toSection: "a")
    let trip = Drag.Trip(lending: ["g"], grab: .zero, size: .zero, in: data, sizes: ["c1": Size(width: 1, height: 1)])
    #expect(trip.children == ["g": ["c1", "c2"]])
    #expect(trip.expanded == ["g"])
    #expect(trip.sizes == ["c1": Size(width: 1, height: 1)])
  }

  @Test func visitingAnotherView() {
    var drag = Self.visiting()
    #expect(drag.holder == "b" && drag.lends && !drag.pristine && drag.floatingFrame == nil)
    #expect(drag.pointer(at: Point(x: 410, y: 10), over: "b") == .step("b", reportsData: false))
    #expect(drag.newData(for: "b") == .holder(drag.trip!))
    #expect(drag.newData(for: "a") == .source)
    #expect(drag.newData(for: "c") == .apply)
    #expect(drag.release() == .drop("b", drag.trip!))
    #expect(drag.cancel() == .across)
    #expect(drag.key(.down, axis: .horizontal, views: 3) == .holder("b"))
    #expect(drag.key(.space, axis: .horizontal, views: 3) == .release)
    #expect(drag.key(.enter, axis: .horizontal, views: 3) == .release)
    #expect(drag.key(.escape, axis: .horizontal, views: 3) == .cancel)
    #expect(drag.key(.right, axis: .horizontal, views: 3) == .across(forward: true))
    #expect(drag.key(.up, axis: .vertical, views: 3) == .across(forward: false))
    #expect(drag.key(.right, axis: .vertical, views: 3) == .holder("b"))
    #expect(drag.key(.right, axis: .horizontal, views: 1) == .holder("b"))
    // Leaving it, the view gives the items back.
    #expect(drag.pointer(at: Point(x: 900, y: 10), over: "c") == .cross(to: "c"))
    #expect(drag.leave() == .giveBack("b"))
    #expect(drag.holder == nil)
  }

  @Test func aViewThatRefuses() {
    var drag = Self.visiting()
    #expect(drag.pointer(at: Point(x: 700, y: 10), over: "c") == .cross(to: "c"))
    #expect(drag.leave() == .giveBack("b"))
    #expect(drag.arrive(over: "c", .refuses) == .refused("c"))
    #expect(drag.refusingView == "c" && drag.holder == nil && drag.lends)
    #expect(drag.floatingFrame == Rect(x: 695, y: 4, width: 300, height: 44))
    // Still over it: nothing, but the pointer is kept (the floating cell follows it).
    #expect(drag.pointer(at: Point(x: 720, y: 30), over: "c") == .none)
    #expect(drag.pointer == Point(x: 720, y: 30))
    #expect(drag.release() == .cancel)
    #expect(drag.key(.down, axis: .horizontal, views: 3) == .none)
    #expect(drag.newData(for: "c") == .apply)
    // Off it: the refusal ends, nothing to give back.
    #expect(drag.pointer(at: Point(x: 1000, y: 10), over: nil) == .cross(to: nil))
    #expect(drag.leave() == .nothing)
    #expect(drag.refusingView == nil)
    #expect(drag.arrive(over: nil, .noGap) == .none)
  }

  @Test func backHome() {
    var drag = Self.visiting()
    #expect(drag.pointer(at: Point(x: 10, y: 10), over: "a") == .cross(to: "a"))
    #expect(drag.leave() == .giveBack("b"))
    #expect(drag.arrive(over: "a", Self.gap(2)) == .resume("a", at: OutlinePosition(section: 0, parent: nil, index: 2)))
    #expect(drag.holder == "a" && !drag.lends && !drag.pristine)
    #expect(drag.pointer(at: Point(x: 12, y: 10), over: "a") == .step("a", reportsData: false))
    #expect(drag.release() == .drop("a", drag.trip!))
    #expect(drag.cancel() == .across)
    #expect(drag.newData(for: "a") == .source)
    // Leaving home again lends, not for the first time.
    #expect(drag.pointer(at: Point(x: 400, y: 10), over: "b") == .cross(to: "b"))
    #expect(drag.leave() == .lend("a", first: false))
    #expect(drag.lends)
  }

  @Test func aViewWithNoGapHoldsNothing() {
    var drag = Self.visiting()
    #expect(drag.leave() == .giveBack("b"))
    #expect(drag.arrive(over: "c", .noGap) == .none)
    #expect(drag.holder == nil && drag.refusingView == nil)
    // Over the same view again: another try at its gap.
    #expect(drag.pointer(at: Point(x: 700, y: 10), over: "c") == .cross(to: "c"))
  }

  @Test func theKeyboardTakesOver() {
    var drag = Drag(source: "a", lead: "x", items: ["x"], pointer: Point(x: 1, y: 1), isKeyboard: false)
    drag.keyboardHolds()
    #expect(drag.isKeyboard && !drag.scrollsBoard)
    #expect(drag.pointer(at: Point(x: 400, y: 10), over: "b") == .ignored)
    #expect(drag.pointer == Point(x: 1, y: 1), "a keyboard drag keeps no pointer")
    #expect(drag.key(.right, axis: .horizontal, views: 2) == .across(forward: true))
    #expect(drag.key(.right, axis: .horizontal, views: 1) == .source("a"))
  }

  @Test func newDataForTheSource() {
    // Items the data still holds stay; where it has them is their new home.
    var drag = Self.visiting(more: ["z"])
    #expect(drag.sourceData(Self.snapshot(["x", "w", "y"])) == .keep(gone: ["z"], visited: "b"))
    #expect(drag.items == ["x"])
    #expect(drag.trip?.homePositions["x"]?.index == 0)
    #expect(drag.holder == "b")
    // Nothing gone: the visited view keeps them all.
    #expect(drag.sourceData(Self.snapshot(["w", "x"])) == .keep(gone: [], visited: nil))
    // The lead gone: a cancel, the visited view giving the items back.
    #expect(drag.sourceData(Self.snapshot(["w", "y"])) == .cancel(.giveBack("b")))
    #expect(drag.holder == nil)
    // Back home, the lead gone: the source lends what it held.
    var home = Self.visiting()
    _ = home.leave()
    _ = home.arrive(over: "a", Self.gap(0))
    #expect(home.sourceData(Self.snapshot(["w"])) == .cancel(.lend("a", first: false)))
  }

  @Test func viewsRemoved() {
    var lifted = Drag(source: "a", lead: "x", items: ["x"], pointer: .zero, isKeyboard: false)
    #expect(lifted.viewRemoved("b") == .none)
    #expect(lifted.viewRemoved("a") == .cancel(.nothing))
    var visiting = Self.visiting()
    #expect(visiting.viewRemoved("c") == .none)
    #expect(visiting.viewRemoved("a") == .cancel(.giveBack("b")))
    var visited = Self.visiting()
    #expect(visited.viewRemoved("b") == .returnToSource)
    #expect(visited.holder == nil && visited.lends)
    // The gap goes back to the source, at its lift place.
    #expect(visited.leave() == .nothing)
    #expect(
      visited.arrive(over: "a", Self.gap(1)) == .resume("a", at: OutlinePosition(section: 0, parent: nil, index: 1)))
  }

  @Test func wrongStateCallsStop() async {
    await #expect(processExitsWith: .failure) {
      var drag = BoardDrag<String, String, String>(
        source: "a", lead: "x", items: ["x"], pointer: .zero, isKeyboard: false)
      _ = drag.arrive(over: "b", .noGap)
    }
    await #expect(processExitsWith: .failure) {
      var drag = BoardDragTests.visiting()
      drag.lent(
        BoardDrag<String, String, String>.Trip(
          items: ["x"], home: [], homePositions: ["x": OutlinePosition(section: 0, parent: nil, index: 0)]))
    }
  }

  // MARK: Every sequence, against a naive board

  /// An input of the model board.
  enum Input: Hashable, CustomStringConvertible {
    case lift([String])
    case over(String?)
    case overWithoutGap(String)
    case key(NavigationKey)
    case release, cancel
    case addItem
    case sourceReversed, sourceLosesOne, sourceLosesLead, holderData
    case remove(String)

    var description: String {
      switch self {
      case .lift(let items): "lift \(items)"
      case .over(let v): "over \(v ?? "none")"
      case .overWithoutGap(let v): "over \(v), no gap"
      case .key(let k): "key \(k)"
      case .release: "release"
      case .cancel: "cancel"
      case .addItem: "add y"
      case .sourceReversed: "source data reversed"
      case .sourceLosesOne: "source data loses one"
      case .sourceLosesLead: "source data loses the lead"
      case .holderData: "visited view's data"
      case .remove(let v): "remove \(v)"
      }
    }

    static let alphabet: [Input] = [
      .lift(["x"]), .over("a"), .over("b"), .overWithoutGap("b"), .over("c"), .over(nil), .key(.right), .key(.left),
      .key(.down), .key(.escape), .key(.space), .release, .cancel, .sourceReversed, .sourceLosesOne,
      .sourceLosesLead, .holderData, .addItem,
    ]
  }

  /// A board of three views side by side ("a", "b", "c"; "c" refuses items from others), each a
  /// list of items and at most one session, driven through the machine as `Board` drives it.
  struct Model {
    enum Session: Equatable { case gap, away }
    static let views = ["a", "b", "c"]
    var data: [String: [String]] = ["a": ["w", "x", "y", "z"], "b": ["p", "q"], "c": ["r"]]
    var sessions: [String: Session] = [:]
    var drag: Drag?
    /// Every item that should be on the board (new data deletes some).
    var universe: Set<String> = ["w", "x", "y", "z", "p", "q", "r"]
    var trail: [Input] = []

    mutating func send(_ input: Input) {
      trail.append(input)
      switch input {
      case .lift(let items):
        guard drag == nil else { break }
        let present = items.filter { data["a"]!.contains($0) }
        guard let lead = present.first else { break }
        drag = Drag(source: "a", lead: lead, items: present, pointer: .zero, isKeyboard: false)
        sessions["a"] = .gap
      case .over(let view): pointer(over: view, gap: true)
      case .overWithoutGap(let view): pointer(over: view, gap: false)
      case .key(let key): self.key(key)
      case .release: release()
      case .cancel: cancel()
      case .addItem:
        guard var d = drag, d.pristine, !d.items.contains("y"), data["a"]!.contains("y") else { break }
        d.sourceItems(d.items + ["y"])
        drag = d
      case .sourceReversed: sourceData(data["a"]!.reversed())
      case .sourceLosesOne:
        let items = drag?.items ?? []
        guard let one = items.first(where: { $0 != drag?.lead && data["a"]!.contains($0) }) ?? data["a"]!.last else {
          break
        }
        sourceData(data["a"]!.filter { $0 != one })
      case .sourceLosesLead:
        guard let lead = drag?.lead else { break }
        sourceData(data["a"]!.filter { $0 != lead })
      case .holderData: holderData()
      case .remove(let view): remove(view)
      }
      check()
    }

    // The pointer over a view: a step in the view that holds the gap, or a crossing.
    mutating func pointer(over view: String?, gap: Bool) {
      guard var d = drag else { return }
      switch d.pointer(at: Point(x: 1, y: 1), over: view) {
      case .ignored, .none:
        break
      case .step(let holder, let reportsData):
        #expect(sessions[holder] == .gap, "\(trail)")
        #expect(reportsData == d.pristine, "\(trail)")
      case .cross(let to):
        cross(&d, to: to, gap: gap, keyboardIndex: nil)
      }
      drag = d
    }

    mutating func cross(_ d: inout Drag, to view: String?, gap: Bool, keyboardIndex: Int?) {
      perform(d.leave(), &d)
      let entry: Drag.Entry
      if let view {
        if view != d.source && view == "c" {
          entry = .refuses
        } else if !gap {
          entry = .noGap
        } else {
          // The gap among the items the view shows (its source lends the travelling ones).
          let shown = data[view]!.filter { !d.items.contains($0) }
          entry = BoardDragTests.gap(min(keyboardIndex ?? 1, shown.count))
        }
      } else {
        entry = .noGap
      }
      switch d.arrive(over: view, entry) {
      case .none, .refused:
        break
      case .resume(let source, _):
        #expect(sessions[source] == .away, "\(trail)")
        sessions[source] = .gap
      case .takeIn(let view, let position, let trip):
        #expect(sessions[view] == nil, "\(trail)")
        #expect(trip.items.allSatisfy { !data[view]!.contains($0) }, "\(trail)")
        data[view]!.insert(contentsOf: trip.items, at: position.index)
        sessions[view] = .gap
      }
    }

    mutating func perform(_ leave: Drag.Leave, _ d: inout Drag) {
      switch leave {
      case .nothing:
        break
      case .lend(let source, let first):
        #expect(sessions[source] == .gap, "\(trail)")
        sessions[source] = .away
        if first {
          #expect(d.pristine, "\(trail)")
          d.lent(
            Drag.Trip(
              lending: d.items, grab: .zero, size: Size(width: 10, height: 10), in: snapshot(of: source), sizes: [:]))
        }
      case .giveBack(let view):
        #expect(sessions[view] == .gap, "\(trail)")
        let items = d.items
        data[view]!.removeAll(where: items.contains)
        sessions[view] = nil
      }
    }

    mutating func key(_ key: NavigationKey) {
      guard var d = drag else { return }
      switch d.key(key, axis: .horizontal, views: Self.views.count) {
      case .none, .holder:
        break
      case .source(let source):
        // The source's own keys: Escape cancels, Space and Enter drop, the others move within.
        if key == .escape || key == .space || key == .enter {
          sessions[source] = nil
          end()
          return
        }
      case .across(let forward):
        let from = d.holder.flatMap(Self.views.firstIndex(of:)) ?? 0
        let order = forward ? Array(Self.views[(from + 1)...]) : Array(Self.views[..<from].reversed())
        guard let target = order.first(where: { $0 == d.source || $0 != "c" }) else { break }
        d.keyboardHolds()
        cross(&d, to: target, gap: true, keyboardIndex: 0)
      case .release:
        drag = d
        release()
        return
      case .cancel:
        drag = d
        cancel()
        return
      }
      drag = d
    }

    mutating func release() {
      guard var d = drag else { return }
      switch d.release() {
      case .source(let source):
        sessions[source] = nil
        end()
      case .drop(let view, let trip):
        sessions[view] = nil
        if view != d.source {
          // The source kept the items until now: they leave its data.
          data[d.source]!.removeAll(where: trip.items.contains)
          sessions[d.source] = nil
        }
        end()
      case .cancel:
        cancelAcross(&d)
      }
    }

    mutating func cancel() {
      guard var d = drag else { return }
      switch d.cancel() {
      case .source(let source):
        sessions[source] = nil
        end()
      case .across:
        cancelAcross(&d)
      }
    }

    mutating func cancelAcross(_ d: inout Drag) {
      perform(d.leave(), &d)
      // The source kept the items: they are shown where they stood.
      sessions[d.source] = nil
      end()
    }

    mutating func sourceData(_ items: [String]) {
      universe.subtract(data["a"]!.filter { !items.contains($0) })
      guard var d = drag else {
        data["a"] = items
        return
      }
      switch d.newData(for: "a") {
      case .apply:
        // The source's own drag: its session goes on over the data, or ends if the lead is gone.
        data["a"] = items
        if !items.contains(d.lead) {
          sessions["a"] = nil
          end()
        }
        return
      case .holder:
        Issue.record("the source is not a visited view: \(trail)")
      case .source:
        switch d.sourceData(BoardDragTests.snapshot(items)) {
        case .cancel(let leave):
          perform(leave, &d)
          sessions["a"] = nil
          data["a"] = items
          end()
          return
        case .keep(let gone, let visited):
          if let visited { data[visited]!.removeAll(where: gone.contains) }
          #expect(visited == nil || d.holder == visited, "\(trail)")
          data["a"] = items
        }
      }
      drag = d
    }

    mutating func holderData() {
      guard let d = drag, let holder = d.holder, holder != d.source else { return }
      // The app's data for the visited view does not have the items: the view keeps them where
      // they stand, so its data is unchanged.
      guard case .holder(let trip) = d.newData(for: holder) else {
        Issue.record("new data for the visited view: \(trail)")
        return
      }
      #expect(trip.items == d.items)
    }

    mutating func remove(_ view: String) {
      guard var d = drag else { return }
      switch d.viewRemoved(view) {
      case .none:
        break
      case .cancel(let leave):
        // The source leaves with its data: the items with it.
        perform(leave, &d)
        sessions[view] = nil
        universe.subtract(data[view]!)
        data[view] = []
        end()
        return
      case .returnToSource:
        sessions[view] = nil
        universe.subtract(data[view]!.filter { !d.items.contains($0) })
        data[view] = []
        perform(d.leave(), &d)
        switch d.arrive(over: d.source, BoardDragTests.gap(0)) {
        case .resume(let source, _): sessions[source] = .gap
        default: Issue.record("the gap goes back to the source: \(trail)")
        }
      }
      drag = d
    }

    mutating func end() {
      drag = nil
    }

    func snapshot(of view: String) -> Snapshot<String, String> { BoardDragTests.snapshot(data[view]!, section: view) }

    /// The board's invariants, against the machine.
    func check() {
      guard let d = drag else {
        #expect(sessions.isEmpty, "no drag, no session: \(trail)")
        for id in universe {
          #expect(Self.views.filter { data[$0]!.contains(id) }.count == 1, "\(id) in one view: \(trail)")
        }
        #expect(Set(data.values.joined()) == universe, "no item lost or invented: \(trail)")
        return
      }
      let gaps = sessions.filter { $0.value == .gap }.map(\.key)
      #expect(gaps.count <= 1, "at most one gap: \(trail)")
      #expect(gaps.first == d.holder, "the holder shows the gap: \(trail)")
      #expect((sessions[d.source] == .away) == d.lends, "the source lends exactly while it should: \(trail)")
      for (view, _) in sessions { #expect(view == d.source || view == d.holder, "a stray session: \(trail)") }
      for id in universe {
        let holders = Self.views.filter { data[$0]!.contains(id) }
        if d.lends, d.items.contains(id), let visited = d.holder {
          #expect(Set(holders) == [d.source, visited], "\(id) lent to \(visited): \(trail)")
        } else {
          #expect(holders.count == 1, "\(id) in one view: \(trail)")
        }
      }
    }
  }

  /// Every sequence of four inputs after a lift (and the lift of two items).
  @Test(arguments: [["x"], ["x", "z"]])
  func everySequenceOfFourInputs(lift: [String]) {
    let alphabet = Input.alphabet
    var count = 0
    func run(_ model: Model, depth: Int) {
      guard depth > 0 else { return }
      for input in alphabet {
        var next = model
        next.send(input)
        count += 1
        run(next, depth: depth - 1)
      }
    }
    var model = Model()
    model.send(.lift(lift))
    run(model, depth: 4)
    #expect(count == alphabet.count * (1 + alphabet.count * (1 + alphabet.count * (1 + alphabet.count))))
  }

  /// Seeded sequences of sixty inputs, views removed among them.
  @Test(arguments: Array(UInt64(1)...200))
  func randomSequences(seed: UInt64) {
    var rng = SplitMix(spreading: seed)
    var model = Model()
    let alphabet = Input.alphabet + [.lift(["x", "y"]), .lift(["z", "w"]), .remove("b"), .remove("a")]
    for _ in 0..<60 {
      model.send(alphabet[rng.int(0...alphabet.count - 1)])
      if model.data["a"]!.isEmpty || model.trail.contains(.remove("a")) { break }
    }
  }
}
