import ArgumentParser
import Foundation

/// The command line of `reorder-demo`.
struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reorder-demo",
    abstract: "The ReorderKit desktop app.",
    discussion: """
      Five scenes (Colors, Photos, Students, Lessons, Board) switched by the control at the top or
      keys 1-5. Press and hold a cell to lift it, drag, release; Esc cancels a drag; the wheel scrolls.
      """)

  /// The scenes, in the switcher's order.
  enum Scene: String, CaseIterable, ExpressibleByArgument {
    case colors, photos, students, lessons, board
  }

  /// A window size, written WxH.
  struct WindowSize: ExpressibleByArgument {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }

    init?(argument: String) {
      let parts = argument.split(separator: "x").compactMap { Double($0) }
      guard parts.count == 2, (200...8192).contains(parts[0]), (200...8192).contains(parts[1]) else { return nil }
      self.init(width: parts[0], height: parts[1])
    }

    var defaultValueDescription: String { "\(Int(width))x\(Int(height))" }
  }

  @Option(help: "The first scene.")
  var scene: Scene = .colors

  @Option(
    help: ArgumentHelp(
      "The number of cells in Colors (default 50); with --scene board, of cards on the Board, shared by its five columns (default: its 40 built-in cards).",
      valueName: "n"))
  var items: Int?

  @Option(
    name: .customLong("state"),
    help: ArgumentHelp(
      "The state database (default $XDG_STATE_HOME/reorderkit/state.sqlite, or ~/.local/state/reorderkit/state.sqlite).",
      valueName: "path"))
  var statePath: String?

  @Option(
    help: ArgumentHelp(
      "Share the Board scene through reorder-server: its board's link, with --token-file. Others' moves show live; moves made offline wait in PATH.shared.sqlite beside the state file. (postgresql://… on loopback: a server's own tests.)",
      valueName: "http(s)://host:port/boards/B"))
  var share: String?

  @Option(
    name: .customLong("token-file"),
    help: ArgumentHelp(
      "The file holding your token for --share's board (reorder-server token create prints it).", valueName: "path"))
  var tokenFile: String?

  @Option(
    help: ArgumentHelp(
      "A PEM file of certificates to trust for --share https://… besides the system's (a server with a certificate of its own).",
      valueName: "path"))
  var trust: String?

  @Flag(help: "Start from the built-in data, ignoring the saved state.")
  var reset = false

  @Flag(help: "Print JSON lines on stdout: \"ready\" on start, \"changed\" after each commit.")
  var report = false

  @Flag(help: "Print frame-time percentiles on stderr on exit.")
  var stats = false

  @Option(help: ArgumentHelp("The window size in points, each side from 200 to 8192.", valueName: "WxH"))
  var size = WindowSize(width: 390, height: 720)

  @Option(
    name: .customLong("tour"),
    help: ArgumentHelp(
      "Run the scripted tour of all scenes offscreen, writing PNG frames to this folder.", valueName: "dir"))
  var tourDirectory: String?

  @Option(
    name: .customLong("tour-scene"),
    help: ArgumentHelp(
      "With --tour: tour only this scene (repeat for several; default: every scene).", valueName: "scene"))
  var tourScenes: [Scene] = []

  @Flag(name: .customLong("vsync"), inversion: .prefixedNo, help: "Wait for the display's vertical blank.")
  var vsync = true

  @Option(
    name: .customLong("font"),
    help: ArgumentHelp("A TrueType font file (default: the sans-serif font fontconfig picks).", valueName: "path"))
  var fontPath: String?

  static let sceneNames = Scene.allCases.map(\.rawValue)

  func validate() throws {
    if let items, !(1...1_000_000).contains(items) {
      throw ValidationError("--items wants a whole number from 1 to 1000000, got \(items)")
    }
  }

  /// The options of this process: on `--help` prints the help and exits 0; on a usage error
  /// prints one line on stderr and exits 2.
  static func parseCommandLine() -> Options {
    do {
      return try parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      if exitCode(for: error) == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      FileHandle.standardError.write(Data("reorder-demo: \(message(for: error)) (see --help)\n".utf8))
      Foundation.exit(2)
    }
  }

  /// The state database: `--state`, else `reorderkit/state.sqlite` under $XDG_STATE_HOME, else under
  /// ~/.local/state.
  var resolvedStatePath: String {
    if let statePath { return statePath }
    return Self.stateFolder(ProcessInfo.processInfo.environment) + "/" + Self.stateFileName
  }

  /// The default state database's name: it says what the file is (earlier versions wrote `state.json`).
  static let stateFileName = "state.sqlite"
  /// The default state file's name in earlier versions (a JSON file, then a SQLite database).
  static let oldStateFileName = "state.json"

  /// The folder of the default state file.
  static func stateFolder(_ env: [String: String]) -> String {
    if let xdg = env["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/reorderkit" }
    return (env["HOME"] ?? NSHomeDirectory()) + "/.local/state/reorderkit"
  }
}
