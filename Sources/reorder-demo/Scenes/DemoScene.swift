import ReorderKit
import ReorderKitSDL
import ReorderTool

/// The engine's headless collection view as the scenes use it: string identifiers throughout.
typealias DemoView = CollectionView<String, String>
typealias DemoElement = RenderElement<String, String>

/// One scene of the app: its data, layout, cells and saved state. The
/// interaction itself is the engine's (``DemoView``); a scene only says how
/// its data looks.
protocol DemoScene {
  /// The name used by `--scene`, the report and the state file ("colors").
  var name: String { get }
  /// The title on the scene switcher ("Colors").
  var title: String { get }
  /// The key of this scene's entry in the state file.
  var storageKey: String { get }
  /// The engine.
  var view: DemoView { get set }
  /// The height of the scene's own controls above its collection view (0 for none).
  var controlsHeight: Double { get }

  /// The layout for a view of this size.
  func layout(for viewSize: Size) -> LayoutConfiguration
  /// The engine for an arrangement of this scene's data (with the scene's mode, sizes and delegates).
  func makeView(_ snapshot: Snapshot<String, String>, viewSize: Size) -> DemoView
  /// Draws one cell.
  func drawItem(_ id: String, frame: Rect, element: DemoElement, canvas: Canvas, theme: Theme)
  /// Draws one section header.
  func drawHeader(_ id: String, frame: Rect, element: DemoElement, canvas: Canvas, theme: Theme)
  /// Draws the scene's controls.
  func drawControls(in frame: Rect, canvas: Canvas, theme: Theme)
  /// A press in the controls area; returns true when the scene's data changed (save and report it).
  mutating func controlsPointerDown(at point: Point, in frame: Rect, time: Double) -> Bool

  /// The scene's data changed (a move, an undo, new data): redraw in place what shows it, such as
  /// a header's count, with the engine's crossfade (``DemoView/reconfigure(items:sections:time:)``).
  mutating func dataDidChange(time: Double)

  /// The scene's state for the state file.
  func encodeState() -> JSONValue
  /// Restores a saved state; throws when it does not fit the built-in data.
  mutating func restore(_ state: JSONValue, viewSize: Size, time: Double) throws
}

extension DemoScene {
  var controlsHeight: Double { 0 }
  var storageKey: String { name }
  func drawControls(in frame: Rect, canvas: Canvas, theme: Theme) {}
  mutating func controlsPointerDown(at point: Point, in frame: Rect, time: Double) -> Bool { false }
  func drawHeader(_ id: String, frame: Rect, element: DemoElement, canvas: Canvas, theme: Theme) {}
  mutating func dataDidChange(time: Double) {}

  func makeView(_ snapshot: Snapshot<String, String>, viewSize: Size) -> DemoView {
    DemoView(snapshot: snapshot, layout: layout(for: viewSize), viewSize: viewSize)
  }

  func encodeState() -> JSONValue { .object(["sections": SnapshotJSON.value(of: view.snapshot)]) }

  mutating func restore(_ state: JSONValue, viewSize: Size, time: Double) throws {
    guard let sections = state["sections"] else { throw InputError("no \"sections\"") }
    let snapshot = try SnapshotJSON.decode(sections, matching: view.snapshot)
    view = makeView(snapshot, viewSize: viewSize)
  }
}
