/// libFuzzer entry of the `diff` target: see `ToolFuzz.diff` (Tests/ReorderToolTests/Fuzzing/ToolFuzz.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    try ToolFuzz.diff(Array(UnsafeBufferPointer(start: data, count: size)))
  } catch {
    fatalError("fuzz invariant violated: \(error)")
  }
  return 0
}
