import Foundation

/// One chore: its title and whether it is done.
struct Chore: Equatable {
  var title: String
  var isDone = false
}

/// The chores in their order, kept in a text file as a Markdown task list, one a line:
/// `- [ ] Water the plants`, `- [x] Buy coffee beans`. A line without the box is a chore not done
/// (the file of the previous version, one title a line, reads as it is).
struct ChoreList {
  /// The chores by identifier (identifiers, not titles: two chores may have the same title).
  var chores: [Int: Chore] = [:]
  /// Identifiers in the order they were read or added.
  var order: [Int] = []

  static let examples = [
    "Water the plants", "Buy coffee beans", "Call the dentist", "Pay the electricity bill",
    "Return library books", "Book train tickets", "Fix the bike's brakes", "Write to grandma",
  ]

  /// The list in `file`, or the examples when there is no such file.
  init(file: String) {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      for title in Self.examples { add(Chore(title: title)) }
      return
    }
    for line in text.split(whereSeparator: \.isNewline) {
      if line.hasPrefix("- [ ] ") {
        add(Chore(title: String(line.dropFirst(6))))
      } else if line.hasPrefix("- [x] ") || line.hasPrefix("- [X] ") {
        add(Chore(title: String(line.dropFirst(6)), isDone: true))
      } else if !line.allSatisfy(\.isWhitespace) {
        add(Chore(title: String(line)))
      }
    }
  }

  /// Adds a chore; returns its identifier.
  @discardableResult
  mutating func add(_ chore: Chore) -> Int {
    let id = (order.max() ?? 0) + 1
    chores[id] = chore
    order.append(id)
    return id
  }

  /// Writes the chores in `order` (the list's order on screen) to `file`, through a temporary file.
  func write(order: [Int], to file: String) throws {
    let lines = order.compactMap { id in chores[id].map { "- [\($0.isDone ? "x" : " ")] \($0.title)" } }
    try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
  }
}
