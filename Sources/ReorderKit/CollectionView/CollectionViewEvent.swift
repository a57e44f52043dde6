/// Something a ``CollectionView`` reports back to its owner after an event.
public enum CollectionViewEvent<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// A long press (or a mouse moved 4 pt with the button down) lifted the item: a drag began.
  case lifted(ItemID)
  /// A long press (or a mouse's move) on an item that the policy does not let move: nothing lifts.
  case denied(ItemID)
  /// A press released before the long-press duration without moving: a tap on the item.
  case tapped(ItemID)
  /// A UIKit move was made in the snapshot (destination counted after removal), by index. The
  /// same change comes by identity as ``changed(_:)``; prefer that one for your own model.
  case moved(ItemID, from: OutlinePosition<ItemID>, to: OutlinePosition<ItemID>)
  /// A change to the data, by identity: every one, from gestures, undo, redo and
  /// ``CollectionView/perform(_:itemSizes:time:)``, new data from ``CollectionView/apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)``
  /// and ``CollectionView/performBatchUpdates(_:resultingIn:itemSizes:time:)``, and the placeholder's
  /// moves during a drag. Save from here.
  case changed(Change<SectionID, ItemID>)
  /// Text for a screen reader (an on-screen live region): a lift, a placeholder move, a drop, a
  /// cancel, a refusal, a focus change. See ``CollectionView/announcer``.
  case announcement(String)
  /// A gesture (a drop, a whole live-mode drag, a copy), an undo or a redo committed: where the
  /// items now stand, by identity. One per gesture, after its ``changed(_:)`` events.
  case committed(ReorderDifference<SectionID, ItemID>)
  /// The drag ended and the item settles into its slot.
  case dropped(ItemID)
  /// The drag was cancelled: the item returns to where it was.
  case cancelled(ItemID)
  /// A drop could not be committed, and why: a copying drop whose policy has no
  /// ``ReorderPolicy/identifierForCopy``, or whose `identifierForCopy` returned an identifier in
  /// use. Nothing changed; the items return to where they were, as for ``cancelled(_:)``.
  case dropFailed(ItemID, ChangeError)
}
