/// The colours and measures the app draws with (an iOS-like light look).
public struct Theme: Sendable {
  public var background = Color(hex: 0xF2F2F7)
  public var bar = Color(hex: 0xF9F9FB)
  public var separator = Color(hex: 0xC6C6C8)
  public var text = Color(hex: 0x1C1C1E)
  public var secondaryText = Color(hex: 0x8E8E93)
  public var accent = Color(hex: 0x007AFF)
  public var forbidden = Color(hex: 0xFF3B30)
  public var segmentTrack = Color(hex: 0x767680, alpha: 0.12)
  public var segmentSelected = Color.white
  public var cell = Color.white
  public var cornerRadius = 12.0
  public var liftedShadow = Color.black.withAlpha(0.35)
  public var liftedShadowBlur = 14.0

  public init() {}

  /// The app's look.
  public static let standard = Theme()
}
