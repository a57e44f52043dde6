/// What a front end draws for one frame: the visible elements of a
/// ``CollectionView`` with their frames, opacity, scale and stacking order,
/// in view coordinates (the content offset already subtracted).
///
/// A front end draws ``elements`` in order (they are sorted back to front)
/// and needs to know nothing else about the engine.
///
/// ```swift
/// let frame = view.renderList(at: now)
/// for element in frame.elements {
///   switch element.kind {
///   case .item(let id): drawCell(id, in: element.frame.scaled(by: element.scale), alpha: element.alpha)
///   case .header(let id): drawHeader(id, in: element.frame)
///   default: break
///   }
/// }
/// ```
public struct RenderList<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// The scroll position: the content point drawn at the view's top-left corner.
  public var contentOffset: Point
  /// The size of the view.
  public var viewSize: Size
  /// The size of the whole content.
  public var contentSize: Size
  /// The elements to draw, back to front.
  public var elements: [RenderElement<SectionID, ItemID>]
  /// Whether anything is still moving (an animation runs or a drag is live):
  /// a front end may sleep until the next input event when this is false.
  public var isAnimating: Bool

  /// Creates a render list.
  @inlinable public init(
    contentOffset: Point, viewSize: Size, contentSize: Size,
    elements: [RenderElement<SectionID, ItemID>], isAnimating: Bool
  ) {
    self.contentOffset = contentOffset
    self.viewSize = viewSize
    self.contentSize = contentSize
    self.elements = elements
    self.isAnimating = isAnimating
  }
}

/// One element of a ``RenderList``.
public struct RenderElement<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// What the element shows.
  public enum Kind: Hashable, Sendable {
    /// A cell showing an item.
    case item(ItemID)
    /// A section header.
    case header(SectionID)
    /// The gap where the lifted item (or the items of a drag session) will land.
    case gap
    /// A group that a drop would go into (insert-into), drawn highlighted behind its row.
    case dropHighlight(ItemID)
    /// A marker that the current drop target is forbidden, drawn at the pointer.
    case forbidden
    /// The keyboard focus: a ring around the focused (or lifted) cell, drawn on top of everything.
    case focusRing
  }

  /// What the element shows.
  public var kind: Kind
  /// The frame in view coordinates, before scaling.
  public var frame: Rect
  /// Opacity from 0 to 1.
  public var alpha: Double
  /// Scale about the frame's centre (1.05 for a lifted cell).
  public var scale: Double
  /// Whether this is the lifted cell that follows the pointer (drawn with a shadow, above everything).
  public var isLifted: Bool
  /// Outline depth for list rows (0 top level, 1 child of a group); draw the content indented by depth × indent.
  public var depth: Int
  /// For groups: whether its children are shown. `nil` for plain items and other kinds.
  public var isExpanded: Bool?
  /// A count to draw as a badge (the number of items in a drag session), or 0 for none.
  public var badgeCount: Int
  /// How far a lifted cell has lifted, 0 (at rest) to 1 (fully lifted): its shadow's strength. It
  /// rises as the cell lifts and falls as it settles.
  public var lift: Double
  /// For an item or header whose content changed (see ``ContentChanges``): how far its new content
  /// has faded in, from 0 at the time of the change to 1 (settled) after
  /// ``CollectionView/contentChangeDuration``; 1 for everything else. Draw the background as
  /// always and the content over it at this opacity: the cell stays in place, at full size, while
  /// its new content appears (no reload flash). The lifted cell too, mid-drag.
  ///
  /// ```swift
  /// drawBackground(element)
  /// drawContent(element, alpha: element.alpha * element.contentChange)
  /// ```
  public var contentChange: Double

  /// Creates an element.
  @inlinable public init(
    kind: Kind, frame: Rect, alpha: Double = 1, scale: Double = 1, isLifted: Bool = false,
    depth: Int = 0, isExpanded: Bool? = nil, badgeCount: Int = 0, lift: Double = 0, contentChange: Double = 1
  ) {
    self.kind = kind
    self.frame = frame
    self.alpha = alpha
    self.scale = scale
    self.isLifted = isLifted
    self.depth = depth
    self.isExpanded = isExpanded
    self.badgeCount = badgeCount
    self.lift = lift
    self.contentChange = contentChange
  }
}
