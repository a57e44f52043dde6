import ReorderKit
import ReorderKitUIKit
import Testing

/// The example of `BatchUpdatingView`'s documentation, as written there (its prints included).
@MainActor final class LoggingView: BatchUpdatingView {
  var sections: [Snapshot<String, Int>.Section] = []
  var shown: [Snapshot<String, Int>.Section] = []
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    updates?()
    shown = sections
    completion?(true)
  }
  func insertSections(_ sections: [Int]) { print("insert sections", sections) }
  func deleteSections(_ sections: [Int]) { print("delete sections", sections) }
  func moveSection(_ section: Int, toSection newSection: Int) { print("move section", section, newSection) }
  func insertItems(at paths: [ItemPath]) { print("insert", paths) }
  func deleteItems(at paths: [ItemPath]) { print("delete", paths) }
  func moveItem(at path: ItemPath, to newPath: ItemPath) { print("move", path, newPath) }
  func reloadItems(at paths: [ItemPath]) { print("reload", paths) }
  func reloadData() { shown = sections }
  var numberOfSections: Int { shown.count }
  func numberOfItems(inSection section: Int) -> Int { shown[section].items.count }
}

@Suite("BatchUpdatingView's documentation example")
@MainActor
struct BatchUpdatingViewExampleTests {
  @Test func theExampleRunsFromOutsideTheModule() throws {
    let view = LoggingView()
    let staged = try StagedChangeset(from: view.shown, to: [.init(id: "A", items: [1, 2])])
    view.reload(using: staged, setData: { view.sections = $0 })
    #expect(view.shown == [.init(id: "A", items: [1, 2])])
  }
}
