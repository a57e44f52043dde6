// Every Sortable on a page is a list of one engine board (lists of one group exchange items; the
// engine's acceptance rules say which). This file keeps that board: it describes the lists to the
// engine, runs a frame only while something moves, and applies the engine's render list to the
// developer's own elements as CSS transforms.

import { BOARD_HEADER, EVENT, KIND, LIST_HEADER, STRIDE, host, liveRegion, loadEngine, readOrder, renderValues, takeEvents, writeText } from "./engine.js";
import { frameOf, itemsOf, measure } from "./measure.js";
import { allows } from "./options.js";
import { wire } from "./input.js";
import { askMove, finishDrag, startDrag, syncDOM } from "./events.js";

const now = () => performance.now() / 1000;
const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)");

export class Surface {
  lists = [];
  rk = null;
  b = 0;
  ids = new WeakMap();
  elements = new Map();
  nextId = 1;
  listIds = new Map();
  nextListId = 1;
  measured = new Map();
  placed = new Map();
  known = new Map();
  key = "";
  press = null;
  drag = null;
  touched = new Set();
  scheduled = 0;
  rebuildQueued = false;
  live = null;

  /// A new list: wired now, measured as soon as the engine is ready (and the page laid out).
  add(sortable) {
    this.lists.push(sortable);
    this.listIds.set(sortable, this.nextListId++);
    sortable.unwire = wire(this, sortable);
    this.observe(sortable);
    this.rebuildSoon();
  }

  remove(sortable) {
    sortable.unwire?.();
    sortable.observers?.forEach((o) => o.disconnect());
    this.lists = this.lists.filter((s) => s !== sortable);
    for (const item of itemsOf(sortable)) { item.style.transform = ""; item.removeAttribute("tabindex"); }
    if (this.lists.length === 0 && this.b) { this.rk.rk_lib_destroy(this.b); this.b = 0; this.key = ""; }
    else this.rebuildSoon();
  }

  idOf = (element) => {
    let id = this.ids.get(element);
    if (id === undefined) { id = this.nextId++; this.ids.set(element, id); this.elements.set(id, element); }
    return id;
  };
  listId = (sortable) => this.listIds.get(sortable);
  listById(id) { return this.lists.find((s) => this.listIds.get(s) === id) ?? null; }
  listOf(element) { return this.lists.find((s) => s.el === element.parentElement) ?? null; }

  /// Items added, removed or resized by the page: measured again (not our own moves, which the
  /// engine made and knows).
  observe(sortable) {
    const mutations = new MutationObserver(() => this.rebuildSoon());
    mutations.observe(sortable.el, { childList: true });
    // A ResizeObserver reports every element once when it starts observing it: only a size that
    // differs from the one last seen is a change.
    const seen = new WeakMap();
    const sizes = new ResizeObserver((entries) => {
      let changed = false;
      for (const { target, contentRect: r } of entries) {
        const last = seen.get(target);
        seen.set(target, [r.width, r.height]);
        if (last && (Math.abs(last[0] - r.width) > 0.5 || Math.abs(last[1] - r.height) > 0.5)) changed = true;
      }
      if (changed) this.rebuildSoon();
    });
    sizes.observe(sortable.el);
    for (const item of itemsOf(sortable)) sizes.observe(item);
    sortable.observers = [mutations, sizes];
  }

  /// Measures again after the current task (many lists made at once are measured once).
  rebuildSoon() {
    if (this.rebuildQueued) return;
    this.rebuildQueued = true;
    queueMicrotask(() => { this.rebuildQueued = false; this.rebuild(); });
  }

  async rebuild() {
    const rk = await loadEngine();
    if (!rk) return;
    this.rk = rk;
    if (this.press || this.drag || (this.b && rk.rk_board_is_dragging(this.b))) { this.rebuildAfterDrag = true; return; }
    this.clearTransforms();
    const live = this.lists.filter((s) => s.el.isConnected);
    for (const s of this.lists) {
      if (!s.el.isConnected && !s.warnedDetached) {
        s.warnedDetached = true;
        console.error("Sortable: the element is not in the document; it starts working once it is.");
      }
      const [, sizes] = s.observers ?? [];
      for (const item of itemsOf(s)) sizes?.observe(item);
      s.observers?.[0].takeRecords();
    }
    const asks = live.some((s) => s.options.onMove);
    const { text, lists, key } = measure(live, this.idOf, this.listId, (to) => this.sources(to, live), { reducedMotion: () => reducedMotion?.matches === true, asksMove: () => asks });
    this.measured = lists;
    // Our own moves (a drop, an undo) leave the engine's board as it is, and its history with it.
    const engine = this.b ? this.order() : null;
    const same = (a, b) => a && b && a.length === b.length && a.every((x, i) => x === b[i]);
    const unchanged = engine && key === this.key && engine.size === live.length && live.every((s) => same(engine.get(this.listId(s)), lists.get(s).ids));
    for (const [s, m] of lists) {
      if (!m.stacked && !s.warnedLayout) {
        s.warnedLayout = true;
        console.error("Sortable: this list's items are not stacked vertically; rows and grids of a Sortable are not supported yet (ReorderKit.virtual lays out grids).");
      }
    }
    this.refreshTabStops();
    if (unchanged) { this.placeLists(); return; }

    const length = writeText(rk, text);
    if (this.b === 0 || rk.rk_lib_update(this.b, length) === 0) {
      if (this.b) rk.rk_lib_destroy(this.b);
      this.b = live.length ? rk.rk_lib_create(writeText(rk, text)) : 0;
      if (live.length && this.b === 0) console.error("Sortable: the engine refused these lists (an element in two lists?).");
    }
    this.key = key;
    this.placed = new Map([...lists].map(([s, m]) => [s, m.frame]));
    this.known = new Map([...lists].map(([s, m]) => [s, m.frame.offset]));
    for (const s of live) s.ready = true;
  }

  /// The lists whose items `to` takes: SortableJS's pull and put, by group.
  sources(to, lists) {
    if (to.options.disabled) return [];
    return lists.filter((from) => from !== to && !from.options.disabled && allows(from, to, null));
  }

  /// The lists may have moved in the viewport (the page scrolled, the layout around them changed).
  placeLists() {
    for (const s of this.lists) {
      const m = this.measured.get(s);
      const placed = this.placed.get(s);
      if (!m || !placed || !s.el.isConnected) continue;
      const f = frameOf(s.el);
      m.frame = f;
      const moved = ["x", "y", "width", "height", "offset", "extra"].some((k) => Math.abs(f[k] - placed[k]) > 0.5);
      if (moved) {
        this.placed.set(s, f);
        this.rk.rk_lib_place(this.b, this.listId(s), f.x, f.y, f.width, f.height, f.offset, f.extra);
      }
      this.known.set(s, this.placed.get(s).offset);
    }
  }

  /// The page scrolled under a press or a drag: each list's view scrolls by as much (its frame
  /// stays where it was placed, its top moved).
  scrolled() {
    if (!this.b || (!this.press && !this.drag)) return;
    const t = now();
    for (const s of this.lists) {
      const placed = this.placed.get(s), known = this.known.get(s);
      if (!placed || known === undefined) continue;
      const real = placed.y - s.el.getBoundingClientRect().top;
      if (Math.abs(real - known) > 0.5) {
        this.rk.rk_lib_scroll(this.b, this.listId(s), real - known, t);
        this.known.set(s, this.rk.rk_lib_offset(this.b, this.listId(s)));
      }
    }
    this.schedule();
  }

  /// The engine's auto-scroll moved a list's view: the page (or the list's scrolling container)
  /// scrolls by as much, so that the list's top is where the engine has it.
  follow(s, offset) {
    const known = this.known.get(s);
    if (known === undefined || Math.abs(offset - known) < 0.5) return false;
    this.known.set(s, offset);
    const scroller = scrollerOf(s.el);
    const real = this.placed.get(s).y - s.el.getBoundingClientRect().top;
    scroller.scrollBy(0, offset - real);
    return true;
  }

  /// A frame on the next animation frame, if none is asked for yet.
  schedule() {
    if (this.scheduled || !this.b) return;
    this.scheduled = requestAnimationFrame(() => this.frame());
  }

  /// One frame: the engine's clock, its events, the elements where it says. The next frame is asked
  /// for only while a press waits, a drag holds or something still glides: idle is idle.
  frame() {
    this.scheduled = 0;
    const t = now();
    this.rk.rk_board_tick(this.b, t);
    this.handle(t);
    const animating = this.draw(t);
    if (this.press || this.drag || animating) this.schedule();
    else this.settle();
  }

  /// The engine's events: a lift starts a drag, a drop or cancel ends it, announcements are spoken.
  handle(t, quiet = false) {
    for (const event of takeEvents(this.rk, this.b)) {
      if (quiet && event.kind === EVENT.announcement) continue;
      if (event.kind === EVENT.lifted) startDrag(this, event.id);
      else if (event.kind === EVENT.dropped || event.kind === EVENT.cancelled || event.kind === EVENT.dropFailed) finishDrag(this, event.id, event.kind === EVENT.dropped);
      else if (event.kind === EVENT.changed && !this.drag && event.id !== -2) { if (event.id > 0) this.lastChanged = event.id; syncDOM(this, null); }
      else if (event.kind === EVENT.announcement) this.announce(event.text);
    }
  }

  announce(text) {
    const owner = this.drag?.from ?? this.lists[0];
    const spoken = owner?.options.messages ? owner.options.messages(text) : text;
    if (spoken == null || spoken === "") return;
    this.live ??= liveRegion();
    this.live.textContent = spoken;
  }

  /// Applies the render list; returns whether anything still moves.
  draw(t) {
    const rk = this.rk;
    const count = rk.rk_board_render(this.b, t);
    const v = renderValues(rk);
    const frames = new Map();
    let o = BOARD_HEADER;
    const placed = [];
    let gap = null;
    for (let k = 0; k < count; k++) {
      const id = v[o], fx = v[o + 1], fy = v[o + 2], elements = v[o + 10];
      frames.set(id, [fx, fy, rk.rk_lib_offset(this.b, id)]);
      o += LIST_HEADER;
      const rows = [];
      for (let i = 0; i < elements; i++, o += STRIDE) {
        const kind = v[o];
        if (kind === KIND.item) rows.push([v[o + 1], fx + v[o + 2], fy + v[o + 3], v[o + 7] === 1 || v[o + 9] > 0]);
        else if (kind === KIND.gap) gap = { list: id, x: fx + v[o + 2], y: fy + v[o + 3], rows };
      }
      placed.push(...rows);
    }
    if (this.drag) {
      let followed = false;
      for (const [id, [, , offset]] of frames) followed = this.follow(this.listById(id), offset) || followed;
      // The content moved under a pointer held still: the board looks for the place under it again.
      const p = this.lastPointerEvent;
      if (followed && this.press && p) this.rk.rk_board_pointer_move(this.b, p.clientX, p.clientY, t);
    }
    const lead = this.drag ? this.idOf(this.drag.item) : -1;
    let carried = null;
    for (const [id, x, y, lifted] of placed) {
      if (id === lead && lifted) { carried = [x, y]; continue; }
      this.moveTo(this.elements.get(id), x, y, frames);
    }
    if (this.drag) {
      if (gap) {
        this.moveTo(this.drag.item, gap.x, gap.y, frames);
        const index = gap.rows.filter(([id, , y]) => id !== lead && y < gap.y).length;
        this.drag.at(this.listById(gap.list), index);
      }
      // Across lists the board carries the item; within its own list the list draws it lifted.
      const at = v[4] >= 0 ? [v[5], v[6]] : carried;
      if (at) this.drag.float(at[0], at[1]);
    } else if (this.floating) {
      const settling = this.floating.id;
      const row = placed.find(([id]) => id === settling);
      const at = v[4] >= 0 ? [v[5], v[6]] : row && row[3] ? [row[1], row[2]] : null;
      if (at) this.floating.place(at[0], at[1]);
      else { this.floating.remove(); this.floating = null; }
    }
    return v[3] === 1 || v[4] >= 0;
  }

  /// Puts an element at a place in the viewport, by a transform from where the page laid it out
  /// (its list's top left corner is the list's frame less the view's scroll).
  moveTo(element, x, y, frames) {
    if (!element) return;
    const sortable = this.listOf(element);
    const m = sortable && this.measured.get(sortable);
    const offset = m?.offsets.get(element);
    const origin = sortable && frames.get(this.listId(sortable));
    if (!offset || !origin) return;
    const dx = x - (origin[0] + offset.x), dy = y - (origin[1] - origin[2] + offset.y);
    const transform = Math.abs(dx) < 0.01 && Math.abs(dy) < 0.01 ? "" : `translate(${dx}px, ${dy}px)`;
    if (element.style.transform !== transform) element.style.transform = transform;
    if (transform) this.touched.add(element);
  }

  /// Nothing moves: the elements go back to the page's own layout, and what changed meanwhile is measured.
  settle() {
    this.clearTransforms();
    if (this.rebuildAfterDrag) { this.rebuildAfterDrag = false; this.rebuild(); }
  }

  clearTransforms() {
    for (const element of this.touched) element.style.transform = "";
    this.touched.clear();
  }

  /// One Tab stop per list: the item with the engine's focus, else the one focused last, else the first.
  refreshTabStops() {
    const focused = this.b ? this.elements.get(this.rk.rk_board_focused(this.b)) : null;
    for (const s of this.lists) {
      const items = itemsOf(s);
      if (!s.options.keyboard) continue;
      let stop = focused && items.includes(focused) ? focused : items.includes(s.lastFocused) ? s.lastFocused : items[0];
      for (const item of items) {
        const index = item === stop ? "0" : "-1";
        if (item.getAttribute("tabindex") !== index) item.setAttribute("tabindex", index);
      }
      if (stop) s.lastFocused = stop;
    }
  }

  order() { return readOrder(this.rk, this.b); }
}

/// What scrolls a list: its nearest scrolling ancestor, or the page.
function scrollerOf(el) {
  for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (/(auto|scroll|overlay)/.test(style.overflowY) && node.scrollHeight > node.clientHeight) return node;
  }
  return window;
}

export const surface = new Surface();
host.move = (list, proposed) => askMove(surface, surface.listById(list), proposed);
