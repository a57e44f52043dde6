/// An error in the data given to the sectioned diff: an identifier that
/// appears twice on one side.
///
/// ```swift
/// let old = [Snapshot<String, String>.Section(id: "S0", items: ["a", "a"])]
/// try StagedChangeset(from: old, to: [])   // throws: duplicate item identifier "a" in the old data
/// ```
public struct SectionedDiffError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case duplicateSection(String, side: String)
    case duplicateItem(String, side: String)
  }
  private let kind: Kind

  @usableFromInline static func duplicateSection(_ id: some Hashable, inNew: Bool) -> Self {
    Self(kind: .duplicateSection("\(id)", side: inNew ? "new" : "old"))
  }
  @usableFromInline static func duplicateItem(_ id: some Hashable, inNew: Bool) -> Self {
    Self(kind: .duplicateItem("\(id)", side: inNew ? "new" : "old"))
  }

  public var description: String {
    switch kind {
    case .duplicateSection(let id, let side): "duplicate section identifier \"\(id)\" in the \(side) data"
    case .duplicateItem(let id, let side): "duplicate item identifier \"\(id)\" in the \(side) data"
    }
  }
}
