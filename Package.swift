// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ReorderKit",
  products: [
    .library(name: "ReorderKit", targets: ["ReorderKit"]),
    .executable(name: "reorder", targets: ["reorder"]),
    .library(name: "ReorderKitSDL", targets: ["ReorderKitSDL"]),
    .executable(name: "reorder-demo", targets: ["reorder-demo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // SQLite for the desktop app's saved state (the engine does not use it).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // The engine: standard library only. Its generic code (CollectionView<SectionID, ItemID>) is called
    // from other modules; cross-module optimization lets callers specialize it (a drag step costs about
    // 12 µs specialized, 85 µs through generic metadata lookups).
    .target(
      name: "ReorderKit",
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
    // JSON formats and the commands of the headless tool (Foundation lives here, not in the engine).
    .target(name: "ReorderTool", dependencies: ["ReorderKit"]),
    .executableTarget(
      name: "reorder",
      dependencies: [
        "ReorderTool",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // SDL2, SDL2_ttf and SDL2_image through a shim header; the desktop app's window, renderer and input adapter; the app.
    .systemLibrary(
      name: "CSDL2", pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
    .target(name: "ReorderKitSDL", dependencies: ["ReorderKit", "CSDL2"]),
    .executableTarget(
      name: "reorder-demo",
      dependencies: ["ReorderKitSDL", "ReorderTool", .product(name: "GRDB", package: "GRDB.swift")]),
    .testTarget(name: "ReorderKitSDLTests", dependencies: ["ReorderKitSDL", "CSDL2"]),
    .testTarget(name: "ReorderKitTests", dependencies: ["ReorderKit"]),
    // The desktop app's saved state (SQLite through GRDB).
    .testTarget(
      name: "ReorderDemoTests",
      dependencies: ["reorder-demo", .product(name: "GRDB", package: "GRDB.swift")]),
    .testTarget(
      name: "ReorderToolTests",
      dependencies: ["ReorderTool", "reorder"],
      resources: [.copy("Golden")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
