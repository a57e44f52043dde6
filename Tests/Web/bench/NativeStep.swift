// The engine's drag step measured natively, for Scripts/web-bench.sh: compiled with the engine
// (Sources/ReorderKit) and the page's export layer (Web/Exports) as one release module, it calls the
// same C-ABI functions the page calls (rk_view_create, rk_pointer_down, rk_pointer_move) on the same
// Colors view, along the same path, timed the same way as the bench times them in WebAssembly.
//
// Reads from standard input: `items width height x y` (the view's size and c1's centre, in the
// view's CSS pixels), then one `x y` line per point of the path. Prints the median, over batches of
// 50 calls, of the mean time of one rk_pointer_move, in microseconds.

@main
struct NativeStep {
  static func main() {
    guard let head = readLine()?.split(separator: " ").compactMap({ Double($0) }), head.count == 5 else {
      fatalError("native-step: the first line is `items width height x y`")
    }
    var points: [(Double, Double)] = []
    while let line = readLine() {
      let xy = line.split(separator: " ").compactMap { Double($0) }
      if xy.count == 2 { points.append((xy[0], xy[1])) }
    }
    let clock = ContinuousClock()
    let start = clock.now
    func now() -> Double {
      let d = clock.now - start
      return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
    let (x, y) = (head[3], head[4])
    let h = rk_view_create(Int32(head[0]), head[1], head[2])
    precondition(h > 0, "native-step: no view of \(head[0]) items")
    // c1 lifted by the mouse: pressed at its centre, moved 10 px (the engine's 4 px activation).
    rk_pointer_down(h, x, y, now(), 2)
    rk_pointer_move(h, x + 10, y, now())
    var lifted = false
    for i in 0..<Int(rk_take_events(h)) where eventBuffer.base[i * 4] == EventKind.lifted.rawValue { lifted = true }
    precondition(lifted, "native-step: c1 did not lift")
    var means: [Double] = []
    var b = 0
    while b + 50 <= points.count {
      let t0 = now()
      for i in b..<b + 50 { rk_pointer_move(h, points[i].0, points[i].1, now()) }
      means.append((now() - t0) / 50)
      b += 50
    }
    means.sort()
    print(means[means.count / 2] * 1e6)
  }
}
