import Foundation

/// The command line of `reorder-demo`.
struct Options {
  var scene = "colors"
  var items = 50
  var statePath: String?
  var reset = false
  var report = false
  var stats = false
  var size = (width: 390.0, height: 720.0)
  var tourDirectory: String?
  var vsync = true
  var fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  static let sceneNames = ["colors", "photos", "students", "lessons"]

  static let usage = """
    usage: reorder-demo [options]

    The ReorderKit desktop app: four scenes (Colors, Photos, Students, Lessons)
    switched by the control at the top or keys 1-4. Press and hold a cell to
    lift it, drag, release; Esc cancels a drag; the wheel scrolls.

    options:
      --scene NAME      first scene: colors, photos, students or lessons (default colors)
      --items N         number of cells in Colors (default 50; 10000 and more scroll smoothly)
      --state PATH      the state file (default $XDG_STATE_HOME/reorderkit/state.json,
                        or ~/.local/state/reorderkit/state.json)
      --reset           start from the built-in data, ignoring the saved state
      --report          print JSON lines on stdout: "ready" on start, "changed" after each commit
      --stats           print frame-time percentiles on stderr on exit
      --size WxH        window size in points (default 390x720)
      --tour DIR        run the scripted tour of all scenes offscreen, writing PNG frames to DIR
      --no-vsync        do not wait for the display's vertical blank
      --font PATH       the TrueType font (default DejaVu Sans)
      -h, --help        show this help
    """

  struct UsageError: Error, CustomStringConvertible { var description: String }

  static func parse(_ arguments: [String]) throws -> Options {
    var o = Options()
    var i = 0
    func value(_ flag: String) throws -> String {
      i += 1
      guard i < arguments.count else { throw UsageError(description: "\(flag) needs a value") }
      return arguments[i]
    }
    while i < arguments.count {
      let arg = arguments[i]
      switch arg {
      case "--scene":
        let name = try value(arg).lowercased()
        guard sceneNames.contains(name) else {
          throw UsageError(
            description: "unknown scene \"\(name)\" (expected one of \(sceneNames.joined(separator: ", ")))")
        }
        o.scene = name
      case "--items":
        let text = try value(arg)
        guard let n = Int(text), n >= 1, n <= 1_000_000 else {
          throw UsageError(description: "--items wants a whole number from 1 to 1000000, got \"\(text)\"")
        }
        o.items = n
      case "--state": o.statePath = try value(arg)
      case "--reset": o.reset = true
      case "--report": o.report = true
      case "--stats": o.stats = true
      case "--no-vsync": o.vsync = false
      case "--font": o.fontPath = try value(arg)
      case "--tour": o.tourDirectory = try value(arg)
      case "--size":
        let text = try value(arg)
        let parts = text.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] >= 200, parts[1] >= 200, parts[0] <= 8192, parts[1] <= 8192 else {
          throw UsageError(description: "--size wants WxH, each from 200 to 8192, got \"\(text)\"")
        }
        o.size = (parts[0], parts[1])
      case "-h", "--help":
        print(usage)
        exit(0)
      default:
        throw UsageError(description: "unknown option \"\(arg)\" (see --help)")
      }
      i += 1
    }
    return o
  }

  /// The state file: `--state`, else under $XDG_STATE_HOME, else ~/.local/state.
  var resolvedStatePath: String {
    if let statePath { return statePath }
    let env = ProcessInfo.processInfo.environment
    if let xdg = env["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/reorderkit/state.json" }
    let home = env["HOME"] ?? NSHomeDirectory()
    return home + "/.local/state/reorderkit/state.json"
  }
}
