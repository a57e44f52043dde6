import Foundation
import ReorderSync

/// An editor's commit as the other processes read it: its gesture, the revision it was acked at,
/// when it was first sent and when its ack came (`CLOCK_MONOTONIC` seconds, see ``now()``).
struct CommitRecord: Codable {
  var gesture: String
  var revision: Int64
  var sent: Double
  var acked: Double
}

/// What one client saw, for the figures Scripts/net-faults.sh computes across processes.
struct ClientRecord: Encodable {
  var editor: Bool
  /// The revision of its first welcome.
  var first: Int64
  /// When each revision reached it (remote, or a welcome after a reconnect), by revision.
  var receipts: [String: Double]
  /// The revisions it committed itself.
  var own: [Int64]
  var sessions: Int
}

/// One process of Scripts/net-faults.sh, its clients in one network namespace: the others run in
/// other namespaces, and the script between them drops, delays and cuts their packets.
///
/// Its clients connect and say hello; it writes `--ready-file` (how many were welcomed), then waits
/// for `--go-file`, which holds the start (a `CLOCK_MONOTONIC` time, the same for every process).
/// Its editors commit `--rate` moves a second in all until start + `--seconds`, each with one
/// commit in flight; when every one is answered it writes `--commits-out` (``CommitRecord``s).
/// Then it waits for every file of `--wait-for` (every editing process's commits: nothing commits
/// after them), reads the server's board and waits until every client has its revision.
///
/// Checks: every client welcomed, the editors finished, every client equal to the server (board
/// and revision), no revision received twice, none missing, every change fits, the cards intact.
/// Prints one JSON line with the checks, the counts and each client's receipts.
func runFaults(_ o: Options) async throws -> Bool {
  let readToken = o.viewerTokens.first ?? o.editorTokens[0]
  let initial = try await fetchBoardRetrying(o, token: readToken)
  let cardIDs = try SyncBoard(views: initial.views).columns.flatMap(\.cards)
  let shared = Shared()
  var clients: [LoadClient] = []
  for i in 0..<o.clients {
    let editor = i < o.editors
    let token = editor ? o.editorTokens[i / o.perToken] : o.viewerTokens[(i - o.editors) / o.perToken]
    let client = LoadClient(
      index: i, token: token, editor: editor, board: o.board, shared: shared, cards: cardIDs, host: o.host,
      ports: o.ports, first: i % o.ports.count,
      heartbeatMs: o.heartbeatMilliseconds > 0 ? Int64(o.heartbeatMilliseconds) : nil)
    clients.append(client)
    client.start()
  }
  let allWelcomed = await wait(seconds: 60) { clients.allSatisfy { $0.state.withLock { $0.welcomed } } }
  let welcomed = clients.filter { $0.state.withLock { $0.welcomed } }.count
  try Data("\(welcomed)\n".utf8).write(to: URL(fileURLWithPath: o.readyFile!), options: .atomic)
  guard allWelcomed else {
    let closes = clients.flatMap { $0.state.withLock { $0.closeReasons } }
    say("\(welcomed) of \(clients.count) clients welcomed within 60 s; closes: \(closes.prefix(3))")
    return false
  }
  say("\(welcomed) of \(clients.count) clients welcomed; waiting for \(o.goFile!)")

  var start: Double?
  _ = await wait(seconds: 180) {
    start = (try? String(contentsOfFile: o.goFile!, encoding: .utf8)).flatMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return start != nil
  }
  guard let start else {
    say("no start in \(o.goFile!) within 180 s")
    return false
  }
  let seconds = o.seconds ?? 0
  shared.plan.withLock {
    $0.start = start
    $0.interval = Double(max(o.editors, 1)) / o.rate
    $0.deadline = start + seconds
  }
  shared.go.store(true, ordering: .releasing)
  for client in clients where client.editor { client.kick() }

  // The editors: paced until the deadline, then every commit in flight answered (through whatever
  // the network and the database do meanwhile: a commit cut off is sent again on the next session).
  let editors = clients.prefix(o.editors)
  let editorsDone = await wait(seconds: seconds + 60, every: 50) {
    let plan = shared.plan.withLock { $0 }
    return now() >= start + seconds && editors.allSatisfy { c in c.state.withLock { c.editorDone($0, plan: plan) } }
  }
  if let out = o.commitsOut {
    var records: [CommitRecord] = []
    for client in editors {
      client.state.withLock { s in
        for (revision, gesture) in s.own {
          records.append(
            CommitRecord(
              gesture: gesture, revision: revision, sent: s.sent[gesture]?.at ?? 0, acked: s.acked[revision] ?? 0))
        }
      }
    }
    try JSONEncoder().encode(records).write(to: URL(fileURLWithPath: out), options: .atomic)
    say("editors done: \(editorsDone), \(records.count) commits acked, in \(out)")
  }

  // Every editing process's commits: nothing commits after the last of them.
  var commits: [CommitRecord] = []
  let othersDone = await wait(seconds: seconds + 90, every: 100) {
    o.waitFor.allSatisfy { FileManager.default.fileExists(atPath: $0) }
  }
  for path in o.waitFor {
    if let data = FileManager.default.contents(atPath: path),
      let records = try? JSONDecoder().decode([CommitRecord].self, from: data)
    {
      commits += records
    }
  }
  let truth = try await fetchBoardRetrying(o, token: readToken)
  let converged = await wait(seconds: 30) {
    clients.allSatisfy { $0.state.withLock { $0.sync.revision >= truth.revision && $0.sync.pending.isEmpty } }
  }
  shared.stopped.store(true, ordering: .relaxed)
  let states = clients.map { $0.state.withLock { $0 } }
  let expected = try SyncBoard(views: truth.views)
  let equal = states.filter { $0.sync.confirmed == expected && $0.sync.revision == truth.revision }.count
  let cardsNow = expected.columns.flatMap(\.cards)
  let intact = cardsNow.count == cardIDs.count && Set(cardsNow) == Set(cardIDs)
  var missing = 0
  for s in states {
    guard let first = s.firstRevision, first < truth.revision else { continue }
    for r in (first + 1)...truth.revision where s.receipts[r] == nil && s.own[r] == nil { missing += 1 }
  }
  let duplicates = states.map(\.duplicates).reduce(0, +)
  let misfits = states.map(\.misfits).reduce(0, +)
  let errors = states.flatMap(\.errors)
  var rejected: [String: Int] = [:]
  for s in states { rejected.merge(s.rejected, uniquingKeysWith: +) }

  let checks: [String: Bool] = [
    "allWelcomed": allWelcomed, "editorsFinished": editorsDone, "othersFinished": othersDone,
    "converged": converged, "clientsEqualToServer": equal == clients.count, "cardsIntact": intact,
    "noDuplicates": duplicates == 0, "nothingMissing": missing == 0, "changesFit": misfits == 0,
  ]
  let records = zip(clients, states).map { client, s in
    ClientRecord(
      editor: client.editor, first: s.firstRevision ?? 0,
      receipts: Dictionary(
        uniqueKeysWithValues: s.receipts.map { (String($0.key), ($0.value * 1000).rounded() / 1000) }),
      own: s.own.keys.sorted(), sessions: s.sessions)
  }
  var report: [String: Any] = [
    "run": "faults", "clients": o.clients, "editors": o.editors, "welcomed": welcomed,
    "committed": states.map(\.committed).reduce(0, +), "committedByAll": commits.count, "rejected": rejected,
    "rateLimited": states.map(\.rateLimited).reduce(0, +), "serverRevision": truth.revision,
    "initialRevision": initial.revision, "clientsEqualToServer": equal, "duplicates": duplicates, "missing": missing,
    "misfits": misfits, "editorReloads": states.map(\.reloads).reduce(0, +), "clientErrors": errors.count,
    "sessions": states.map(\.sessions).reduce(0, +), "reconnectedClients": states.filter { $0.sessions > 1 }.count,
    "checks": checks, "load": loadAverage(),
  ]
  report["clientRecords"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(records))
  if !errors.isEmpty { report["clientErrorSamples"] = Array(errors.prefix(8)) }
  let closes = states.enumerated().flatMap { n, s in s.closeReasons.map { "client \(n): \($0)" } }
  if !closes.isEmpty { report["closeSamples"] = Array(closes.prefix(8)) }
  var differences: [String] = []
  for (n, s) in states.enumerated() where s.sync.confirmed != expected || s.sync.revision != truth.revision {
    differences.append("client \(n) at \(s.sync.revision) of \(truth.revision)")
  }
  if !differences.isEmpty { report["differenceSamples"] = Array(differences.prefix(3)) }
  let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
  FileHandle.standardOutput.write(json + Data("\n".utf8))
  let failed = checks.filter { !$0.value }.map(\.key)
  if !failed.isEmpty { say("failed checks: \(failed.sorted().joined(separator: ", "))") }
  return failed.isEmpty
}

/// GET /api/boards/B, tried up to 10 times a second apart (the network between may be failing).
func fetchBoardRetrying(_ o: Options, token: String) async throws -> BoardAnswer {
  for _ in 1..<10 {
    if let answer = try? await fetchBoard(host: o.host, port: o.ports[0], board: o.board, token: token) {
      return answer
    }
    try await Task.sleep(for: .seconds(1))
  }
  return try await fetchBoard(host: o.host, port: o.ports[0], board: o.board, token: token)
}
