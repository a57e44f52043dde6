// ReorderKit for web developers: the engine, reorderkit.wasm, loaded once for every list on the page,
// and the few readers of its buffers (the render list, the events, an order). The engine makes every
// decision; this file only carries numbers and text in and out.

export const BOARD_HEADER = 9;
export const LIST_HEADER = 11;
export const STRIDE = 14;
export const KIND = { item: 0, header: 1, gap: 2, dropHighlight: 3, forbidden: 4, focusRing: 5 };
export const EVENT = {
  lifted: 1, dropped: 2, cancelled: 3, changed: 4, announcement: 5, tapped: 6, denied: 7, dropFailed: 8, key: 9,
  refused: 10,
};
export const POINTER = { touch: 0, pen: 1, mouse: 2 };
export const KEY = { " ": 0, Enter: 1, Escape: 2, ArrowUp: 3, ArrowDown: 4, ArrowLeft: 5, ArrowRight: 6, Home: 7, End: 8 };

const decoder = new TextDecoder();
/// What the engine asks the page while it decides (see Web/Exports/Library.swift's hostMove).
export const host = { move: (list, proposed) => proposed, name: () => 0 };
let loading = null;
let wasmURL = null;

/// Where the engine is: beside this module, unless the page said otherwise (`ReorderKit.engineURL`).
export function setEngineURL(url) {
  if (loading) return false;
  wasmURL = new URL(url, document.baseURI);
  return true;
}

/// The engine's exports, once: a promise every list waits on. A `.wasm` that cannot be fetched or
/// compiled is one console.error naming its URL; the promise then resolves to null and every list
/// stays as the page made it.
export function loadEngine() {
  loading ??= instantiateEngine(wasmURL ?? new URL("reorderkit.wasm", import.meta.url)).catch((error) => {
    console.error(`ReorderKit: the engine ${wasmURL ?? new URL("reorderkit.wasm", import.meta.url)} could not be loaded (${error.message}); the lists stay as they are.`);
    return null;
  });
  return loading;
}

async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  return WebAssembly.compile(await response.arrayBuffer());
}

/// Fetches, compiles and instantiates an engine (the library's, or the demo page's own build);
/// returns its exports. Throws with what went wrong.
export async function instantiateEngine(url) {
  // The classic script fetched and compiled it already (reorderkit-sortable.js), when the URL is the same.
  const early = globalThis.__reorderkitEngine;
  const module = early && early.url === url.href ? await early.module : await compile(url);
  let memory = null;
  // The C library's imports: random bytes for Swift's hashing seeds, stderr for a failed
  // precondition's message; anything else is unsupported here (ENOSYS).
  const wasi = {
    random_get(pointer, length) {
      crypto.getRandomValues(new Uint8Array(memory.buffer, pointer, length));
      return 0;
    },
    fd_write(fd, iovs, count, written) {
      const data = new DataView(memory.buffer);
      let text = "", total = 0;
      for (let i = 0; i < count; i++) {
        const base = data.getUint32(iovs + i * 8, true), length = data.getUint32(iovs + i * 8 + 4, true);
        text += decoder.decode(new Uint8Array(memory.buffer, base, length));
        total += length;
      }
      data.setUint32(written, total, true);
      if (text.trim()) console.warn(`reorderkit.wasm: ${text.trimEnd()}`);
      return 0;
    },
  };
  const imports = {};
  for (const { module: name, name: field, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== "function") continue;
    (imports[name] ??= {})[field] = (name === "wasi_snapshot_preview1" && wasi[field]) || (() => 52);
  }
  // The engine asks the page (SortableJS's onMove) through `host`.
  imports.reorderkit = {
    move: (list, proposed, current, same) => host.move(list, proposed, current, same),
    name: (view, id) => host.name(view, id),
  };
  const instance = await WebAssembly.instantiate(module, imports);
  memory = instance.exports.memory;
  if (typeof instance.exports.rk_lib_create !== "function") throw new Error("it is not ReorderKit's engine (no rk_lib_create)");
  return instance.exports;
}

/// Writes UTF-8 text into the engine's input buffer; returns its length in bytes.
export function writeText(rk, text) {
  const bytes = new TextEncoder().encode(text);
  const address = rk.rk_input_buffer(bytes.length);
  new Uint8Array(rk.memory.buffer, address, bytes.length).set(bytes);
  return bytes.length;
}

/// The render buffer after rk_board_render (a new view each time: the memory may have grown).
export function renderValues(rk) {
  const base = rk.rk_render_buffer();
  return new Float64Array(rk.memory.buffer, base, (rk.memory.buffer.byteLength - base) >> 3);
}

/// The events since the last call, of a board (or of a view, with `take` rk.rk_take_events):
/// { kind, id, a, b, text } each (text for announcements).
export function takeEvents(rk, b, take = rk.rk_board_take_events) {
  const count = take(b);
  if (count === 0) return [];
  const records = new Int32Array(rk.memory.buffer, rk.rk_events_buffer(), count * 4).slice();
  const bytes = new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), rk.rk_text_length());
  const events = [];
  for (let i = 0; i < count; i++) {
    const [kind, id, a, length] = records.subarray(i * 4, i * 4 + 4);
    const event = { kind, id, a, b: length };
    if (kind === EVENT.announcement) event.text = decoder.decode(bytes.subarray(a, a + length));
    events.push(event);
  }
  return events;
}

/// The board's lists and their items in the engine's order: a Map of list id → [item id].
export function readOrder(rk, b) {
  const length = rk.rk_board_outline(b);
  const text = decoder.decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), length));
  const order = new Map();
  let items = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("S ")) order.set(Number(line.slice(2)), (items = []));
    else if (line.startsWith("I ") && items) items.push(Number(line.slice(2)));
  }
  return order;
}

/// A polite live region, visually hidden, that speaks the engine's announcements.
export function liveRegion() {
  const live = document.createElement("div");
  live.className = "reorderkit-live";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  Object.assign(live.style, { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)",
    clipPath: "inset(50%)", whiteSpace: "nowrap", margin: "-1px", padding: "0", border: "0" });
  document.body.append(live);
  return live;
}
