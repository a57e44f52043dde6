// The DOM's input, forwarded to the engine as it comes: presses (mouse, pen, a finger's long
// press), keys (one Tab stop per list, Space or Enter to lift and drop, the arrows to move, Escape
// to cancel) and the focus. SortableJS's `handle`, `filter` and `disabled` say which presses count.

import { KEY, POINTER } from "./engine.js";
import { itemAt } from "./measure.js";
import { dispatch } from "./events.js";

const now = () => performance.now() / 1000;
const FORM = "input, textarea, select, option, button, [contenteditable]:not([contenteditable='false'])";
let documentWired = false;

/// Wires one list; returns what unwires it.
export function wire(surface, sortable) {
  const el = sortable.el;
  if (!documentWired) { documentWired = true; wireDocument(surface); }
  // Until an item lifts, a finger pans and pinches the page natively.
  const touchAction = el.style.touchAction;
  el.style.touchAction = "manipulation";
  const down = (event) => {
    if (surface.press || !surface.b || !sortable.ready || (event.button ?? 0) > 0 || !event.isPrimary) return;
    const item = itemAt(sortable, event.target);
    if (!item || sortable.options.disabled) return;
    const filter = sortable.options.filter;
    const filtered = typeof filter === "function" ? filter.call(sortable, event, item, sortable) : filter && event.target.closest(filter);
    if (filtered) {
      const index = Array.prototype.indexOf.call(el.children, item);
      dispatch(sortable, "filter", { item: filtered instanceof Element ? filtered : item, oldIndex: index, originalEvent: event });
      if (sortable.options.preventOnFilter && event.cancelable) event.preventDefault();
      return;
    }
    const handle = sortable.options.handle;
    if (handle && !event.target.closest(handle)) return;
    if (event.target.closest(FORM) && !event.target.closest(FORM).contains(item)) return;
    surface.placeLists();
    const kind = POINTER[event.pointerType] ?? POINTER.mouse;
    surface.press = { pointerId: event.pointerId, sortable, item, event, kind };
    surface.lastPointerEvent = event;
    item.classList.add(sortable.options.chosenClass);
    dispatch(sortable, "choose", { item, oldIndex: Array.prototype.indexOf.call(el.children, item), originalEvent: event });
    if (sortable.options.keyboard && document.activeElement !== item) {
      sortable.lastFocused = item;
      surface.refreshTabStops();
      item.focus({ preventScroll: true });
    }
    surface.rk.rk_board_pointer_down(surface.b, event.clientX, event.clientY, now(), kind);
    // A mouse or pen would select text as it moves; a finger must stay free to scroll.
    if (kind !== POINTER.touch && event.cancelable) event.preventDefault();
    surface.handle(now());
    surface.schedule();
  };
  const focusin = (event) => {
    const item = itemAt(sortable, event.target);
    if (!item || item !== event.target || !sortable.options.keyboard || !surface.b) return;
    sortable.lastFocused = item;
    if (!surface.rk.rk_board_is_dragging(surface.b) && surface.rk.rk_board_focused(surface.b) !== surface.idOf(item)) {
      surface.rk.rk_board_focus(surface.b, surface.idOf(item), now());
      // The focus given back after a keyboard drop: "Dropped at …" stays the last word.
      surface.handle(now(), surface.refocusing);
    }
    surface.refreshTabStops();
  };
  const keydown = (event) => {
    if (!sortable.options.keyboard || !surface.b || surface.press) return;
    const item = itemAt(sortable, event.target);
    if (!item || item !== event.target || sortable.options.disabled) return;
    if (!surface.drag) surface.placeLists();
    const t = now();
    const shortcut = event.ctrlKey || event.metaKey;
    if (shortcut && !event.altKey && sortable.options.keyboardUndo && (event.key === "z" || event.key === "Z" || event.key === "y")) {
      if (event.key === "y" || event.shiftKey) sortable.redo(); else sortable.undo();
      event.preventDefault();
      return;
    }
    const code = KEY[event.key];
    if (code === undefined || shortcut || event.altKey) return;
    if (surface.rk.rk_board_focused(surface.b) !== surface.idOf(item)) surface.rk.rk_board_focus(surface.b, surface.idOf(item), t);
    if (!surface.drag && (code === KEY[" "] || code === KEY.Enter)) surface.keyboardDrag = true;
    surface.rk.rk_board_key(surface.b, code, t);
    surface.handle(t);
    surface.draw(t);
    event.preventDefault();
    focusEngine(surface);
    surface.schedule();
  };
  const contextmenu = (event) => { if (surface.press || surface.drag) event.preventDefault(); };
  el.addEventListener("pointerdown", down);
  el.addEventListener("focusin", focusin);
  el.addEventListener("keydown", keydown);
  el.addEventListener("contextmenu", contextmenu);
  el.addEventListener("dragstart", preventNative);
  return () => {
    el.removeEventListener("pointerdown", down);
    el.removeEventListener("focusin", focusin);
    el.removeEventListener("keydown", keydown);
    el.removeEventListener("contextmenu", contextmenu);
    el.removeEventListener("dragstart", preventNative);
    el.style.touchAction = touchAction;
  };
}

function preventNative(event) { event.preventDefault(); }

/// The engine moved the keyboard focus (Up, Down, into another list): the DOM's follows.
function focusEngine(surface) {
  const element = surface.elements.get(surface.rk.rk_board_focused(surface.b));
  surface.refreshTabStops();
  if (element && element.isConnected && document.activeElement !== element && !surface.drag) element.focus({ preventScroll: false });
  else if (element && surface.drag && document.activeElement !== surface.drag.item) surface.drag.item.focus({ preventScroll: true });
}

/// The pointer beyond the list, the release, a finger held still once lifted, and a scroll mid-drag.
function wireDocument(surface) {
  const move = (event) => {
    const press = surface.press;
    if (!press || event.pointerId !== press.pointerId) return;
    surface.lastPointerEvent = event;
    surface.rk.rk_board_pointer_move(surface.b, event.clientX, event.clientY, now());
    surface.schedule();
  };
  const release = (event) => {
    const press = surface.press;
    if (!press || event.pointerId !== press.pointerId) return;
    surface.press = null;
    surface.lastPointerEvent = event;
    if (event.type === "pointercancel") surface.rk.rk_board_cancel(surface.b, now());
    else surface.rk.rk_board_pointer_up(surface.b, event.clientX, event.clientY, now());
    press.item.classList.remove(press.sortable.options.chosenClass);
    if (!surface.drag) dispatch(press.sortable, "unchoose", { item: press.item, oldIndex: Array.prototype.indexOf.call(press.sortable.el.children, press.item), originalEvent: event });
    surface.handle(now());
    surface.schedule();
  };
  document.addEventListener("pointermove", move, { passive: true });
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  // Once an item is lifted the finger carries it: the page does not scroll under it.
  document.addEventListener("touchmove", (event) => { if (surface.drag && event.cancelable) event.preventDefault(); }, { passive: false });
  // The page or a container scrolled under a press or a drag (a wheel, the engine's auto-scroll).
  document.addEventListener("scroll", () => surface.scrolled(), { passive: true, capture: true });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !surface.press || !surface.b) return;
    surface.rk.rk_board_cancel(surface.b, now());
    surface.press = null;
    surface.handle(now());
    surface.schedule();
    event.preventDefault();
  });
}
