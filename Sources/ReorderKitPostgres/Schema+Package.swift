/// The shared board's schema, for the board server's migration (`reorder-server migrate` installs
/// it with the owner role, then its own functions on top).
package enum SharedBoardSchema {
  /// The statements that create the tables and `reorder_commit` (idempotent).
  package static var statements: [String] { Schema.statements }
  /// Their version, written in `reorder_commit`'s body.
  package static var version: Int { Schema.version }
  /// The advisory lock key held while the schema is installed.
  package static var lock: Int64 { Schema.lock }
  /// The NOTIFY channel of commits (`board revision …`): only a wake-up for the server.
  package static var channel: String { Schema.channel }
}
