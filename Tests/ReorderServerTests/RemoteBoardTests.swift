import Foundation
import ReorderKit
import ReorderKitShare
import ReorderTestSupport
import Testing

/// ``RemoteBoard``, the app's client of `reorder-server`, against real server processes and a real
/// PostgreSQL: moves shared between instances, a viewer, the outbox across an outage, a refused
/// token.
@Suite("RemoteBoard through reorder-server", .enabled(if: serverBuilt && ownerURL != nil))
struct RemoteBoardTests {
  /// Waits (up to `seconds`, a hang guard) until `condition` holds.
  func eventually(_ what: String, seconds: Double = 60, _ condition: () async -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if await condition() { return }
      try await Task.sleep(for: .milliseconds(20))
    }
    if await condition() { return }
    Issue.record("not within \(seconds) s: \(what)")
    throw CancellationError()
  }

  func remote(_ port: Int, _ board: String, _ token: String, outbox: String? = nil) throws -> RemoteBoard {
    var configuration = RemoteBoard.Configuration(
      link: "http://127.0.0.1:\(port)/boards/\(board)", token: token, outboxPath: outbox)
    configuration.maximumBackoff = .milliseconds(500)
    return try RemoteBoard(configuration)
  }

  @Test func movesOnOneInstanceReachAClientOfTheOther() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, viewer) = try await makeBoard(
      "remote", [("todo", ["c1", "c2", "c3"]), ("doing", ["c4"]), ("done", [])])
    let one = try await ServerProcess(["--database", database.server])
    let two = try await ServerProcess(["--database", database.server])
    let ann = try remote(one.port, board, editor)
    let vic = try remote(two.port, board, viewer)
    await ann.start()
    await vic.start()
    try await eventually("both online") {
      let a = await ann.connection
      let v = await vic.connection
      return a == .online && v == .online
    }
    #expect(await ann.state.cards(inColumn: "todo") == ["c1", "c2", "c3"])
    #expect(await vic.role == "viewer")
    #expect(await ann.role == "editor")

    let id = try await ann.commit(.moved(ReorderDifference(items: ["c1"], section: "doing", before: "c4")))
    #expect(await ann.state.cards(inColumn: "doing") == ["c1", "c4"], "shown at once")
    await ann.waitUntilSent()
    #expect(await ann.outcome(of: id ?? "") == .committed(revision: 2))
    try await ann.moveColumns(["todo"], before: nil)
    try await eventually("Vic sees both moves") {
      let state = await vic.state
      return state.cards(inColumn: "doing") == ["c1", "c4"] && state.columns == ["doing", "done", "todo"]
    }
    // A viewer's move is refused before it goes anywhere, and changes nothing.
    await #expect(throws: SharedBoardError.self) {
      try await vic.commit(.moved(ReorderDifference(items: ["c2"], section: "done")))
    }
    #expect(await vic.state.cards(inColumn: "done").isEmpty)
    #expect(await vic.unsentCount == 0)
    let api = try await rawRequest(
      port: one.port, "/api/boards/\(board)", headers: ["Authorization": "Bearer \(viewer)"])
    #expect(api.text.contains(#""revision":3"#), "\(api.text)")
    await ann.close()
    await vic.close()
  }

  @Test func movesMadeWhileTheServerIsDownGoOutWhenItIsBack() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, _) = try await makeBoard("outage", [("todo", ["c1", "c2"]), ("done", ["c3"])])
    let folder = try scratchFolder("remote-outage")
    let server = try await ServerProcess(["--database", database.server])
    let port = server.port
    let ann = try remote(port, board, editor, outbox: folder.appendingPathComponent("ann.sqlite").path)
    await ann.start()
    try await eventually("online") { await ann.connection == .online }
    #expect(try await server.terminate() == 0)
    try await eventually("offline") { await ann.connection != .online }

    try await ann.commit(.moved(ReorderDifference(items: ["c2"], section: "done", before: "c3")))
    try await ann.commit(.moved(ReorderDifference(items: ["c1"], section: "done")))
    #expect(await ann.unsentCount == 2)
    // The app quits offline: the moves stay in the outbox, and a new run shows them.
    await ann.close()
    let again = try remote(port, board, editor, outbox: folder.appendingPathComponent("ann.sqlite").path)
    #expect(await again.state.cards(inColumn: "done") == ["c2", "c3", "c1"])
    #expect(await again.unsentCount == 2)

    let back = try await ServerProcess(["--database", database.server], port: port)
    await again.start()
    try await eventually("sent") {
      let online = await again.connection == .online
      let unsent = await again.unsentCount
      return online && unsent == 0
    }
    let api = try await rawRequest(
      port: back.port, "/api/boards/\(board)", headers: ["Authorization": "Bearer \(editor)"])
    #expect(api.text.contains(#"{"id":"done","sections":[{"id":"done","items":["c2","c3","c1"]}]}"#), "\(api.text)")
    await again.close()
  }

  /// SIGTERM while four editors commit as fast as acks come: every acked move is in the log; after
  /// a restart every move made goes in exactly once (a move whose ack the shutdown cut off is sent
  /// again and answered from the gesture replay), and every editor equals the server's board.
  @Test func sigtermMidLoadLosesNothingAcked() async throws {
    let database = try await TestDatabase.shared.prepare()
    let columns = ["a", "b", "c", "d", "e"]
    let (board, editor, _) = try await makeBoard(
      "sigterm", columns.map { column in (column, (0..<8).map { "\(column)\($0)" }) })
    let folder = try scratchFolder("remote-sigterm")
    let server = try await ServerProcess(["--database", database.server])
    let port = server.port
    var editors: [RemoteBoard] = []
    for i in 0..<4 {
      let client = try remote(port, board, editor, outbox: folder.appendingPathComponent("e\(i).sqlite").path)
      await client.start()
      editors.append(client)
    }
    for client in editors { try await eventually("online") { await client.connection == .online } }
    var generator = SplitMix(seed: 7)
    var gestures: [String] = []
    for _ in 0..<60 {
      for client in editors {
        let column = columns[Int(generator.next() % 5)]
        let state = await client.state
        let cards = state.columns.flatMap { state.cards(inColumn: $0) }
        let card = cards[Int(generator.next() % UInt64(cards.count))]
        if let id = try await client.commit(.moved(ReorderDifference(items: [card], section: column))) {
          gestures.append(id)
        }
      }
    }
    func acked() async -> [String] {
      var done: [String] = []
      for client in editors {
        for id in gestures { if case .committed? = await client.outcome(of: id) { done.append(id) } }
      }
      return done
    }
    try await eventually("20 moves acked") { await acked().count >= 20 }
    #expect(try await server.terminate() == 0)
    let ackedBefore = await acked()
    let logged = Set(
      try await sql(database.owner, "SELECT DISTINCT gesture FROM reorder_changes WHERE board = '\(board)'"))
    #expect(ackedBefore.allSatisfy { logged.contains($0) }, "an acked move is missing from the log")
    print("remote: SIGTERM after \(ackedBefore.count) of \(gestures.count) moves acked; \(logged.count) in the log")

    let back = try await ServerProcess(["--database", database.server], port: port)
    for client in editors {
      try await eventually("the outbox empties") {
        let online = await client.connection == .online
        let unsent = await client.unsentCount
        return online && unsent == 0
      }
    }
    // Each move made is in the log once (the board's creation is one more gesture).
    let perGesture = try await sql(
      database.owner,
      "SELECT gesture || ' ' || count(DISTINCT revision) FROM reorder_changes WHERE board = '\(board)' GROUP BY gesture"
    )
    let counts = Dictionary(
      uniqueKeysWithValues: perGesture.compactMap { $0?.split(separator: " ") }.map { (String($0[0]), String($0[1])) })
    var outcomes: [String: GestureOutcome] = [:]
    for client in editors { for id in gestures { if let o = await client.outcome(of: id) { outcomes[id] = o } } }
    #expect(
      gestures.allSatisfy { counts[$0] == "1" },
      "every move made is in the log, once: \(gestures.filter { counts[$0] != "1" }.map { (counts[$0], outcomes[$0]) })"
    )
    let api = try await rawRequest(
      port: back.port, "/api/boards/\(board)", headers: ["Authorization": "Bearer \(editor)"])
    let views = try #require(
      (try JSONSerialization.jsonObject(with: Data(api.text.utf8)) as? [String: Any])?["views"] as? [[String: Any]])
    let serverBoard = views.map { view in
      ((view["sections"] as? [[String: Any]])?.first?["items"] as? [String]) ?? []
    }
    for client in editors {
      try await eventually("the editor equals the server") {
        let state = await client.state
        return state.columns.map { state.cards(inColumn: $0) } == serverBoard
      }
      await client.close()
    }
    #expect(serverBoard.flatMap { $0 }.sorted() == columns.flatMap { c in (0..<8).map { "\(c)\($0)" } }.sorted())
  }

  /// An `https` link: the live socket is `wss`, verified against the certificates the app trusts.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
  func sharesOverTLS() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, viewer) = try await makeBoard("tls", [("todo", ["c1", "c2"]), ("done", [])])
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let cert = root.appendingPathComponent("cert.pem").path
    let key = root.appendingPathComponent("key.pem").path
    let made = try await runTool(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj",
        "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
      ])
    #expect(made.status == 0, "\(made.stderr)")
    let server = try await ServerProcess(["--database", database.server, "--tls-cert", cert, "--tls-key", key])
    #expect(server.scheme == "https")
    func client(_ token: String, trusting: String?) throws -> RemoteBoard {
      var configuration = RemoteBoard.Configuration(
        link: "https://localhost:\(server.port)/boards/\(board)", token: token)
      configuration.trustedCertificates = trusting
      configuration.maximumBackoff = .milliseconds(300)
      return try RemoteBoard(configuration)
    }
    // Not trusted: the handshake fails and the client stays offline (and says nothing it read).
    let stranger = try client(viewer, trusting: nil)
    await stranger.start()
    try await Task.sleep(for: .seconds(2))
    #expect(await stranger.connection != .online)
    #expect(await stranger.role == nil)
    await stranger.close()
    // Trusted: the whole exchange goes over wss.
    let ann = try client(editor, trusting: cert)
    let vic = try client(viewer, trusting: cert)
    await ann.start()
    await vic.start()
    try await eventually("both online over wss") {
      let a = await ann.connection
      let v = await vic.connection
      return a == .online && v == .online
    }
    let id = try await ann.commit(.moved(ReorderDifference(items: ["c1"], section: "done")))
    await ann.waitUntilSent()
    #expect(await ann.outcome(of: id ?? "") == .committed(revision: 2))
    try await eventually("Vic sees the move") { await vic.state.cards(inColumn: "done") == ["c1"] }
    await ann.close()
    await vic.close()
    // A trust file with no certificate in it is one clear error at once.
    let notPEM = root.appendingPathComponent("not.pem").path
    try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: notPEM))
    #expect(throws: SharedBoardError.self) { try client(editor, trusting: notPEM) }
    #expect(throws: SharedBoardError.self) { try client(editor, trusting: root.appendingPathComponent("none").path) }
    // TLS cannot name an address: such a link is refused at once instead of never connecting.
    #expect(throws: SharedBoardError.self) { try RemoteBoard(.init(link: "https://127.0.0.1/boards/b", token: "t")) }
    #expect(throws: SharedBoardError.self) { try RemoteBoard(.init(link: "https://[::1]:8443/boards/b", token: "t")) }
    #expect(try await server.terminate() == 0)
  }

  @Test func aWrongTokenIsRefusedAndSaidOnce() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, _) = try await makeBoard("refused", [("todo", ["c1"])])
    let server = try await ServerProcess(["--database", database.server])
    let mallory = try remote(server.port, board, "not-a-token")
    await mallory.start()
    try await eventually("refused") { await mallory.refusal != nil }
    #expect(await mallory.refusal == "invalid token")
    #expect(await mallory.connection != .online)
    await mallory.close()
    #expect(throws: SharedBoardError.self) { try RemoteBoard(.init(link: "ftp://x/boards/b", token: "t")) }
    #expect(throws: SharedBoardError.self) { try RemoteBoard(.init(link: "http://u:pw@x/boards/b", token: "t")) }
    #expect(throws: SharedBoardError.self) { try RemoteBoard(.init(link: "http://x/boards/../b", token: "t")) }
    #expect(throws: SharedBoardError.self) { try RemoteBoard(.init(link: "http://x/boards/b", token: " ")) }
  }
}
