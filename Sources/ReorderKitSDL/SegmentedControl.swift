import ReorderKit

/// A row of mutually exclusive segments, like `UISegmentedControl`: the
/// scene switcher at the top of the window and the Students sort control.
///
/// A value: the app owns it, lays it out, asks it for hits and draws it.
///
/// ```swift
/// var control = SegmentedControl(segments: ["Colors", "Photos", "Students", "Lessons"])
/// control.frame = Rect(x: 12, y: 10, width: 366, height: 32)
/// if let index = control.segment(at: point) { control.selectedIndex = index }
/// control.draw(in: canvas)
/// ```
public struct SegmentedControl: Sendable {
  /// The segment titles.
  public var segments: [String]
  /// The selected segment.
  public var selectedIndex: Int
  /// Where the control is, in window coordinates.
  public var frame: Rect = .zero
  /// The segment under the pointer while it is held, drawn darker.
  public var pressedIndex: Int?

  /// Creates a control with the first segment selected.
  public init(segments: [String], selectedIndex: Int = 0) {
    precondition(!segments.isEmpty, "a segmented control needs at least one segment")
    self.segments = segments
    self.selectedIndex = selectedIndex
  }

  /// The frame of one segment.
  public func frame(ofSegment index: Int) -> Rect {
    let w = frame.width / Double(segments.count)
    return Rect(x: frame.minX + Double(index) * w, y: frame.minY, width: w, height: frame.height)
  }

  /// The segment at a point, or `nil` outside the control.
  public func segment(at point: Point) -> Int? {
    guard frame.contains(point), frame.width > 0 else { return nil }
    let i = Int((point.x - frame.minX) / (frame.width / Double(segments.count)))
    return min(max(i, 0), segments.count - 1)
  }

  /// Draws the control: a grey track, a white pill under the selected segment, the titles.
  public func draw(in canvas: Canvas, theme: Theme = .standard) {
    let radius = min(9, frame.height / 2)
    canvas.fillRoundedRect(frame, radius: radius, color: theme.segmentTrack)
    for i in segments.indices where i != selectedIndex && i != selectedIndex - 1 && i < segments.count - 1 {
      let f = frame(ofSegment: i)
      canvas.fill(Rect(x: f.maxX - 0.5, y: f.minY + 7, width: 1, height: f.height - 14), color: theme.separator)
    }
    let pill = frame(ofSegment: selectedIndex).insetBy(dx: 2, dy: 2)
    canvas.drawShadow(pill.offsetBy(dx: 0, dy: 1), radius: radius - 2, blur: 2, color: Color.black.withAlpha(0.12))
    canvas.fillRoundedRect(pill, radius: radius - 2, color: theme.segmentSelected)
    if let pressedIndex, pressedIndex != selectedIndex {
      canvas.fillRoundedRect(
        frame(ofSegment: pressedIndex).insetBy(dx: 2, dy: 2), radius: radius - 2, color: Color.black.withAlpha(0.06))
    }
    for (i, title) in segments.enumerated() {
      canvas.drawText(
        title, in: frame(ofSegment: i), size: 13, bold: i == selectedIndex, color: theme.text, alignment: .center)
    }
  }
}

extension Rect {
  /// This rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: max(width - 2 * dx, 0), height: max(height - 2 * dy, 0))
  }
}
