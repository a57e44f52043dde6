import Testing

@testable import ReorderKit

/// The validator's rules for section reloads and item reconfigures, message by message.
@Suite("Batch update validation: content updates")
struct ContentUpdateValidationTests {
  @Test("the validator names each new rule broken")
  func messages() {
    func messages(_ batch: BatchUpdate, _ before: [Int], _ after: [Int]) -> [String] {
      batch.violations(countsBefore: before, countsAfter: after).map(\.description)
    }
    let p = ItemPath(item: 0, section: 0)
    #expect(
      messages(BatchUpdate(moveItems: [ItemMove(from: p, to: p)], reconfigureItems: [p]), [1], [1]) == [
        "item [0, 0] is both moved and reconfigured"
      ])
    #expect(
      messages(
        BatchUpdate(insertItems: [ItemPath(item: 1, section: 0)], reconfigureItems: [ItemPath(item: 1, section: 0)]),
        [1], [2]) == [
          "reconfigured item [0, 1] does not exist before the batch (an inserted item is configured when it is inserted)"
        ])
    #expect(
      messages(BatchUpdate(reloadItems: [p], reconfigureItems: [p]), [1], [1]) == [
        "item [0, 0] is both reloaded and reconfigured"
      ])
    #expect(
      messages(BatchUpdate(moveSections: [SectionMove(from: 0, to: 1)], reloadSections: [0]), [1, 1], [1, 1]) == [
        "section 0 is both moved and reloaded"
      ])
    #expect(
      messages(BatchUpdate(deleteSections: [0], reloadSections: [0]), [1], []) == [
        "section 0 is both deleted and reloaded"
      ])
    #expect(
      messages(BatchUpdate(insertItems: [ItemPath(item: 1, section: 0)], reloadSections: [0]), [1], [2]) == [
        "inserts item [0, 1] into section 0, which is reloaded in the same batch"
      ])
    #expect(
      messages(
        BatchUpdate(deleteSections: [0], insertItems: [ItemPath(item: 0, section: 0)], reloadSections: [1]), [1, 0], [1]
      ) == [
        "inserts item [0, 0] into section 0, which is reloaded in the same batch"
      ])
    #expect(
      messages(BatchUpdate(reloadItems: [p], reloadSections: [0]), [1], [1]) == [
        "reloads item [0, 0] in section 0, which is reloaded in the same batch"
      ])
    #expect(messages(BatchUpdate(reloadSections: [0, 0]), [1], [1]) == ["section 0 is reloaded twice"])
    #expect(
      messages(BatchUpdate(reloadSections: [2]), [1], [1]) == [
        "reloaded section 2 is out of range before the batch (there are 1 sections)"
      ])
    #expect(
      messages(BatchUpdate(reloadSections: [0], reconfigureItems: [ItemPath(item: 0, section: 1)]), [1, 1], [1, 1])
        == [])
  }

  @Test("the UIKit model rejects section reloads with changes inside, and reconfigures of missing items")
  func model() {
    let old = [IntSection(id: 0, items: [1, 2]), IntSection(id: 1, items: [3])]
    func judge(_ new: [IntSection], _ calls: (inout UIKitBatchModel) -> Void) -> [String] {
      var model = UIKitBatchModel()
      calls(&model)
      return model.judge(before: old, after: new).errors
    }
    let p = { (s: Int, i: Int) in ItemPath(item: i, section: s) }
    #expect(judge(old) { $0.reloadSections = [0, 1] } == [])
    #expect(judge(old) { $0.reconfigureItems = [p(0, 1)] } == [])
    let moved = [IntSection(id: 1, items: [3]), IntSection(id: 0, items: [1, 2])]
    #expect(
      judge(moved) {
        $0.moveSections = [(0, 1)]
        $0.reloadSections = [0]
      }.contains { $0.contains("which the batch already deletes or moves") })
    #expect(
      judge([IntSection(id: 0, items: [1, 2, 4]), IntSection(id: 1, items: [3])]) {
        $0.insertItems = [p(0, 2)]
        $0.reloadSections = [0]
      } == ["inserts item [0, 2] into section 0, which is reloaded in the same batch"])
    #expect(
      judge([IntSection(id: 0, items: [2]), IntSection(id: 1, items: [3])]) {
        $0.deleteItems = [p(0, 0)]
        $0.reloadSections = [0]
      } == ["deletes item [0, 0] of section 0, which is reloaded in the same batch"])
    #expect(
      judge([IntSection(id: 0, items: [2, 1]), IntSection(id: 1, items: [3])]) {
        $0.moveItems = [(p(0, 0), p(0, 1))]
        $0.reconfigureItems = [p(0, 0)]
      } == ["moves item [0, 0], which the batch already deletes, moves or reloads"])
    #expect(
      judge([IntSection(id: 0, items: [1, 2, 4]), IntSection(id: 1, items: [3])]) {
        $0.insertItems = [p(0, 2)]
        $0.reconfigureItems = [p(0, 2)]
      } == ["reconfigures item [0, 2], which does not exist before the batch"])
  }
}
