extension CollectionView {
  /// Where things are: the layout's parameters, the view's size, the items' sizes, and the layout
  /// and (for a list) the resting rows built from them. One concern of the view's state.
  @usableFromInline struct LayoutState: Sendable {
    /// The layout and its parameters (the storage of ``CollectionView/layoutConfiguration``).
    @usableFromInline var configuration: LayoutConfiguration
    /// Per-item sizes (the storage of ``CollectionView/itemSizes``).
    @usableFromInline var itemSizes: [ItemID: Size]
    /// The size of the view (the storage of ``CollectionView/viewSize``).
    @usableFromInline var viewSize: Size
    /// The frames of the arrangement shown now.
    @usableFromInline var layout: AnyLayout
    /// A list's rows with nothing dragged (`nil` for a grid); a drag shows its session's arrangement.
    @usableFromInline var listRows: OutlineArrangement<SectionID, ItemID>?

    /// A layout state with an empty grid and no rows, until the view builds them.
    @inlinable init(configuration: LayoutConfiguration, itemSizes: [ItemID: Size], viewSize: Size) {
      self.configuration = configuration
      self.itemSizes = itemSizes
      self.viewSize = viewSize
      self.layout = .grid(GridLayout(.init(width: 0, columns: 1), itemCounts: []))
      self.listRows = nil
    }

    /// Records an item's size. Only a size that differs is written, so that a table of sizes shared
    /// with other views (the app's board of a million cards) is not copied.
    @inlinable mutating func recordSize(_ size: Size, of id: ItemID) {
      if itemSizes[id] != size { itemSizes[id] = size }
    }

    /// Records sizes given with new data or a new layout (see ``recordSize(_:of:)``).
    @inlinable mutating func recordSizes(_ sizes: [ItemID: Size]) {
      for (id, size) in sizes { recordSize(size, of: id) }
    }
  }
}
