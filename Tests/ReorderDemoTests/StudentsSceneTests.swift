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

  @Test func headersCountTheirStudentsAndAReSortCrossfadesTheCountsThatChanged() throws {
    var scene = StudentsScene(viewSize: Size(width: 390, height: 700))
    let sorted = scene.view.snapshot
    #expect(StudentsScene.headerText(of: "name-A", in: sorted) == "A · 2")  // Aaron and Aiko
    #expect(StudentsScene.headerText(of: "month-3", in: sorted) == "March")  // not in this data
    // Aiko is dragged into B: A counts one less, B one more.
    let aiko = sorted.items(inSection: 0)[1]
    let b = try #require(sorted.sections.first { $0.id == "name-B" }).items.count
    try scene.view.perform(.moved(ReorderDifference(items: [aiko], section: "name-B")), time: 0)
    #expect(StudentsScene.headerText(of: "name-A", in: scene.view.snapshot) == "A · 1")
    #expect(StudentsScene.headerText(of: "name-B", in: scene.view.snapshot) == "B · \(b + 1)")
    _ = scene.view.tick(time: 1)
    // Sorting by name again puts her back: the two headers whose counts change crossfade, no other.
    scene.resort(.name, time: 2)
    var content: [ContentChanges<String, String>] = []
    for case .changed(.replaced(_, _, let c)) in scene.view.tick(time: 2) { content.append(c) }
    #expect(content == [ContentChanges(sections: ["name-A", "name-B"])])
    let marked = scene.view.renderList(at: 2.1).elements.filter { $0.contentChange < 1 }.map(\.kind)
    #expect(Set(marked) == [.header("name-A"), .header("name-B")])
    #expect(StudentsScene.headerText(of: "name-A", in: scene.view.snapshot) == "A · 2")
    // A re-sort by birthday shares no section with the names: nothing to crossfade.
    scene.resort(.birthday, time: 3)
    content = []
    for case .changed(.replaced(_, _, let c)) in scene.view.tick(time: 3) { content.append(c) }
    #expect(content == [ContentChanges()])
  }

  @Test func aMoveBetweenSectionsCrossfadesTheTwoHeadersWhoseCountsChanged() throws {
    var scene = StudentsScene(viewSize: Size(width: 390, height: 700))
    let aiko = scene.view.snapshot.items(inSection: 0)[1]
    // A move within a section changes no count: nothing crossfades.
    let aaron = scene.view.snapshot.items(inSection: 0)[0]
    try scene.view.perform(.moved(ReorderDifference(items: [aaron], section: "name-A")), time: 0)
    scene.dataDidChange(time: 0)
    #expect(scene.view.renderList(at: 0.1).elements.allSatisfy { $0.contentChange == 1 })
    // Aiko into B: the headers of A and B show their new counts in place, fading in.
    _ = scene.view.tick(time: 1)
    let undo = try scene.view.perform(.moved(ReorderDifference(items: [aiko], section: "name-B")), time: 1)
    scene.dataDidChange(time: 1)
    let marked = scene.view.renderList(at: 1.1).elements.filter { $0.contentChange < 1 }
    #expect(Set(marked.map(\.kind)) == [.header("name-A"), .header("name-B")])
    #expect(marked.allSatisfy { $0.contentChange > 0.3 && $0.contentChange < 0.7 && $0.alpha == 1 })
    #expect(StudentsScene.headerText(of: "name-A", in: scene.view.snapshot) == "A · 1")
    #expect(scene.view.renderList(at: 1.2).elements.allSatisfy { $0.contentChange == 1 })
    // Putting her back (what undo performs): the same two headers crossfade again.
    _ = scene.view.tick(time: 2)
    for change in undo { try scene.view.perform(change, time: 2) }
    scene.dataDidChange(time: 2)
    let back = scene.view.renderList(at: 2.1).elements.filter { $0.contentChange < 1 }.map(\.kind)
    #expect(Set(back) == [.header("name-A"), .header("name-B")])
    #expect(StudentsScene.headerText(of: "name-A", in: scene.view.snapshot) == "A · 2")
  }
}

/// Every scene speaks what the person sees on its items and headers, not identifiers.
@Suite("What the scenes' announcements name")
struct SceneNamesTests {
  func lift(_ view: inout DemoView, _ id: String) -> [String] {
    _ = view.focus(id, time: 0)
    return view.keyPressed(.space, time: 0.1).compactMap { if case .announcement(let t) = $0 { t } else { nil } }
  }

  @Test func photosNameTheirCaptionAndTheScene() {
    var scene = PhotosScene(viewSize: Size(width: 390, height: 700))
    App.nameItems(of: &scene.view, scene: scene.name)
    #expect(lift(&scene.view, "IMG_1001") == ["IMG_1001, lifted. Position 1 of 48 in Photos."])
  }

  @Test func colorsNameTheirNumberAndLessonsTheirTitleAndHeader() {
    var colors = ColorsScene(count: 50, viewSize: Size(width: 390, height: 700))
    App.nameItems(of: &colors.view, scene: colors.name)
    #expect(lift(&colors.view, "c5") == ["Color 5, lifted. Position 5 of 50 in Colors."])
    var lessons = LessonsScene(viewSize: Size(width: 390, height: 700))
    App.nameItems(of: &lessons.view, scene: lessons.name)
    let said = lift(&lessons.view, "Functions").first ?? ""
    #expect(said.hasPrefix("Functions, lifted. Position ") && said.hasSuffix(" in Course."), "\(said)")
  }
}
