// What the page measures for the engine: each list's frame in page coordinates, and each item's
// offset and row height within its list. Measured once, and again when something resized or the
// page changed the list; never during a drag, and always with our own transforms taken off.

/// The items of a list: its children that match `draggable` (SortableJS's ">li" means a child li).
export function itemsOf(sortable) {
  const selector = sortable.options.draggable.replace(/^\s*>\s*/, "") || "*";
  const items = [];
  for (const child of sortable.el.children) {
    if (child.matches(selector) && !child.hasAttribute("data-reorderkit-ghost")) items.push(child);
  }
  return items;
}

/// The draggable item an event's target is in, within this list, or null.
export function itemAt(sortable, target) {
  for (let node = target instanceof Element ? target : target?.parentElement; node && node !== sortable.el; node = node.parentElement) {
    if (node.parentElement === sortable.el) return itemsOf(sortable).includes(node) ? node : null;
  }
  return null;
}

/// A list's frame for the engine: its visible part, in the viewport's coordinates, and how far its
/// top is above that (`offset`, the engine's view is scrolled by as much); `box`, the whole list.
export function frameOf(el) {
  const r = el.getBoundingClientRect();
  const top = Math.min(Math.max(r.top, 0), window.innerHeight);
  const bottom = Math.min(Math.max(r.bottom, 0), window.innerHeight);
  // A list that ends within the viewport never scrolls its view (extra room below); one that goes on
  // below it scrolls, with the page, when the pointer nears the viewport's bottom.
  const extra = r.bottom <= window.innerHeight ? 100000 : 0;
  return { x: r.left, y: top, width: r.width, height: Math.max(bottom - top, 1), offset: top - r.top, extra, box: r };
}

const cents = (value) => Math.max(0, Math.round(value * 100));
const signedCents = (value) => Math.round(value * 100);

/// The name a screen reader hears for an item: its `label` element's text, its aria-label, or its text.
export function nameOf(sortable, item) {
  const label = sortable.options.label ? item.querySelector(sortable.options.label) : null;
  const text = (label ?? item).getAttribute?.("aria-label") || (label ?? item).textContent || "";
  return text.replace(/\s+/g, " ").trim().slice(0, 120);
}

/// Measures every list: { text, lists: Map(sortable → {frame, offsets: Map(item → {x, y})}) }, where
/// text is the engine's description (see Web/Exports/Library.swift) and the offsets are each item's
/// place from its list's top left corner, as the page lays it out.
export function measure(lists, idOf, listId, acceptsFrom, options) {
  const lines = [];
  const measured = new Map();
  const keys = [];
  const sizes = [];
  for (const sortable of lists) {
    const frame = frameOf(sortable.el);
    const items = itemsOf(sortable);
    const boxes = items.map((item) => item.getBoundingClientRect());
    const offsets = new Map();
    const box = frame.box;
    items.forEach((item, i) => offsets.set(item, { x: boxes[i].left - box.left, y: boxes[i].top - box.top }));
    const first = boxes[0];
    const inset = first
      ? { top: first.top - box.top, left: first.left - box.left, right: box.right - first.right }
      : { top: 0, left: 0, right: 0 };
    const spacing = boxes.length > 1 ? Math.max(0, boxes[1].top - boxes[0].bottom) : 0;
    const labelledBy = sortable.el.getAttribute("aria-labelledby");
    const name = sortable.el.getAttribute("aria-label") || (labelledBy && document.getElementById(labelledBy)?.textContent.trim()) || `List ${listId(sortable)}`;
    // Hundredths of a pixel; a list left of the viewport has a negative x.
    lines.push(`V ${listId(sortable)} ${signedCents(frame.x)} ${signedCents(frame.y)} ${cents(frame.width)} ${cents(frame.height)} ${cents(inset.top)} ${cents(inset.left)} ${cents(inset.right)} ${name.replace(/\s+/g, " ")}`);
    lines.push(`Y ${listId(sortable)} ${cents(frame.offset)} ${cents(frame.extra)}`);
    items.forEach((item, i) => {
      const height = i + 1 < boxes.length ? boxes[i + 1].top - boxes[i].top : boxes[i].height + spacing;
      lines.push(`I ${idOf(item)} ${cents(height)} ${nameOf(sortable, item)}`);
    });
    lines.push(`A ${listId(sortable)} ${acceptsFrom(sortable).map(listId).join(" ")}`.trimEnd());
    const o = sortable.options;
    const touchDelay = o.delay > 0 ? o.delay : 500;
    const mouseWaits = o.delay > 0 && !o.delayOnTouchOnly ? 1 : 0;
    const movement = sortable.given.has("touchStartThreshold") ? o.touchStartThreshold : 10;
    lines.push(`T ${listId(sortable)} ${Math.round(touchDelay)} ${mouseWaits} ${cents(movement)}`);
    const asks = options.asksMove();
    if (!o.sort || asks) lines.push(`O ${listId(sortable)} ${o.sort ? 1 : 0} ${asks ? 1 : 0}`);
    const reduced = options.reducedMotion();
    if (reduced || o.animation > 0) lines.push(`M ${listId(sortable)} ${reduced ? 0 : Math.round(o.animation)}`);
    measured.set(sortable, { frame, offsets, ids: items.map(idOf), stacked: boxes.every((b, i) => i === 0 || b.top >= boxes[i - 1].bottom - 1) });
    keys.push(`${listId(sortable)} ${Math.round(frame.width)} ${lines.filter((l) => /^[ATMO] /.test(l) && l.split(" ")[1] === String(listId(sortable))).join(";")}`);
    items.forEach((item, i) => sizes.push([idOf(item), Math.round(boxes[i].height)]));
  }
  // What the engine's board depends on beyond the order: the lists, their options, the items and
  // their sizes (the order is compared with the engine's own; a list's place is updated in place).
  sizes.sort((a, b) => a[0] - b[0]);
  return { text: lines.join("\n"), lists: measured, key: keys.join("|") + "|" + sizes.join(" ") };
}
