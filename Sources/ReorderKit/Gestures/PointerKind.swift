/// What pressed: a finger, a pen or a mouse button. It decides how a press becomes a drag.
///
/// Touch and pen lift an item on a long press: 0.5 s within 10 pt (``LongPressRecognizer``'s
/// defaults). A mouse lifts it on the long press too, and also as soon as it moves
/// ``LongPressRecognizer/activationDistance`` (4 pt) from where the button went down, with the
/// button still down (dnd-kit's distance constraint): a desktop user drags at once, a finger
/// still scrolls and taps. The raw values are the DOM's `PointerEvent.pointerType`.
///
/// ```swift
/// _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse)
/// _ = view.pointerMoved(to: Point(x: 62, y: 58), time: 0.05)   // [.lifted("a"), .announcement(…)]
/// _ = view.pointerMoved(to: Point(x: 195, y: 58), time: 0.1)   // the gap moves
/// _ = view.pointerUp(at: Point(x: 195, y: 58), time: 0.2)      // [.moved("a", …), .dropped("a"), …]
///
/// PointerKind(rawValue: "pen")                                  // .pen, which behaves as .touch
/// ```
public enum PointerKind: String, CaseIterable, Hashable, Sendable {
  /// A finger: the long press lifts; moving farther than 10 pt first fails the press (a scroll).
  case touch
  /// A pen or stylus: as touch.
  case pen
  /// A mouse (or a trackpad's click): the long press lifts, and so does a move of 4 pt with the
  /// button down.
  case mouse
}
