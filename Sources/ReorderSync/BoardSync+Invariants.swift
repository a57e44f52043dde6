extension BoardSync {
  /// What is wrong with the machine's state, or `nil`. Checked after every input in debug builds;
  /// tests call it too.
  ///
  /// - the confirmed board's revision is 0 or more (that it names every identifier once holds by
  ///   ``SyncBoard``'s construction, and is checked with `deep`);
  /// - the pending moves are named once each; those the server committed come first, their
  ///   revisions increasing and above the confirmed one, each waiting among the early revisions;
  /// - the early revisions increase, are above the confirmed one, and an own one names a move
  ///   committed as that revision;
  /// - the move in flight is the oldest not committed; a viewer has no moves waiting;
  /// - a gap timer runs only when revisions wait, and nothing is in flight before the welcome.
  ///
  /// ```swift
  /// #expect(sync.checkInvariants(deep: true) == nil)
  /// ```
  public func checkInvariants(deep: Bool = false) -> String? {
    if deep, !confirmed.isWellFormed { return "the confirmed board names an identifier twice" }
    guard revision >= 0 else { return "revision \(revision) below 0" }
    var seen = Set<String>()
    var lastCommitted: Int64?
    var sawUnsent = false
    for move in pending {
      guard seen.insert(move.gesture).inserted else { return "gesture \(move.gesture) pending twice" }
      if let committed = move.committed {
        guard !sawUnsent else { return "gesture \(move.gesture) committed after one not committed" }
        guard committed > revision else { return "gesture \(move.gesture) both confirmed and pending" }
        if let lastCommitted, committed <= lastCommitted {
          return "gesture \(move.gesture) committed as \(committed) after \(lastCommitted)"
        }
        lastCommitted = committed
        let waits = early.contains { entry in
          if case .own(let g, _) = entry.entry { return entry.revision == committed && g == move.gesture }
          return false
        }
        guard waits else { return "gesture \(move.gesture) committed as \(committed) but not waiting there" }
      } else {
        sawUnsent = true
      }
    }
    var previous = revision
    for entry in early {
      guard entry.revision > previous else { return "early revision \(entry.revision) after \(previous)" }
      previous = entry.revision
      if case .own(let g, _) = entry.entry {
        guard pending.contains(where: { $0.gesture == g && $0.committed == entry.revision }) else {
          return "early revision \(entry.revision) names \(g), not pending as it"
        }
      }
    }
    if role == .viewer, !pending.isEmpty { return "a viewer with \(pending.count) moves waiting" }
    if case .open(let s) = link {
      if let flying = s.inFlight {
        guard pending.first(where: { $0.committed == nil })?.gesture == flying else {
          return "gesture \(flying) in flight is not the oldest waiting"
        }
        guard s.welcomed else { return "a commit in flight before the welcome" }
      }
      if s.gapSince != nil, early.isEmpty { return "a gap timer with no revision waiting" }
    }
    return nil
  }
}
