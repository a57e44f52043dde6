/// How drag and drop behaves, set by the owner: spring loading, the
/// cadence and auto-scroll; and the result of the last drop. What changes during one drag lives
/// in the session (`Session.drop`).
@usableFromInline struct DragDropConfiguration<ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline var isSpringLoaded = true
  @usableFromInline var springLoadingDelay = 0.7
  @usableFromInline var cadence = ReorderingCadence.immediate
  @usableFromInline var autoScroll = AutoScroll()
  /// The result of the last drop.
  @usableFromInline var lastDrop: DropResult<ItemID>?

  @inlinable init() {}
}

/// What one drag and drop holds while it lasts: the groups spring loading opened, the gap the
/// cadence holds back, the target shown, and the proposal cached for the destination under the
/// pointer. It starts afresh with every drag and ends with it.
@usableFromInline struct DropSession<ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline var springLoading: SpringLoading<ItemID>
  @usableFromInline var cadence: CadenceGate<DropTarget<ItemID>>
  /// The target shown now (the gap, a highlighted group, or a forbidden marker).
  @usableFromInline var shown: DropTarget<ItemID> = .init(destination: nil, proposal: DropProposal(operation: .cancel))
  /// The proposal last computed, reused while the destination under the pointer stays the same.
  @usableFromInline var cachedTarget: (key: DropDestination<ItemID>?, target: DropTarget<ItemID>)?

  @inlinable init(_ configuration: DragDropConfiguration<ItemID>) {
    springLoading = SpringLoading(delay: configuration.springLoadingDelay)
    cadence = CadenceGate(cadence: configuration.cadence)
  }

  /// Forgets what the cadence holds and the cached proposal (new data, a new item in the session).
  @inlinable mutating func invalidate() {
    cachedTarget = nil
    cadence.reset()
  }
}

/// A destination with the proposal for it: what the cadence gate holds back and the render list shows.
@usableFromInline struct DropTarget<ItemID: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline var destination: DropDestination<ItemID>?
  @usableFromInline var proposal: DropProposal

  @usableFromInline init(destination: DropDestination<ItemID>?, proposal: DropProposal) {
    self.destination = destination
    self.proposal = proposal
  }
}
