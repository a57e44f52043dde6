// ReorderKit in the browser: a front end like the SDL app. It turns DOM events into engine calls
// and draws the engine's render list once a frame; it decides nothing about where anything goes
// (gaps, activation, keyboard moves, announcements, order keys are the engine's). Only the visible
// cells exist as DOM elements, positioned with CSS transforms.

const report = [];
const reorderKit = { report, ready: false };
window.reorderKit = reorderKit;

// The layouts of the buffers, as Web/Exports/Buffers.swift writes them.
const RENDER_HEADER = 8;
const RENDER_STRIDE = 10;
const KIND = { item: 0, header: 1, gap: 2, dropHighlight: 3, forbidden: 4, focusRing: 5 };
const EVENT = { lifted: 1, dropped: 2, cancelled: 3, changed: 4, announcement: 5, tapped: 6, denied: 7, dropFailed: 8, key: 9 };
const POINTER = { touch: 0, pen: 1, mouse: 2 };
// The engine's keys (Web/Exports/Keyboard.swift), by the DOM's KeyboardEvent.key.
const KEY = { " ": 0, Enter: 1, Escape: 2, ArrowUp: 3, ArrowDown: 4, ArrowLeft: 5, ArrowRight: 6, Home: 7, End: 8 };
const KEY_TAB = 9, KEY_BACKTAB = 10;
const ACTIONS = 4; // the engine's accessibility moves, as bits 0…3 of rk_actions
const RESTORE_ERRORS = { 1: "the records are malformed", 2: "they name other items than the scene has", 3: "an order key is not valid" };
const SCENES = ["colors", "photos", "students", "lessons", "board"];
const BUILT = ["colors"];

const view = document.getElementById("view");
const announce = document.getElementById("announce");
const notice = document.getElementById("notice");

function message(text) {
  view.replaceChildren();
  const box = document.createElement("div");
  box.className = "message";
  box.setAttribute("role", "alert");
  box.textContent = text;
  view.append(box);
}

// Bad input (the address, a .wasm that does not load): one clear message on the page and one
// "error" object in the report, never a blank page.
function fail(text) {
  report.push({ event: "error", message: text });
  message(text);
  notice.textContent = text;
}

// A warning that leaves the page working (saving is off): in the caption and the report.
function warn(text) {
  report.push({ event: "storage", text });
  notice.textContent = text;
}

function parseParameters() {
  const params = new URLSearchParams(location.search);
  // reorder-server answers /boards/{B} with this page: the Board scene sharing board B.
  const board = /^\/boards\/([^/]+)\/?$/.exec(location.pathname);
  const share = board ? decodeURIComponent(board[1]) : null;
  const scene = share !== null ? "board" : params.get("scene") ?? "colors";
  if (!SCENES.includes(scene)) throw new Error(`There is no scene "${scene}": choose one of ${SCENES.join(", ")}.`);
  if (!BUILT.includes(scene)) {
    const sharing = share !== null ? ` Sharing board "${share}" is not connected yet either.` : "";
    throw new Error(`The ${scene} scene is not in the web build yet: only colors is.${sharing}`);
  }
  const itemsText = params.get("items") ?? "50";
  if (!/^[0-9]+$/.test(itemsText)) throw new Error(`items=${itemsText} is not a number of items.`);
  const items = Number(itemsText);
  if (items < 1 || items > 1_000_000) throw new Error(`items=${itemsText} is out of range (1 to 1000000).`);
  return { scene, items, reset: params.has("reset"), share };
}

// Colors: item n's colour, hues a golden angle apart (the desktop app's ColorsScene).
function colorOf(n) {
  const frac = (x) => x - Math.floor(x);
  const h = frac(0.03 + n * 0.61803398875), s = 0.5 + 0.35 * frac(n * 0.377), v = 0.78 + 0.18 * frac(n * 0.533);
  const l = v * (1 - s / 2);
  const sl = l === 0 || l === 1 ? 0 : (v - l) / Math.min(l, 1 - l);
  // Relative luminance of the RGB colour decides the label's colour, as on the desktop.
  const f = (k) => { const c = (k + h * 6) % 6; return v - v * s * Math.max(0, Math.min(c, 4 - c, 1)); };
  const [r, g, b] = [f(5), f(3), f(1)];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return { background: `hsl(${(h * 360).toFixed(1)} ${(sl * 100).toFixed(1)}% ${(l * 100).toFixed(1)}%)`,
    label: luminance > 0.6 ? "rgba(0,0,0,0.55)" : "rgba(255,255,255,0.9)" };
}

// The names the page keeps: the report's identifier and the name a person reads (the engine's
// announcer says "Color 5" too).
const itemName = (id) => `c${id}`;
const spokenName = (id) => `Color ${id}`;

async function loadEngine() {
  const response = await fetch(new URL("reorderkit.wasm", import.meta.url));
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  const module = await WebAssembly.compile(await response.arrayBuffer());
  // The C library's imports: random bytes for Swift's hashing seeds, stderr for a failed
  // precondition's message; anything else (files, clocks) is unsupported here (ENOSYS).
  let memory = null;
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
        text += new TextDecoder().decode(new Uint8Array(memory.buffer, base, length));
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
  const instance = await WebAssembly.instantiate(module, imports);
  memory = instance.exports.memory;
  return instance.exports;
}

// MARK: Saving

const DATABASE = "reorderkit";
const STORE = "items";

// Opens the database; resolves to a store object, or rejects with a sentence saying why (private
// mode, a quota, an old version held open by another tab). A hang guard keeps a stuck open from
// stalling the page: after `guard` ms it counts as not opened.
function openStore(guard = 3000) {
  return new Promise((resolve, reject) => {
    let settled = false;
    const give = (f, v) => { if (!settled) { settled = true; f(v); } };
    setTimeout(() => give(reject, new Error(`IndexedDB did not open within ${guard / 1000} s`)), guard);
    let request;
    try {
      if (typeof indexedDB === "undefined" || !indexedDB) throw new Error("this browser has no IndexedDB");
      request = indexedDB.open(DATABASE, 1);
    } catch (error) {
      give(reject, new Error(`IndexedDB cannot be opened (${error.message})`));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) {
        db.createObjectStore(STORE, { keyPath: ["scene", "id"] }).createIndex("scene", "scene");
      }
    };
    request.onblocked = () => give(reject, new Error("IndexedDB is held by another tab of an older version"));
    request.onerror = () => give(reject, new Error(`IndexedDB cannot be opened (${request.error?.message ?? "unknown error"})`));
    request.onsuccess = () => {
      const db = request.result;
      if (settled) { db.close(); return; }
      give(resolve, new Store(db));
    };
  });
}

class Store {
  constructor(db) { this.db = db; }

  // The records of a scene, in no particular order.
  records(scene) {
    return this.#request("readonly", (store) => store.index("scene").getAll(IDBKeyRange.only(scene)));
  }

  // Forgets a scene's records (`&reset`).
  clear(scene) {
    return this.#request("readwrite", (store) => store.delete(IDBKeyRange.bound([scene], [scene, []])));
  }

  // Writes records ({ id, section, key }) of a scene in one transaction; resolves when committed.
  put(scene, records) {
    return new Promise((resolve, reject) => {
      const transaction = this.db.transaction(STORE, "readwrite");
      const store = transaction.objectStore(STORE);
      for (const { id, section, key } of records) store.put({ scene, id, section, key });
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error("the write failed"));
      transaction.onabort = () => reject(transaction.error ?? new Error("the write was aborted"));
    });
  }

  #request(mode, body) {
    return new Promise((resolve, reject) => {
      const transaction = this.db.transaction(STORE, mode);
      const request = body(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error("the read failed"));
      transaction.onabort = () => reject(transaction.error ?? new Error("the read was aborted"));
    });
  }
}

// Restores a scene's saved order (or gives its items their first keys and saves them), through
// the engine: it parses and checks the records, sorts them by key, and says what is wrong.
// Resolves to { store, writing } (the first records' writes), or null when saving is off.
async function restoreOrder(rk, h, sceneKey, reset) {
  let store;
  try {
    store = await openStore();
  } catch (error) {
    warn(`Not saved: ${error.message}; this page keeps its changes in memory only.`);
    return null;
  }
  try {
    if (reset) await store.clear(sceneKey);
    const records = reset ? [] : await store.records(sceneKey);
    if (records.length > 0) {
      const text = new TextEncoder().encode(records.map((r) => `${r.id} ${r.section} ${r.key}`).join("\n"));
      const address = rk.rk_input_buffer(text.length);
      new Uint8Array(rk.memory.buffer, address, text.length).set(text);
      const code = rk.rk_restore(h, text.length);
      if (code === 0) return { store, writing: Promise.resolve() };
      warn(`The saved order could not be restored (${RESTORE_ERRORS[code] ?? `error ${code}`}): starting from the built-in order.`);
      await store.clear(sceneKey);
    }
    // The first keys are written in the background, in chunks: the page works meanwhile.
    const length = rk.rk_initial_keys(h);
    const text = new TextDecoder().decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), length));
    const fresh = parseRecords(text);
    let writing = Promise.resolve();
    for (let i = 0; i < fresh.length; i += 10_000) {
      const chunk = fresh.slice(i, i + 10_000);
      writing = writing.then(() => store.put(sceneKey, chunk));
    }
    return { store, writing };
  } catch (error) {
    warn(`Not saved: IndexedDB failed (${error.message}); this page keeps its changes in memory only.`);
    return null;
  }
}

// `id section key` lines (the engine's records) as objects.
function parseRecords(text) {
  const records = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    const [id, section, key] = line.split(" ");
    records.push({ id: Number(id), section: Number(section), key });
  }
  return records;
}

// MARK: The scene

async function start(rk, { scene, items, reset }) {
  const now = () => (reorderKit.clock ? reorderKit.clock() : performance.now() / 1000);
  const size = () => [view.clientWidth, view.clientHeight];
  let [width, height] = size();
  const h = rk.rk_view_create(items, width, height);
  if (h === 0) throw new Error("The engine could not create the view.");
  document.getElementById("scene-title").textContent = "Colors";
  view.setAttribute("aria-label", "Colors");

  const sceneKey = `${scene}:${items}`;
  const saved = await restoreOrder(rk, h, sceneKey, reset);
  const store = saved?.store;
  let saving = (saved?.writing ?? Promise.resolve()).catch((error) => {
    warn(`Not saved: IndexedDB failed (${error.message}); this page keeps its changes in memory only.`);
  });

  const motion = matchMedia("(prefers-reduced-motion: reduce)");
  const applyMotion = () => rk.rk_set_reduced_motion(h, motion.matches ? 1 : 0);
  applyMotion();
  motion.addEventListener("change", applyMotion);

  const cells = new Map(); // id → element, the visible cells only
  let gapElement = null;
  let lastFrames = []; // [id, x, y, w, h] of the items drawn last, for the report
  let pressed = null; // the pointerId that is down, if any
  let focusedId = 0; // the engine's focused item, as last drawn
  let menu = null; // the open accessibility-actions menu: { element, id }
  const decoder = new TextDecoder();

  const point = (event) => {
    const r = view.getBoundingClientRect();
    return [event.clientX - r.left, event.clientY - r.top];
  };

  function order() {
    const n = rk.rk_order(h, 0);
    const ids = new Int32Array(rk.memory.buffer, rk.rk_order_buffer(), n);
    const names = new Array(n);
    for (let i = 0; i < n; i++) names[i] = itemName(ids[i]);
    return [{ id: scene, items: names }];
  }

  function save(records) {
    if (!store || records.length === 0) return;
    // One record per moved item, written in order, off the frame path.
    saving = saving.then(() => store.put(sceneKey, records)).catch((error) => {
      warn(`Not saved: IndexedDB failed (${error.message}); this page keeps its changes in memory only.`);
    });
  }
  reorderKit.saved = () => saving;

  function takeEvents() {
    const n = rk.rk_take_events(h);
    if (n === 0) return;
    const records = new Int32Array(rk.memory.buffer, rk.rk_events_buffer(), n * 4).slice();
    let textLength = 0;
    for (let i = 0; i < n; i++) {
      const kind = records[i * 4];
      if (kind === EVENT.announcement || kind === EVENT.key) textLength = Math.max(textLength, records[i * 4 + 2] + records[i * 4 + 3]);
    }
    const text = new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), textLength).slice();
    let changed = false;
    const keys = [];
    for (let i = 0; i < n; i++) {
      const [kind, id, a, b] = records.subarray(i * 4, i * 4 + 4);
      switch (kind) {
        case EVENT.lifted: report.push({ event: "lifted", scene, item: itemName(id) }); break;
        case EVENT.dropped: report.push({ event: "dropped", scene, item: itemName(id) }); break;
        case EVENT.cancelled: report.push({ event: "cancelled", scene, item: itemName(id) }); break;
        case EVENT.dropFailed: report.push({ event: "dropFailed", scene, item: itemName(id) }); break;
        case EVENT.changed: changed = true; break;
        case EVENT.key: keys.push(...parseRecords(decoder.decode(text.subarray(a, a + b)))); break;
        case EVENT.announcement: {
          const said = decoder.decode(text.subarray(a, a + b));
          announce.textContent = said;
          report.push({ event: "announcement", scene, text: said });
          break;
        }
      }
    }
    if (changed) report.push({ event: "changed", scene, sections: order() });
    save(keys);
  }

  function cell(id) {
    let element = cells.get(id);
    if (element) return element;
    element = document.createElement("div");
    element.className = "cell";
    element.dataset.id = itemName(id);
    element.tabIndex = -1;
    element.setAttribute("role", "listitem");
    element.setAttribute("aria-label", spokenName(id));
    const { background, label } = colorOf(id);
    element.style.background = background;
    element.style.color = label;
    const title = document.createElement("span");
    title.textContent = String(id);
    const actions = document.createElement("button");
    actions.className = "actions";
    actions.type = "button";
    actions.tabIndex = -1;
    actions.textContent = "⋯";
    actions.setAttribute("aria-label", `Actions for ${spokenName(id)}`);
    actions.setAttribute("aria-haspopup", "menu");
    element.append(title, actions);
    cells.set(id, element);
    view.append(element);
    return element;
  }

  function draw(time) {
    const count = rk.rk_render(h, time);
    const values = new Float64Array(rk.memory.buffer, rk.rk_render_buffer(), RENDER_HEADER + count * RENDER_STRIDE);
    const seen = new Set();
    const frames = [];
    let gap = null;
    for (let i = 0; i < count; i++) {
      const o = RENDER_HEADER + i * RENDER_STRIDE;
      const kind = values[o], id = values[o + 1];
      const x = values[o + 2], y = values[o + 3], w = values[o + 4], hh = values[o + 5];
      if (kind === KIND.gap) { gap = [x, y, w, hh]; continue; }
      if (kind !== KIND.item) continue;
      const scale = values[o + 6], lifted = values[o + 7] === 1, alpha = values[o + 8], lift = values[o + 9];
      const element = cell(id);
      seen.add(id);
      frames.push([id, x, y, w, hh]);
      element.style.width = `${w}px`;
      element.style.height = `${hh}px`;
      element.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
      element.style.opacity = alpha;
      element.style.zIndex = String(i + 1);
      element.classList.toggle("lifted", lifted || lift > 0);
      element.style.setProperty("--lift", lift);
    }
    for (const [id, element] of cells) {
      if (!seen.has(id) && !(menu && menu.id === id)) { element.remove(); cells.delete(id); }
    }
    if (gap) {
      if (!gapElement) { gapElement = document.createElement("div"); gapElement.className = "gap"; view.prepend(gapElement); }
      gapElement.style.width = `${gap[2]}px`;
      gapElement.style.height = `${gap[3]}px`;
      gapElement.style.transform = `translate(${gap[0]}px, ${gap[1]}px)`;
    } else if (gapElement) { gapElement.remove(); gapElement = null; }
    lastFrames = frames;
    syncFocus();
    return values[5] === 1;
  }

  // The DOM follows the engine's focus: its cell is the one in the tab order (a roving tabindex)
  // and holds the browser's focus while the keyboard is in the view; with no focus, the first
  // visible cell is the way in.
  function syncFocus() {
    const id = rk.rk_focused(h);
    const target = cells.get(id) ?? (id === 0 ? cells.get(lastFrames[0]?.[0]) : undefined);
    for (const [cid, element] of cells) {
      element.tabIndex = element === target ? 0 : -1;
      element.classList.toggle("focused", cid === id);
    }
    const inView = view.contains(document.activeElement) || document.activeElement === document.body;
    if (id !== focusedId) {
      focusedId = id;
      if (id !== 0 && target && inView && !menu) target.focus({ preventScroll: true });
    } else if (id !== 0 && target && inView && !menu && document.activeElement !== target) {
      target.focus({ preventScroll: true }); // its cell came back into view
    }
  }

  function frame() {
    const t = now();
    const [w, hh] = size();
    if (w !== width || hh !== height) {
      [width, height] = [w, hh];
      rk.rk_set_size(h, w, hh, t);
    }
    rk.rk_tick(h, t);
    takeEvents();
    draw(t);
    requestAnimationFrame(frame);
  }

  // MARK: Pointer, wheel

  view.addEventListener("pointerdown", (event) => {
    if (event.target.closest(".actions, .menu")) return; // the actions button is not a press on the cell
    closeMenu(false);
    if (pressed !== null || event.button > 0) return;
    pressed = event.pointerId;
    view.setPointerCapture(event.pointerId);
    const [x, y] = point(event);
    rk.rk_pointer_down(h, x, y, now(), POINTER[event.pointerType] ?? POINTER.touch);
    event.preventDefault();
  });
  view.addEventListener("pointermove", (event) => {
    if (event.pointerId !== pressed) return;
    const [x, y] = point(event);
    rk.rk_pointer_move(h, x, y, now());
  });
  const release = (event) => {
    if (event.pointerId !== pressed) return;
    pressed = null;
    const [x, y] = point(event);
    if (event.type === "pointercancel") rk.rk_cancel(h, now());
    else rk.rk_pointer_up(h, x, y, now());
    takeEvents();
  };
  view.addEventListener("pointerup", release);
  view.addEventListener("pointercancel", release);
  view.addEventListener("dragstart", (event) => event.preventDefault());
  view.addEventListener("wheel", (event) => {
    event.preventDefault();
    rk.rk_scroll(h, event.deltaX, event.deltaY, now());
  }, { passive: false });

  // MARK: Keyboard

  // A cell the browser focused (Tab into the view, a click on it): the engine's focus follows.
  view.addEventListener("focusin", (event) => {
    const element = event.target.closest(".cell");
    if (!element || menu) return;
    const id = Number(element.dataset.id.slice(1));
    if (id !== rk.rk_focused(h) && rk.rk_is_dragging(h) === 0) {
      rk.rk_focus(h, id, now());
      takeEvents();
    }
  });

  window.addEventListener("keydown", (event) => {
    if (menu) return; // the menu has the keys
    const inView = view.contains(document.activeElement) || document.activeElement === document.body;
    if (!inView) return;
    const t = now();
    const shortcut = event.ctrlKey || event.metaKey;
    if (shortcut && !event.altKey && (event.key === "z" || event.key === "Z" || event.key === "y")) {
      if (event.key === "y" || event.shiftKey) rk.rk_redo(h, t);
      else rk.rk_undo(h, t);
      takeEvents();
      event.preventDefault();
      return;
    }
    if (shortcut || event.altKey) return;
    if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
      const id = rk.rk_focused(h);
      if (id !== 0) openMenu(id);
      event.preventDefault();
      return;
    }
    if (event.key === "PageDown" || event.key === "PageUp") {
      rk.rk_scroll(h, 0, (event.key === "PageDown" ? 0.9 : -0.9) * height, t);
      event.preventDefault();
      return;
    }
    if (event.key === "Escape") {
      // A pointer drag or a keyboard drag: the items go back.
      rk.rk_cancel(h, t);
      pressed = null;
      takeEvents();
      event.preventDefault();
      return;
    }
    if (pressed !== null) return; // the pointer holds the view
    let code = KEY[event.key];
    if (event.key === "Tab") code = event.shiftKey ? KEY_BACKTAB : KEY_TAB;
    if (code === undefined) return;
    const before = rk.rk_focused(h);
    rk.rk_key(h, code, t);
    takeEvents();
    // Tab at the first or last item leaves the view, as Tab does on a page: the engine kept the focus.
    if (code >= KEY_TAB && rk.rk_focused(h) === before && rk.rk_is_dragging(h) === 0 && before !== 0) return;
    event.preventDefault();
    draw(t);
  });

  // MARK: Accessibility actions

  view.addEventListener("click", (event) => {
    const button = event.target.closest(".actions");
    if (!button) return;
    openMenu(Number(button.parentElement.dataset.id.slice(1)));
  });

  // A menu of the engine's accessibility moves for an item, as buttons a screen reader lists.
  function openMenu(id) {
    closeMenu(false);
    const owner = cells.get(id);
    const bits = rk.rk_actions(h, id);
    if (!owner || bits === 0) {
      announce.textContent = rk.rk_is_dragging(h) ? "No actions during a drag." : `${spokenName(id)} cannot move.`;
      return;
    }
    const element = document.createElement("div");
    element.className = "menu";
    element.setAttribute("role", "menu");
    element.setAttribute("aria-label", `Move ${spokenName(id)}`);
    for (let bit = 0; bit < ACTIONS; bit++) {
      if (!(bits & (1 << bit))) continue;
      const length = rk.rk_action_name(bit);
      const item = document.createElement("button");
      item.type = "button";
      item.setAttribute("role", "menuitem");
      item.dataset.action = String(bit);
      item.textContent = decoder.decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), length));
      item.addEventListener("click", () => {
        rk.rk_perform_action(h, id, bit, now());
        closeMenu(true);
        takeEvents();
      });
      element.append(item);
    }
    element.addEventListener("keydown", (event) => {
      const entries = [...element.querySelectorAll("[role=menuitem]")];
      const at = entries.indexOf(document.activeElement);
      if (event.key === "Escape" || event.key === "Tab") closeMenu(true);
      else if (event.key === "ArrowDown") entries[(at + 1) % entries.length].focus();
      else if (event.key === "ArrowUp") entries[(at - 1 + entries.length) % entries.length].focus();
      else if (event.key === "Home") entries[0].focus();
      else if (event.key === "End") entries[entries.length - 1].focus();
      else return;
      event.preventDefault();
      event.stopPropagation();
    });
    const r = owner.getBoundingClientRect(), v = view.getBoundingClientRect();
    element.style.left = `${Math.min(r.left - v.left, v.width - 180)}px`;
    element.style.top = `${r.bottom - v.top + 4}px`;
    view.append(element);
    menu = { element, id };
    element.querySelector("[role=menuitem]").focus();
  }

  function closeMenu(refocus) {
    if (!menu) return;
    const { element, id } = menu;
    menu = null;
    element.remove();
    if (refocus) cells.get(id)?.focus({ preventScroll: true });
  }
  document.addEventListener("pointerdown", (event) => {
    if (menu && !menu.element.contains(event.target)) closeMenu(false);
  });

  // The first frame, then the report's "ready" with the visible items in viewport CSS pixels.
  const t0 = now();
  rk.rk_tick(h, t0);
  takeEvents();
  draw(t0);
  const r = view.getBoundingClientRect();
  report.push({
    event: "ready", scene, window: [window.innerWidth, window.innerHeight],
    items: lastFrames.map(([id, x, y, w, hh]) => ({ id: itemName(id), frame: [x + r.left, y + r.top, w, hh] })),
    sections: order(),
  });
  reorderKit.ready = true;
  requestAnimationFrame(frame);
}

try {
  const parameters = parseParameters();
  let rk;
  try {
    rk = await loadEngine();
  } catch (error) {
    throw new Error(`The engine (reorderkit.wasm) failed to load: ${error.message}`);
  }
  await start(rk, parameters);
} catch (error) {
  fail(error.message);
}
