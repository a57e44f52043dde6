@preconcurrency import CSDL2
import ReorderKit
import ReorderKitSDL

try Window.initializeSDL()
let window = try Window(title: "ReorderKit", size: Size(width: 390, height: 720), fontPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
var stats = FrameStats()
var pacer = FramePacer(rate: window.refreshRate)
for frame in 0..<120 {
  let start = FramePacer.now()
  let c = window.canvas
  c.clear(Color(hex: 0xF2F2F7))
  for i in 0..<50 {
    let r = Rect(x: 20 + Double(i % 3) * 123, y: 60 + Double(i / 3) * 123 - Double(frame), width: 103, height: 103)
    c.fillRoundedRect(r, radius: 12, color: Color(hue: Double(i) / 50, saturation: 0.7, brightness: 0.9))
    c.drawText("\(i)", in: r, size: 15, bold: true, color: .white)
  }
  c.drawShadow(Rect(x: 120, y: 300, width: 110, height: 110), radius: 12, blur: 12, color: Color.black.withAlpha(0.35))
  c.fillRoundedRect(Rect(x: 120, y: 300, width: 110, height: 110), radius: 12, color: .white)
  if frame == 60 { try window.savePNG(to: "/tmp/sdl-test.png") }
  window.present()
  stats.record(FramePacer.now() - start)
  pacer.waitForNextFrame()
}
print(window.rendererName, window.isVSynced, stats.summary())
