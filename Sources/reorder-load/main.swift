// The load benchmark of ReorderKitPostgres: headless clients, each making random card moves at
// once against one PostgreSQL, then every client compared with the database.
//
//   Scripts/pg-load.sh                   # 8 clients × 1,000 moves, then again with a server restart
//   reorder-load --url URL [--clients 8] [--moves 1000] [--cards 200] [--columns 5] [--restart] [--seed N]
//
// --restart stops and starts the server (through $REORDERKIT_PG_CONTROL, see Scripts/with-postgres.sh)
// when half of the moves are committed. Prints one line of JSON with the figures; exits 1 when a client
// differs from the database or a card is lost or duplicated, 2 on bad arguments.
import Foundation
import ReorderKit
import ReorderKitPostgres
import ReorderTestSupport
import Synchronization

struct Options {
  var url = ProcessInfo.processInfo.environment["REORDERKIT_PG_URL"] ?? ""
  var clients = 8
  var moves = 1_000
  var cards = 200
  var columns = 5
  var restart = false
  var seed: UInt64 = 1
}

func note(_ message: String) {
  if ProcessInfo.processInfo.environment["REORDERKIT_PG_DEBUG"] != nil {
    FileHandle.standardError.write(Data("reorder-load: \(message)\n".utf8))
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("reorder-load: \(message)\n".utf8))
  exit(2)
}

func parse(_ arguments: [String]) -> Options {
  var options = Options()
  var i = 0
  func number(_ name: String, at i: Int, minimum: Int) -> Int {
    guard i < arguments.count, let n = Int(arguments[i]), n >= minimum else {
      fail("\(name) needs a whole number of at least \(minimum)")
    }
    return n
  }
  while i < arguments.count {
    let argument = arguments[i]
    i += 1
    switch argument {
    case "--url":
      guard i < arguments.count else { fail("--url needs a postgresql:// URL") }
      options.url = arguments[i]
    case "--clients": options.clients = number(argument, at: i, minimum: 1)
    case "--moves": options.moves = number(argument, at: i, minimum: 1)
    case "--cards": options.cards = number(argument, at: i, minimum: 1)
    case "--columns": options.columns = number(argument, at: i, minimum: 1)
    case "--seed": options.seed = UInt64(number(argument, at: i, minimum: 0))
    case "--restart":
      options.restart = true
      continue
    default: fail("unknown argument \(argument) (see the comment at the top of main.swift)")
    }
    i += 1
  }
  guard options.url.hasPrefix("postgres") else { fail("give --url postgresql://… or set REORDERKIT_PG_URL") }
  if options.restart, ProcessInfo.processInfo.environment["REORDERKIT_PG_CONTROL"] == nil {
    fail("--restart needs REORDERKIT_PG_CONTROL (run under Scripts/with-postgres.sh)")
  }
  return options
}

/// What all clients saw, gathered across tasks.
final class Tally: Sendable {
  struct Counts {
    var latencies: [Double] = []
    var committed = 0
    var lost = 0
    var longestKey = 0
  }
  let counts = Mutex(Counts())
}

func control(_ verb: String) async {
  guard let path = ProcessInfo.processInfo.environment["REORDERKIT_PG_CONTROL"] else { return }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = [verb]
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    process.terminationHandler = { _ in continuation.resume() }
    do { try process.run() } catch { continuation.resume() }
  }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
  guard !sorted.isEmpty else { return 0 }
  return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func run(_ options: Options) async throws -> Bool {
  let board = "load-\(UUID().uuidString.prefix(8))"
  let columnIDs = (0..<options.columns).map { "col\($0)" }
  let cardIDs = (0..<options.cards).map { "card\($0)" }
  let seeded = columnIDs.enumerated().map { c, id in
    (id: id, cards: cardIDs.enumerated().filter { $0.offset % options.columns == c }.map(\.element))
  }
  try await SharedBoard.create(url: options.url, board: board, columns: seeded)
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-load-\(board)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }

  let tally = Tally()
  var clients: [SharedBoard] = []
  var listeners: [Task<Void, Never>] = []
  for n in 0..<options.clients {
    var configuration = SharedBoard.Configuration(
      url: options.url, board: board, outboxPath: folder.appendingPathComponent("client\(n).sqlite").path,
      clientName: "load\(n)")
    configuration.maximumBackoff = .milliseconds(500)
    let client = try SharedBoard(configuration)
    clients.append(client)
    listeners.append(
      Task {
        for await event in client.events {
          guard case .remote(let update) = event else { continue }
          let now = Date().timeIntervalSince1970
          let longest = update.state.longestKey
          tally.counts.withLock {
            $0.latencies += update.commits.map { now - $0.committedAt }
            $0.longestKey = max($0.longestKey, longest)
          }
        }
      })
    await client.start()
  }
  for client in clients {
    while await client.connection != .online { try await Task.sleep(for: .milliseconds(10)) }
  }

  let total = options.clients * options.moves
  let start = Date()
  let restarted = Task {
    guard options.restart else { return 0.0 }
    while tally.counts.withLock({ $0.committed + $0.lost }) < total / 2 { try? await Task.sleep(for: .milliseconds(5)) }
    let away = Date()
    note("stopping the server")
    await control("stop")
    note("stopped")
    try? await Task.sleep(for: .milliseconds(500))
    await control("start")
    note("started")
    return Date().timeIntervalSince(away)
  }
  try await withThrowingTaskGroup(of: Void.self) { group in
    for (n, client) in clients.enumerated() {
      group.addTask {
        var random = SplitMix(seed: options.seed &* 1_000_003 &+ UInt64(n))
        for _ in 0..<options.moves {
          let state = await client.state
          let card = cardIDs[Int(random.next() % UInt64(cardIDs.count))]
          let column = columnIDs[Int(random.next() % UInt64(columnIDs.count))]
          let there = state.cards(inColumn: column).filter { $0 != card }
          let before = there.isEmpty || random.next() % 5 == 0 ? nil : there[Int(random.next() % UInt64(there.count))]
          guard
            let gesture = try await client.commit(
              .moved(ReorderDifference(items: [card], section: column, before: before)))
          else { continue }
          let outcome = await client.outcome(of: gesture)
          tally.counts.withLock {
            if case .committed = outcome { $0.committed += 1 } else { $0.lost += 1 }
          }
        }
        await client.waitUntilSent()
      }
    }
    try await group.waitForAll()
  }
  let elapsed = Date().timeIntervalSince(start)
  note("moves done")
  let downtime = await restarted.value

  // Every client equals the database; no card lost or duplicated; every commit counted once.
  let reader = try SharedBoard(SharedBoard.Configuration(url: options.url, board: board, clientName: "check"))
  await reader.start()
  while await reader.connection != .online { try await Task.sleep(for: .milliseconds(10)) }
  try await reader.refresh()
  let truth = await reader.state
  var equal = 0
  for client in clients {
    try await client.refresh()
    if await client.state.snapshot.sections == truth.snapshot.sections { equal += 1 }
  }
  let cardsOnBoard = truth.snapshot.sections.flatMap(\.items)
  let intact = cardsOnBoard.count == cardIDs.count && Set(cardsOnBoard) == Set(cardIDs)
  let counts = tally.counts.withLock { $0 }
  // Revision 1 is the board's creation; each committed gesture adds exactly one.
  let logMatches = truth.revision == Int64(counts.committed + 1)
  let latencies = counts.latencies.sorted()
  let longest = max(counts.longestKey, truth.longestKey)
  for client in clients { await client.close() }
  for listener in listeners { await listener.value }
  await reader.close()

  let report: [String: Any] = [
    "clients": options.clients, "moves": total, "cards": options.cards, "columns": options.columns,
    "restart": options.restart, "restartSeconds": (downtime * 1000).rounded() / 1000,
    "seconds": (elapsed * 1000).rounded() / 1000,
    "committed": counts.committed, "lostRaces": counts.lost,
    "committedPerSecond": (Double(counts.committed) / elapsed).rounded(),
    "propagationMs": [
      "count": latencies.count,
      "p50": (percentile(latencies, 0.5) * 10_000).rounded() / 10,
      "p95": (percentile(latencies, 0.95) * 10_000).rounded() / 10,
      "p99": (percentile(latencies, 0.99) * 10_000).rounded() / 10,
      "max": ((latencies.last ?? 0) * 10_000).rounded() / 10,
    ],
    "longestKey": longest, "clientsEqualToDatabase": equal, "cardsIntact": intact,
    "revisionsMatchCommits": logMatches,
  ]
  let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
  print(String(decoding: json, as: UTF8.self))
  return equal == clients.count && intact && logMatches && longest <= 64
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
do {
  let ok = try await run(options)
  exit(ok ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("reorder-load: \(error)\n".utf8))
  exit(1)
}
