// ReorderKit for web developers: the ES module. `Sortable` is SortableJS's API on your own
// elements; the engine (reorderkit.wasm, beside this file) makes every decision.
//
//   <ul id="todo"><li data-id="a">Buy milk</li><li data-id="b">Call Ada</li></ul>
//   <script type="module">
//     import { Sortable } from "./lib/reorderkit.js";
//     Sortable.create(document.getElementById("todo"), { onEnd: (e) => console.log(e.difference) });
//   </script>

import { Sortable } from "./sortable.js";
import { loadEngine, setEngineURL } from "./engine.js";
import { VirtualList } from "./virtual.js";

export { Sortable };

export const ReorderKit = {
  Sortable,
  /// A list or grid too long for the DOM: only the visible items exist (see virtual.js).
  virtual: (container, options) => new VirtualList(container, options),
  /// Resolves once the engine is loaded (true), or could not be (false, with one console.error).
  ready: () => loadEngine().then((rk) => rk !== null),
  /// Where reorderkit.wasm is, when it is not beside this module; call before the first list.
  set engineURL(url) {
    if (!setEngineURL(url)) console.error("ReorderKit: engineURL is set before the first list is made; it is ignored now.");
  },
};

// The engine starts loading once the page's own module code has run (it may set engineURL first),
// while the page goes on: the first list is ready sooner.
queueMicrotask(() => loadEngine());

export default Sortable;
