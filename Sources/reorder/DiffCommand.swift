import ArgumentParser
import ReorderTool

/// `reorder diff old.json new.json`: prints the staged batch updates from old to new.
struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Prints the staged batch updates (UIKit's rules hold in every stage) that take the old sections to the new ones.")

  @Argument(help: "The old sections (JSON: {\"sections\": [{\"id\": ..., \"items\": [...]}]}).")
  var old: String

  @Argument(help: "The new sections, in the same format.")
  var new: String

  func run() throws {
    emit(DiffTool.run(old: readInput(old), new: readInput(new), oldName: old, newName: new))
  }
}
