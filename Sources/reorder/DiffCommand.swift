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

  @Option(
    help: ArgumentHelp(
      "What to do with an identifier that appears twice in one file: refuse it (exit 2), or pair it by occurrence.",
      discussion:
        "With 'pair', the k-th occurrence of an identifier in OLD is the same item (or section) as its k-th in NEW, and the output ends with \"repeated\": {\"sections\": [...], \"items\": [...]}, the identifiers that repeat.",
      valueName: "refuse|pair"))
  var duplicates: Duplicates = .refuse

  @Option(
    help: ArgumentHelp(
      "How an item that keeps its identifier and changes content is updated.",
      discussion:
        "With 'reconfigure', stages name such items in \"reconfigureItems\" (UIKit's reconfigureItems, iOS 15: the cell is kept) in place of \"reloadItems\", placed the same way.",
      valueName: "reloadItems|reconfigure"))
  var updates: Updates = .reloadItems

  func run() throws {
    emit(
      DiffTool.run(
        old: readInput(old), new: readInput(new), oldName: old, newName: new,
        pairsDuplicates: duplicates == .pair, itemUpdates: updates == .reconfigure ? .reconfigure : .reload))
  }
}

/// `--updates reloadItems|reconfigure`.
enum Updates: String, ExpressibleByArgument, CaseIterable {
  case reloadItems, reconfigure
}

/// `--duplicates refuse|pair`.
enum Duplicates: String, ExpressibleByArgument, CaseIterable {
  case refuse, pair
}
