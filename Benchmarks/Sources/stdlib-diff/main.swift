import Foundation

// stdlib-diff old.json new.json: reads two `reorder diff` documents, flattens
// their items (integer or string identifiers) and runs the standard library's
// `difference(from:).inferringMoves()`; prints the counts. The baseline for
// whole-process timings of `reorder diff`.

/// The items of a document, section after section: integers when every identifier is one, else strings.
enum Items {
  case integers([Int])
  case strings([String])
}

func items(_ path: String) -> Items {
  guard let data = FileManager.default.contents(atPath: path),
    let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let sections = root["sections"] as? [[String: Any]]
  else {
    FileHandle.standardError.write(Data("error: \(path) is not a diff document\n".utf8))
    exit(2)
  }
  let ids = sections.flatMap { ($0["items"] as? [Any] ?? []).map { ($0 as? [String: Any])?["id"] ?? $0 } }
  let integers = ids.compactMap { $0 as? Int }
  return integers.count == ids.count ? .integers(integers) : .strings(ids.map { "\($0)" })
}

func summary<T: Hashable>(_ old: [T], _ new: [T]) -> String {
  let difference = new.difference(from: old).inferringMoves()
  var moves = 0
  for case .insert(_, _, let associated?) in difference where associated >= 0 { moves += 1 }
  return
    "{\"insertions\": \(difference.insertions.count), \"removals\": \(difference.removals.count), \"moves\": \(moves)}"
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: stdlib-diff old.json new.json\n".utf8))
  exit(2)
}
switch (items(arguments[1]), items(arguments[2])) {
case (.integers(let old), .integers(let new)): print(summary(old, new))
case (let old, let new):
  func strings(_ items: Items) -> [String] {
    switch items {
    case .integers(let i): i.map(String.init)
    case .strings(let s): s
    }
  }
  print(summary(strings(old), strings(new)))
}
