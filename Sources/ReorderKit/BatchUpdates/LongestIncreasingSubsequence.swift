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
/// and lie in `0..<bound`; weights are not negative.
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
  // A run's (length, weight) packed in 64 bits (on 32-bit platforms too), the length in the upper
  // half: comparing two packed runs compares their lengths, then their weights.
  var total: UInt64 = 0
  for w in weights {
    precondition(w >= 0, "weight \(w) is negative")
    total += UInt64(w)
  }
  precondition(total < 1 << 32, "the weights add up to \(total), more than 32 bits")
  // tree[j]: the best packed run ending in a value of its range, treeIndex[j] the index it ends at.
  var tree = [UInt64](repeating: 0, count: bound + 1)
  var treeIndex = [Int](repeating: -1, count: bound + 1)
  var previous = [Int](repeating: -1, count: n)
  var best: UInt64 = 0
  var bestIndex = -1
  tree.withUnsafeMutableBufferPointer { tree in
    treeIndex.withUnsafeMutableBufferPointer { treeIndex in
      previous.withUnsafeMutableBufferPointer { previous in
        for i in 0..<n {
          let value = values[i]
          precondition(value >= 0 && value < bound, "value \(value) is outside 0..<\(bound)")
          var found: UInt64 = 0
          var foundIndex = -1
          var j = value  // prefix over values < values[i]: Fenwick positions 1...values[i]
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
          j = value + 1
          while j <= bound {
            if run > tree[j] {
              tree[j] = run
              treeIndex[j] = i
            }
            j += j & -j
          }
        }
      }
    }
  }
  var i = bestIndex
  while i >= 0 {
    keep[i] = true
    i = previous[i]
  }
  return keep
}
