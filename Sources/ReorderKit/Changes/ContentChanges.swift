/// The items and sections that kept their identifier and changed content in new data ("same
/// identity, new content"): what ``Change/replaced(old:new:content:)`` names, and what a front end
/// redraws in place with a short crossfade (see ``RenderElement/contentChange``).
///
/// ```swift
/// // Aiko was renamed, and the header of "A" now counts one more student.
/// try view.apply(newData, contentChanged: { $0 == "aiko" }, sectionContentChanged: { $0 == "A" }, time: now)
/// for case .changed(.replaced(_, _, let content)) in view.tick(time: now) {
///   content.items      // ["aiko"]
///   content.sections   // ["A"]
/// }
/// ```
public struct ContentChanges<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// Items present before and after whose content changed.
  public var items: Set<ItemID>
  /// Sections present before and after whose content (a header's title, a count) changed.
  public var sections: Set<SectionID>

  /// Creates a set of content changes; the default changes nothing.
  @inlinable public init(items: Set<ItemID> = [], sections: Set<SectionID> = []) {
    self.items = items
    self.sections = sections
  }

  /// Whether nothing changed content.
  @inlinable public var isEmpty: Bool { items.isEmpty && sections.isEmpty }
}

extension ContentChanges {
  /// The items and sections of `new` that `old` also holds and that the closures say changed
  /// content: each surviving item (children of groups too) and section is asked once.
  /// - Complexity: O(n + s) for n items and s sections of `new`, plus the closures' calls.
  @inlinable init(
    from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>,
    contentChanged: (ItemID) -> Bool, sectionContentChanged: (SectionID) -> Bool
  ) {
    self.init()
    for section in new.sections {
      if old.sectionIndex(of: section.id) != nil, sectionContentChanged(section.id) { sections.insert(section.id) }
      for id in section.items {
        if old.contains(id), contentChanged(id) { items.insert(id) }
        for child in new.children(of: id) where old.contains(child) && contentChanged(child) { items.insert(child) }
      }
    }
  }
}
