import ReorderKit

/// A one-line text field: it takes typed text (``InputEvent/text(_:)``) while it has the
/// keyboard, Backspace deletes, Enter submits, Esc and Tab give the keyboard back; a press on it
/// takes the keyboard, a press elsewhere gives it back.
///
/// A value: the app owns it, lays it out, passes it events first and draws it.
///
/// ```swift
/// var field = TextField(placeholder: "Add a chore")
/// field.frame = Rect(x: 12, y: 600, width: 336, height: 44)
/// switch field.handle(event) {
/// case .submitted(let title): add(title)
/// case .handled: break                          // typing: the list does not see it
/// case .ignored, .dismissed: list.handle(event)  // not the field's, or Esc/Tab leaving it
/// }
/// field.draw(in: canvas)
/// ```
public struct TextField: Sendable {
  /// What the field says to the event it was given.
  public enum Response: Equatable, Sendable {
    /// Not the field's event: pass it on.
    case ignored
    /// The field used it (typing, deleting, a press on it).
    case handled
    /// Enter with text in the field: the text, trimmed; the field is empty again and keeps the keyboard.
    case submitted(String)
    /// Esc or Tab: the field gave the keyboard back (the text stays); pass the key on if it means
    /// something elsewhere (Tab focusing the next thing).
    case dismissed
  }

  /// The text typed so far.
  public var text: String
  /// Shown in grey while the field is empty.
  public var placeholder: String
  /// Where the field is, in window coordinates.
  public var frame: Rect = .zero
  /// Whether the field has the keyboard (a caret shows, typed text goes in).
  public var isFocused: Bool
  /// The most characters the field takes.
  public var maximumLength: Int

  /// A field, empty unless `text` is given.
  public init(text: String = "", placeholder: String = "", isFocused: Bool = false, maximumLength: Int = 200) {
    self.text = text
    self.placeholder = placeholder
    self.isFocused = isFocused
    self.maximumLength = maximumLength
  }

  /// Takes one input event; returns what it did with it.
  public mutating func handle(_ event: InputEvent) -> Response {
    if case .pointerDown(let p) = event {
      let inside = p.x >= frame.minX && p.x < frame.maxX && p.y >= frame.minY && p.y < frame.maxY
      isFocused = inside
      return inside ? .handled : .ignored
    }
    guard isFocused else { return .ignored }
    switch event {
    case .text(let typed):
      let printable = typed.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) }
      text += printable.prefix(max(maximumLength - text.count, 0))
      return .handled
    case .key(.backspace, let modifiers):
      if modifiers.isShortcut || modifiers.contains(.option) {
        // A word: the spaces before the caret, then the letters.
        while text.last?.isWhitespace == true { text.removeLast() }
        while let last = text.last, !last.isWhitespace { text.removeLast() }
      } else if !text.isEmpty {
        text.removeLast()
      }
      return .handled
    case .key(.enter, _):
      let trimmed = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
      guard !trimmed.isEmpty else { return .handled }
      text = ""
      return .submitted(trimmed)
    case .key(.escape, _), .key(.tab, _):
      isFocused = false
      return .dismissed
    case .key:
      // Keys that type (their text follows as .text) and keys a one-line field has no use for:
      // none of them reaches what is behind the field while it has the keyboard.
      return .handled
    default:
      return .ignored
    }
  }

  /// Draws the field: a white rounded box, its text (the end of it when it is too long) or the
  /// placeholder, and a caret when it has the keyboard.
  public func draw(in canvas: Canvas, theme: Theme = .standard, fontSize: Int = 16) {
    let radius = min(10, frame.height / 2)
    canvas.fillRoundedRect(frame, radius: radius, color: .white)
    canvas.strokeRoundedRect(
      frame, radius: radius, lineWidth: isFocused ? 2 : 1, color: isFocused ? theme.accent : theme.separator)
    let inner = frame.insetBy(dx: 14, dy: 0)
    guard !text.isEmpty else {
      if isFocused { drawCaret(at: inner.minX, in: canvas, theme: theme, fontSize: fontSize) }
      canvas.drawText(
        placeholder, in: inner.offsetBy(dx: 3, dy: 0), size: fontSize, color: theme.secondaryText, alignment: .left)
      return
    }
    // The end of the text, where the caret is, stays in view.
    var shown = Substring(text)
    while shown.count > 1, canvas.textSize(String(shown), size: fontSize).width > inner.width - 4 {
      shown = shown.dropFirst(max(shown.count / 8, 1))
    }
    canvas.drawText(String(shown), in: inner, size: fontSize, color: theme.text, alignment: .left)
    if isFocused {
      let width = min(canvas.textSize(String(shown), size: fontSize).width, inner.width - 2)
      drawCaret(at: inner.minX + width + 1, in: canvas, theme: theme, fontSize: fontSize)
    }
  }

  private func drawCaret(at x: Double, in canvas: Canvas, theme: Theme, fontSize: Int) {
    let h = Double(fontSize) * 1.25
    canvas.fill(Rect(x: x, y: frame.midY - h / 2, width: 2, height: h), color: theme.accent)
  }
}
