import ReorderKit
import Testing

@testable import reorder_demo

/// The Students scene speaks what a person sees: names and header titles, not identifiers.
@Suite("The Students scene")
struct StudentsSceneTests {
  @Test func everySectionsTitleIsReadBackFromItsIdentifier() {
    for sort in StudentSort.allCases {
      for student in StudentsData.students {
        let section = sort.section(of: student)
        #expect(StudentSort.title(ofSection: section.id) == section.title, "\(sort) \(student.name)")
      }
    }
    for id in ["name-", "month-0", "month-13", "month-x", "height-", "colors", "", "shape-3"] {
      #expect(StudentSort.title(ofSection: id) == nil, "\(id)")
    }
  }

  @Test func aKeyboardLiftNamesTheStudentAndTheHeader() {
    var scene = StudentsScene(viewSize: Size(width: 390, height: 700))
    App.nameItems(of: &scene.view, scene: scene.name)
    // Sorted by name, section A holds Aaron then Aiko.
    let sectionA = scene.view.snapshot.items(inSection: 0)
    #expect(sectionA.map { StudentsData.byID[$0]?.name } == ["Aaron", "Aiko"])
    _ = scene.view.focus(sectionA[1], time: 0)
    let said = scene.view.keyPressed(.space, time: 0.1).compactMap { event -> String? in
      if case .announcement(let text) = event { return text }
      return nil
    }
    #expect(said == ["Aiko, lifted. Position 2 of 2 in A."])
    _ = scene.view.keyPressed(.escape, time: 0.2)
    scene.resort(.birthday, time: 1)
    let march = scene.view.snapshot.sections.firstIndex { $0.id == "month-3" }
    #expect(march != nil)
    let first = scene.view.snapshot.items(inSection: march ?? 0)[0]
    _ = scene.view.focus(first, time: 2)
    let lifted = scene.view.keyPressed(.space, time: 2.1).compactMap { event -> String? in
      if case .announcement(let text) = event { return text }
      return nil
    }
    #expect(lifted.first?.hasSuffix("in March.") == true, "\(lifted)")
  }
}
