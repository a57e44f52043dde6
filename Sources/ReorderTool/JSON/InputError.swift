/// A problem with the tool's input, with the place it was found (`layout.columns`, `events[3].x`).
package struct InputError: Error, CustomStringConvertible, Sendable {
  /// What is wrong, naming the place.
  package let message: String
  /// Creates an error.
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}

/// Typed access to a JSON object's members, with errors that name the member's path.
struct JSONFields {
  let object: JSONObject
  let path: String

  init(_ value: JSONValue, path: String) throws(InputError) {
    guard let object = value.object else { throw InputError("\(path) must be an object, got \(value.typeName)") }
    self.object = object
    self.path = path
  }

  func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// Rejects members not in `known` (a typo such as `colums` would otherwise be ignored silently).
  /// Members in `unlisted` are accepted too but not named in the message (which golden files hold).
  func rejectUnknown(_ known: Set<String>, unlisted: Set<String> = []) throws(InputError) {
    for key in object.keys
    where !known.contains(key) && !unlisted.contains(key) && key != "comment" && !key.hasPrefix("_") {
      throw InputError("\(name(key)) is not a known field (known: \(known.sorted().joined(separator: ", ")))")
    }
  }

  func value(_ key: String) throws(InputError) -> JSONValue {
    guard let v = object[key] else { throw InputError("\(name(key)) is missing") }
    return v
  }

  func string(_ key: String) throws(InputError) -> String {
    let v = try value(key)
    guard let s = v.string else { throw InputError("\(name(key)) must be a string, got \(v.typeName)") }
    return s
  }

  func optionalString(_ key: String) throws(InputError) -> String? {
    guard object[key] != nil, object[key] != .null else { return nil }
    return try string(key)
  }

  func number(_ key: String) throws(InputError) -> Double {
    let v = try value(key)
    guard let n = v.number else { throw InputError("\(name(key)) must be a number, got \(v.typeName)") }
    guard n.isFinite else { throw InputError("\(name(key)) must be a finite number, got \(n)") }
    return n
  }

  func optionalNumber(_ key: String) throws(InputError) -> Double? {
    guard object[key] != nil, object[key] != .null else { return nil }
    return try number(key)
  }

  func nonNegative(_ key: String, default d: Double) throws(InputError) -> Double {
    guard let n = try optionalNumber(key) else { return d }
    guard n >= 0 else { throw InputError("\(name(key)) must not be negative, got \(format(n))") }
    return n
  }

  func positive(_ key: String) throws(InputError) -> Double {
    let n = try number(key)
    guard n > 0 else { throw InputError("\(name(key)) must be positive, got \(format(n))") }
    return n
  }

  func optionalInteger(_ key: String) throws(InputError) -> Int? {
    guard let n = try optionalNumber(key) else { return nil }
    // `Int(exactly:)`: where `Int` has 32 bits, a whole number up to 1e15 may not fit.
    guard n == n.rounded(), abs(n) < 1e15, let i = Int(exactly: n) else {
      throw InputError("\(name(key)) must be a whole number, got \(n)")
    }
    return i
  }

  func bool(_ key: String, default d: Bool) throws(InputError) -> Bool {
    guard let v = object[key] else { return d }
    guard let b = v.bool else { throw InputError("\(name(key)) must be true or false, got \(v.typeName)") }
    return b
  }

  func array(_ key: String) throws(InputError) -> [JSONValue] {
    let v = try value(key)
    guard let a = v.array else { throw InputError("\(name(key)) must be an array, got \(v.typeName)") }
    return a
  }
}

func format(_ d: Double) -> String {
  d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"  // Int64: also where Int has 32 bits
}
