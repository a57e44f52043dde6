import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Synchronization

/// The frames going out on one live connection, written in order by a task that runs only while
/// there are frames to write: an idle follower has no task waiting for its next frame (a task per
/// connection, parked for as long as it stays open, was part of every idle connection's memory).
/// Anything may hand it frames (the hub, the hello sweep, the connection); a close ends it.
final class Outbox: Sendable {
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
  }

  let outbound: WebSocketOutboundWriter
  let state = Mutex(State())

  init(_ outbound: WebSocketOutboundWriter) { self.outbound = outbound }

  /// Queues a frame (in order after those before it); after a close, it is dropped.
  func yield(_ frame: Outgoing) {
    let start = state.withLock { s in
      guard !s.closed else { return false }
      if case .close = frame { s.closed = true }
      s.frames.append(frame)
      defer { s.writing = true }
      return !s.writing
    }
    if start { Task { await self.write() } }
  }

  /// Writes the queued frames until none is left.
  func write() async {
    while true {
      let (frame, finished): (Outgoing?, [CheckedContinuation<Void, Never>]) = state.withLock { s in
        guard s.next < s.frames.count else {
          s.frames = []
          s.next = 0
          s.writing = false
          defer { s.finishing = [] }
          return (nil, s.finishing)
        }
        defer { s.next += 1 }
        return (s.frames[s.next], [])
      }
      guard let frame else {
        for continuation in finished { continuation.resume() }
        return
      }
      let written: Bool
      switch frame {
      case .text(let text):
        written = (try? await outbound.write(.text(text))) != nil
      case .shared(let buffer):
        written =
          (try? await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: buffer)))) != nil
      case .close(let code, let reason):
        try? await outbound.close(.init(codeNumber: Int(code)), reason: reason)
        written = false
      }
      if !written {
        // Closed (or the peer is gone): nothing more goes out.
        state.withLock { s in
          s.closed = true
          s.frames = []
          s.next = 0
        }
      }
    }
  }

  /// Takes no more frames, and returns when those queued are written.
  func finish() async {
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
