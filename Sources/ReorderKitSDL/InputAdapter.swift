@preconcurrency package import CSDL2
import ReorderKit

/// An input event in the app's terms: one pointer (mouse or first finger),
/// scrolling, keys, resizing, quitting.
public enum InputEvent: Equatable, Sendable {
  /// The pointer went down (left button, or the first finger) at a point in window coordinates.
  case pointerDown(Point)
  /// The pointer moved (with or without the button held).
  case pointerMoved(Point)
  /// The pointer went up.
  case pointerUp(Point)
  /// A second finger touched, or the right button was clicked, at a point: during a drag and
  /// drop it adds the item there to the drag session.
  case secondaryTap(Point)
  /// The wheel or a two-finger gesture scrolled the content by this many points (positive: towards the end).
  case scroll(Point)
  /// A key that the app cares about was pressed.
  case key(Key)
  /// The window changed size (points).
  case resized(Size)
  /// The window should close.
  case quit
}

/// Keys the app reacts to.
public enum Key: Equatable, Sendable {
  /// Esc: cancels a drag.
  case escape
  /// A digit key 0–9 (1–4 switch scenes).
  case digit(Int)
  /// The arrows, paging and Home/End.
  case left, right, up, down, pageUp, pageDown, home, end
  /// Space and Return (or the keypad's Enter): lift and drop with the keyboard.
  case space, enter
  /// Tab and Shift-Tab: move the keyboard focus.
  case tab, backtab
  /// Ctrl+Z (Cmd+Z on a Mac keyboard): undo.
  case undo
  /// Ctrl+Shift+Z or Ctrl+Y: redo.
  case redo
}

/// Translates SDL events into ``InputEvent``s: the mouse's left button and
/// the first finger on a touch screen drive the same pointer; a second finger
/// or the right button taps; the wheel scrolls; Esc and digits become keys.
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
      return [.pointerDown(Point(x: Double(ev.button.x), y: Double(ev.button.y)))]
    case SDL_MOUSEBUTTONUP:
      guard ev.button.which != CSDL2_TouchMouseID(), ev.button.button == UInt8(SDL_BUTTON_LEFT), mouseDown
      else { return [] }
      mouseDown = false
      return [.pointerUp(Point(x: Double(ev.button.x), y: Double(ev.button.y)))]
    case SDL_MOUSEMOTION:
      guard ev.motion.which != CSDL2_TouchMouseID(), activeFinger == nil else { return [] }
      return [.pointerMoved(Point(x: Double(ev.motion.x), y: Double(ev.motion.y)))]
    case SDL_MOUSEWHEEL:
      guard ev.wheel.which != CSDL2_TouchMouseID() else { return [] }
      var dx = Double(ev.wheel.preciseX)
      var dy = Double(ev.wheel.preciseY)
      if ev.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue {
        dx = -dx
        dy = -dy
      }
      return [.scroll(Point(x: dx * pointsPerWheelNotch, y: -dy * pointsPerWheelNotch))]
    case SDL_FINGERDOWN:
      guard !mouseDown else { return [] }
      if activeFinger != nil { return [.secondaryTap(Self.point(ev.tfinger, windowSize))] }
      activeFinger = ev.tfinger.fingerId
      return [.pointerDown(Self.point(ev.tfinger, windowSize))]
    case SDL_FINGERMOTION:
      guard activeFinger == ev.tfinger.fingerId else { return [] }
      return [.pointerMoved(Self.point(ev.tfinger, windowSize))]
    case SDL_FINGERUP:
      guard activeFinger == ev.tfinger.fingerId else { return [] }
      activeFinger = nil
      return [.pointerUp(Self.point(ev.tfinger, windowSize))]
    case SDL_KEYDOWN:
      return Self.key(ev.key.keysym.sym, modifiers: ev.key.keysym.mod).map { [.key($0)] } ?? []
    default:
      return []
    }
  }

  /// Touch coordinates are normalised to 0...1 over the window.
  private static func point(_ f: SDL_TouchFingerEvent, _ size: Size) -> Point {
    Point(x: Double(f.x) * size.width, y: Double(f.y) * size.height)
  }

  private static func key(_ sym: SDL_Keycode, modifiers: UInt16 = 0) -> Key? {
    let code = Int(sym)
    let command = modifiers & UInt16(KMOD_CTRL.rawValue | KMOD_GUI.rawValue) != 0
    let shift = modifiers & UInt16(KMOD_SHIFT.rawValue) != 0
    if command {
      switch code {
      case Int(SDLK_z.rawValue): return shift ? .redo : .undo
      case Int(SDLK_y.rawValue): return .redo
      default: return nil
      }
    }
    if code >= Int(SDLK_0.rawValue), code <= Int(SDLK_9.rawValue) { return .digit(code - Int(SDLK_0.rawValue)) }
    if code >= Int(SDLK_KP_1.rawValue), code <= Int(SDLK_KP_9.rawValue) {
      return .digit(code - Int(SDLK_KP_1.rawValue) + 1)
    }
    switch code {
    case Int(SDLK_ESCAPE.rawValue): return .escape
    case Int(SDLK_LEFT.rawValue): return .left
    case Int(SDLK_RIGHT.rawValue): return .right
    case Int(SDLK_UP.rawValue): return .up
    case Int(SDLK_DOWN.rawValue): return .down
    case Int(SDLK_PAGEUP.rawValue): return .pageUp
    case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
    case Int(SDLK_HOME.rawValue): return .home
    case Int(SDLK_END.rawValue): return .end
    case Int(SDLK_SPACE.rawValue): return .space
    case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
    case Int(SDLK_TAB.rawValue): return shift ? .backtab : .tab
    default: return nil
    }
  }
}
