/// Marks a longest strictly increasing subsequence of `values` (patience sorting).
///
/// ```swift
/// longestIncreasingSubsequence([0, 3, 1, 2])   // [true, false, true, true]
/// ```
///
/// - Complexity: O(n + k log k), where k is the number of values that do not
///   extend the current longest run: an already increasing sequence costs O(n).
@usableFromInline
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
  let n = values.count
  var keep = [Bool](repeating: false, count: n)
  guard n > 0 else { return keep }
  var tails: [Int] = []  // tails[l]: index of the smallest tail of an increasing run of length l + 1
  // Written for every value before it is read: left uninitialized (`Int` is trivial).
  var previous = [Int](unsafeUninitializedCapacity: n) { _, count in count = n }
  values.withUnsafeBufferPointer { v in
    for i in 0..<n {
      let x = v[i]
      if let last = tails.last, v[last] >= x {
        var lo = 0
        var hi = tails.count - 1
        while lo < hi {
          let mid = (lo + hi) >> 1
          if v[tails[mid]] < x { lo = mid + 1 } else { hi = mid }
        }
        previous[i] = lo > 0 ? tails[lo - 1] : -1
        tails[lo] = i
      } else {
        previous[i] = tails.last ?? -1
        tails.append(i)
      }
    }
  }
  var i = tails[tails.count - 1]
  while i >= 0 {
    keep[i] = true
    i = previous[i]
  }
  return keep
}

/// Marks a longest strictly increasing subsequence of `values` that, among
/// all the longest ones, has the greatest total weight. `values` are distinct
/// and lie in `0..<bound`; weights are not negative.
///
/// ```swift
/// // Both [1, 2] and [0, 2] are longest; the second weighs more.
/// heaviestLongestIncreasingSubsequence([1, 0, 2], weights: [0, 1, 0], bound: 3)   // [false, true, true]
/// ```
///
/// A value greater than every value before it and smaller than every value after it (a pivot) is
/// in every longest subsequence, and one between two pivots can be only if it lies between their
/// values: the pivots cut the work into independent stretches, and only those stretches go through
/// the tree. Mostly increasing data (a few items moved in a long list) costs O(n).
///
/// - Complexity: O(n + m log m) for m values outside the pivots; O(n log bound) at worst.
@usableFromInline
func heaviestLongestIncreasingSubsequence(_ values: [Int], weights: [Int], bound: Int) -> [Bool] {
  let n = values.count
  var keep = [Bool](repeating: false, count: n)
  guard n > 0 else { return keep }
  precondition(weights.count == n, "\(weights.count) weights for \(n) values")
  var total: UInt64 = 0
  for w in weights {
    precondition(w >= 0, "weight \(w) is negative")
    total += UInt64(w)
  }
  precondition(total < 1 << 32, "the weights add up to \(total), more than 32 bits")
  // suffixMinimum[i]: the smallest value at i or after (bound past the end); written in full.
  let suffixMinimum = [Int](unsafeUninitializedCapacity: n + 1) { buffer, count in
    var minimum = bound
    buffer[n] = minimum
    for i in stride(from: n - 1, through: 0, by: -1) {
      let value = values[i]
      precondition(value >= 0 && value < bound, "value \(value) is outside 0..<\(bound)")
      if value < minimum { minimum = value }
      buffer[i] = minimum
    }
    count = n + 1
  }
  // Written for each value of a stretch before a later one of the same stretch reads it (left
  // uninitialized: `Int` is trivial, and a value outside every stretch is never read).
  var previous = [Int](unsafeUninitializedCapacity: n) { _, count in count = n }
  var prefixMaximum = -1
  var start = 0  // the stretch after the last pivot
  var low = -1  // the last pivot's value
  for i in 0..<n {
    let value = values[i]
    if value > prefixMaximum && value < suffixMinimum[i + 1] {
      if start < i {
        heaviestRun(values, weights, start..<i, above: low, below: value, keep: &keep, previous: &previous)
      }
      keep[i] = true
      start = i + 1
      low = value
    }
    if value > prefixMaximum { prefixMaximum = value }
  }
  if start < n {
    heaviestRun(values, weights, start..<n, above: low, below: bound, keep: &keep, previous: &previous)
  }
  return keep
}

/// Marks, in `keep`, a heaviest longest increasing subsequence of the values of `range` that lie
/// strictly between `above` and `below` (the two pivots around the stretch), with a Fenwick tree of
/// prefix maxima over those values. `previous` is scratch space of the length of `values`.
@usableFromInline
func heaviestRun(
  _ values: [Int], _ weights: [Int], _ range: Range<Int>, above: Int, below: Int, keep: inout [Bool],
  previous: inout [Int]
) {
  let width = below - above - 1  // values above + 1 ..< below, at tree positions 1...width
  guard width > 0 else { return }
  // A run's (length, weight) packed in 64 bits (on 32-bit platforms too), the length in the upper
  // half: comparing two packed runs compares their lengths, then their weights.
  var tree = [UInt64](repeating: 0, count: width + 1)
  // Read only where `tree` holds a run, which writes it: left uninitialized (`Int` is trivial).
  var treeIndex = [Int](unsafeUninitializedCapacity: width + 1) { _, count in count = width + 1 }
  var best: UInt64 = 0
  var bestIndex = -1
  var smallest = below  // the smallest value in the tree so far
  tree.withUnsafeMutableBufferPointer { tree in
    treeIndex.withUnsafeMutableBufferPointer { treeIndex in
      for i in range {
        let value = values[i]
        guard value > above && value < below else { continue }
        var found: UInt64 = 0
        var foundIndex = -1
        // The prefix over smaller values: tree positions 1...(its position - 1), empty when the
        // value is below every value so far (each one, in data that comes reversed).
        var j = value < smallest ? 0 : value - above - 1
        if value < smallest { smallest = value }
        while j > 0 {
          if tree[j] > found {
            found = tree[j]
            foundIndex = treeIndex[j]
          }
          j &= j - 1
        }
        let run = found + (1 << 32) + UInt64(weights[i])
        previous[i] = foundIndex
        if run > best {
          best = run
          bestIndex = i
        }
        // A node holds at least what each node below it holds: once one holds `run` or more,
        // so do all the nodes above it, and the update is done.
        j = value - above
        while j <= width && run > tree[j] {
          tree[j] = run
          treeIndex[j] = i
          j += j & -j
        }
      }
    }
  }
  var i = bestIndex
  while i >= 0 {
    keep[i] = true
    i = previous[i]
  }
}
