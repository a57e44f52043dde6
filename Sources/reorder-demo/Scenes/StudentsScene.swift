import ReorderKit
import ReorderKitSDL
import ReorderTool

/// Students (seed 001): a sectioned grid with headers. The control above it
/// re-sorts by name, birthday or height; every tile glides to its new section
/// while sections appear and disappear.
struct StudentsScene: DemoScene {
  let name = "students"
  let title = "Students"
  var view: DemoView
  var sort: StudentSort = .name
  var sortControl = SegmentedControl(segments: StudentSort.allCases.map(\.title))
  /// The counts the headers show, by section: what ``dataDidChange(time:)`` compares the data with.
  var headerCounts: [String: Int]

  init(viewSize: Size) {
    view = DemoView(snapshot: Self.snapshot(sortedBy: .name), layout: Self.layout(for: viewSize), viewSize: viewSize)
    headerCounts = Self.counts(in: view.snapshot)
  }

  var controlsHeight: Double { 48 }

  static func snapshot(sortedBy sort: StudentSort) -> Snapshot<String, String> {
    var snapshot = Snapshot<String, String>()
    for section in StudentsData.sections(sortedBy: sort) {
      try! snapshot.appendSection(section.id, items: section.items)
    }
    return snapshot
  }

  func layout(for viewSize: Size) -> LayoutConfiguration { Self.layout(for: viewSize) }

  static func layout(for viewSize: Size) -> LayoutConfiguration {
    .grid(
      GridLayout.Configuration(
        width: viewSize.width, height: viewSize.height, columns: viewSize.width >= 560 ? 4 : 3, itemSpacing: 10,
        lineSpacing: 10, sectionInset: EdgeInsets(top: 4, left: 16, bottom: 14, right: 16), headerHeight: 34,
        itemHeight: 96))
  }

  /// Re-sorts: the engine diffs the arrangements and every tile glides to its new section
  /// while sections appear and disappear, in one animation (seed 001). The view reports the new
  /// data as `.changed(.replaced(…))` with its next events, and the app saves it from there, as
  /// it saves every other change; a drag in progress goes on over the new data.
  mutating func resort(_ newSort: StudentSort, time: Double) {
    sort = newSort
    sortControl.selectedIndex = StudentSort.allCases.firstIndex(of: newSort)!
    do {
      // A section on both sides whose count changed keeps its header, which shows the new count.
      let old = view.snapshot
      let new = Self.snapshot(sortedBy: newSort)
      try view.apply(
        new, animatingDifferences: true,
        sectionContentChanged: { Self.count(of: $0, in: old) != Self.count(of: $0, in: new) }, time: time)
      headerCounts = Self.counts(in: new)
    } catch {
      preconditionFailure("a grid with fixed columns needs no sizes: \(error)")
    }
  }

  mutating func controlsPointerDown(at point: Point, in frame: Rect, time: Double) -> Bool {
    var control = sortControl
    control.frame = Self.sortControlFrame(in: frame)
    guard let i = control.segment(at: point), StudentSort.allCases[i] != sort else { return false }
    resort(StudentSort.allCases[i], time: time)
    return true
  }

  /// The sort control: centred in the controls strip, 32 high.
  static func sortControlFrame(in frame: Rect) -> Rect {
    Rect(x: frame.minX + 16, y: frame.minY + 6, width: frame.width - 32, height: 32)
  }

  func drawControls(in frame: Rect, canvas: Canvas, theme: Theme) {
    var control = sortControl
    control.frame = Self.sortControlFrame(in: frame)
    control.draw(in: canvas, theme: theme)
  }

  /// A section's header: its title and how many students it holds ("A · 2"). A header whose count
  /// changed in new data shows its new text with the engine's crossfade (`contentChange`).
  func drawHeader(_ id: String, frame: Rect, element: DemoElement, canvas: Canvas, theme: Theme) {
    canvas.drawText(
      Self.headerText(of: id, in: view.snapshot),
      in: Rect(x: frame.minX + 18, y: frame.minY + 6, width: frame.width - 36, height: frame.height - 8),
      size: 15, bold: true, color: theme.text.withAlpha(element.alpha * element.contentChange), alignment: .left)
  }

  /// What a section's header reads: "A · 2", "March · 3" (a section no longer in the data, fading
  /// out: its title alone).
  static func headerText(of id: String, in data: Snapshot<String, String>) -> String {
    let title = StudentsData.sectionTitles[id] ?? id
    guard let count = count(of: id, in: data) else { return title }
    return "\(title) · \(count)"
  }

  /// How many students a section holds, or `nil` if the data has no such section.
  static func count(of id: String, in data: Snapshot<String, String>) -> Int? {
    data.sectionIndex(of: id).map { data.items(inSection: $0).count }
  }

  /// How many students each section holds, by section.
  static func counts(in data: Snapshot<String, String>) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: data.sections.map { ($0.id, $0.items.count) })
  }

  /// A student moved between sections (dragged, by keyboard, undone, redone): the two headers
  /// show their new counts in place, with the engine's crossfade rather than a jump.
  mutating func dataDidChange(time: Double) {
    let counts = Self.counts(in: view.snapshot)
    let changed = counts.compactMap { id, count in headerCounts[id].map { $0 != count ? id : nil } ?? nil }
    headerCounts = counts
    if !changed.isEmpty { view.reconfigure(sections: changed, time: time) }
  }

  static func avatarColor(of id: String) -> Color {
    let n = Double(Int(id.dropFirst()) ?? 0)
    let h = n * 0.618_033_988_75
    return Color(hue: h - h.rounded(.down), saturation: 0.45, brightness: 0.88)
  }

  func drawItem(_ id: String, frame f: Rect, element: DemoElement, canvas: Canvas, theme: Theme) {
    guard let s = StudentsData.byID[id] else { return }
    // The tile at `alpha`, what it shows at the content's (lower while new content fades in).
    canvas.fillRoundedRect(f, radius: theme.cornerRadius, color: theme.cell.withAlpha(element.alpha))
    let a = element.alpha * element.contentChange
    let d = min(40, f.height * 0.42)
    let c = Point(x: f.midX, y: f.minY + 10 + d / 2)
    canvas.fillCircle(center: c, radius: d / 2, color: Self.avatarColor(of: id).withAlpha(a))
    canvas.drawText(
      String(s.name.prefix(1)), in: Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d), size: 17, bold: true,
      color: Color.white.withAlpha(a))
    canvas.drawText(
      s.name, in: Rect(x: f.minX + 4, y: f.minY + 14 + d, width: f.width - 8, height: 18), size: 13, bold: true,
      color: theme.text.withAlpha(a))
    canvas.drawText(
      sort.detail(of: s), in: Rect(x: f.minX + 4, y: f.minY + 31 + d, width: f.width - 8, height: 16), size: 11,
      color: theme.secondaryText.withAlpha(a))
  }

  func encodeState() -> JSONValue {
    .object(["sort": .string(sort.rawValue), "sections": SnapshotJSON.value(of: view.snapshot)])
  }

  mutating func restore(_ state: JSONValue, viewSize: Size, time: Double) throws {
    guard let name = state["sort"]?.string, let saved = StudentSort(rawValue: name) else {
      throw InputError("no valid \"sort\"")
    }
    guard let sections = state["sections"] else { throw InputError("no \"sections\"") }
    let snapshot = try SnapshotJSON.decode(sections, matching: view.snapshot)
    sort = saved
    sortControl.selectedIndex = StudentSort.allCases.firstIndex(of: saved)!
    view = DemoView(snapshot: snapshot, layout: layout(for: viewSize), viewSize: viewSize)
    headerCounts = Self.counts(in: snapshot)
  }
}
