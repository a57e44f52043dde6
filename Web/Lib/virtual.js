// `ReorderKit.virtual(container, options)`: a list or grid too long for the DOM. Only the visible
// items exist as elements; the container scrolls natively and the engine knows where; each element
// carries aria-setsize and aria-posinset, so a screen reader hears "5 of 1,000,000".
//
//   const list = ReorderKit.virtual(document.getElementById("photos"), {
//     count: 1_000_000, id: (i) => `p${i}`,
//     layout: { type: "grid", columns: 0, itemSize: [120, 120], spacing: 12 },
//     render: (element, id) => { element.textContent = id; },
//     onEnd: (event) => console.log(event.difference),
//   });

import { EVENT, KEY, POINTER, STRIDE, host, liveRegion, loadEngine, renderValues, takeEvents } from "./engine.js";
import { describe } from "./options.js";

const now = () => performance.now() / 1000;
const HEADER = 8; // a view's render header (a board's is BOARD_HEADER)
const MAX = 8_000_000; // the tallest content a container is given, in CSS pixels
const encoder = new TextEncoder();
const views = new Map(); // handle → VirtualList, for the engine's questions (an item's name)

host.name = (h, id) => views.get(h)?.nameBytes(id) ?? 0;

export class VirtualList {
  constructor(container, options = {}) {
    if (!(container instanceof Element)) throw new TypeError(`ReorderKit.virtual: \`container\` must be an HTMLElement, not ${describe(container)}`);
    if (options === null || typeof options !== "object") throw new TypeError(`ReorderKit.virtual: \`options\` must be an object, not ${describe(options)}`);
    const { ids, count, id, layout, render } = options;
    if (ids !== undefined && !Array.isArray(ids)) throw new TypeError(`ReorderKit.virtual: \`ids\` must be an array, not ${describe(ids)}`);
    if (ids === undefined && !(Number.isInteger(count) && count >= 0 && count <= 10_000_000 && typeof id === "function")) {
      throw new TypeError("ReorderKit.virtual: give `ids`, or `count` (0 to 10,000,000) and `id(i)`");
    }
    if (typeof render !== "function") throw new TypeError(`ReorderKit.virtual: \`render\` must be a function, not ${describe(render)}`);
    const type = layout?.type;
    if (type !== "list" && type !== "grid") throw new TypeError("ReorderKit.virtual: `layout` must be {type: \"list\", rowHeight} or {type: \"grid\", columns, itemSize, spacing}");
    for (const name of Object.keys(options)) {
      if (!["ids", "count", "id", "layout", "render", "name", "messages", "keyboardUndo", "label", "onStart", "onEnd", "onUpdate", "onSort", "onChoose", "onUnchoose"].includes(name)) {
        console.error(`ReorderKit.virtual: unknown option "${name}"; it is ignored.`);
      }
    }
    this.el = container;
    this.options = options;
    this.count = ids ? ids.length : count;
    this.idAt = ids ? (i) => ids[i] : id;
    this.elements = new Map();
    this.h = 0;
    this.order = null; // engine ids in order (1…count at first), and each one's index
    this.index = null;
    this.scheduled = 0;
    this.press = null;
    this.content = document.createElement("div");
    this.content.className = "reorderkit-virtual-content";
    Object.assign(this.content.style, { position: "relative", width: "100%" });
    container.replaceChildren(this.content);
    if (getComputedStyle(container).overflowY === "visible") container.style.overflowY = "auto";
    container.style.touchAction = "manipulation";
    container.setAttribute("role", container.getAttribute("role") ?? "list");
    this.live = liveRegion();
    this.ready = loadEngine().then((rk) => rk && this.start(rk, layout));
  }

  start(rk, layout) {
    this.rk = rk;
    const { width, height } = this.size();
    const [a, b, c, d] = layout.type === "list" ? [layout.rowHeight ?? 40, 0, 0, 0]
      : [layout.columns ?? 0, layout.itemSize?.[0] ?? 100, layout.itemSize?.[1] ?? 100, layout.spacing ?? 8];
    this.h = rk.rk_virtual_create(this.count, layout.type === "list" ? 0 : 1, a, b, c, d, width, height);
    if (!this.h) { console.error("ReorderKit.virtual: the engine refused this list (its size or layout)."); return false; }
    views.set(this.h, this);
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) rk.rk_set_reduced_motion(this.h, 1);
    this.readOrder();
    this.wire();
    this.draw(now());
    return true;
  }

  size() { return { width: Math.max(this.el.clientWidth, 1), height: Math.max(this.el.clientHeight, 1) }; }

  /// The developer's id of engine item `n` (1…count, its place in the original order).
  idOf(n) { return this.idAt(n - 1); }

  /// The engine's name for an item, written into its input buffer (see Virtual.swift's hostName).
  nameBytes(n) {
    // Its name, else the text of its element (rendered aside when it is not shown), else its place.
    let element = this.elements.get(n);
    if (!element && !this.options.name) {
      element = document.createElement("div");
      try { this.options.render(element, this.idOf(n)); } catch { element = null; }
    }
    const text = this.options.name?.(this.idOf(n)) || element?.getAttribute("aria-label") || element?.textContent?.trim() || `Item ${this.index[n] + 1}`;
    const bytes = encoder.encode(String(text).slice(0, 200));
    const address = this.rk.rk_input_buffer(bytes.length);
    new Uint8Array(this.rk.memory.buffer, address, bytes.length).set(bytes);
    return bytes.length;
  }

  readOrder() {
    const count = this.rk.rk_order(this.h, 0);
    this.order = new Int32Array(this.rk.memory.buffer, this.rk.rk_order_buffer(), count).slice();
    this.index = new Int32Array(this.count + 1);
    for (let i = 0; i < count; i++) this.index[this.order[i]] = i;
  }

  wire() {
    const el = this.el;
    const point = (e) => { const r = el.getBoundingClientRect(); return [e.clientX - r.left - el.clientLeft, e.clientY - r.top - el.clientTop]; };
    this.listeners = {
      pointerdown: (e) => {
        if (this.press || (e.button ?? 0) > 0 || !e.isPrimary || !e.target.closest?.("[data-reorderkit-item]")) return;
        const kind = POINTER[e.pointerType] ?? POINTER.mouse;
        this.press = { id: e.pointerId, kind };
        const [x, y] = point(e);
        this.rk.rk_pointer_down(this.h, x, y, now(), kind);
        if (kind !== POINTER.touch && e.cancelable) e.preventDefault();
        e.target.closest("[data-reorderkit-item]").focus({ preventScroll: true });
        this.after();
      },
      pointermove: (e) => {
        if (!this.press || e.pointerId !== this.press.id) return;
        const [x, y] = point(e);
        this.rk.rk_pointer_move(this.h, x, y, now());
        this.schedule();
      },
      pointerup: (e) => this.release(e, false),
      pointercancel: (e) => this.release(e, true),
      touchmove: (e) => { if (this.rk?.rk_is_dragging(this.h) && e.cancelable) e.preventDefault(); },
      scroll: () => {
        const mine = this.assigned;
        this.assigned = null;
        if (mine && Math.abs(mine[0] - el.scrollLeft) < 1 && Math.abs(mine[1] - el.scrollTop) < 1) return;
        this.rk.rk_set_offset(this.h, el.scrollLeft, el.scrollTop * (this.ratio ?? 1), now());
        this.after();
      },
      keydown: (e) => this.key(e),
      focusin: (e) => {
        const n = Number(e.target.dataset?.reorderkitItem);
        if (n && this.rk.rk_focused(this.h) !== n && !this.rk.rk_is_dragging(this.h)) { this.rk.rk_focus(this.h, n, now()); this.after(true); }
      },
    };
    el.addEventListener("pointerdown", this.listeners.pointerdown);
    document.addEventListener("pointermove", this.listeners.pointermove, { passive: true });
    document.addEventListener("pointerup", this.listeners.pointerup);
    document.addEventListener("pointercancel", this.listeners.pointercancel);
    document.addEventListener("touchmove", this.listeners.touchmove, { passive: false });
    el.addEventListener("scroll", this.listeners.scroll, { passive: true });
    el.addEventListener("keydown", this.listeners.keydown);
    el.addEventListener("focusin", this.listeners.focusin);
    this.resize = new ResizeObserver(() => {
      const { width, height } = this.size();
      if (this.last && this.last[0] === width && this.last[1] === height) return;
      this.last = [width, height];
      this.rk.rk_set_size(this.h, width, height, now());
      this.after();
    });
    this.resize.observe(el);
  }

  release(e, cancelled) {
    if (!this.press || e.pointerId !== this.press.id) return;
    this.press = null;
    const r = this.el.getBoundingClientRect();
    if (cancelled) this.rk.rk_cancel(this.h, now());
    else this.rk.rk_pointer_up(this.h, e.clientX - r.left - this.el.clientLeft, e.clientY - r.top - this.el.clientTop, now());
    this.after();
  }

  key(e) {
    const n = Number(e.target.dataset?.reorderkitItem);
    if (!n) return;
    const shortcut = e.ctrlKey || e.metaKey;
    if (shortcut && this.options.keyboardUndo && (e.key === "z" || e.key === "Z" || e.key === "y")) {
      if (e.key === "y" || e.shiftKey) this.redo(); else this.undo();
      e.preventDefault();
      return;
    }
    const code = KEY[e.key];
    if (code === undefined || shortcut || e.altKey) return;
    if (e.key === "Escape" && this.press) this.press = null;
    this.rk.rk_key(this.h, code, now());
    e.preventDefault();
    this.after();
    const focused = this.elements.get(this.rk.rk_focused(this.h));
    if (focused && document.activeElement !== focused) focused.focus({ preventScroll: true });
  }

  undo() { if (this.h) { this.rk.rk_undo(this.h, now()); this.after(); } }
  redo() { if (this.h) { this.rk.rk_redo(this.h, now()); this.after(); } }

  /// The developer's ids in the current order.
  toArray() { return this.order ? Array.from(this.order, (n) => this.idOf(n)) : []; }

  /// After an engine call: its events, the elements, and a frame while anything moves.
  after(quiet = false) {
    this.events(quiet);
    this.draw(now());
    this.schedule();
  }

  schedule() {
    if (this.scheduled || !this.h) return;
    this.scheduled = requestAnimationFrame(() => {
      this.scheduled = 0;
      const t = now();
      this.rk.rk_tick(this.h, t);
      this.events(false);
      if (this.draw(t) || this.press || this.rk.rk_is_dragging(this.h)) this.schedule();
    });
  }

  events(quiet) {
    for (const { kind, id, a, text: said } of takeEvents(this.rk, this.h, this.rk.rk_take_events)) {
      if (kind === EVENT.announcement && !quiet) {
        const spoken = this.options.messages ? this.options.messages(said) : said;
        if (spoken) this.live.textContent = spoken;
      } else if (kind === EVENT.lifted) {
        this.drag = { id, oldIndex: this.index[id] };
        this.fire("start", { item: this.elements.get(id), oldIndex: this.drag.oldIndex });
      } else if (kind === EVENT.changed && id > 0) {
        this.readOrder();
        const at = this.index[id];
        const before = at + a < this.order.length ? this.idOf(this.order[at + a]) : null;
        const items = Array.from(this.order.subarray(at, at + a), (n) => this.idOf(n));
        this.moved = { item: this.elements.get(id), oldIndex: this.drag?.oldIndex, newIndex: at, difference: { items, from: this.el, to: this.el, before } };
        if (!this.drag) { this.fire("update", this.moved); this.fire("sort", this.moved); this.moved = null; }
      } else if (kind === EVENT.dropped || kind === EVENT.cancelled) {
        const moved = kind === EVENT.dropped && this.moved;
        const fields = moved || { item: this.elements.get(id), oldIndex: this.drag?.oldIndex, newIndex: this.drag?.oldIndex };
        if (moved) { this.fire("update", fields); this.fire("sort", fields); }
        this.fire("end", fields);
        this.drag = null;
        this.moved = null;
      }
    }
  }

  fire(name, fields) {
    const event = new CustomEvent(name, { bubbles: true });
    Object.assign(event, { from: this.el, to: this.el, ...fields, oldDraggableIndex: fields.oldIndex, newDraggableIndex: fields.newIndex });
    this.el.dispatchEvent(event);
    const handler = this.options["on" + name[0].toUpperCase() + name.slice(1)];
    if (handler) { try { handler.call(this, event); } catch (error) { console.error(error); } }
  }

  /// The render list: the visible items as elements (made by `render` when they come into view,
  /// removed when they leave it), placed with transforms in the scrolled content. Returns whether
  /// anything still moves.
  draw(t) {
    const rk = this.rk;
    const count = rk.rk_render(this.h, t);
    const v = renderValues(rk);
    const [ox, oy, , ch, animating] = [v[1], v[2], v[3], v[4], v[5]];
    // A browser caps an element's height (Chromium near 33.5 million pixels; a million 40 px rows
    // are 40 million): past MAX the container scrolls a shorter content, in proportion.
    const viewHeight = this.el.clientHeight;
    const native = Math.min(ch, MAX);
    this.ratio = ch > MAX ? (ch - viewHeight) / Math.max(native - viewHeight, 1) : 1;
    if (this.content.style.height !== `${native}px`) this.content.style.height = `${native}px`;
    // The engine's auto-scroll (or keyboard) moved the view: the container follows.
    // (The scroll event that follows is ours: it must not stop the engine's own scroll animation.)
    if (Math.abs(this.el.scrollTop * this.ratio - oy) > this.ratio) { this.el.scrollTop = oy / this.ratio; this.assigned = [this.el.scrollLeft, this.el.scrollTop]; }
    if (Math.abs(this.el.scrollLeft - ox) > 0.5) { this.el.scrollLeft = ox; this.assigned = [this.el.scrollLeft, this.el.scrollTop]; }
    const top = this.el.scrollTop, left = this.el.scrollLeft;
    const seen = new Set();
    const focused = rk.rk_focused(this.h);
    let stop = null;
    for (let i = 0; i < count; i++) {
      const o = HEADER + i * STRIDE;
      if (v[o] !== 0) continue; // items only (the gap is the space the others leave)
      const n = v[o + 1];
      let element = this.elements.get(n);
      if (!element) {
        element = document.createElement("div");
        element.dataset.reorderkitItem = String(n);
        element.setAttribute("role", "listitem");
        element.style.position = "absolute";
        element.style.left = "0";
        element.style.top = "0";
        element.style.boxSizing = "border-box";
        this.options.render(element, this.idOf(n));
        this.content.append(element);
        this.elements.set(n, element);
      }
      seen.add(n);
      element.style.width = `${v[o + 4]}px`;
      element.style.height = `${v[o + 5]}px`;
      element.style.transform = `translate(${v[o + 2] + left}px, ${v[o + 3] + top}px) scale(${v[o + 6]})`;
      element.style.zIndex = v[o + 7] === 1 ? "2" : "";
      element.classList.toggle("reorderkit-lifted", v[o + 7] === 1 || v[o + 9] > 0);
      element.setAttribute("aria-setsize", String(this.count));
      element.setAttribute("aria-posinset", String(this.index[n] + 1));
      element.tabIndex = n === focused || (focused === 0 && this.index[n] === 0) ? 0 : -1;
      if (element.tabIndex === 0) stop = element;
    }
    // One Tab stop: the focused item, else the first, else the first one shown.
    if (!stop && seen.size) this.elements.get(seen.values().next().value).tabIndex = 0;
    // The keyboard's focus follows the engine's, once its element is shown (after a scroll to it).
    const target = this.elements.get(focused);
    if (target && document.activeElement !== target && this.el.contains(document.activeElement)) target.focus({ preventScroll: true });
    for (const [n, element] of this.elements) {
      if (!seen.has(n) && document.activeElement !== element) { element.remove(); this.elements.delete(n); }
    }
    return animating === 1;
  }

  destroy() {
    if (!this.listeners) return;
    const l = this.listeners;
    this.el.removeEventListener("pointerdown", l.pointerdown);
    document.removeEventListener("pointermove", l.pointermove);
    document.removeEventListener("pointerup", l.pointerup);
    document.removeEventListener("pointercancel", l.pointercancel);
    document.removeEventListener("touchmove", l.touchmove);
    this.el.removeEventListener("scroll", l.scroll);
    this.el.removeEventListener("keydown", l.keydown);
    this.el.removeEventListener("focusin", l.focusin);
    this.resize.disconnect();
    this.live.remove();
    cancelAnimationFrame(this.scheduled);
    this.rk.rk_view_destroy(this.h);
    views.delete(this.h);
    this.listeners = null;
  }
}
