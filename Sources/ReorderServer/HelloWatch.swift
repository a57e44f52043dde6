import Foundation
import Synchronization

import enum ReorderSync.ClientMessage

/// The connections that have not said `hello` yet, and one sweep for all of them: a connection
/// still silent at its deadline is closed (1008). One task for the whole server instead of a timer
/// task per connection (a task, its stack and a dispatch timer each, kept for five seconds: about
/// 3 KB of every new connection, measured with heaptrack).
final class HelloWatch: Sendable {
  /// How often the sweep looks.
  static let interval = Duration.milliseconds(100)

  struct Waiting {
    var deadline: ContinuousClock.Instant
    var sink: Outbox
  }

  struct State {
    var waiting: [Int: Waiting] = [:]
    var nextID = 0
    var sweeping = false
  }

  let timeout: Duration
  let state = Mutex(State())

  init(timeout: Duration) { self.timeout = timeout }

  /// Watches a new connection; the sweep starts with the first one.
  func watch(_ sink: Outbox) -> Int {
    let (id, start) = state.withLock { s in
      s.nextID += 1
      s.waiting[s.nextID] = Waiting(deadline: .now + timeout, sink: sink)
      defer { s.sweeping = true }
      return (s.nextID, !s.sweeping)
    }
    if start { Task { await sweep() } }
    return id
  }

  /// The connection said hello, or ended.
  func forget(_ id: Int) {
    _ = state.withLock { $0.waiting.removeValue(forKey: id) }
  }

  /// Closes the connections past their deadline, until none is watched.
  func sweep() async {
    while true {
      try? await Task.sleep(for: Self.interval)
      let now = ContinuousClock.now
      let (late, done) = state.withLock { s in
        let late = s.waiting.filter { $0.value.deadline <= now }
        for id in late.keys { s.waiting[id] = nil }
        if s.waiting.isEmpty { s.sweeping = false }
        return (late.values.map(\.sink), s.waiting.isEmpty)
      }
      // Closed at once, not queued: a client that does not read would never see a queued close.
      for sink in late { sink.abort(code: CloseCode.policyViolation, reason: "no hello within 5 s") }
      if done { return }
    }
  }
}

/// A `hello` waiting for its connection's next second (``LiveConnection/helloInterval``): one task
/// answers it then, or the later `hello` that took its place.
final class DeferredHello: Sendable {
  let state: Mutex<(hello: ClientMessage.Hello, waiting: Bool)>
  let when: ContinuousClock.Instant
  let task: Mutex<Task<Void, Never>?> = Mutex(nil)

  init(
    _ hello: ClientMessage.Hello, at when: ContinuousClock.Instant,
    answer: @escaping @Sendable (ClientMessage.Hello) async -> Void
  ) {
    state = Mutex((hello, true))
    self.when = when
    let task = Task { [self] in
      try? await Task.sleep(until: when)
      guard !Task.isCancelled else { return }
      await answer(take())
    }
    self.task.withLock { $0 = task }
  }

  /// The hello to answer now (none waits after it).
  private func take() -> ClientMessage.Hello {
    state.withLock { s in
      s.waiting = false
      return s.hello
    }
  }

  /// Whether it has yet to be answered.
  var isWaiting: Bool { state.withLock { $0.waiting } }

  /// A later `hello` takes its place; returns when it will be answered.
  func replace(with hello: ClientMessage.Hello) -> ContinuousClock.Instant {
    state.withLock { $0.hello = hello }
    return when
  }

  /// The connection ended: nothing is answered.
  func cancel() { task.withLock { $0?.cancel() } }
}
