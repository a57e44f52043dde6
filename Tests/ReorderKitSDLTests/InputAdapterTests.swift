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

  func wheel(dy: Float, flipped: Bool = false, at point: (Int32, Int32)) -> SDL_Event {
    var ev = SDL_Event()
    ev.type = SDL_MOUSEWHEEL.rawValue
    ev.wheel.preciseY = dy
    ev.wheel.direction = (flipped ? SDL_MOUSEWHEEL_FLIPPED : SDL_MOUSEWHEEL_NORMAL).rawValue
    ev.wheel.mouseX = point.0
    ev.wheel.mouseY = point.1
    return ev
  }

  @Test func theWheelScrollsTowardsTheEndWhereThePointerIs() {
    var adapter = InputAdapter()
    // Towards the user: content moves up, the offset grows.
    #expect(
      adapter.translate(wheel(dy: -1, at: (120, 340)), windowSize: window) == [
        .scroll(by: Point(x: 0, y: 48), at: Point(x: 120, y: 340))
      ])
    #expect(
      adapter.translate(wheel(dy: -1, flipped: true, at: (300, 20)), windowSize: window) == [
        .scroll(by: Point(x: 0, y: -48), at: Point(x: 300, y: 20))
      ])
  }

  @Test func keysAreKeysWithTheirModifiers() {
    var adapter = InputAdapter()
    func translated(_ sym: SDL_KeyCode, _ modifiers: UInt32 = 0) -> [InputEvent] {
      adapter.translate(key(Int(sym.rawValue), modifiers), windowSize: window)
    }
    #expect(translated(SDLK_ESCAPE) == [.key(.escape)])
    #expect(translated(SDLK_3) == [.key(.character("3"))])
    #expect(translated(SDLK_KP_2) == [.key(.character("2"))], "keypad digits are digits")
    #expect(translated(SDLK_KP_0) == [.key(.character("0"))])
    #expect(translated(SDLK_a) == [.key(.character("a"))])
    #expect(translated(SDLK_a, KMOD_LSHIFT.rawValue) == [.key(.character("a"), modifiers: .shift)])
    #expect(translated(SDLK_MINUS) == [.key(.character("-"))])
    #expect(translated(SDLK_SPACE) == [.key(.space)])
    #expect(translated(SDLK_RETURN) == [.key(.enter)])
    #expect(translated(SDLK_KP_ENTER) == [.key(.enter)])
    #expect(translated(SDLK_BACKSPACE) == [.key(.backspace)])
    #expect(translated(SDLK_DELETE) == [.key(.delete)])
    #expect(translated(SDLK_TAB) == [.key(.tab)])
    #expect(translated(SDLK_TAB, KMOD_LSHIFT.rawValue) == [.key(.tab, modifiers: .shift)])
    #expect(translated(SDLK_z, KMOD_LCTRL.rawValue) == [.key(.character("z"), modifiers: .control)])
    #expect(
      translated(SDLK_z, KMOD_RCTRL.rawValue | KMOD_LSHIFT.rawValue) == [
        .key(.character("z"), modifiers: [.control, .shift])
      ])
    #expect(
      translated(SDLK_q, KMOD_LGUI.rawValue | KMOD_RALT.rawValue) == [
        .key(.character("q"), modifiers: [.command, .option])
      ])
    #expect(translated(SDLK_F5) == [.key(.function(5))])
    #expect(translated(SDLK_F13) == [.key(.function(13))])
    #expect(translated(SDLK_UP) == [.key(.up)])
    #expect(translated(SDLK_LSHIFT).isEmpty, "a modifier alone is no key")
    #expect(translated(SDLK_CAPSLOCK).isEmpty)
  }

  @Test func typedTextComesAsText() {
    var adapter = InputAdapter()
    func text(_ s: String) -> SDL_Event {
      var ev = SDL_Event()
      ev.type = SDL_TEXTINPUT.rawValue
      withUnsafeMutableBytes(of: &ev.text.text) { buffer in
        for (i, byte) in s.utf8.enumerated() { buffer[i] = byte }
      }
      return ev
    }
    #expect(adapter.translate(text("B"), windowSize: window) == [.text("B")])
    #expect(adapter.translate(text("é€"), windowSize: window) == [.text("é€")])
    #expect(adapter.translate(text(""), windowSize: window).isEmpty)
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
