// swift-tools-version: 6.1
// A reorderable to-do list on ReorderKitSDL. In your own package, depend on a version instead:
//   .package(url: "https://github.com/<owner>/ReorderKit", from: "0.2.0")
import Foundation
import PackageDescription

// This repository, by path; a path dependency's identity is the name of its folder.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
  .standardized
let identity = repository.lastPathComponent.lowercased()

let package = Package(
  name: "TodoSDL",
  dependencies: [.package(path: repository.path)],
  targets: [
    .executableTarget(
      name: "TodoSDL",
      dependencies: [
        .product(name: "ReorderKit", package: identity),
        .product(name: "ReorderKitSDL", package: identity),
      ]
    ),
    // A small board: three columns under one drag context (BoardPane).
    .executableTarget(
      name: "BoardSDL",
      dependencies: [
        .product(name: "ReorderKit", package: identity),
        .product(name: "ReorderKitSDL", package: identity),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
