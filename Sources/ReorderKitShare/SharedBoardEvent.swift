import ReorderKit

/// What a shared board tells its app, on ``SharedBoardClient/events``: others' commits to apply, a
/// lost race to announce, and the server connection coming and going.
///
/// ```swift
/// for await event in board.events {
///   switch event {
///   case .remote(let update): view.apply(update.state.snapshot, time: now)   // mid-drag too
///   case .lostRace(let race):
///     view.apply(race.state.snapshot, time: now)
///     caption = race.announcement   // "Card 7 was moved by someone else."
///   case .connection(let state, let announcement): caption = announcement
///   }
/// }
/// ```
public enum SharedBoardEvent: Sendable {
  /// Others committed changes; ``RemoteUpdate/state`` is the board to show now (your own unsent
  /// gestures included).
  case remote(RemoteUpdate)
  /// A gesture of yours lost a race: someone else's commit to the same rows came first. The board
  /// has taken the server's state.
  case lostRace(LostRace)
  /// The connection to the server changed, with the text for the caption.
  case connection(SharedBoardConnection, announcement: String)
  /// A gesture of yours was refused for a reason other than a lost race (the server would refuse
  /// it every time): it left the outbox, kept aside in the local file's `refused` table, and the
  /// board no longer shows it. Later gestures go out as before.
  case refused(RefusedGesture)
}

/// A gesture set aside: the server refused it (or the outbox held one no client makes).
public struct RefusedGesture: Sendable {
  /// The gesture, as ``SharedBoardClient/commit(_:)`` named it.
  public var gesture: String
  /// The cards or columns it wrote.
  public var items: [String]
  /// Why, in the server's words (e.g. "54000: index row size 8056 exceeds …").
  public var reason: String
  /// The text to announce.
  public var announcement: String
  /// The board now, without it.
  public var state: BoardState

  package init(gesture: String, items: [String], reason: String, announcement: String, state: BoardState) {
    self.gesture = gesture
    self.items = items
    self.reason = reason
    self.announcement = announcement
    self.state = state
  }

  package init(_ other: RefusedGesture, state: BoardState) {
    self = other
    self.state = state
  }
}

/// Others' commits, applied.
public struct RemoteUpdate: Sendable {
  /// The board after them.
  public var state: BoardState
  /// The commits, in server order.
  public var commits: [RemoteCommit]
  /// What to say with it, if anything: "The board was recreated on the server: showing it as it
  /// is now." (``RemoteBoard``).
  public var announcement: String? = nil

  package init(state: BoardState, commits: [RemoteCommit], announcement: String? = nil) {
    self.state = state
    self.commits = commits
    self.announcement = announcement
  }
}

/// One commit by another client.
public struct RemoteCommit: Sendable, Hashable {
  /// Its place in the board's change sequence.
  public var revision: Int64
  /// The committing client.
  public var client: String
  /// The server's clock at the commit, in seconds since 1970 (for measuring propagation).
  public var committedAt: Double
  /// What changed, by identity: cards moved (section: their column) or deleted. Columns that
  /// moved are in ``RemoteUpdate/state``.
  public var changes: [Change<String, String>]

  package init(revision: Int64, client: String, committedAt: Double, changes: [Change<String, String>]) {
    self.revision = revision
    self.client = client
    self.committedAt = committedAt
    self.changes = changes
  }
}

/// A gesture that lost a race.
public struct LostRace: Sendable {
  /// The gesture, as ``SharedBoardClient/commit(_:)`` named it.
  public var gesture: String
  /// The cards or columns someone else changed first.
  public var items: [String]
  /// The text to announce, e.g. "Card 7 was moved by someone else."
  public var announcement: String
  /// The board now (the server's state, with your other unsent gestures).
  public var state: BoardState

  package init(gesture: String, items: [String], announcement: String, state: BoardState) {
    self.gesture = gesture
    self.items = items
    self.announcement = announcement
    self.state = state
  }
}

/// The server connection, as the caption shows it.
public enum SharedBoardConnection: Sendable, Hashable {
  /// Connected: gestures go out as they are made, others' arrive.
  case online
  /// Not connected: gestures wait in the outbox; the next try is after `retryIn`.
  case offline(retryIn: Duration)
}

extension SharedBoardConnection {
  /// Whether this state is worth announcing after `old`: a change, or the first offline state.
  package func isNews(after old: SharedBoardConnection, announced: Bool) -> Bool {
    switch (old, self) {
    case (.online, .online): false
    case (.offline, .offline): !announced
    default: true
    }
  }

  /// The caption's words for this state (`detail` goes after "shared", online).
  package func announcement(_ detail: String = "") -> String {
    switch self {
    case .online:
      return "Online: the board is shared\(detail)."
    case .offline(let retry):
      let seconds = Double(retry.components.seconds) + Double(retry.components.attoseconds) / 1e18
      return "Offline: your moves are kept and sent when the server is back (retrying in \(seconds) s)."
    }
  }
}

/// What became of a committed gesture.
public enum GestureOutcome: Sendable, Hashable {
  /// The server committed it, as this revision.
  case committed(revision: Int64)
  /// Someone else changed these rows first; the board took the server's state.
  case lost(items: [String])
  /// The server refused it for another reason (``SharedBoardEvent/refused(_:)``); it was set aside.
  case refused(reason: String)
}
