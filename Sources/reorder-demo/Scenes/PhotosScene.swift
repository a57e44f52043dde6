import ReorderKit
import ReorderKitSDL

/// Photos (seed 004): tiles of different sizes in a horizontally paged grid.
struct PhotosScene: DemoScene {
  let name = "photos"
  let title = "Photos"
  var view: DemoView

  static let count = 48
  static let ids = (1...count).map { "IMG_\(1000 + $0)" }

  init(viewSize: Size) {
    var snapshot = Snapshot<String, String>()
    try! snapshot.appendSection("camera-roll", items: Self.ids)
    view = DemoView(
      snapshot: snapshot, layout: Self.layout(for: viewSize), viewSize: viewSize,
      itemSizes: Self.usesFlowLayout ? Dictionary(uniqueKeysWithValues: Self.ids.map { ($0, Self.size(of: $0)) }) : [:])
  }

  func layout(for viewSize: Size) -> LayoutConfiguration { Self.layout(for: viewSize) }

  func makeView(_ snapshot: Snapshot<String, String>, viewSize: Size) -> DemoView {
    DemoView(snapshot: snapshot, layout: layout(for: viewSize), viewSize: viewSize, itemSizes: view.itemSizes)
  }

  /// Whether tiles keep their own sizes (a flow layout) rather than equal columns.
  static let usesFlowLayout = true

  /// Tiles flow top to bottom in columns and the columns page sideways, one view width a page.
  static func layout(for viewSize: Size) -> LayoutConfiguration {
    .grid(
      GridLayout.Configuration(
        width: viewSize.width, height: viewSize.height, columns: usesFlowLayout ? nil : 2, itemSpacing: 10,
        lineSpacing: 10, sectionInset: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16),
        itemHeight: usesFlowLayout ? nil : 130, scrollDirection: .horizontal,
        pageWidth: viewSize.width))
  }

  /// Every photo keeps its own size wherever it goes: one of a few portrait, landscape and square shapes.
  static func size(of id: String) -> Size {
    let n = Int(id.dropFirst(4)) ?? 0
    let shapes = [
      Size(width: 170, height: 120), Size(width: 110, height: 150), Size(width: 140, height: 140),
      Size(width: 110, height: 110), Size(width: 170, height: 170), Size(width: 120, height: 90),
    ]
    return shapes[(n * 7 + n / 3) % shapes.count]
  }

  static func palette(of id: String) -> (sky: Color, ground: Color, sun: Color) {
    let n = Double(Int(id.dropFirst(4)) ?? 0)
    func frac(_ x: Double) -> Double { x - x.rounded(.down) }
    let hue = frac(0.52 + n * 0.131)
    return (
      Color(hue: hue, saturation: 0.35, brightness: 0.97),
      Color(hue: frac(hue + 0.28), saturation: 0.55, brightness: 0.62),
      Color(hue: frac(0.1 + n * 0.07) * 0.15, saturation: 0.75, brightness: 1)
    )
  }

  func drawItem(_ id: String, frame f: Rect, element: DemoElement, canvas: Canvas, theme: Theme) {
    let p = Self.palette(of: id)
    let a = element.alpha
    let r = 8.0
    canvas.fillRoundedRect(f, radius: r, color: p.sky.withAlpha(a))
    canvas.fillCircle(
      center: Point(x: f.minX + f.width * 0.72, y: f.minY + f.height * 0.3), radius: min(f.width, f.height) * 0.11,
      color: p.sun.withAlpha(a))
    let horizon = f.minY + f.height * 0.68
    let mountain = p.ground.mixed(with: .white, 0.25).withAlpha(a)
    canvas.fillTriangle(
      Point(x: f.minX + r, y: horizon), Point(x: f.minX + f.width * 0.38, y: f.minY + f.height * 0.36),
      Point(x: f.minX + f.width * 0.7, y: horizon), color: mountain)
    canvas.fillTriangle(
      Point(x: f.minX + f.width * 0.45, y: horizon), Point(x: f.minX + f.width * 0.7, y: f.minY + f.height * 0.48),
      Point(x: f.maxX - r, y: horizon), color: mountain.mixed(with: p.ground, 0.4))
    let ground = Rect(x: f.minX, y: horizon, width: f.width, height: f.maxY - horizon)
    canvas.fill(
      Rect(x: ground.minX, y: ground.minY, width: ground.width, height: ground.height - r), color: p.ground.withAlpha(a)
    )
    canvas.fillRoundedRect(
      Rect(x: ground.minX, y: ground.maxY - 2 * r, width: ground.width, height: 2 * r), radius: r,
      color: p.ground.withAlpha(a))
    canvas.drawText(
      id, in: Rect(x: f.minX + 8, y: f.maxY - 22, width: f.width - 16, height: 18), size: 11,
      color: Color.white.withAlpha(0.95 * a),
      alignment: .left)
  }
}
