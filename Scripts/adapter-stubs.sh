#!/usr/bin/env bash
# Type-checks ReorderKitUIKit's UIKit and AppKit files on Linux, where they otherwise compile to
# nothing: stub `UIKit` and `AppKit` modules declare UICollectionView and NSCollectionView with the
# signatures of Apple's documentation (main-actor isolated, as the SDKs declare them), and the
# library's sources are type-checked against them in Swift 6 mode. Then two snippets that call
# `insertSections(_:)` with an `[Int]` and `insertItems(at:)` with `[ItemPath]` on the collection
# views must be rejected: nothing but `reload(using:…)` is added to the app's views.
# What it proves: the files compile against these declarations; not that the declarations are
# Apple's (they are copied from the documentation by hand) nor that UIKit animates as documented.
# Cost: about 10 s (the engine's module is emitted once into .build-adapter-stubs/).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.build-adapter-stubs
mkdir -p "$dir/UIKit" "$dir/AppKit"

cat >"$dir/IndexPath+Stub.swift" <<'EOF'
import Foundation

// UIKit and AppKit add these to Foundation's IndexPath.
extension IndexPath {
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  public var item: Int { self[1] }
  public var section: Int { self[0] }
}
EOF
cat >"$dir/UIKit.swift" <<'EOF'
import Foundation

@MainActor open class UIView {}
@MainActor open class UIScrollView: UIView {}
@MainActor open class UICollectionView: UIScrollView {
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  open func insertSections(_ sections: IndexSet) {}
  open func deleteSections(_ sections: IndexSet) {}
  open func reloadSections(_ sections: IndexSet) {}
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func insertItems(at indexPaths: [IndexPath]) {}
  open func deleteItems(at indexPaths: [IndexPath]) {}
  open func reloadItems(at indexPaths: [IndexPath]) {}
  @available(iOS 15.0, tvOS 15.0, *) open func reconfigureItems(at indexPaths: [IndexPath]) {}
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  open func reloadData() {}
  open var numberOfSections: Int { 0 }
  open func numberOfItems(inSection section: Int) -> Int { 0 }
}
EOF
cat >"$dir/AppKit.swift" <<'EOF'
import Foundation

@MainActor open class NSResponder {}
@MainActor open class NSView: NSResponder {}
@MainActor open class NSCollectionView: NSView {
  open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil) {}
  open func insertSections(_ sections: IndexSet) {}
  open func deleteSections(_ sections: IndexSet) {}
  open func reloadSections(_ sections: IndexSet) {}
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func insertItems(at indexPaths: Set<IndexPath>) {}
  open func deleteItems(at indexPaths: Set<IndexPath>) {}
  open func reloadItems(at indexPaths: Set<IndexPath>) {}
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  open func reloadData() {}
  open var numberOfSections: Int { 0 }
  open func numberOfItems(inSection section: Int) -> Int { 0 }
  open func animator() -> Self { self }
}
EOF

fail() {
  echo "adapter-stubs: $1" >&2
  exit 1
}
swiftc() { command swiftc -swift-version 6 -module-cache-path "$dir/cache" "$@"; }

swiftc -emit-module -parse-as-library -module-name UIKit -emit-module-path "$dir/UIKit/UIKit.swiftmodule" \
  "$dir/UIKit.swift" "$dir/IndexPath+Stub.swift" || fail "the stub UIKit does not compile"
swiftc -emit-module -parse-as-library -module-name AppKit -emit-module-path "$dir/AppKit/AppKit.swiftmodule" \
  "$dir/AppKit.swift" "$dir/IndexPath+Stub.swift" || fail "the stub AppKit does not compile"
# The package's modules share its package name (as SwiftPM and Scripts/fuzz.sh give it), for `package` symbols.
# shellcheck disable=SC2046
swiftc -emit-module -parse-as-library -module-name ReorderKit -package-name ReorderKit \
  -emit-module-path "$dir/ReorderKit.swiftmodule" \
  $(find Sources/ReorderKit -name '*.swift' | sort) || fail "the engine does not compile"
# shellcheck disable=SC2046
swiftc -emit-module -parse-as-library -module-name ReorderKitUIKit -package-name ReorderKit \
  -I "$dir" -I "$dir/UIKit" -I "$dir/AppKit" \
  -emit-module-path "$dir/ReorderKitUIKit.swiftmodule" $(find Sources/ReorderKitUIKit -name '*.swift' | sort) ||
  fail "ReorderKitUIKit does not type-check against the stub UIKit and AppKit"
for file in Sources/ReorderKitUIKit/UICollectionView+Reload.swift Sources/ReorderKitUIKit/NSCollectionView+Reload.swift; do
  grep -q "^#if canImport" "$file" || fail "$file is not behind canImport"
done

# The calls an app makes: they compile.
cat >"$dir/Uses.swift" <<'EOF'
import AppKit
import Foundation
import ReorderKit
import ReorderKitUIKit
import UIKit

@MainActor func uses(_ ui: UICollectionView, _ ns: NSCollectionView) throws {
  var sections: [Snapshot<String, Int>.Section] = [.init(id: "A", items: [1])]
  let staged = try StagedChangeset(from: sections, to: [.init(id: "A", items: [2, 1])])
  ui.reload(using: staged, interrupt: { _ in false }, setData: { sections = $0 }) { _ in }
  ns.animator().reload(using: staged, setData: { sections = $0 })
  ui.insertSections(IndexSet([1]))
}
EOF
swiftc -typecheck -I "$dir" -I "$dir/UIKit" -I "$dir/AppKit" "$dir/Uses.swift" ||
  fail "an app's calls to reload(using:…) do not type-check"

# Overloads that must not exist on the app's collection views.
leaks=0
for call in 'ui.insertSections(ints)' 'ui.deleteSections(ints)' 'ui.insertItems(at: paths)' \
  'ui.moveItem(at: paths[0], to: paths[0])' 'ui.reloadSections(ints)' 'ui.reconfigureItems(at: paths)' \
  'ns.insertSections(ints)' 'ns.deleteItems(at: paths)' 'ns.reloadSections(ints)' \
  'let _: any BatchUpdatingView = ui' 'let _: any BatchUpdatingView = ns'; do
  cat >"$dir/Leak.swift" <<EOF
import AppKit
import Foundation
import ReorderKit
import ReorderKitUIKit
import UIKit

@MainActor func leak(_ ui: UICollectionView, _ ns: NSCollectionView, ints: [Int], paths: [ItemPath]) {
  $call
}
EOF
  if swiftc -typecheck -I "$dir" -I "$dir/UIKit" -I "$dir/AppKit" "$dir/Leak.swift" >/dev/null 2>&1; then
    echo "adapter-stubs: \`$call\` compiles: ReorderKitUIKit adds it to the app's collection views" >&2
    leaks=1
  fi
done
[[ $leaks == 0 ]] || exit 1
echo "adapter-stubs: the UIKit and AppKit files type-check against the stubs; no overload reaches the app's views"
