/// A parsed JSON document, with object keys in their original order.
///
/// ```swift
/// let value = try JSONValue.parse(Array(#"{"a": [1, 2]}"#.utf8))
/// value["a"]?[1]?.number   // 2
/// ```
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// The number, if this is one.
  package var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
  /// The string, if this is one.
  package var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  /// The elements, if this is an array.
  package var array: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
  /// The members, if this is an object.
  package var object: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }
  /// The boolean, if this is one.
  package var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// A member of an object.
  package subscript(key: String) -> JSONValue? { object?[key] }
  /// An element of an array.
  package subscript(index: Int) -> JSONValue? {
    guard let a = array, a.indices.contains(index) else { return nil }
    return a[index]
  }

  /// A short name of the value's type, for error messages.
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// The members of a JSON object, in order, with lookup by key.
package struct JSONObject: Hashable, Sendable {
  /// The members in document order.
  package private(set) var members: [(key: String, value: JSONValue)] = []
  private var index: [String: Int] = [:]

  /// Creates an empty object.
  package init() {}

  /// The value of a key. Setting a value replaces the member in its place, or adds it at the end
  /// when the key is new; setting `nil` removes the member.
  ///
  /// ```swift
  /// var scenes: JSONObject = ["colors": 1]
  /// scenes["photos"] = 2   // {"colors": 1, "photos": 2}
  /// scenes["colors"] = 3   // {"colors": 3, "photos": 2}
  /// ```
  package subscript(key: String) -> JSONValue? {
    get { index[key].map { members[$0].value } }
    set {
      switch (index[key], newValue) {
      case (let i?, let value?): members[i].value = value
      case (nil, let value?): _ = append(key, value)
      case (let i?, nil):
        members.remove(at: i)
        index[key] = nil
        for j in i..<members.count { index[members[j].key] = j }
      case (nil, nil): break
      }
    }
  }

  /// The keys in document order.
  package var keys: [String] { members.map(\.key) }

  /// Adds a member; returns false if the key was already present.
  mutating func append(_ key: String, _ value: JSONValue) -> Bool {
    guard index[key] == nil else { return false }
    index[key] = members.count
    members.append((key, value))
    return true
  }

  package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }

  package func hash(into hasher: inout Hasher) {
    for (k, v) in members {
      hasher.combine(k)
      hasher.combine(v)
    }
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object whose members are in the order written.
  ///
  /// ```swift
  /// let line: JSONValue = .object(["event": "ready", "scene": .string(name)])
  /// ```
  /// - Precondition: no key is written twice.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    for (key, value) in elements {
      precondition(append(key, value), "duplicate key \"\(key)\" in a JSONObject literal")
    }
  }
}

/// Literals build JSON values: `"a"`, `1`, `2.5`, `true` and `[1, "b"]` are a string, numbers, a
/// boolean and an array; objects are written `.object(["key": value])` (see ``JSONObject``).
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
  /// Creates a string.
  package init(stringLiteral value: String) { self = .string(value) }
  /// Creates a number.
  package init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// Creates a number.
  package init(floatLiteral value: Double) { self = .number(value) }
  /// Creates a boolean.
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  /// Creates an array.
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
