import ReorderKit
import ReorderKitSDL
import Testing

@Suite("Frame statistics, the segmented control, colours")
struct WidgetTests {
  @Test func percentilesByNearestRank() {
    var stats = FrameStats()
    for ms in 1...100 { stats.record(Double(ms) / 1000) }
    #expect(stats.percentile(50) == 0.050)
    #expect(stats.percentile(95) == 0.095)
    #expect(stats.percentile(100) == 0.100)
    #expect(FrameStats().percentile(95) == 0)
    #expect(stats.summary().contains("p95 95.00 ms"))
  }

  @Test func segmentHitTesting() {
    var control = SegmentedControl(segments: ["Colors", "Photos", "Students", "Lessons"])
    control.frame = Rect(x: 12, y: 10, width: 400, height: 32)
    #expect(control.segment(at: Point(x: 12, y: 10)) == 0)
    #expect(control.segment(at: Point(x: 111.9, y: 20)) == 0)
    #expect(control.segment(at: Point(x: 112, y: 20)) == 1)
    #expect(control.segment(at: Point(x: 411, y: 41)) == 3)
    #expect(control.segment(at: Point(x: 412, y: 20)) == nil)
    #expect(control.segment(at: Point(x: 50, y: 42)) == nil)
    #expect(control.frame(ofSegment: 2) == Rect(x: 212, y: 10, width: 100, height: 32))
  }

  @Test func hueSaturationBrightness() {
    #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(r: 255, g: 0, b: 0))
    #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1) == Color(r: 0, g: 255, b: 0))
    #expect(Color(hue: 0.5, saturation: 0, brightness: 0.5) == Color(r: 128, g: 128, b: 128))
    #expect(Color(hex: 0x007AFF).hexString == "#007aff")
    #expect(Color.white.withAlpha(0.5).a == 128)
  }
}
