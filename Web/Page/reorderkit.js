// ReorderKit in the browser: a front end like the SDL app. It turns DOM events into engine calls
// and draws the engine's render list once a frame; it decides nothing about where anything goes.
// Only the visible cells exist as DOM elements, positioned with CSS transforms.

const report = [];
const reorderKit = { report, ready: false };
window.reorderKit = reorderKit;

// The layouts of the buffers, as Web/Exports/Buffers.swift writes them.
const RENDER_HEADER = 8;
const RENDER_STRIDE = 10;
const KIND = { item: 0, header: 1, gap: 2, dropHighlight: 3, forbidden: 4, focusRing: 5 };
const EVENT = { lifted: 1, dropped: 2, cancelled: 3, changed: 4, announcement: 5, tapped: 6, denied: 7, dropFailed: 8 };
const POINTER = { touch: 0, pen: 1, mouse: 2 };
const SCENES = ["colors", "photos", "students", "lessons", "board"];
const BUILT = ["colors"];

const view = document.getElementById("view");
const caption = document.getElementById("caption");

function fail(message) {
  report.push({ event: "error", message });
  view.replaceChildren();
  const box = document.createElement("div");
  box.className = "message";
  box.setAttribute("role", "alert");
  box.textContent = message;
  view.append(box);
  caption.textContent = message;
}

function parseParameters() {
  const params = new URLSearchParams(location.search);
  const scene = params.get("scene") ?? "colors";
  if (!SCENES.includes(scene)) throw new Error(`There is no scene "${scene}": choose one of ${SCENES.join(", ")}.`);
  if (!BUILT.includes(scene)) throw new Error(`The ${scene} scene is not in the web build yet: only colors is.`);
  const itemsText = params.get("items") ?? "50";
  if (!/^[0-9]+$/.test(itemsText)) throw new Error(`items=${itemsText} is not a number of items.`);
  const items = Number(itemsText);
  if (items < 1 || items > 1_000_000) throw new Error(`items=${itemsText} is out of range (1 to 1000000).`);
  return { scene, items };
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

const itemName = (id) => `c${id}`;

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
      const view = new DataView(memory.buffer);
      let text = "", total = 0;
      for (let i = 0; i < count; i++) {
        const base = view.getUint32(iovs + i * 8, true), length = view.getUint32(iovs + i * 8 + 4, true);
        text += new TextDecoder().decode(new Uint8Array(memory.buffer, base, length));
        total += length;
      }
      view.setUint32(written, total, true);
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

function start(rk, { scene, items }) {
  const now = () => (reorderKit.clock ? reorderKit.clock() : performance.now() / 1000);
  const size = () => [view.clientWidth, view.clientHeight];
  let [width, height] = size();
  const h = rk.rk_view_create(items, width, height);
  if (h === 0) throw new Error("The engine could not create the view.");
  document.getElementById("scene-title").textContent = "Colors";

  const cells = new Map(); // id → element, the visible cells only
  let gapElement = null;
  let lastFrames = []; // [id, x, y, w, h] of the items drawn last, for the report
  let pressed = null; // the pointerId that is down, if any
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

  function takeEvents() {
    const n = rk.rk_take_events(h);
    if (n === 0) return;
    const records = new Int32Array(rk.memory.buffer, rk.rk_events_buffer(), n * 4).slice();
    let textLength = 0;
    for (let i = 0; i < n; i++) {
      if (records[i * 4] === EVENT.announcement) textLength = Math.max(textLength, records[i * 4 + 2] + records[i * 4 + 3]);
    }
    const text = new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), textLength).slice();
    let changed = false;
    for (let i = 0; i < n; i++) {
      const [kind, id, a, b] = records.subarray(i * 4, i * 4 + 4);
      switch (kind) {
        case EVENT.lifted: report.push({ event: "lifted", scene, item: itemName(id) }); break;
        case EVENT.dropped: report.push({ event: "dropped", scene, item: itemName(id) }); break;
        case EVENT.cancelled: report.push({ event: "cancelled", scene, item: itemName(id) }); break;
        case EVENT.dropFailed: report.push({ event: "dropFailed", scene, item: itemName(id) }); break;
        case EVENT.changed: changed = true; break;
        case EVENT.announcement: {
          const said = decoder.decode(text.subarray(a, a + b));
          caption.textContent = said;
          report.push({ event: "announcement", scene, text: said });
          break;
        }
      }
    }
    if (changed) report.push({ event: "changed", scene, sections: order() });
  }

  function cell(id) {
    let element = cells.get(id);
    if (element) return element;
    element = document.createElement("div");
    element.className = "cell";
    element.dataset.id = itemName(id);
    const { background, label } = colorOf(id);
    element.style.background = background;
    element.style.color = label;
    element.textContent = String(id);
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
      if (!seen.has(id)) { element.remove(); cells.delete(id); }
    }
    if (gap) {
      if (!gapElement) { gapElement = document.createElement("div"); gapElement.className = "gap"; view.prepend(gapElement); }
      gapElement.style.width = `${gap[2]}px`;
      gapElement.style.height = `${gap[3]}px`;
      gapElement.style.transform = `translate(${gap[0]}px, ${gap[1]}px)`;
    } else if (gapElement) { gapElement.remove(); gapElement = null; }
    lastFrames = frames;
    return values[5] === 1;
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

  view.addEventListener("pointerdown", (event) => {
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
  window.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { rk.rk_cancel(h, now()); takeEvents(); }
  });

  // The first frame, then the report's "ready" with the visible items in viewport CSS pixels.
  const t0 = now();
  rk.rk_tick(h, t0);
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
  start(rk, parameters);
} catch (error) {
  fail(error.message);
}
