/// The fuzzer's input read as a stream of choices: each call takes the next bytes, and an
/// exhausted input answers zeros, so every input (even an empty one) is a valid program.
struct FuzzBytes {
  private let bytes: [UInt8]
  private var position = 0

  init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = Array(UnsafeBufferPointer(start: data, count: size))
  }

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte was read.
  var isAtEnd: Bool { position >= bytes.count }

  /// The next byte (0 past the end).
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `0..<bound` (0 when `bound` is 0).
  mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    let wide = UInt16(byte()) << 8 | UInt16(byte())
    return Int(wide) % bound
  }

  /// A coin toss.
  mutating func bool() -> Bool { byte() & 1 == 1 }

  /// The rest of the input.
  mutating func rest() -> [UInt8] {
    defer { position = bytes.count }
    return position < bytes.count ? Array(bytes[position...]) : []
  }
}

/// A broken invariant found by a fuzz harness: the fuzz target traps with it (libFuzzer keeps the
/// input), the regression tests report it.
struct FuzzFailure: Error, CustomStringConvertible {
  var message: String
  init(_ message: String) { self.message = message }
  var description: String { message }
}
