/// The colours and measures the app draws with (an iOS-like light look).
///
/// ```swift
/// var theme = Theme.standard
/// theme.accent = Color(hex: 0xFF9500)
/// ```
public struct Theme: Sendable {
  /// The window behind everything.
  public var background = Color(hex: 0xF2F2F7)
  /// The bar at the top, behind the scene switcher.
  public var bar = Color(hex: 0xF9F9FB)
  /// Hairlines between bars, rows and segments.
  public var separator = Color(hex: 0xC6C6C8)
  /// Primary text.
  public var text = Color(hex: 0x1C1C1E)
  /// Secondary text: details, counts, section captions.
  public var secondaryText = Color(hex: 0x8E8E93)
  /// Gaps, drop highlights, folder icons.
  public var accent = Color(hex: 0x007AFF)
  /// The forbidden marker and badges.
  public var forbidden = Color(hex: 0xFF3B30)
  /// The track of a segmented control.
  public var segmentTrack = Color(hex: 0x767680, alpha: 0.12)
  /// The selected segment.
  public var segmentSelected = Color.white
  /// Cells of the Students and Lessons scenes.
  public var cell = Color.white
  /// The corner radius of cells.
  public var cornerRadius = 12.0
  /// The lifted cell's shadow.
  public var liftedShadow = Color.black.withAlpha(0.35)
  /// How far the lifted cell's shadow spreads.
  public var liftedShadowBlur = 14.0

  /// The standard look.
  public init() {}

  /// The app's look.
  public static let standard = Theme()
}
