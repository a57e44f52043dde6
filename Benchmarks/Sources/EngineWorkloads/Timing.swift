/// Timing for the reports: per-operation medians and p90s of batches, read off a monotonic clock.
public enum Timing {
  /// A duration in seconds.
  public static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }

  /// Per-operation times (seconds) of `samples` batches of `batch` operations, after one warm-up call.
  public static func measure(samples: Int, batch: Int, _ body: (Int) -> Void) -> (median: Double, p90: Double) {
    let clock = ContinuousClock()
    var times: [Double] = []
    var k = 0
    body(k)
    for _ in 0..<samples {
      let start = clock.now
      for _ in 0..<batch {
        k += 1
        body(k)
      }
      times.append(seconds(clock.now - start) / Double(batch))
    }
    times.sort()
    return (times[times.count / 2], times[min(times.count - 1, times.count * 9 / 10)])
  }
}
