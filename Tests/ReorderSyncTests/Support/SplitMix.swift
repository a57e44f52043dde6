/// A small seeded generator (SplitMix64), so that a run can be repeated from its seed.
///
/// ```swift
/// var random = SplitMix(seed: 42)
/// random.below(6)   // the same every time for seed 42
/// ```
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<n` (`n` > 0).
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One of the elements (`nil` for none).
  mutating func pick<T>(_ elements: [T]) -> T? { elements.isEmpty ? nil : elements[below(elements.count)] }
}
