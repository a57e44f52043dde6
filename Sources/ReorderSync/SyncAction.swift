/// What the owner of a ``BoardSync`` does after an input, in order.
///
/// ```swift
/// for action in sync.received(message, now: clock()) {
///   switch action {
///   case .send(let message): socket.send(message.text)
///   case .apply(let view): show(view.board)
///   case .persist(let record): outbox.save(record)
///   case .wakeAt(let time): timer.schedule(at: time)   // replaces the earlier one
///   default: break
///   }
/// }
/// ```
public enum SyncAction: Equatable, Sendable {
  /// Open a connection to the board's live WebSocket; then call ``BoardSync/connected(now:)``, or
  /// ``BoardSync/disconnected(now:code:reason:)`` when it fails.
  case connect
  /// Send this message on the open connection.
  case send(ClientMessage)
  /// Send a transport ping (a WebSocket ping frame); call ``BoardSync/heard(now:)`` for its pong.
  /// An owner that cannot ping (a browser) may do nothing: any message counts as heard.
  case ping
  /// Close the connection (or give up the attempt) and forget it: the machine already counts it
  /// gone and will ask to ``connect`` again. Do not report its end.
  case close(reason: String)
  /// Show this board: the confirmed one with the moves still waiting on top.
  case apply(SyncView)
  /// Keep this record (the outbox and the confirmed board), so that a restart loses nothing.
  case persist(SyncRecord)
  /// Say this to the person (a live region, a status line).
  case announce(String)
  /// Something went wrong that the person need not be told in words: log it, count it.
  case report(SyncProblem)
  /// A gesture's fate is known (once per gesture).
  case settled(gesture: String, GestureOutcome)
  /// Call ``BoardSync/tick(now:)`` at this time (milliseconds); it replaces any earlier request.
  case wakeAt(Int64)
}

/// The board to show, and what others changed to make it (for animation).
///
/// ```swift
/// case .apply(let view): collection.show(view.board, animating: view.remoteChanges)
/// ```
public struct SyncView: Equatable, Sendable {
  /// The confirmed board with this client's waiting moves on top.
  public var board: SyncBoard
  /// Others' changes applied since the last view, in order (empty: a reload, or own moves settled).
  public var remoteChanges: [WireChange]

  /// A view.
  ///
  /// ```swift
  /// SyncView(board: board, remoteChanges: [])
  /// ```
  public init(board: SyncBoard, remoteChanges: [WireChange]) {
    self.board = board
    self.remoteChanges = remoteChanges
  }
}

/// What an outbox keeps: the board as the server last confirmed it, and the moves waiting.
///
/// ```swift
/// var sync = BoardSync(configuration, restoring: outbox.load())
/// ```
public struct SyncRecord: Equatable, Sendable {
  /// The board's epoch the confirmed board belongs to (`nil`: never confirmed by the server).
  public var epoch: String?
  /// The confirmed board's revision.
  public var revision: Int64
  /// The confirmed board.
  public var confirmed: SyncBoard
  /// The moves not yet in it, in the order made.
  public var pending: [PendingGesture]

  /// A record.
  ///
  /// ```swift
  /// SyncRecord(epoch: nil, revision: 0, confirmed: SyncBoard(), pending: [])
  /// ```
  public init(epoch: String?, revision: Int64, confirmed: SyncBoard, pending: [PendingGesture]) {
    self.epoch = epoch
    self.revision = revision
    self.confirmed = confirmed
    self.pending = pending
  }
}

/// A move not yet in the confirmed board.
///
/// ```swift
/// PendingGesture(gesture: "g1", change: .moveColumns(items: ["done"], before: nil))
/// ```
public struct PendingGesture: Equatable, Sendable {
  /// Its identifier.
  public var gesture: String
  /// What it changes.
  public var change: WireChange
  /// The revision the server committed it as, once it said so (it waits for the revisions before).
  public var committed: Int64?

  /// A waiting move.
  ///
  /// ```swift
  /// PendingGesture(gesture: "g2", change: change, committed: 9)
  /// ```
  public init(gesture: String, change: WireChange, committed: Int64? = nil) {
    self.gesture = gesture
    self.change = change
    self.committed = committed
  }
}

/// What became of a gesture.
///
/// ```swift
/// case .settled(let id, .lost): undoBadge(id)
/// ```
public enum GestureOutcome: Equatable, Sendable {
  /// Committed as this revision.
  case committed(revision: Int64)
  /// Someone else changed what it named first (`lostRace`): undone.
  case lost
  /// Refused for good (`forbidden`, `invalid`, or a reason this client does not know), and set aside.
  case refused(RejectReason, message: String?)
}

/// Something the machine noticed and did not apply, in a line.
///
/// ```swift
/// case .report(let problem): log.warning("\(problem)")
/// ```
public enum SyncProblem: Equatable, Sendable {
  /// A frame that could not be read.
  case unreadable(String)
  /// A message that breaks the protocol (an ack of an unknown gesture, a revision out of order, a
  /// welcome for another epoch): not applied; the board is read again when it matters.
  case unexpected(String)
  /// A change from the server that does not fit the board: the board is read again.
  case misfit(revision: Int64)
  /// The server's `error` message.
  case server(ServerMessage.Failure)
  /// The server closed the connection for the token (1008), in its words: retried slowly.
  case refused(String)
  /// A local change the machine did not take (a card not on the board, a viewer's token, a
  /// gesture id used twice).
  case local(String)
}
