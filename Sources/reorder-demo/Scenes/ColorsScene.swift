import ReorderKit
import ReorderKitSDL

/// Colors (seeds 000 and 002): coloured squares, three per row; press and
/// hold to lift one, drag it, release. `--items N` makes it as long as you like.
struct ColorsScene: DemoScene {
  let name = "colors"
  let title = "Colors"
  let count: Int
  var view: DemoView

  /// The item identifiers are "c1" … "cN"; their colours follow from the number.
  init(count: Int, viewSize: Size) {
    self.count = count
    var snapshot = Snapshot<String, String>()
    try! snapshot.appendSection("colors", items: (1...count).map { "c\($0)" })
    view = DemoView(snapshot: snapshot, layout: Self.layout(for: viewSize), viewSize: viewSize)
  }

  var storageKey: String { count == 50 ? "colors" : "colors-\(count)" }

  func layout(for viewSize: Size) -> LayoutConfiguration { Self.layout(for: viewSize) }

  static func layout(for viewSize: Size) -> LayoutConfiguration {
    .grid(
      GridLayout.Configuration(
        width: viewSize.width, height: viewSize.height, columns: 3, itemSpacing: 12, lineSpacing: 12,
        sectionInset: EdgeInsets(top: 12, left: 16, bottom: 16, right: 16)))
  }

  /// The colour of item "cN": hues a golden angle apart, so neighbours never look alike.
  static func color(of id: String) -> Color {
    let n = Double(Int(id.dropFirst()) ?? 0)
    func frac(_ x: Double) -> Double { x - x.rounded(.down) }
    return Color(
      hue: frac(0.03 + n * 0.618_033_988_75), saturation: 0.5 + 0.35 * frac(n * 0.377),
      brightness: 0.78 + 0.18 * frac(n * 0.533))
  }

  func drawItem(_ id: String, frame: Rect, element: DemoElement, canvas: Canvas, theme: Theme) {
    let color = Self.color(of: id)
    canvas.fillRoundedRect(frame, radius: theme.cornerRadius, color: color.withAlpha(element.alpha))
    let label =
      color.luminance > 0.6 ? Color.black.withAlpha(0.55 * element.alpha) : Color.white.withAlpha(0.9 * element.alpha)
    canvas.drawText(
      String(id.dropFirst()), in: Rect(x: frame.minX + 10, y: frame.minY + 6, width: frame.width - 20, height: 20),
      size: 13, bold: true, color: label, alignment: .left)
  }
}
