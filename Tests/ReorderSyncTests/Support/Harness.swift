@testable import ReorderSync

/// A board of columns and cards, written short: `board(["todo": ["c1"], ...])` keeps the order given.
func board(_ columns: KeyValuePairs<String, [String]>) -> SyncBoard {
  SyncBoard(columns: columns.map { SyncBoard.Column(id: $0.key, cards: $0.value) }) ?? SyncBoard()
}

/// The messages among actions.
func sent(_ actions: [SyncAction]) -> [ClientMessage] {
  actions.compactMap { if case .send(let m) = $0 { m } else { nil } }
}

/// The announcements among actions.
func announced(_ actions: [SyncAction]) -> [String] {
  actions.compactMap { if case .announce(let a) = $0 { a } else { nil } }
}

/// The problems among actions.
func reported(_ actions: [SyncAction]) -> [SyncProblem] {
  actions.compactMap { if case .report(let p) = $0 { p } else { nil } }
}

/// The gestures settled among actions.
func settled(_ actions: [SyncAction]) -> [(String, GestureOutcome)] {
  actions.compactMap { if case .settled(let g, let o) = $0 { (g, o) } else { nil } }
}

/// The last board shown among actions.
func applied(_ actions: [SyncAction]) -> SyncBoard? {
  actions.compactMap { if case .apply(let v) = $0 { v.board } else { nil } }.last
}

/// The wake-up time asked (the last one counts).
func wake(_ actions: [SyncAction]) -> Int64? {
  actions.compactMap { if case .wakeAt(let t) = $0 { t } else { nil } }.last
}

let todoDone = board(["todo": ["c1", "c2"], "done": ["c3"]])

/// A machine connected and welcomed with `todoDone` at revision 4 of epoch e1, as an editor.
func welcomed(token: String = "t0k", role: Role = .editor, at now: Int64 = 0) -> BoardSync {
  var sync = BoardSync(BoardSync.Configuration(token: token))
  _ = sync.tick(now: now)
  _ = sync.connected(now: now)
  _ = sync.received(
    .welcome(.init(role: role, epoch: "e1", revision: 4, views: todoDone.views)), now: now)
  return sync
}
