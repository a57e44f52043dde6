import Synchronization

/// A round trip that took longer than its limit (the database stopped answering it).
struct TimedOut: Error, CustomStringConvertible {
  let limit: Duration
  var description: String { "no answer within \(limit)" }
}

/// Runs `operation` in a task of its own and returns what it returns, or throws ``TimedOut`` once
/// `limit` has passed: the task is then cancelled and left to end on its own, and the caller goes
/// on. For a query that a database restart left hanging (PostgresNIO never answered a
/// `reorder_server_commit_many` in flight at a fast shutdown, in 5 of 13 runs of
/// Scripts/net-faults.sh, and the board's commit lock was held for ever).
///
/// ```swift
/// let answers = try await withTimeLimit(.seconds(10)) { try await store.commit(…) }
/// ```
func withTimeLimit<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T)
  async throws -> T
{
  let once = Once<T>()
  return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
    once.set(continuation)
    let work = Task {
      do {
        once.resume(.success(try await operation()))
      } catch {
        once.resume(.failure(error))
      }
    }
    Task {
      try? await Task.sleep(for: limit)
      if once.resume(.failure(TimedOut(limit: limit))) { work.cancel() }
    }
  }
}

/// A continuation resumed once, by whichever comes first.
private final class Once<T: Sendable>: Sendable {
  let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, result: Result<T, any Error>?)>((nil, nil))

  func set(_ continuation: CheckedContinuation<T, any Error>) {
    let early = state.withLock { s -> Result<T, any Error>? in
      if let result = s.result { return result }
      s.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  /// Resumes it with `result` unless it was resumed already; whether this call did.
  @discardableResult
  func resume(_ result: Result<T, any Error>) -> Bool {
    let continuation = state.withLock { s -> CheckedContinuation<T, any Error>?? in
      guard s.result == nil else { return .none }
      s.result = result
      defer { s.continuation = nil }
      return .some(s.continuation)
    }
    guard let continuation else { return false }
    continuation?.resume(with: result)
    return true
  }
}
