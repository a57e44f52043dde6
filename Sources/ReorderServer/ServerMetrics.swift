import CoreMetrics
import Metrics
import Prometheus

import enum ReorderSync.RejectReason

/// What one server instance counts, for `GET /metrics` (Prometheus's text format, version 0.0.4):
/// one registry per ``BoardServer``, never the process-wide `MetricsSystem` (tests start several
/// servers in one process), so every value is made with this registry's factory.
///
/// - `reorder_connections{role}`: live connections open now (`role` is `viewer`, `editor`, or
///   `none` before the hello);
/// - `reorder_commits_total{outcome}`: commits answered, by what they came to (`ack`, `invalid`,
///   `lostRace`, `forbidden`, `failed`);
/// - `reorder_commit_seconds`: a commit's round trip, from the hub taking it to its answer (the wait
///   for the board's lock included);
/// - `reorder_fanout_seconds`: from a commit known here (its answer, or the read of the log that
///   found it) to its `remote` queued for every follower;
/// - `reorder_slow_consumers_total`, `reorder_rate_limited_total`: connections closed for not
///   reading, messages answered `rateLimited`;
/// - `reorder_queued_bytes`: the bytes queued for clients and not yet written;
/// - `reorder_compacted_rows_total`: log rows compaction deleted.
///
/// ```swift
/// let metrics = ServerMetrics()
/// metrics.committed(outcome: "ack", seconds: .milliseconds(3))
/// let text = metrics.exposition()   // "# TYPE reorder_commits_total counter\n…"
/// ```
final class ServerMetrics: Sendable {
  /// The content type of ``exposition()``.
  static let contentType = "text/plain; version=0.0.4; charset=utf-8"
  /// The outcomes of ``committed(outcome:seconds:)`` shown from the start (others are added when they
  /// first happen).
  static let outcomes = [
    "ack", RejectReason.invalid.text, RejectReason.lostRace.text, RejectReason.forbidden.text, "failed",
  ]

  let registry = PrometheusCollectorRegistry()
  let connections: [String: CoreMetrics.Meter]
  let commits: [String: CoreMetrics.Counter]
  let commitSeconds: CoreMetrics.Timer
  let fanoutSeconds: CoreMetrics.Timer
  let slowConsumers: CoreMetrics.Counter
  let rateLimitedMessages: CoreMetrics.Counter
  let queuedBytes: CoreMetrics.Meter
  let compactedRows: CoreMetrics.Counter
  let factory: PrometheusMetricsFactory

  init() {
    var factory = PrometheusMetricsFactory(registry: registry)
    // A commit takes milliseconds; a fan-out, microseconds to milliseconds.
    factory.durationHistogramBuckets["reorder_commit_seconds"] = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000]
      .map { Duration.milliseconds($0) }
    factory.durationHistogramBuckets["reorder_fanout_seconds"] = [
      100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100_000, 250_000, 1_000_000,
    ].map { Duration.microseconds($0) }
    self.factory = factory
    var connections: [String: CoreMetrics.Meter] = [:]
    for role in ["none"] + Role.allCases.map(\.rawValue) {
      connections[role] = CoreMetrics.Meter(
        label: "reorder_connections", dimensions: [("role", role)], factory: factory)
    }
    self.connections = connections
    var commits: [String: CoreMetrics.Counter] = [:]
    for outcome in Self.outcomes {
      commits[outcome] = CoreMetrics.Counter(
        label: "reorder_commits_total", dimensions: [("outcome", outcome)], factory: factory)
    }
    self.commits = commits
    commitSeconds = CoreMetrics.Timer(label: "reorder_commit_seconds", factory: factory)
    fanoutSeconds = CoreMetrics.Timer(label: "reorder_fanout_seconds", factory: factory)
    slowConsumers = CoreMetrics.Counter(label: "reorder_slow_consumers_total", factory: factory)
    rateLimitedMessages = CoreMetrics.Counter(label: "reorder_rate_limited_total", factory: factory)
    queuedBytes = CoreMetrics.Meter(label: "reorder_queued_bytes", factory: factory)
    compactedRows = CoreMetrics.Counter(label: "reorder_compacted_rows_total", factory: factory)
  }

  /// A live connection opened (`role` `nil`: it has not said hello yet).
  func connectionOpened(role: Role?) { connections[role?.rawValue ?? "none"]?.increment() }

  /// A live connection closed, or moved from one role to another (closed as `nil`, opened as its
  /// role, at the hello).
  func connectionClosed(role: Role?) { connections[role?.rawValue ?? "none"]?.decrement() }

  /// A commit answered: `outcome` is `ack` or the `rejected` reason (`failed`: the database did not
  /// answer), after `seconds` in the hub.
  func committed(outcome: String, seconds: Duration) {
    if let counter = commits[outcome] {
      counter.increment()
    } else {
      CoreMetrics.Counter(label: "reorder_commits_total", dimensions: [("outcome", outcome)], factory: factory)
        .increment()
    }
    commitSeconds.record(duration: seconds)
  }

  /// A commit's `remote` queued for every follower, `seconds` after the commit was known here.
  func fannedOut(seconds: Duration) { fanoutSeconds.record(duration: seconds) }

  /// Bytes queued for a client (positive) or written or dropped (negative).
  func queued(bytes: Int) {
    if bytes >= 0 { queuedBytes.increment(by: Double(bytes)) } else { queuedBytes.decrement(by: Double(-bytes)) }
  }

  /// A connection closed as a slow consumer (1008).
  func slowConsumer() { slowConsumers.increment() }

  /// A message answered `rateLimited` (a commit, or a `hello` again).
  func rateLimited() { rateLimitedMessages.increment() }

  /// Log rows deleted by compaction.
  func compacted(rows: Int) { if rows > 0 { compactedRows.increment(by: rows) } }

  /// Everything, in Prometheus's text format.
  func exposition() -> [UInt8] {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(4096)
    registry.emit(into: &buffer)
    return buffer
  }
}
