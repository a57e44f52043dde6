/// Reads the members of one JSON object, each with a clear error naming the field.
struct Fields {
  let members: [SyncJSON.Member]
  /// What the object is, for messages ("ack", "a change").
  let what: String

  init(_ value: SyncJSON, _ what: String) throws(WireError) {
    guard case .object(let members) = value else { throw WireError("\(what) is a JSON object, not \(value.typeName)") }
    self.members = members
    self.what = what
  }

  func raw(_ key: String) -> SyncJSON? {
    for member in members where member.key == key { return member.value }
    return nil
  }

  func fail(_ key: String, _ rule: String) -> WireError { WireError("\(what): \(key) is \(rule)") }

  func string(_ key: String) throws(WireError) -> String {
    guard let value = raw(key) else { throw fail(key, "missing") }
    guard let s = value.string else { throw fail(key, "a string, not \(value.typeName)") }
    return s
  }

  /// Absent or `null`: `nil`.
  func optionalString(_ key: String) throws(WireError) -> String? {
    guard let value = raw(key), value != .null else { return nil }
    guard let s = value.string else { throw fail(key, "a string or null, not \(value.typeName)") }
    return s
  }

  func int64(_ key: String) throws(WireError) -> Int64 {
    guard let value = raw(key) else { throw fail(key, "missing") }
    guard let n = value.int64 else { throw fail(key, "a whole number within 64 bits, not \(value.typeName)") }
    return n
  }

  /// Absent or `null`: `nil`.
  func optionalInt64(_ key: String) throws(WireError) -> Int64? {
    guard let value = raw(key), value != .null else { return nil }
    guard let n = value.int64 else { throw fail(key, "a whole number within 64 bits, not \(value.typeName)") }
    return n
  }

  /// Absent or `null`: `false`.
  func flag(_ key: String) throws(WireError) -> Bool {
    guard let value = raw(key), value != .null else { return false }
    guard let b = value.bool else { throw fail(key, "a boolean, not \(value.typeName)") }
    return b
  }

  func strings(_ key: String) throws(WireError) -> [String] {
    guard let value = raw(key) else { throw fail(key, "missing") }
    guard let elements = value.array else { throw fail(key, "an array of strings, not \(value.typeName)") }
    var out: [String] = []
    out.reserveCapacity(elements.count)
    for element in elements {
      guard let s = element.string else { throw fail(key, "an array of strings, not of \(element.typeName)") }
      out.append(s)
    }
    return out
  }

  /// Absent or `null`: `nil`.
  func optionalArray(_ key: String) throws(WireError) -> [SyncJSON]? {
    guard let value = raw(key), value != .null else { return nil }
    guard let elements = value.array else { throw fail(key, "an array, not \(value.typeName)") }
    return elements
  }

  func array(_ key: String) throws(WireError) -> [SyncJSON] {
    guard let elements = try optionalArray(key) else { throw fail(key, "missing") }
    return elements
  }
}

/// Builds an object's members, leaving out optional ones that are `nil`.
struct ObjectWriter {
  var members: [SyncJSON.Member] = []

  mutating func add(_ key: String, _ value: SyncJSON) { members.append(SyncJSON.Member(key: key, value: value)) }

  mutating func add(_ key: String, _ value: SyncJSON?) {
    if let value { add(key, value) }
  }

  var value: SyncJSON { .object(members) }
}
