import Benchmark
import ReorderSync

/// What a shared board's client pays for one remote move (issue 44): `BoardSync` taking another
/// client's `remote` frame (its JSON read, the revision checked, the change applied to the confirmed
/// board, the actions written), on a team's board of 5 columns × 200 cards and on 5 × 20,000,
/// against reading the same frame's JSON alone in the same run (the baseline): the machine's own
/// cost is the difference.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .kilo,
    maxDuration: .seconds(3))

  for perColumn in [200, 20_000] {
    let frames = SyncWorkload.frames(perColumn: perColumn)
    Benchmark("Baseline: the remote's JSON read, 5 x \(perColumn)") { benchmark in
      for k in benchmark.scaledIterations {
        blackHole(try? SyncJSON.parse(frames[k % frames.count]))
      }
    }
    Benchmark("BoardSync: one remote applied, 5 x \(perColumn)") { benchmark in
      var sync = SyncWorkload.welcomed(perColumn: perColumn)
      // The first remote copies the board (copy on write); the measured ones do not.
      blackHole(sync.received(text: SyncWorkload.remote(revision: 2, card: 0, perColumn: perColumn), now: 1))
      benchmark.startMeasurement()
      for k in benchmark.scaledIterations {
        blackHole(sync.received(text: frames[k], now: 2))
      }
      benchmark.stopMeasurement()
      blackHole(sync)
    }
  }
}

/// A board of 5 columns and the remotes that move its cards, one a revision.
enum SyncWorkload {
  static let columns = ["backlog", "todo", "doing", "review", "done"]

  /// A machine connected and welcomed with the board at revision 1, as an editor.
  static func welcomed(perColumn: Int) -> BoardSync {
    var sync = BoardSync(BoardSync.Configuration(token: "t0k"))
    _ = sync.tick(now: 0)
    _ = sync.connected(now: 0)
    let views = columns.enumerated().map { c, id in
      WireView(id: id, sections: [WireSection(id: id, items: (0..<perColumn).map { "c\(c * perColumn + $0)" })])
    }
    _ = sync.received(.welcome(.init(role: .editor, epoch: "e1", revision: 1, views: views)), now: 0)
    return sync
  }

  /// A remote of `revision` that moves card `card` to the end of the next column.
  static func remote(revision: Int, card: Int, perColumn: Int) -> String {
    let column = columns[(card / perColumn + revision) % columns.count]
    return """
      {"type": "remote", "revision": \(revision), "changes": [{"kind": "moveCards", "items": ["c\(card)"], \
      "view": "\(column)", "section": "\(column)", "before": null}]}
      """
  }

  /// 1,000 remotes after the first (revisions 3…1002), each moving another card.
  static func frames(perColumn: Int) -> [String] {
    (0..<1000).map { k in remote(revision: k + 3, card: (k * 7919) % (5 * perColumn), perColumn: perColumn) }
  }
}
