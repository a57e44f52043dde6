import ReorderKit

/// A `CollectionView` shown in a rectangle of the window: turns the window's input into the
/// engine's pointer, scroll and key calls (in the view's coordinates), keeps the view's size and
/// layout in step with the rectangle, and draws the engine's render list there.
///
/// The pane holds no data: it works on a view you keep (`inout`), so a screen can show several
/// views, or switch between them, with one pane each (a ``PaneRouter`` says which pane an event
/// goes to). ``CollectionHost`` wraps a view and a pane for an app that is one collection view.
///
/// ```swift
/// var pane = CollectionPane<String, String>(frame: Rect(x: 0, y: 52, width: 390, height: 668))
/// let events = pane.handle(.pointerDown(Point(x: 60, y: 110)), view: &view, time: now)
/// pane.draw(view, in: window.canvas, time: now) { cell in
///   cell.canvas.fillRoundedRect(cell.frame, radius: 12, color: Color.white.withAlpha(cell.alpha))
/// }
/// ```
public struct CollectionPane<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// Where the view is in the window (points).
  public var frame: Rect
  /// The colours of gaps, highlights, markers and the lifted cell's shadow.
  public var theme: Theme
  /// Whether thin scroll indicators are drawn when the content is longer (or wider) than the view.
  public var showsScrollIndicators = true
  /// Whether the held pointer went down in this pane (its moves and release come here too).
  @inlinable public var isTrackingPointer: Bool { _isTrackingPointer }
  /// The storage of `isTrackingPointer`: internal, so that the inlinable event calls can set it.
  @usableFromInline var _isTrackingPointer = false

  /// A pane over `frame` of the window.
  public init(frame: Rect, theme: Theme = .standard) {
    self.frame = frame
    self.theme = theme
  }

  /// Whether a window point is inside the pane.
  public func contains(_ point: Point) -> Bool {
    point.x >= frame.minX && point.x < frame.maxX && point.y >= frame.minY && point.y < frame.maxY
  }

  /// A window point in the view's coordinates.
  public func viewPoint(_ point: Point) -> Point { Point(x: point.x - frame.minX, y: point.y - frame.minY) }

  /// Gives the view a new size (and the layout `layout` makes for it, if any), when the pane's
  /// frame changed.
  public mutating func setFrame(
    _ newFrame: Rect, view: inout CollectionView<SectionID, ItemID>, layout: ((Size) -> LayoutConfiguration)?,
    time: Double
  ) {
    frame = newFrame
    view.setViewSize(newFrame.size, time: time)
    if let layout { view.setLayout(layout(newFrame.size), time: time) }
  }

  /// Sends one input event (window coordinates) to the view; returns what the engine reported.
  ///
  /// A press inside the pane starts tracking: its moves and its release go to the view wherever
  /// they are. The wheel scrolls the view when the pointer is over the pane (or tracked by it).
  /// Keys go to the view (send them to the pane that has the keyboard, see ``PaneRouter``):
  /// Esc cancels a gesture, Page Up/Down scroll a page; Tab, Shift+Tab, the arrows, Space, Enter,
  /// Home and End reorder with the keyboard (see `CollectionView.keyPressed(_:time:)`; with
  /// nothing focused Home/End scroll to the start/end); Ctrl+Z (or Cmd+Z) undoes and
  /// Ctrl+Shift+Z or Ctrl+Y redoes. Other keys, keys with Alt or other shortcuts, and typed text
  /// are left to the app. A secondary tap during a drag adds the item under it to the drag
  /// session. `.resized` and `.quit` are the owner's.
  ///
  /// ```swift
  /// let events = pane.handle(.scroll(by: Point(x: 0, y: 48), at: Point(x: 100, y: 300)), view: &view, time: now)
  /// ```
  ///
  /// Inlinable, so that the view's calls run specialized for the app's identifier types.
  @inlinable public mutating func handle(
    _ event: InputEvent, view: inout CollectionView<SectionID, ItemID>, time: Double
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    switch event {
    case .pointerDown(let p):
      guard contains(p) else { return [] }
      _isTrackingPointer = true
      return view.pointerDown(at: viewPoint(p), time: time)
    case .pointerMoved(let p):
      guard isTrackingPointer else { return [] }
      return view.pointerMoved(to: viewPoint(p), time: time)
    case .pointerUp(let p):
      guard isTrackingPointer else { return [] }
      _isTrackingPointer = false
      return view.pointerUp(at: viewPoint(p), time: time)
    case .secondaryTap(let p):
      guard isTrackingPointer, view.isDragging else { return [] }
      return view.addItemToDragSession(at: viewPoint(p), time: time)
    case .scroll(let delta, let pointer):
      guard isTrackingPointer || contains(pointer) else { return [] }
      return view.scroll(by: delta, time: time)
    case .key(let key, let modifiers):
      return handleKey(key, modifiers: modifiers, view: &view, time: time)
    case .text, .resized, .quit:
      return []
    }
  }

  /// The keys the pane gives a meaning (see ``handle(_:view:time:)``).
  @inlinable mutating func handleKey(
    _ key: Key, modifiers: KeyModifiers, view: inout CollectionView<SectionID, ItemID>, time: Double
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    if modifiers.isShortcut {
      switch key {
      case .character("z") where !modifiers.contains(.option):
        return modifiers.contains(.shift) ? view.redo(time: time) : view.undo(time: time)
      case .character("y") where !modifiers.contains(.option):
        return view.redo(time: time)
      default:
        return []
      }
    }
    guard !modifiers.contains(.option) else { return [] }
    switch key {
    case .escape:
      return view.cancelGesture(time: time)
    case .pageDown:
      return view.scroll(by: Self.page(view, 1), time: time)
    case .pageUp:
      return view.scroll(by: Self.page(view, -1), time: time)
    case .home where view.focusedItem == nil && !view.isDragging:
      view.setContentOffset(.zero, animated: true, time: time)
      return []
    case .end where view.focusedItem == nil && !view.isDragging:
      let end = Point(
        x: view.contentSize.width - view.viewSize.width, y: view.contentSize.height - view.viewSize.height)
      view.setContentOffset(end, animated: true, time: time)
      return []
    default:
      // The engine's keyboard reordering: Tab focuses, Space lifts and drops, the arrows move.
      guard let navigation = Self.navigationKey(key, modifiers: modifiers), !isTrackingPointer else { return [] }
      return view.keyPressed(navigation, time: time)
    }
  }

  /// The engine's key for a key, if it has one (Shift+Tab is Backtab).
  @usableFromInline static func navigationKey(_ key: Key, modifiers: KeyModifiers = []) -> NavigationKey? {
    switch key {
    case .space: .space
    case .enter: .enter
    case .escape: .escape
    case .up: .up
    case .down: .down
    case .left: .left
    case .right: .right
    case .home: .home
    case .end: .end
    case .tab: modifiers.contains(.shift) ? .backtab : .tab
    case .pageUp, .pageDown, .backspace, .delete, .character, .function: nil
    }
  }

  /// Stops tracking the pointer and cancels the view's gesture (before the pane is hidden).
  public mutating func cancel(
    view: inout CollectionView<SectionID, ItemID>, time: Double
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    _isTrackingPointer = false
    return view.cancelGesture(time: time)
  }

  /// One page of scrolling: sideways in a horizontal grid, else 90 % of the view's height.
  @usableFromInline static func page(_ view: CollectionView<SectionID, ItemID>, _ direction: Double) -> Point {
    if case .grid(let c) = view.layoutConfiguration, c.scrollDirection == .horizontal {
      return Point(x: direction * view.viewSize.width, y: 0)
    }
    return Point(x: 0, y: direction * view.viewSize.height * 0.9)
  }

  /// Draws the view's render list at `time`, clipped to the pane: `item` draws a cell and
  /// `header` a section header, each from its context (window coordinates, already scaled); gaps,
  /// drop highlights, the lifted cell's shadow, badges, the focus ring and the forbidden marker
  /// are drawn for you. Returns whether anything still moves (keep drawing frames).
  ///
  /// ```swift
  /// let moving = pane.draw(view, in: window.canvas, time: now) { cell in
  ///   cell.canvas.fillRoundedRect(cell.frame, radius: 12, color: Color.white.withAlpha(cell.alpha))
  /// }
  /// ```
  @discardableResult
  public func draw(
    _ view: CollectionView<SectionID, ItemID>, in canvas: Canvas, time: Double,
    item: (CellContext<SectionID, ItemID>) -> Void,
    header: (HeaderContext<SectionID, ItemID>) -> Void = { _ in }
  ) -> Bool {
    let list = view.renderList(at: time)
    canvas.setClip(frame)
    canvas.draw(list, origin: frame.origin, theme: theme, focusedItem: view.focusedItem, item: item, header: header)
    if showsScrollIndicators { drawScrollIndicators(list, canvas: canvas) }
    canvas.setClip(nil)
    return list.isAnimating
  }

  private func drawScrollIndicators(_ list: RenderList<SectionID, ItemID>, canvas: Canvas) {
    let color = Color.black.withAlpha(0.3)
    if list.contentSize.height > list.viewSize.height + 1 {
      let h = max(frame.height * list.viewSize.height / list.contentSize.height, 24)
      let y = frame.minY + (frame.height - h) * list.contentOffset.y / (list.contentSize.height - list.viewSize.height)
      canvas.fillRoundedRect(Rect(x: frame.maxX - 6, y: y + 2, width: 3, height: h - 4), radius: 1.5, color: color)
    }
    if list.contentSize.width > list.viewSize.width + 1 {
      let w = max(frame.width * list.viewSize.width / list.contentSize.width, 24)
      let x = frame.minX + (frame.width - w) * list.contentOffset.x / (list.contentSize.width - list.viewSize.width)
      canvas.fillRoundedRect(Rect(x: x + 2, y: frame.maxY - 6, width: w - 4, height: 3), radius: 1.5, color: color)
    }
  }
}
