import ReorderKit

/// A `reorder run` scenario of version 3: several views (`"views"`), each with an identifier, a
/// frame in window coordinates and what a version 2 scenario gives for its one view (`layout`,
/// `mode`, `sections`, `canMove`, `drop`, `reorderingCadence`), plus `accepts` (`{"from": [view
/// ids], "limit": n}`), and the events in window coordinates; `apply` events name a `"view"`,
/// `scroll` events may (without one, the board scrolls).
package struct BoardScenario: Sendable {
  /// One view of the board.
  package struct View: Sendable {
    package var id: String
    package var frame: Rect
    /// The view's own settings and data, as a version 2 scenario without events.
    package var scenario: Scenario
    package var sources: Set<String>?
    package var limit: Int?
  }

  package var views: [View]
  /// The events; `views[i]` names the view of an `apply` or `scroll` event, if any.
  package var events: [(time: Double, event: Scenario.Event, view: String?)]

  /// A board of the given views and events (already checked).
  package init(views: [View], events: [(time: Double, event: Scenario.Event, view: String?)]) {
    self.views = views
    self.events = events
  }

  /// Whether a document is a board scenario (it gives `"views"`).
  package static func isBoard(_ value: JSONValue) -> Bool { value.object?["views"] != nil }

  /// Parses and validates a board scenario.
  /// - Throws: ``InputError`` naming the first problem: an unknown view, an identifier in two
  ///   views, a frame that is not four finite numbers, and everything a version 2 scenario checks.
  package init(json value: JSONValue) throws(InputError) {
    let top = try JSONFields(value, path: "")
    try top.rejectUnknown(["views", "events"])
    let list = try top.array("views")
    guard !list.isEmpty else { throw InputError("views must name at least one view") }
    var views: [View] = []
    var owner: [String: String] = [:]
    for (i, v) in list.enumerated() {
      let path = "views[\(i)]"
      let f = try JSONFields(v, path: path)
      try f.rejectUnknown([
        "id", "frame", "layout", "mode", "sections", "canMove", "drop", "reorderingCadence", "accepts",
      ])
      let id = try f.string("id")
      guard !views.contains(where: { $0.id == id }) else {
        throw InputError("\(path).id: view \"\(id)\" is named twice")
      }
      let frameValue = try f.value("frame")
      guard let a = frameValue.array, a.count == 4, let x = a[0].number, let y = a[1].number, let w = a[2].number,
        let h = a[3].number, [x, y, w, h].allSatisfy(\.isFinite)
      else { throw InputError("\(path).frame must be four finite numbers [x, y, width, height]") }
      guard w > 0, h > 0 else { throw InputError("\(path).frame must have a positive width and height") }
      var own = JSONObject()
      for key in ["layout", "mode", "sections", "canMove", "drop", "reorderingCadence"] {
        if let member = f.object[key] { own[key] = member }
      }
      own["events"] = .array([])
      let scenario: Scenario
      do {
        scenario = try Scenario(json: .object(own))
      } catch {
        throw InputError("\(path) (\"\(id)\"): \(error.message)")
      }
      for item in scenario.snapshot.sections.flatMap({ s in s.items + s.items.flatMap(scenario.snapshot.children(of:)) }
      ) {
        if let other = owner.updateValue(id, forKey: item) {
          throw InputError("\(path).sections: item \"\(item)\" is also in view \"\(other)\"")
        }
      }
      var view = View(id: id, frame: Rect(x: x, y: y, width: w, height: h), scenario: scenario)
      if let accepts = f.object["accepts"] {
        let af = try JSONFields(accepts, path: "\(path).accepts")
        try af.rejectUnknown(["from", "limit"])
        if af.object["from"] != nil {
          var sources: Set<String> = []
          for (k, s) in try af.array("from").enumerated() {
            guard let name = s.string else {
              throw InputError("\(path).accepts.from[\(k)] must be a string, got \(s.typeName)")
            }
            sources.insert(name)
          }
          view.sources = sources
        }
        if let limit = try af.optionalInteger("limit") {
          guard limit >= 0 else { throw InputError("\(path).accepts.limit must not be negative, got \(limit)") }
          view.limit = limit
        }
      }
      views.append(view)
    }
    let ids = Set(views.map(\.id))
    for (i, view) in views.enumerated() {
      for source in (view.sources ?? []).sorted() where !ids.contains(source) {
        throw InputError("views[\(i)].accepts.from names no view: \"\(source)\"")
      }
    }
    self.views = views

    // The events: version 2's, with a "view" on apply and scroll.
    let values = try top.array("events")
    var named: [String?] = []
    var stripped: [JSONValue] = []
    for (i, value) in values.enumerated() {
      guard var object = value.object else { throw InputError("events[\(i)] must be an object, got \(value.typeName)") }
      let type = object["type"]?.string
      var view: String?
      if let v = object["view"] {
        guard type == "apply" || type == "scroll" else {
          throw InputError("events[\(i)].view is only for 'apply' and 'scroll' events")
        }
        guard let name = v.string else { throw InputError("events[\(i)].view must be a string, got \(v.typeName)") }
        guard ids.contains(name) else { throw InputError("events[\(i)].view names no view: \"\(name)\"") }
        view = name
        object["view"] = nil
      } else if type == "apply" {
        throw InputError("events[\(i)].view is missing (an 'apply' names the view whose data it is)")
      }
      named.append(view)
      stripped.append(.object(object))
    }
    let anyDragDrop = views.contains { $0.scenario.mode == .dragDrop }
    let anyList = views.contains { $0.scenario.isList }
    let parsed = try Scenario.events(stripped, mode: anyDragDrop ? .dragDrop : .interactive, isList: anyList)
    var events: [(time: Double, event: Scenario.Event, view: String?)] = []
    var known = Set(owner.keys)
    for (i, (time, event)) in parsed.enumerated() {
      switch event {
      case .apply(let data, _):
        let view = views.first { $0.id == named[i] }!
        for s in data.sections {
          for id in s.items {
            if !view.scenario.isList && data.isGroup(id) {
              throw InputError("events[\(i)].sections: item \"\(id)\" is a group, but view \"\(view.id)\" is a grid")
            }
            known.insert(id)
            known.formUnion(data.children(of: id))
          }
        }
      case .focus(let id) where !known.contains(id):
        throw InputError("events[\(i)].item names no item: \"\(id)\"")
      default: break
      }
      events.append((time, event, named[i]))
    }
    self.events = events
  }
}
