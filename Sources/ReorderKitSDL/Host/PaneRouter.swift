import ReorderKit

/// Says which of several panes in one window an input event goes to, so that a window with
/// several collection views (a board's columns, a sidebar and a grid) behaves as people expect: a
/// press goes to the pane under it, and that pane keeps the moves and the release; the wheel
/// scrolls the pane under the pointer; keys and typed text go to the pane that has the keyboard,
/// which is the pane under the pointer (the last one the pointer was over, pressed or scrolled
/// in), or the one you set.
///
/// Panes are numbered by their place in ``frames``; where frames overlap, the later one is on top.
///
/// ```swift
/// var router = PaneRouter(frames: columns.map(\.pane.frame))
/// func handle(_ event: InputEvent, time: Double) {
///   guard let i = router.route(event) else { return }   // over no pane: the window's own
///   save(columns[i].pane.handle(event, view: &columns[i].view, time: time))
/// }
/// ```
public struct PaneRouter: Hashable, Sendable {
  /// The panes' frames in the window, in order (update them when the window's layout changes).
  public var frames: [Rect]
  /// The pane that gets keys and text, if any: the pane under the pointer (see
  /// ``followsPointer``), or set it yourself (after a Tab past a pane's last item, say).
  public var keyPane: Int?
  /// Whether the keyboard follows the pointer into the pane it moves over (true), or only into a
  /// pane pressed in or scrolled (false: click to focus). Set it to false while an item is lifted
  /// by the keyboard, so that a nudge of the mouse does not take the arrows away mid-move.
  public var followsPointer: Bool
  /// The pane that the held pointer went down in: it gets the moves and the release.
  public private(set) var pressedPane: Int?

  /// A router over panes at `frames`; the first pane has the keyboard until the pointer says otherwise.
  public init(frames: [Rect], keyPane: Int? = 0, followsPointer: Bool = true) {
    self.frames = frames
    self.keyPane = frames.isEmpty ? nil : keyPane
    self.followsPointer = followsPointer
  }

  /// The topmost pane whose frame contains a window point, if any.
  public func pane(at point: Point) -> Int? {
    frames.indices.last { i in
      let f = frames[i]
      return point.x >= f.minX && point.x < f.maxX && point.y >= f.minY && point.y < f.maxY
    }
  }

  /// The pane that should handle `event`, or `nil` when it is no pane's (a press outside every
  /// pane, a key with no pane focused, `.resized`, `.quit`); updates who has the pointer and the
  /// keyboard.
  ///
  /// - Complexity: O(p) for p panes.
  public mutating func route(_ event: InputEvent) -> Int? {
    switch event {
    case .pointerDown(let p):
      guard pressedPane == nil else { return pressedPane }
      pressedPane = pane(at: p)
      if let pressedPane { keyPane = pressedPane }
      return pressedPane
    case .pointerMoved(let p):
      if pressedPane == nil, followsPointer, let over = pane(at: p) { keyPane = over }
      return pressedPane
    case .pointerUp:
      defer { pressedPane = nil }
      return pressedPane
    case .secondaryTap(let p):
      return pressedPane ?? pane(at: p)
    case .scroll(_, let p):
      if let pressedPane { return pressedPane }
      let over = pane(at: p)
      if let over { keyPane = over }
      return over
    case .key, .text:
      return keyPane.flatMap { frames.indices.contains($0) ? $0 : nil }
    case .resized, .quit:
      return nil
    }
  }
}
