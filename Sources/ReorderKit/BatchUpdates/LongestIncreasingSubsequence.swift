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
  var previous = [Int](repeating: -1, count: n)
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
/// and lie in `0..<bound`.
///
/// ```swift
/// // Both [1, 2] and [0, 2] are longest; the second weighs more.
/// heaviestLongestIncreasingSubsequence([1, 0, 2], weights: [0, 1, 0], bound: 3)   // [false, true, true]
/// ```
///
/// - Complexity: O(n log bound), with a Fenwick tree of prefix maxima.
@usableFromInline
func heaviestLongestIncreasingSubsequence(_ values: [Int], weights: [Int], bound: Int) -> [Bool] {
  let n = values.count
  var keep = [Bool](repeating: false, count: n)
  guard n > 0 else { return keep }
  // tree[j]: the best (length, weight, index) among runs ending in a value of its range.
  var tree = [(length: Int, weight: Int, index: Int)](repeating: (0, 0, -1), count: bound + 1)
  var previous = [Int](repeating: -1, count: n)
  var best = (length: 0, weight: 0, index: -1)
  func better(_ a: (length: Int, weight: Int, index: Int), _ b: (length: Int, weight: Int, index: Int)) -> Bool {
    (a.length, a.weight) > (b.length, b.weight)
  }
  for i in 0..<n {
    precondition((0..<bound).contains(values[i]), "value \(values[i]) is outside 0..<\(bound)")
    var found = (length: 0, weight: 0, index: -1)
    var j = values[i]  // prefix over values < values[i]: Fenwick positions 1...values[i]
    while j > 0 {
      if better(tree[j], found) { found = tree[j] }
      j &= j - 1
    }
    let run = (length: found.length + 1, weight: found.weight + weights[i], index: i)
    previous[i] = found.index
    if better(run, best) { best = run }
    j = values[i] + 1
    while j <= bound {
      if better(run, tree[j]) { tree[j] = run }
      j += j & -j
    }
  }
  var i = best.index
  while i >= 0 {
    keep[i] = true
    i = previous[i]
  }
  return keep
}
