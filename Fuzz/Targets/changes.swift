/// libFuzzer entry of the `changes` target: see `ChangeFuzzMachine` (Tests/ReorderKitTests/Fuzzing).
import Glibc

/// FUZZ_TRACE=1 prints each step of an input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChanges(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let trace: ((String) -> Void)? =
    getenv("FUZZ_TRACE") == nil
    ? nil
    : {
      print($0)
      fflush(nil)
    }
  do {
    try ChangeFuzzMachine.run(Array(UnsafeBufferPointer(start: data, count: size)), trace: trace)
  } catch {
    fatalError("fuzz invariant violated: \(error)")
  }
  return 0
}
