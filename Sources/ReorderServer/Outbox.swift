import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Synchronization

/// The frames going out on one live connection, written in order by a task that runs only while
/// there are frames to write: an idle follower has no task waiting for its next frame (a task per
/// connection, parked for as long as it stays open, was part of every idle connection's memory).
/// Anything may hand it frames (the hub, the hello sweep, the connection); a close ends it.
///
/// It is bounded (DESIGN, "The board server, hardened"): past ``maximumBytes`` or
/// ``maximumFrames`` not yet written, the connection stops reading (``waitForRoom()``), and if the
/// queue has not drained below half within ``drainGrace`` the connection is closed at once, 1008
/// "slow consumer". A close that must not wait behind unread frames (the hello deadline, a slow
/// consumer) goes through ``abort(code:reason:)``, which closes the socket itself.
///
/// ```swift
/// let sink = Outbox(outbound, abort: { code, reason in /* close the channel */ })
/// sink.yield(.text(#"{"type":"welcome",…}"#))
/// await sink.waitForRoom()   // returns at once unless the client stopped reading
/// ```
final class Outbox: Sendable {
  /// The most bytes queued and not yet written.
  static let maximumBytes = 256 * 1024
  /// The most frames queued and not yet written.
  static let maximumFrames = 256
  /// How long a queue past its bound has to drain below half before the connection is closed.
  static let drainGrace = Duration.seconds(10)

  struct State {
    var frames: [Outgoing] = []
    /// Where the next frame is in `frames` (the front is dropped in one go when all are written).
    var next = 0
    /// A task is writing.
    var writing = false
    /// A close was queued, a write failed or the connection ended: later frames go nowhere.
    var closed = false
    /// Waiting for the last frame to be written (``finish()``).
    var finishing: [CheckedContinuation<Void, Never>] = []
    /// The frames queued and not yet written (the one being written included), and their bytes.
    var queuedFrames = 0
    var queuedBytes = 0
    /// Since when the queue is past its bound and has not drained below half.
    var overSince: ContinuousClock.Instant?
    /// The connection's reader, waiting for the queue to drain below half.
    var roomWaiters: [CheckedContinuation<Void, Never>] = []
    /// A watchdog task is looking at `overSince`.
    var watching = false
    /// Why the connection was closed from this side (for the connection's last log line).
    var closeReason: String?

    var isPastBound: Bool { queuedBytes > Outbox.maximumBytes || queuedFrames > Outbox.maximumFrames }
    var isBelowHalf: Bool { queuedBytes <= Outbox.maximumBytes / 2 && queuedFrames <= Outbox.maximumFrames / 2 }
  }

  let outbound: WebSocketOutboundWriter
  /// Closes the connection at once with this code and reason (not queued behind anything).
  let closeNow: @Sendable (UInt16, String) -> Void
  /// Told of bytes queued (+) and written or dropped (−), and of slow consumers closed.
  let metrics: (any OutboxMetrics)?
  let state = Mutex(State())

  init(
    _ outbound: WebSocketOutboundWriter, metrics: (any OutboxMetrics)? = nil,
    abort closeNow: @escaping @Sendable (UInt16, String) -> Void = { _, _ in }
  ) {
    self.outbound = outbound
    self.metrics = metrics
    self.closeNow = closeNow
  }

  /// The bytes a frame takes in the queue.
  static func size(_ frame: Outgoing) -> Int {
    switch frame {
    case .text(let text): return text.utf8.count
    case .shared(let buffer): return buffer.readableBytes
    case .close(_, let reason), .closeNow(_, let reason): return 2 + reason.utf8.count
    }
  }

  /// Queues a frame (in order after those before it); after a close, it is dropped.
  func yield(_ frame: Outgoing) {
    let size = Self.size(frame)
    let (accepted, start, watch) = state.withLock { s -> (Bool, Bool, Bool) in
      guard !s.closed else { return (false, false, false) }
      switch frame {
      case .close(let code, let reason), .closeNow(let code, let reason):
        s.closed = true
        if s.closeReason == nil { s.closeReason = "\(code) \(reason)" }
      case .text, .shared: break
      }
      s.frames.append(frame)
      s.queuedFrames += 1
      s.queuedBytes += size
      var watch = false
      if s.overSince == nil, s.isPastBound {
        s.overSince = .now
        watch = !s.watching
        s.watching = true
      }
      defer { s.writing = true }
      return (true, !s.writing, watch)
    }
    guard accepted else { return }
    metrics?.queued(bytes: size)
    if start { Task { await self.write() } }
    if watch { Task { await self.watchdog() } }
  }

  /// Whether the queue is past its bound (the connection does not read until it drains).
  var isPastBound: Bool { state.withLock { $0.overSince != nil } }

  /// Why this side closed the connection, if it did.
  var closeReason: String? { state.withLock { $0.closeReason } }

  /// Notes why the connection ended, unless a reason is noted already.
  func noteEnd(_ reason: String) {
    state.withLock { s in
      if s.closeReason == nil { s.closeReason = reason }
    }
  }

  /// Returns when the queue is not past its bound (at once, usually), or when the connection closed.
  func waitForRoom() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = state.withLock { s in
        guard s.overSince != nil, !s.closed else { return true }
        s.roomWaiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Closes the connection now, with this code and reason: the frames not yet written are dropped,
  /// and the socket is closed without waiting for the client to read what is queued.
  func abort(code: UInt16, reason: String) {
    let (waiters, dropped) = state.withLock { s -> ([CheckedContinuation<Void, Never>], Int) in
      if s.closeReason == nil || !s.closed { s.closeReason = "\(code) \(reason)" }
      s.closed = true
      let dropped = dropQueued(&s)
      defer { s.roomWaiters = [] }
      return (s.roomWaiters, dropped)
    }
    if dropped > 0 { metrics?.queued(bytes: -dropped) }
    for waiter in waiters { waiter.resume() }
    closeNow(code, reason)
  }

  /// Drops the frames not yet handed to the writer; returns their bytes.
  private func dropQueued(_ s: inout State) -> Int {
    let dropped = s.frames[min(s.next, s.frames.count)...].reduce(0) { $0 + Self.size($1) }
    s.frames.removeSubrange(min(s.next, s.frames.count)...)
    s.queuedBytes -= dropped
    s.queuedFrames = s.writing && !s.frames.isEmpty ? 1 : 0
    return dropped
  }

  /// Closes a connection whose queue stayed past half its bound for ``drainGrace``.
  func watchdog() async {
    while true {
      let deadline: ContinuousClock.Instant? = state.withLock { s in
        guard !s.closed, let since = s.overSince else {
          s.watching = false
          return nil
        }
        return since + Self.drainGrace
      }
      guard let deadline else { return }
      if deadline <= .now {
        state.withLock { $0.watching = false }
        metrics?.slowConsumer()
        abort(code: CloseCode.policyViolation, reason: "slow consumer")
        return
      }
      try? await Task.sleep(until: deadline)
    }
  }

  /// Writes the queued frames until none is left.
  func write() async {
    var written = 0
    while true {
      let (frame, finished, room): (Outgoing?, [CheckedContinuation<Void, Never>], [CheckedContinuation<Void, Never>]) =
        state.withLock { s in
          if written > 0 {
            s.queuedFrames = max(0, s.queuedFrames - 1)
            s.queuedBytes = max(0, s.queuedBytes - written)
          }
          var room: [CheckedContinuation<Void, Never>] = []
          if s.overSince != nil, s.isBelowHalf {
            s.overSince = nil
            room = s.roomWaiters
            s.roomWaiters = []
          }
          guard s.next < s.frames.count else {
            s.frames = []
            s.next = 0
            s.writing = false
            s.queuedFrames = 0
            s.queuedBytes = 0
            defer { s.finishing = [] }
            return (nil, s.finishing, room)
          }
          defer { s.next += 1 }
          return (s.frames[s.next], [], room)
        }
      if written > 0 { metrics?.queued(bytes: -written) }
      for waiter in room { waiter.resume() }
      guard let frame else {
        for continuation in finished { continuation.resume() }
        return
      }
      written = Self.size(frame)
      let ok: Bool
      switch frame {
      case .text(let text):
        ok = (try? await outbound.write(.text(text))) != nil
      case .shared(let buffer):
        ok = (try? await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: buffer)))) != nil
      case .close(let code, let reason):
        try? await outbound.close(.init(codeNumber: Int(code)), reason: reason)
        ok = false
      case .closeNow(let code, let reason):
        closeNow(code, reason)
        ok = false
      }
      if !ok {
        // Closed (or the peer is gone): nothing more goes out.
        let (dropped, waiters) = state.withLock { s -> (Int, [CheckedContinuation<Void, Never>]) in
          s.closed = true
          let dropped = dropQueued(&s)
          defer { s.roomWaiters = [] }
          return (dropped, s.roomWaiters)
        }
        if dropped > 0 { metrics?.queued(bytes: -dropped) }
        for waiter in waiters { waiter.resume() }
      }
    }
  }

  /// Takes no more frames, and returns when those queued are written.
  func finish() async {
    let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
      defer { s.roomWaiters = [] }
      return s.roomWaiters
    }
    for waiter in waiters { waiter.resume() }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = state.withLock { s in
        s.closed = true
        if s.writing {
          s.finishing.append(continuation)
          return false
        }
        return true
      }
      if now { continuation.resume() }
    }
  }
}

/// What an ``Outbox`` tells the server's metrics.
protocol OutboxMetrics: Sendable {
  /// Bytes queued (positive) or written or dropped (negative).
  func queued(bytes: Int)
  /// A connection closed as a slow consumer.
  func slowConsumer()
}

extension ServerMetrics: OutboxMetrics {}
