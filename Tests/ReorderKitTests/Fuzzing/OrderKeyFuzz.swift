import ReorderKit

// SwiftPM builds the harness with the tests; Scripts/fuzz.sh compiles SplitMix.swift beside it.
#if canImport(ReorderTestSupport)
  import ReorderTestSupport
#endif

/// The `orderkey` fuzz harness: parsing any text, keys between two keys (plain, jittered, and
/// `count` of them), and a container of items kept in key order through a sequence of moves (with
/// small maximum lengths, so rebalancing runs often). After every move the keys sorted give exactly
/// the order the move asked for, with no two keys equal.
///
/// The fuzz target `orderkey` (Fuzz/Targets/orderkey.swift) runs it; `FuzzRegressionTests` replays
/// the committed seeds and the inputs it once failed on.
enum OrderKeyFuzz {
  /// Plays an input: its first byte picks the check, the rest drives it.
  static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
    var input = FuzzBytes(bytes)
    switch input.byte() % 4 {
    case 0: try parsing(input.rest())
    case 1: try between(&input)
    case 2: try spread(&input)
    default: try moves(&input)
    }
  }

  private static func parsing(_ bytes: [UInt8]) throws(FuzzFailure) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let key = try? OrderKey(text) else { return }
    if key.rawValue != text { throw FuzzFailure("the key \(key) was read from \(text)") }
    if text.utf8.contains(where: { !($0 >= 48 && $0 <= 57 || $0 >= 65 && $0 <= 90 || $0 >= 97 && $0 <= 122) }) {
      throw FuzzFailure("accepted a key with a character outside 0-9A-Za-z: \(text)")
    }
  }

  /// A key or nil (the start or the end) from the input: a length, then digits.
  private static func optionalKey(_ input: inout FuzzBytes) -> OrderKey? {
    let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    let length = Int(input.byte() % 12)
    guard length > 0 else { return nil }
    let text = String(decoding: (0..<length).map { _ in digits[Int(input.byte()) % 62] }, as: UTF8.self)
    return try? OrderKey(text)
  }

  private static func check(
    _ key: OrderKey, between lower: OrderKey?, _ upper: OrderKey?, _ what: String
  ) throws(FuzzFailure) {
    if (try? OrderKey(key.rawValue)) != key { throw FuzzFailure("\(what) made an invalid key \(key)") }
    if let lower, !(lower < key) { throw FuzzFailure("\(what): \(key) is not above \(lower)") }
    if let upper, !(key < upper) { throw FuzzFailure("\(what): \(key) is not below \(upper)") }
  }

  private static func between(_ input: inout FuzzBytes) throws(FuzzFailure) {
    let lower = optionalKey(&input)
    let upper = optionalKey(&input)
    let ordered = lower == nil || upper == nil || lower! < upper!
    // A seeded generator, so that a failing input replays the same jitter.
    var random = SplitMix(seed: UInt64(input.byte()) << 8 | UInt64(input.byte()))
    let key = try? OrderKey.between(lower, upper)
    let jittered = try? OrderKey.between(lower, upper, jitter: &random)
    let bounds = "(\(lower?.rawValue ?? "nil"), \(upper?.rawValue ?? "nil"))"
    guard ordered else {
      if key != nil || jittered != nil { throw FuzzFailure("between\(bounds) accepted unordered bounds") }
      return
    }
    guard let key, let jittered else { throw FuzzFailure("between\(bounds) threw") }
    try check(key, between: lower, upper, "between\(bounds)")
    try check(jittered, between: lower, upper, "between\(bounds), jitter")
  }

  private static func spread(_ input: inout FuzzBytes) throws(FuzzFailure) {
    let lower = optionalKey(&input)
    let upper = optionalKey(&input)
    let count = input.below(400)
    guard lower == nil || upper == nil || lower! < upper! else { return }
    let what = "keys(count: \(count), between: \(lower?.rawValue ?? "nil"), \(upper?.rawValue ?? "nil"))"
    guard let keys = try? OrderKey.keys(count: count, between: lower, upper) else { throw FuzzFailure("\(what) threw") }
    if keys.count != count { throw FuzzFailure("\(what) made \(keys.count)") }
    for (i, key) in keys.enumerated() {
      try check(key, between: i == 0 ? lower : keys[i - 1], upper, what)
    }
  }

  private static func moves(_ input: inout FuzzBytes) throws(FuzzFailure) {
    let n = 1 + input.below(60)
    var order = Array(0..<n)
    var keys: [Int: OrderKey] = [:]
    guard let initial = try? OrderKey.keys(count: n, between: nil, nil) else {
      throw FuzzFailure("keys(count: \(n)) threw")
    }
    for (id, key) in zip(order, initial) { keys[id] = key }
    var steps = 0
    while !input.isAtEnd && steps < 200 {
      steps += 1
      let maximumLength = 2 + Int(input.byte() % 10)
      var moving: [Int] = []
      for _ in 0...input.below(4) {
        let id = order[input.below(n)]
        if !moving.contains(id) { moving.append(id) }
      }
      let rest = order.filter { !moving.contains($0) }
      let gap = input.below(rest.count + 1)
      let before = gap < rest.count ? rest[gap] : nil
      let what = "moving \(moving) before \(before.map(String.init) ?? "nil") (limit \(maximumLength)) in \(order)"
      guard
        let placement = try? OrderKey.keys(
          forMoving: moving, before: before, in: order.map { (id: $0, key: keys[$0]!) }, maximumLength: maximumLength)
      else { throw FuzzFailure("\(what) threw") }
      if placement.moved.map(\.id) != moving { throw FuzzFailure("\(what) moved \(placement.moved.map(\.id))") }
      for (id, key) in placement.moved + placement.rebalanced { keys[id] = key }
      order = Array(rest[..<gap]) + moving + Array(rest[gap...])
      for (a, b) in zip(order, order.dropFirst()) where !(keys[a]! < keys[b]!) {
        throw FuzzFailure("after \(what): \(a) \(keys[a]!) is not below \(b) \(keys[b]!)")
      }
      // Sixty items fit in two digits, so respreading never needs more than the limit (at least 2).
      if let long = (placement.moved + placement.rebalanced).first(where: { $0.key.count > maximumLength }) {
        throw FuzzFailure("after \(what): the key \(long.key) of \(long.id) is longer than the limit")
      }
    }
  }
}
