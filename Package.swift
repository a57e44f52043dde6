// swift-tools-version: 6.1
import Foundation
import PackageDescription

let package = Package(
  name: "ReorderKit",
  // The floor of Swift concurrency on Apple platforms (`@MainActor`, which ReorderKitUIKit's protocol
  // is isolated to). Scripts/availability.sh type-checks the engine for each of these against the
  // availability in the standard library's interface, so an API above them fails `make test`.
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  products: [
    .library(name: "ReorderKit", targets: ["ReorderKit"]),
    // Applies staged changesets to UICollectionView and NSCollectionView (the rest compiles everywhere).
    .library(name: "ReorderKitUIKit", targets: ["ReorderKitUIKit"]),
    // A shared board's client protocol as one value, and the wire's messages (no dependency at all).
    .library(name: "ReorderSync", targets: ["ReorderSync"]),
    .executable(name: "reorder", targets: ["reorder"]),
    .library(name: "ReorderKitSDL", targets: ["ReorderKitSDL"]),
    .executable(name: "reorder-demo", targets: ["reorder-demo"]),
  ],
  // `Sharing`: the desktop app's `--share` (a board shared through PostgreSQL). Off by default, so
  // `make demo` and `swift build --product reorder-demo` do not compile SwiftNIO and PostgresNIO;
  // `make test` builds with `--traits Sharing` (and the ReorderKitShare library is there either way).
  traits: [
    .trait(
      name: "Sharing",
      description: "The desktop app's --share: a board shared through PostgreSQL (builds SwiftNIO and PostgresNIO).")
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // SQLite for the desktop app's saved state (the engine does not use it).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // The engine: standard library only. No unsafe flags (SwiftPM refuses them in a versioned
    // dependency); on Linux the standard library's rounding and square roots come from libm.
    .target(
      name: "ReorderKit",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // The UIKit and AppKit adapter: the engine's staged changesets applied to a collection view.
    .target(name: "ReorderKitUIKit", dependencies: ["ReorderKit"]),
    // The board client's protocol (`BoardSync`) and the wire's messages with their JSON (DESIGN, "One
    // sync machine"): imports nothing, so that it builds for WebAssembly under Embedded Swift as the
    // engine does.
    .target(name: "ReorderSync"),
    // JSON formats and the commands of the headless tool (Foundation lives here, not in the engine).
    .target(name: "ReorderTool", dependencies: ["ReorderKit"]),
    // Test support, not a product: the one seeded generator (SplitMix) of the tests, the load tools
    // and the benchmarks (which compile its file through a link).
    .target(name: "ReorderTestSupport"),
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
      dependencies: [
        "ReorderKitSDL",
        "ReorderTool",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(name: "ReorderKitSDLTests", dependencies: ["ReorderKitSDL", "CSDL2"]),
    .testTarget(name: "ReorderKitTests", dependencies: ["ReorderKit", "ReorderKitUIKit", "ReorderTestSupport"]),
    // The machine alone and against a reference server, in 10,000 seeded runs.
    .testTarget(name: "ReorderSyncTests", dependencies: ["ReorderSync", "ReorderTestSupport"]),
    // The desktop app's saved state (SQLite through GRDB).
    .testTarget(
      name: "ReorderDemoTests",
      dependencies: ["reorder-demo", .product(name: "GRDB", package: "GRDB.swift")]),
    // The golden files are read from the source tree (#filePath), not bundled.
    .testTarget(
      name: "ReorderToolTests", dependencies: ["ReorderTool", "reorder", "ReorderTestSupport"], exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)

// What Scripts/sanitizers.sh builds: only the suites it runs under a sanitizer and what they need,
// with no PostgreSQL. `REORDERKIT_ONLY=engine`: the engine, the adapter, the tool and their tests;
// `REORDERKIT_ONLY=app`: the desktop app and its tests (the saved state's writer thread). Unset for
// everyone else.
let only = Context.environment["REORDERKIT_ONLY"]
if let only {
  let keep: Set<String>
  switch only {
  case "engine":
    keep = [
      "ReorderKit", "ReorderKitUIKit", "ReorderTool", "reorder", "ReorderTestSupport", "ReorderKitTests",
      "ReorderToolTests",
    ]
    package.dependencies.removeAll { dependency in
      guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
      return location.hasSuffix("GRDB.swift")
    }
  case "app":
    keep = ["ReorderKit", "ReorderTool", "CSDL2", "ReorderKitSDL", "reorder-demo", "ReorderDemoTests"]
  default:
    print("error: REORDERKIT_ONLY is engine or app, not \(only)")
    exit(2)
  }
  package.targets.removeAll { !keep.contains($0.name) }
  package.products.removeAll { !keep.contains($0.name) }
}

// A board shared by several people. ReorderKitShare, a product: RemoteBoard, the client of
// `reorder-server` (its live WebSocket, an outbox in SQLite through GRDB; no PostgreSQL).
// ReorderKitPostgres, not a product: the direct PostgreSQL client (SharedBoard, through PostgresNIO)
// and the schema, kept for the server, the tests, reorder-load and the app's loopback
// `--share postgresql://`. REORDERKIT_WITHOUT_POSTGRES=1 leaves both out of the build (the WebAssembly
// and sanitizer builds do, so that SwiftNIO is not compiled again); everyone else gets them.
if Context.environment["REORDERKIT_WITHOUT_POSTGRES"] == nil && only == nil {
  package.products.append(.library(name: "ReorderKitShare", targets: ["ReorderKitShare"]))
  package.dependencies.append(.package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"))
  package.targets += [
    .target(
      name: "ReorderKitShare",
      dependencies: [
        "ReorderKit",
        // RemoteBoard runs the board's client protocol, BoardSync.
        "ReorderSync",
        .product(name: "GRDB", package: "GRDB.swift"),
        // RemoteBoard: the client of `reorder-server`'s live WebSocket.
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
      ]),
    .target(
      name: "ReorderKitPostgres",
      dependencies: [
        "ReorderKit", "ReorderKitShare",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]),
    // The load benchmark of ReorderKitPostgres (Scripts/pg-load.sh runs it against a local server).
    .executableTarget(name: "reorder-load", dependencies: ["ReorderKitPostgres", "ReorderTestSupport"]),
    .testTarget(
      name: "ReorderKitPostgresTests",
      dependencies: [
        "ReorderKitPostgres", "ReorderKitShare", "ReorderKit", "ReorderTestSupport", "ReorderSync",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
  ]
  // The board server (DESIGN, "The board server"): HTTP, WebSocket and the web build's static files in
  // front of the database; its logic in ReorderServer, the command line in reorder-server.
  package.products.append(.executable(name: "reorder-server", targets: ["reorder-server"]))
  package.dependencies += [
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    // reorder-server-load's WebSocket client (the server's packages depend on it already).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // `GET /metrics`: the server's counters in Prometheus's text format.
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
  ]
  package.targets += [
    .target(
      name: "ReorderServer",
      dependencies: [
        "ReorderKitPostgres", "ReorderKitShare", "ReorderSync",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]),
    .executableTarget(
      name: "reorder-server",
      dependencies: [
        "ReorderServer", "ReorderKitShare", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The board server under load (Scripts/server-load.sh): WebSocket editors and followers in one
    // process, each a BoardSync over NIO's WebSocket client.
    .executableTarget(
      name: "reorder-server-load",
      dependencies: [
        "ReorderSync", "ReorderTestSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ]),
    // Start the real binary on free ports (and a real PostgreSQL under Scripts/with-postgres.sh).
    .testTarget(
      name: "ReorderServerTests",
      dependencies: [
        "ReorderServer", "reorder-server", "ReorderKitShare", "ReorderTestSupport",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
      ]),
  ]
  // The desktop app's `--share` (App+Share.swift), with the trait `Sharing` only: a board's link through
  // ReorderKitShare, `postgresql://…` on loopback through ReorderKitPostgres. A build without it says
  // in one line how to get one.
  for target in package.targets where target.name == "reorder-demo" {
    target.dependencies += [
      .target(name: "ReorderKitShare", condition: .when(traits: ["Sharing"])),
      .target(name: "ReorderKitPostgres", condition: .when(traits: ["Sharing"])),
    ]
  }
}
