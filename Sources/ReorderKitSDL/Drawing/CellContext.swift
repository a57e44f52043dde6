import ReorderKit

/// Everything a cell-drawing closure needs for one item of the render list: which item, where,
/// how it is shown (fading, lifted, focused), and the canvas to draw with.
///
/// ```swift
/// let list = CollectionHost(view: view) { cell in
///   let card = cell.frame.insetBy(dx: 12, dy: 4)
///   cell.canvas.fillRoundedRect(card, radius: 10, color: Color.white.withAlpha(cell.alpha))
///   cell.canvas.drawText(titles[cell.id]!, in: card.insetBy(dx: 16, dy: 0), size: 16,
///                        color: Color.black.withAlpha(cell.alpha), alignment: .left)
///   if cell.isFocused { cell.canvas.strokeRoundedRect(card, radius: 10, lineWidth: 2, color: cell.theme.accent) }
/// }
/// ```
public struct CellContext<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  /// The item.
  public let id: ItemID
  /// Where to draw it, in window coordinates: already offset by the pane and the scroll position,
  /// and scaled when lifted.
  public let frame: Rect
  /// Opacity from 0 to 1 (cells fade in and out): multiply your colours' alpha by it.
  public let alpha: Double
  /// The opacity of the cell's content (its text, its picture), not of its background: `alpha`
  /// while the cell's new content fades in after `apply(…contentChanged:…)`
  /// (`RenderElement.contentChange`), `alpha` otherwise. Draw the background at `alpha` and the
  /// content at this, so a changed cell redraws in place with no flash.
  ///
  /// ```swift
  /// cell.canvas.fillRoundedRect(cell.frame, radius: 10, color: Color.white.withAlpha(cell.alpha))
  /// cell.canvas.drawText(titles[cell.id]!, in: cell.frame, size: 15, color: Color.black.withAlpha(cell.contentAlpha))
  /// ```
  public var contentAlpha: Double { alpha * element.contentChange }
  /// How far the cell has lifted, 0 (at rest) to 1 (fully lifted, following the pointer); the
  /// shadow under it is drawn for you.
  public let lift: Double
  /// Whether this is the lifted cell that follows the pointer (or the keyboard).
  public let isLifted: Bool
  /// Whether the item has the view's keyboard focus (the focus ring is drawn for you).
  public let isFocused: Bool
  /// Outline depth in a list: 0 at the top level, 1 for a child of a group (indent by it).
  public let depth: Int
  /// For a group: whether its children are shown; `nil` for a plain item.
  public let isExpanded: Bool?
  /// The engine's element, with everything above and its unscaled view frame.
  public let element: RenderElement<SectionID, ItemID>
  /// What to draw with.
  public let canvas: Canvas
  /// The pane's colours.
  public let theme: Theme

  /// A cell's context (``CollectionPane`` and ``Canvas/draw(_:origin:theme:focusedItem:item:header:)`` make these).
  public init(
    id: ItemID, frame: Rect, element: RenderElement<SectionID, ItemID>, isFocused: Bool, canvas: Canvas,
    theme: Theme = .standard
  ) {
    self.id = id
    self.frame = frame
    self.alpha = element.alpha
    self.lift = element.lift
    self.isLifted = element.isLifted
    self.isFocused = isFocused
    self.depth = element.depth
    self.isExpanded = element.isExpanded
    self.element = element
    self.canvas = canvas
    self.theme = theme
  }
}

/// Everything a header-drawing closure needs for one section header of the render list.
///
/// ```swift
/// list.drawHeader = { header in
///   header.canvas.drawText(header.id, in: header.frame.insetBy(dx: 16, dy: 0), size: 22, bold: true,
///                          color: Color.black.withAlpha(header.alpha), alignment: .left)
/// }
/// ```
public struct HeaderContext<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  /// The section.
  public let id: SectionID
  /// Where to draw the header, in window coordinates.
  public let frame: Rect
  /// Opacity from 0 to 1.
  public let alpha: Double
  /// The opacity of the header's text: `alpha`, times how far its new content has faded in after
  /// `apply(…sectionContentChanged:…)` (`RenderElement.contentChange`).
  ///
  /// ```swift
  /// header.canvas.drawText(titles[header.id]!, in: header.frame, size: 15, color: Color.black.withAlpha(header.contentAlpha))
  /// ```
  public var contentAlpha: Double { alpha * element.contentChange }
  /// The engine's element.
  public let element: RenderElement<SectionID, ItemID>
  /// What to draw with.
  public let canvas: Canvas
  /// The pane's colours.
  public let theme: Theme

  /// A header's context (``CollectionPane`` and ``Canvas/draw(_:origin:theme:focusedItem:item:header:)`` make these).
  public init(
    id: SectionID, frame: Rect, element: RenderElement<SectionID, ItemID>, canvas: Canvas, theme: Theme = .standard
  ) {
    self.id = id
    self.frame = frame
    self.alpha = element.alpha
    self.element = element
    self.canvas = canvas
    self.theme = theme
  }
}
