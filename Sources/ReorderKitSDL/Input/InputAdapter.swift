@preconcurrency package import CSDL2
import ReorderKit

/// Translates SDL events into ``InputEvent``s: the mouse's left button and
/// the first finger on a touch screen drive the same pointer; a second finger
/// or the right button taps; the wheel scrolls where the pointer is; keys come
/// with their modifiers, typed text as text.
///
/// ```swift
/// var adapter = InputAdapter()
/// var ev = SDL_Event()
/// while SDL_PollEvent(&ev) != 0 {
///   for input in adapter.translate(ev, windowSize: window.size) { handle(input) }
/// }
/// ```
package struct InputAdapter: Sendable {
  /// Points scrolled per wheel notch.
  package var pointsPerWheelNotch: Double = 48
  private var activeFinger: SDL_FingerID?
  private var mouseDown = false
  /// Where the pointer was last seen (for a wheel event that does not say).
  private var pointer = Point(x: 0, y: 0)

  package init() {}

  /// The app's events for one SDL event (often none, sometimes one).
  package mutating func translate(_ ev: SDL_Event, windowSize: Size) -> [InputEvent] {
    switch SDL_EventType(rawValue: ev.type) {
    case SDL_QUIT:
      return [.quit]
    case SDL_WINDOWEVENT:
      let kind = SDL_WindowEventID(rawValue: UInt32(ev.window.event))
      if kind == SDL_WINDOWEVENT_SIZE_CHANGED {
        return [.resized(Size(width: Double(ev.window.data1), height: Double(ev.window.data2)))]
      }
      if kind == SDL_WINDOWEVENT_CLOSE { return [.quit] }
      return []
    case SDL_MOUSEBUTTONDOWN:
      guard ev.button.which != CSDL2_TouchMouseID(), activeFinger == nil else { return [] }
      if ev.button.button == UInt8(SDL_BUTTON_RIGHT) {
        return [.secondaryTap(Point(x: Double(ev.button.x), y: Double(ev.button.y)))]
      }
      guard ev.button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
      mouseDown = true
      pointer = Point(x: Double(ev.button.x), y: Double(ev.button.y))
      return [.pointerDown(pointer)]
    case SDL_MOUSEBUTTONUP:
      guard ev.button.which != CSDL2_TouchMouseID(), ev.button.button == UInt8(SDL_BUTTON_LEFT), mouseDown
      else { return [] }
      mouseDown = false
      return [.pointerUp(Point(x: Double(ev.button.x), y: Double(ev.button.y)))]
    case SDL_MOUSEMOTION:
      guard ev.motion.which != CSDL2_TouchMouseID(), activeFinger == nil else { return [] }
      pointer = Point(x: Double(ev.motion.x), y: Double(ev.motion.y))
      return [.pointerMoved(pointer)]
    case SDL_MOUSEWHEEL:
      guard ev.wheel.which != CSDL2_TouchMouseID() else { return [] }
      var dx = Double(ev.wheel.preciseX)
      var dy = Double(ev.wheel.preciseY)
      if ev.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue {
        dx = -dx
        dy = -dy
      }
      var wheel = ev.wheel
      var x: Int32 = 0
      var y: Int32 = 0
      if CSDL2_WheelPosition(&wheel, &x, &y) != 0 { pointer = Point(x: Double(x), y: Double(y)) }
      return [.scroll(by: Point(x: dx * pointsPerWheelNotch, y: -dy * pointsPerWheelNotch), at: pointer)]
    case SDL_FINGERDOWN:
      guard !mouseDown else { return [] }
      if activeFinger != nil { return [.secondaryTap(Self.point(ev.tfinger, windowSize))] }
      activeFinger = ev.tfinger.fingerId
      pointer = Self.point(ev.tfinger, windowSize)
      return [.pointerDown(pointer)]
    case SDL_FINGERMOTION:
      guard activeFinger == ev.tfinger.fingerId else { return [] }
      pointer = Self.point(ev.tfinger, windowSize)
      return [.pointerMoved(pointer)]
    case SDL_FINGERUP:
      guard activeFinger == ev.tfinger.fingerId else { return [] }
      activeFinger = nil
      return [.pointerUp(Self.point(ev.tfinger, windowSize))]
    case SDL_KEYDOWN:
      guard let key = Self.key(ev.key.keysym.sym) else { return [] }
      return [.key(key, modifiers: Self.modifiers(ev.key.keysym.mod))]
    case SDL_TEXTINPUT:
      let text = withUnsafeBytes(of: ev.text.text) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      return text.isEmpty ? [] : [.text(text)]
    default:
      return []
    }
  }

  /// Touch coordinates are normalised to 0...1 over the window.
  private static func point(_ f: SDL_TouchFingerEvent, _ size: Size) -> Point {
    Point(x: Double(f.x) * size.width, y: Double(f.y) * size.height)
  }

  /// The modifiers of SDL's modifier bits (either side's key).
  static func modifiers(_ mod: UInt16) -> KeyModifiers {
    var modifiers: KeyModifiers = []
    if mod & UInt16(KMOD_SHIFT.rawValue) != 0 { modifiers.insert(.shift) }
    if mod & UInt16(KMOD_CTRL.rawValue) != 0 { modifiers.insert(.control) }
    if mod & UInt16(KMOD_ALT.rawValue) != 0 { modifiers.insert(.option) }
    if mod & UInt16(KMOD_GUI.rawValue) != 0 { modifiers.insert(.command) }
    return modifiers
  }

  /// The key of an SDL key code: named keys, keypad digits as digits, any other key that types a
  /// printable character as that character; `nil` for the rest (modifiers alone, media keys).
  static func key(_ sym: SDL_Keycode) -> Key? {
    let code = Int(sym)
    if code >= Int(SDLK_KP_1.rawValue), code <= Int(SDLK_KP_9.rawValue) {
      return .character(Character(String(code - Int(SDLK_KP_1.rawValue) + 1)))
    }
    if code >= Int(SDLK_F1.rawValue), code <= Int(SDLK_F12.rawValue) {
      return .function(code - Int(SDLK_F1.rawValue) + 1)
    }
    if code >= Int(SDLK_F13.rawValue), code <= Int(SDLK_F24.rawValue) {
      return .function(code - Int(SDLK_F13.rawValue) + 13)
    }
    switch code {
    case Int(SDLK_ESCAPE.rawValue): return .escape
    case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue), Int(SDLK_RETURN2.rawValue): return .enter
    case Int(SDLK_SPACE.rawValue): return .space
    case Int(SDLK_TAB.rawValue): return .tab
    case Int(SDLK_BACKSPACE.rawValue): return .backspace
    case Int(SDLK_DELETE.rawValue): return .delete
    case Int(SDLK_LEFT.rawValue): return .left
    case Int(SDLK_RIGHT.rawValue): return .right
    case Int(SDLK_UP.rawValue): return .up
    case Int(SDLK_DOWN.rawValue): return .down
    case Int(SDLK_PAGEUP.rawValue): return .pageUp
    case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
    case Int(SDLK_HOME.rawValue): return .home
    case Int(SDLK_END.rawValue): return .end
    case Int(SDLK_KP_0.rawValue): return .character("0")
    default:
      // Keys that type something carry its Unicode scalar (below SDLK_SCANCODE_MASK).
      guard code > 0x20, code != 0x7F, code < 0x4000_0000, let scalar = Unicode.Scalar(UInt32(code)),
        !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control
      else { return nil }
      return .character(Character(scalar))
    }
  }
}
