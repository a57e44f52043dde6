import Foundation
import ReorderSync

#if canImport(Glibc)
  import Glibc
#endif

/// One run: connect every client, measure the idle memory, start the editors, (kill an instance),
/// wait for the end and for every client to reach the server's revision, check, print one line.
func runLoad(_ o: Options) async throws -> Bool {
  let noneKB = o.pids.map(residentKB)
  let readToken = o.viewerTokens.first ?? o.editorTokens[0]
  let initial = try await fetchBoard(host: o.host, port: o.ports[0], board: o.board, token: readToken)
  let cardIDs = try SyncBoard(views: initial.views).columns.flatMap(\.cards)
  let shared = Shared()
  var clients: [LoadClient] = []
  let connectStart = now()
  for i in 0..<o.clients {
    let editor = i < o.editors
    let token = editor ? o.editorTokens[i / o.perToken] : o.viewerTokens[(i - o.editors) / o.perToken]
    let client = LoadClient(
      index: i, token: token, editor: editor, board: o.board, shared: shared, cards: cardIDs, host: o.host,
      ports: o.ports, first: i % o.ports.count)
    clients.append(client)
    client.start()
    if i % 50 == 49 || i == o.clients - 1 {
      let batch = clients[(i / 50 * 50)...]
      _ = await wait(seconds: 30) { batch.allSatisfy { $0.state.withLock { $0.welcomed } } }
    }
  }
  let allWelcomed = await wait(seconds: 30) { clients.allSatisfy { $0.state.withLock { $0.welcomed } } }
  let connectSeconds = now() - connectStart
  say("\(clients.filter { $0.state.withLock { $0.welcomed } }.count) clients welcomed in \(Int(connectSeconds)) s")
  try await Task.sleep(for: .seconds(3))
  let idleKB = o.pids.map(residentKB)
  let idleBytesPerConnection = Double(zip(idleKB, noneKB).map { $0 - $1 }.reduce(0, +)) * 1024 / Double(o.clients)

  // Go. Followers set aside what they read until the editors are done (see `ClientState.deferred`).
  for client in clients where !client.editor { client.state.withLock { $0.deferring = true } }
  let start = now() + 0.1
  shared.plan.withLock {
    $0.start = start
    $0.movesPerEditor = o.moves
    if let seconds = o.seconds {
      $0.interval = Double(o.editors) / o.rate
      $0.deadline = start + seconds
    }
  }
  shared.go.store(true, ordering: .releasing)
  for client in clients where client.editor { client.kick() }
  let killer = Task { () -> Double? in
    guard o.kill, let seconds = o.seconds else { return nil }
    try? await Task.sleep(for: .milliseconds(Int((start + seconds / 2 - now()) * 1000)))
    kill(o.pids[o.pids.count - 1], SIGKILL)
    say("killed instance \(o.pids.count) (pid \(o.pids[o.pids.count - 1]))")
    return now() - start
  }
  let editors = clients.prefix(o.editors)
  let limit = o.seconds.map { $0 + 60 } ?? 900
  // A run that stops committing (no ack for a minute) is reported as it stands, not waited for.
  var lastProgress = (count: 0, at: now())
  let editorsDone = await wait(seconds: limit, every: 50) {
    let acks = editors.map { $0.state.withLock { $0.committed } }.reduce(0, +)
    if acks != lastProgress.count { lastProgress = (acks, now()) }
    if now() - lastProgress.at > 60 {
      say("no ack for 60 s (\(acks) so far): the run stalled")
      return true
    }
    let plan = shared.plan.withLock { $0 }
    return editors.allSatisfy { c in c.state.withLock { c.editorDone($0, plan: plan) } }
  }
  let killedAt = await killer.value
  let lastAck = editors.map { $0.state.withLock { $0.lastAck } }.max() ?? start
  let elapsed = o.moves != nil ? lastAck - start : (o.seconds ?? 0)
  say("editors done: \(editorsDone) after \(Int(now() - start)) s")
  for client in clients { await client.catchUp() }

  // The server's board, and every client there.
  let truth = try await fetchBoard(host: o.host, port: o.ports[0], board: o.board, token: readToken)
  let converged = await wait(seconds: 60) {
    clients.allSatisfy { $0.state.withLock { $0.sync.revision >= truth.revision && $0.sync.pending.isEmpty } }
  }
  shared.stopped.store(true, ordering: .relaxed)
  let states = clients.map { $0.state.withLock { $0 } }
  let expected = try SyncBoard(views: truth.views)
  let equal = states.filter { $0.sync.confirmed == expected && $0.sync.revision == truth.revision }.count
  let cardsNow = expected.columns.flatMap(\.cards)
  let intact = cardsNow.count == cardIDs.count && Set(cardsNow) == Set(cardIDs)

  // Who committed each revision, and when it was sent.
  var sentAt: [Int64: Double] = [:]
  var committer: [Int64: Int] = [:]
  for (n, s) in states.enumerated() {
    for (revision, gesture) in s.own {
      if let t = s.sent[gesture]?.at { sentAt[revision] = t }
      committer[revision] = n
    }
  }
  let committed = committer.count
  var latencies: [Double] = []
  var lastReceipt: [Int64: Double] = [:]
  var received: [Int64: Int] = [:]
  var missing = 0
  for (n, s) in states.enumerated() {
    for (revision, t) in s.receipts {
      guard let sent = sentAt[revision], committer[revision] != n else { continue }
      latencies.append(t - sent)
      lastReceipt[revision] = max(lastReceipt[revision] ?? 0, t)
      received[revision, default: 0] += 1
    }
    if let first = s.firstRevision, first < truth.revision {
      for r in (first + 1)...truth.revision where s.receipts[r] == nil && committer[r] != n { missing += 1 }
    }
  }
  latencies.sort()
  var toAll: [Double] = []
  for (revision, t) in lastReceipt where received[revision] == o.clients - 1 {
    if let sent = sentAt[revision] { toAll.append(t - sent) }
  }
  toAll.sort()
  var rejected: [String: Int] = [:]
  for s in states { rejected.merge(s.rejected, uniquingKeysWith: +) }
  let duplicates = states.map(\.duplicates).reduce(0, +)
  let misfits = states.map(\.misfits).reduce(0, +)
  let stuck = states.filter(\.waiting).count
  let errors = states.flatMap(\.errors)
  let reconnected = states.filter { $0.sessions > 1 }.count
  let revisionsMatch = truth.revision - initial.revision == Int64(committed)
  let perSecond = Double(committed) / max(elapsed, 1e-9)

  var checks: [String: Bool] = [
    "allWelcomed": allWelcomed, "editorsFinished": editorsDone && now() - lastProgress.at <= 60, "converged": converged,
    "clientsEqualToServer": equal == clients.count, "cardsIntact": intact, "noDuplicates": duplicates == 0,
    "nothingMissing": missing == 0, "changesFit": misfits == 0, "revisionsMatchCommits": revisionsMatch,
  ]
  if o.kill { checks["killedMidRun"] = killedAt != nil }
  var report: [String: Any] = [
    "run": o.moves != nil ? "throughput" : (o.kill ? "fanout-kill" : "fanout"),
    "instances": o.ports.count, "clients": o.clients, "editors": o.editors, "cards": cardIDs.count,
    "columns": expected.columns.count, "seconds": (elapsed * 1000).rounded() / 1000,
    "committed": committed, "committedPerSecond": perSecond.rounded(), "rejected": rejected,
    "rateLimited": states.map(\.rateLimited).reduce(0, +),
    "propagationMs": milliseconds(latencies), "toAllClientsMs": milliseconds(toAll),
    "connectSeconds": (connectSeconds * 10).rounded() / 10,
    "serverKB": ["none": noneKB, "idle": idleKB, "end": o.pids.map(residentKB)],
    "idleBytesPerConnection": idleBytesPerConnection.rounded(),
    "serverRevision": truth.revision, "clientsEqualToServer": equal, "duplicates": duplicates, "missing": missing,
    "misfits": misfits, "ownBeforeElsewhere": states.map(\.placedElsewhere).reduce(0, +),
    "editorReloads": states.map(\.reloads).reduce(0, +), "clientsWithPending": stuck, "clientErrors": errors.count,
    "reconnectedClients": reconnected, "checks": checks, "load": loadAverage(),
  ]
  report["slowestAckMs"] = ((states.map(\.slowestAck).max() ?? 0) * 1000).rounded()
  var differences: [String] = []
  for (n, s) in states.enumerated() where s.sync.confirmed != expected || s.sync.revision != truth.revision {
    let board = s.sync.confirmed
    let column = expected.columns.first { board.cards(of: $0.id) != $0.cards }?.id ?? "(column order)"
    differences.append(
      "client \(n) at \(s.sync.revision): \(column) \(board.cards(of: column) ?? []) ≠ \(expected.cards(of: column) ?? [])"
    )
  }
  if !differences.isEmpty { report["differenceSamples"] = Array(differences.prefix(3)) }
  if !errors.isEmpty { report["clientErrorSamples"] = Array(errors.prefix(8)) }
  let closes = states.enumerated().flatMap { n, s in s.closeReasons.map { "client \(n): \($0)" } }
  if !closes.isEmpty { report["closeSamples"] = Array(closes.prefix(8)) }
  if let killedAt { report["killedAtSeconds"] = (killedAt * 10).rounded() / 10 }
  if o.moves != nil {
    report["goal"] = ["committedPerSecond": 500]
    if let baseline = o.baseline {
      report["directPostgresPerSecond"] = baseline
      report["serverCost"] = (baseline / max(perSecond, 1e-9) * 100).rounded() / 100
    }
  } else {
    report["goal"] = ["propagationP95Ms": 100, "idleBytesPerConnection": 50 * 1024]
  }
  let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
  FileHandle.standardOutput.write(json + Data("\n".utf8))
  let failed = checks.filter { !$0.value }.map(\.key)
  if !failed.isEmpty { say("failed checks: \(failed.sorted().joined(separator: ", "))") }
  return failed.isEmpty
}

func loadAverage() -> String {
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(
    separator: " ")
    ?? "?"
}
