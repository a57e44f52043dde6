extension OrderKey {
  /// The shortest key between two keys; `nil` stands for the start (below every key) or the end
  /// (above every key).
  ///
  /// ```swift
  /// let a = try OrderKey.between(nil, nil)   // "V", the middle
  /// let b = try OrderKey.between(nil, a)     // "F", before it
  /// let c = try OrderKey.between(a, nil)     // "k", after it
  /// ```
  /// Inserting again and again into the same gap adds about one digit every six keys; see
  /// ``keys(forMoving:before:in:outside:maximumLength:)`` for keeping keys short.
  /// - Throws: ``OrderKeyError`` when `lower` is not below `upper`.
  /// - Complexity: O(k), k the length of the longer bound.
  public static func between(_ lower: OrderKey?, _ upper: OrderKey?) throws(OrderKeyError) -> OrderKey {
    try checkOrder(lower, upper)
    return OrderKey(values: midpoint(lower?.values ?? [], upper?.values))
  }

  /// A random key between two keys, so two writers inserting into the same gap at the same time
  /// almost never make the same key (a 1 in 3,843 chance or less), at the cost of about two digits.
  /// The random source is injected; a seeded one makes the keys repeatable.
  ///
  /// ```swift
  /// var random = SystemRandomNumberGenerator()
  /// let key = try OrderKey.between(OrderKey("a"), OrderKey("b"), jitter: &random)   // e.g. "aJ7"
  /// ```
  /// - Throws: ``OrderKeyError`` when `lower` is not below `upper`.
  public static func between(
    _ lower: OrderKey?, _ upper: OrderKey?, jitter random: inout some RandomNumberGenerator
  ) throws(OrderKeyError) -> OrderKey {
    try checkOrder(lower, upper)
    let (prefix, a, b) = normalize(lower?.values ?? [], upper?.values)
    guard let (length, low, high) = resolution(for: 62 * 62 - 1, a, b) else {
      // A gap narrower than 10 digits can resolve (an unbalanced pair of keys): the middle, without jitter.
      return OrderKey(values: midpoint(lower?.values ?? [], upper?.values))
    }
    let v = low + 1 + UInt64.random(in: 0..<(high - low - 1), using: &random)
    return OrderKey(values: prefix + digits(of: v, length: length))
  }

  /// `count` keys evenly spread between two keys, in ascending order, as short as the gap allows.
  ///
  /// ```swift
  /// let keys = try OrderKey.keys(count: 3, between: nil, nil)   // ["F", "V", "k"]
  /// let many = try OrderKey.keys(count: 1_000_000, between: nil, nil)   // four digits each
  /// ```
  /// - Throws: ``OrderKeyError`` when `lower` is not below `upper` or `count` is negative.
  /// - Complexity: O(count · k), k the length of a key.
  public static func keys(count: Int, between lower: OrderKey?, _ upper: OrderKey?) throws(OrderKeyError)
    -> [OrderKey]
  {
    guard count >= 0 else { throw OrderKeyError(.negativeCount(count)) }
    try checkOrder(lower, upper)
    guard count > 1 else { return count == 0 ? [] : [OrderKey(values: midpoint(lower?.values ?? [], upper?.values))] }
    let (prefix, a, b) = normalize(lower?.values ?? [], upper?.values)
    guard let (length, low, high) = resolution(for: count, a, b) else {
      return spread(count, lower?.values ?? [], upper?.values).map { OrderKey(values: $0) }
    }
    // The common case, written straight into ASCII: prefix, then `length` digits without trailing zeros.
    var buffer = prefix.map { digit(ofValue: $0) } + [UInt8](repeating: 0, count: length)
    let start = prefix.count
    let span = high - low
    let parts = UInt64(count + 1)
    var result: [OrderKey] = []
    result.reserveCapacity(count)
    for i in 1...UInt64(count) {
      var v = low + parts.dividingFullWidth(span.multipliedFullWidth(by: i)).quotient
      var end = start + length
      for j in stride(from: start + length - 1, through: start, by: -1) {
        let d = UInt8(v % 62)
        v /= 62
        if d == 0, end == j + 1 { end = j }
        buffer[j] = digit(ofValue: d)
      }
      result.append(OrderKey(ascii: buffer[..<end]))
    }
    return result
  }

  static func checkOrder(_ lower: OrderKey?, _ upper: OrderKey?) throws(OrderKeyError) {
    if let lower, let upper, !(lower < upper) {
      throw OrderKeyError(.notAscending(lower: lower.rawValue, upper: upper.rawValue))
    }
  }

  // MARK: Digit arithmetic (values 0...61; `a` may be empty for 0, `b` nil for 1; a < b)

  /// The shortest fraction strictly between `a` and `b`.
  static func midpoint(_ a: [UInt8], _ b: [UInt8]?) -> [UInt8] {
    let (prefix, a, b) = normalize(a, b)
    var result = prefix
    let da = Int(a.first ?? 0)
    let db = b.map { Int($0[0]) } ?? 62
    // Adjacent first digits (then b has more digits): b's first digit; otherwise the middle digit.
    result.append(UInt8(db - da > 1 ? (da + db) / 2 : db))
    return result
  }

  /// Splits off the digits every key between `a` and `b` starts with. Afterwards the first digits of
  /// `a` and `b` differ (a's may be absent, for 0), and when they are adjacent, `b` has more than one
  /// digit.
  static func normalize(_ a: [UInt8], _ b: [UInt8]?) -> (prefix: [UInt8], a: [UInt8], b: [UInt8]?) {
    var prefix: [UInt8] = []
    var a = a[...]
    var b = b.map { $0[...] }
    while true {
      if let bb = b {
        var n = 0
        while n < bb.count, (n < a.count ? a[a.startIndex + n] : 0) == bb[bb.startIndex + n] { n += 1 }
        if n > 0 {
          prefix += bb.prefix(n)
          a = a.dropFirst(n)
          b = bb.dropFirst(n)
          continue
        }
      }
      let da = Int(a.first ?? 0)
      let db = b.map { Int($0.first!) } ?? 62
      if db - da == 1, b == nil || b!.count == 1 {
        // Every key between starts with a's first digit and then exceeds the rest of a.
        prefix.append(UInt8(da))
        a = a.dropFirst()
        b = nil
        continue
      }
      return (prefix, Array(a), b.map(Array.init))
    }
  }

  /// The fewest digits (at most 10) at which more than `count` fractions lie strictly between the
  /// normalized `a` and `b`: the length and the scaled bounds (floor of a, ceiling of b).
  static func resolution(for count: Int, _ a: [UInt8], _ b: [UInt8]?) -> (length: Int, low: UInt64, high: UInt64)? {
    var low: UInt64 = 0
    var bPrefix: UInt64 = 0
    var scale: UInt64 = 1
    for length in 1...10 {
      scale *= 62
      low = low * 62 + UInt64(length <= a.count ? a[length - 1] : 0)
      let high: UInt64
      if let b {
        bPrefix = bPrefix * 62 + UInt64(length <= b.count ? b[length - 1] : 0)
        high = bPrefix + (b.count > length ? 1 : 0)
      } else {
        high = scale
      }
      if high - low - 1 >= UInt64(count) { return (length, low, high) }
    }
    return nil
  }

  /// `length` base-62 digits of `v`, without trailing zeros.
  static func digits(of v: UInt64, length: Int) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: length)
    var v = v
    for i in stride(from: length - 1, through: 0, by: -1) {
      result[i] = UInt8(v % 62)
      v /= 62
    }
    while result.last == 0 { result.removeLast() }
    return result
  }

  /// `count` fractions evenly spread strictly between `a` and `b`.
  static func spread(_ count: Int, _ a: [UInt8], _ b: [UInt8]?) -> [[UInt8]] {
    guard count > 0 else { return [] }
    if count == 1 { return [midpoint(a, b)] }
    let (prefix, na, nb) = normalize(a, b)
    guard let (length, low, high) = resolution(for: count, na, nb) else {
      // A very narrow gap: bisect.
      let middle = midpoint(a, b)
      let left = (count - 1) / 2
      return spread(left, a, middle) + [middle] + spread(count - 1 - left, middle, b)
    }
    let span = high - low
    let parts = UInt64(count + 1)
    var result: [[UInt8]] = []
    result.reserveCapacity(count)
    for i in 1...UInt64(count) {
      let product = span.multipliedFullWidth(by: i)
      let (quotient, _) = parts.dividingFullWidth(product)
      result.append(prefix + digits(of: low + quotient, length: length))
    }
    return result
  }
}
