// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ReorderKit",
  products: [
    .library(name: "ReorderKit", targets: ["ReorderKit"]),
    .executable(name: "reorder", targets: ["reorder"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // The engine: standard library only.
    .target(name: "ReorderKit"),
    // JSON formats and the commands of the headless tool (Foundation lives here, not in the engine).
    .target(name: "ReorderTool", dependencies: ["ReorderKit"]),
    .executableTarget(
      name: "reorder",
      dependencies: [
        "ReorderTool",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "ReorderKitTests", dependencies: ["ReorderKit"]),
    .testTarget(
      name: "ReorderToolTests",
      dependencies: ["ReorderTool", "reorder"],
      resources: [.copy("Golden")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
