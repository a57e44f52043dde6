// `Sortable`: SortableJS's API (1.15) on the developer's own elements, with the engine deciding.
//
//   import { Sortable } from "./reorderkit.js";
//   const sortable = new Sortable(document.querySelector("#todo"), { animation: 150, onEnd: (e) => save(sortable.toArray()) });
//
// Beyond SortableJS: one Tab stop per list and keyboard reordering, a polite live region, `undo()`
// and `redo()`, and `difference: {items, from, to, before}` in onEnd and onChange's relatives.

import { checked, describe, readOptions } from "./options.js";
import { itemsOf } from "./measure.js";
import { surface } from "./surface.js";
import { syncDOM } from "./events.js";

const expando = "Sortable" + Date.now();

export class Sortable {
  /// Makes `el`'s children sortable. `el` must be an element; an element not yet in the document
  /// starts working once it is (one console.error says so).
  constructor(el, options = {}) {
    if (!(el instanceof Element)) throw new TypeError(`Sortable: \`el\` must be an HTMLElement, not ${describe(el)}`);
    if (options === null || typeof options !== "object") throw new TypeError(`Sortable: \`options\` must be an object, not ${describe(options)}`);
    el[expando]?.destroy();
    this.el = el;
    this.given = new Set(Object.keys(options));
    this.options = readOptions(el, options);
    this.ready = false;
    el[expando] = this;
    surface.add(this);
    const stored = this.options.store?.get?.(this);
    if (Array.isArray(stored) && stored.length) this.sort(stored, false);
  }

  static create(el, options) { return new Sortable(el, options); }

  /// The Sortable of an element, or undefined.
  static get(element) { return element?.[expando]; }

  /// SortableJS's version this API follows.
  static get version() { return "1.15.0"; }

  /// Reads an option, or sets it (checked as at creation).
  option(name, value) {
    if (typeof name !== "string") throw new TypeError(`Sortable.option: the name must be a string, not ${describe(name)}`);
    if (arguments.length < 2) return this.options[name];
    this.options[name] = checked(this.el, name, value);
    this.given.add(name);
    surface.rebuildSoon();
    return undefined;
  }

  /// The items' ids in order: `dataIdAttr` (data-id), else SortableJS's generated id.
  toArray() { return itemsOf(this).map((item) => this.dataIdOf(item)); }

  dataIdOf(item) { return item.getAttribute(this.options.dataIdAttr) || generatedId(item); }

  /// Puts the items in this order of ids (ids it does not name keep their places before them).
  sort(order, useAnimation = false) {
    if (!Array.isArray(order)) throw new TypeError(`Sortable.sort: \`order\` must be an array of ids, not ${describe(order)}`);
    const items = new Map(itemsOf(this).map((item) => [this.dataIdOf(item), item]));
    const before = useAnimation ? new Map([...items.values()].map((e) => [e, e.getBoundingClientRect()])) : null;
    for (const id of order) {
      const item = items.get(String(id));
      if (item) this.el.appendChild(item);
    }
    if (before) glide(before, this.options.animation || 150);
    surface.rebuildSoon();
  }

  /// Saves through `store.set`, when there is a store.
  save() { this.options.store?.set?.(this); }

  /// Takes the last move back (any list this one shares its engine with); the DOM follows.
  undo() { this.history("rk_board_undo"); }

  /// Does the last undone move again.
  redo() { this.history("rk_board_redo"); }

  history(call) {
    if (!surface.b || surface.drag) return;
    const t = performance.now() / 1000;
    surface.lastChanged = 0;
    surface.rk[call](surface.b, t);
    surface.handle(t);
    syncDOM(surface, null);
    surface.schedule();
    for (const s of surface.lists) s.save();
    // Said in the live region, as the desktop app says it: what moved, and where it is now.
    const item = surface.elements.get(surface.lastChanged);
    const list = item && surface.listOf(item);
    if (!list) { surface.announce(call === "rk_board_undo" ? "Nothing to undo." : "Nothing to redo."); return; }
    const items = itemsOf(list);
    const where = `position ${items.indexOf(item) + 1} of ${items.length}`;
    const name = item.getAttribute("aria-label") || item.textContent.replace(/\s+/g, " ").trim();
    surface.announce(`${call === "rk_board_undo" ? "Undone" : "Redone"}: ${name}, ${where}.`);
  }

  /// Ends it: the list is the page's again.
  destroy() {
    if (this.el[expando] !== this) return;
    delete this.el[expando];
    surface.remove(this);
  }
}

/// SortableJS's id for an item without `data-id`: a sum of its tag, class, src, href and text.
function generatedId(el) {
  const text = el.tagName + el.className + el.src + el.href + el.textContent; // "undefined" too, as SortableJS
  let sum = 0;
  for (let i = text.length; i--; ) sum += text.charCodeAt(i);
  return sum.toString(36);
}

/// `sort(order, true)`: each item glides from where it was (a FLIP of `animation` ms).
function glide(before, duration) {
  for (const [element, from] of before) {
    const to = element.getBoundingClientRect();
    const dx = from.left - to.left, dy = from.top - to.top;
    if (!dx && !dy) continue;
    element.animate?.([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration, easing: "ease-out" });
  }
}
