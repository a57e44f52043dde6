/// A student of the Students scene (seed 001): a name, a birthday and a height.
struct Student: Sendable {
  var id: String
  var name: String
  var month: Int
  var day: Int
  var height: Int
}

/// How the Students scene groups and orders its tiles.
enum StudentSort: String, CaseIterable, Sendable {
  case name, birthday, height

  var title: String {
    switch self {
    case .name: "Name"
    case .birthday: "Birthday"
    case .height: "Height"
    }
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// The section a student belongs to and its title: an initial, a month, or a band of 10 cm.
  func section(of s: Student) -> (id: String, title: String, order: Int) {
    switch self {
    case .name:
      let initial = String(s.name.prefix(1))
      return ("name-\(initial)", initial, Int(initial.unicodeScalars.first!.value))
    case .birthday: return ("month-\(s.month)", Self.monthNames[s.month - 1], s.month)
    case .height:
      let band = s.height / 10 * 10
      return ("height-\(band)", "\(band)–\(band + 9) cm", band)
    }
  }

  /// The title shown on a section's header, from its identifier ("name-A" → "A", "month-3" →
  /// "March", "height-150" → "150–159 cm"), or nil for an identifier of no sort.
  static func title(ofSection id: String) -> String? {
    guard let dash = id.firstIndex(of: "-") else { return nil }
    let value = String(id[id.index(after: dash)...])
    switch id[..<dash] {
    case "name": return value.isEmpty ? nil : value
    case "month": return Int(value).flatMap { (1...12).contains($0) ? monthNames[$0 - 1] : nil }
    case "height": return Int(value).map { "\($0)–\($0 + 9) cm" }
    default: return nil
    }
  }

  /// The order within a section.
  func precedes(_ a: Student, _ b: Student) -> Bool {
    switch self {
    case .name: (a.name, a.id) < (b.name, b.id)
    case .birthday: (a.month, a.day, a.name) < (b.month, b.day, b.name)
    case .height: (a.height, a.name) < (b.height, b.name)
    }
  }

  /// The detail line on a tile.
  func detail(of s: Student) -> String {
    switch self {
    case .name, .birthday: "\(String(Self.monthNames[s.month - 1].prefix(3))) \(s.day)"
    case .height: "\(s.height) cm"
    }
  }
}

enum StudentsData {
  static let students: [Student] = {
    let rows: [(String, Int, Int, Int)] = [
      ("Aiko", 3, 14, 152), ("Ben", 11, 2, 171), ("Chloé", 7, 23, 160), ("Daichi", 1, 9, 168),
      ("Elena", 3, 30, 158), ("Farid", 9, 17, 175), ("Grace", 5, 5, 149), ("Hiro", 11, 28, 163),
      ("Ines", 7, 1, 155), ("Jonas", 2, 19, 182), ("Kenji", 5, 12, 166), ("Lena", 9, 3, 161),
      ("Mateo", 1, 25, 172), ("Nora", 12, 8, 157), ("Omar", 6, 21, 169), ("Priya", 3, 2, 154),
      ("Quinn", 10, 11, 178), ("Rosa", 6, 6, 150), ("Sota", 12, 24, 164), ("Tara", 10, 31, 159),
      ("Aaron", 2, 3, 174), ("Bea", 6, 15, 147), ("Carlos", 9, 29, 180), ("Dana", 12, 1, 162),
    ]
    return rows.enumerated().map { i, r in Student(id: "s\(i + 1)", name: r.0, month: r.1, day: r.2, height: r.3) }
  }()

  static let byID: [String: Student] = Dictionary(uniqueKeysWithValues: students.map { ($0.id, $0) })

  /// The sections for a sort: each with its identifier, title and students in order.
  static func sections(sortedBy sort: StudentSort) -> [(id: String, title: String, items: [String])] {
    var groups: [String: (title: String, order: Int, members: [Student])] = [:]
    for s in students {
      let key = sort.section(of: s)
      groups[key.id, default: (key.title, key.order, [])].members.append(s)
    }
    return groups.sorted { $0.value.order < $1.value.order }.map { id, g in
      (id, g.title, g.members.sorted(by: sort.precedes).map(\.id))
    }
  }

  /// Every section title of every sort, by section identifier.
  static let sectionTitles: [String: String] = {
    var titles: [String: String] = [:]
    for sort in StudentSort.allCases {
      for s in students {
        let key = sort.section(of: s)
        titles[key.id] = key.title
      }
    }
    return titles
  }()
}
