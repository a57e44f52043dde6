import ReorderKit

/// `reorder run scenario.json`: plays a scenario's events through the engine
/// and writes the resulting sections and the committed moves.
///
/// ```swift
/// let result = RunTool.run(scenario: Array(json.utf8), name: "nine-tiles.json")
/// print(result.stdout)   // {"sections": [...], "moves": [...]}
/// ```
public enum RunTool {
  /// The engine's tick rate between events.
  public static let tickRate = 60.0

  /// Runs a scenario document. Bad input gives exit status 2 and one line on standard error.
  public static func run(scenario bytes: [UInt8], name: String) -> ToolResult {
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      return .inputError("\(name): malformed JSON at \(error)")
    }
    let scenario: Scenario
    do {
      scenario = try Scenario(json: json)
    } catch {
      return .inputError("\(name): \(error.message)")
    }
    if scenario.mode == .dragDrop {
      return .inputError("\(name): mode \"dragDrop\" is not supported yet (drag and drop is not built)")
    }
    let outcome = play(scenario)
    return ToolResult(stdout: encode(outcome.snapshot, moves: outcome.moves, isList: scenario.isList) + "\n")
  }

  /// One committed move, as the output reports it.
  public struct Move: Hashable, Sendable {
    public var item: String
    public var from: OutlinePosition<String>
    public var to: OutlinePosition<String>
  }

  /// Plays the events (with 60 Hz ticks between them) and returns the final snapshot and the committed moves.
  public static func play(_ scenario: Scenario) -> (snapshot: Snapshot<String, String>, moves: [Move]) {
    let denied = scenario.denied
    var policy = ReorderPolicy<String>()
    policy.canMoveItem = { id, _ in !denied.contains(id) }
    var view = CollectionView(
      snapshot: scenario.snapshot, layout: scenario.layout, viewSize: scenario.viewSize, mode: scenario.mode,
      itemSizes: scenario.itemSizes, policy: policy)
    var moves: [Move] = []
    func record(_ events: [CollectionViewEvent<String, String>]) {
      for case .moved(let id, let from, let to) in events { moves.append(Move(item: id, from: from, to: to)) }
    }
    var clock = scenario.events.first?.time ?? 0
    for (time, event) in scenario.events {
      var k = 1.0
      while clock + k / tickRate < time - 1e-9 {
        record(view.tick(time: clock + k / tickRate))
        k += 1
      }
      clock = time
      switch event {
      case .down(let p): record(view.pointerDown(at: p, time: time))
      case .move(let p): record(view.pointerMoved(to: p, time: time))
      case .up(let p): record(view.pointerUp(at: p, time: time))
      case .tap(let p): record(view.pointerDown(at: p, time: time) + view.pointerUp(at: p, time: time))
      case .cancel: record(view.cancelGesture(time: time))
      case .tick: record(view.tick(time: time))
      case .scroll(let d): record(view.scroll(by: d, time: time))
      }
    }
    return (view.snapshot, moves)
  }

  /// The output document: `{"sections": [...], "moves": [...]}`.
  public static func encode(_ snapshot: Snapshot<String, String>, moves: [Move], isList: Bool) -> String {
    var w = JSONWriter()
    w.object { w in
      w.key("sections")
      SnapshotJSON.encode(snapshot, into: &w)
      w.key("moves")
      w.array(moves) { w, move in
        w.object { w in
          w.key("item")
          w.string(move.item)
          for (key, position) in [("from", move.from), ("to", move.to)] {
            w.key(key)
            if isList {
              w.object { w in
                w.key("section")
                w.int(position.section)
                w.key("parent")
                if let parent = position.parent { w.string(parent) } else { w.null() }
                w.key("index")
                w.int(position.index)
              }
            } else {
              w.array([position.section, position.index]) { w, n in w.int(n) }
            }
          }
        }
      }
    }
    return w.text
  }
}
