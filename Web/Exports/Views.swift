/// A view behind a numeric handle, with the events its calls returned since JavaScript last took them.
struct WebView {
  var view: CollectionView<Int, Int>
  var pending: [CollectionViewEvent<Int, Int>] = []
  /// The scene, for its layout at a new size.
  var scene = WebScene.colors
  /// A virtual list's or grid's layout (Virtual.swift), for its layout at a new size; `nil`: the scene's.
  var virtual: VirtualLayout?
  /// The engine's own reflow and settle duration, given back when reduced motion is turned off.
  let reflowDuration: Double
  /// The items' order keys, once the page saves them (see OrderKeys.swift).
  var keys: [Int: OrderKey] = [:]
  var hasKeys = false
  /// Keys changed since JavaScript last took the events: records to save.
  var pendingKeys: [KeyRecord] = []

  /// Keeps the events of an engine call for JavaScript and gives moved items new order keys.
  mutating func receive(_ events: [CollectionViewEvent<Int, Int>]) {
    pending += events
    for event in events {
      if case .changed(.moved(let difference)) = event { keysForMove(difference) }
    }
  }

  init(view: CollectionView<Int, Int>) {
    self.view = view
    reflowDuration = view.reflowDuration
  }
}

/// The views, by handle (index + 1; 0 is never a handle). A destroyed view leaves `nil`.
nonisolated(unsafe) var views: [WebView?] = []

/// Runs `body` on the view behind a handle, keeping the events it returns; a bad handle does nothing.
@discardableResult
func withView<R>(_ handle: Int32, _ body: (inout CollectionView<Int, Int>) -> R) -> R? {
  let index = Int(handle) - 1
  guard index >= 0, index < views.count, views[index] != nil else { return nil }
  return body(&views[index]!.view)
}

func perform(_ handle: Int32, _ body: (inout CollectionView<Int, Int>) -> [CollectionViewEvent<Int, Int>]) {
  let index = Int(handle) - 1
  guard index >= 0, index < views.count, views[index] != nil else { return }
  let events = body(&views[index]!.view)
  views[index]!.receive(events)
}

/// The Colors scene's layout (the desktop app's, seeds 000 and 002): square cells, 12 pt apart,
/// three columns on a phone and as many 120 pt columns as fit on a wider window.
func colorsLayout(width: Double, height: Double) -> LayoutConfiguration {
  let columns = max(3, Int((width - 32 + 12) / 132))
  return .grid(
    GridLayout.Configuration(
      width: width, height: height, columns: columns, itemSpacing: 12, lineSpacing: 12,
      sectionInset: EdgeInsets(top: 12, left: 16, bottom: 16, right: 16)))
}

func pointerKind(_ code: Int32) -> PointerKind {
  switch code {
  case 2: .mouse
  case 1: .pen
  default: .touch
  }
}
