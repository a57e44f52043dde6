import ReorderKit
import Testing

@testable import ReorderKitSDL

#if canImport(Glibc)
  import Glibc
#endif

/// The default font from fontconfig, and what a cell-drawing closure is given, drawn into an
/// offscreen window (SDL_VIDEODRIVER=offscreen unless a driver is set).
@Suite("Drawing: the default font, cell contexts")
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
}
