// The options of a Sortable, with SortableJS's names and defaults (1.15), read once and checked: an
// option of the wrong type or an unknown one is one console.error naming it, and the default is used.

const isFunction = (v) => typeof v === "function";
const isString = (v) => typeof v === "string";
const isBoolean = (v) => typeof v === "boolean";
const isNumber = (v) => typeof v === "number" && Number.isFinite(v);
const isCount = (v) => isNumber(v) && v >= 0;
const orNull = (test) => (v) => v === null || test(v);
const isSelector = orNull(isString);

/// Every option: its default (a function of the element where SortableJS's depends on it) and its test.
const OPTIONS = {
  group: [null, (v) => v === null || isString(v) || (typeof v === "object" && !Array.isArray(v))],
  sort: [true, isBoolean],
  disabled: [false, isBoolean],
  store: [null, (v) => v === null || (typeof v === "object" && isFunction(v.get) && isFunction(v.set))],
  handle: [null, isSelector],
  filter: [null, (v) => v === null || isString(v) || isFunction(v)],
  preventOnFilter: [true, isBoolean],
  draggable: [(el) => (/^[uo]l$/i.test(el.nodeName) ? ">li" : ">*"), isString],
  dataIdAttr: ["data-id", isString],
  animation: [0, isCount],
  easing: [null, isSelector],
  delay: [0, isCount],
  delayOnTouchOnly: [false, isBoolean],
  touchStartThreshold: [() => Math.max(1, Math.trunc(window.devicePixelRatio) || 1), isCount],
  emptyInsertThreshold: [5, isCount],
  ghostClass: ["sortable-ghost", isString],
  chosenClass: ["sortable-chosen", isString],
  dragClass: ["sortable-drag", isString],
  direction: ["vertical", (v) => v === "vertical" || v === "horizontal" || isFunction(v)],
  scroll: [true, (v) => isBoolean(v) || v instanceof Element],
  scrollSensitivity: [30, isCount],
  scrollSpeed: [10, isCount],
  // Accepted for SortableJS's pages: the engine's target rule decides where an item goes.
  swapThreshold: [1, (v) => isNumber(v) && v >= 0 && v <= 1],
  invertSwap: [false, isBoolean],
  invertedSwapThreshold: [null, orNull((v) => isNumber(v) && v >= 0 && v <= 1)],
  // Beyond SortableJS.
  keyboard: [true, isBoolean],
  keyboardUndo: [false, isBoolean],
  messages: [null, orNull(isFunction)],
  label: [null, isSelector],
};
/// SortableJS's options with no meaning here (a native HTML5 drag, its fallback clone): accepted
/// without effect, so that a page written for SortableJS keeps working.
const INERT = new Set([
  "ignore", "setData", "dropBubble", "dragoverBubble", "forceFallback", "fallbackClass", "fallbackOnBody",
  "fallbackTolerance", "fallbackOffset", "supportPointer", "removeCloneOnHide", "forceAutoScrollFallback",
  "scrollFn", "bubbleScroll", "revertOnSpill", "removeOnSpill",
]);
export const EVENTS = [
  "onChoose", "onUnchoose", "onStart", "onEnd", "onAdd", "onUpdate", "onSort", "onRemove", "onFilter", "onMove",
  "onClone", "onChange",
];

/// The value of one option: `value` when it passes its test, else (with one console.error) the default.
export function checked(el, name, value) {
  if (EVENTS.includes(name)) {
    if (value == null || isFunction(value)) return value ?? null;
    console.error(`Sortable: option "${name}" must be a function, not ${describe(value)}; it is ignored.`);
    return null;
  }
  const entry = OPTIONS[name];
  if (!entry) {
    if (!INERT.has(name)) console.error(`Sortable: unknown option "${name}"; it is ignored.`);
    return value;
  }
  const [fallback, test] = entry;
  if (value === undefined) return isFunction(fallback) ? fallback(el) : fallback;
  if (test(value)) return name === "group" ? group(value) : value;
  console.error(`Sortable: option "${name}" cannot be ${describe(value)}; the default is used.`);
  return isFunction(fallback) ? fallback(el) : fallback;
}

/// Every option of a new Sortable, with the defaults for those it does not give.
export function readOptions(el, given) {
  const options = {};
  for (const name of Object.keys(OPTIONS)) options[name] = checked(el, name, given[name]);
  for (const name of EVENTS) options[name] = checked(el, name, given[name]);
  for (const name of Object.keys(given)) if (!(name in options)) options[name] = checked(el, name, given[name]);
  return options;
}

/// `group` as SortableJS normalises it: { name, pull, put, revertClone }.
function group(value) {
  const g = isString(value) ? { name: value } : { ...value };
  if (value !== null && !isString(value)) {
    const okPull = (p) => p === undefined || isBoolean(p) || p === "clone" || isFunction(p);
    const okPut = (p) => p === undefined || isBoolean(p) || isFunction(p) || (Array.isArray(p) && p.every(isString)) || isString(p);
    if (!okPull(g.pull)) { console.error(`Sortable: option "group.pull" cannot be ${describe(g.pull)}; true is used.`); g.pull = true; }
    if (g.pull === "clone") { console.error(`Sortable: option "group.pull" "clone" is not supported yet; the item moves instead.`); g.pull = true; }
    if (!okPut(g.put)) { console.error(`Sortable: option "group.put" cannot be ${describe(g.put)}; true is used.`); g.put = true; }
    if (g.name !== undefined && g.name !== null && !isString(g.name)) {
      console.error(`Sortable: option "group.name" cannot be ${describe(g.name)}; the list is in no group.`);
      g.name = null;
    }
  }
  return { name: g.name ?? null, pull: g.pull ?? true, put: g.put ?? true, revertClone: g.revertClone === true };
}

export function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value instanceof Element) return `an element <${value.localName}>`;
  const type = typeof value;
  if (type === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  if (type === "number") return `the number ${value}`;
  return type === "object" ? "an object" : `a ${type}`;
}

/// Whether `from` lets an item go to `to` (SortableJS's pull and put, by group name).
export function allows(from, to, item) {
  if (from === to) return true;
  const a = from.options.group, b = to.options.group;
  if (!a?.name && !b?.name) return false;
  let pull = a.pull;
  if (isFunction(pull)) pull = pull(to, from, item, null);
  if (!pull) return false;
  let put = b.put;
  if (isFunction(put)) return Boolean(put(to, from, item, null));
  if (Array.isArray(put)) return put.includes(a.name);
  if (isString(put)) return put === a.name;
  return put === true && a.name !== null && a.name === b.name;
}
