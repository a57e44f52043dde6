/// When the crossfades of items and headers whose content changed started, by identity.
@usableFromInline struct ContentFades<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline var items: [ItemID: Double] = [:]
  @usableFromInline var headers: [SectionID: Double] = [:]

  @inlinable init() {}

  @inlinable var isEmpty: Bool { items.isEmpty && headers.isEmpty }

  /// Drops the crossfades finished at `time`.
  @inlinable mutating func removeFinished(at time: Double, duration: Double) {
    if items.values.contains(where: { time >= $0 + duration }) { items = items.filter { time < $0.value + duration } }
    if headers.values.contains(where: { time >= $0 + duration }) {
      headers = headers.filter { time < $0.value + duration }
    }
  }
}

extension CollectionView {
  /// How long an item or header whose content changed takes to show its new content, in seconds
  /// (see ``RenderElement/contentChange``).
  @inlinable public static var contentChangeDuration: Double { 0.2 }

  /// Starts the crossfades of the items and headers `content` names (a crossfade already running
  /// starts again).
  @inlinable mutating func startContentFades(_ content: ContentChanges<SectionID, ItemID>, at time: Double) {
    for id in content.items { motion.contentFades.items[id] = time }
    for id in content.sections { motion.contentFades.headers[id] = time }
  }

  /// How far a crossfade that started at `start` has come at `time`: 0 to 1, eased in and out.
  @inlinable static func contentProgress(from start: Double, at time: Double) -> Double {
    TimingCurve.easeInOut.value(at: (time - start) / contentChangeDuration)
  }

  /// Marks the items and headers among `elements` whose new content is fading in.
  /// - Complexity: O(e) for e elements, nothing when no crossfade runs.
  @inlinable func markContentChanges(in elements: inout [RenderElement<SectionID, ItemID>], at time: Double) {
    guard !motion.contentFades.isEmpty else { return }
    for i in elements.indices {
      let start: Double?
      switch elements[i].kind {
      case .item(let id): start = motion.contentFades.items[id]
      case .header(let id): start = motion.contentFades.headers[id]
      default: start = nil
      }
      if let start { elements[i].contentChange = Self.contentProgress(from: start, at: time) }
    }
  }
}

extension CollectionView {
  /// Redraws items and section headers in place with the content crossfade, with no new data:
  /// for content that follows from the data already shown, such as a header's count after the
  /// person moved an item into its section (``RenderElement/contentChange`` runs from 0 to 1
  /// over ``contentChangeDuration``). Nothing is reported: the data did not change. Identifiers
  /// the data does not hold are passed over; a crossfade already running starts again.
  ///
  /// ```swift
  /// // Aiko was dropped into B: the headers of A and B show their new counts.
  /// view.reconfigure(sections: ["A", "B"], time: now)
  /// view.renderList(at: now + 0.1)   // the two headers: contentChange ≈ 0.5
  /// ```
  /// - Complexity: O(k) for k identifiers.
  @inlinable public mutating func reconfigure(items: [ItemID] = [], sections: [SectionID] = [], time: Double) {
    let content = ContentChanges<SectionID, ItemID>(
      items: Set(items.filter { snapshot.contains($0) }),
      sections: Set(sections.filter { snapshot.sectionIndex(of: $0) != nil }))
    startContentFades(content, at: time)
  }
}
