// The board server under load (Scripts/server-load.sh runs it): WebSocket clients of `reorder-server`,
// all in this one process, each a `BoardSync` (ReorderSync) driven over its own connection (NIO's
// WebSocket client, LoadSocket.swift): the machine decides the protocol, the client counts.
//
//   reorder-server-load --board B --ports P1[,P2] --pids PID1[,PID2] --editor-tokens FILE --viewer-tokens FILE
//     [--clients 8] [--editors 8] [--moves 1000]            # throughput: each editor as fast as acks come
//     [--seconds 30 --rate 20]                               # fan-out: editors paced to RATE moves/s in all
//     [--kill]                                               # SIGKILL the last instance halfway through
//     [--baseline MOVES_PER_SECOND]                          # the direct-to-PostgreSQL figure, for the ratio
//     [--host 127.0.0.1] [--per-token 10]                    # the servers' address; clients per token
//
//   reorder-server-load --faults --board B --host H --ports P --pids PID --editor-tokens F --viewer-tokens F
//     --clients N --editors E --seconds S --rate R --ready-file F --go-file F [--commits-out F] --wait-for F1,F2
//     [--heartbeat-ms 1000]                                  # ping and reconnect period (0: BoardSync's own)
//                                                            # one of the processes of Scripts/net-faults.sh
//
// Token files: one token a line (client i uses line i / 10 of its role's file, or i / --per-token).
// Client i connects to instance i % instances, and to the other when its connection ends.
// Prints one JSON line; exits 1 when a check fails (a figure that misses its goal is reported, not a
// failure), 2 on bad arguments. `--faults`: see Faults.swift.
import Foundation
import ReorderSync
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Options {
  var board = ""
  var ports: [Int] = []
  var pids: [Int32] = []
  var editorTokens: [String] = []
  var viewerTokens: [String] = []
  var clients = 8
  var editors = 8
  var moves: Int?
  var seconds: Double?
  var rate = 20.0
  var kill = false
  var baseline: Double?
  var host = "127.0.0.1"
  var perToken = 10
  /// One process of several (Faults.swift): started by a file, its commits and the others' in files.
  var faults = false
  var readyFile: String?
  var goFile: String?
  var commitsOut: String?
  var waitFor: [String] = []
  /// `--faults`: each client's machine pings after this much silence and waits at most this long
  /// between connection attempts (``LoadClient/init(index:token:editor:board:shared:cards:host:ports:first:heartbeatMs:)``);
  /// 0 for BoardSync's own timings (10 s, 5 s).
  var heartbeatMilliseconds = 1000
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("reorder-server-load: \(message)\n".utf8))
  exit(2)
}

func say(_ message: String) {
  FileHandle.standardError.write(Data("reorder-server-load: \(message)\n".utf8))
}

func parse(_ arguments: [String]) -> Options {
  var o = Options()
  var i = 0
  func value() -> String {
    i += 1
    guard i < arguments.count else { fail("\(arguments[i - 1]) needs a value") }
    return arguments[i]
  }
  func lines(_ path: String) -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
  while i < arguments.count {
    switch arguments[i] {
    case "--board": o.board = value()
    case "--ports": o.ports = value().split(separator: ",").compactMap { Int($0) }
    case "--pids": o.pids = value().split(separator: ",").compactMap { Int32($0) }
    case "--editor-tokens": o.editorTokens = lines(value())
    case "--viewer-tokens": o.viewerTokens = lines(value())
    case "--clients": o.clients = Int(value()) ?? 0
    case "--editors": o.editors = Int(value()) ?? 0
    case "--moves": o.moves = Int(value())
    case "--seconds": o.seconds = Double(value())
    case "--rate": o.rate = Double(value()) ?? 0
    case "--baseline": o.baseline = Double(value())
    case "--kill": o.kill = true
    case "--host": o.host = value()
    case "--per-token": o.perToken = Int(value()) ?? 0
    case "--faults": o.faults = true
    case "--ready-file": o.readyFile = value()
    case "--go-file": o.goFile = value()
    case "--commits-out": o.commitsOut = value()
    case "--wait-for": o.waitFor = value().split(separator: ",").map(String.init)
    case "--heartbeat-ms":
      guard let ms = Int(value()), (0...60_000).contains(ms) else { fail("--heartbeat-ms is 0…60000") }
      o.heartbeatMilliseconds = ms
    default: fail("unknown argument \(arguments[i]) (see the comment at the top of main.swift)")
    }
    i += 1
  }
  guard !o.board.isEmpty, !o.ports.isEmpty, o.pids.count == o.ports.count else {
    fail("give --board, --ports and as many --pids")
  }
  guard o.clients >= o.editors, o.editors >= (o.faults ? 0 : 1), o.clients >= 1, o.rate > 0 else {
    fail("--clients ≥ --editors ≥ 1 (≥ 0 with --faults)")
  }
  guard (1...10).contains(o.perToken) else { fail("--per-token is 1…10") }
  guard o.editorTokens.count * o.perToken >= o.editors,
    o.viewerTokens.count * o.perToken >= o.clients - o.editors
  else {
    fail("not enough tokens (\(o.perToken) connections each)")
  }
  if o.faults {
    guard o.seconds != nil, o.readyFile != nil, o.goFile != nil, !o.waitFor.isEmpty else {
      fail("--faults needs --seconds, --ready-file, --go-file and --wait-for")
    }
    guard o.editors == 0 || o.commitsOut != nil else { fail("--faults with editors needs --commits-out") }
  }
  guard (o.moves == nil) != (o.seconds == nil) else { fail("give --moves (throughput) or --seconds (fan-out)") }
  if o.kill && o.ports.count < 2 { fail("--kill needs two instances") }
  return o
}

/// A server's resident memory in KB (VmRSS from /proc/PID/status).
func residentKB(_ pid: Int32) -> Int {
  guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
  for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
  return 0
}

struct BoardAnswer {
  var revision: Int64
  var views: [WireView]
}

/// GET /api/boards/{board} with a viewer's token.
func fetchBoard(host: String = "127.0.0.1", port: Int, board: String, token: String) async throws -> BoardAnswer {
  var request = URLRequest(url: URL(string: "http://\(host):\(port)/api/boards/\(board)")!)
  request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
  let (data, _) = try await URLSession.shared.data(for: request)
  let json = try SyncJSON.parse(String(decoding: data, as: UTF8.self))
  guard let revision = json["revision"]?.int64, let views = json["views"]?.array else {
    throw WireError("GET /api/boards/\(board) answered no revision and views")
  }
  return BoardAnswer(
    revision: revision, views: try views.map { (view: SyncJSON) throws(WireError) in try WireView(json: view) })
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
  guard !sorted.isEmpty else { return 0 }
  return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func milliseconds(_ sorted: [Double]) -> [String: Any] {
  func ms(_ s: Double) -> Double { (s * 10_000).rounded() / 10 }
  return [
    "count": sorted.count, "p50": ms(percentile(sorted, 0.5)), "p95": ms(percentile(sorted, 0.95)),
    "p99": ms(percentile(sorted, 0.99)), "max": ms(sorted.last ?? 0),
  ]
}

/// Waits (polling) until `done` or the deadline; true when done.
func wait(seconds: Double, every: Int = 20, until done: () -> Bool) async -> Bool {
  let end = now() + seconds
  while now() < end {
    if done() { return true }
    try? await Task.sleep(for: .milliseconds(every))
  }
  return done()
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
let ok = try await options.faults ? runFaults(options) : runLoad(options)
exit(ok ? 0 : 1)
