import Foundation

// stdlib-diff old.json new.json: reads two `reorder diff` documents, flattens
// their items (integer or string identifiers) and runs the standard library's
// `difference(from:).inferringMoves()`; prints the counts. The baseline for
// whole-process timings of `reorder diff`.

func items(_ path: String) -> [AnyHashable] {
  guard let data = FileManager.default.contents(atPath: path),
    let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let sections = root["sections"] as? [[String: Any]]
  else {
    FileHandle.standardError.write(Data("error: \(path) is not a diff document\n".utf8))
    exit(2)
  }
  return sections.flatMap { ($0["items"] as? [Any] ?? []).map { item -> AnyHashable in
      let id = (item as? [String: Any])?["id"] ?? item
      if let n = id as? Int { return n }
      return id as? String ?? "\(id)"
    }
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: stdlib-diff old.json new.json\n".utf8))
  exit(2)
}
let old = items(arguments[1])
let new = items(arguments[2])
let difference = new.difference(from: old).inferringMoves()
var moves = 0
for case .insert(_, _, let associated?) in difference where associated >= 0 { moves += 1 }
print("{\"insertions\": \(difference.insertions.count), \"removals\": \(difference.removals.count), \"moves\": \(moves)}")
