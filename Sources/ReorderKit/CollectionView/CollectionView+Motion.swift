extension CollectionView {
  /// What moves and when: the scroll position and its animation, items and headers gliding,
  /// ghosts fading out, content crossfades, a drop settling, the time of the latest event, and
  /// the durations and scale they use. One concern of the view's state.
  @usableFromInline struct Motion: Sendable {
    /// Items gliding to their slots, keyed by identity.
    @usableFromInline var animations: [ItemID: ElementAnimation] = [:]
    /// Headers gliding with their sections, or fading in with new ones, keyed by section identity.
    @usableFromInline var headerAnimations: [SectionID: ElementAnimation] = [:]
    /// Deleted items and headers of deleted sections, fading out where they were (content coordinates).
    @usableFromInline var ghosts: [Ghost] = []
    /// Items and section headers whose new content fades in, keyed by identity: when each crossfade
    /// started (see ``RenderElement/contentChange``).
    @usableFromInline var contentFades = ContentFades<SectionID, ItemID>()
    /// A dropped item gliding into its slot.
    @usableFromInline var settle: Settle?
    /// The scroll position: the content point at the view's top-left corner.
    @usableFromInline var offset: Point = .zero
    /// A scroll in progress to a new offset.
    @usableFromInline var scrollAnimation: ElementAnimation?
    /// When the view last scrolled by itself (auto-scroll).
    @usableFromInline var lastScrollTime: Double = -.infinity
    /// The time of the latest event, in seconds.
    @usableFromInline var now: Double = 0
    /// How long items take to flow out of the way, and to settle after a drop, in seconds
    /// (the storage of ``CollectionView/reflowDuration``).
    @usableFromInline var reflowDuration: Double = 0.25
    /// The scale of a lifted cell (the storage of ``CollectionView/liftedScale``).
    @usableFromInline var liftedScale: Double = 1.05

    /// Nothing moving, at offset zero and time zero.
    @inlinable init() {}
  }

  /// A deleted item or a deleted section's header, fading out where it was.
  @usableFromInline struct Ghost: Sendable {
    @usableFromInline var kind: RenderElement<SectionID, ItemID>.Kind
    @usableFromInline var animation: ElementAnimation
    @usableFromInline var depth: Int

    @usableFromInline init(kind: RenderElement<SectionID, ItemID>.Kind, animation: ElementAnimation, depth: Int) {
      self.kind = kind
      self.animation = animation
      self.depth = depth
    }
  }

  /// A dropped item gliding from where it was let go into its slot.
  @usableFromInline struct Settle: Sendable {
    @usableFromInline var item: ItemID
    @usableFromInline var animation: ElementAnimation

    @usableFromInline init(item: ItemID, animation: ElementAnimation) {
      self.item = item
      self.animation = animation
    }
  }
}
