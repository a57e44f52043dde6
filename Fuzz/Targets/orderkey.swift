/// libFuzzer entry of the `orderkey` target: see `OrderKeyFuzz` (Tests/ReorderKitTests/Fuzzing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOrderKey(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    try OrderKeyFuzz.run(Array(UnsafeBufferPointer(start: data, count: size)))
  } catch {
    fatalError("fuzz invariant violated: \(error)")
  }
  return 0
}
