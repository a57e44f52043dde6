extension BoardDrag {
  /// A drag whose items left their source: what the board needs to take them into another view,
  /// to report the drop and to take it back.
  ///
  /// Its values live in one immutable box: a trip is read out of the drag's phases and carried in
  /// its actions at every crossing, and each such copy of six tables was six retains and releases
  /// through the type's value witnesses (about 5 % of a first step into another view, against
  /// 47676ec); a box is one. A change (``BoardDrag/sourceData(_:)``) makes a new box.
  @usableFromInline struct Trip: Equatable, Sendable {
    /// The trip's values.
    @usableFromInline struct Fields: Equatable, Sendable {
      @usableFromInline var items: [ItemID]
      @usableFromInline var home: [Change<SectionID, ItemID>]
      @usableFromInline var homePositions: [ItemID: OutlinePosition<ItemID>]
      @usableFromInline var children: [ItemID: [ItemID]]
      @usableFromInline var expanded: Set<ItemID>
      @usableFromInline var sizes: [ItemID: Size]
      @usableFromInline var grab: Point
      @usableFromInline var size: Size

      @inlinable init(
        items: [ItemID], home: [Change<SectionID, ItemID>], homePositions: [ItemID: OutlinePosition<ItemID>],
        children: [ItemID: [ItemID]], expanded: Set<ItemID>, sizes: [ItemID: Size], grab: Point, size: Size
      ) {
        self.items = items
        self.home = home
        self.homePositions = homePositions
        self.children = children
        self.expanded = expanded
        self.sizes = sizes
        self.grab = grab
        self.size = size
      }
    }

    /// The box: never changed once made.
    @usableFromInline final class Box: Sendable {
      @usableFromInline let fields: Fields
      @inlinable init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var box: Box

    /// The travelling items, in their source's order.
    @inlinable var items: [ItemID] { box.fields.items }
    /// Where the items stand in the source's data, by identity: the changes that put them back
    /// there on undo of the drop.
    @inlinable var home: [Change<SectionID, ItemID>] { box.fields.home }
    /// Where each item stood in the source, by index (for the UIKit moves of the drop).
    @inlinable var homePositions: [ItemID: OutlinePosition<ItemID>] { box.fields.homePositions }
    /// The groups among the items, with their children, and which of them are open.
    @inlinable var children: [ItemID: [ItemID]] { box.fields.children }
    @inlinable var expanded: Set<ItemID> { box.fields.expanded }
    /// The items' own sizes in the source (a flow grid's cells, a list's rows): they travel with them.
    @inlinable var sizes: [ItemID: Size] { box.fields.sizes }
    /// Where the pointer holds the lead item's cell, from its top-left corner, and its size.
    @inlinable var grab: Point { box.fields.grab }
    @inlinable var size: Size { box.fields.size }

    /// Makes a new box with a change.
    @inlinable mutating func change(_ body: (inout Fields) -> Void) {
      var fields = box.fields
      body(&fields)
      box = Box(fields)
    }

    @inlinable static func == (a: Trip, b: Trip) -> Bool { a.box === b.box || a.box.fields == b.box.fields }

    @inlinable init(
      items: [ItemID], home: [Change<SectionID, ItemID>], homePositions: [ItemID: OutlinePosition<ItemID>],
      children: [ItemID: [ItemID]] = [:], expanded: Set<ItemID> = [], sizes: [ItemID: Size] = [:], grab: Point = .zero,
      size: Size = .zero
    ) {
      box = Box(
        Fields(
          items: items, home: home, homePositions: homePositions, children: children, expanded: expanded, sizes: sizes,
          grab: grab, size: size))
    }

    /// The trip of items the source lends for the first time: where they stand in its data
    /// (`data`, after the source took a live drag's steps back), in order, their groups and the
    /// changes that put them there again, and their sizes. O(k log k) for k items.
    ///
    /// - Parameters:
    ///   - items: the source session's items (the lead first).
    ///   - grab: where the pointer holds the lead item's cell; `size`, the cell's size.
    ///   - sizes: the source's item sizes (only the travelling items' are read).
    @inlinable init(
      lending items: [ItemID], grab: Point, size: Size, in data: Snapshot<SectionID, ItemID>, sizes: [ItemID: Size]
    ) {
      let ordered = items.filter(data.contains).sorted {
        data.orderKey($0).lexicographicallyPrecedes(data.orderKey($1))
      }
      var positions: [ItemID: OutlinePosition<ItemID>] = [:]
      var children: [ItemID: [ItemID]] = [:]
      var expanded: Set<ItemID> = []
      for id in ordered {
        positions[id] = data.position(of: id)
        if data.isGroup(id) {
          children[id] = data.children(of: id)
          if data.isExpanded(id) { expanded.insert(id) }
        }
      }
      var travelling: [ItemID: Size] = [:]
      for id in ordered + children.values.joined() { if let s = sizes[id] { travelling[id] = s } }
      self.init(
        items: ordered, home: Self.home(of: ordered, in: data, children: children, expanded: expanded),
        homePositions: positions, children: children, expanded: expanded, sizes: travelling, grab: grab, size: size)
    }

    /// The changes that put items back where they stand in `data`, by identity.
    @inlinable static func home(
      of items: [ItemID], in data: Snapshot<SectionID, ItemID>, children: [ItemID: [ItemID]], expanded: Set<ItemID>
    ) -> [Change<SectionID, ItemID>] {
      data.placements(of: items, skipping: Set(items)).map { d in
        Change.inserted(d, children: children, expanded: expanded)
      }
    }
  }
}
