import ReorderKit
import Testing

@testable import ReorderKitSDL

#if canImport(Glibc)
  import Glibc
#endif

/// The default font from fontconfig, and what a cell-drawing closure is given, drawn into an
/// offscreen window (SDL_VIDEODRIVER=offscreen unless a driver is set).
@Suite("Drawing: the default font, cell contexts, the canvas's batch", .serialized)
struct DrawingTests {
  @Test func theDefaultFontIsFontconfigsSansSerif() throws {
    let fonts = try SystemFont.sansSerif()
    #expect(access(fonts.regular, R_OK) == 0)
    #expect([".ttf", ".otf", ".ttc"].contains { fonts.regular.lowercased().hasSuffix($0) }, "\(fonts.regular)")
    if let bold = fonts.bold { #expect(bold != fonts.regular && access(bold, R_OK) == 0) }
  }

  @Test func withoutFontconfigTheErrorSaysWhatToInstall() {
    #expect {
      try SystemFont.path(matching: "sans-serif", using: "reorderkit-no-such-fc-match")
    } throws: { error in
      let text = "\(error)"
      return text.contains("reorderkit-no-such-fc-match is not installed")
        && text.contains("apt-get install fontconfig")
        && text.contains("fontPath:")
    }
    #expect {
      try SystemFont.path(matching: "sans-serif", using: "true")  // prints nothing
    } throws: { error in "\(error)".contains("named no file") }
    #expect {
      try SystemFont.path(matching: "sans-serif", using: "false")
    } throws: { error in "\(error)".contains("false failed") }
  }

  @Test func eachCellIsDrawnFromOneContext() throws {
    if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "offscreen", 1) }
    try Window.initializeSDL()
    let window = try Window(
      title: "cells", size: Size(width: 300, height: 400), vsync: false, fontPath: SystemFont.sansSerif().regular)
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSection("S", items: ["a", "b", "c", "d"])
    var view = CollectionView(
      snapshot: snapshot, layout: .grid(.init(width: 300, columns: 3, itemSpacing: 0, lineSpacing: 0)),
      viewSize: Size(width: 300, height: 350))
    _ = view.keyPressed(.tab, time: 0)
    _ = view.keyPressed(.tab, time: 0)  // "b" has the focus
    let pane = CollectionPane<String, String>(frame: Rect(x: 0, y: 50, width: 300, height: 350))
    var cells: [String: CellContext<String, String>] = [:]
    var headers = 0
    pane.draw(view, in: window.canvas, time: 1) { cell in
      #expect(cell.canvas === window.canvas)
      cells[cell.id] = cell
    } header: { _ in
      headers += 1
    }
    #expect(Set(cells.keys) == ["a", "b", "c", "d"])
    #expect(headers == 0)
    #expect(cells["a"]?.frame == Rect(x: 0, y: 50, width: 100, height: 100), "in window coordinates")
    #expect(cells["d"]?.frame == Rect(x: 0, y: 150, width: 100, height: 100))
    #expect(cells.values.filter(\.isFocused).map(\.id) == ["b"])
    #expect(cells.values.allSatisfy { !$0.isLifted && $0.lift == 0 })

    _ = view.pointerDown(at: Point(x: 250, y: 50), time: 2)
    _ = view.tick(time: 2.5)  // "c" lifts
    cells = [:]
    pane.draw(view, in: window.canvas, time: 3) { cell in cells[cell.id] = cell }
    let lifted = try #require(cells["c"])
    #expect(lifted.isLifted && lifted.lift == 1)
    #expect(lifted.frame.width > 100, "scaled up while lifted")
    #expect(lifted.frame.center == Point(x: 250, y: 100))
    #expect(cells["a"].map { !$0.isLifted && $0.lift == 0 && $0.alpha == 1 && $0.depth == 0 } == true)
    try window.savePNG(to: "/dev/null")
  }

  // MARK: The canvas's batch and atlas

  /// An offscreen window of 200 × 120 points (one per test, on the suite's one thread).
  static func window() throws -> Window {
    if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "offscreen", 1) }
    try Window.initializeSDL()
    return try Window(
      title: "canvas", size: Size(width: 200, height: 120), vsync: false, fontPath: SystemFont.sansSerif().regular)
  }

  /// The pixel at a point, as "r g b".
  static func pixel(_ image: (width: Int, height: Int, argb: [UInt32]), _ x: Int, _ y: Int) -> String {
    let p = image.argb[y * image.width + x]
    return "\(p >> 16 & 0xFF) \(p >> 8 & 0xFF) \(p & 0xFF)"
  }

  /// How many pixels differ between two pictures of the same size (a count, so that a failure
  /// does not print two whole pictures).
  static func differences(_ a: [UInt32], _ b: [UInt32]) -> Int {
    a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : max(a.count, b.count)
  }

  @Test func whatIsDrawnLaterCoversWhatWasDrawnBeforeWhateverItsLayer() throws {
    let window = try Self.window()
    let canvas = window.canvas
    canvas.clear(.white)
    // Text (from the atlas) under an opaque fill drawn after it: the fill covers it.
    canvas.drawText("MMMM", in: Rect(x: 0, y: 0, width: 100, height: 40), size: 30, color: .black)
    canvas.fill(Rect(x: 0, y: 0, width: 100, height: 40), color: Color(r: 0, g: 0, b: 255))
    // An opaque fill under text drawn after it: the text shows on it.
    canvas.fill(Rect(x: 100, y: 0, width: 100, height: 40), color: Color(r: 0, g: 255, b: 0))
    canvas.drawText("MMMM", in: Rect(x: 100, y: 0, width: 100, height: 40), size: 30, color: .black)
    // A translucent fill over an opaque one drawn before it blends with it.
    canvas.fill(Rect(x: 0, y: 60, width: 100, height: 40), color: Color(r: 255, g: 0, b: 0))
    canvas.fill(Rect(x: 0, y: 60, width: 100, height: 40), color: Color(r: 0, g: 0, b: 255).withAlpha(0.5))
    // An opaque fill over a translucent one drawn before it covers it.
    canvas.fill(Rect(x: 100, y: 60, width: 100, height: 40), color: Color(r: 255, g: 0, b: 0).withAlpha(0.5))
    canvas.fill(Rect(x: 100, y: 60, width: 100, height: 40), color: Color(r: 0, g: 0, b: 255))
    let image = try window.pixels()
    #expect((0..<100).allSatisfy { x in (0..<40).allSatisfy { y in Self.pixel(image, x, y) == "0 0 255" } })
    let dark = (100..<200).flatMap { x in (0..<40).map { y in Self.pixel(image, x, y) } }.filter { $0 != "0 255 0" }
    #expect(dark.count > 200, "the text shows on the green fill: \(dark.count) pixels")
    let blended = Self.pixel(image, 50, 80).split(separator: " ").compactMap { Int($0) }
    #expect(blended.count == 3 && abs(blended[0] - 127) <= 2 && blended[1] == 0 && abs(blended[2] - 128) <= 2)
    #expect(Self.pixel(image, 150, 80) == "0 0 255")
  }

  @Test func theClipCutsQuadsAndTrianglesAndIsLifted() throws {
    let window = try Self.window()
    let canvas = window.canvas
    canvas.clear(.white)
    canvas.setClip(Rect(x: 50, y: 20, width: 100, height: 60))
    canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), color: .black)
    canvas.fillTriangle(
      Point(x: 0, y: 100), Point(x: 200, y: 100), Point(x: 100, y: 0), color: Color(r: 255, g: 0, b: 0))
    canvas.setClip(nil)
    canvas.fill(Rect(x: 0, y: 110, width: 10, height: 10), color: Color(r: 0, g: 0, b: 255))
    let image = try window.pixels()
    #expect(Self.pixel(image, 49, 50) == "255 255 255" && Self.pixel(image, 150, 50) == "255 255 255")
    #expect(Self.pixel(image, 100, 19) == "255 255 255" && Self.pixel(image, 100, 80) == "255 255 255")
    #expect(Self.pixel(image, 100, 50) == "255 0 0", "the triangle, cut by the clip")
    #expect(Self.pixel(image, 52, 22) == "0 0 0", "the fill, cut by the clip, beside the triangle")
    #expect(Self.pixel(image, 5, 115) == "0 0 255", "no clip once it is lifted")
  }

  @Test func aFullAtlasIsEmptiedWithoutLosingWhatWasDrawnFromIt() throws {
    let window = try Self.window()
    let canvas = window.canvas
    // The first line alone, for reference.
    canvas.clear(.white)
    canvas.drawText("First", in: Rect(x: 0, y: 0, width: 200, height: 60), size: 40, color: .black)
    let reference = try window.pixels().argb
    #expect(reference.contains { $0 & 0xFF_FFFF != 0xFF_FFFF }, "the line was drawn")
    // The first line (in the atlas already), then enough new lines, drawn off the picture, to fill
    // the atlas: it is emptied while the first line waits in the batch.
    canvas.clear(.white)
    canvas.drawText("First", in: Rect(x: 0, y: 0, width: 200, height: 60), size: 40, color: .black)
    let before = try #require(canvas.atlas).emptyings
    var n = 0
    while try #require(canvas.atlas).emptyings == before {
      canvas.drawText(
        "line \(n) of text that fills the atlas", in: Rect(x: 0, y: 200, width: 10, height: 10), size: 40, color: .black
      )
      n += 1
      try #require(n < 20_000, "the atlas never filled")
    }
    #expect(Self.differences(try window.pixels().argb, reference) == 0, "the first line as it was")
    // A line drawn after the atlas was emptied goes into it again.
    canvas.clear(.white)
    canvas.drawText("First", in: Rect(x: 0, y: 0, width: 200, height: 60), size: 40, color: .black)
    #expect(Self.differences(try window.pixels().argb, reference) == 0)
  }

  @Test func aBackdropClearedAroundRoundedRectsIsTheSameAsFillingThem() throws {
    let window = try Self.window()
    let canvas = window.canvas
    let background = Color(hex: 0xF2F2F7)
    let backdrop = Color(hex: 0xE2E2E7)
    let columns = [
      Rect(x: -20, y: 10, width: 60, height: 90), Rect(x: 50, y: 10, width: 60, height: 90),
      Rect(x: 120.4, y: 30, width: 70, height: 100),
    ]
    canvas.clear(background)
    for column in columns { canvas.fillRoundedRect(column, radius: 12, color: backdrop) }
    let filled = try window.pixels()
    canvas.clear(background, roundedRects: columns, radius: 12, color: backdrop, size: Size(width: 200, height: 120))
    let cleared = try window.pixels()
    #expect(Self.differences(filled.argb, cleared.argb) == 0)
    // Overlapping rectangles are filled the plain way, in order.
    let overlapping = columns + [Rect(x: 30, y: 40, width: 40, height: 40)]
    canvas.clear(background)
    for column in overlapping { canvas.fillRoundedRect(column, radius: 12, color: backdrop) }
    let plain = try window.pixels()
    canvas.clear(
      background, roundedRects: overlapping, radius: 12, color: backdrop, size: Size(width: 200, height: 120))
    #expect(Self.differences(try window.pixels().argb, plain.argb) == 0)
  }

  @Test func aSmallRoundedRectFromItsOwnMaskIsTheSameAsFromCorners() throws {
    let window = try Self.window()
    let canvas = window.canvas
    func draw() throws -> [UInt32] {
      canvas.clear(.white)
      canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 28, height: 5), radius: 2.5, color: Color(r: 255, g: 149, b: 0))
      canvas.fillRoundedRect(Rect(x: 50, y: 10, width: 40, height: 30), radius: 12, color: Color(r: 0, g: 0, b: 0))
      canvas.fillRoundedRect(Rect(x: 100, y: 10, width: 21, height: 21), radius: 10.5, color: .black.withAlpha(0.5))
      return try window.pixels().argb
    }
    let masked = try draw()
    canvas.smallShape = 0
    let cornered = try draw()
    #expect(Self.differences(masked, cornered) == 0)
    #expect(masked.contains { $0 & 0xFF_FFFF != 0xFF_FFFF }, "something was drawn")
  }
}
