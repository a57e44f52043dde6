/// libFuzzer entry of the `json` target: see `ToolFuzz.json` (Tests/ReorderToolTests/Fuzzing/ToolFuzz.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJson(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    try ToolFuzz.json(Array(UnsafeBufferPointer(start: data, count: size)))
  } catch {
    fatalError("fuzz invariant violated: \(error)")
  }
  return 0
}
