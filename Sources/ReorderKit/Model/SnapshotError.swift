/// An error in the data given to a ``Snapshot``: a duplicate identifier, an
/// unknown section.
///
/// ```swift
/// var snapshot = Snapshot<String, String>()
/// try snapshot.appendSection("S0", items: ["a", "a"])   // throws: duplicate item identifier "a"
/// ```
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case duplicateItem(String)
    case duplicateSection(String)
    case unknownSection(String)
  }
  private let kind: Kind

  @usableFromInline static func duplicateItem(_ id: some Hashable) -> SnapshotError {
    SnapshotError(kind: .duplicateItem("\(id)"))
  }
  @usableFromInline static func duplicateSection(_ id: some Hashable) -> SnapshotError {
    SnapshotError(kind: .duplicateSection("\(id)"))
  }
  @usableFromInline static func unknownSection(_ id: some Hashable) -> SnapshotError {
    SnapshotError(kind: .unknownSection("\(id)"))
  }

  public var description: String {
    switch kind {
    case .duplicateItem(let id): "duplicate item identifier \"\(id)\""
    case .duplicateSection(let id): "duplicate section identifier \"\(id)\""
    case .unknownSection(let id): "unknown section \"\(id)\""
    }
  }
}
