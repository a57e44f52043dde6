import ReorderKit

/// An input event in the app's terms: one pointer (mouse or first finger), the wheel, keys with
/// their modifiers, typed text, resizing, quitting. Points are window coordinates.
///
/// ```swift
/// switch event {
/// case .key(.character("n"), let modifiers) where modifiers.contains(.control): startNewItem()
/// case .text(let typed): field.insert(typed)
/// case .scroll(let delta, let pointer): scrollPane(at: pointer, by: delta)
/// default: break
/// }
/// ```
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
  /// The wheel or a two-finger gesture scrolled by this many points (positive: towards the end)
  /// with the pointer at a window point: the pane under the pointer scrolls.
  case scroll(by: Point, at: Point)
  /// A key went down (repeats too), with the modifiers held. Keys mean nothing by themselves:
  /// ``CollectionPane`` gives the arrows, Tab, Space, Enter, Esc, Ctrl+Z… the engine's meanings,
  /// an app gives the rest its own.
  case key(Key, modifiers: KeyModifiers = [])
  /// Text typed (a character, or several from an input method), in UTF-8 as the keyboard layout
  /// and input method made it (SDL_TEXTINPUT). Comes after the ``key(_:modifiers:)`` of the same
  /// key press; keys that type nothing (arrows, Ctrl+Z) come without it.
  case text(String)
  /// The window changed size (points).
  case resized(Size)
  /// The window should close.
  case quit
}

/// A key on the keyboard, by what it is rather than what an app does with it.
///
/// ```swift
/// if case .key(.character("z"), let modifiers) = event, modifiers.contains(.command) { undo() }
/// ```
public enum Key: Hashable, Sendable {
  /// Esc.
  case escape
  /// Return, or the keypad's Enter.
  case enter
  /// The space bar.
  case space
  /// Tab (Shift+Tab comes as `.tab` with `.shift`).
  case tab
  /// Backspace: deletes before the caret.
  case backspace
  /// Delete: deletes after the caret.
  case delete
  /// The arrows.
  case left, right, up, down
  /// Paging and Home/End.
  case pageUp, pageDown, home, end
  /// A key that types a character, named by the character the keyboard layout puts on it
  /// without Shift: `"a"` (also with Shift held), `"1"`, `"-"`. Keypad digits are digits. What the
  /// user typed, with Shift and input methods applied, comes as ``InputEvent/text(_:)``.
  case character(Character)
  /// A function key, F1 to F24.
  case function(Int)
}

/// The modifier keys held with a key.
///
/// ```swift
/// let redo: KeyModifiers = [.control, .shift]
/// redo.contains(.shift)        // true
/// redo.isShortcut              // true: Control or Command is held
/// ```
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  /// Creates a set of modifiers from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Either Shift key.
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Either Control key.
  public static let control = KeyModifiers(rawValue: 1 << 1)
  /// Either Alt (Option) key.
  public static let option = KeyModifiers(rawValue: 1 << 2)
  /// Either Super, Windows or Command key (SDL's GUI modifier).
  public static let command = KeyModifiers(rawValue: 1 << 3)

  /// Whether Control or Command is held: the key is a shortcut (Ctrl+Z on Linux, Cmd+Z on a Mac
  /// keyboard), not typing.
  public var isShortcut: Bool { !isDisjoint(with: [.control, .command]) }
}
