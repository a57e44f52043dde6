/// The project's one seeded generator (SplitMix64, Steele, Lea and Flood 2014): the tests, the load
/// tools and the benchmarks draw their random data from it, so that a run repeats from its seed on
/// every machine. Not a product: test support only (the benchmarks' workloads and the differ's
/// instruction count compile this file too).
///
/// ```swift
/// var random = SplitMix(seed: 42)
/// random.below(6)        // the same every time for seed 42
/// random.chance(30)      // true 30 % of the time
/// random.chance(0.25)    // true a quarter of the time
/// ```
public struct SplitMix: RandomNumberGenerator, Sendable {
  /// The state, which is the seed at first.
  public var state: UInt64

  /// A generator that starts at `seed`.
  ///
  /// ```swift
  /// var random = SplitMix(seed: 7)
  /// ```
  public init(seed: UInt64) { state = seed }

  /// A generator whose first state is `seed` spread over the whole range (× the golden ratio,
  /// + 0x1234_5678), as the differ's workloads and tests seed theirs: seeds 0, 1, 2… start far
  /// apart.
  ///
  /// ```swift
  /// var random = SplitMix(spreading: 3)
  /// ```
  public init(spreading seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678 }

  /// The next 64 random bits.
  ///
  /// ```swift
  /// let bits = random.next()
  /// ```
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<n`; 0 when `n` is 0 or less.
  ///
  /// ```swift
  /// let index = random.below(items.count)
  /// ```
  public mutating func below(_ n: Int) -> Int { n > 0 ? Int(next() % UInt64(n)) : 0 }

  /// A number in `range`.
  ///
  /// ```swift
  /// let count = random.int(0...50)
  /// ```
  public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// True with probability `percent` / 100.
  ///
  /// ```swift
  /// if random.chance(5) { dropTheConnection() }
  /// ```
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// True with probability `probability` (0…1).
  ///
  /// ```swift
  /// if random.chance(0.25) { insertASection() }
  /// ```
  public mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

  /// One of the elements (`nil` for none).
  ///
  /// ```swift
  /// let column = random.pick(columns)
  /// ```
  public mutating func pick<T>(_ elements: [T]) -> T? { elements.isEmpty ? nil : elements[below(elements.count)] }
}
