import ReorderKit

/// A `reorder run` scenario: a layout, a mode, the data, a policy and timed pointer events.
package struct Scenario: Sendable {
  /// One timed input event.
  package enum Event: Equatable, Sendable {
    /// The pointer goes down (`"pointer"`: `"touch"`, the default, `"pen"` or `"mouse"`).
    case down(Point, PointerKind)
    case move(Point)
    case up(Point)
    case tap(Point)
    case cancel
    case tick
    case scroll(Point)
    /// New data arrives (`{"type": "apply", "sections": [...]}`), also mid-drag; sections and items
    /// may carry `"content"`, and those present before and after whose content differs are redrawn
    /// in place and reported in the output's `"updates"`.
    case apply(Snapshot<String, String>, SnapshotJSON.Content)
    /// Takes the last committed gesture back.
    case undo
    /// Applies the last undone gesture again.
    case redo
    /// Puts the keyboard focus on an item.
    case focus(String)
    /// A key press (`space`, `enter`, `escape`, the arrows, `home`, `end`, `tab`, `backtab`).
    case key(NavigationKey)
  }

  package var layout: LayoutConfiguration
  package var itemSizes: [String: Size]
  package var mode: ReorderMode
  package var snapshot: Snapshot<String, String>
  /// The content the sections and items start with (`"content"`, as in an `apply` event).
  package var content: SnapshotJSON.Content
  package var denied: Set<String>
  /// Drag and drop: the groups and sections that refuse drops (`drop.forbid`).
  package var dropForbidden: Set<String> = []
  /// Drag and drop: the items that are copied, not moved, when a session holds only them (`drop.copy`).
  package var dropCopied: Set<String> = []
  /// Drag and drop: how long the pointer rests before the gap moves (`reorderingCadence`).
  package var reorderingCadence: ReorderingCadence = .immediate
  package var events: [(time: Double, event: Event)]
  /// The visible size of the view.
  package var viewSize: Size

  /// Whether the layout is a list (moves are written as outline positions).
  package var isList: Bool {
    if case .list = layout { return true }
    return false
  }

  /// Parses and validates a scenario document.
  /// - Throws: ``InputError`` naming the first problem.
  package init(json value: JSONValue) throws(InputError) {
    let top = try JSONFields(value, path: "")
    try top.rejectUnknown(["layout", "mode", "sections", "canMove", "events", "drop", "reorderingCadence"])
    let modeName = try top.optionalString("mode") ?? "interactive"
    guard let mode = ReorderMode(rawValue: modeName) else {
      throw InputError("mode must be \"interactive\", \"live\" or \"dragDrop\", got \"\(modeName)\"")
    }
    self.mode = mode

    let layoutFields = try JSONFields(try top.value("layout"), path: "layout")
    let type = try layoutFields.string("type")
    let width = try layoutFields.positive("width")
    let height = try layoutFields.optionalNumber("height")
    if let height, height <= 0 { throw InputError("layout.height must be positive, got \(format(height))") }
    let inset = try Self.insets(layoutFields)
    let headerHeight = try layoutFields.nonNegative("headerHeight", default: 0)
    var itemSizes: [String: Size] = [:]
    switch type {
    case "grid":
      try layoutFields.rejectUnknown([
        "type", "width", "height", "columns", "itemSizes", "itemSpacing", "lineSpacing", "headerHeight", "itemHeight",
        "sectionInset", "scrollDirection", "pageWidth",
      ])
      let columns = try layoutFields.optionalInteger("columns")
      let hasSizes = layoutFields.object["itemSizes"] != nil
      if columns == nil && !hasSizes { throw InputError("layout needs \"columns\" or \"itemSizes\"") }
      if columns != nil && hasSizes { throw InputError("layout has both \"columns\" and \"itemSizes\"; give one") }
      if let columns, columns < 1 { throw InputError("layout.columns must be at least 1, got \(columns)") }
      let directionName = try layoutFields.optionalString("scrollDirection") ?? "vertical"
      guard let direction = ScrollDirection(rawValue: directionName) else {
        throw InputError("layout.scrollDirection must be \"vertical\" or \"horizontal\", got \"\(directionName)\"")
      }
      if direction == .horizontal && height == nil {
        throw InputError("layout.height is required for horizontal scrolling (it bounds the columns)")
      }
      let itemHeight = try layoutFields.optionalNumber("itemHeight")
      if let itemHeight, itemHeight <= 0 {
        throw InputError("layout.itemHeight must be positive, got \(format(itemHeight))")
      }
      let pageWidth = try layoutFields.optionalNumber("pageWidth")
      if let pageWidth, pageWidth <= 0 {
        throw InputError("layout.pageWidth must be positive, got \(format(pageWidth))")
      }
      let config = GridLayout.Configuration(
        width: width, height: height ?? 0, columns: columns,
        itemSpacing: try layoutFields.nonNegative("itemSpacing", default: 0),
        lineSpacing: try layoutFields.nonNegative("lineSpacing", default: 0), sectionInset: inset,
        headerHeight: headerHeight, itemHeight: itemHeight, scrollDirection: direction, pageWidth: pageWidth)
      if let columns {
        let across = direction == .vertical ? config.itemSpacing : config.lineSpacing
        let w = (width - inset.left - inset.right - Double(columns - 1) * across) / Double(columns)
        guard w > 0 else {
          throw InputError(
            "layout: \(columns) columns do not fit in width \(format(width)) with these insets and spacing")
        }
      } else {
        let sizes = try JSONFields(try layoutFields.value("itemSizes"), path: "layout.itemSizes")
        for (id, v) in sizes.object.members {
          guard let pair = v.array, pair.count == 2, let w = pair[0].number, let h = pair[1].number else {
            throw InputError("layout.itemSizes.\(id) must be [width, height]")
          }
          guard w > 0, h > 0, w.isFinite, h.isFinite else {
            throw InputError("layout.itemSizes.\(id) must be positive, got [\(format(w)), \(format(h))]")
          }
          itemSizes[id] = Size(width: w, height: h)
        }
      }
      layout = .grid(config)
    case "list":
      try layoutFields.rejectUnknown([
        "type", "width", "height", "rowHeight", "itemHeights", "headerHeight", "sectionInset", "indent",
      ])
      let rowHeight = try layoutFields.optionalNumber("rowHeight") ?? 44
      guard rowHeight > 0 else { throw InputError("layout.rowHeight must be positive, got \(format(rowHeight))") }
      guard width - inset.left - inset.right > 0 else {
        throw InputError("layout: the section insets leave no width for rows")
      }
      // Rows of their own heights (`{"id": h}`, a card whose title wraps); the others are rowHeight tall.
      if let heights = layoutFields.object["itemHeights"] {
        for (id, v) in try JSONFields(heights, path: "layout.itemHeights").object.members {
          guard let h = v.number else {
            throw InputError("layout.itemHeights.\(id) must be a number, got \(v.typeName)")
          }
          guard h > 0, h.isFinite else {
            throw InputError("layout.itemHeights.\(id) must be positive, got \(format(h))")
          }
          itemSizes[id] = Size(width: width - inset.left - inset.right, height: h)
        }
      }
      layout = .list(
        ListLayout.Configuration(
          width: width, height: height ?? 0, rowHeight: rowHeight, headerHeight: headerHeight, sectionInset: inset,
          indent: try layoutFields.nonNegative("indent", default: 20)))
    default:
      throw InputError("layout.type must be \"grid\" or \"list\", got \"\(type)\"")
    }
    self.itemSizes = itemSizes

    let isList = type == "list"
    (snapshot, content) = try SnapshotJSON.decodeWithContent(
      try top.value("sections"), path: "sections", allowGroups: isList)
    if type == "grid" && layoutFields.object["itemSizes"] != nil {
      for section in snapshot.sections {
        for id in section.items where itemSizes[id] == nil {
          throw InputError("layout.itemSizes has no size for item \"\(id)\"")
        }
      }
    }

    denied = []
    if let canMove = top.object["canMove"] {
      let fields = try JSONFields(canMove, path: "canMove")
      try fields.rejectUnknown(["deny"])
      for (i, v) in try fields.array("deny").enumerated() {
        guard let id = v.string else { throw InputError("canMove.deny[\(i)] must be a string, got \(v.typeName)") }
        guard snapshot.contains(id) else { throw InputError("canMove.deny[\(i)] names no item: \"\(id)\"") }
        denied.insert(id)
      }
    }

    events = try Self.events(try top.array("events"), mode: mode, isList: isList)
    let initial = snapshot
    var known = Set(initial.sections.flatMap { s in s.items + s.items.flatMap(initial.children(of:)) })
    for case (let i, (_, let event)) in events.enumerated() {
      switch event {
      case .apply(let data, _):
        for s in data.sections {
          for id in s.items {
            known.insert(id)
            known.formUnion(data.children(of: id))
          }
        }
      case .focus(let id) where !known.contains(id):
        throw InputError("events[\(i)].item names no item: \"\(id)\"")
      default: break
      }
    }
    // Sizes may name items that only new data (an `apply` event) brings.
    for id in itemSizes.keys where !known.contains(id) {
      let field = isList ? "itemHeights" : "itemSizes"
      throw InputError("layout.\(field).\(id) names no item of the sections or of an apply event")
    }
    for case (let i, (_, .apply(let data, _))) in events.enumerated() where layoutFields.object["itemSizes"] != nil {
      for section in data.sections {
        for id in section.items where itemSizes[id] == nil {
          throw InputError("events[\(i)].sections: item \"\(id)\" has no size in layout.itemSizes")
        }
      }
    }
    let content: Size
    switch layout {
    case .grid(let c) where c.columns == nil:
      content = GridLayout(c, itemSizes: snapshot.sections.map { $0.items.map { itemSizes[$0]! } }).contentSize
    case .grid(let c):
      content = GridLayout(c, itemCounts: snapshot.sections.map(\.items.count)).contentSize
    case .list(let c):
      // Visible rows: each top-level item, and the children of expanded groups.
      let snapshot = snapshot
      let sizes = itemSizes
      let rows = snapshot.sections.map { section in
        section.items.flatMap { [$0] + (snapshot.isExpanded($0) ? snapshot.children(of: $0) : []) }
          .map { sizes[$0]?.height ?? c.rowHeight }
      }
      content =
        sizes.isEmpty
        ? ListLayout(c, rowCounts: rows.map(\.count)).contentSize : ListLayout(c, rowHeights: rows).contentSize
    }
    viewSize = Size(width: width, height: height ?? max(content.height, 1))
    try parseDragDrop(top)
  }

  /// `drop: {"forbid": [group or section ids], "copy": [item ids]}` and `reorderingCadence`
  /// (`"immediate"`, `"fast"`, `"slow"` or seconds), for mode `dragDrop` only.
  mutating func parseDragDrop(_ top: JSONFields) throws(InputError) {
    for key in ["drop", "reorderingCadence"] where top.object[key] != nil && mode != .dragDrop {
      throw InputError("\(key) is only for mode \"dragDrop\"")
    }
    if let drop = top.object["drop"] {
      let fields = try JSONFields(drop, path: "drop")
      try fields.rejectUnknown(["forbid", "copy"])
      let sectionIDs = Set(snapshot.sections.map(\.id))
      if fields.object["forbid"] != nil {
        for (i, v) in try fields.array("forbid").enumerated() {
          guard let id = v.string else { throw InputError("drop.forbid[\(i)] must be a string, got \(v.typeName)") }
          guard snapshot.isGroup(id) || sectionIDs.contains(id) else {
            throw InputError("drop.forbid[\(i)] names no group or section: \"\(id)\"")
          }
          dropForbidden.insert(id)
        }
      }
      if fields.object["copy"] != nil {
        for (i, v) in try fields.array("copy").enumerated() {
          guard let id = v.string else { throw InputError("drop.copy[\(i)] must be a string, got \(v.typeName)") }
          guard snapshot.contains(id) else { throw InputError("drop.copy[\(i)] names no item: \"\(id)\"") }
          dropCopied.insert(id)
        }
      }
    }
    if let cadence = top.object["reorderingCadence"] {
      switch cadence {
      case .string("immediate"): reorderingCadence = .immediate
      case .string("fast"): reorderingCadence = .fast
      case .string("slow"): reorderingCadence = .slow
      default:
        guard let seconds = cadence.number, seconds.isFinite, seconds >= 0 else {
          throw InputError("reorderingCadence must be \"immediate\", \"fast\", \"slow\" or seconds (a number ≥ 0)")
        }
        reorderingCadence = ReorderingCadence(delay: seconds)
      }
    }
  }

  /// The latest event time accepted, in seconds: an hour of 60 Hz ticks is 216,000 ticks.
  package static let longestScenario = 3600.0

  static func insets(_ layout: JSONFields) throws(InputError) -> EdgeInsets {
    guard let v = layout.object["sectionInset"] else { return .zero }
    if let a = v.array {
      guard a.count == 4, let t = a[0].number, let l = a[1].number, let b = a[2].number, let r = a[3].number else {
        throw InputError("layout.sectionInset must be [top, left, bottom, right] or an object")
      }
      let inset = EdgeInsets(top: t, left: l, bottom: b, right: r)
      guard [t, l, b, r].allSatisfy({ $0 >= 0 }) else { throw InputError("layout.sectionInset must not be negative") }
      return inset
    }
    let f = try JSONFields(v, path: "layout.sectionInset")
    try f.rejectUnknown(["top", "left", "bottom", "right"])
    return EdgeInsets(
      top: try f.nonNegative("top", default: 0), left: try f.nonNegative("left", default: 0),
      bottom: try f.nonNegative("bottom", default: 0), right: try f.nonNegative("right", default: 0))
  }

  static func events(
    _ values: [JSONValue], mode: ReorderMode, isList: Bool
  ) throws(InputError) -> [(time: Double, event: Event)] {
    var result: [(time: Double, event: Event)] = []
    var previous = -Double.infinity
    var isDown = false
    for (i, value) in values.enumerated() {
      let path = "events[\(i)]"
      let f = try JSONFields(value, path: path)
      let type = try f.string("type")
      let t = try f.number("t")
      guard t >= 0 else { throw InputError("\(path).t must not be negative, got \(format(t))") }
      guard t <= Self.longestScenario else {
        throw InputError(
          "\(path).t = \(format(t)) is past the longest scenario, \(format(Self.longestScenario)) s (the engine ticks at 60 Hz between events)"
        )
      }
      guard t >= previous else {
        throw InputError(
          "\(path).t = \(format(t)) is before the previous event's \(format(previous)): events must be in time order")
      }
      previous = t
      func point(_ extra: Set<String> = []) throws(InputError) -> Point {
        if type != "down" && f.object["pointer"] != nil {
          throw InputError("\(path).pointer is only for 'down' events (the pointer keeps its kind until 'up')")
        }
        try f.rejectUnknown(Set(["t", "type", "x", "y"]).union(extra))
        return Point(x: try f.number("x"), y: try f.number("y"))
      }
      let event: Event
      switch type {
      case "down":
        let p = try point(["pointer"])
        let name = try f.optionalString("pointer") ?? "touch"
        guard let pointer = PointerKind(rawValue: name) else {
          throw InputError("\(path).pointer must be \"touch\", \"pen\" or \"mouse\", got \"\(name)\"")
        }
        guard !isDown else {
          throw InputError("\(path): 'down' while the pointer is already down (no 'up' or 'cancel' since)")
        }
        isDown = true
        event = .down(p, pointer)
      case "move":
        let p = try point()
        guard isDown else { throw InputError("\(path): 'move' before any 'down'") }
        event = .move(p)
      case "up":
        let p = try point()
        guard isDown else { throw InputError("\(path): 'up' before any 'down'") }
        isDown = false
        event = .up(p)
      case "tap":
        let p = try point()
        guard mode == .dragDrop else {
          throw InputError("\(path): 'tap' is only for mode \"dragDrop\" (it adds an item to a drag)")
        }
        event = .tap(p)
      case "cancel":
        try f.rejectUnknown(["t", "type"])
        isDown = false
        event = .cancel
      case "tick":
        try f.rejectUnknown(["t", "type"])
        event = .tick
      case "apply":
        try f.rejectUnknown(["t", "type", "sections"])
        let (data, content) = try SnapshotJSON.decodeWithContent(
          try f.value("sections"), path: "\(path).sections", allowGroups: isList)
        event = .apply(data, content)
      case "undo", "redo":
        try f.rejectUnknown(["t", "type"])
        event = type == "undo" ? .undo : .redo
      case "focus":
        try f.rejectUnknown(["t", "type", "item"])
        event = .focus(try f.string("item"))
      case "key":
        try f.rejectUnknown(["t", "type", "key"])
        let name = try f.string("key")
        guard let key = NavigationKey(rawValue: name) else {
          throw InputError(
            "\(path).key must be one of \(NavigationKey.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\""
          )
        }
        event = .key(key)
      case "scroll":
        try f.rejectUnknown(["t", "type", "dx", "dy"])
        let d = Point(x: try f.optionalNumber("dx") ?? 0, y: try f.optionalNumber("dy") ?? 0)
        guard f.object["dx"] != nil || f.object["dy"] != nil else {
          throw InputError("\(path): 'scroll' needs \"dy\" (or \"dx\")")
        }
        event = .scroll(d)
      default:
        throw InputError(
          "\(path).type must be down, move, up, tap, cancel, tick, scroll, apply, undo, redo, focus or key, got \"\(type)\""
        )
      }
      result.append((t, event))
    }
    return result
  }
}
