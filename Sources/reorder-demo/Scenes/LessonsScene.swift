import ReorderKit
import ReorderKitSDL

/// Lessons (seed 003): a sidebar list with folders. Drag lessons into
/// folders, reorder folders; a collapsed folder springs open when hovered;
/// a forbidden drop shows it.
struct LessonsScene: DemoScene {
  let name = "lessons"
  let title = "Lessons"
  var view: DemoView

  /// Top-level entries: a lesson, or a folder with its lessons and whether it starts open.
  static let outline: [(id: String, children: [String]?, expanded: Bool)] = [
    ("Welcome", nil, false),
    ("Basics", ["Variables", "Constants", "Control flow"], true),
    ("Collections", ["Arrays", "Dictionaries"], true),
    ("Functions", nil, false),
    ("Closures", nil, false),
    ("Concurrency", ["Tasks", "Actors"], false),
    ("Protocols", nil, false),
    ("Generics", nil, false),
    ("Wrap-up", nil, false),
  ]

  init(viewSize: Size) {
    var snapshot = Snapshot<String, String>()
    try! snapshot.appendSection("course")
    for entry in Self.outline {
      if let children = entry.children {
        try! snapshot.appendGroup(entry.id, children: children, expanded: entry.expanded, toSection: "course")
      } else {
        try! snapshot.appendItem(entry.id, toSection: "course")
      }
    }
    view = Self.makeView(snapshot, viewSize: viewSize)
  }

  /// Lessons that stay at the top level: dropping them into a folder is forbidden.
  static let pinned: Set<String> = ["Welcome", "Wrap-up"]

  func makeView(_ snapshot: Snapshot<String, String>, viewSize: Size) -> DemoView {
    Self.makeView(snapshot, viewSize: viewSize)
  }

  /// Drag and drop: lessons go into folders (the middle of a folder's row), folders spring open
  /// when hovered, and the pinned lessons refuse every folder with the forbidden marker.
  static func makeView(_ snapshot: Snapshot<String, String>, viewSize: Size) -> DemoView {
    var view = DemoView(snapshot: snapshot, layout: layout(for: viewSize), viewSize: viewSize, mode: .dragDrop)
    view.policy.dropSessionDidUpdate = { items, destination, proposed in
      guard items.contains(where: { pinned.contains($0) }) else { return proposed }
      switch destination {
      case .insertInto?: return DropProposal(operation: .forbidden)
      case .insertAt(let position)? where position.parent != nil: return DropProposal(operation: .forbidden)
      default: return proposed
      }
    }
    return view
  }

  func layout(for viewSize: Size) -> LayoutConfiguration { Self.layout(for: viewSize) }

  static let indent = 24.0

  static func layout(for viewSize: Size) -> LayoutConfiguration {
    .list(
      ListLayout.Configuration(
        width: viewSize.width, height: viewSize.height, rowHeight: 48, headerHeight: 36,
        sectionInset: EdgeInsets(top: 0, left: 12, bottom: 12, right: 12), indent: indent))
  }

  func drawHeader(_ id: String, frame: Rect, element: DemoElement, canvas: Canvas, theme: Theme) {
    canvas.drawText(
      "COURSE", in: Rect(x: frame.minX + 28, y: frame.minY + 10, width: frame.width - 40, height: frame.height - 12),
      size: 12, color: theme.secondaryText.withAlpha(element.alpha), alignment: .left)
  }

  func drawItem(_ id: String, frame f: Rect, element: DemoElement, canvas: Canvas, theme: Theme) {
    let a = element.alpha
    let isGroup = element.isExpanded != nil
    canvas.fillRoundedRect(f, radius: 10, color: theme.cell.withAlpha(a))
    if !element.isLifted {
      canvas.fill(
        Rect(x: f.minX + 16, y: f.maxY - 0.5, width: f.width - 32, height: 0.5),
        color: theme.separator.withAlpha(0.5 * a))
    }
    let x = f.minX + 14 + Double(element.depth) * Self.indent
    if let expanded = element.isExpanded {
      canvas.drawDisclosure(
        expanded: expanded, center: Point(x: x + 6, y: f.midY), size: 10, color: theme.secondaryText.withAlpha(a))
      // A folder: a tab and a body.
      let body = Rect(x: x + 20, y: f.midY - 7, width: 24, height: 17)
      let blue = theme.accent.mixed(with: .white, 0.25)
      canvas.fillRoundedRect(
        Rect(x: body.minX, y: body.minY - 3, width: 11, height: 6), radius: 2, color: blue.withAlpha(a))
      canvas.fillRoundedRect(body, radius: 3, color: blue.withAlpha(a))
    } else {
      // A lesson: a page with lines.
      let page = Rect(x: x + 22, y: f.midY - 10, width: 17, height: 21)
      canvas.fillRoundedRect(page, radius: 3, color: theme.accent.withAlpha(0.15 * a))
      for k in 0..<3 {
        canvas.fill(
          Rect(x: page.minX + 4, y: page.minY + 5 + Double(k) * 4, width: 9, height: 1.5),
          color: theme.accent.withAlpha(0.7 * a))
      }
    }
    let textX = x + 52
    canvas.drawText(
      id, in: Rect(x: textX, y: f.minY, width: f.maxX - textX - 50, height: f.height), size: 15, bold: isGroup,
      color: theme.text.withAlpha(a), alignment: .left)
    if isGroup {
      let n = view.snapshot.children(of: id).count
      canvas.drawText(
        "\(n)", in: Rect(x: f.maxX - 50, y: f.minY, width: 36, height: f.height), size: 13,
        color: theme.secondaryText.withAlpha(a),
        alignment: .right)
    }
  }
}
