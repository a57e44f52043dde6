#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the system's fonts through fontconfig (its `fc-match` tool), so an app draws text with
/// the font the desktop is set up with, wherever the distribution keeps it.
///
/// ```swift
/// let regular = try SystemFont.path(matching: "sans-serif")               // e.g. …/DejaVuSans.ttf
/// let bold = try SystemFont.path(matching: "sans-serif:weight=bold")      // …/DejaVuSans-Bold.ttf
/// let host = try SDLHost(title: "To do", size: size, fontPath: regular)
/// ```
public enum SystemFont {
  /// The file of the font that fontconfig picks for a pattern (a family, optionally with
  /// properties: `"sans-serif"`, `"DejaVu Sans:weight=bold"`, `"monospace"`).
  ///
  /// - Throws: ``SDLError`` saying what to install when `fc-match` is missing, fails, or names no
  ///   readable file.
  public static func path(matching pattern: String) throws -> String {
    try path(matching: pattern, using: "fc-match")
  }

  /// ``path(matching:)`` with another program in `fc-match`'s place (for tests).
  static func path(matching pattern: String, using program: String) throws -> String {
    let output: String
    do {
      output = try run([program, "--format=%{file}", pattern])
    } catch let error as SDLError {
      throw SDLError("no font for \"\(pattern)\": \(error.description). \(advice)")
    }
    let path = output.trimmingWhitespace()
    guard !path.isEmpty else { throw SDLError("no font for \"\(pattern)\": \(program) named no file. \(advice)") }
    guard access(path, R_OK) == 0 else {
      throw SDLError("no font for \"\(pattern)\": \(program) named \(path), which cannot be read. \(advice)")
    }
    return path
  }

  /// The regular and bold faces of the desktop's sans-serif font; the bold one is `nil` when
  /// fontconfig offers no separate bold file (the canvas then emboldens the regular face).
  ///
  /// ```swift
  /// let fonts = try SystemFont.sansSerif()
  /// print(fonts.regular, fonts.bold ?? "synthetic bold")
  /// ```
  public static func sansSerif() throws -> (regular: String, bold: String?) {
    let regular = try path(matching: "sans-serif")
    let bold = try? path(matching: "sans-serif:weight=bold")
    return (regular, bold == regular ? nil : bold)
  }

  static let advice =
    "Install fontconfig and a TrueType font (Debian and Ubuntu: apt-get install fontconfig fonts-dejavu-core), "
    + "or pass a font file (fontPath:, reorder-demo --font PATH)"

  /// Runs a program found on PATH and returns what it printed on stdout.
  static func run(_ arguments: [String]) throws -> String {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw SDLError("pipe failed (errno \(errno))") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid = pid_t()
    let status = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
    close(fds[1])
    defer { close(fds[0]) }
    guard status == 0 else {
      throw SDLError(
        status == ENOENT ? "\(arguments[0]) is not installed" : "\(arguments[0]) did not start (\(status))")
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fds[0], &buffer, buffer.count)
      if n > 0 {
        bytes += buffer[..<n]
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    var exit: Int32 = 0
    while waitpid(pid, &exit, 0) < 0 && errno == EINTR {}
    guard exit == 0 else { throw SDLError("\(arguments[0]) failed (status \(exit))") }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
