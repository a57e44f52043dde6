import Testing

@testable import ReorderKit

@Suite("Batch update validation")
struct BatchUpdateValidationTests {
  func messages(_ batch: BatchUpdate, _ before: [Int], _ after: [Int]) -> [String] {
    batch.violations(countsBefore: before, countsAfter: after).map(\.description)
  }

  @Test("a valid batch has no violation")
  func valid() {
    let batch = BatchUpdate(
      deleteItems: [ItemPath(item: 1, section: 0)], insertItems: [ItemPath(item: 1, section: 1)],
      moveItems: [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))])
    #expect(messages(batch, [3, 1], [1, 3]) == [])
    #expect(messages(BatchUpdate(), [], []) == [])
    #expect(
      messages(
        BatchUpdate(deleteSections: [0], insertSections: [1], moveSections: [SectionMove(from: 2, to: 0)]), [1, 2, 3],
        [3, 0, 2]) == [])
  }

  @Test("counts must add up")
  func counts() {
    #expect(
      messages(BatchUpdate(insertItems: [ItemPath(item: 0, section: 0)]), [2], [2]) == [
        "section 0 has 2 items after the batch; expected 3 = 2 before - 0 deleted or moved out + 1 inserted or moved in"
      ])
    #expect(
      messages(BatchUpdate(deleteSections: [0]), [1, 1], [1, 1]) == [
        "there are 2 sections after the batch; expected 1 = 2 before - 1 deleted + 0 inserted"
      ])
  }

  @Test("paths must be in range")
  func ranges() {
    #expect(
      messages(BatchUpdate(deleteItems: [ItemPath(item: 5, section: 0)]), [2], [1]) == [
        "deleted item [0, 5] is out of range before the batch (section 0 has 2 items)",
        "section 0 has 1 items after the batch; expected 2 = 2 before - 0 deleted or moved out + 0 inserted or moved in",
      ])
    #expect(
      messages(BatchUpdate(insertSections: [3]), [], [1]).first
        == "inserted section 3 is out of range after the batch (there are 1 sections)")
  }

  @Test("no path is both deleted and moved or reloaded")
  func conflicts() {
    let p = ItemPath(item: 0, section: 0)
    let moved = BatchUpdate(deleteItems: [p], moveItems: [ItemMove(from: p, to: p)])
    #expect(messages(moved, [1], [1]).contains("item [0, 0] is both deleted and moved"))
    #expect(
      messages(BatchUpdate(deleteItems: [p], reloadItems: [p]), [1], [0]) == [
        "item [0, 0] is both deleted and reloaded"
      ])
    #expect(
      messages(BatchUpdate(moveItems: [ItemMove(from: p, to: p)], reloadItems: [p]), [1], [1]) == [
        "item [0, 0] is both moved and reloaded"
      ])
    #expect(messages(BatchUpdate(deleteItems: [p, p]), [1], [0]) == ["item [0, 0] is deleted twice"])
  }

  @Test("nothing moves into or out of a section inserted or deleted in the same batch")
  func insertedAndDeletedSections() {
    let out = BatchUpdate(
      deleteSections: [0], moveItems: [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 0))]
    )
    #expect(messages(out, [1, 0], [1]) == ["moves item [0, 0] out of section 0, which is deleted in the same batch"])
    let into = BatchUpdate(
      insertSections: [1], moveItems: [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))]
    )
    #expect(messages(into, [1], [0, 1]) == ["moves item [0, 0] into section 1, which is inserted in the same batch"])
    let insert = BatchUpdate(insertSections: [0], insertItems: [ItemPath(item: 0, section: 0)])
    #expect(messages(insert, [], [1]) == ["inserts item [0, 0] into section 0, which is inserted in the same batch"])
  }

  @Test("nothing changes in a section that moves")
  func movingSections() {
    let moves = [SectionMove(from: 0, to: 1)]
    #expect(
      messages(BatchUpdate(moveSections: moves, deleteItems: [ItemPath(item: 0, section: 0)]), [1, 0], [0, 0]).first
        == "deletes item [0, 0] in section 0, which moves in the same batch")
    #expect(
      messages(BatchUpdate(moveSections: moves, insertItems: [ItemPath(item: 0, section: 1)]), [0, 0], [0, 1]).first
        == "inserts item [1, 0] into section 1, which moves in the same batch")
    #expect(
      messages(BatchUpdate(moveSections: moves, reloadItems: [ItemPath(item: 0, section: 0)]), [1, 0], [0, 1])
        == ["reloads item [0, 0] in section 0, which moves in the same batch"])
  }
}
