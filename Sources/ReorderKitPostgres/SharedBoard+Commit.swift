import Foundation
import ReorderKit
import ReorderKitShare

extension SharedBoard {
  /// Records a committed gesture, as the collection view reported it (`Change`: cards moved,
  /// inserted or deleted; a section is a column): the board shows it at once, the outbox keeps it,
  /// and it goes to the server as soon as it can. Returns the gesture's identifier (for
  /// ``outcome(of:)``), or `nil` for a change that writes nothing (a placeholder move, a group
  /// expanding, or `.replaced`: new data the app applied, such as this board's own state).
  ///
  /// ```swift
  /// for event in view.pointerUp(at: p, time: now) {
  ///   if case .changed(let change) = event { try await board.commit(change) }
  /// }
  /// ```
  /// - Throws: `SharedBoardError` for a change that names a card or column not on the board (as
  ///   this client sees it), or a group. Nothing is recorded then.
  @discardableResult
  public func commit(_ change: Change<String, String>) throws(SharedBoardError) -> String? {
    switch change {
    case .moved(let d):
      guard d.parent == nil else { throw SharedBoardError(.groups) }
      guard state.rows[d.section]?.parent == "" else { throw SharedBoardError(.unknownColumn(d.section)) }
      return try record(.place(items: d.items, parent: d.section, before: d.before, inserting: false))
    case .inserted(let d, let children, _):
      guard d.parent == nil, children.isEmpty else { throw SharedBoardError(.groups) }
      guard state.rows[d.section]?.parent == "" else { throw SharedBoardError(.unknownColumn(d.section)) }
      return try record(.place(items: d.items, parent: d.section, before: d.before, inserting: true))
    case .deleted(let items):
      guard !items.isEmpty else { throw SharedBoardError(.noItems) }
      return try record(.delete(items: items))
    case .expanded, .collapsed, .placeholderMoved:
      return nil
    case .replaced:
      // New data the app applied (the board's own state, from `events`): not a gesture.
      return nil
    }
  }

  /// Moves columns, in order, before the column `before` (or to the end): a board's columns are
  /// themselves a reorderable list.
  ///
  /// ```swift
  /// try await board.moveColumns(["done"], before: "todo")   // Done is now first
  /// ```
  /// - Throws: `SharedBoardError` for an unknown column.
  @discardableResult
  public func moveColumns(_ columns: [String], before: String?) throws(SharedBoardError) -> String {
    for id in columns where state.rows[id]?.parent != "" { throw SharedBoardError(.unknownColumn(id)) }
    return try record(.place(items: columns, parent: "", before: before, inserting: false))
  }

  /// Adds empty columns, in order, before the column `before` (or at the end).
  ///
  /// ```swift
  /// try await board.insertColumns(["review"], before: "done")
  /// ```
  /// - Throws: `SharedBoardError` for an identifier already on the board.
  @discardableResult
  public func insertColumns(_ columns: [String], before: String?) throws(SharedBoardError) -> String {
    try record(.place(items: columns, parent: "", before: before, inserting: true))
  }

  /// What became of a gesture: committed by the server, or lost to someone else's commit. Waits
  /// until it is known (which may be after a reconnection).
  ///
  /// ```swift
  /// let id = try await board.commit(change)!
  /// if case .lost(let items) = await board.outcome(of: id) { print("lost", items) }
  /// ```
  public func outcome(of gesture: String) async -> GestureOutcome {
    if let known = outcomes[gesture] { return known }
    return await withCheckedContinuation { outcomeWaiters[gesture, default: []].append($0) }
  }

  /// Waits until the server has answered every gesture made so far (or ``close()``).
  ///
  /// ```swift
  /// try await board.commit(change)
  /// await board.waitUntilSent()
  /// ```
  public func waitUntilSent() async {
    guard unsentCount > 0, !closed else { return }
    await withCheckedContinuation { sentWaiters.append($0) }
  }

  /// Reads what others committed since the last read, now, and returns when the board includes it.
  ///
  /// ```swift
  /// try await board.refresh()
  /// await board.state.revision   // the server's latest
  /// ```
  /// - Throws: `SharedBoardError` when the server is not reachable now.
  public func refresh() async throws {
    try await catchUp()
  }

  func record(_ intent: Gesture.Intent) throws(SharedBoardError) -> String {
    let writes = try intent.writes(on: state, tag: tag, maximumLength: configuration.maximumKeyLength)
    let gesture = Gesture(id: UUID().uuidString, intent: intent, writes: writes)
    try outbox.append(gesture)
    pending.append(Pending(gesture: gesture))
    state.apply(writes)
    sendSignal?.yield()
    return gesture.id
  }

  func resolve(_ gesture: String, _ outcome: GestureOutcome) {
    guard outcomes[gesture] == nil else { return }
    outcomes[gesture] = outcome
    for waiter in outcomeWaiters.removeValue(forKey: gesture) ?? [] { waiter.resume(returning: outcome) }
  }

  func wakeSentWaiters() {
    guard unsentCount == 0 else { return }
    let waiters = sentWaiters
    sentWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// A refused gesture as its event says it.
  func refusal(_ gesture: String, items: [String], reason: String) -> RefusedGesture {
    let names = items.prefix(3).map(configuration.name).joined(separator: ", ")
    let what = names.isEmpty ? "A move" : "The move of \(names)\(items.count > 3 ? " and others" : "")"
    return RefusedGesture(
      gesture: gesture, items: items, reason: reason,
      announcement: "\(what) could not be shared and was set aside (\(reason)).", state: state)
  }

  /// The announcement of a lost race.
  func announcement(lost items: [String]) -> String {
    let names = items.map(configuration.name)
    let list =
      names.count <= 1
      ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    let deleted = items.allSatisfy { !confirmed.contains($0) }
    return "\(list) \(items.count == 1 ? "was" : "were") \(deleted ? "deleted" : "moved") by someone else."
  }
}
