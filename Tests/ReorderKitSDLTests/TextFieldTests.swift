import ReorderKit
import ReorderKitSDL
import Testing

@Suite("TextField: typing, submitting, giving the keyboard back")
struct TextFieldTests {
  static func field() -> TextField {
    var field = TextField(placeholder: "Add a chore")
    field.frame = Rect(x: 10, y: 500, width: 300, height: 44)
    return field
  }

  @Test func typedTextGoesInAndEnterSubmitsItTrimmed() {
    var field = Self.field()
    #expect(field.handle(.text("x")) == .ignored, "without the keyboard, typing is not the field's")
    #expect(field.handle(.pointerDown(Point(x: 20, y: 510))) == .handled)
    #expect(field.isFocused)
    for event: InputEvent in [
      .key(.character("b"), modifiers: .shift), .text(" Buy"), .key(.space), .text(" "), .text("mlik"),
    ] {
      #expect(field.handle(event) == .handled)
    }
    #expect(field.text == " Buy mlik")
    for _ in 0..<3 { #expect(field.handle(.key(.backspace)) == .handled) }
    _ = field.handle(.text("ilk  "))
    #expect(field.handle(.key(.enter)) == .submitted("Buy milk"))
    #expect(field.text.isEmpty && field.isFocused)
    #expect(field.handle(.key(.enter)) == .handled, "nothing to submit")
    _ = field.handle(.text("   "))
    #expect(field.handle(.key(.enter)) == .handled, "only spaces")
  }

  @Test func keysWhileTypingDoNotReachWhatIsBehind() {
    var field = Self.field()
    field.isFocused = true
    for event: InputEvent in [
      .key(.space), .key(.up), .key(.character("z"), modifiers: .control), .key(.home), .key(.character("1")),
    ] {
      #expect(field.handle(event) == .handled, "\(event)")
    }
    #expect(field.handle(.scroll(by: Point(x: 0, y: 10), at: Point(x: 20, y: 510))) == .ignored)
    #expect(field.handle(.pointerMoved(Point(x: 20, y: 510))) == .ignored)
  }

  @Test func escapeTabAndAPressElsewhereGiveTheKeyboardBack() {
    var field = Self.field()
    field.isFocused = true
    _ = field.handle(.text("half"))
    #expect(field.handle(.key(.escape)) == .dismissed)
    #expect(!field.isFocused && field.text == "half")
    #expect(field.handle(.key(.space)) == .ignored)
    field.isFocused = true
    #expect(field.handle(.key(.tab, modifiers: .shift)) == .dismissed)
    field.isFocused = true
    #expect(field.handle(.pointerDown(Point(x: 20, y: 100))) == .ignored, "the press is for what is under it")
    #expect(!field.isFocused)
  }

  @Test func backspaceWithControlDeletesAWordAndTheLengthIsCapped() {
    var field = TextField(isFocused: true, maximumLength: 12)
    _ = field.handle(.text("Call the dentist"))
    #expect(field.text == "Call the den")
    _ = field.handle(.key(.backspace, modifiers: .control))
    #expect(field.text == "Call the ")
    _ = field.handle(.key(.backspace, modifiers: .control))
    #expect(field.text == "Call ")
    _ = field.handle(.text("\u{7F}a\nb\u{1B}"))
    #expect(field.text == "Call ab", "control characters and newlines are not typed")
  }
}
