/// Why ``CollectionView/performBatchUpdates(_:resultingIn:itemSizes:time:)`` refused a batch:
/// every rule of UIKit's batch updates it breaks against the data before and after, or a new item
/// with no size in a grid without columns.
///
/// ```swift
/// do {
///   try view.performBatchUpdates(batch, resultingIn: newSnapshot, time: now)
/// } catch {
///   print(error)   // "the batch breaks UIKit's rules: section 0 has 2 items after the batch; expected 3 = …"
/// }
/// ```
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case violations([BatchUpdateViolation])
    case change(ChangeError)
  }
  private let kind: Kind

  @usableFromInline init(violations: [BatchUpdateViolation]) { kind = .violations(violations) }
  @usableFromInline init(_ error: ChangeError) { kind = .change(error) }

  /// The rules the batch breaks (none when the batch is refused for a missing size).
  public var violations: [BatchUpdateViolation] {
    switch kind {
    case .violations(let v): v
    case .change: []
    }
  }

  public var description: String {
    switch kind {
    case .violations(let v): "the batch breaks UIKit's rules: " + v.map { $0.description }.joined(separator: "; ")
    case .change(let error): error.description
    }
  }
}

extension CollectionView {
  /// The duration of the animation of ``apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)`` and
  /// ``performBatchUpdates(_:resultingIn:itemSizes:time:)``, in seconds (ease in-out, like UIKit).
  @inlinable public static var batchUpdateDuration: Double { 0.3 }

  /// Applies a batch like UIKit's `performBatchUpdates`: checks it against the
  /// item counts now and in `snapshot` (the data after the batch), then shows
  /// `snapshot`, animating visible items from where they are shown now to
  /// their new frames, keyed by identity.
  ///
  /// ```swift
  /// // S0: a b c  →  S0: b c a x
  /// var after = view.snapshot
  /// after.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))
  /// try after.appendItem("x", toSection: "S0")
  /// try view.performBatchUpdates(
  ///   BatchUpdate(insertItems: [ItemPath(item: 3, section: 0)],
  ///               moveItems: [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))]),
  ///   resultingIn: after, time: now)
  /// ```
  ///
  /// - Parameters:
  ///   - updates: the batch, by index, as UIKit takes it.
  ///   - snapshot: the data after the batch.
  ///   - itemSizes: sizes of new items, for a grid without columns (every new item needs one).
  ///   - time: now, in seconds: the animation starts here.
  /// - Throws: ``BatchUpdateError`` with every violation, or for a new item with no size in a grid
  ///   without columns; the view is unchanged.
  ///
  /// The change is reported as ``CollectionViewEvent/changed(_:)`` (``Change/replaced(old:new:content:)``)
  /// with the next call's events, like every other change. During a drag, the dragged items keep
  /// their place as ``apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)`` says.
  @inlinable public mutating func performBatchUpdates(
    _ updates: BatchUpdate, resultingIn snapshot: Snapshot<SectionID, ItemID>, itemSizes: [ItemID: Size] = [:],
    time: Double
  ) throws(BatchUpdateError) {
    let before = self.snapshot.sections.map { $0.items.count }
    let after = snapshot.sections.map { $0.items.count }
    let violations = updates.violations(countsBefore: before, countsAfter: after)
    guard violations.isEmpty else { throw BatchUpdateError(violations: violations) }
    do {
      try checkSizes(of: snapshot, given: itemSizes)
    } catch {
      throw BatchUpdateError(error)
    }
    replaceData(with: snapshot, itemSizes: itemSizes, animated: true, time: time)
  }

  /// Shows new data like a diffable data source's `apply`: diffs the current
  /// snapshot against `snapshot` (top-level items), and animates the change in
  /// one transition: moved items glide from their frames now (mid-flight if an
  /// earlier change is still animating) to their new ones, headers travel with
  /// their sections, and sections appear and disappear in the same animation.
  /// Returns the staged changeset, whose stages a UIKit collection view could
  /// apply one `performBatchUpdates` each.
  ///
  /// ```swift
  /// // Re-sort students by birthday: new sections appear, old ones go, tiles glide between them.
  /// let stages = view.apply(byBirthday, time: now)
  /// stages.stages.count   // 3 when items move from deleted sections into inserted ones
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: the new data.
  ///   - animatingDifferences: whether items glide, fade and grow into place (`false` jumps).
  ///   - itemSizes: sizes of new items, for a grid without fixed columns: every item the view has
  ///     no size for needs one.
  ///   - contentChanged: whether an item present before and after changed content (a new title, a
  ///     new colour): such an item keeps its cell, wherever it moves, and its new content fades in
  ///     over ``contentChangeDuration`` (``RenderElement/contentChange``). Asked once per surviving
  ///     item; by default nothing changed content.
  ///   - sectionContentChanged: the same for a section present before and after (its header's
  ///     title or count): its header redraws in place with the same crossfade.
  ///   - time: now, in seconds: the animation starts here.
  /// - Throws: ``ChangeError`` when a grid without columns gets an item with no size, known or
  ///   given; the view is unchanged. Other layouts never throw.
  ///
  /// The change is reported as ``CollectionViewEvent/changed(_:)`` (``Change/replaced(old:new:content:)``,
  /// whose ``ContentChanges`` names the items and sections that changed content) with the next
  /// call's events, like every other change, so an app saves through one path. When something
  /// changed content, the returned changeset is the content-aware one
  /// (``StagedChangeset/init(from:to:duplicates:itemUpdates:contentChanged:sectionContentChanged:)``
  /// with ``ItemUpdateStyle/reconfigure``: the cells stay and are configured again).
  ///
  /// ```swift
  /// // Aiko is renamed and moves; the header of "A" counts one more student.
  /// let stages = try view.apply(
  ///   renamed, contentChanged: { $0 == "aiko" }, sectionContentChanged: { $0 == "A" }, time: now)
  /// stages.stages.last!.reconfigureItems   // Aiko's path, after the moves
  /// view.renderList(at: now + 0.1)          // Aiko's cell and A's header: contentChange ≈ 0.5
  /// ```
  ///
  /// New data may come at any time, also during a drag (a sync, a notification). Everything not
  /// being dragged takes its new place with the usual transition; the dragged items keep the place
  /// the user gave them: before the same next item, or at the end of the same section or group if
  /// that item is gone. Dragged items that the new data deletes leave the drag; if the lifted item
  /// or its section is deleted, the drag ends as a cancel (``CollectionViewEvent/cancelled(_:)``
  /// comes with the next call's events) and the new data stands.
  @discardableResult
  @inlinable public mutating func apply(
    _ snapshot: Snapshot<SectionID, ItemID>, animatingDifferences: Bool = true, itemSizes: [ItemID: Size] = [:],
    contentChanged: (ItemID) -> Bool = { _ in false }, sectionContentChanged: (SectionID) -> Bool = { _ in false },
    time: Double
  ) throws(ChangeError) -> StagedChangeset<SectionID, ItemID> {
    try checkSizes(of: snapshot, given: itemSizes)
    let content = ContentChanges(
      from: self.snapshot, to: snapshot, contentChanged: contentChanged, sectionContentChanged: sectionContentChanged)
    let staged: StagedChangeset<SectionID, ItemID>
    if content.isEmpty {
      staged = StagedChangeset(from: self.snapshot, to: snapshot)
    } else {
      do {
        staged = try StagedChangeset(
          from: self.snapshot.sections, to: snapshot.sections, itemUpdates: .reconfigure,
          contentChanged: content.items.contains, sectionContentChanged: content.sections.contains)
      } catch {
        preconditionFailure("a snapshot holds unique identifiers: \(error)")
      }
    }
    replaceData(
      with: snapshot, itemSizes: itemSizes, content: content, animated: animatingDifferences, time: time)
    return staged
  }

  /// New data through `apply` or `performBatchUpdates`: the sizes are kept, the data shown, and
  /// the change reported as `.changed(.replaced(…))` with the next call's events (before what the
  /// new data does to a drag: a cancel, a live drag's move), unless nothing changed.
  ///
  /// Items and sections that changed content (`content`) redraw in place with a crossfade when
  /// animated; the report names them, and comes even if nothing else changed.
  @inlinable mutating func replaceData(
    with data: Snapshot<SectionID, ItemID>, itemSizes: [ItemID: Size],
    content: ContentChanges<SectionID, ItemID> = .init(),
    animated: Bool, time: Double
  ) {
    geometry.recordSizes(itemSizes)
    let old = snapshot
    let mark = pendingEvents.count
    show(data, animated: animated, time: time)
    if animated { startContentFades(content, at: time) }
    if old != data || !content.isEmpty {
      pendingEvents.insert(.changed(.replaced(old: old, new: data, content: content)), at: mark)
    }
  }

  /// Replaces the snapshot and rebuilds the layout, animating the visible items.
  @inlinable mutating func show(_ newSnapshot: Snapshot<SectionID, ItemID>, animated: Bool, time: Double) {
    // New data during a drag: the dragged items keep their place, by identity, or the drag ends.
    var place: ReorderDifference<SectionID, ItemID>?
    if let drag {
      // Items away (held elsewhere) keep the place the new data gives them here.
      place =
        drag.isAway
        ? newSnapshot.position(of: drag.item, skipping: Set(drag.items)).map {
          newSnapshot.difference(placing: drag.items.filter(newSnapshot.contains), at: $0)
        } : placeholderPlace()
      if !newSnapshot.contains(drag.item) || place.map({ newSnapshot.sectionIndex(of: $0.section) == nil }) ?? true {
        abandonDrag()
        place = nil
      }
    }
    let change = { (view: inout Self) in
      view._snapshot = newSnapshot
      view.motion.settle = nil
      view.rebuildArrangement()
      if let place { view.keepDrag(at: place) }
      view.rebuildLayout()
    }
    guard animated else {
      change(&self)
      motion.animations = [:]
      clampOffset()
      return
    }
    let duration = motion.reflowDuration
    motion.reflowDuration = Self.batchUpdateDuration
    let oldSnapshot = snapshot
    // What leaves fades out where it is shown now: items and the headers of deleted sections.
    let scan = visibleRect
    for (id, frame) in visibleItems() where !newSnapshot.contains(id) {
      let shown = motion.animations[id]?.frame(at: time) ?? frame
      guard shown.intersects(scan) else { continue }
      motion.ghosts.append(
        Ghost(
          kind: .item(id),
          animation: ElementAnimation(
            from: shown, to: shown, fromAlpha: 1, toAlpha: 0, fromScale: 1, toScale: 0.8, start: time,
            duration: Self.batchUpdateDuration),
          depth: oldSnapshot.parent(of: id) == nil ? 0 : 1))
      motion.animations[id] = nil
    }
    for s in headerSections(in: scan) where newSnapshot.sectionIndex(of: oldSnapshot.sections[s].id) == nil {
      let id = oldSnapshot.sections[s].id
      guard let frame = motion.headerAnimations[id]?.frame(at: time) ?? geometry.layout.frame(ofHeader: s) else {
        continue
      }
      motion.ghosts.append(
        Ghost(
          kind: .header(id),
          animation: ElementAnimation(
            from: frame, to: frame, fromAlpha: 1, toAlpha: 0, start: time, duration: Self.batchUpdateDuration),
          depth: 0))
      motion.headerAnimations[id] = nil
    }
    relayout(at: time, change)
    motion.reflowDuration = duration
    // Headers of new sections fade in where they land.
    for s in headerSections(in: visibleRect) where oldSnapshot.sectionIndex(of: snapshot.sections[s].id) == nil {
      guard let frame = geometry.layout.frame(ofHeader: s) else { continue }
      motion.headerAnimations[snapshot.sections[s].id] = ElementAnimation(
        from: frame, to: frame, fromAlpha: 0, toAlpha: 1, start: time, duration: Self.batchUpdateDuration)
    }
    // Items that arrive fade and grow in where they land.
    for (id, frame) in visibleItems() where !oldSnapshot.contains(id) {
      motion.animations[id] = ElementAnimation(
        from: frame, to: frame, fromAlpha: 0, toAlpha: 1, fromScale: 0.8, toScale: 1, start: time,
        duration: Self.batchUpdateDuration)
    }
    clampOffset()
  }
}

/// New data during a drag.
extension CollectionView {
  /// Where the dragged items would land now, by identity: the placeholder's section, group and next item.
  @inlinable func placeholderPlace() -> ReorderDifference<SectionID, ItemID>? {
    guard let drag else { return nil }
    return snapshot.difference(placing: drag.items, at: drag.placeholder)
  }

  /// Ends a drag whose lifted item (or its section) new data deleted: a cancel that moves nothing back.
  @inlinable mutating func abandonDrag() {
    guard isDragging else { return }
    _ = end(.removed, time: motion.now, animated: false)
  }

  /// Rebuilds the drag's arrangement over new data with the placeholder at a place, fitted to the
  /// data: a gap inside a group that is no longer a group shown open in that section (or that
  /// would now take a group) goes right after the group at the top level; a gap whose next item
  /// left its container goes to the container's end. Dragged items the data no longer holds leave
  /// the session, and the lift place (the policy's `original`) is fitted the same way. A live drag
  /// moves its item there, as it always stands at the placeholder. The session never keeps an
  /// arrangement of the old data.
  @inlinable mutating func keepDrag(at place: ReorderDifference<SectionID, ItemID>) {
    guard let drag, let s = snapshot.sectionIndex(of: place.section) else {
      abandonDrag()
      return
    }
    let items = drag.items.filter(snapshot.contains)
    let travelling = Set(items)
    let hasGroup = items.contains(where: snapshot.isGroup)
    guard let position = fit(place, inSection: s, travelling: travelling, hasGroup: hasGroup) else { return }
    // Away, the items stand where the new data has them: that is where a way back starts.
    let start =
      drag.isAway
      ? position
      : fit(
        drag.lift, inSection: snapshot.sectionIndex(of: drag.lift.section), travelling: [drag.item],
        hasGroup: snapshot.isGroup(drag.item)) ?? position
    // Items away (held elsewhere) stay where the new data has them (nothing is shown).
    if drag.rules.commitsSteps, !drag.isAway {
      var events = pendingEvents
      commitDerived(.moved(snapshot.difference(placing: items, at: position)), into: &events)
      pendingEvents = events
    }
    let data = snapshot
    let live = drag.rules.commitsSteps
    modifySession { session in
      session.items = items
      session.hasGroup = hasGroup
      session.start = start
      if live { session.newDataArrived = true }
      session.arrange(data, placeholder: position)
      session.drop.invalidate()
      // Items away (held elsewhere) stay away (here, where the new data has them).
      if session.isAway { session.goAway() }
    }
    if drag.rules.proposesDrops, !drag.isAway {
      let home = target(for: .insertAt(position))
      modifySession { $0.drop.shown = home }
    }
  }

  /// Where a place by identity stands in the data now, counted without the travelling items (see
  /// `keepDrag(at:)`); `nil` for a section that is gone.
  @inlinable func fit(
    _ place: ReorderDifference<SectionID, ItemID>, inSection s: Int?, travelling: Set<ItemID>, hasGroup: Bool
  ) -> OutlinePosition<ItemID>? {
    guard let s else { return nil }
    var fitted = place
    if let parent = fitted.parent {
      let open = snapshot.isGroup(parent) && snapshot.isExpanded(parent) && !travelling.contains(parent)
      if !open || hasGroup || snapshot.path(of: parent)?.section != s {
        // After the group, at the top level (the section's end if the group left it).
        fitted.parent = nil
        fitted.before = snapshot.path(of: parent).flatMap { p in
          p.section == s ? snapshot.items(inSection: s)[(p.item + 1)...].first { !travelling.contains($0) } : nil
        }
      }
    }
    if let before = fitted.before,
      travelling.contains(before)
        || snapshot.position(of: before).map({ $0.section != s || $0.parent != fitted.parent }) ?? true
    {
      fitted.before = nil
    }
    if let position = try? snapshot.position(for: fitted, skipping: travelling) { return position }
    let count = snapshot.items(inSection: s).lazy.filter { !travelling.contains($0) }.count
    return OutlinePosition(section: s, parent: nil, index: count)
  }
}
