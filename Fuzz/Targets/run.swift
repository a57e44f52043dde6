/// libFuzzer entry of the `run` target: see `ToolFuzz.run` (Tests/ReorderToolTests/Fuzzing/ToolFuzz.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRun(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    try ToolFuzz.run(Array(UnsafeBufferPointer(start: data, count: size)))
  } catch {
    fatalError("fuzz invariant violated: \(error)")
  }
  return 0
}
