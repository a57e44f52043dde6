import Foundation
import ReorderKit
import Synchronization
import Testing

@testable import ReorderKitPostgres
@testable import ReorderKitShare

/// The server of Scripts/with-postgres.sh, or nil (the PostgreSQL tests are then skipped).
let serverURL = ProcessInfo.processInfo.environment["REORDERKIT_PG_URL"]
/// Its control script: `stop` and `start`.
let serverControl = ProcessInfo.processInfo.environment["REORDERKIT_PG_CONTROL"]

/// Whether this run may stop and start the test server (a run of its own: other suites use it too).
let outagesAllowed = ProcessInfo.processInfo.environment["REORDERKIT_PG_OUTAGES"] == "1"

/// Stops or starts the test server (and waits until it has).
func server(_ verb: String) async throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: try #require(serverControl, "REORDERKIT_PG_CONTROL is not set"))
  process.arguments = [verb]
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  let status: Int32 = try await withCheckedThrowingContinuation { continuation in
    process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
    do { try process.run() } catch { continuation.resume(throwing: error) }
  }
  #expect(status == 0, "server \(verb) failed")
}

/// A board name no other test uses.
func freshBoardName(_ label: String) -> String { "\(label)-\(UUID().uuidString.prefix(8))" }

/// The events a client received, in order.
final class EventLog: Sendable {
  let events = Mutex<[SharedBoardEvent]>([])
}

/// A client and the events it received.
final class Client: Sendable {
  let board: SharedBoard
  let log = EventLog()
  let listener: Task<Void, Never>

  init(_ name: String, board: String, outbox: String? = nil, heartbeat: Duration = .milliseconds(200)) throws {
    var configuration = SharedBoard.Configuration(
      url: serverURL ?? "postgresql://nobody@127.0.0.1:1/none", board: board, outboxPath: outbox,
      clientName: name)
    configuration.heartbeat = heartbeat
    configuration.maximumBackoff = .milliseconds(400)
    let shared = try SharedBoard(configuration)
    self.board = shared
    let log = self.log
    listener = Task { for await event in shared.events { log.events.withLock { $0.append(event) } } }
  }

  var events: [SharedBoardEvent] { log.events.withLock { $0 } }

  var lostRaces: [LostRace] { events.compactMap { if case .lostRace(let race) = $0 { race } else { nil } } }

  /// Starts the client and waits until it is online with the board read.
  func start() async throws {
    await board.start()
    try await eventually("\(board.clientID) online") { await self.board.connection == .online }
  }

  func columns() async -> [[String]] { await board.state.snapshot.sections.map(\.items) }

  func close() async {
    await board.close()
    await listener.value
  }
}

/// Waits (up to `seconds`) until the condition holds.
func eventually(_ what: String, seconds: Double = 15, _ condition: () async -> Bool) async throws {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if await condition() { return }
    try await Task.sleep(for: .milliseconds(20))
  }
  Issue.record("timed out waiting for \(what)")
  throw CancellationError()
}

/// A board with these columns and cards on the test server.
func makeBoard(_ label: String, _ columns: [(String, [String])]) async throws -> String {
  let name = freshBoardName(label)
  let created = try await SharedBoard.create(
    url: try #require(serverURL), board: name, columns: columns.map { (id: $0.0, cards: $0.1) })
  #expect(created)
  return name
}

/// The board as the server has it, read by a client of its own.
func serverColumns(_ board: String) async throws -> [[String]] {
  let reader = try Client("reader", board: board)
  try await reader.start()
  try await reader.board.refresh()
  let columns = await reader.columns()
  await reader.close()
  return columns
}

/// Applies a move by identity to plain columns, as an app applies a difference to its model.
func applyMove(_ d: ReorderDifference<String, String>, to columns: inout [(id: String, items: [String])]) {
  for c in columns.indices { columns[c].items.removeAll { d.items.contains($0) } }
  guard let c = columns.firstIndex(where: { $0.id == d.section }) else { return }
  let index = d.before.flatMap { columns[c].items.firstIndex(of: $0) } ?? columns[c].items.endIndex
  columns[c].items.insert(contentsOf: d.items, at: index)
}

func isCommitted(_ outcome: GestureOutcome) -> Bool {
  if case .committed = outcome { true } else { false }
}

extension Rect {
  var centre: Point { Point(x: midX, y: midY) }
}
