import ReorderKit
import Testing

@testable import ReorderKitSDL

#if canImport(Glibc)
  import Glibc
#endif

extension DrawingTests {
  /// A cell whose content changed redraws in place: its background stays as it was, opaque and at
  /// full size, while its new text fades in over it (`CellContext.contentAlpha`); the header too.
  /// REORDERKIT_PNG=path saves the frame mid-crossfade to look at.
  @Test func aChangedCellKeepsItsBackgroundWhileItsNewContentFadesIn() throws {
    if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "offscreen", 1) }
    try Window.initializeSDL()
    let window = try Window(
      title: "crossfade", size: Size(width: 300, height: 140), vsync: false, fontPath: SystemFont.sansSerif().regular)
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSection("S", items: ["a", "b", "c"])
    var view = CollectionView(
      snapshot: snapshot,
      layout: .grid(.init(width: 300, columns: 3, itemSpacing: 0, lineSpacing: 0, headerHeight: 40)),
      viewSize: Size(width: 300, height: 140))
    try view.apply(snapshot, contentChanged: { $0 == "b" }, sectionContentChanged: { _ in true }, time: 1)
    let pane = CollectionPane<String, String>(frame: Rect(x: 0, y: 0, width: 300, height: 140))
    let grey = Color(r: 200, g: 200, b: 200)
    func frame(at time: Double) throws -> (width: Int, height: Int, argb: [UInt32]) {
      window.canvas.clear(.white)
      pane.draw(view, in: window.canvas, time: time) { cell in
        cell.canvas.fill(cell.frame.insetBy(dx: 4, dy: 4), color: grey.withAlpha(cell.alpha))
        cell.canvas.drawText(
          "MM", in: cell.frame.insetBy(dx: 10, dy: 20), size: 40, bold: true,
          color: Color.black.withAlpha(cell.contentAlpha))
      } header: { header in
        header.canvas.drawText(
          "Header · 3", in: header.frame, size: 24, bold: true, color: Color.black.withAlpha(header.contentAlpha),
          alignment: .left)
      }
      return try window.pixels()
    }
    /// How much text a region shows: how much darker than its paper (grey in a cell, white in a
    /// header) its pixels are, summed.
    func ink(_ image: (width: Int, height: Int, argb: [UInt32]), x: Range<Int>, y: Range<Int>) -> Int {
      let paper = y.lowerBound < 40 ? 255 : 200
      return x.reduce(0) { sum, i in
        sum + y.reduce(0) { $0 + max(0, paper - Int(image.argb[$1 * image.width + i] >> 16 & 0xFF)) }
      }
    }
    let text = 50..<130
    let start = try frame(at: 1)
    let mid = try frame(at: 1.1)
    if let path = getenv("REORDERKIT_PNG") { try window.savePNG(to: String(cString: path)) }
    let end = try frame(at: 1.2)
    // The background of b is there from the first frame, as grey as a's (no fade-out, no scale).
    for image in [start, mid, end] {
      #expect(Self.pixel(image, 106, 46) == "200 200 200" && Self.pixel(image, 194, 134) == "200 200 200")
      #expect(Self.pixel(image, 102, 46) == "255 255 255", "b's background is not scaled up")
    }
    let a = ink(end, x: 0..<100, y: text)
    #expect(a > 100_000, "a's text: \(a)")
    // b's text: none at the change's time, part of it mid-way, all of it at the end; a's never changes.
    #expect(ink(start, x: 100..<200, y: text) == 0)
    let half = ink(mid, x: 100..<200, y: text)
    #expect(half > a / 5 && half < a * 4 / 5, "half-way: \(half) of \(a)")
    #expect(ink(end, x: 100..<200, y: text) == a)
    #expect(ink(start, x: 0..<100, y: text) == a && ink(mid, x: 0..<100, y: text) == a)
    // The header's text fades in the same way.
    let header = ink(end, x: 0..<300, y: 0..<40)
    #expect(ink(start, x: 0..<300, y: 0..<40) == 0 && header > 10_000)
    let headerMid = ink(mid, x: 0..<300, y: 0..<40)
    #expect(headerMid > header / 5 && headerMid < header * 4 / 5)
  }
}
