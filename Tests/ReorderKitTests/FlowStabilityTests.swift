import ReorderTestSupport
import Testing

@testable import ReorderKit

/// The target rule's stability with tiles of different sizes, in every mode (DESIGN, "Interactive movement",
/// Stability): a proposal is taken only if it is a fixed point, so sweeps and trembling pointers
/// make no back-and-forth, and every slot stays reachable.
@Suite("Flow grid stability")
struct FlowStabilityTests {
  // MARK: A small tile across a big one

  /// One line of a 390 pt flow: a 60 pt tile `s`, a 200 pt tile `B`, and two 100 pt tiles (`d` wraps).
  static let sizes: [String: Size] = [
    "s": Size(width: 60, height: 60), "B": Size(width: 200, height: 200),
    "c": Size(width: 100, height: 100), "d": Size(width: 100, height: 100),
  ]

  static func view(_ mode: ReorderMode, items: [String] = ["s", "B", "c", "d"]) -> CollectionView<String, String> {
    CollectionView(
      snapshot: makeSnapshot([items]),
      layout: .grid(.init(width: 390, itemSpacing: 10, lineSpacing: 10)),
      viewSize: Size(width: 390, height: 800), mode: mode, itemSizes: sizes)
  }

  /// What a drag through some points did: the lifted item's slot and the big tile's frame after
  /// each step, and the moves committed.
  struct Trace {
    var slots: [Int] = []
    var bigFrames: [Rect] = []
    var moves = 0

    /// How many times the lifted item's slot changed.
    var placeholderChanges: Int { zip(slots, slots.dropFirst()).filter { $0 != $1 }.count }
    var bigFrameChanges: Int { zip(bigFrames, bigFrames.dropFirst()).filter { $0 != $1 }.count }
    /// Whether the slot ever returned to a value it had left (A → B → A).
    var hasBackAndForth: Bool {
      var left: Set<Int> = []
      var current = slots.first
      for s in slots.dropFirst() where s != current {
        if left.contains(s) { return true }
        left.insert(current!)
        current = s
      }
      return false
    }
  }

  /// Lifts `item` at its centre and moves the pointer through `points`, 1/60 s apart.
  static func trace(
    _ view: inout CollectionView<String, String>, lifting item: String, through points: [Point], big: String = "B"
  ) -> Trace {
    let start = view.frame(of: item)!.centre
    var events = view.pointerDown(at: start, time: 0)
    events += view.tick(time: 0.5)
    var trace = Trace()
    var t = 0.5
    for p in points {
      t += 1.0 / 60
      events += view.pointerMoved(to: p, time: t)
      trace.slots.append(view.slot(of: item)!.item)
      trace.bigFrames.append(view.frame(of: big)!)
    }
    events += view.pointerUp(at: points.last ?? start, time: t + 0.1)
    trace.moves = events.filter { if case .moved = $0 { true } else { false } }.count
    return trace
  }

  /// Points along the middle of the first line, in 2 pt steps, from x = a to x = b.
  static func line(from a: Double, to b: Double) -> [Point] {
    stride(from: a, through: b, by: a < b ? 2 : -2).map { Point(x: $0, y: 100) }
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func aSmallTileSweptAcrossABigOneMovesOnce(mode: ReorderMode) {
    var view = Self.view(mode)
    let forward = Self.trace(&view, lifting: "s", through: Self.line(from: 30, to: 280))
    #expect(forward.slots.first == 0 && forward.slots.last == 1)
    #expect(forward.slots == forward.slots.sorted())  // monotonic: never back
    #expect(forward.placeholderChanges == 1)
    #expect(forward.bigFrameChanges == 1)
    #expect(sections(of: view) == [["B", "s", "c", "d"]])
    #expect(forward.moves == 1)
    // Back again: from the slot after the big tile to the first slot, once.
    let backward = Self.trace(&view, lifting: "s", through: Self.line(from: 240, to: 5))
    #expect(backward.slots.first == 1 && backward.slots.last == 0)
    #expect(backward.slots == backward.slots.sorted(by: >))
    #expect(backward.placeholderChanges == 1)
    #expect(backward.bigFrameChanges == 1)
    #expect(sections(of: view) == [["s", "B", "c", "d"]])
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func aBigTileSweptAcrossSmallOnesIsMonotonic(mode: ReorderMode) {
    var view = Self.view(mode, items: ["B", "s", "c", "d"])
    let forward = Self.trace(&view, lifting: "B", through: Self.line(from: 100, to: 388), big: "c")
    #expect(forward.slots == forward.slots.sorted())
    #expect(forward.slots.last == 2)
    #expect(!forward.hasBackAndForth)
    let backward = Self.trace(&view, lifting: "B", through: Self.line(from: 300, to: 2), big: "c")
    #expect(backward.slots == backward.slots.sorted(by: >))
    #expect(backward.slots.last == 0)
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func aTremblingPointerMakesNoBackAndForth(mode: ReorderMode) {
    var rng = SplitMix(spreading: 10)
    // Tremble around every point of the line: reach it from the left, then jitter by 1–3 pt.
    for x in stride(from: 4.0, through: 384, by: 2) {
      var view = Self.view(mode)
      var points = Self.line(from: 30, to: x)
      for _ in 0..<40 {
        let d = Double(rng.int(1...3)) * (rng.chance(0.5) ? 1 : -1)
        points.append(Point(x: x + d, y: 100 + Double(rng.int(-3...3))))
      }
      let trace = Self.trace(&view, lifting: "s", through: points)
      let jitter = Trace(slots: Array(trace.slots.suffix(41)))
      #expect(jitter.placeholderChanges <= 1, "trembling at x = \(x): slots \(jitter.slots)")
      #expect(!trace.hasBackAndForth, "trembling at x = \(x): slots \(trace.slots)")
    }
  }

  /// The app's photos (seed 004): six shapes, columns that page sideways.
  static func photo(_ n: Int) -> Size {
    let shapes = [
      Size(width: 170, height: 120), Size(width: 110, height: 150), Size(width: 140, height: 140),
      Size(width: 110, height: 110), Size(width: 170, height: 170), Size(width: 120, height: 90),
    ]
    return shapes[(n * 7 + n / 3) % shapes.count]
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func photoSweepsAreMonotonic(mode: ReorderMode) {
    // Each of the first eight photos, swept left to right across the first page at nine heights,
    // in 2 pt steps, away from the auto-scroll bands. (The plain rule: 993 placeholder changes and
    // 20 sweeps that go back; the stable one: 198 and none.)
    let ids = (1...48).map { "IMG_\(1000 + $0)" }
    let sizes = Dictionary(uniqueKeysWithValues: ids.map { ($0, Self.photo(Int($0.dropFirst(4))!)) })
    let viewSize = Size(width: 800, height: 560)
    let config = GridLayout.Configuration(
      width: 800, height: 560, itemSpacing: 10, lineSpacing: 10,
      sectionInset: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16), scrollDirection: .horizontal,
      pageWidth: 800)
    var changes = 0
    for lifted in 0..<8 {
      for y in stride(from: 40.0, through: 520, by: 60) {
        var view = CollectionView(
          snapshot: makeSnapshot([ids]), layout: .grid(config), viewSize: viewSize, mode: mode, itemSizes: sizes)
        let points = stride(from: 20.0, through: 738, by: 2).map { Point(x: $0, y: y) }
        let trace = Self.trace(&view, lifting: ids[lifted], through: points, big: ids[lifted + 1])
        // After the jump to the first point, the slot only ever moves forward.
        let sweep = Array(trace.slots.drop { $0 == lifted })
        #expect(sweep == sweep.sorted(), "\(ids[lifted]) at y = \(y): \(trace.slots)")
        changes += trace.placeholderChanges
      }
    }
    #expect(changes < 250)
  }

  @Test func theDocumentedExample() {
    // One line: a 60 pt tile at slot 0, lifted, and a 200 pt tile at slot 1, 10 pt apart.
    let config = GridLayout.Configuration(width: 390, itemSpacing: 10)
    let small = Size(width: 60, height: 60)
    let big = Size(width: 200, height: 200)
    let layout = GridLayout(config, itemSizes: [[small, big]])
    let trial = { (q: ItemPath) in GridLayout(config, itemSizes: [q.item == 0 ? [small, big] : [big, small]]) }
    var movement = FlowMovement()
    movement.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0))
    for x in stride(from: 70.0, to: 206, by: 1) {
      let action = movement.updateTargetPosition(
        Point(x: x, y: 100), inFlow: layout, layoutWithPlaceholderAt: trial)
      #expect(action == .none, "x = \(x)")
    }
    #expect(
      movement.updateTargetPosition(
        Point(x: 206, y: 100), inFlow: layout, layoutWithPlaceholderAt: trial)
        == .placeholderMoved(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0)))
    // Without the margin, the bare rule: taken as soon as the pointer is where the small tile would be.
    movement = FlowMovement()
    movement.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0))
    #expect(
      movement.updateTargetPosition(
        Point(x: 200, y: 100), inFlow: layout, margin: 0, layoutWithPlaceholderAt: trial)
        == .placeholderMoved(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0)))
  }

  @Test func aTileGoesAfterABigTileThatKeepsItsPlace() {
    // Line 1: a 186 pt tile and the lifted 37 pt one; line 2: a 161 × 197 tile with room after it.
    // With the lifted tile after the tall one, the tall one stays where it is, so its frame is
    // never a fixed point: the room after it (the end of its line) proposes that slot.
    let config = GridLayout.Configuration(width: 323, itemSpacing: 7, lineSpacing: 9)
    let sizes = [Size(width: 186, height: 57), Size(width: 161, height: 197), Size(width: 179, height: 65)]
    let lifted = Size(width: 37, height: 39)
    let layout = { (q: ItemPath) in
      var s = sizes
      s.insert(lifted, at: q.item)
      return GridLayout(config, itemSizes: [s])
    }
    var movement = FlowMovement()
    movement.beginInteractiveMovementForItem(at: ItemPath(item: 1, section: 0))
    let tall = layout(ItemPath(item: 1, section: 0)).frame(ofItem: ItemPath(item: 2, section: 0))
    #expect(
      movement.updateTargetPosition(
        tall.centre, inFlow: layout(ItemPath(item: 1, section: 0)), layoutWithPlaceholderAt: layout)
        == .none)
    #expect(
      movement.updateTargetPosition(
        Point(x: tall.maxX + 30, y: tall.midY), inFlow: layout(ItemPath(item: 1, section: 0)),
        layoutWithPlaceholderAt: layout)
        == .placeholderMoved(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 2, section: 0)))
  }

  @Test func fixedColumnsIgnoreTheCheck() {
    // Equal sizes: every proposal is a fixed point, so the view never builds a trial layout and
    // the rule is the plain one: over the next tile, the placeholder moves there.
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b", "c"]]), layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20)),
      viewSize: Size(width: 390, height: 800))
    let t = Self.trace(&view, lifting: "a", through: [Point(x: 140, y: 58)], big: "b")
    #expect(t.slots == [1])
  }

  // MARK: Every slot stays reachable

  /// A random flow: sections of item sizes without the lifted item, and the lifted item's size.
  struct RandomFlow: CustomStringConvertible {
    var config: GridLayout.Configuration
    var base: [[Size]]
    var lifted: Size
    var original: ItemPath

    init(_ rng: inout SplitMix) {
      let vertical = rng.chance(0.5)
      let extent = Double(rng.int(300...500))
      let inset = EdgeInsets(
        top: Double(rng.int(4...16)), left: Double(rng.int(0...16)), bottom: Double(rng.int(0...16)),
        right: Double(rng.int(0...16)))
      config = .init(
        width: vertical ? extent : 390, height: vertical ? 0 : extent, itemSpacing: Double(rng.int(0...12)),
        lineSpacing: Double(rng.int(0...12)), sectionInset: inset, headerHeight: rng.chance(0.5) ? 0 : 30,
        scrollDirection: vertical ? .vertical : .horizontal)
      let count = rng.int(3...15)
      let sections = rng.int(1...2)
      var all: [[Size]] = Array(repeating: [], count: sections)
      for _ in 0..<count {
        all[rng.int(0...(sections - 1))].append(
          Size(width: Double(rng.int(20...200)), height: Double(rng.int(20...200))))
      }
      let nonEmpty = all.indices.filter { !all[$0].isEmpty }
      let s = nonEmpty[rng.int(0...(nonEmpty.count - 1))]
      original = ItemPath(item: rng.int(0...(all[s].count - 1)), section: s)
      lifted = all[s].remove(at: original.item)
      base = all
    }

    /// Every placeholder path: in each section, before each item and at the end.
    var slots: [ItemPath] {
      base.indices.flatMap { s in (0...base[s].count).map { ItemPath(item: $0, section: s) } }
    }

    /// The layout of the arrangement with the lifted item at a slot.
    func layout(placeholder q: ItemPath) -> GridLayout {
      var sizes = base
      sizes[q.section].insert(lifted, at: q.item)
      return GridLayout(config, itemSizes: sizes)
    }

    var description: String {
      "\(config.scrollDirection) extent \(max(config.width, config.height)) spacing \(config.itemSpacing)/"
        + "\(config.lineSpacing) inset \(config.sectionInset) header \(config.headerHeight) "
        + "sections \(base.map { $0.map { "\(Int($0.width))x\(Int($0.height))" } }) lifted "
        + "\(Int(lifted.width))x\(Int(lifted.height)) at \(original)"
    }
  }

  /// The cells of the grid that the edges of the frames of some layouts (items and sections)
  /// cut an area into, leaving out cells thinner than `thinnest`: no hand can aim at them.
  static func cells(in area: Rect, of layouts: [GridLayout], thinnest: Double = 0) -> [Rect] {
    var xs: Set<Double> = [area.minX, area.maxX]
    var ys: Set<Double> = [area.minY, area.maxY]
    for layout in layouts {
      var frames = (0..<layout.numberOfSections).map { layout.frame(ofSection: $0) }
      for s in 0..<layout.numberOfSections {
        frames += (0..<layout.numberOfItems(inSection: s)).map { layout.frame(ofItem: ItemPath(item: $0, section: s)) }
      }
      for f in frames where f.intersects(area) {
        xs.formUnion([f.minX, f.maxX].filter { $0 > area.minX && $0 < area.maxX })
        ys.formUnion([f.minY, f.maxY].filter { $0 > area.minY && $0 < area.maxY })
      }
    }
    let sx = xs.sorted()
    let sy = ys.sorted()
    var cells: [Rect] = []
    for (x0, x1) in zip(sx, sx.dropFirst()) where x1 - x0 >= thinnest {
      for (y0, y1) in zip(sy, sy.dropFirst()) where y1 - y0 >= thinnest {
        cells.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
      }
    }
    return cells
  }

  /// The slots reachable from the original one by pointer moves, breadth first, through the
  /// machine's flow rule. From each state the pointer probes the centre of every cell that the
  /// frames of the state's layout cut the content into (the plain rule's answer is the same all
  /// over such a cell), each cell cut again by the frames of the layout with the item at the
  /// slot proposed there, so that every region where the answer could differ is probed once.
  static func reachableSlots(_ flow: RandomFlow, thinnest: Double = 1) -> Set<ItemPath> {
    var layouts: [ItemPath: GridLayout] = [:]
    for q in flow.slots { layouts[q] = flow.layout(placeholder: q) }
    var seen: Set<ItemPath> = [flow.original]
    var queue = [flow.original]
    while let p = queue.popLast(), seen.count < layouts.count {
      let current = layouts[p]!
      for cell in cells(in: Rect(origin: .zero, size: current.contentSize), of: [current]) {
        guard let q = GridTargetRule.flowProposal(at: cell.centre, in: current, placeholder: p),
          q != p, !seen.contains(q)
        else { continue }
        for point in cells(in: cell, of: [layouts[q]!], thinnest: thinnest).map(\.centre) {
          var movement = FlowMovement()
          movement.beginInteractiveMovementForItem(at: p)
          let action = movement.updateTargetPosition(
            point, inFlow: current, layoutWithPlaceholderAt: { layouts[$0]! })
          guard case .placeholderMoved(_, let to) = action else { continue }
          // What is taken is a fixed point: the rule at the same pointer keeps it.
          let isFixed = GridTargetRule.isFixedPoint(to, at: point, inFlow: layouts[to]!)
          #expect(isFixed, "\(flow): \(p) → \(to) at \(point)")
          if seen.insert(to).inserted { queue.append(to) }
          break
        }
      }
    }
    return seen
  }

  @Test func tremblingOnRandomFlowsMovesThePlaceholderAtMostOnce() {
    // Jump to a random point, then tremble around it by up to 3 pt along each axis (half the margin).
    var trembles = 0
    for seed in 0..<200 {
      var rng = SplitMix(spreading: UInt64(20_000 + seed))
      let flow = RandomFlow(&rng)
      var layouts: [ItemPath: GridLayout] = [:]
      for q in flow.slots { layouts[q] = flow.layout(placeholder: q) }
      var movement = FlowMovement()
      movement.beginInteractiveMovementForItem(at: flow.original)
      for _ in 0..<40 {
        let size = layouts[movement.placeholderPath!]!.contentSize
        let centre = Point(x: rng.next(upTo: size.width), y: rng.next(upTo: size.height))
        var slots: [Int] = []
        for k in 0..<31 {
          let p = k == 0 ? centre : Point(x: centre.x + Double(rng.int(-3...3)), y: centre.y + Double(rng.int(-3...3)))
          _ = movement.updateTargetPosition(
            p, inFlow: layouts[movement.placeholderPath!]!,
            layoutWithPlaceholderAt: { layouts[$0]! })
          slots.append(movement.placeholderPath!.section * 1000 + movement.placeholderPath!.item)
        }
        let tremble = Trace(slots: slots)
        #expect(Trace(slots: Array(slots.dropFirst())).placeholderChanges <= 1, "seed \(seed) at \(centre): \(slots)")
        #expect(!tremble.hasBackAndForth, "seed \(seed) at \(centre): \(slots)")
        trembles += 1
      }
    }
    #expect(trembles == 8000)
  }

  @Test func everySlotStaysReachableOnRandomFlows() {
    var stranded: [String] = []
    for seed in 0..<1000 {
      var rng = SplitMix(spreading: UInt64(9000 + seed))
      let flow = RandomFlow(&rng)
      let missing = Set(flow.slots).subtracting(Self.reachableSlots(flow))
      if !missing.isEmpty { stranded.append("seed \(seed): \(flow) misses \(missing.sorted())") }
    }
    #expect(stranded.isEmpty, "\(stranded.count) flows strand slots:\n\(stranded.prefix(5).joined(separator: "\n"))")
  }
}

/// The flow step the view takes for each pointer move of a lifted tile (``GridTargetRule/step``),
/// with the placeholder it keeps: what these tests drive.
struct FlowMovement {
  enum Action: Hashable {
    case none
    case placeholderMoved(from: ItemPath, to: ItemPath)
  }
  var placeholderPath: ItemPath?

  mutating func beginInteractiveMovementForItem(at path: ItemPath) { placeholderPath = path }

  mutating func updateTargetPosition(
    _ point: Point, inFlow layout: GridLayout, margin: Double = GridTargetRule.defaultStabilityMargin,
    layoutWithPlaceholderAt: (ItemPath) -> GridLayout
  ) -> Action {
    guard let current = placeholderPath,
      let to = GridTargetRule.step(
        from: current, at: point, inFlow: layout, margin: margin, layoutWithPlaceholderAt: layoutWithPlaceholderAt),
      to != current
    else { return .none }
    placeholderPath = to
    return .placeholderMoved(from: current, to: to)
  }
}
