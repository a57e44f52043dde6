import Benchmark
import ReorderKit

/// A board of 5 columns of 200,000 cards each (lists of 44 pt rows, 300 pt wide, 10 apart): a drag
/// step within a view, and the first step into another view, against the same step on a single
/// collection view of 200,000 rows in the same run (the baseline). Goals (issue 19): a step within
/// a view under 20 µs median, the first step into another view under 50 µs; and the drop in another
/// view (one move of data) and its undo, which a frame of the app must hold under 50 ms.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3))

  // The baseline: one view, one item lifted, the pointer between two rows of the middle of the view.
  Benchmark("Baseline: drag step, one view of 200000 rows") { benchmark in
    var view = BoardWorkload.liftedView()
    var t = 1.0
    benchmark.startMeasurement()
    for k in benchmark.scaledIterations {
      t += 0.001
      blackHole(view.pointerMoved(to: BoardWorkload.withinPoint(k), time: t))
    }
    benchmark.stopMeasurement()
    blackHole(view)
  }

  // The same step as the board's view sees it: the point in the view's own coordinates (the
  // baseline above is given the board's point, beside the 300-point-wide view).
  Benchmark("Baseline: drag step at the view's point, one view of 200000 rows") { benchmark in
    var view = BoardWorkload.liftedView()
    var t = 1.0
    benchmark.startMeasurement()
    for k in benchmark.scaledIterations {
      t += 0.001
      var p = BoardWorkload.withinPoint(k)
      p.x -= 620
      blackHole(view.pointerMoved(to: p, time: t))
    }
    benchmark.stopMeasurement()
    blackHole(view)
  }

  // Building five columns takes about a second per run: a longer duration gives several samples.
  Benchmark(
    "Board: drag step within a view, 5 x 200000", configuration: .init(maxDuration: .seconds(12), maxIterations: 10)
  ) { benchmark in
    var board = BoardWorkload.liftedBoard()
    var t = 1.0
    benchmark.startMeasurement()
    for k in benchmark.scaledIterations {
      t += 0.001
      blackHole(board.pointerMoved(to: BoardWorkload.withinPoint(k), time: t))
    }
    benchmark.stopMeasurement()
    blackHole(board)
  }

  // The same steps mid-drag: 200 steps first (not measured), as in a drag at 60 steps a second,
  // so that a sample is not the first step after building the data (cold caches).
  Benchmark("Baseline: drag step mid-drag at the view's point, one view of 200000 rows") { benchmark in
    var view = BoardWorkload.liftedView()
    var t = 1.0
    for k in 0..<200 {
      t += 0.001
      var p = BoardWorkload.withinPoint(k)
      p.x -= 620
      blackHole(view.pointerMoved(to: p, time: t))
    }
    benchmark.startMeasurement()
    for k in benchmark.scaledIterations {
      t += 0.001
      var p = BoardWorkload.withinPoint(k)
      p.x -= 620
      blackHole(view.pointerMoved(to: p, time: t))
    }
    benchmark.stopMeasurement()
    blackHole(view)
  }

  Benchmark(
    "Board: drag step within a view mid-drag, 5 x 200000",
    configuration: .init(maxDuration: .seconds(12), maxIterations: 10)
  ) { benchmark in
    var board = BoardWorkload.liftedBoard()
    var t = 1.0
    for k in 0..<200 {
      t += 0.001
      blackHole(board.pointerMoved(to: BoardWorkload.withinPoint(k), time: t))
    }
    benchmark.startMeasurement()
    for k in benchmark.scaledIterations {
      t += 0.001
      blackHole(board.pointerMoved(to: BoardWorkload.withinPoint(k), time: t))
    }
    benchmark.stopMeasurement()
    blackHole(board)
  }

  // Each step enters another view: the pointer goes back and forth between the third and fourth columns.
  Benchmark(
    "Board: first step into another view, 5 x 200000",
    configuration: .init(maxDuration: .seconds(12), maxIterations: 10)
  ) { benchmark in
    var board = BoardWorkload.liftedBoard()
    var t = 1.0
    benchmark.startMeasurement()
    for k in benchmark.scaledIterations {
      t += 0.001
      blackHole(board.pointerMoved(to: BoardWorkload.acrossPoint(k), time: t))
    }
    benchmark.stopMeasurement()
    blackHole(board)
  }

  // The first step into another view of a drag on a board in use: one board, built once; each
  // sample lifts a card in the third column (not measured), measures the step that takes it into
  // the fourth, and cancels (not measured), so that the board is the same for every sample. The
  // crossing moves no data (the source keeps the card until the drop, the destination appends
  // it), so no sample pays a reindex of a column; before 2026-11-27 one in about 32 did (p99).
  Benchmark(
    "Board: first step into another view, board in use, 5 x 200000",
    configuration: .init(maxDuration: .seconds(8), maxIterations: 2_000)
  ) { benchmark in
    let warm = WarmBoard.shared
    let t = warm.lift()
    benchmark.startMeasurement()
    blackHole(warm.board.pointerMoved(to: BoardWorkload.acrossPoint(0), time: t + 0.1))
    benchmark.stopMeasurement()
    precondition(warm.board.destinationView == 3, "the card is over the fourth column")
    warm.cancel(time: t + 0.2)
  }

  // The drop in another view on a board in use: each sample lifts a card, takes it into the fourth
  // column (not measured), drops it (measured), and undoes the drop (not measured).
  Benchmark(
    "Board: drop in another view, board in use, 5 x 200000",
    configuration: .init(maxDuration: .seconds(8), maxIterations: 1_000)
  ) { benchmark in
    let warm = WarmBoard.shared
    let t = warm.lift()
    _ = warm.board.pointerMoved(to: BoardWorkload.acrossPoint(0), time: t + 0.1)
    benchmark.startMeasurement()
    blackHole(warm.board.pointerUp(at: BoardWorkload.acrossPoint(0), time: t + 0.2))
    benchmark.stopMeasurement()
    precondition(warm.board.canUndo, "the drop moved the card")
    _ = warm.board.undo(time: t + 0.3)
    _ = warm.board.tick(time: t + 2)
  }

  // The drop in another view (one move of data out of one 200,000-row view and into another), and
  // its undo: each run lifts a card, takes it into the fourth column (not measured) and drops it.
  Benchmark(
    "Board: drop in another view, 5 x 200000",
    configuration: .init(timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 8)
  ) { benchmark in
    var board = BoardWorkload.liftedBoard()
    let p = BoardWorkload.acrossPoint(0)
    _ = board.pointerMoved(to: p, time: 0.6)
    precondition(board.destinationView == 3, "the card is over the fourth column")
    benchmark.startMeasurement()
    blackHole(board.pointerUp(at: p, time: 1.0))
    benchmark.stopMeasurement()
    precondition(board.canUndo, "the drop moved the card")
    blackHole(board)
  }

  Benchmark(
    "Board: undo of a drop across views, 5 x 200000",
    configuration: .init(timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 8)
  ) { benchmark in
    var board = BoardWorkload.liftedBoard()
    let p = BoardWorkload.acrossPoint(0)
    _ = board.pointerMoved(to: p, time: 0.6)
    _ = board.pointerUp(at: p, time: 1.0)
    benchmark.startMeasurement()
    blackHole(board.undo(time: 2.0))
    benchmark.stopMeasurement()
    blackHole(board)
  }
}

enum BoardWorkload {
  static let cards = 200_000
  static let size = Size(width: 300, height: 800)

  static func view(_ column: Int) -> CollectionView<Int, Int> {
    var snapshot = Snapshot<Int, Int>()
    try! snapshot.appendSection(column, items: Array((column * cards)..<((column + 1) * cards)))
    var view = CollectionView(
      snapshot: snapshot, layout: .list(.init(width: 300, rowHeight: 44)), viewSize: size, mode: .interactive)
    // The middle of the column.
    _ = view.scroll(by: Point(x: 0, y: Double(cards / 2) * 44), time: 0)
    return view
  }

  /// A point over one of two rows in the middle of the visible area, in the third column.
  static func withinPoint(_ k: Int) -> Point { Point(x: 620 + 150, y: k % 2 == 0 ? 300 : 420) }

  /// A point in the third or the fourth column, by turns.
  static func acrossPoint(_ k: Int) -> Point { Point(x: (k % 2 == 0 ? 930 : 620) + 150, y: 300 + Double(k % 7)) }

  static func liftedView() -> CollectionView<Int, Int> {
    var view = view(2)
    _ = view.pointerDown(at: Point(x: 150, y: 200), time: 0)
    _ = view.tick(time: 0.5)
    return view
  }

  static func board() -> Board<Int, Int, Int> {
    let columns = (0..<5).map { k in
      Board<Int, Int, Int>.Column(
        id: k, frame: Rect(x: Double(k) * 310, y: 0, width: 300, height: 800), view: view(k))
    }
    return try! Board(columns: columns, visibleSize: Size(width: 1600, height: 800))
  }

  static func liftedBoard() -> Board<Int, Int, Int> {
    var board = board()
    _ = board.pointerDown(at: Point(x: 620 + 150, y: 200), time: 0)
    _ = board.tick(time: 0.5)
    precondition(board.isDragging, "the board lifts a card")
    return board
  }
}

/// One board of 5 × 200,000 cards kept across the samples of a benchmark (a board in use: its
/// memory warm, its columns' indexes as the drags before left them).
final class WarmBoard: @unchecked Sendable {
  static let shared = WarmBoard()
  var board = BoardWorkload.board()
  var time = 1.0

  /// Lifts a card of the third column (a long press); returns the time of the lift.
  func lift() -> Double {
    time += 10
    _ = board.pointerDown(at: Point(x: 620 + 150, y: 200), time: time)
    _ = board.tick(time: time + 0.5)
    precondition(board.isDragging, "the board lifts a card")
    return time + 0.5
  }

  /// Cancels the drag and lets the card settle home.
  func cancel(time t: Double) {
    _ = board.cancelGesture(time: t)
    _ = board.tick(time: t + 2)
    precondition(!board.isDragging, "the drag is cancelled")
  }
}
