import ReorderTestSupport
import Testing

@testable import ReorderKit

@Suite("Grid layout")
struct GridLayoutTests {
  /// The grid contract, written out independently of the implementation.
  static func contractFrame(
    W: Double, c: Int, s: Double, l: Double, inset: EdgeInsets, h: Double, itemHeight: Double?, counts: [Int],
    section k: Int, item i: Int
  ) -> Rect {
    let w = (W - inset.left - inset.right - Double(c - 1) * s) / Double(c)
    let height = itemHeight ?? w
    var y = 0.0
    for earlier in 0..<k {
      let rows = (counts[earlier] + c - 1) / c
      y += h + inset.top + Double(rows) * height + Double(max(rows - 1, 0)) * l + inset.bottom
    }
    let r = i / c
    let j = i % c
    return Rect(
      x: inset.left + Double(j) * (w + s), y: y + h + inset.top + Double(r) * (height + l), width: w, height: height)
  }

  @Test func nineTilesInThreeColumns() {
    let layout = GridLayout(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20), itemCounts: [9])
    let w = (390.0 - 40) / 3
    #expect(layout.frame(ofItem: ItemPath(item: 0, section: 0)) == Rect(x: 0, y: 0, width: w, height: w))
    #expect(layout.frame(ofItem: ItemPath(item: 4, section: 0)) == Rect(x: w + 20, y: w + 20, width: w, height: w))
    #expect(layout.contentSize == Size(width: 390, height: 3 * w + 40))
    #expect(layout.itemPath(at: Point(x: 195, y: 58)) == ItemPath(item: 1, section: 0))
    #expect(layout.itemPath(at: Point(x: w + 10, y: 58)) == nil)  // in the spacing
  }

  @Test(arguments: [
    (3, 0.0, EdgeInsets.zero, nil as Double?), (4, 12.0, EdgeInsets(top: 5, left: 7, bottom: 9, right: 11), 50.0),
    (1, 30.0, EdgeInsets(top: 0, left: 16, bottom: 20, right: 16), nil),
  ])
  func framesFollowTheContract(columns: Int, header: Double, inset: EdgeInsets, itemHeight: Double?) {
    let counts = [0, 7, 1, 12, 0, 3]
    let config = GridLayout.Configuration(
      width: 375, columns: columns, itemSpacing: 9, lineSpacing: 13, sectionInset: inset, headerHeight: header,
      itemHeight: itemHeight)
    let layout = GridLayout(config, itemCounts: counts)
    for (k, count) in counts.enumerated() {
      for i in 0..<count {
        let expected = Self.contractFrame(
          W: 375, c: columns, s: 9, l: 13, inset: inset, h: header, itemHeight: itemHeight, counts: counts, section: k,
          item: i)
        let actual = layout.frame(ofItem: ItemPath(item: i, section: k))
        #expect(abs(actual.minX - expected.minX) < 1e-9 && abs(actual.minY - expected.minY) < 1e-9)
        #expect(abs(actual.width - expected.width) < 1e-9 && abs(actual.height - expected.height) < 1e-9)
      }
      if header > 0 {
        let y =
          Self.contractFrame(
            W: 375, c: columns, s: 9, l: 13, inset: inset, h: header, itemHeight: itemHeight, counts: counts + [1],
            section: k, item: 0
          ).minY - header - inset.top
        #expect(layout.frame(ofHeader: k) == Rect(x: 0, y: y, width: 375, height: header))
      } else {
        #expect(layout.frame(ofHeader: k) == nil)
      }
    }
  }

  /// Hit tests and visible-rect queries agree with a brute-force scan of every frame.
  @Test(arguments: [false, true])
  func hitTestsAgreeWithFrames(perItemSizes: Bool) {
    var rng = SplitMix(spreading: 7)
    let counts = [5, 0, 17, 3]
    let base = GridLayout.Configuration(
      width: 320, columns: perItemSizes ? nil : 4, itemSpacing: 6, lineSpacing: 8,
      sectionInset: EdgeInsets(top: 4, left: 5, bottom: 6, right: 7), headerHeight: 22)
    let layout: GridLayout
    if perItemSizes {
      layout = GridLayout(
        base,
        itemSizes: counts.map { n in
          (0..<n).map { _ in Size(width: 20 + rng.next(upTo: 120), height: 20 + rng.next(upTo: 80)) }
        })
    } else {
      layout = GridLayout(base, itemCounts: counts)
    }
    var all: [(ItemPath, Rect)] = []
    for (k, n) in counts.enumerated() {
      for i in 0..<n {
        let p = ItemPath(item: i, section: k)
        all.append((p, layout.frame(ofItem: p)))
      }
    }
    for _ in 0..<3000 {
      let p = Point(x: rng.next(upTo: 340) - 10, y: rng.next(upTo: layout.contentSize.height + 20) - 10)
      let expected = all.first { $0.1.contains(p) }?.0
      #expect(layout.itemPath(at: p) == expected, "at \(p)")
    }
    for _ in 0..<300 {
      let r = Rect(
        x: rng.next(upTo: 300), y: rng.next(upTo: layout.contentSize.height), width: rng.next(upTo: 200),
        height: rng.next(upTo: 300))
      #expect(layout.items(in: r) == all.filter { $0.1.intersects(r) }.map(\.0), "in \(r)")
    }
    // Items never overlap and stay within the width.
    for (a, b) in zip(all, all.dropFirst()) where a.0.section == b.0.section {
      #expect(!a.1.intersects(b.1))
      #expect(a.1.maxX <= 320 - 7 + 1e-9)
    }
  }

  @Test func flowRowsWrapAndCentreVertically() {
    let sizes = [Size(width: 100, height: 40), Size(width: 100, height: 80), Size(width: 100, height: 60)]
    let layout = GridLayout(.init(width: 250, itemSpacing: 10, lineSpacing: 5), itemSizes: [sizes])
    // Two fit in 250 (100 + 10 + 100); the third wraps.
    #expect(layout.frame(ofItem: ItemPath(item: 0, section: 0)) == Rect(x: 0, y: 20, width: 100, height: 40))
    #expect(layout.frame(ofItem: ItemPath(item: 1, section: 0)) == Rect(x: 110, y: 0, width: 100, height: 80))
    #expect(layout.frame(ofItem: ItemPath(item: 2, section: 0)) == Rect(x: 0, y: 85, width: 100, height: 60))
    #expect(layout.contentSize.height == 145)
  }

  @Test func horizontalScrollingFlowsInColumnsWithPaging() {
    let config = GridLayout.Configuration(
      width: 300, height: 200, columns: 2, itemSpacing: 10, lineSpacing: 20, scrollDirection: .horizontal,
      pageWidth: 300)
    let layout = GridLayout(config, itemCounts: [7])
    // Item width (300 - 20) / 2 = 140, square; two fit in a 200-high column (140 + 10 + 140 > 200 → one).
    #expect(layout.frame(ofItem: ItemPath(item: 0, section: 0)) == Rect(x: 0, y: 0, width: 140, height: 140))
    #expect(layout.frame(ofItem: ItemPath(item: 1, section: 0)) == Rect(x: 160, y: 0, width: 140, height: 140))
    #expect(layout.contentSize == Size(width: 1200, height: 200))  // 7·140 + 6·20 = 1100, paged up to 1200
    #expect(layout.itemPath(at: Point(x: 170, y: 10)) == ItemPath(item: 1, section: 0))
  }

  @Test func pagedFlowStartsALineThatWouldCrossThePageEdgeOnTheNextPage() {
    // Columns of one 140 × 150 tile each (two do not fit in 200 − 32), 10 apart, pages of 300 with 16 insets.
    let config = GridLayout.Configuration(
      width: 300, height: 200, itemSpacing: 10, lineSpacing: 10,
      sectionInset: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16), scrollDirection: .horizontal,
      pageWidth: 300)
    let layout = GridLayout(config, itemSizes: [Array(repeating: Size(width: 140, height: 150), count: 5)])
    // 16–156 fits; 166–306 would cross 300 (and the 16 inset): it starts page two at 316, and so on.
    let xs = (0..<5).map { layout.frame(ofItem: ItemPath(item: $0, section: 0)).minX }
    #expect(xs == [16, 316, 616, 916, 1216])
    #expect(layout.contentSize == Size(width: 1500, height: 200))
    #expect(layout.itemPath(at: Point(x: 320, y: 100)) == ItemPath(item: 1, section: 0))
    #expect(layout.itemPath(at: Point(x: 200, y: 100)) == nil)  // the rest of page one is empty
    // Without pages the same tiles sit 10 apart.
    var free = config
    free.pageWidth = nil
    let unpaged = GridLayout(free, itemSizes: [Array(repeating: Size(width: 140, height: 150), count: 5)])
    #expect((0..<5).map { unpaged.frame(ofItem: ItemPath(item: $0, section: 0)).minX } == [16, 166, 316, 466, 616])
  }

  @Test func pagedFlowsNeverSplitATile() {
    // Random tiles in random sections on random pages: every tile (none wider than a page's room) lies
    // between its page's insets; the content is whole pages.
    var rng = SplitMix(spreading: 21)
    for _ in 0..<300 {
      let page = Double(Int.random(in: 200...500, using: &rng))
      let inset = Double(Int.random(in: 0...30, using: &rng))
      let header = Bool.random(using: &rng) ? 0 : Double(Int.random(in: 10...40, using: &rng))
      let config = GridLayout.Configuration(
        width: page, height: Double(Int.random(in: 150...600, using: &rng)), itemSpacing: 8,
        lineSpacing: Double(Int.random(in: 0...20, using: &rng)),
        sectionInset: EdgeInsets(top: inset, left: inset, bottom: inset, right: inset), headerHeight: header,
        scrollDirection: .horizontal, pageWidth: page)
      let sizes = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        (0..<Int.random(in: 0...40, using: &rng)).map { _ in
          Size(
            width: Double(Int.random(in: 20...Int(page - 2 * inset), using: &rng)),
            height: Double(Int.random(in: 20...200, using: &rng)))
        }
      }
      let layout = GridLayout(config, itemSizes: sizes)
      for (k, section) in sizes.enumerated() {
        for i in section.indices {
          let f = layout.frame(ofItem: ItemPath(item: i, section: k))
          #expect(f.width == section[i].width && f.height == section[i].height)
          let p = (f.minX / page).rounded(.down)
          #expect(f.minX >= p * page + inset - 1e-6, "tile \(i) of section \(k) at \(f) on pages of \(page)")
          #expect(f.maxX <= (p + 1) * page - inset + 1e-6, "tile \(i) of section \(k) at \(f) on pages of \(page)")
        }
      }
      #expect(layout.contentSize.width.truncatingRemainder(dividingBy: page) == 0)
    }
  }

  @Test func isAfterLastItemFollowsReadingOrder() {
    let layout = GridLayout(.init(width: 300, columns: 3, sectionInset: EdgeInsets(bottom: 50)), itemCounts: [4])
    // Items are 100 × 100; item 3 is at (0, 100). The last row continues to its right.
    #expect(layout.isAfterLastItem(Point(x: 150, y: 150), inSection: 0))
    #expect(layout.isAfterLastItem(Point(x: 50, y: 220), inSection: 0))  // below the last row
    #expect(!layout.isAfterLastItem(Point(x: 50, y: 150), inSection: 0))  // on the last item
    #expect(!layout.isAfterLastItem(Point(x: 250, y: 50), inSection: 0))  // first row
  }

  @Test func oneMillionItemsBuildWithoutStoringFrames() {
    let layout = GridLayout(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20), itemCounts: [1_000_000])
    let last = layout.frame(ofItem: ItemPath(item: 999_999, section: 0))
    #expect(layout.itemPath(at: last.centre) == ItemPath(item: 999_999, section: 0))
    #expect(layout.items(in: Rect(x: 0, y: last.minY, width: 390, height: 10)) == [ItemPath(item: 999_999, section: 0)])
  }
}

extension SplitMix {
  /// A uniform double in 0..<bound.
  mutating func next(upTo bound: Double) -> Double { Double(next() >> 11) / Double(1 << 53) * bound }
}
