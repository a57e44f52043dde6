import ReorderTestSupport
import Testing

@testable import ReorderKit

/// `OrderKey(values:)` writes the key's bytes in place from macOS 11 / iOS 14 on and goes through
/// an array below (the package supports macOS 10.15 / iOS 13). Linux takes the first path only, so
/// the second is compared with it here.
@Suite("Order keys below macOS 11 / iOS 14")
struct OrderKeyAvailabilityTests {
  /// Seed 22 (fixed): 2,000 random digit strings of 1–70 digits, the last not `0`.
  @Test func theArrayPathSpellsTheSameKeys() throws {
    var rng = SplitMix(spreading: 22)
    for round in 0..<2_000 {
      var values = (0..<rng.int(0...69)).map { _ in UInt8(rng.int(0...61)) }
      values.append(UInt8(rng.int(1...61)))
      let key = OrderKey(values: values)
      #expect(OrderKey.text(ofValues: values) == key.rawValue, "seed 22, round \(round): \(values)")
      #expect(try OrderKey(key.rawValue) == key, "seed 22, round \(round)")
      #expect(key.values == values, "seed 22, round \(round)")
    }
  }
}
