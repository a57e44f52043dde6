import Foundation
import ReorderKitPostgres

/// `GET /api/boards/{board}`'s answer: `{"board", "revision", "views"}`.
struct BoardAnswer: Codable, Sendable {
  var board: String
  var revision: Int64
  var views: [WireView]
}

/// JSON of a value, as one line (keys sorted, so that the same message is always the same text).
func jsonLine(_ value: some Encodable) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
  guard let data = try? encoder.encode(value) else {
    // Only strings, numbers and arrays of them are encoded: this cannot fail.
    preconditionFailure("a server message could not be encoded")
  }
  return String(decoding: data, as: UTF8.self)
}
