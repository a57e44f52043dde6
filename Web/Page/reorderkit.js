// ReorderKit in the browser: a front end like the SDL app. It turns DOM events into engine calls
// and draws the engine's render list once a frame; it decides nothing about where anything goes
// (gaps, activation, keyboard moves, announcements, order keys are the engine's). Only the visible
// cells exist as DOM elements, positioned with CSS transforms.
import { instantiateEngine } from "./lib/engine.js";
import { shareBoard } from "./share.js";

const report = [];
const reorderKit = { report, ready: false };
window.reorderKit = reorderKit;

// The layouts of the buffers, as Web/Exports/Buffers.swift writes them.
const RENDER_HEADER = 8;
const RENDER_STRIDE = 14;
const KIND = { item: 0, header: 1, gap: 2, dropHighlight: 3, forbidden: 4, focusRing: 5 };
const EVENT = { lifted: 1, dropped: 2, cancelled: 3, changed: 4, announcement: 5, tapped: 6, denied: 7, dropFailed: 8, key: 9, refused: 10,
  commitCards: 11, commitColumn: 12 };
const POINTER = { touch: 0, pen: 1, mouse: 2 };
// The engine's keys (Web/Exports/Keyboard.swift), by the DOM's KeyboardEvent.key.
const KEY = { " ": 0, Enter: 1, Escape: 2, ArrowUp: 3, ArrowDown: 4, ArrowLeft: 5, ArrowRight: 6, Home: 7, End: 8 };
const KEY_TAB = 9, KEY_BACKTAB = 10;
const ACTIONS = 4; // the engine's accessibility moves, as bits 0…3 of rk_actions
const RESTORE_ERRORS = { 1: "the records are malformed", 2: "they name other items than the scene has", 3: "an order key is not valid" };
const SCENES = ["colors", "photos", "students", "lessons", "board"];
const BUILT = ["colors", "photos", "students", "lessons", "board"];

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
  if (!BUILT.includes(scene)) throw new Error(`The ${scene} scene is not in the web build yet: only ${BUILT.join(", ")} are.`);
  const itemsText = params.get("items") ?? "50";
  if (!/^[0-9]+$/.test(itemsText)) throw new Error(`items=${itemsText} is not a number of items.`);
  const items = Number(itemsText);
  if (items < 1 || items > 1_000_000) throw new Error(`items=${itemsText} is out of range (1 to 1000000).`);
  // The Board's cards: its built-in counts unless the address gives a number (shared by the columns).
  return { scene, items, cards: params.has("items") ? items : null, reset: params.has("reset"), share };
}

// Colors: item n's colour, hues a golden angle apart (the desktop app's ColorsScene).
function colorOf(n) {
  const frac = (x) => x - Math.floor(x);
  const h = frac(0.03 + n * 0.61803398875), s = 0.5 + 0.35 * frac(n * 0.377), v = 0.78 + 0.18 * frac(n * 0.533);
  const l = v * (1 - s / 2);
  const sl = l === 0 || l === 1 ? 0 : (v - l) / Math.min(l, 1 - l);
  // The label is black or white, whichever contrasts more with the colour by WCAG's relative
  // luminance: at least 4.58:1 (the two meet at a luminance of 0.179), so every label reads.
  const f = (k) => { const c = (k + h * 6) % 6; return v - v * s * Math.max(0, Math.min(c, 4 - c, 1)); };
  const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [f(5), f(3), f(1)].map(linear);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return { background: `hsl(${(h * 360).toFixed(1)} ${(sl * 100).toFixed(1)}% ${(l * 100).toFixed(1)}%)`,
    label: (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000" : "#fff" };
}


// The engine: the library's loader (lib/engine.js, beside this page in Web/dist), on the page's own
// build of it (every rk_ export: the scenes, the Board and the shared board).
async function loadEngine() {
  return instantiateEngine(new URL("reorderkit.wasm", import.meta.url));
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
      // A folder's child names its folder; a record without `parent` is at the top level.
      for (const { id, section, key, parent } of records) store.put(parent === undefined ? { scene, id, section, key } : { scene, id, section, key, parent });
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

// Students' sort choice, one record of its own; a store that cannot be opened leaves the built-in
// sort (restoreOrder then says why nothing is saved), `&reset` forgets it.
const SORT_KEY = "students:sort";
async function restoreSort(kind, reset) {
  try {
    const store = await openStore();
    if (reset) { await store.clear(SORT_KEY); return; }
    const [record] = await store.records(SORT_KEY);
    if (record && Object.hasOwn(SORTS, record.key)) kind.sort = record.key;
  } catch {
    // restoreOrder opens the store again and puts the reason in the caption.
  }
}

// Restores a scene's saved order (or gives its items their first keys and saves them), through
// the engine: it parses and checks the records, sorts them by key, and says what is wrong.
// `engine`: { restore(length), initialKeys() }, a view's rk_restore and rk_initial_keys or the
// Board's. Resolves to { store, writing } (the first records' writes), or null when saving is off.
async function restoreOrder(rk, engine, sceneKey, reset) {
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
      const text = new TextEncoder().encode(records.map((r) => `${r.id} ${r.section} ${r.key}${r.parent === undefined ? "" : ` ${r.parent}`}`).join("\n"));
      const address = rk.rk_input_buffer(text.length);
      new Uint8Array(rk.memory.buffer, address, text.length).set(text);
      const code = engine.restore(text.length);
      if (code === 0) return { store, writing: Promise.resolve() };
      warn(`The saved order could not be restored (${RESTORE_ERRORS[code] ?? `error ${code}`}): starting from the built-in order.`);
      await store.clear(sceneKey);
    }
    // The first keys are written in the background, in chunks: the page works meanwhile.
    const length = engine.initialKeys();
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
    const [id, section, key, parent] = line.split(" ");
    records.push(parent === undefined ? { id: Number(id), section: Number(section), key } : { id: Number(id), section: Number(section), key, parent: Number(parent) });
  }
  return records;
}

// MARK: The scenes' data and cells (the desktop's Scenes/*.swift): the page keeps the data and
// draws the cells; the engine gets an outline of numeric identifiers with names for its words.

const SCENE_CODES = { colors: 0, photos: 1, students: 2, lessons: 3 };

// An outline for rk_scene_create and rk_apply (Web/Exports/Scenes.swift).
function outlineText(sections) {
  const lines = [];
  for (const section of sections) {
    lines.push(`S ${section.id} ${section.name}`);
    for (const entry of section.items) {
      if (entry.children) {
        lines.push(`G ${entry.id} ${entry.expanded ? 1 : 0} ${entry.name}`);
        for (const child of entry.children) lines.push(`C ${child.id} ${child.name}`);
      } else {
        lines.push(`I ${entry.id} ${entry.name}`);
      }
      if (entry.size) lines.push(`W ${entry.id} ${entry.size[0]} ${entry.size[1]}`);
      if (entry.pinned) lines.push(`P ${entry.id}`);
    }
  }
  return lines.join("\n");
}

function writeInput(rk, text) {
  const bytes = new TextEncoder().encode(text);
  const address = rk.rk_input_buffer(bytes.length);
  new Uint8Array(rk.memory.buffer, address, bytes.length).set(bytes);
  return bytes.length;
}

const frac = (x) => x - Math.floor(x);

const colors = {
  title: "Colors", saves: true,
  create: (rk, items, w, h) => rk.rk_view_create(items, w, h),
  name: (id) => `c${id}`, spoken: (id) => `Color ${id}`,
  fill(element, id) {
    const { background, label } = colorOf(id);
    element.style.background = background;
    element.style.color = label;
    const title = document.createElement("span");
    title.textContent = String(id);
    element.append(title);
  },
};

// Photos (seed 002's camera roll): 48 photos of six shapes in a horizontal flow, paged.
const PHOTO_SHAPES = [[170, 120], [110, 150], [140, 140], [110, 110], [170, 170], [120, 90]];
const photos = {
  title: "Photos", saves: true, className: "photo", horizontal: true,
  sections() {
    const items = [];
    for (let n = 1; n <= 48; n++) {
      items.push({ id: n, name: `IMG_${1000 + n}`, size: PHOTO_SHAPES[((1000 + n) * 7 + Math.floor((1000 + n) / 3)) % 6] });
    }
    return [{ id: 1, key: "camera-roll", name: "Photos", items }];
  },
  name: (id) => `IMG_${1000 + id}`, spoken: (id) => `IMG_${1000 + id}`,
  fill(element, id) {
    const n = 1000 + id, hue = frac(0.52 + n * 0.131) * 360, ground = frac(frac(0.52 + n * 0.131) + 0.28) * 360;
    element.style.background = `linear-gradient(hsl(${hue} 80% 90%) 0 62%, hsl(${ground} 45% 40%) 62%)`;
    const sun = document.createElement("i");
    sun.className = "sun";
    const caption = document.createElement("span");
    caption.textContent = `IMG_${n}`;
    element.append(sun, caption);
  },
};

// Students (seed 001): a sectioned grid re-sorted by name, birthday or height.
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const STUDENTS = [
  ["Aiko", 3, 14, 152], ["Ben", 11, 2, 171], ["Chloé", 7, 23, 160], ["Daichi", 1, 9, 168],
  ["Elena", 3, 30, 158], ["Farid", 9, 17, 175], ["Grace", 5, 5, 149], ["Hiro", 11, 28, 163],
  ["Ines", 7, 1, 155], ["Jonas", 2, 19, 182], ["Kenji", 5, 12, 166], ["Lena", 9, 3, 161],
  ["Mateo", 1, 25, 172], ["Nora", 12, 8, 157], ["Omar", 6, 21, 169], ["Priya", 3, 2, 154],
  ["Quinn", 10, 11, 178], ["Rosa", 6, 6, 150], ["Sota", 12, 24, 164], ["Tara", 10, 31, 159],
  ["Aaron", 2, 3, 174], ["Bea", 6, 15, 147], ["Carlos", 9, 29, 180], ["Dana", 12, 1, 162],
].map(([name, month, day, height], i) => ({ id: i + 1, name, month, day, height }));
const SORTS = {
  name: { title: "Name", section: (s) => [`name-${s.name[0]}`, s.name[0], s.name.codePointAt(0)],
    before: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id), detail: (s) => `${MONTHS[s.month - 1].slice(0, 3)} ${s.day}` },
  birthday: { title: "Birthday", section: (s) => [`month-${s.month}`, MONTHS[s.month - 1], s.month],
    before: (a, b) => a.month - b.month || a.day - b.day || (a.name < b.name ? -1 : 1), detail: (s) => `${MONTHS[s.month - 1].slice(0, 3)} ${s.day}` },
  height: { title: "Height", section: (s) => { const band = Math.floor(s.height / 10) * 10; return [`height-${band}`, `${band}–${band + 9} cm`, band]; },
    before: (a, b) => a.height - b.height || (a.name < b.name ? -1 : 1), detail: (s) => `${s.height} cm` },
};
const SECTION_IDS = new Map(); // "name-A" → a number the engine uses
function studentSections(sort) {
  const groups = new Map();
  for (const s of STUDENTS) {
    const [key, title, order] = SORTS[sort].section(s);
    if (!SECTION_IDS.has(key)) SECTION_IDS.set(key, SECTION_IDS.size + 1);
    if (!groups.has(key)) groups.set(key, { id: SECTION_IDS.get(key), key, name: title, order, members: [] });
    groups.get(key).members.push(s);
  }
  return [...groups.values()].sort((a, b) => a.order - b.order).map((g) => ({
    id: g.id, key: g.key, name: g.name, items: g.members.sort(SORTS[sort].before).map((s) => ({ id: s.id, name: s.name })),
  }));
}
const students = {
  title: "Students", saves: true, className: "student", sort: "name",
  sections() { return studentSections(this.sort); },
  name: (id) => `s${id}`, spoken: (id) => STUDENTS[id - 1]?.name ?? `s${id}`,
  fill(element, id) {
    const s = STUDENTS[id - 1];
    const avatar = document.createElement("i");
    avatar.className = "avatar";
    avatar.style.background = `hsl(${frac(id * 0.61803398875) * 360} 45% 62%)`;
    avatar.textContent = s.name[0];
    const name = document.createElement("b");
    name.textContent = s.name;
    const detail = document.createElement("small");
    detail.textContent = SORTS[this.sort].detail(s);
    element.append(avatar, name, detail);
  },
  refill(element, id) { element.querySelector("small").textContent = SORTS[this.sort].detail(STUDENTS[id - 1]); },
};

// Lessons (seed 003): a sidebar list with folders; Welcome and Wrap-up stay at the top level.
const LESSONS = [
  ["Welcome"], ["Basics", ["Variables", "Constants", "Control flow"], true], ["Collections", ["Arrays", "Dictionaries"], true],
  ["Functions"], ["Closures"], ["Concurrency", ["Tasks", "Actors"], false], ["Protocols"], ["Generics"], ["Wrap-up"],
];
const LESSON_NAMES = [];
const lessons = {
  title: "Lessons", saves: true, className: "lesson",
  sections() {
    let next = 1;
    const entry = (name) => { LESSON_NAMES[next] = name; return { id: next++, name }; };
    const items = LESSONS.map(([name, children, expanded]) => {
      const e = entry(name);
      if (children) Object.assign(e, { expanded, children: children.map(entry) });
      if (name === "Welcome" || name === "Wrap-up") e.pinned = true;
      return e;
    });
    return [{ id: 1, key: "course", name: "Course", items }];
  },
  name: (id) => LESSON_NAMES[id] ?? `lesson ${id}`, spoken: (id) => LESSON_NAMES[id] ?? `lesson ${id}`,
  fill(element, id) {
    const disclosure = document.createElement("i");
    disclosure.className = "disclosure";
    const icon = document.createElement("i");
    icon.className = "icon";
    const title = document.createElement("span");
    title.textContent = LESSON_NAMES[id];
    const count = document.createElement("small");
    element.append(disclosure, icon, title, count);
  },
};

const SCENE_VIEWS = { colors, photos, students, lessons };

// MARK: Input, the Board's and a single view's alike: DOM events in, engine calls out. No rule here:
// the engine decides what a press, a move or a key does; this only says which element and when.
function wireInput({
  view, now, takeEvents, draw, cell, menuOpen, openMenu, closeMenu,
  down, move, up, cancel, wheel, focused, focus, isDragging, key, undo, redo, page,
}) {
  let pressed = null; // the pointerId that is down, if any
  const point = (event) => {
    const r = view.getBoundingClientRect();
    return [event.clientX - r.left, event.clientY - r.top];
  };
  view.addEventListener("pointerdown", (event) => {
    if (event.target.closest(".actions, .menu")) return; // the actions button is not a press on the cell
    closeMenu(false);
    if (pressed !== null || event.button > 0) return;
    view.rkTabbedOut = false;
    pressed = event.pointerId;
    view.setPointerCapture(event.pointerId);
    const [x, y] = point(event);
    down(x, y, now(), POINTER[event.pointerType] ?? POINTER.touch);
    event.preventDefault();
  });
  view.addEventListener("pointermove", (event) => {
    if (event.pointerId !== pressed) return;
    const [x, y] = point(event);
    move(x, y, now());
  });
  const release = (event) => {
    if (event.pointerId !== pressed) return;
    pressed = null;
    const [x, y] = point(event);
    if (event.type === "pointercancel") cancel(now());
    else up(x, y, now());
    takeEvents();
  };
  view.addEventListener("pointerup", release);
  view.addEventListener("pointercancel", release);
  view.addEventListener("dragstart", (event) => event.preventDefault());
  view.addEventListener("wheel", (event) => {
    event.preventDefault();
    const [x, y] = point(event);
    wheel(event.deltaX, event.deltaY, x, y, now());
  }, { passive: false });

  // A cell the browser focused (Tab into the view, a click on it): the engine's focus follows.
  view.addEventListener("focusin", (event) => {
    view.rkTabbedOut = false;
    const element = event.target.closest(cell);
    if (!element || menuOpen()) return;
    const id = Number(element.dataset.n);
    if (id !== focused() && !isDragging()) {
      focus(id, now());
      takeEvents();
    }
  });

  window.addEventListener("keydown", (event) => {
    if (menuOpen()) return; // the menu has the keys
    const inView = view.contains(document.activeElement) || (document.activeElement === document.body && !view.rkTabbedOut);
    if (!inView) return;
    const t = now();
    const shortcut = event.ctrlKey || event.metaKey;
    if (shortcut && !event.altKey && (event.key === "z" || event.key === "Z" || event.key === "y")) {
      if (event.key === "y" || event.shiftKey) redo(t);
      else undo(t);
      takeEvents();
      event.preventDefault();
      return;
    }
    if (shortcut || event.altKey) return;
    if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
      const id = focused();
      if (id !== 0) openMenu(id);
      event.preventDefault();
      return;
    }
    if (page && (event.key === "PageDown" || event.key === "PageUp")) {
      page(event.key === "PageDown" ? 1 : -1, t);
      event.preventDefault();
      return;
    }
    if (event.key === "Escape") {
      // A pointer drag or a keyboard drag: the items go back.
      cancel(t);
      pressed = null;
      takeEvents();
      event.preventDefault();
      return;
    }
    if (pressed !== null) return; // the pointer holds the view
    // Tab from an item leaves the view, as it leaves any composite widget on a page (one Tab stop,
    // a roving tabindex: the arrows move among the items). From the page's body it focuses the
    // first item; during a keyboard drag it stays the engine's.
    if (event.key === "Tab" && !isDragging() && document.activeElement !== document.body) {
      view.rkTabbedOut = true; // the focus is the page's now, even when it wraps to the body
      return;
    }
    let code = KEY[event.key];
    if (event.key === "Tab") code = event.shiftKey ? KEY_BACKTAB : KEY_TAB;
    if (code === undefined) return;
    const before = focused();
    key(code, t);
    takeEvents();
    // Tab at the first or last item leaves the view, as Tab does on a page: the engine kept the focus.
    if (code >= KEY_TAB && focused() === before && !isDragging() && before !== 0) return;
    event.preventDefault();
    draw(t);
  });

  // The actions button opens the engine's accessibility actions (not on the lifted copy of a card).
  view.addEventListener("click", (event) => {
    const button = event.target.closest(".actions");
    if (button && !button.closest(".floating")) openMenu(Number(button.parentElement.dataset.n));
  });
}

// MARK: The accessibility-actions menu, the Board's and a single view's alike: the engine's actions
// for one item as buttons a screen reader lists (arrows, Home and End move among them; Esc and Tab
// close it and give the focus back to the item). Each entry: { name, action?, perform }.
function actionsMenu(view, cells, after) {
  const menu = {
    current: null, // { element, id } while it is open
    open(id, label, entries) {
      this.close(false);
      const owner = cells.get(id);
      if (!owner || entries.length === 0) return;
      const element = document.createElement("div");
      element.className = "menu";
      element.setAttribute("role", "menu");
      element.setAttribute("aria-label", label);
      for (const entry of entries) {
        const item = document.createElement("button");
        item.type = "button";
        item.setAttribute("role", "menuitem");
        if (entry.action !== undefined) item.dataset.action = entry.action;
        item.textContent = entry.name;
        item.addEventListener("click", () => {
          entry.perform();
          this.close(true);
          after();
        });
        element.append(item);
      }
      element.addEventListener("keydown", (event) => {
        const items = [...element.querySelectorAll("[role=menuitem]")];
        const at = items.indexOf(document.activeElement);
        if (event.key === "Escape" || event.key === "Tab") this.close(true);
        else if (event.key === "ArrowDown") items[(at + 1) % items.length].focus();
        else if (event.key === "ArrowUp") items[(at - 1 + items.length) % items.length].focus();
        else if (event.key === "Home") items[0].focus();
        else if (event.key === "End") items[items.length - 1].focus();
        else return;
        event.preventDefault();
        event.stopPropagation();
      });
      // Beside the item, kept inside the view.
      const r = owner.getBoundingClientRect(), v = view.getBoundingClientRect();
      element.style.left = `${Math.min(r.left - v.left, v.width - 180)}px`;
      element.style.top = `${Math.min(r.bottom - v.top + 4, v.height - 200)}px`;
      view.append(element);
      this.current = { element, id };
      element.querySelector("[role=menuitem]").focus();
    },
    close(refocus) {
      if (!this.current) return;
      const { element, id } = this.current;
      this.current = null;
      element.remove();
      if (refocus) cells.get(id)?.focus({ preventScroll: true });
    },
  };
  document.addEventListener("pointerdown", (event) => {
    if (menu.current && !menu.current.element.contains(event.target)) menu.close(false);
  });
  return menu;
}

// MARK: The Board scene (the desktop's BoardScene): columns of cards, cross-column drags, the
// Doing limit, column moves, all decided by the engine's Board; the page draws what it renders.

const BOARD_COLUMNS = [["backlog", "Backlog"], ["todo", "To do"], ["doing", "Doing"], ["review", "Review"], ["done", "Done"]];
const BOARD_COUNTS = [12, 10, 2, 6, 10];
// How many cards each column starts with: the built-in counts, or `cards` shared equally (the
// desktop's `--scene board --items N`: the first columns take what does not divide).
const boardCounts = (cards) => cards === null ? BOARD_COUNTS
  : BOARD_COLUMNS.map((_, k) => Math.floor(cards / BOARD_COLUMNS.length) + (k < cards % BOARD_COLUMNS.length ? 1 : 0));
const DOING_LIMIT = 3;
const BOARD_TITLES = [
  "Sign-in page", "Export the report as CSV and as a PDF with the company logo", "Dark mode",
  "Fix the crash when a photo has no date", "Onboarding tour", "Search by tag",
  "Move the settings into one screen with sections for account, privacy and sync", "Push notifications",
  "Offline mode for the reader", "Rename \"Projects\" to \"Spaces\"", "Keyboard shortcuts",
  "Share a board with a link that expires", "Undo in the editor", "Accessibility audit of every screen",
  "Faster cold start", "Billing page", "Import from Trello and from Jira with their labels", "Calendar view",
  "Two-factor sign-in", "Drag cards between columns", "Fix the typo on the pricing page",
  "Localise the app into German, French and Japanese", "Profile pictures", "Archive old boards",
  "Rate limit the public API", "Audit log", "Mentions in comments", "Weekly digest email",
  "Migrate the database to the new server before the end of the quarter", "Release notes", "Bulk edit",
  "Custom fields", "Fix the flaky upload test", "Widgets", "Slow query on the home feed", "Print layout",
  "Webhooks", "Team invitations by email with a role chosen by the admin", "Emoji reactions", "Help centre",
];
const cardTitle = (n) => BOARD_TITLES[(n - 1) % BOARD_TITLES.length];
// A card's title in lines of at most 28 characters, three at most (the desktop's wrapping).
function cardLines(title) {
  const lines = [];
  let line = "";
  for (const word of title.split(" ")) {
    if (line && line.length + 1 + word.length > 28) { lines.push(line); line = ""; }
    line += line ? ` ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}
const BOARD_HEADER = 9;
const COLUMN_HEADER = 11;

// The Board's identifiers: the engine takes integers, the page, the report and the server names.
// The built-in columns are 1…5 and card-N is N (as the saved records have always had them);
// anything else a shared board holds gets a number of its own.
function boardIds() {
  const columns = new Map(), cards = new Map(), columnNames = new Map(), cardNames = new Map();
  let nextColumn = 100, nextCard = 10_000_000;
  const known = (names, map, name, make) => {
    if (!map.has(name)) { const n = make(); map.set(name, n); names.set(n, name); }
    return map.get(name);
  };
  return {
    column: (name) => known(columnNames, columns, name, () => {
      const k = BOARD_COLUMNS.findIndex(([key]) => key === name);
      return k >= 0 ? k + 1 : nextColumn++;
    }),
    card: (name) => known(cardNames, cards, name, () => {
      const m = /^card-([1-9][0-9]{0,6})$/.exec(name);
      return m ? Number(m[1]) : nextCard++;
    }),
    hasCard: (name) => cards.has(name),
    hasColumn: (name) => columns.has(name),
    columnName: (n) => columnNames.get(n) ?? BOARD_COLUMNS[n - 1]?.[0] ?? String(n),
    cardName: (n) => cardNames.get(n) ?? `card-${n}`,
    columnTitle: (n) => BOARD_COLUMNS.find(([key]) => key === (columnNames.get(n) ?? BOARD_COLUMNS[n - 1]?.[0]))?.[1]
      ?? columnNames.get(n) ?? `Column ${n}`,
    cardTitle: (n) => { const name = cardNames.get(n); return name === undefined || /^card-[0-9]+$/.test(name) ? cardTitle(n) : name; },
  };
}

// A board's columns as the desktop app's report writes them: `views`, one per column, each with its
// one section (a driver of one drives the other). The page's lines also keep `sections`, the
// columns themselves, as before.
function asViews(columns) {
  return columns.map(({ id, items }) => ({ id, sections: [{ id, items }] }));
}

async function startBoard(rk, { share, reset, cards }) {
  const now = () => (reorderKit.clock ? reorderKit.clock() : performance.now() / 1000);
  const scene = "board";
  document.getElementById("scene-title").textContent = share !== null ? `Board · ${share}` : "Board";
  // The board's columns are the lists (each column's body): the view around them is a region.
  view.setAttribute("role", "region");
  view.setAttribute("aria-label", "Board");
  view.dataset.scene = scene;
  const ids = boardIds();
  const columnKey = (id) => ids.columnName(id);
  const itemName = (id) => ids.cardName(id);
  const titleOf = (id) => ids.cardTitle(id);
  // Doing's limit: three on the built-in board, none on a board made for scale (the desktop's rule).
  const limit = cards === null ? DOING_LIMIT : null;
  let b = 0;
  const decoder = new TextDecoder();
  const columns = new Map(); // column id → { element, header, body }
  const cells = new Map(); // card id → element
  let floating = null;
  const menu = actionsMenu(view, cells, () => takeEvents());
  let focusedId = 0;
  let lastFrames = [];
  let sharing = null; // the shared board's connection (shareBoard), for a board's link

  // A board of columns [{ id: name, items: [names] }] in the engine (a shared board's whole new
  // shape, too: its cells are made again).
  function create(data) {
    const lines = [];
    for (const section of data) {
      const c = ids.column(section.id);
      lines.push(`S ${c} ${ids.columnTitle(c)}`);
      for (const name of section.items) {
        const n = ids.card(name);
        lines.push(`I ${n} ${titleOf(n)}`, `W ${n} 240 ${22 + 19 * cardLines(titleOf(n)).length + 8}`);
      }
    }
    if (limit !== null && data.some((section) => section.id === "doing")) lines.push(`L ${ids.column("doing")} ${limit}`);
    const created = rk.rk_board_create(writeInput(rk, lines.join("\n")), view.clientWidth, view.clientHeight);
    if (created === 0) throw new Error("The engine could not create the board.");
    for (const c of columns.values()) { c.header.remove(); c.body.remove(); }
    for (const element of cells.values()) element.remove();
    columns.clear();
    cells.clear();
    b = created;
  }

  let store = null;
  let saving = Promise.resolve();
  let save = () => {}; // a local board's records into IndexedDB
  if (share === null) {
    const built = [];
    let n = 1;
    boardCounts(cards).forEach((count, k) => {
      const items = [];
      for (let i = 0; i < count; i++, n++) items.push(`card-${n}`);
      built.push({ id: BOARD_COLUMNS[k][0], items });
    });
    create(built);
    // Saved like the other scenes: a record per card (its column, its key) and per column (a
    // negative id). A board of `&items=N` cards saves as "board-N", as the desktop's `--items N` does.
    // A shared board (a board's link) is the server's and its outbox's, never this store's.
    const sceneKey = cards !== null ? `${scene}-${cards}` : scene;
    const saved = await restoreOrder(rk, { restore: (length) => rk.rk_board_restore(b, length), initialKeys: () => rk.rk_board_initial_keys(b) },
      sceneKey, reset);
    store = saved?.store;
    saving = (saved?.writing ?? Promise.resolve()).catch((error) => {
      warn(`Not saved: IndexedDB failed (${error.message}); this page keeps its changes in memory only.`);
    });
    save = (records) => {
      if (!store || records.length === 0) return;
      // One record per moved card (or column), written in order, off the frame path.
      saving = saving.then(() => store.put(sceneKey, records)).catch((error) => {
        warn(`Not saved: IndexedDB failed (${error.message}); this page keeps its changes in memory only.`);
      });
    };
  }
  reorderKit.saved = () => saving;

  function order() {
    const length = rk.rk_board_outline(b);
    const text = decoder.decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), length));
    const sections = [];
    for (const line of text.split("\n")) {
      const [k, a] = line.split(" ");
      if (k === "S") sections.push({ id: columnKey(Number(a)), items: [] });
      else if (k === "I") sections.at(-1).items.push(itemName(Number(a)));
    }
    return sections;
  }

  function takeEvents() {
    const count = rk.rk_board_take_events(b);
    if (count === 0) return;
    const records = new Int32Array(rk.memory.buffer, rk.rk_events_buffer(), count * 4).slice();
    let textLength = 0;
    for (let i = 0; i < count; i++) {
      const kind = records[i * 4];
      if (kind === EVENT.announcement || kind === EVENT.key || kind === EVENT.commitCards || kind === EVENT.commitColumn) {
        textLength = Math.max(textLength, records[i * 4 + 2] + records[i * 4 + 3]);
      }
    }
    const text = new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), textLength).slice();
    let changed = false, data = false;
    const keys = [];
    for (let i = 0; i < count; i++) {
      const [kind, id, a, len] = records.subarray(i * 4, i * 4 + 4);
      switch (kind) {
        case EVENT.lifted: report.push({ event: "lifted", scene, item: itemName(id) }); break;
        case EVENT.dropped: report.push({ event: "dropped", scene, item: itemName(id) }); break;
        case EVENT.cancelled: report.push({ event: "cancelled", scene, item: itemName(id) }); break;
        case EVENT.refused: report.push({ event: "refused", scene, view: columnKey(id) }); break;
        // A click (a press that neither moved nor lasted) focuses the card, as on any page; the
        // focusin handler tells the engine, which says where it is.
        case EVENT.tapped: cells.get(id)?.focus({ preventScroll: true }); break;
        // -2: new data the page applied (a shared board's server), not the user's change.
        case EVENT.changed: if (id === -2) data = true; else changed = true; break;
        case EVENT.key: keys.push(...parseRecords(decoder.decode(text.subarray(a, a + len)))); break;
        case EVENT.commitCards: {
          const [before, ...items] = decoder.decode(text.subarray(a, a + len)).split(" ").map(Number);
          sharing?.commit({ kind: "moveCards", items: items.map(itemName), view: columnKey(id), section: columnKey(id),
            before: before === 0 ? null : itemName(before) });
          break;
        }
        case EVENT.commitColumn: {
          const before = Number(decoder.decode(text.subarray(a, a + len)));
          sharing?.commit({ kind: "moveColumns", items: [columnKey(id)], before: before === 0 ? null : columnKey(before) });
          break;
        }
        case EVENT.announcement: {
          const said = decoder.decode(text.subarray(a, a + len));
          announce.textContent = said;
          report.push({ event: "announcement", scene, text: said });
          break;
        }
      }
    }
    // The board's outline, read once for the headers' counts and the report.
    const sections = changed || data ? order() : null;
    if (sections) countCards(sections);
    if (changed) {
      report.push({ event: "changed", scene, sections, views: asViews(sections) });
    }
    save(keys);
  }

  // Each column's number of cards, for its header (only the visible cards are drawn).
  const counts = new Map();
  function countCards(sections) {
    for (const section of sections) counts.set(ids.column(section.id), section.items.length);
  }

  function column(id) {
    let c = columns.get(id);
    if (c) return c;
    const header = document.createElement("div");
    header.className = "column-header";
    header.dataset.column = columnKey(id);
    const body = document.createElement("div");
    body.className = "column";
    body.setAttribute("role", "list");
    body.setAttribute("aria-label", ids.columnTitle(id));
    view.append(header, body);
    c = { header, body };
    columns.set(id, c);
    return c;
  }

  function card(id) {
    let element = cells.get(id);
    if (element) return element;
    element = document.createElement("div");
    element.className = "cell card";
    element.dataset.id = itemName(id);
    element.dataset.n = String(id);
    element.tabIndex = -1;
    element.setAttribute("role", "listitem");
    element.setAttribute("aria-label", titleOf(id));
    // The title in the lines its height was made for (cardLines, the desktop's wrapping), one line
    // each, cut with an ellipsis if the browser's font is wider: the text fills the card exactly,
    // never a blank strip or an overlap where the browser would wrap otherwise.
    const title = document.createElement("span");
    title.className = "title";
    for (const text of cardLines(titleOf(id))) {
      const line = document.createElement("span");
      line.textContent = text;
      title.append(line);
    }
    const actions = document.createElement("button");
    actions.className = "actions";
    actions.type = "button";
    actions.tabIndex = -1;
    actions.textContent = "⋯";
    actions.setAttribute("aria-label", `Actions for ${titleOf(id)}`);
    actions.setAttribute("aria-haspopup", "menu");
    element.append(title, actions);
    cells.set(id, element);
    return element;
  }

  const place = (element, x, y, w, hh) => {
    element.style.width = `${w}px`;
    element.style.height = `${hh}px`;
    element.style.transform = `translate(${x}px, ${y}px)`;
  };

  function draw(time) {
    const count = rk.rk_board_render(b, time);
    const values = new Float64Array(rk.memory.buffer, rk.rk_render_buffer(), rk.memory.buffer.byteLength / 8 - rk.rk_render_buffer() / 8);
    const [ox, oy] = [values[1], values[2]];
    const seen = new Set();
    const frames = [];
    let o = BOARD_HEADER;
    for (let k = 0; k < count; k++) {
      const id = values[o], fx = values[o + 1] - ox, fy = values[o + 2] - oy, fw = values[o + 3], fh = values[o + 4];
      const hx = values[o + 5] - ox, hy = values[o + 6] - oy, hw = values[o + 7], hh = values[o + 8];
      const state = values[o + 9], elements = values[o + 10];
      o += COLUMN_HEADER;
      const c = column(id);
      place(c.body, fx, fy, fw, fh);
      place(c.header, hx, hy, hw, hh);
      c.header.classList.toggle("moving", (state & 1) !== 0);
      c.header.classList.toggle("refusing", (state & 2) !== 0);
      c.body.classList.toggle("refusing", (state & 2) !== 0);
      c.body.classList.toggle("destination", (state & 4) !== 0);
      for (let i = 0; i < elements; i++, o += RENDER_STRIDE) {
        const kind = values[o], cid = values[o + 1];
        if (kind !== KIND.item) continue;
        const element = card(cid);
        if (element.parentElement !== c.body) c.body.append(element);
        seen.add(cid);
        const x = values[o + 2], y = values[o + 3] + 4, w = values[o + 4], h = values[o + 5] - 8;
        element.style.width = `${w}px`;
        element.style.height = `${h}px`;
        element.style.transform = `translate(${x}px, ${y}px) scale(${values[o + 6]})`;
        element.style.opacity = values[o + 8];
        element.style.zIndex = String(i + 1);
        element.classList.toggle("lifted", values[o + 7] === 1 || values[o + 9] > 0);
        element.style.setProperty("--lift", values[o + 9]);
        frames.push([cid, x + fx, y + fy, w, h]);
      }
      const title = ids.columnTitle(id);
      const cards = counts.get(id) ?? 0;
      // Written only when it changed: a new text node every frame would lay the page out every frame.
      const text = columnKey(id) === "doing" && limit !== null ? `${title} · ${cards}/${limit}` : `${title} · ${cards}`;
      if (c.header.textContent !== text) c.header.textContent = text;
    }
    const lead = values[4];
    if (lead >= 0) {
      if (!floating) {
        floating = card(lead).cloneNode(true);
        floating.classList.add("floating", "lifted");
        floating.style.setProperty("--lift", 1);
        floating.tabIndex = -1;
        view.append(floating);
      }
      place(floating, values[5] - ox, values[6] - oy, values[7], values[8]);
    } else if (floating) { floating.remove(); floating = null; }
    for (const [id, element] of cells) {
      if (!seen.has(id) && menu.current?.id !== id) { element.remove(); cells.delete(id); }
    }
    lastFrames = frames;
    syncFocus();
  }

  function syncFocus() {
    const id = rk.rk_board_focused(b);
    let target = cells.get(id) ?? (id === 0 ? cells.get(lastFrames[0]?.[0]) : undefined);
    // A card carried into another column has no cell in the columns meanwhile: its lifted copy
    // holds the focus, so that the keyboard's user does not lose it (issue 43: it fell to the body).
    if (!target && floating && rk.rk_board_is_dragging(b) !== 0) target = floating;
    for (const [cid, element] of cells) {
      element.tabIndex = element === target ? 0 : -1;
      element.classList.toggle("focused", cid === id);
    }
    const inView = view.contains(document.activeElement) || (document.activeElement === document.body && !view.rkTabbedOut);
    if ((id !== focusedId || document.activeElement !== target) && id !== 0 && target && inView && !menu.current) {
      target.focus({ preventScroll: true });
    }
    focusedId = id;
  }

  function frame() {
    const t = now();
    rk.rk_board_tick(b, t);
    takeEvents();
    sharing?.frame(t);
    draw(t);
    requestAnimationFrame(frame);
  }

  // The engine's accessibility actions on a card: moves within its column and "Move to Doing" …
  function openMenu(id) {
    const count = cells.has(id) ? rk.rk_board_actions(b, id) : 0;
    if (count === 0) {
      menu.close(false);
      announce.textContent = sharing?.readOnly() ? `${titleOf(id)}: this board is read-only.` : `${titleOf(id)} cannot move now.`;
      return;
    }
    const names = decoder.decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), rk.rk_text_length()));
    menu.open(id, `Move ${titleOf(id)}`, names.split("\n").slice(0, count).map((name, index) => ({
      name, perform: () => rk.rk_board_perform_action(b, id, index, now()),
    })));
  }
  function closeMenu(refocus) { menu.close(refocus); }

  // The first frame, the report's "ready", and the frames from then on.
  function begin() {
    const t0 = now();
    rk.rk_board_tick(b, t0);
    countCards(order());
    takeEvents();
    draw(t0);
    const r = view.getBoundingClientRect();
    const ready = order();
    report.push({
      event: "ready", scene, window: [window.innerWidth, window.innerHeight],
      items: lastFrames.map(([id, x, y, w, hh]) => ({ id: itemName(id), frame: [x + r.left, y + r.top, w, hh] })),
      sections: ready,
      views: asViews(ready),
    });
    wireInput({
      view, now, takeEvents, draw, cell: ".card", menuOpen: () => menu.current !== null, openMenu, closeMenu,
      down: (x, y, t, pointer) => {
        if (sharing?.readOnly()) sharing.refuseUpFront();
        rk.rk_board_pointer_down(b, x, y, t, pointer);
      },
      move: (x, y, t) => rk.rk_board_pointer_move(b, x, y, t),
      up: (x, y, t) => rk.rk_board_pointer_up(b, x, y, t),
      cancel: (t) => rk.rk_board_cancel(b, t),
      wheel: (dx, dy, x, y, t) => rk.rk_board_scroll(b, dx, dy, x, y, t),
      focused: () => rk.rk_board_focused(b),
      focus: (id, t) => rk.rk_board_focus(b, id, t),
      isDragging: () => rk.rk_board_is_dragging(b) !== 0,
      key: (code, t) => rk.rk_board_key(b, code, t),
      undo: (t) => rk.rk_board_undo(b, t),
      redo: (t) => rk.rk_board_redo(b, t),
    });
    reorderKit.ready = true;
    requestAnimationFrame(frame);
  }

  if (share === null) { begin(); return; }

  // A board's link: the server's board, through the shared board's machine (share.js). It builds
  // the board the first time it knows it (its last copy in this browser, or the server's welcome)
  // and hands the machine's board to the engine as lines (rk_board_share_apply), which animates
  // what moved.
  sharing = shareBoard(share, {
    build(data) {
      const first = b === 0;
      create(data);
      if (first) begin(); else { countCards(order()); draw(now()); }
    },
    // Applies the server's board ({ views }) and changes ([C]) in the engine; false when it must
    // wait (a drag holds, or the lines name something the engine's board was not built with).
    apply(views, changes) {
      if (b === 0) return false;
      const lines = [];
      for (const section of views ?? []) {
        lines.push(`S ${ids.column(section.id)}`);
        for (const item of section.items) lines.push(`I ${ids.card(item)}`);
      }
      for (const change of changes) {
        if (change.kind === "moveCards") {
          lines.push(`M ${ids.column(change.view)} ${change.before == null ? 0 : ids.card(change.before)} ${change.items.map((i) => ids.card(i)).join(" ")}`);
        } else if (change.kind === "moveColumns") {
          lines.push(`K ${change.before == null ? 0 : ids.column(change.before)} ${change.items.map((i) => ids.column(i)).join(" ")}`);
        } else if (change.kind === "deleteItems") {
          const gone = change.items.filter((i) => ids.hasCard(i)).map((i) => ids.card(i));
          const goneColumns = change.items.filter((i) => ids.hasColumn(i)).map((i) => ids.column(i));
          if (gone.length) lines.push(`D ${gone.join(" ")}`);
          if (goneColumns.length) lines.push(`E ${goneColumns.join(" ")}`);
        }
      }
      const code = rk.rk_board_share_apply(b, writeInput(rk, lines.join("\n")), now());
      if (code === 1) throw new Error("the engine could not read the server's board");
      return code === 0;
    },
    // Whether the board was built with every card and column these names hold.
    knows: (names) => names.every((n) => ids.hasCard(n) || ids.hasColumn(n)),
    built: () => b !== 0,
    order,
    // An editor's board (or one not yet told) writes its gestures out; a viewer's takes none.
    role: (role) => { if (b !== 0) rk.rk_board_set_shared(b, role === "viewer" ? 2 : 1); },
    dragging: () => b !== 0 && rk.rk_board_is_dragging(b) !== 0,
    views: () => asViews(order()),
    takeEvents,
  }, rk, { view, announce, notice, report, fail });
}

// MARK: The scene

async function start(rk, { scene, items, reset }) {
  const now = () => (reorderKit.clock ? reorderKit.clock() : performance.now() / 1000);
  const size = () => [view.clientWidth, view.clientHeight];
  let [width, height] = size();
  const kind = SCENE_VIEWS[scene];
  // The report's identifiers and the names a person reads (the engine's announcer says them too).
  const itemName = (id) => kind.name(id);
  const spokenName = (id) => kind.spoken(id);
  let sectionKeys = new Map(); // the engine's section number → the report's identifier
  let h;
  if (kind.create) {
    h = kind.create(rk, items, width, height);
    sectionKeys.set(0, scene);
  } else {
    // Students: the saved sort choice (a record of its own) chooses the data the view starts with.
    if (kind.sort) await restoreSort(kind, reset);
    const sections = kind.sections();
    for (const section of sections) sectionKeys.set(section.id, section.key);
    h = rk.rk_scene_create(SCENE_CODES[scene], writeInput(rk, outlineText(sections)), width, height);
  }
  if (h === 0) throw new Error("The engine could not create the view.");
  document.getElementById("scene-title").textContent = kind.title;
  view.setAttribute("aria-label", kind.title);
  view.dataset.scene = scene;

  // Students' order is saved per sort choice (its sections differ from one sort to another).
  let sceneKey = kind.create ? `${scene}:${items}` : kind.sort ? `${scene}:${kind.sort}` : scene;
  let saved = null;
  if (kind.saves) {
    saved = await restoreOrder(rk, { restore: (length) => rk.rk_restore(h, length), initialKeys: () => rk.rk_initial_keys(h) },
      sceneKey, reset);
  }
  else warn(`Not saved yet: only Colors, Photos, Students and Lessons are kept in IndexedDB.`);
  const store = saved?.store;
  let saving = (saved?.writing ?? Promise.resolve()).catch((error) => {
    warn(`Not saved: IndexedDB failed (${error.message}); this page keeps its changes in memory only.`);
  });

  const motion = matchMedia("(prefers-reduced-motion: reduce)");
  const applyMotion = () => rk.rk_set_reduced_motion(h, motion.matches ? 1 : 0);
  applyMotion();
  motion.addEventListener("change", applyMotion);

  const cells = new Map(); // id → element, the visible cells only
  const headers = new Map(); // section number → element, the visible headers
  const overlayElements = new Map(); // the drop highlight and the forbidden marker
  let groupSizes = new Map(); // a folder's number of lessons, for its row

  function headerAt(id, x, y, w, hh, alpha) {
    let element = headers.get(id);
    if (!element) {
      // An item of the view's list (a list holds only items) whose text is the section's heading.
      element = document.createElement("div");
      element.className = "header";
      element.setAttribute("role", "listitem");
      const heading = document.createElement("span");
      heading.setAttribute("role", "heading");
      heading.setAttribute("aria-level", "2");
      element.append(heading);
      headers.set(id, element);
      view.append(element);
    }
    element.dataset.section = sectionKeys.get(id) ?? String(id);
    const title = headerTitle(id);
    if (element.firstChild.textContent !== title) element.firstChild.textContent = title;
    element.style.width = `${w}px`;
    element.style.height = `${hh}px`;
    element.style.transform = `translate(${x}px, ${y}px)`;
    element.style.opacity = alpha;
  }
  // A header's words: the section's name and, for Students, its count (as the desktop shows).
  let sectionNames = new Map();
  let sectionCounts = new Map();
  function headerTitle(id) {
    const name = sectionNames.get(id) ?? "";
    return sectionCounts.has(id) && scene === "students" ? `${name} · ${sectionCounts.get(id)}` : name.toUpperCase();
  }
  function learnSections(sections) {
    sectionNames = new Map(sections.map((s) => [s.id, s.name]));
    sectionCounts = new Map(sections.map((s) => [s.id, s.items.length]));
  }
  if (!kind.create) learnSections(kind.sections());
  let gapElement = null;
  let lastFrames = []; // [id, x, y, w, h] of the items drawn last, for the report
  let focusedId = 0; // the engine's focused item, as last drawn
  const menu = actionsMenu(view, cells, () => takeEvents()); // the accessibility-actions menu
  const decoder = new TextDecoder();


  // Each item's place for a screen reader (aria-posinset, aria-setsize: only the visible cells are
  // in the DOM, so the browser cannot count them): its 1-based position among its siblings (its
  // section's items, or its folder's children) and how many they are. Kept by order() below.
  let positions = new Int32Array(0); // id → position, at scale (kind.create: one section)
  let placeCount = 0;
  let places = new Map(); // id → [position, count], the scenes of a few hundred items
  const placeOf = (id) => (kind.create ? (positions[id] > 0 ? [positions[id], placeCount] : null) : places.get(id));

  // The sections as the desktop's report writes them: identifiers, groups as {id, children, expanded}.
  function order() {
    if (kind.create) {
      const n = rk.rk_order(h, 0);
      const ids = new Int32Array(rk.memory.buffer, rk.rk_order_buffer(), n);
      const names = new Array(n);
      let top = 0;
      for (let i = 0; i < n; i++) top = Math.max(top, ids[i]);
      if (positions.length < top + 1) positions = new Int32Array(top + 1);
      for (let i = 0; i < n; i++) {
        names[i] = itemName(ids[i]);
        positions[ids[i]] = i + 1;
      }
      placeCount = n;
      return [{ id: scene, items: names }];
    }
    const length = rk.rk_outline(h);
    const text = decoder.decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), length));
    const sections = [];
    const siblings = []; // [[id, …] per section and per folder]
    let group = null, inSection = null, inGroup = null;
    for (const line of text.split("\n")) {
      const [k, a, b] = line.split(" ");
      if (k === "S") {
        sections.push({ id: sectionKeys.get(Number(a)) ?? a, items: [] });
        siblings.push((inSection = []));
      } else if (k === "I") {
        sections.at(-1).items.push(itemName(Number(a)));
        inSection.push(Number(a));
      } else if (k === "G") {
        group = { id: itemName(Number(a)), children: [], expanded: b === "1" };
        sections.at(-1).items.push(group);
        inSection.push(Number(a));
        siblings.push((inGroup = []));
      } else if (k === "C") {
        group.children.push(itemName(Number(a)));
        inGroup.push(Number(a));
      }
    }
    places = new Map();
    for (const ids of siblings) ids.forEach((id, i) => places.set(id, [i + 1, ids.length]));
    return sections;
  }

  // Folder sizes and section counts the rows and headers show, from the data as reported.
  function noteSizes(sections) {
    if (kind.create) return;
    groupSizes = new Map();
    const byKey = new Map([...sectionKeys].map(([n, key]) => [key, n]));
    for (const section of sections) {
      sectionCounts.set(byKey.get(section.id), section.items.length);
      for (const entry of section.items) {
        if (typeof entry === "object") groupSizes.set(LESSON_NAMES.indexOf(entry.id), entry.children.length);
      }
    }
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
        // A click focuses the item, as on any page (the focusin handler tells the engine).
        case EVENT.tapped: cells.get(id)?.focus({ preventScroll: true }); break;
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
    if (changed) {
      const sections = order();
      report.push({ event: "changed", scene, sections });
      noteSizes(sections);
    }
    save(keys);
  }

  function cell(id) {
    let element = cells.get(id);
    if (element) return element;
    element = document.createElement("div");
    element.className = "cell";
    element.dataset.id = itemName(id);
    element.dataset.n = String(id);
    element.tabIndex = -1;
    element.setAttribute("role", "listitem");
    element.setAttribute("aria-label", spokenName(id));
    if (kind.className) element.classList.add(kind.className);
    kind.fill(element, id);
    const actions = document.createElement("button");
    actions.className = "actions";
    actions.type = "button";
    actions.tabIndex = -1;
    actions.textContent = "⋯";
    actions.setAttribute("aria-label", `Actions for ${spokenName(id)}`);
    actions.setAttribute("aria-haspopup", "menu");
    element.append(actions);
    cells.set(id, element);
    view.append(element);
    return element;
  }

  function draw(time) {
    const count = rk.rk_render(h, time);
    const values = new Float64Array(rk.memory.buffer, rk.rk_render_buffer(), RENDER_HEADER + count * RENDER_STRIDE);
    showPage(values);
    const seen = new Set();
    const seenHeaders = new Set();
    const overlays = {};
    const frames = [];
    let gap = null;
    for (let i = 0; i < count; i++) {
      const o = RENDER_HEADER + i * RENDER_STRIDE;
      const kind = values[o], id = values[o + 1];
      const x = values[o + 2], y = values[o + 3], w = values[o + 4], hh = values[o + 5];
      if (kind === KIND.gap) { gap = [x, y, w, hh]; continue; }
      if (kind === KIND.header) { headerAt(id, x, y, w, hh, values[o + 8] * values[o + 13]); seenHeaders.add(id); continue; }
      if (kind === KIND.dropHighlight || kind === KIND.forbidden) { overlays[kind] = [x, y, w, hh]; continue; }
      if (kind !== KIND.item) continue;
      const scale = values[o + 6], lifted = values[o + 7] === 1, alpha = values[o + 8], lift = values[o + 9];
      const depth = values[o + 10], expanded = values[o + 11], badge = values[o + 12];
      const element = cell(id);
      if (expanded >= 0 || depth > 0) {
        element.style.setProperty("--depth", depth);
        if (expanded >= 0) {
          element.dataset.expanded = expanded === 1 ? "true" : "false";
          element.setAttribute("aria-expanded", expanded === 1 ? "true" : "false");
          const count = element.querySelector("small");
          if (count) count.textContent = String(groupSizes.get(id) ?? "");
        }
      }
      if (badge > 1) element.dataset.badge = String(badge); else delete element.dataset.badge;
      seen.add(id);
      const place = placeOf(id);
      if (place && (element.rkPosition !== place[0] || element.rkCount !== place[1])) {
        [element.rkPosition, element.rkCount] = place;
        element.setAttribute("aria-posinset", String(place[0]));
        element.setAttribute("aria-setsize", String(place[1]));
      }
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
      if (!seen.has(id) && menu.current?.id !== id) { element.remove(); cells.delete(id); }
    }
    for (const [id, element] of headers) {
      if (!seenHeaders.has(id)) { element.remove(); headers.delete(id); }
    }
    for (const [k, name] of [[KIND.dropHighlight, "drop-highlight"], [KIND.forbidden, "forbidden"]]) {
      let element = overlayElements.get(k);
      if (!overlays[k]) { element?.remove(); overlayElements.delete(k); continue; }
      if (!element) { element = document.createElement("div"); element.className = name; overlayElements.set(k, element); view.append(element); }
      const [x, y, w, hh] = overlays[k];
      element.style.width = `${w}px`;
      element.style.height = `${hh}px`;
      element.style.transform = `translate(${x}px, ${y}px)`;
    }
    // Over a folder's middle the drop goes into it, and its highlight says so: the gap among the
    // rows below would say otherwise, so it is not drawn then.
    if (gap && !overlays[KIND.dropHighlight]) {
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
    const inView = view.contains(document.activeElement) || (document.activeElement === document.body && !view.rkTabbedOut);
    if (id !== focusedId) {
      focusedId = id;
      if (id !== 0 && target && inView && !menu.current) target.focus({ preventScroll: true });
    } else if (id !== 0 && target && inView && !menu.current && document.activeElement !== target) {
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

  wireInput({
    view, now, takeEvents, draw, cell: ".cell", menuOpen: () => menu.current !== null, openMenu, closeMenu,
    down: (x, y, t, pointer) => rk.rk_pointer_down(h, x, y, t, pointer),
    move: (x, y, t) => rk.rk_pointer_move(h, x, y, t),
    up: (x, y, t) => rk.rk_pointer_up(h, x, y, t),
    cancel: (t) => rk.rk_cancel(h, t),
    // A paged flow that scrolls sideways (Photos) turns a page for a wheel's turn, vertical or
    // sideways (its scroll settles on a page, so a notch's few pixels would spring back).
    wheel: (dx, dy, x, y, t) => {
      if (!kind.horizontal) return rk.rk_scroll(h, dx, dy, t);
      if (t < wheelTurn.until) return;
      wheelTurn.sum += Math.abs(dy) > Math.abs(dx) ? dy : dx;
      if (Math.abs(wheelTurn.sum) < 40) return;
      pageBy(Math.sign(wheelTurn.sum), t);
      wheelTurn.sum = 0;
      wheelTurn.until = t + 0.35; // one page per flick
    },
    focused: () => rk.rk_focused(h),
    focus: (id, t) => rk.rk_focus(h, id, t),
    isDragging: () => rk.rk_is_dragging(h) !== 0,
    key: (code, t) => rk.rk_key(h, code, t),
    undo: (t) => rk.rk_undo(h, t),
    redo: (t) => rk.rk_redo(h, t),
    // Page Up and Page Down scroll the list by most of a screen (the Board has no such keys); a
    // sideways flow by one page.
    page: (direction, t) => pageBy(direction, t),
  });

  const wheelTurn = { sum: 0, until: 0 };
  function pageBy(direction, t) {
    if (kind.horizontal) rk.rk_scroll(h, direction * width, 0, t);
    else rk.rk_scroll(h, 0, direction * 0.9 * height, t);
  }

  // A sideways flow's page control: previous, "Page 2 of 4", next (the keys do the same).
  let pager = null;
  if (kind.horizontal) {
    pager = document.createElement("div");
    pager.className = "pager";
    pager.setAttribute("role", "group");
    pager.setAttribute("aria-label", "Pages");
    const button = (label, text, direction) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.addEventListener("click", () => {
        pageBy(direction, now());
        takeEvents();
      });
      return b;
    };
    const where = document.createElement("span");
    pager.append(button("Previous page", "‹", -1), where, button("Next page", "›", 1));
    document.querySelector(".bar").append(pager);
  }
  // The page shown, from the render header: content offset x, content width, view width.
  function showPage(values) {
    if (!pager) return;
    const viewWidth = values[6] || width;
    const pages = Math.max(1, Math.ceil((values[3] - 1) / viewWidth));
    const current = Math.min(pages, Math.floor((values[1] + viewWidth / 2) / viewWidth) + 1);
    const text = `Page ${current} of ${pages}`;
    const [previous, where, next] = pager.children;
    if (where.textContent !== text) where.textContent = text;
    previous.disabled = current <= 1;
    next.disabled = current >= pages;
  }

  // A menu of the engine's accessibility moves for an item, as buttons a screen reader lists.
  function openMenu(id) {
    const bits = cells.has(id) ? rk.rk_actions(h, id) : 0;
    if (bits === 0) {
      menu.close(false);
      announce.textContent = rk.rk_is_dragging(h) ? "No actions during a drag." : `${spokenName(id)} cannot move.`;
      return;
    }
    const entries = [];
    for (let bit = 0; bit < ACTIONS; bit++) {
      if (!(bits & (1 << bit))) continue;
      const length = rk.rk_action_name(bit);
      const name = decoder.decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), length));
      entries.push({ name, action: String(bit), perform: () => rk.rk_perform_action(h, id, bit, now()) });
    }
    menu.open(id, `Move ${spokenName(id)}`, entries);
  }
  function closeMenu(refocus) { menu.close(refocus); }

  // Students: the sort control (the desktop's segmented control) gives the engine new data, which
  // it diffs and animates: every tile glides to its new section.
  if (kind.sort) {
    const control = document.createElement("div");
    control.className = "segments";
    control.setAttribute("role", "radiogroup");
    control.setAttribute("aria-label", "Sort by");
    for (const [key, { title }] of Object.entries(SORTS)) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = title;
      button.dataset.sort = key;
      button.setAttribute("role", "radio");
      button.setAttribute("aria-checked", String(key === kind.sort));
      button.addEventListener("click", () => {
        if (kind.sort === key) return;
        kind.sort = key;
        for (const b of control.children) b.setAttribute("aria-checked", String(b === button));
        const sections = kind.sections();
        for (const section of sections) sectionKeys.set(section.id, section.key);
        learnSections(sections);
        if (rk.rk_apply(h, writeInput(rk, outlineText(sections)), now()) !== 0) warn("The engine refused the new order.");
        for (const [id, element] of cells) kind.refill(element, id);
        takeEvents();
        // Saved: the sort choice, and the new order's keys (the engine's, for the data as it is now).
        if (store) {
          sceneKey = `${scene}:${key}`;
          const length = rk.rk_initial_keys(h);
          const fresh = parseRecords(new TextDecoder().decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), length)));
          saving = saving.then(() => store.clear(sceneKey)).then(() => store.put(sceneKey, fresh))
            .then(() => store.put(SORT_KEY, [{ id: 0, section: 0, key }])).catch((error) => {
              warn(`Not saved: IndexedDB failed (${error.message}); this page keeps its changes in memory only.`);
            });
        }
      });
      control.append(button);
    }
    document.querySelector(".bar").append(control);
  }

  // The first frame, then the report's "ready" with the visible items in viewport CSS pixels.
  noteSizes(order());
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

// The scene navigation: the current scene marked, and the page titled after it.
function markScene(scene, title) {
  for (const link of document.querySelectorAll(".bar nav a")) {
    if (new URLSearchParams(link.search).get("scene") === scene) link.setAttribute("aria-current", "page");
  }
  document.title = `${title} · ReorderKit`;
}

// The keys' help: the caption's button shows and hides it; Escape hides it and gives the focus back.
function helpToggle() {
  const button = document.getElementById("help-toggle");
  const help = document.getElementById("help");
  if (!button || !help) return;
  const show = (open) => {
    help.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => show(help.hidden));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || help.hidden) return;
    show(false);
    if (document.activeElement === document.body || help.contains(document.activeElement)) button.focus();
  });
}

helpToggle();
try {
  const parameters = parseParameters();
  markScene(parameters.scene, parameters.share !== null ? `Board · ${parameters.share}` : SCENE_VIEWS[parameters.scene]?.title ?? "Board");
  let rk;
  try {
    rk = await loadEngine();
  } catch (error) {
    throw new Error(`The engine (reorderkit.wasm) failed to load: ${error.message}`);
  }
  if (parameters.scene === "board") await startBoard(rk, parameters);
  else await start(rk, parameters);
} catch (error) {
  fail(error.message);
}
