import ReorderKit
import ReorderTestSupport
import Testing

/// The fraction a key stands for, as exact base-62 digit values (for comparing with the reference order).
private func isValid(_ key: OrderKey) -> Bool {
  (try? OrderKey(key.rawValue)) == key
}

@Suite("Order keys: between, spread, jitter, validation")
struct OrderKeyTests {
  @Test("Keys validate their text", arguments: ["", "a0", "a-b", "é", "0"])
  func invalidKeys(_ text: String) {
    #expect(throws: OrderKeyError.self) { try OrderKey(text) }
  }

  @Test func validKeysRoundTrip() throws {
    for text in ["1", "z", "V", "0001", "azAZ09z", String(repeating: "z", count: 100)] {
      #expect(try OrderKey(text).rawValue == text)
    }
  }

  @Test func orderIsByteOrder() throws {
    let texts = ["01", "1", "10z", "2", "9", "A", "Z", "a", "az", "b", "z", "zz"]
    let keys = try texts.map { try OrderKey($0) }
    #expect(keys == keys.sorted())
    #expect(Set(keys).count == keys.count)
  }

  @Test func documentedExamples() throws {
    let first = try OrderKey.between(nil, nil)
    let second = try OrderKey.between(first, nil)
    #expect(first.rawValue == "V")
    #expect(second.rawValue == "k")
    #expect(try OrderKey.between(first, second).rawValue == "c")
    #expect(try OrderKey.between(nil, first).rawValue == "F")
    #expect(try OrderKey.keys(count: 3, between: nil, nil).map(\.rawValue) == ["F", "V", "k"])
  }

  @Test func boundsInTheWrongOrderThrow() throws {
    let a = try OrderKey("a")
    let b = try OrderKey("b")
    #expect(throws: OrderKeyError.self) { try OrderKey.between(b, a) }
    #expect(throws: OrderKeyError.self) { try OrderKey.between(a, a) }
    #expect(throws: OrderKeyError.self) { try OrderKey.keys(count: -1, between: nil, nil) }
    #expect(try OrderKey.keys(count: 0, between: a, b).isEmpty)
    let error = try #require(throws: OrderKeyError.self) { try OrderKey.between(b, a) }
    #expect(error.description == "the lower bound \"b\" is not below the upper bound \"a\"")
  }

  /// Pairs that stress the digit arithmetic: adjacent digits, runs of z and 0, prefixes of each other.
  static let hardPairs: [(String?, String?)] = [
    (nil, nil), (nil, "1"), (nil, "01"), (nil, "00001"), ("z", nil), ("zzzzz", nil), ("a", "b"), ("a", "a1"),
    ("a", "a01"), ("az", "b"), ("azzzzzzzzzzzz", "b"), ("azzzzzzzzzzzz", "b0000000000001"), ("A", "B5"),
    ("1", "2"), ("y", "z"), ("yzzz", "z"), ("V", "V00001"), ("Vzz", "W"),
  ]

  @Test func betweenIsStrictlyBetweenForHardPairs() throws {
    for (a, b) in Self.hardPairs {
      let lower = try a.map { try OrderKey($0) }
      let upper = try b.map { try OrderKey($0) }
      let key = try OrderKey.between(lower, upper)
      #expect(isValid(key))
      if let lower { #expect(lower < key, "\(lower) < \(key)") }
      if let upper { #expect(key < upper, "\(key) < \(upper)") }
      for n in [1, 2, 3, 61, 62, 63, 1000] {
        let keys = try OrderKey.keys(count: n, between: lower, upper)
        #expect(keys.count == n)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "\(n) keys between \(a ?? "nil") and \(b ?? "nil")")
        #expect(keys.allSatisfy(isValid))
        if let lower, let first = keys.first { #expect(lower < first) }
        if let upper, let last = keys.last { #expect(last < upper) }
      }
    }
  }

  /// Random pairs of random keys: a key between any two keys always exists, and `keys(count:)` is sorted.
  @Test func aKeyBetweenAnyTwoAlwaysExists() throws {
    var rng = SplitMix(spreading: 12)
    let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    func randomKey() -> OrderKey {
      // Few distinct digits, so prefixes and adjacent digits are common.
      let pool = [alphabet[0], alphabet[1], alphabet[30], alphabet[31], alphabet[60], alphabet[61]]
      var text = String((0..<rng.int(1...12)).map { _ in pool[rng.int(0...5)] })
      while text.last == "0" { text.removeLast() }
      return (try? OrderKey(text)) ?? (try! OrderKey("V"))
    }
    for _ in 0..<3000 {
      let x = randomKey()
      let y = randomKey()
      guard x != y else { continue }
      let (lower, upper) = x < y ? (x, y) : (y, x)
      let key = try OrderKey.between(lower, upper)
      #expect(lower < key && key < upper, "\(lower) < \(key) < \(upper)")
      #expect(isValid(key))
      var jitterRandom = SplitMix(spreading: rng.next())
      let jittered = try OrderKey.between(lower, upper, jitter: &jitterRandom)
      #expect(lower < jittered && jittered < upper, "\(lower) < \(jittered) < \(upper)")
      #expect(isValid(jittered))
      let keys = try OrderKey.keys(count: rng.int(2...40), between: lower, upper)
      #expect(lower < keys.first! && keys.last! < upper)
      #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
    }
  }

  @Test func evenlySpreadKeysAreShort() throws {
    let many = try OrderKey.keys(count: 200_000, between: nil, nil)
    #expect(many.map(\.count).max() == 3)
    #expect(zip(many, many.dropFirst()).allSatisfy { $0 < $1 })
    let fourDigits = try OrderKey.keys(count: 240_000, between: nil, nil)
    #expect(fourDigits.map(\.count).max() == 4)
    let inGap = try OrderKey.keys(count: 100, between: OrderKey("a"), OrderKey("b"))
    #expect(inGap.map(\.count).max() == 3)
  }

  @Test func jitterIsDeterministicWithASeedAndSpreadsWriters() throws {
    let a = try OrderKey("a")
    let b = try OrderKey("b")
    var first = SplitMix(spreading: 1)
    var again = SplitMix(spreading: 1)
    #expect(try OrderKey.between(a, b, jitter: &first) == OrderKey.between(a, b, jitter: &again))
    // A thousand pairs of writers, each pair inserting into the same gap at once: a collision is a
    // 1 in 3,843 event, so at most a few in a thousand pairs.
    var rng = SplitMix(spreading: 99)
    var collisions = 0
    for _ in 0..<1_000 {
      let x = try OrderKey.between(a, b, jitter: &rng)
      let y = try OrderKey.between(a, b, jitter: &rng)
      if x == y { collisions += 1 }
      #expect(a < x && x < b && x.count <= 3)
    }
    #expect(collisions <= 3)
  }

  /// Without rebalancing, 1,000 keys inserted again and again at one gap (or appended at the end)
  /// grow by about one digit every six keys: the gap halves each time. Moves rebalance (see the move
  /// tests); these figures are the reason.
  @Test func growthWithoutRebalancing() throws {
    var appended: [OrderKey] = []
    var atGap: [OrderKey] = []
    var upper: OrderKey? = nil
    for _ in 0..<1_000 {
      appended.append(try OrderKey.between(appended.last, nil))
      let key = try OrderKey.between(nil, upper)
      atGap.append(key)
      upper = key
    }
    #expect(zip(appended, appended.dropFirst()).allSatisfy { $0 < $1 })
    #expect(zip(atGap.dropFirst(), atGap).allSatisfy { $0 < $1 })
    for longest in [appended.map(\.count).max()!, atGap.map(\.count).max()!] {
      #expect(longest >= 150 && longest <= 200, "1,000 inserts at one gap: \(longest) digits")
    }
  }
}
