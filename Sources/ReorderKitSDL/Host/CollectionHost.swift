import ReorderKit

/// An app that is one collection view: the ``HostContent`` that fills the window with a
/// `CollectionView`, drives it with the window's input, ticks it, draws its render list with your
/// cell drawing, and tells you when the data changed.
///
/// You supply the data (the view), how a cell looks, and what to do on a committed change:
///
/// ```swift
/// var snapshot = Snapshot<String, String>()
/// try snapshot.appendSection("todo", items: ["Milk", "Bread", "Eggs"])
/// let layout = { (size: Size) in LayoutConfiguration.list(.init(width: size.width, rowHeight: 52)) }
/// let size = Size(width: 360, height: 520)
/// let list = CollectionHost(view: CollectionView(snapshot: snapshot, layout: layout(size), viewSize: size)) { cell in
///   cell.canvas.fillRoundedRect(cell.frame.insetBy(dx: 12, dy: 4), radius: 10, color: Color.white.withAlpha(cell.alpha))
///   cell.canvas.drawText(cell.id, in: cell.frame.insetBy(dx: 28, dy: 0), size: 16, color: .black, alignment: .left)
/// }
/// list.layout = layout  // re-laid out when the window is resized
/// list.onCommit = { view, _ in print(view.snapshot.items(inSection: 0)) }
/// try SDLHost(title: "To do", size: size).run(list)
/// ```
public final class CollectionHost<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: HostContent {
  /// The engine: the data, layout, scroll position and gestures. Change it freely between frames
  /// (`apply`, `perform`, `setLayout`).
  public var view: CollectionView<SectionID, ItemID>
  /// Where the view is in the window, and how the window's input reaches it.
  public var pane: CollectionPane<SectionID, ItemID>
  /// Draws one cell into its context's frame in window coordinates (already scaled when lifted);
  /// fade it by the context's `alpha`.
  public var drawItem: (CellContext<SectionID, ItemID>) -> Void
  /// Draws one section header (nothing by default).
  public var drawHeader: (HeaderContext<SectionID, ItemID>) -> Void = { _ in }
  /// The layout for a view size: when set, a resized window lays the view out again.
  public var layout: ((Size) -> LayoutConfiguration)?
  /// Called once per committed gesture (a drop, a whole live-mode drag, a keyboard move, a copy),
  /// undo and redo, and per change outside a gesture (a folder opened by a tap, a change you
  /// `perform` on ``view``, which the engine reports with the next frame's events), with the view
  /// after it and its changes by identity:
  /// save here. Never for the placeholder's moves or a live-mode drag's single steps, nor for a
  /// cancelled drag (see ``CommitCollector``).
  public var onCommit: ((CollectionView<SectionID, ItemID>, [Change<SectionID, ItemID>]) -> Void)?
  /// Called with every event the engine reports (lifts, drops, cancels, taps, changes), in order.
  public var onEvent: ((CollectionViewEvent<SectionID, ItemID>) -> Void)?
  /// The window's background, behind the cells.
  public var background: Color
  private var commits = CommitCollector<SectionID, ItemID>()

  /// A host for `view`, filling the window; `drawItem` draws a cell.
  public init(
    view: CollectionView<SectionID, ItemID>, theme: Theme = .standard,
    drawItem: @escaping (CellContext<SectionID, ItemID>) -> Void
  ) {
    self.view = view
    self.pane = CollectionPane(frame: Rect(origin: .zero, size: view.viewSize), theme: theme)
    self.drawItem = drawItem
    self.background = theme.background
  }

  /// Whether the pointer went down in the view and is still held.
  public var isTrackingPointer: Bool { pane.isTrackingPointer }

  /// Resizes with the window, else hands the event to the view (see ``CollectionPane/handle(_:view:time:)``).
  public func handle(_ event: InputEvent, time: Double) {
    if case .resized(let size) = event {
      pane.setFrame(Rect(origin: .zero, size: size), view: &view, layout: layout, time: time)
      return
    }
    react(to: pane.handle(event, view: &view, time: time))
  }

  /// Ticks the view (long presses, spring loading, auto-scroll, animations).
  public func tick(time: Double) {
    react(to: view.tick(time: time))
  }

  /// Draws the background and the view's render list.
  public func draw(in canvas: Canvas, size: Size, time: Double) -> Bool {
    canvas.clear(background)
    return pane.draw(view, in: canvas, time: time, item: drawItem, header: drawHeader)
  }

  /// Passes the engine's events to ``onEvent`` and, when they complete a commit, its changes to
  /// ``onCommit``; call it with the events of engine calls you make yourself.
  public func react(to events: [CollectionViewEvent<SectionID, ItemID>]) {
    for event in events { onEvent?(event) }
    if let changes = commits.collect(events, isDragging: view.isDragging) { onCommit?(view, changes) }
  }
}
