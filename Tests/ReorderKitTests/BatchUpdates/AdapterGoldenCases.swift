import Testing

@testable import ReorderKit

/// The valid cases of `reorder diff`'s golden files (`Tests/ReorderToolTests/Golden/diff/`), built
/// in code: sections and items by name, and the items whose content changes between old and new.
/// Names become integers (in order of first appearance) so that `semanticErrors` can replay them.
struct GoldenDiffCase: CustomTestStringConvertible, Sendable {
  var name: String
  var old: [(String, [String])]
  var new: [(String, [String])]
  var changed: Set<String> = []

  var testDescription: String { name }

  /// Old, new and the changed items, as integers.
  func integers() -> (old: [IntSection], new: [IntSection], changed: Set<Int>) {
    var sectionNumbers: [String: Int] = [:]
    var itemNumbers: [String: Int] = [:]
    func number(_ name: String, in numbers: inout [String: Int]) -> Int {
      if let n = numbers[name] { return n }
      numbers[name] = numbers.count
      return numbers.count - 1
    }
    func sections(_ list: [(String, [String])]) -> [IntSection] {
      list.map { id, items in
        IntSection(id: number(id, in: &sectionNumbers), items: items.map { number($0, in: &itemNumbers) })
      }
    }
    let (o, n) = (sections(old), sections(new))
    return (o, n, Set(changed.map { number($0, in: &itemNumbers) }))
  }

  static let all: [GoldenDiffCase] = [
    GoldenDiffCase(
      name: "content-changes",
      old: [("Inbox", ["m1", "m2", "m3", "m4"])], new: [("Inbox", ["m3", "m1", "m2", "m4"])],
      changed: ["m1", "m3"]),
    GoldenDiffCase(
      name: "content-key-order",
      old: [("S", ["-2", "x", "y"]), ("T", [])], new: [("T", ["y", "x"])]),
    GoldenDiffCase(
      name: "integer-ids",  // the integer 3 and the string "3" are different items
      old: [("0", ["1", "2", "3", "\"3\""]), ("1", ["4"])], new: [("1", ["4", "3"]), ("0", ["\"3\"", "1", "5"])]),
    GoldenDiffCase(
      name: "reorder-within-section",
      old: [("Colors", ["red", "orange", "yellow", "green", "blue", "indigo", "violet"])],
      new: [("Colors", ["violet", "red", "orange", "green", "yellow", "blue", "cyan"])]),
    GoldenDiffCase(
      name: "section-moves",
      old: [("Today", ["a", "b"]), ("Tomorrow", ["c"]), ("Later", ["d", "e"]), ("Done", [])],
      new: [("Done", []), ("Later", ["e", "d", "f"]), ("Today", ["a", "b"]), ("Tomorrow", ["c"])]),
    GoldenDiffCase(
      name: "students-by-birthday",  // Hina grew from 128 to 129 cm
      old: [("A", ["Aiko", "Akira"]), ("H", ["Haruto", "Hina"]), ("R", ["Ren"]), ("Y", ["Yui", "Yuto"])],
      new: [("2011", ["Haruto", "Aiko", "Yui"]), ("2012", ["Ren", "Yuto", "Akira"]), ("R", []), ("2013", ["Hina"])],
      changed: ["Hina"]),
    GoldenDiffCase(
      name: "unchanged",
      old: [("Colors", ["red", "orange", "yellow", "green", "blue", "indigo", "violet"])],
      new: [("Colors", ["red", "orange", "yellow", "green", "blue", "indigo", "violet"])]),
  ]
}
