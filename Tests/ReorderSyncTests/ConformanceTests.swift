import Foundation
import Testing

@testable import ReorderSync

/// The conformance script every client of a shared board passes (Tests/Conformance/board-sync.json,
/// issue 44), played against `BoardSync` with a client of the fewest moving parts: a connection
/// that opens at once, a clock moved by the script, and the machine's actions performed as a
/// client performs them. The page plays the same script in Chromium (Tests/Web/conformance.py).
@Suite struct ConformanceTests {
  @Test func theScriptPasses() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Conformance/board-sync.json")
    let script = try SyncJSON.parse(String(decoding: Data(contentsOf: url), as: UTF8.self))
    let token = try #require(script["token"]?.string)
    var client = ScriptedClient(sync: BoardSync(BoardSync.Configuration(token: token)))
    let steps = try #require(script["steps"]?.array)
    for (index, step) in steps.enumerated() {
      let failure = client.play(step)
      #expect(failure == nil, "step \(index + 1) \(step.text): \(failure ?? "")")
      if failure != nil { return }
    }
    #expect(client.sync.checkInvariants(deep: true) == nil)
  }
}

/// A client that performs the machine's actions at once; what it sent waits for the script's
/// `expect`.
struct ScriptedClient {
  var sync: BoardSync
  var now: Int64 = 0
  var wakeAt: Int64?
  var open = false
  var sent: [ClientMessage] = []
  var reports = 0
  var last: String?
  var gestures = 0

  mutating func perform(_ actions: [SyncAction]) {
    var queue = actions[...]
    while let action = queue.popFirst() {
      switch action {
      case .connect:
        open = true
        queue += sync.connected(now: now)
      case .send(let message): if open { sent.append(message) }
      case .close: open = false
      case .report: reports += 1
      case .wakeAt(let time): wakeAt = time
      case .ping, .apply, .persist, .announce, .settled: break
      }
    }
  }

  /// Moves the clock to `time`, firing the timers due on the way.
  mutating func advance(to time: Int64) {
    var fired = 0
    while let due = wakeAt, due <= time, fired < 10_000 {
      wakeAt = nil
      now = max(now, due)
      perform(sync.tick(now: now))
      fired += 1
    }
    now = max(now, time)
  }

  /// Plays one step; the reason it fails, or nil.
  mutating func play(_ step: SyncJSON) -> String? {
    if step["say"] != nil { return nil }
    if step["connect"] != nil {
      perform(sync.tick(now: now))
      return open ? nil : "the client did not connect"
    }
    if let expected = step["expect"] {
      var waited: Int64 = 0
      while sent.isEmpty, waited < 10_000 {
        advance(to: now + 50)
        waited += 50
      }
      guard !sent.isEmpty else { return "nothing sent within 10 s" }
      let message = sent.removeFirst().json
      return matches(message, expected)
    }
    if let frame = step["frame"] {
      let text = frame["text"]?.string ?? substituted(frame).text
      perform(sync.received(text: text, now: now))
      return nil
    }
    if let local = step["local"] {
      guard let card = local["card"]?.string, let column = local["column"]?.string else { return "a bad local step" }
      gestures += 1
      perform(
        sync.local(
          .moveCards(items: [card], column: column, before: nil), gesture: "g-conformance-\(gestures)", now: now))
      return nil
    }
    if let wait = step["wait"]?.int64 {
      advance(to: now + wait)
      return nil
    }
    if let quiet = step["quiet"]?.int64 {
      advance(to: now + quiet)
      return sent.isEmpty ? nil : "sent \(sent.map(\.text)) when it should be quiet"
    }
    if step["drop"] != nil {
      open = false
      perform(sync.disconnected(now: now, code: 1006))
      return nil
    }
    if let expected = step["board"], case .object(let columns) = expected {
      let shown = sync.shown.columns.map { "\($0.id): \($0.cards.joined(separator: " "))" }
      let wanted = columns.map { "\($0.key): \(($0.value.array ?? []).compactMap(\.string).joined(separator: " "))" }
      return shown == wanted ? nil : "shows \(shown), not \(wanted)"
    }
    if let count = step["reports"]?.int64 {
      defer { reports = 0 }
      return Int64(reports) == count ? nil : "\(reports) problems reported, not \(count)"
    }
    return "an unknown step"
  }

  /// `$last` in a frame is the gesture last sent.
  func substituted(_ json: SyncJSON) -> SyncJSON {
    switch json {
    case .string("$last"): return .string(last ?? "")
    case .array(let values): return .array(values.map(substituted))
    case .object(let members): return .object(members.map { .init(key: $0.key, value: substituted($0.value)) })
    default: return json
    }
  }

  /// Whether a sent message is the one expected (keys in any order; a gesture of "*" is any, and
  /// becomes `$last`).
  mutating func matches(_ message: SyncJSON, _ expected: SyncJSON) -> String? {
    var wanted = expected
    if expected["gesture"]?.string == "*", let gesture = message["gesture"]?.string {
      last = gesture
      wanted = replacing(expected, key: "gesture", with: .string(gesture))
    } else {
      wanted = substituted(expected)
    }
    return canonical(message) == canonical(wanted) ? nil : "sent \(message.text), not \(wanted.text)"
  }

  func replacing(_ json: SyncJSON, key: String, with value: SyncJSON) -> SyncJSON {
    guard case .object(let members) = json else { return json }
    return .object(members.map { $0.key == key ? .init(key: key, value: value) : $0 })
  }
}

/// A JSON value written with its objects' keys sorted.
func canonical(_ json: SyncJSON) -> String {
  switch json {
  case .array(let values): return "[" + values.map(canonical).joined(separator: ",") + "]"
  case .object(let members):
    return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key):\(canonical($0.value))" }.joined(separator: ",")
      + "}"
  default: return json.text
  }
}
