// Keyboard, focus, undo and the accessibility actions, as the desktop's CollectionPane passes them
// to the engine: the page sends a key code, the engine moves the focus or the placeholder and says
// so in an announcement.

/// The engine's key for a key code of the page (see `KEY` in reorderkit.js), or `nil`.
func navigationKey(_ code: Int32) -> NavigationKey? {
  switch code {
  case 0: .space
  case 1: .enter
  case 2: .escape
  case 3: .up
  case 4: .down
  case 5: .left
  case 6: .right
  case 7: .home
  case 8: .end
  case 9: .tab
  case 10: .backtab
  default: nil
  }
}

/// A key (see ``navigationKey(_:)``): without a drag the arrows, Tab and Shift+Tab move the focus
/// and Space or Enter lifts; during a drag they move the placeholder, drop, or cancel. Unknown
/// codes do nothing.
@_cdecl("rk_key")
public func rk_key(_ h: Int32, _ code: Int32, _ time: Double) {
  guard let key = navigationKey(code) else { return }
  perform(h) { $0.keyPressed(key, time: time) }
}

/// Puts the keyboard focus on item `id` (0 or an unknown id: no focus); the engine announces it.
@_cdecl("rk_focus")
public func rk_focus(_ h: Int32, _ id: Int32, _ time: Double) {
  perform(h) { $0.focus(id > 0 ? Int(id) : nil, time: time) }
}

/// The item with the keyboard focus, or 0.
@_cdecl("rk_focused")
public func rk_focused(_ h: Int32) -> Int32 {
  Int32(truncatingIfNeeded: (withView(h) { $0.focusedItem } ?? nil) ?? 0)
}

/// Whether a drag (by pointer or keyboard) holds items: 1 or 0.
@_cdecl("rk_is_dragging")
public func rk_is_dragging(_ h: Int32) -> Int32 {
  withView(h) { $0.isDragging } == true ? 1 : 0
}

/// Ctrl+Z: takes the last committed gesture back, by the engine's `CollectionView.undo(time:)`.
/// Nothing during a drag.
@_cdecl("rk_undo")
public func rk_undo(_ h: Int32, _ time: Double) {
  perform(h) { $0.undo(time: time) }
}

/// Ctrl+Shift+Z: applies the last undone gesture again (`CollectionView.redo(time:)`).
@_cdecl("rk_redo")
public func rk_redo(_ h: Int32, _ time: Double) {
  perform(h) { $0.redo(time: time) }
}

/// The accessibility moves the engine offers on item `id` now, as bits: 1 move up, 2 move down,
/// 4 move to start, 8 move to end (``AccessibilityMove``'s cases in order). 0 during a drag.
@_cdecl("rk_actions")
public func rk_actions(_ h: Int32, _ id: Int32) -> Int32 {
  guard let actions = withView(h, { $0.accessibilityActions(for: Int(id)) }) else { return 0 }
  var bits: Int32 = 0
  for (bit, move) in AccessibilityMove.allCases.enumerated() where actions.contains(move) { bits |= 1 << bit }
  return bits
}

/// Writes the English name of action `bit` (0…3, as ``rk_actions(_:_:)``) into the text buffer;
/// returns its length in bytes (0 for no such action).
@_cdecl("rk_action_name")
public func rk_action_name(_ bit: Int32) -> Int32 {
  textBuffer.count = 0
  guard bit >= 0, Int(bit) < AccessibilityMove.allCases.count else { return 0 }
  for byte in AccessibilityMove.allCases[Int(bit)].englishName.utf8 { textBuffer.append(byte) }
  return Int32(textBuffer.count)
}

/// Performs accessibility move `bit` (as ``rk_actions(_:_:)``) on item `id`, committed as a gesture.
@_cdecl("rk_perform_action")
public func rk_perform_action(_ h: Int32, _ id: Int32, _ bit: Int32, _ time: Double) {
  guard bit >= 0, Int(bit) < AccessibilityMove.allCases.count else { return }
  let move = AccessibilityMove.allCases[Int(bit)]
  perform(h) { $0.performAccessibilityAction(move, on: Int(id), time: time) }
}

/// `prefers-reduced-motion`: with 1, cells jump to their places (reflow and settle take no time);
/// with 0 they glide again for the engine's own duration (a quarter second).
@_cdecl("rk_set_reduced_motion")
public func rk_set_reduced_motion(_ h: Int32, _ reduced: Int32) {
  let index = Int(h) - 1
  guard index >= 0, index < views.count, views[index] != nil else { return }
  views[index]!.view.reflowDuration = reduced != 0 ? 0 : views[index]!.reflowDuration
}
