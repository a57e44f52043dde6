// A drag's life on the developer's elements, with SortableJS's events in SortableJS's order: the
// chosen item, its floating copy (dragClass) under the pointer and the item itself as the ghost
// (ghostClass) where it will land; at the drop the DOM takes the engine's order.

import { itemsOf } from "./measure.js";

/// A SortableJS event: a CustomEvent dispatched on `rootEl` and given to the option's handler.
export function dispatch(sortable, name, fields, rootEl = sortable.el) {
  const event = new CustomEvent(name, { bubbles: true, cancelable: true });
  Object.assign(event, { to: fields.to ?? rootEl, from: fields.from ?? rootEl, item: fields.item ?? rootEl, clone: fields.clone ?? null,
    oldIndex: fields.oldIndex, newIndex: fields.newIndex, oldDraggableIndex: fields.oldDraggableIndex,
    newDraggableIndex: fields.newDraggableIndex, originalEvent: fields.originalEvent, pullMode: fields.pullMode,
    difference: fields.difference });
  rootEl.dispatchEvent(event);
  const handler = sortable.options["on" + name[0].toUpperCase() + name.slice(1)];
  if (handler) {
    try { handler.call(sortable, event); } catch (error) { console.error(error); }
  }
  return event;
}

const childIndex = (element) => (element.parentElement ? Array.prototype.indexOf.call(element.parentElement.children, element) : -1);

/// The engine lifted an item: onStart, and its copy follows the pointer.
export function startDrag(surface, id) {
  const item = surface.elements.get(id);
  const from = item && surface.listOf(item);
  if (!item || !from) return;
  surface.floating?.remove();
  const rect = item.getBoundingClientRect();
  const copy = item.cloneNode(true);
  copy.removeAttribute("id");
  copy.setAttribute("aria-hidden", "true");
  copy.setAttribute("data-reorderkit-ghost", "");
  copy.removeAttribute("tabindex");
  copy.classList.remove(from.options.chosenClass);
  copy.classList.add(from.options.dragClass);
  Object.assign(copy.style, { position: "fixed", left: "0", top: "0", width: `${rect.width}px`, height: `${rect.height}px`,
    margin: "0", pointerEvents: "none", zIndex: "2147483647", transform: `translate(${rect.left}px, ${rect.top}px)`,
    boxSizing: "border-box", willChange: "transform" });
  // In the list, as SortableJS's fallback puts its copy, so that the page's styles for items apply.
  from.el.append(copy);
  from.observers?.[0].takeRecords();
  const oldDraggableIndex = itemsOf(from).indexOf(item);
  const drag = {
    item, from, copy, oldIndex: childIndex(item), oldDraggableIndex, list: from, index: oldDraggableIndex,
    originalEvent: surface.press?.event,
    float(x, y) { copy.style.transform = `translate(${x}px, ${y}px)`; },
    at(list, index) {
      if (!list || (list === drag.list && index === drag.index)) return;
      drag.list = list;
      drag.index = index;
      dispatch(from, "change", { item, from: from.el, to: list.el, oldIndex: drag.oldIndex, newIndex: index,
        oldDraggableIndex, newDraggableIndex: index, pullMode: list === from ? undefined : true });
    },
  };
  surface.drag = drag;
  item.classList.add(from.options.ghostClass);
  item.classList.add(from.options.chosenClass);
  dispatch(from, "start", { item, oldIndex: drag.oldIndex, oldDraggableIndex, originalEvent: drag.originalEvent });
}

/// The drag ended: dropped (the DOM takes the engine's order, and SortableJS's events follow) or
/// cancelled (everything stays). The copy glides to the item's place while the engine settles.
export function finishDrag(surface, id, dropped) {
  const drag = surface.drag;
  if (!drag) return;
  surface.drag = null;
  const { item, from } = drag;
  const to = dropped ? syncDOM(surface, item) ?? from : from;
  const newIndex = childIndex(item);
  const newDraggableIndex = itemsOf(to).indexOf(item);
  item.classList.remove(from.options.ghostClass, from.options.chosenClass);
  const copy = drag.copy;
  surface.floating = { id: surface.idOf(item), remove: () => copy.remove(), place: (x, y) => drag.float(x, y) };
  // The item waits under its copy until the copy has settled (transparent, so that it keeps the focus).
  const opacity = item.style.opacity;
  item.style.opacity = "0";
  const reveal = surface.floating.remove;
  surface.floating.remove = () => { reveal(); item.style.opacity = opacity; };
  const base = { item, from: from.el, to: to.el, oldIndex: drag.oldIndex, newIndex, oldDraggableIndex: drag.oldDraggableIndex,
    newDraggableIndex, originalEvent: surface.lastPointerEvent, pullMode: to === from ? undefined : true };
  const moved = to !== from || newIndex !== drag.oldIndex;
  if (moved) {
    const next = itemsOf(to)[newDraggableIndex + 1];
    base.difference = { items: [from.dataIdOf(item)], from: from.el, to: to.el, before: next ? to.dataIdOf(next) : null };
  }
  dispatch(from, "unchoose", { ...base, newIndex: null, newDraggableIndex: null });
  if (to !== from) {
    dispatch(to, "add", base, to.el);
    dispatch(from, "remove", base);
    dispatch(to, "sort", base, to.el);
    dispatch(from, "sort", base);
  } else if (moved) {
    dispatch(from, "update", base);
    dispatch(from, "sort", base);
  }
  dispatch(from, "end", base);
  if (moved) { from.save(); if (to !== from) to.save(); }
  if (item.isConnected && surface.keyboardDrag) {
    surface.refocusing = true;
    item.focus({ preventScroll: true });
    surface.refocusing = false;
  }
  surface.keyboardDrag = false;
}

/// The DOM takes the engine's order (after a drop, an undo or a redo). Returns the list that now
/// holds `item`. Transforms come off and the moved lists' items are measured again (one layout),
/// so that the elements still gliding continue from where they are drawn.
export function syncDOM(surface, item) {
  const order = surface.order();
  const focused = document.activeElement;
  let holder = null;
  const changed = [];
  for (const [listId, ids] of order) {
    const sortable = surface.listById(listId);
    if (!sortable) continue;
    const wanted = ids.map((id) => surface.elements.get(id)).filter(Boolean);
    const current = itemsOf(sortable);
    if (item && wanted.includes(item)) holder = sortable;
    if (wanted.length === current.length && wanted.every((e, i) => e === current[i])) continue;
    // Each item goes before the item that follows it in the new order; the page's other children
    // (a heading, an "add" button) keep their places.
    const anchor = current.length ? current[current.length - 1].nextSibling : null;
    for (const element of wanted) sortable.el.insertBefore(element, anchor);
    changed.push(sortable);
  }
  if (changed.length) {
    for (const s of surface.lists) s.observers?.[0].takeRecords();
    surface.clearTransforms();
    const again = surface.lists.filter((s) => changed.includes(s) || (item && s === holder));
    for (const s of again) {
      const m = surface.measured.get(s);
      if (!m) continue;
      const frame = s.el.getBoundingClientRect();
      m.offsets = new Map(itemsOf(s).map((e) => { const r = e.getBoundingClientRect(); return [e, { x: r.left - frame.left, y: r.top - frame.top }]; }));
    }
    surface.refreshTabStops();
    // A moved element loses the focus in the DOM: it gets it back, quietly.
    if (focused && focused !== document.activeElement && focused.isConnected) {
      surface.refocusing = true;
      focused.focus({ preventScroll: true });
      surface.refocusing = false;
    }
  }
  return holder;
}

/// SortableJS's onMove, asked by the engine for a place it proposes in `to` (an index among its
/// items without the dragged one): the source list's handler sees `dragged`, `related` (the item
/// the dragged one would stand next to) and `willInsertAfter`. `false` refuses (the item stays where
/// it is: -1), -1 and 1 put it before or after `related`; anything else takes the proposal.
export function askMove(surface, to, proposed) {
  const drag = surface.drag;
  const onMove = drag?.from.options.onMove;
  if (!onMove || !to) return proposed;
  const items = itemsOf(to).filter((e) => e !== drag.item);
  const at = Math.min(proposed, items.length - 1);
  const related = items[at] ?? to.el;
  const willInsertAfter = proposed > at || proposed >= items.length;
  const event = new CustomEvent("move", { bubbles: true, cancelable: true });
  Object.assign(event, { to: to.el, from: drag.from.el, dragged: drag.item, draggedRect: drag.item.getBoundingClientRect(),
    related, relatedRect: related.getBoundingClientRect(), willInsertAfter, originalEvent: surface.lastPointerEvent });
  let answer;
  try { answer = onMove.call(drag.from, event, surface.lastPointerEvent); } catch (error) { console.error(error); return proposed; }
  if (answer === false) return -1;
  if (answer === -1) return at < 0 ? 0 : at;
  if (answer === 1) return at + 1;
  return proposed;
}
