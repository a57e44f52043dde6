/// New data on a board: any view's data may change at any time, also mid-drag, as in version 2.
/// The app's data knows nothing of a drag in progress: it still has the dragged items where they
/// stood, and so does the source view until the drop (it lends them to the view under the pointer).
/// So while the items are away from their source, new data for the source keeps them where it puts
/// them (also in another of its sections), and the holder keeps them at their gap. Items the
/// source's new data deletes leave the drag; if the lifted one goes, the drag ends as a cancel. If
/// the view that holds the gap is removed, the gap goes back to the source, where the items stand;
/// if the source is removed, the drag ends as a cancel.
extension Board {
  /// New data for one view (a sync, a notification), animated; also mid-drag.
  ///
  /// `contentChanged` and `sectionContentChanged` say which surviving cards and sections changed
  /// content (a card renamed by another client, a section whose count a column's badge shows), as
  /// ``CollectionView/apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)``
  /// takes them: their cells redraw in place with the content crossfade, also a dragged card in
  /// the view it visits, and ``headerContentChange(of:at:)`` tells the column's header.
  ///
  /// ```swift
  /// board.apply(serverSnapshot, toView: "doing", time: now)   // the drag in progress goes on
  /// board.apply(
  ///   renamed, toView: "doing", contentChanged: { $0 == "card-7" }, sectionContentChanged: { _ in true },
  ///   time: now)   // card-7's title and Doing's badge crossfade
  /// ```
  /// - Throws: ``ChangeError`` as ``CollectionView/apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)``
  ///   does (a flow grid's item without a size); the board is then unchanged.
  @inlinable public mutating func apply(
    _ data: Snapshot<SectionID, ItemID>, toView id: ViewID, itemSizes: [ItemID: Size] = [:],
    contentChanged: (ItemID) -> Bool = { _ in false }, sectionContentChanged: (SectionID) -> Bool = { _ in false },
    time: Double
  ) throws(ChangeError) {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    guard let i = index(of: id) else { return }
    // The view's own door, told what changed content.
    func applyHere(_ data: Snapshot<SectionID, ItemID>) throws(ChangeError) {
      try applyData(
        data, to: i, itemSizes: itemSizes, contentChanged: contentChanged,
        sectionContentChanged: sectionContentChanged, time: time)
    }
    guard case .dragging(var drag) = interaction else {
      _ = try? applyHere(data)
      return
    }
    switch drag.newData(for: id) {
    case .apply:
      _ = try? applyHere(data)
    case .source:
      switch drag.sourceData(data) {
      case .cancel(let leave):
        perform(leave, of: &drag, time: time)
        interaction = .idle
        autoScroll.stop()
        // The source's session, which kept the items, ends: the new data stands.
        if withView(i, { $0.isDragging }) { _columns[i]._view.abandonDragSilently(time: time) }
        _ = try? applyHere(data)
        let name = _columns[i]._view.announcer.itemName(drag.lead)
        pendingEvents += [
          .view(id, .announcement(_columns[i]._view.announcer.removed(name))), .view(id, .cancelled(drag.lead)),
        ]
      case .keep(let gone, let visited):
        // Items the new data deleted leave the drag (and the view they visit; the source's own
        // session lets them go as version 2 does).
        if let h = visited.flatMap(index(of:)) { _columns[h]._view.removeFromDrag(gone, time: time) }
        // Where the items stand in the new data is where they go back on a cancel, and where undo
        // puts them (the drag noted it).
        interaction = .dragging(drag)
        // The source kept the items: its session (away, or holding the gap) goes on over the new
        // data by version 2's rules, the items where the new data has them.
        _ = try? applyHere(data)
        // Dragged cards whose content changed redraw where they are: in the view they visit.
        if let h = drag.holder, h != id, let hi = index(of: h) {
          let changed = drag.items.filter(contentChanged)
          if !changed.isEmpty { _columns[hi]._view.reconfigure(items: changed, time: time) }
        }
        // A live drag back in its source keeps its card at the gap: that is the board's to report,
        // once, at the drop (the new data itself is reported as a replacement).
        _columns[i]._view.pendingEvents.removeAll { $0.isDataChange }
        if !_columns[i]._view.isDragging {
          // The view ended its session (the items' section is gone): the drag ends as a cancel.
          leave(&drag, time: time)
          interaction = .idle
          autoScroll.stop()
        }
      }
    case .holder(let trip):
      guard data.numberOfSections > 0 else {
        // The view that holds the gap has nothing to hold it: the gap goes back to the source.
        _ = try? applyHere(data)
        returnToSource(time: time)
        return
      }
      // The app's data does not have the items here: the view keeps them where they stand.
      var data = data
      _ = try? data.apply(.deleted(trip.items.filter(data.contains)))
      data.insertFitted(
        _columns[i]._view.placements(of: trip.items), children: trip.children, expanded: trip.expanded)
      _ = try? applyHere(data)
    }
  }

  /// The view's own new-data door.
  @inlinable mutating func applyData(
    _ data: Snapshot<SectionID, ItemID>, to i: Int, itemSizes: [ItemID: Size],
    contentChanged: (ItemID) -> Bool = { _ in false }, sectionContentChanged: (SectionID) -> Bool = { _ in false },
    time: Double
  ) throws(ChangeError) {
    _ = try _columns[i]._view.apply(
      data, itemSizes: itemSizes, contentChanged: contentChanged, sectionContentChanged: sectionContentChanged,
      time: time)
  }

  /// How far a view's header has come in showing new content: 0 to 1, as
  /// ``RenderElement/contentChange`` (1 when nothing is fading in). A column's header shows its
  /// sections' content (a title, a badge counting the cards): it fades in while any of the view's
  /// sections does, after ``apply(_:toView:itemSizes:contentChanged:sectionContentChanged:time:)``
  /// named it or ``CollectionView/reconfigure(items:sections:time:)`` did.
  ///
  /// ```swift
  /// let a = board.headerContentChange(of: "doing", at: now)
  /// canvas.drawText(badge, in: badgeFrame, size: 13, color: theme.secondaryText.withAlpha(a))
  /// ```
  /// - Complexity: O(s) for s sections fading in.
  @inlinable public func headerContentChange(of id: ViewID, at time: Double) -> Double {
    guard let i = index(of: id) else { return 1 }
    let starts = _columns[i]._view.motion.contentFades.headers.values
    return starts.map { CollectionView<SectionID, ItemID>.contentProgress(from: $0, at: time) }.min() ?? 1
  }

  /// Removes a view from the board. A drag whose gap it held goes back to the source; a drag from
  /// it ends as a cancel.
  @inlinable public mutating func removeColumn(_ id: ViewID, time: Double) {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    guard let i = index(of: id) else { return }
    if case .dragging(var drag) = interaction {
      switch drag.viewRemoved(id) {
      case .none:
        break
      case .cancel(let leave):
        perform(leave, of: &drag, time: time)
        interaction = .idle
        autoScroll.stop()
        pendingEvents.append(.view(id, .cancelled(drag.lead)))
      case .returnToSource:
        _columns.remove(at: i)
        interaction = .dragging(drag)
        returnToSource(time: time)
        return
      }
    }
    if case .movingColumn = interaction { interaction = .idle }
    _columns.remove(at: i)
    history = History()
  }

  /// Adds a view at the end of the board (or at an index).
  /// - Throws: ``BoardError`` when its identifier or one of its items is already on the board, or
  ///   its frame is not finite.
  @inlinable public mutating func addColumn(_ column: Column, at index: Int? = nil) throws(BoardError) {
    // The new column checked on its own, then against the board's items (mid-drag a card is in its
    // source's data and in the view it visits: the board is not checked again).
    _ = try Board(columns: [column])
    guard self.index(of: column.id) == nil else { throw .duplicateView("\(column.id)") }
    let incoming = Set(column._view.snapshot.allItems)
    if !incoming.isEmpty {
      for other in _columns {
        if let id = other._view.snapshot.allItems.first(where: incoming.contains) {
          throw .itemInTwoViews(item: "\(id)", "\(other.id)", "\(column.id)")
        }
      }
    }
    _columns.insert(column, at: min(max(index ?? _columns.count, 0), _columns.count))
  }

  /// The gap goes back to the source: the items stand where they stood, lifted there.
  @inlinable mutating func returnToSource(time: Double) {
    guard case .dragging(var drag) = interaction, let s = index(of: drag.source) else { return }
    leave(&drag, time: time)
    interaction = .dragging(drag)
    // The source kept the items: its gap opens where they stand.
    guard let position = _columns[s]._view.drag?.start else { return }
    _ = enter(s, keyboardPosition: position, time: time)
  }
}

extension CollectionView {
  /// Where items stand now, by identity (each before the next item that is not among them).
  @inlinable func placements(of items: [ItemID]) -> [ReorderDifference<SectionID, ItemID>] {
    snapshot.placements(of: items.filter(snapshot.contains), skipping: Set(items))
  }

  /// Takes items out of the drag in progress, and out of the data (new data deleted them).
  @inlinable mutating func removeFromDrag(_ items: [ItemID], time: Double) {
    let gone = Set(items)
    modifySession { $0.items.removeAll(where: gone.contains) }
    let place = placeholderPlace()
    takeOut(items, time: time)
    if let place { keepDrag(at: place) }
  }
}

extension Snapshot {
  /// Inserts a board drag's items at their places by identity: before the same next item, or at
  /// the end of the same section, or of the first section.
  @inlinable mutating func insertFitted(
    _ places: [ReorderDifference<SectionID, ItemID>], children: [ItemID: [ItemID]], expanded: Set<ItemID>
  ) {
    for place in places {
      for candidate in place.withFallbacks(firstSection: sections.first?.id) {
        let items = candidate.items.filter { !contains($0) }
        guard !items.isEmpty else { break }
        var c = candidate
        c.items = items
        if (try? apply(.inserted(c, children: children, expanded: expanded))) != nil { break }
      }
    }
  }
}
