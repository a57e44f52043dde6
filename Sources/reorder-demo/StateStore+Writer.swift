@preconcurrency import CSDL2
import Foundation
import GRDB
import ReorderKit
import ReorderTool

/// The background writer of ``StateStore``: a serial queue that runs each recorded change as one
/// transaction, then hands the `changed` line to the main thread.
final class StateWriter: @unchecked Sendable {
  enum Operation: Sendable {
    /// Rewrite the scene's rows from the snapshot.
    case replace(Snapshot<String, String>, state: JSONObject)
    /// Moves and folder toggles; the snapshot is the fallback when the rows do not fit.
    case change(moves: [SavedMove], expanded: [(group: String, isExpanded: Bool)], Snapshot<String, String>)
  }

  private let database: StateDatabase?
  private let queue = DispatchQueue(label: "reorder-demo.state", qos: .utility)
  private let lock = NSLock()
  private var warned = false

  init(database: StateDatabase?) { self.database = database }

  /// Queues a change of a scene; `report` asks for a `changed` line once it is on disk.
  func enqueue(_ operation: Operation, scene name: String, report: ChangedReport?) {
    queue.async { [self] in
      if let database {
        do {
          try database.queue.write { db in try Self.perform(operation, scene: name, in: db) }
          if case .replace = operation {
            // Fold a whole scene's rows into the database file now, so the next move's commit does
            // not pay SQLite's automatic checkpoint of a 90 MB log (a million rows). Passive: a
            // reader (sqlite3 in a terminal) never makes it fail; what it leaves, a later one does.
            _ = try? database.queue.writeWithoutTransaction { db in try db.checkpoint(.passive) }
          }
        } catch {
          lock.withLock {
            if !warned { warn("reorder-demo: warning: cannot save to the state file (\(error))") }
            warned = true
          }
        }
      }
      guard let report else { return }
      Self.printLine(Self.changedLine(report))
    }
  }

  /// What a `changed` line says: the scene's name and sections. `plain` promises that no item is a
  /// group and no identifier needs escaping (Colors), so long sections are joined as they are.
  struct ChangedReport: Sendable {
    var scene: String
    var snapshot: Snapshot<String, String>
    var plain: Bool
  }

  /// Prints one report line from this thread (`CSDL2_PutLine` holds stdout's lock for the whole line,
  /// so it never interleaves with the main thread's lines), so an 11 MB line never stalls a frame.
  static func printLine(_ line: String) {
    CSDL2_PutLine(line)
  }

  static func perform(_ operation: Operation, scene name: String, in db: Database) throws {
    switch operation {
    case .replace(let snapshot, let state):
      try StateDatabase.replaceScene(name, snapshot: snapshot, state: state, in: db)
    case .change(let moves, let expanded, let snapshot):
      for move in moves {
        guard try StateDatabase.move(move, inScene: name, in: db) != nil else {
          // The rows do not hold the move's items: rewrite the scene from what the app shows.
          let state =
            try Row.fetchOne(db, sql: "SELECT state FROM scene WHERE name = ?", arguments: [name])
            .flatMap { try JSONValue.parse(Array(($0[0] as String).utf8)).object } ?? JSONObject()
          try StateDatabase.replaceScene(name, snapshot: snapshot, state: state, in: db)
          return
        }
      }
      for (group, isExpanded) in expanded {
        _ = try StateDatabase.setExpanded(isExpanded, group: group, inScene: name, in: db)
      }
    }
  }

  /// The report's `changed` line, as ``JSONValue/serialized()`` writes it. Long plain sections (a
  /// million colours) are written by joining their identifiers, about 25 times faster in a debug build.
  static func changedLine(_ report: ChangedReport) -> String {
    let snapshot = report.snapshot
    var out = "{\"event\": \"changed\", \"scene\": "
    JSONWriter.escape(report.scene, into: &out)
    out += ", \"sections\": ["
    for (k, section) in snapshot.sections.enumerated() {
      if k > 0 { out += ", " }
      out += "{\"id\": "
      JSONWriter.escape(section.id, into: &out)
      out += ", \"items\": "
      if report.plain, !section.items.isEmpty {
        out += "[\"" + section.items.joined(separator: "\", \"") + "\"]"
      } else {
        out += JSONValue.array(
          section.items.map { item in
            guard snapshot.isGroup(item) else { return .string(item) }
            return .object([
              "id": .string(item), "children": .array(snapshot.children(of: item).map(JSONValue.string)),
              "expanded": .bool(snapshot.isExpanded(item)),
            ])
          }
        ).serialized()
      }
      out += "}"
    }
    return out + "]}"
  }

  /// Blocks until every queued write is done, then folds the write-ahead log into the database file
  /// (a clean exit leaves one self-contained file).
  func waitUntilIdle() {
    queue.sync {
      _ = try? database?.queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
  }
}

extension StateStore {
  /// A committed gesture as moves by identity: the moved items grouped into runs that stand together
  /// in one container, each with the item after it (or none: the end).
  static func moves(of moved: [String], in snapshot: Snapshot<String, String>) -> [SavedMove] {
    var seen = Set<String>()
    let positioned = moved.filter { seen.insert($0).inserted }.compactMap { id in
      snapshot.position(of: id).map { (id: id, position: $0) }
    }.sorted {
      ($0.position.section, $0.position.parent ?? "", $0.position.index)
        < ($1.position.section, $1.position.parent ?? "", $1.position.index)
    }
    var result: [SavedMove] = []
    var i = 0
    while i < positioned.count {
      let first = positioned[i].position
      var items = [positioned[i].id]
      var j = i + 1
      while j < positioned.count, positioned[j].position.section == first.section,
        positioned[j].position.parent == first.parent,
        positioned[j].position.index == first.index + (j - i)
      {
        items.append(positioned[j].id)
        j += 1
      }
      let siblings =
        first.parent.map { snapshot.children(of: $0) } ?? snapshot.items(inSection: first.section)
      let after = first.index + items.count
      result.append(
        SavedMove(
          items: items, section: snapshot.sections[first.section].id, parent: first.parent,
          before: after < siblings.count ? siblings[after] : nil))
      i = j
    }
    return result
  }
}
