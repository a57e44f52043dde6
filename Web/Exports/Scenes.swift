// The scenes of the desktop app, as views behind handles: the page sends a scene's data as an
// outline of numeric identifiers and names (the page keeps the data, as the desktop's scenes do),
// and the export layer gives it the scene's layout, mode and policy, the desktop's values.

/// The scenes (the page's `SCENE_CODES`).
enum WebScene: Int32 {
  case colors = 0
  case photos = 1
  case students = 2
  case lessons = 3
}

/// A scene's data read from an outline: one line each,
/// `S id name` a section; `I id name` an item of the last section; `G id expanded name` a group of
/// the last section (expanded 0 or 1); `C id name` a child of the last group; `W id width height`
/// an item's size (flow grids and the Board's cards); `P id` an item pinned at the top level
/// (Lessons); `L id limit` the most cards a section takes (the Board's Doing).
struct Outline {
  var snapshot = Snapshot<Int, Int>()
  var itemNames: [Int: String] = [:]
  var sectionNames: [Int: String] = [:]
  var sizes: [Int: Size] = [:]
  var pinned: Set<Int> = []
  /// Column limits (the Board's Doing), by section.
  var limits: [Int: Int] = [:]

  /// No data (the web library's boards, which are built from measurements).
  init() {}

  /// Parses an outline; `nil` for a line it does not understand, or data the engine refuses
  /// (an identifier twice, a child before any group).
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var section: Int?
    var group: Int?
    var children: [Int] = []
    var groupExpanded = false
    func closeGroup(_ snapshot: inout Snapshot<Int, Int>) -> Bool {
      guard let g = group, let s = section else { return true }
      group = nil
      guard (try? snapshot.appendGroup(g, children: children, expanded: groupExpanded, toSection: s)) != nil
      else { return false }
      return true
    }
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      // "K id rest": the rest is a name, or "expanded name" for a group, or "width height".
      let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
      guard fields.count >= 2, fields[0].count == 1, let id = decimal(fields[1]) else { return nil }
      let tail = fields.count > 2 ? Array(fields[2]) : []
      let rest = String(decoding: tail, as: UTF8.self)
      switch fields[0].first! {
      case UInt8(ascii: "S"):
        guard closeGroup(&snapshot), (try? snapshot.appendSection(id)) != nil else { return nil }
        section = id
        sectionNames[id] = rest
      case UInt8(ascii: "I"):
        guard closeGroup(&snapshot), let s = section, (try? snapshot.appendItem(id, toSection: s)) != nil else {
          return nil
        }
        itemNames[id] = rest
      case UInt8(ascii: "G"):
        guard closeGroup(&snapshot), section != nil, let flag = tail.first else { return nil }
        group = id
        children = []
        groupExpanded = flag == UInt8(ascii: "1")
        itemNames[id] = String(decoding: tail.dropFirst(2), as: UTF8.self)
      case UInt8(ascii: "C"):
        guard group != nil else { return nil }
        children.append(id)
        itemNames[id] = rest
      case UInt8(ascii: "W"):
        let size = tail.split(separator: UInt8(ascii: " "))
        guard size.count == 2, let w = decimal(size[0]), let h = decimal(size[1]) else { return nil }
        sizes[id] = Size(width: Double(w), height: Double(h))
      case UInt8(ascii: "P"):
        pinned.insert(id)
      case UInt8(ascii: "L"):
        guard let limit = decimal(tail) else { return nil }
        limits[id] = limit
      default:
        return nil
      }
    }
    guard closeGroup(&snapshot) else { return nil }
  }
}

/// The desktop's layout of a scene for a view of this size.
func sceneLayout(_ scene: WebScene, width: Double, height: Double) -> LayoutConfiguration {
  switch scene {
  case .colors:
    return colorsLayout(width: width, height: height)
  case .photos:
    // A horizontal flow of photos of their own sizes, in pages of the view's width.
    return .grid(
      GridLayout.Configuration(
        width: width, height: height, columns: nil, itemSpacing: 10, lineSpacing: 10,
        sectionInset: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16), itemHeight: nil,
        scrollDirection: .horizontal, pageWidth: width))
  case .students:
    return .grid(
      GridLayout.Configuration(
        width: width, height: height, columns: width >= 560 ? 4 : 3, itemSpacing: 10, lineSpacing: 10,
        sectionInset: EdgeInsets(top: 4, left: 16, bottom: 14, right: 16), headerHeight: 34, itemHeight: 96))
  case .lessons:
    return .list(
      ListLayout.Configuration(
        width: width, height: height, rowHeight: 48, headerHeight: 36,
        sectionInset: EdgeInsets(top: 0, left: 12, bottom: 12, right: 12), indent: 24))
  }
}

/// Creates a view of scene `scene` from an outline of `length` bytes in the input buffer (see
/// ``Outline``); returns its handle, or 0 for an unknown scene or an outline that does not parse.
@_cdecl("rk_scene_create")
public func rk_scene_create(_ scene: Int32, _ length: Int32, _ width: Double, _ height: Double) -> Int32 {
  guard let kind = WebScene(rawValue: scene), width.isFinite, height.isFinite, length >= 0,
    Int(length) <= inputBuffer.capacity,
    let outline = Outline(UnsafeBufferPointer(start: inputBuffer.base, count: Int(length)))
  else { return 0 }
  let mode: ReorderMode = kind == .lessons ? .dragDrop : .interactive
  var view = CollectionView(
    snapshot: outline.snapshot, layout: sceneLayout(kind, width: width, height: height),
    viewSize: Size(width: width, height: height), mode: mode, itemSizes: outline.sizes)
  let names = outline.itemNames
  let sections = outline.sectionNames
  view.announcer.itemName = { names[$0] ?? "Item \($0)" }
  view.announcer.sectionName = { sections[$0] ?? "Section \($0)" }
  if kind == .lessons {
    // The pinned lessons stay at the top level: every folder refuses them (the desktop's rule).
    let pinned = outline.pinned
    view.policy.dropSessionDidUpdate = { items, destination, proposed in
      guard items.contains(where: { pinned.contains($0) }) else { return proposed }
      switch destination {
      case .insertInto?: return DropProposal(operation: .forbidden)
      case .insertAt(let position)? where position.parent != nil: return DropProposal(operation: .forbidden)
      default: return proposed
      }
    }
  }
  var web = WebView(view: view)
  web.scene = kind
  views.append(web)
  return Int32(views.count)
}

/// New data for a view (the Students re-sort): an outline of `length` bytes in the input buffer,
/// given to the engine's `CollectionView.apply(_:animatingDifferences:…)` as the desktop does: its
/// differ stages the batch updates, every item glides to its new place while sections appear and
/// disappear, and a section whose count changed crossfades its header. Returns 0, or 1 when the
/// outline does not parse or the engine refuses it (nothing changes).
@_cdecl("rk_apply")
public func rk_apply(_ h: Int32, _ length: Int32, _ time: Double) -> Int32 {
  let index = Int(h) - 1
  guard index >= 0, index < views.count, views[index] != nil, length >= 0, Int(length) <= inputBuffer.capacity,
    let outline = Outline(UnsafeBufferPointer(start: inputBuffer.base, count: Int(length)))
  else { return 1 }
  let old = views[index]!.view.snapshot
  let new = outline.snapshot
  var recounted: Set<Int> = []
  for section in new.sections {
    guard let i = old.sectionIndex(of: section.id) else { continue }
    if old.numberOfItems(inSection: i) != section.items.count { recounted.insert(section.id) }
  }
  do {
    // With reduced motion (reflow duration 0, `rk_set_reduced_motion`) the items stand at once
    // where the new data puts them: no glide.
    let animating = views[index]!.view.reflowDuration > 0
    _ = try views[index]!.view.apply(
      new, animatingDifferences: animating, sectionContentChanged: { recounted.contains($0) }, time: time)
  } catch {
    return 1
  }
  // apply's events come with the next call: the tick delivers them now.
  views[index]!.receive(views[index]!.view.tick(time: time))
  return 0
}

/// Writes the view's data as an outline (`S id`, `I id`, `G id expanded`, `C id` lines, no names)
/// into the text buffer; returns its length.
@_cdecl("rk_outline")
public func rk_outline(_ h: Int32) -> Int32 {
  textBuffer.count = 0
  guard let snapshot = withView(h, { $0.snapshot }) else { return 0 }
  func line(_ text: String) { for byte in text.utf8 { textBuffer.append(byte) } }
  for section in snapshot.sections {
    line("S \(section.id)\n")
    for id in section.items {
      if snapshot.isGroup(id) {
        line("G \(id) \(snapshot.isExpanded(id) ? 1 : 0)\n")
        for child in snapshot.children(of: id) { line("C \(child)\n") }
      } else {
        line("I \(id)\n")
      }
    }
  }
  return Int32(textBuffer.count)
}
