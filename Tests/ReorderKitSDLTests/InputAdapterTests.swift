@preconcurrency import CSDL2
import ReorderKit
import ReorderKitSDL
import Testing

@Suite("InputAdapter: SDL events to pointer calls")
struct InputAdapterTests {
  let window = Size(width: 400, height: 800)

  func mouseButton(_ type: SDL_EventType, button: Int32 = SDL_BUTTON_LEFT, x: Int32, y: Int32, which: UInt32 = 0)
    -> SDL_Event
  {
    var ev = SDL_Event()
    ev.type = type.rawValue
    ev.button.button = UInt8(button)
    ev.button.x = x
    ev.button.y = y
    ev.button.which = which
    return ev
  }

  func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float) -> SDL_Event {
    var ev = SDL_Event()
    ev.type = type.rawValue
    ev.tfinger.fingerId = id
    ev.tfinger.x = x
    ev.tfinger.y = y
    return ev
  }

  func key(_ sym: Int, _ modifiers: UInt32 = 0) -> SDL_Event {
    var ev = SDL_Event()
    ev.type = SDL_KEYDOWN.rawValue
    ev.key.keysym.sym = SDL_Keycode(sym)
    ev.key.keysym.mod = UInt16(modifiers)
    return ev
  }

  @Test func leftButtonDrivesThePointer() {
    var adapter = InputAdapter()
    #expect(
      adapter.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 58, y: 110), windowSize: window) == [
        .pointerDown(Point(x: 58, y: 110))
      ])
    var motion = SDL_Event()
    motion.type = SDL_MOUSEMOTION.rawValue
    motion.motion.x = 70
    motion.motion.y = 120
    #expect(adapter.translate(motion, windowSize: window) == [.pointerMoved(Point(x: 70, y: 120))])
    #expect(
      adapter.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 70, y: 120), windowSize: window) == [
        .pointerUp(Point(x: 70, y: 120))
      ])
  }

  @Test func otherButtonsAreIgnored() {
    var adapter = InputAdapter()
    #expect(
      adapter.translate(mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_MIDDLE, x: 1, y: 1), windowSize: window)
        .isEmpty)
    #expect(
      adapter.translate(mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_RIGHT, x: 3, y: 4), windowSize: window) == [
        .secondaryTap(Point(x: 3, y: 4))
      ])
    #expect(
      adapter.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 1, y: 1), windowSize: window).isEmpty, "an up without a down")
  }

  @Test func theFirstFingerDrivesThePointerInWindowPoints() {
    var adapter = InputAdapter()
    #expect(
      adapter.translate(finger(SDL_FINGERDOWN, id: 7, x: 0.5, y: 0.25), windowSize: window) == [
        .pointerDown(Point(x: 200, y: 200))
      ])
    #expect(
      adapter.translate(finger(SDL_FINGERDOWN, id: 8, x: 0.25, y: 0.25), windowSize: window) == [
        .secondaryTap(Point(x: 100, y: 200))
      ], "a second finger taps")
    #expect(adapter.translate(finger(SDL_FINGERMOTION, id: 8, x: 0.2, y: 0.2), windowSize: window).isEmpty)
    #expect(
      adapter.translate(finger(SDL_FINGERMOTION, id: 7, x: 0.25, y: 0.5), windowSize: window) == [
        .pointerMoved(Point(x: 100, y: 400))
      ])
    #expect(
      adapter.translate(finger(SDL_FINGERUP, id: 7, x: 0.25, y: 0.5), windowSize: window) == [
        .pointerUp(Point(x: 100, y: 400))
      ])
    #expect(
      adapter.translate(finger(SDL_FINGERDOWN, id: 8, x: 0.125, y: 0.125), windowSize: window) == [
        .pointerDown(Point(x: 50, y: 100))
      ])
  }

  @Test func mouseEventsSynthesisedFromTouchAreIgnored() {
    var adapter = InputAdapter()
    let synthetic = mouseButton(SDL_MOUSEBUTTONDOWN, x: 5, y: 5, which: CSDL2_TouchMouseID())
    #expect(adapter.translate(synthetic, windowSize: window).isEmpty)
  }

  @Test func theWheelScrollsTowardsTheEnd() {
    var adapter = InputAdapter()
    var ev = SDL_Event()
    ev.type = SDL_MOUSEWHEEL.rawValue
    ev.wheel.preciseY = -1  // towards the user: content moves up, the offset grows
    ev.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
    #expect(adapter.translate(ev, windowSize: window) == [.scroll(Point(x: 0, y: 48))])
    ev.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
    #expect(adapter.translate(ev, windowSize: window) == [.scroll(Point(x: 0, y: -48))])
  }

  @Test func keys() {
    var adapter = InputAdapter()
    #expect(adapter.translate(key(Int(SDLK_ESCAPE.rawValue)), windowSize: window) == [.key(.escape)])
    #expect(adapter.translate(key(Int(SDLK_3.rawValue)), windowSize: window) == [.key(.digit(3))])
    #expect(adapter.translate(key(Int(SDLK_KP_2.rawValue)), windowSize: window) == [.key(.digit(2))])
    #expect(adapter.translate(key(Int(SDLK_a.rawValue)), windowSize: window).isEmpty)
  }

  @Test func keyboardReorderingKeys() {
    var adapter = InputAdapter()
    func translated(_ sym: SDL_KeyCode, _ modifiers: UInt32 = 0) -> [InputEvent] {
      adapter.translate(key(Int(sym.rawValue), modifiers), windowSize: window)
    }
    #expect(translated(SDLK_SPACE) == [.key(.space)])
    #expect(translated(SDLK_RETURN) == [.key(.enter)])
    #expect(translated(SDLK_TAB) == [.key(.tab)])
    #expect(translated(SDLK_TAB, KMOD_LSHIFT.rawValue) == [.key(.backtab)])
    #expect(translated(SDLK_z, KMOD_LCTRL.rawValue) == [.key(.undo)])
    #expect(translated(SDLK_z, KMOD_LCTRL.rawValue | KMOD_LSHIFT.rawValue) == [.key(.redo)])
    #expect(translated(SDLK_y, KMOD_RCTRL.rawValue) == [.key(.redo)])
    #expect(translated(SDLK_z).isEmpty)
    #expect(translated(SDLK_UP) == [.key(.up)])
  }

  @Test func resizeAndQuit() {
    var adapter = InputAdapter()
    var ev = SDL_Event()
    ev.type = SDL_WINDOWEVENT.rawValue
    ev.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
    ev.window.data1 = 600
    ev.window.data2 = 900
    #expect(adapter.translate(ev, windowSize: window) == [.resized(Size(width: 600, height: 900))])
    var quit = SDL_Event()
    quit.type = SDL_QUIT.rawValue
    #expect(adapter.translate(quit, windowSize: window) == [.quit])
  }
}
