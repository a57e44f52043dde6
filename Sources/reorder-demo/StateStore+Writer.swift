@preconcurrency import CSDL2
import Foundation
import GRDB
import ReorderKit
import ReorderTool

/// The background writer of ``StateStore``: a serial queue that runs each recorded change as one
/// transaction, then hands the `changed` line to the main thread.
///
/// When a write fails (the database locked by another process for longer than the busy timeout, the
/// disk full, the file deleted or replaced underneath), the writer warns once (stderr, and through
/// ``takeNotices()`` the app's caption), prints no `changed` line for the change, and keeps no rows of
/// it: the app keeps the arrangement in memory. Later changes of that scene are not written either.
/// Every second it retries: it reopens the file when it is gone or another file, then asks the app
/// (``takeResyncRequest()``) to hand it the whole arrangement of every scene not saved, which it
/// writes in one transaction ``resync(_:)``; their `changed` lines follow, and a notice says so.
final class StateWriter: @unchecked Sendable {
  enum Operation: Sendable {
    /// Rewrite the scene's rows from the snapshot.
    case replace(SavedArrangement, state: JSONObject)
    /// Moves and folder toggles; the snapshot and state are the fallback when the rows do not fit.
    case change(
      moves: [SavedMove], expanded: [(group: String, isExpanded: Bool)], SavedArrangement, state: JSONObject)
    /// The sections' order (a board's columns moved): the scene's one row; the arrangement and state
    /// are the fallback when the scene has no row yet.
    case sectionOrder(SavedArrangement, state: JSONObject)
    /// A big plain scene's first rows, written in chunks between the other operations
    /// (``InitialRows``); `resume` keeps the rows a cut-short write left.
    case initialRows(SavedArrangement, state: JSONObject, resume: Bool)
  }

  /// A whole scene to write again after a fault.
  struct Resync: Sendable {
    var scene: String
    var arrangement: SavedArrangement
    var state: JSONObject
    var report: ChangedReport?
  }

  /// What the app learns from the writer: a fault (why saves fail) or its end.
  enum Notice: Equatable, Sendable {
    case failing(reason: String)
    case saved

    /// The caption's words.
    var caption: String {
      switch self {
      case .failing(let reason): "Not saved: \(reason). Kept in memory; retrying."
      case .saved: "Saved again."
      }
    }
  }

  let path: String
  private var database: StateDatabase?
  /// The file the database was opened on (device, inode), to tell when it is deleted or replaced.
  private var identity: FileIdentity?
  private let queue = DispatchQueue(label: "reorder-demo.state", qos: .utility)
  /// How long the writer waits before it tries a failing save again.
  let retryInterval: Double

  // The writer queue's own state.
  /// The current fault, while saves fail.
  private var fault: String?
  /// Scenes with changes that are not saved (all scenes: `everything`).
  private var unsaved: Set<String> = []
  private var everything = false
  private var retryScheduled = false
  /// The scenes whose first rows are being written in chunks.
  private var initial: [String: InitialRows] = [:]

  // Shared with the main thread (under `lock`).
  private let lock = NSLock()
  private var notices: [Notice] = []
  private var request: (scenes: Set<String>, all: Bool)?

  init(database: StateDatabase?, path: String, retryInterval: Double = 1) {
    self.database = database
    self.path = path
    self.retryInterval = retryInterval
    identity = database == nil ? nil : FileIdentity(path: path)
  }

  /// Queues a change of a scene; `report` asks for a `changed` line once it is on disk.
  func enqueue(_ operation: Operation, scene name: String, report: ChangedReport?) {
    queue.async { [self] in
      guard let database else {
        // No database this session (warned at start): the report still follows each change.
        if let report { Self.printLine(Self.changedLine(report)) }
        return
      }
      guard fault == nil else {
        // Saves are failing: the change is kept in memory only, and written whole once they work.
        unsaved.insert(name)
        return
      }
      do {
        try checkFile()
        if case .initialRows(let base, let state, let resume) = operation {
          let job = try InitialRows(scene: name, base: base)
          try database.queue.write { db in
            try StateDatabase.startInitialRows(name, base: base, state: state, resume: resume, in: db)
          }
          initial[name] = job
          scheduleChunk(job)
          if let report { Self.printLine(Self.changedLine(report)) }
          return
        }
        let job = initial[name]
        if case .replace = operation { initial[name] = nil }
        try database.queue.write { db in
          // A move while the scene's first rows are written: the rows around its gap first.
          if let job, case .change(let moves, _, let arrangement, _) = operation {
            try job.prepare(moves, in: arrangement, db: db)
          }
          try Self.perform(operation, scene: name, in: db)
        }
        if case .replace = operation {
          // Fold a whole scene's rows into the database file now, so the next move's commit does
          // not pay SQLite's automatic checkpoint of a 90 MB log (a million rows). Passive: a
          // reader (sqlite3 in a terminal) never makes it fail; what it leaves, a later one does.
          _ = try? database.queue.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        }
      } catch {
        fail(error, scene: name)
        return
      }
      if let report { Self.printLine(Self.changedLine(report)) }
    }
  }

  /// Writes the next chunk of a scene's first rows, after whatever was queued meanwhile.
  private func scheduleChunk(_ job: InitialRows) {
    queue.async { [self] in
      guard initial[job.scene] === job, fault == nil, let database else { return }
      do {
        try checkFile()
        var more = false
        try database.queue.write { db in more = try job.writeChunk(in: db) }
        if more {
          scheduleChunk(job)
        } else {
          initial[job.scene] = nil
          _ = try? database.queue.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        }
      } catch {
        fail(error, scene: job.scene)
      }
    }
  }

  /// Writes whole scenes again in one transaction (the app's answer to ``takeResyncRequest()``);
  /// on success the fault ends and each scene's `changed` line follows.
  func resync(_ scenes: [Resync]) {
    queue.async { [self] in
      guard let database, fault != nil else { return }
      do {
        try checkFile()
        try database.queue.write { db in
          for scene in scenes {
            try StateDatabase.replaceScene(scene.scene, arrangement: scene.arrangement, state: scene.state, in: db)
          }
        }
        _ = try? database.queue.writeWithoutTransaction { db in try db.checkpoint(.passive) }
      } catch {
        fail(error, scene: nil)
        return
      }
      let written = Set(scenes.map(\.scene))
      unsaved.subtract(written)
      if everything { everything = false }
      for scene in scenes { if let report = scene.report { Self.printLine(Self.changedLine(report)) } }
      guard unsaved.isEmpty else {
        // Changes dropped after the app answered: one more round.
        scheduleRetry(after: 0)
        return
      }
      fault = nil
      let line = "reorder-demo: saved again to \(path)"
      warn(line)
      lock.withLock { notices.append(.saved) }
    }
  }

  /// The notices since the last call (the main thread shows the latest in the caption).
  func takeNotices() -> [Notice] {
    lock.withLock {
      defer { notices.removeAll() }
      return notices
    }
  }

  /// The scenes the writer wants whole (`all`: every scene), once the file is usable again.
  func takeResyncRequest() -> (scenes: Set<String>, all: Bool)? {
    lock.withLock {
      defer { request = nil }
      return request
    }
  }

  /// Throws when the file at `path` is no longer the one the database has open: the writes would go
  /// to a file nobody reads.
  private func checkFile() throws {
    guard let identity else { return }
    switch FileIdentity(path: path) {
    case nil: throw StorageFault("the state file \(path) was deleted")
    case let now? where now != identity: throw StorageFault("the state file \(path) was replaced by another file")
    default: break
    }
  }

  /// Enters (or stays in) the failing state: one warning per fault, a retry scheduled.
  private func fail(_ error: Error, scene: String?) {
    if let scene { unsaved.insert(scene) }
    // A scene whose first rows were being written is written whole once saves work again: its
    // moves meanwhile could not read their neighbours.
    unsaved.formUnion(initial.keys)
    initial.removeAll()
    let reason: String
    if let error = error as? StorageFault {
      reason = error.description
      // The rows of every scene are in the old file: all are written again.
      everything = true
    } else if let error = error as? DatabaseError {
      reason = Self.describe(error)
    } else {
      reason = "\(error)"
    }
    if fault == nil {
      fault = reason
      let line =
        "reorder-demo: warning: cannot save to \(path) (\(reason)); the arrangement is kept in memory and the save retried"
      warn(line)
      lock.withLock { notices.append(.failing(reason: reason)) }
    }
    scheduleRetry(after: retryInterval)
  }

  /// A retry: reopens the file when needed, then asks the app for the scenes to write.
  private func scheduleRetry(after delay: Double) {
    guard !retryScheduled else { return }
    retryScheduled = true
    queue.asyncAfter(deadline: .now() + delay) { [self] in
      retryScheduled = false
      guard fault != nil else { return }
      if everything || (identity != nil && FileIdentity(path: path) != identity) {
        everything = true
        do {
          try reopen()
        } catch {
          scheduleRetry(after: retryInterval)
          return
        }
      }
      let wanted = (scenes: unsaved, all: everything)
      lock.withLock { request = wanted }
    }
  }

  /// Closes the database and opens the file now at `path` (a new one when it was deleted; a foreign
  /// or damaged one is set aside, as at start).
  private func reopen() throws {
    if let database { try? database.queue.close() }
    database = nil
    let (opened, warning) = try StateStore.open(path)
    if let warning { warn(warning) }
    database = opened
    identity = FileIdentity(path: path)
  }

  /// SQLite's result, in words a user can act on.
  static func describe(_ error: DatabaseError) -> String {
    switch error.resultCode.primaryResultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED: "the database is locked by another process"
    case .SQLITE_FULL: "the disk is full"
    case .SQLITE_READONLY: "the file is read-only or was moved"
    case .SQLITE_IOERR: "an I/O error: \(error.message ?? "\(error.resultCode)")"
    default: error.message ?? "\(error.resultCode)"
    }
  }

  /// What a `changed` line says: the scene's name and sections. `plain` promises that no item is a
  /// group and no identifier needs escaping (Colors), so long sections are joined as they are.
  struct ChangedReport: Sendable {
    var scene: String
    var snapshot: SavedArrangement
    var plain: Bool
    /// A board: the line carries `"views"` (one per column, each with its one section) instead of `"sections"`.
    var views = false
  }

  /// Prints one report line from this thread (`CSDL2_PutLine` holds stdout's lock for the whole line,
  /// so it never interleaves with the main thread's lines), so an 11 MB line never stalls a frame.
  static func printLine(_ line: [UInt8]) {
    line.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { CSDL2_PutBytesLine($0.baseAddress, $0.count) }
    }
  }

  static func perform(_ operation: Operation, scene name: String, in db: Database) throws {
    switch operation {
    case .replace(let arrangement, let state):
      try StateDatabase.replaceScene(name, arrangement: arrangement, state: state, in: db)
    case .change(let moves, let expanded, let arrangement, let state):
      for move in moves {
        guard try StateDatabase.move(move, inScene: name, in: db) != nil else {
          // The rows do not hold the move's items: rewrite the scene from what the app shows.
          try StateDatabase.replaceScene(name, arrangement: arrangement, state: state, in: db)
          return
        }
      }
      for (group, isExpanded) in expanded {
        _ = try StateDatabase.setExpanded(isExpanded, group: group, inScene: name, in: db)
      }
    case .sectionOrder(let arrangement, let state):
      let sections = JSONValue.array(arrangement.sections.map { .string($0.id) }).serialized()
      try db.execute(sql: "UPDATE scene SET sections = ? WHERE name = ?", arguments: [sections, name])
      if db.changesCount != 1 { try StateDatabase.replaceScene(name, arrangement: arrangement, state: state, in: db) }
    case .initialRows(let arrangement, let state, _):
      try StateDatabase.replaceScene(name, arrangement: arrangement, state: state, in: db)
    }
  }

  /// The report's `changed` line, as ``JSONValue/serialized()`` writes it. Long plain sections (a
  /// million colours) are written by copying their identifiers' bytes (``plainItems(_:)``).
  static func changedLine(_ report: ChangedReport) -> [UInt8] {
    var head = "{\"event\": \"changed\", \"scene\": "
    JSONWriter.escape(report.scene, into: &head)
    if report.views {
      return Array((head + ", \"views\": ").utf8) + viewsBytes(report.snapshot.sections) + Array("}".utf8)
    }
    guard report.plain else {
      head += ", \"sections\": "
      appendSections(report.snapshot, plain: false, to: &head)
      return Array((head + "}").utf8)
    }
    // Plain sections (a million colours): bytes throughout, never an 11 MB String.
    var out = Array((head + ", \"sections\": [").utf8)
    for (k, section) in report.snapshot.sections.enumerated() {
      var text = k > 0 ? ", {\"id\": " : "{\"id\": "
      JSONWriter.escape(section.id, into: &text)
      out += (text + ", \"items\": ").utf8
      out += section.items.isEmpty ? Array(JSONValue.array([]).serialized().utf8) : plainItems(section.items)
      out.append(UInt8(ascii: "}"))
    }
    out += "]}".utf8
    return out
  }

  /// A board's columns as the report's `"views"` array (one view per column, each with its one
  /// section), as ``JSONValue/serialized()`` writes it, in bytes: a column's cards are copied as
  /// they are when none needs escaping (a million cards at scale).
  static func viewsBytes(_ columns: [Snapshot<String, String>.Section]) -> [UInt8] {
    var out = Array("[".utf8)
    for (k, section) in columns.enumerated() {
      var text = k > 0 ? ", {\"id\": " : "{\"id\": "
      JSONWriter.escape(section.id, into: &text)
      text += ", \"sections\": [{\"id\": "
      JSONWriter.escape(section.id, into: &text)
      out += (text + ", \"items\": ").utf8
      out +=
        section.items.allSatisfy(isPlain)
        ? plainItems(section.items) : Array(JSONValue.array(section.items.map(JSONValue.string)).serialized().utf8)
      out += "}]}".utf8
    }
    out += "]".utf8
    return out
  }

  /// The sections as `reorder run` writes them, appended to `out` (`plain`: see ``ChangedReport``).
  static func appendSections(_ snapshot: SavedArrangement, plain: Bool, to out: inout String) {
    out += "["
    for (k, section) in snapshot.sections.enumerated() {
      if k > 0 { out += ", " }
      out += "{\"id\": "
      JSONWriter.escape(section.id, into: &out)
      out += ", \"items\": "
      if plain, !section.items.isEmpty {
        out += String(decoding: plainItems(section.items), as: UTF8.self)
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
    out += "]"
  }

  /// Whether an identifier is written as it is between quotes (no quote, backslash or control
  /// character: what ``JSONWriter/escape(_:into:)`` would change).
  static func isPlain(_ item: String) -> Bool {
    var item = item
    return item.withUTF8 { bytes in
      !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }
  }

  /// `["a", "b", …]` for items that need no escaping, as UTF-8: each identifier's bytes copied into
  /// one buffer (a million in about 20 ms in a release build; joining them as strings took 10 times
  /// as long).
  static func plainItems(_ items: [String]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(items.count * 12 + 2)
    out.append(UInt8(ascii: "["))
    for (k, item) in items.enumerated() {
      if k > 0 {
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: " "))
      }
      out.append(UInt8(ascii: "\""))
      var item = item
      item.withUTF8 { out.append(contentsOf: $0) }
      out.append(UInt8(ascii: "\""))
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  /// Blocks until every queued write is done, then folds the write-ahead log into the database file
  /// (a clean exit leaves one self-contained file).
  func waitUntilIdle() {
    queue.sync {
      // A scene's first rows still being written stay pending: the next start reads what is on
      // disk, completes it from the scene's own items and writes the rest (``InitialRows``).
      initial.removeAll()
      if let fault { warn("reorder-demo: warning: quitting with changes not saved to \(path) (\(fault))") }
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
