import ReorderTestSupport
import Testing

@testable import ReorderKit

/// Lists whose rows have their own heights (DESIGN, version 3: a card's title wraps): the
/// geometry, the list rule on the rows as laid out, and its fixed points.
@Suite("List rows of different heights")
struct ListRowHeightsTests {
  // MARK: Geometry

  @Test func theDocumentedExamples() {
    let cards = ListLayout(.init(width: 300), rowHeights: [[44, 82, 44]])
    #expect(cards.frame(ofItem: ItemPath(item: 2, section: 0)) == Rect(x: 0, y: 126, width: 300, height: 44))
    #expect(cards.itemPath(at: Point(x: 10, y: 100)) == ItemPath(item: 1, section: 0))
    let headed = ListLayout(.init(width: 300, headerHeight: 28), rowHeights: [[44, 82, 44]])
    #expect(headed.frame(ofItem: ItemPath(item: 1, section: 0)) == Rect(x: 0, y: 72, width: 300, height: 82))
    #expect(headed.contentSize == Size(width: 300, height: 198))
    var grown = ListLayout(.init(width: 300), rowHeights: [[44, 44]])
    grown.setRowHeights([44, 82, 44], inSection: 0)
    #expect(grown.contentSize.height == 170)
    #expect(grown.hasPerRowHeights && !ListLayout(.init(width: 300), rowCounts: [3]).hasPerRowHeights)
  }

  @Test func sectionsHeadersAndInsets() {
    // Two sections: header 20, insets top 5 / bottom 7 / left 10 / right 4; rows 30 and 50, then none, then 10.
    let config = ListLayout.Configuration(
      width: 200, rowHeight: 44, headerHeight: 20, sectionInset: EdgeInsets(top: 5, left: 10, bottom: 7, right: 4))
    let list = ListLayout(config, rowHeights: [[30, 50], [], [10]])
    // Section 0: 0 ..< 20 + 5 + 80 + 7 = 112; section 1: 112 ..< 144; section 2: 144 ..< 186.
    #expect(list.frame(ofSection: 1) == Rect(x: 0, y: 112, width: 200, height: 32))
    #expect(list.frame(ofHeader: 2) == Rect(x: 0, y: 144, width: 200, height: 20))
    #expect(list.frame(ofItem: ItemPath(item: 1, section: 0)) == Rect(x: 10, y: 55, width: 186, height: 50))
    #expect(list.frame(ofItem: ItemPath(item: 0, section: 2)) == Rect(x: 10, y: 169, width: 186, height: 10))
    #expect(list.contentSize == Size(width: 200, height: 186))
    #expect(list.itemPath(at: Point(x: 50, y: 104.9)) == ItemPath(item: 1, section: 0))
    #expect(list.itemPath(at: Point(x: 50, y: 105)) == nil)  // the bottom inset
    #expect(list.itemPath(at: Point(x: 5, y: 60)) == nil)  // the left inset
    #expect(list.section(at: Point(x: 50, y: 120)) == 1)
    #expect(list.isAfterLastItem(Point(x: 50, y: 106), inSection: 0))
    #expect(!list.isAfterLastItem(Point(x: 50, y: 60), inSection: 0))
    #expect(
      list.items(in: Rect(x: 0, y: 50, width: 200, height: 120))
        == [ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0), ItemPath(item: 0, section: 2)])
  }

  /// Random list configurations: sections of row counts.
  static func randomConfig(_ rng: inout SplitMix) -> (ListLayout.Configuration, [Int]) {
    let config = ListLayout.Configuration(
      width: Double(rng.int(100...400)), rowHeight: Double(rng.int(10...60)),
      headerHeight: rng.chance(0.5) ? 0 : Double(rng.int(10...40)),
      sectionInset: EdgeInsets(
        top: Double(rng.int(0...12)), left: Double(rng.int(0...12)), bottom: Double(rng.int(0...12)),
        right: Double(rng.int(0...12))))
    return (config, (0..<rng.int(0...4)).map { _ in rng.int(0...9) })
  }

  /// Every query of a layout, asked at a grid of points and rectangles.
  static func answers(_ l: ListLayout) -> [String] {
    var out = ["\(l.contentSize) \(l.numberOfSections)"]
    for k in 0..<l.numberOfSections {
      out.append(
        "\(k): \(l.numberOfItems(inSection: k)) \(l.frame(ofSection: k)) \(String(describing: l.frame(ofHeader: k)))")
      for i in 0..<l.numberOfItems(inSection: k) { out.append("\(l.frame(ofItem: ItemPath(item: i, section: k)))") }
    }
    for y in stride(from: -3.0, through: l.contentSize.height + 3, by: 2.5) {
      for x in [-1.0, 0, 3, 50, l.configuration.width - 2, l.configuration.width] {
        let p = Point(x: x, y: y)
        let s = l.section(at: p)
        out.append("\(x),\(y): \(String(describing: l.itemPath(at: p))) \(String(describing: s))")
        if let s { out.append("after \(l.isAfterLastItem(p, inSection: s))") }
      }
      out.append("\(l.items(in: Rect(x: 2, y: y, width: 40, height: 37)))")
    }
    return out
  }

  @Test func rowsOfOneHeightGiveTheUniformGeometry() {
    // Per-row heights all equal to the row height answer every query as the one-height list does.
    var rng = SplitMix(spreading: 19)
    for _ in 0..<60 {
      let (config, counts) = Self.randomConfig(&rng)
      let uniform = ListLayout(config, rowCounts: counts)
      let perRow = ListLayout(config, rowHeights: counts.map { Array(repeating: config.rowHeight, count: $0) })
      #expect(Self.answers(perRow) == Self.answers(uniform), "\(config) \(counts)")
    }
  }

  @Test func aBlockPlacedAnywhereIsTheListWithItsRowsThere() {
    // The block of travelling rows, moved in O(s), lays out as a list built with those rows in place.
    var rng = SplitMix(spreading: 6)
    for _ in 0..<60 {
      let (config, counts) = Self.randomConfig(&rng)
      guard !counts.isEmpty else { continue }
      let base = counts.map { (0..<$0).map { _ in Double(rng.int(5...90)) } }
      let block = (0..<rng.int(1...3)).map { _ in Double(rng.int(5...90)) }
      var moving = ListLayout(config, baseHeights: base, block: block, at: nil)
      for _ in 0..<4 {
        let s = rng.int(0...(counts.count - 1))
        let row = rng.int(0...counts[s])
        moving.placeBlock(at: (s, row))
        var rows = base
        rows[s].insert(contentsOf: block, at: row)
        #expect(Self.answers(moving) == Self.answers(ListLayout(config, rowHeights: rows)))
      }
      moving.placeBlock(at: nil)
      #expect(Self.answers(moving) == Self.answers(ListLayout(config, rowHeights: base)))
    }
  }

  @Test func setNumberOfRowsKeepsHeightsAndAddsRowHeightRows() {
    var list = ListLayout(.init(width: 100, rowHeight: 30), rowHeights: [[10, 20, 40]])
    list.setNumberOfRows(2, inSection: 0)
    #expect(list.contentSize.height == 30)
    list.setNumberOfRows(4, inSection: 0)
    #expect(list.contentSize.height == 90)
    #expect(list.frame(ofItem: ItemPath(item: 3, section: 0)) == Rect(x: 0, y: 60, width: 100, height: 30))
  }
}
