/// Frame times, and their percentiles for `--stats`.
///
/// ```swift
/// var stats = FrameStats()
/// stats.record(0.004)
/// print(stats.summary())   // frames 1  p50 4.00 ms  p95 4.00 ms ...
/// ```
public struct FrameStats: Sendable {
  /// Every recorded duration, in seconds.
  public private(set) var samples: [Double] = []

  public init() {}

  /// Records one frame's duration in seconds.
  public mutating func record(_ seconds: Double) { samples.append(seconds) }

  /// Forgets every sample.
  public mutating func reset() { samples.removeAll(keepingCapacity: true) }

  /// The number of frames recorded.
  public var count: Int { samples.count }

  /// The `p`-th percentile (0...100) in seconds, by the nearest-rank method; 0 with no samples.
  /// - Complexity: O(n log n).
  public func percentile(_ p: Double) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sorted = samples.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank - 1, 0), sorted.count - 1)]
  }

  /// One line: the count and the 50th, 95th and 99th percentiles and the maximum, in milliseconds.
  public func summary() -> String {
    func ms(_ s: Double) -> String {
      let v = (s * 100_000).rounded() / 100
      var text = String(v)
      if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
      }
      return text + " ms"
    }
    return
      "frames \(count)  p50 \(ms(percentile(50)))  p95 \(ms(percentile(95)))  p99 \(ms(percentile(99)))  max \(ms(samples.max() ?? 0))"
  }
}
