/// Which layout a ``CollectionView`` uses, with its parameters.
///
/// ```swift
/// let grid = LayoutConfiguration.grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20))
/// let list = LayoutConfiguration.list(.init(width: 320, rowHeight: 44, headerHeight: 28))
/// ```
public enum LayoutConfiguration: Hashable, Sendable {
  /// A ``GridLayout``.
  case grid(GridLayout.Configuration)
  /// A ``ListLayout`` of outline rows.
  case list(ListLayout.Configuration)

  /// The view width the layout is built for.
  public var width: Double {
    switch self {
    case .grid(let c): c.width
    case .list(let c): c.width
    }
  }

  /// The same layout for another view size (a window resize).
  public func resized(to size: Size) -> LayoutConfiguration {
    switch self {
    case .grid(var c):
      c.width = size.width
      c.height = size.height
      return .grid(c)
    case .list(var c):
      c.width = size.width
      c.height = size.height
      return .list(c)
    }
  }
}

/// A grid or a list, dispatched without existential overhead.
@usableFromInline enum AnyLayout: CollectionLayout {
  case grid(GridLayout)
  case list(ListLayout)

  @usableFromInline var contentSize: Size {
    switch self {
    case .grid(let l): l.contentSize
    case .list(let l): l.contentSize
    }
  }
  @usableFromInline var numberOfSections: Int {
    switch self {
    case .grid(let l): l.numberOfSections
    case .list(let l): l.numberOfSections
    }
  }
  @usableFromInline func numberOfItems(inSection section: Int) -> Int {
    switch self {
    case .grid(let l): l.numberOfItems(inSection: section)
    case .list(let l): l.numberOfItems(inSection: section)
    }
  }
  @usableFromInline func frame(ofItem path: ItemPath) -> Rect {
    switch self {
    case .grid(let l): l.frame(ofItem: path)
    case .list(let l): l.frame(ofItem: path)
    }
  }
  @usableFromInline func frame(ofHeader section: Int) -> Rect? {
    switch self {
    case .grid(let l): l.frame(ofHeader: section)
    case .list(let l): l.frame(ofHeader: section)
    }
  }
  @usableFromInline func frame(ofSection section: Int) -> Rect {
    switch self {
    case .grid(let l): l.frame(ofSection: section)
    case .list(let l): l.frame(ofSection: section)
    }
  }
  @usableFromInline func items(in rect: Rect) -> [ItemPath] {
    switch self {
    case .grid(let l): l.items(in: rect)
    case .list(let l): l.items(in: rect)
    }
  }
  @usableFromInline func itemPath(at point: Point) -> ItemPath? {
    switch self {
    case .grid(let l): l.itemPath(at: point)
    case .list(let l): l.itemPath(at: point)
    }
  }
  @usableFromInline func section(at point: Point) -> Int? {
    switch self {
    case .grid(let l): l.section(at: point)
    case .list(let l): l.section(at: point)
    }
  }
  @usableFromInline func isAfterLastItem(_ point: Point, inSection section: Int) -> Bool {
    switch self {
    case .grid(let l): l.isAfterLastItem(point, inSection: section)
    case .list(let l): l.isAfterLastItem(point, inSection: section)
    }
  }
}
