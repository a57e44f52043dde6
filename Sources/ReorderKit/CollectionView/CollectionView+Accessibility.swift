extension CollectionView {
  /// The keyboard and the screen reader: the item with the focus, the words to speak, and what
  /// the view has yet to say. One concern of the view's state.
  @usableFromInline struct Accessibility: Sendable {
    /// The item with the keyboard focus.
    @usableFromInline var focus: ItemID?
    /// The words a screen reader speaks (the storage of ``CollectionView/announcer``).
    @usableFromInline var announcer = Announcer<SectionID, ItemID>()
    /// What the view has yet to say, and what it said last (see ``Speech``).
    @usableFromInline var speech = Speech()

    /// No focus, the default words, nothing to say.
    @inlinable init() {}
  }
}
