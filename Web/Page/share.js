// A shared board (a board's link, /boards/B): reorder-server's `live` WebSocket (DESIGN "The board
// server", "One sync machine"). The protocol is ReorderSync's BoardSync inside the .wasm
// (Web/Exports/Sync.swift): every decision (the outbox's order, the epoch, revision gaps, the
// rate-limit hold, the back-off) is its. This module only carries bytes and timers and shows what
// the machine says:
// - the WebSocket's frames in and out (`connect`, `send`, `close`);
// - one timer (`wakeAt`);
// - the outbox's record in IndexedDB (`persist`), one record per tab;
// - the board through the engine (`apply`), the live region (`announce`), the caption (`state`).
//
// One outbox per tab: a tab keeps its record under `${board}/${tab}` in the "reorderkit-share"
// database, its tab id in sessionStorage, and holds the Web Lock `reorderkit-share:${board}:${tab}`
// while it lives (a duplicated tab, whose sessionStorage is a copy, finds the lock held and takes a
// new id). A tab that starts adopts the waiting moves of tabs that are gone (their lock free), in
// one transaction that writes its own record and deletes theirs. When a tab commits, the others
// hear it on a BroadcastChannel; one that is offline is told to reload.

const DATABASE = "reorderkit-share";
const OUTBOX = "outbox";
// A timer further away than this is not set (setTimeout fires at once past 2^31 − 1 ms): every
// input gives the machine's next wake-up again.
const LONGEST_TIMER = 2 ** 31 - 1;

export const shareKey = (board, what) => `reorderkit:share:${what}:${board}`;

export function readStored(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

export function writeStored(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// The token form: one field, Enter (or the button) keeps the token and resolves it.
export function askToken(view, board, problem) {
  return new Promise((resolve) => {
    view.replaceChildren();
    const form = document.createElement("form");
    form.className = "token";
    const title = document.createElement("h2");
    title.textContent = `Board "${board}" is shared`;
    const label = document.createElement("label");
    label.textContent = "Paste the token you were given for it:";
    const input = document.createElement("input");
    input.type = "password";
    input.name = "token";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.required = true;
    label.append(input);
    const button = document.createElement("button");
    button.type = "submit";
    button.textContent = "Open the board";
    const hint = document.createElement("p");
    hint.textContent = "This browser keeps it for this board; “Forget token” in the bar removes it.";
    form.append(title, label, button, hint);
    if (problem) {
      const error = document.createElement("p");
      error.className = "error";
      error.setAttribute("role", "alert");
      error.textContent = problem;
      form.insertBefore(error, label);
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const token = input.value.trim();
      if (!token) return;
      writeStored(shareKey(board, "token"), token);
      form.remove();
      resolve(token);
    });
    view.append(form);
    input.focus();
  });
}

// MARK: The outbox in IndexedDB

function openOutbox() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(OUTBOX);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error("IndexedDB refused"));
    open.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
  });
}

// Runs `body(store)` in one transaction; resolves with its request's result once committed.
function transact(db, mode, body) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(OUTBOX, mode);
    const request = body(tx.objectStore(OUTBOX));
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error("the transaction was aborted"));
  });
}

const lockName = (board, tab) => `reorderkit-share:${board}:${tab}`;

// Takes a Web Lock and keeps it for the page's life; false when it is held elsewhere (after
// `wait` ms, or at once).
function holdLock(name, wait) {
  return new Promise((resolve) => {
    const options = wait > 0 ? { signal: AbortSignal.timeout(wait) } : { ifAvailable: true };
    navigator.locks.request(name, options, (lock) => {
      resolve(lock !== null);
      return lock === null ? undefined : new Promise(() => {});
    }).catch(() => resolve(false));
  });
}

// This tab's id: the one sessionStorage kept (a reload), unless another live tab holds it (a
// duplicated tab), then a new one. Without Web Locks, the kept id as it is.
async function claimTab(board) {
  const key = shareKey(board, "tab");
  let tab = sessionStorage.getItem(key);
  const fresh = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  if (!navigator.locks) {
    tab ??= fresh();
    sessionStorage.setItem(key, tab);
    return tab;
  }
  // A reload's own lock is let go as the old page unloads: a moment's wait for it.
  if (tab && await holdLock(lockName(board, tab), 1500)) return tab;
  for (;;) {
    tab = fresh();
    if (await holdLock(lockName(board, tab), 0)) break;
  }
  sessionStorage.setItem(key, tab);
  return tab;
}

// Two records as one: the confirmed board of the one with the highest revision (its epoch and
// its record of commits with it), and the waiting moves of both, each tab's in its order, a
// gesture once. The machine checks what it restores.
function merge(mine, theirs) {
  if (!mine) return theirs;
  const [best, other] = (theirs.epoch !== null && (mine.epoch === null || theirs.revision > mine.revision)) ? [theirs, mine] : [mine, theirs];
  const seen = new Set(best.pending.map((p) => p.gesture));
  const more = other.pending.filter((p) => !seen.has(p.gesture)).map(({ gesture, change }) => ({ gesture, change }));
  return { ...best, pending: [...best.pending, ...more] };
}

// This tab's record, with the waiting moves of tabs that are gone taken in (their records
// deleted in the same transaction that writes this tab's).
async function gather(db, board, tab) {
  const prefix = `${board}/`, own = prefix + tab;
  const range = IDBKeyRange.bound(prefix, prefix + "\uffff");
  const keys = await transact(db, "readonly", (store) => store.getAllKeys(range));
  const parse = (text) => { try { return JSON.parse(text); } catch { return null; } };
  let record = parse(await transact(db, "readonly", (store) => store.get(own)) ?? "null");
  let adopted = 0;
  // 0.3.0 kept one outbox per board in localStorage, shared by the tabs ({ epoch, revision, views
  // as shown, outbox }): its moves are taken in once, and it is removed. Its views held its moves
  // already, so it counts as a board never confirmed (the machine reads the server's whole board).
  const legacy = readStored(shareKey(board, "state"), null);
  if (legacy !== null) {
    const moves = Array.isArray(legacy.outbox) ? legacy.outbox.filter((m) => m && typeof m.gesture === "string") : [];
    if (moves.length > 0) {
      const views = Array.isArray(legacy.views) ? legacy.views : [];
      record = merge(record, { epoch: null, revision: 0, confirmed: views, pending: moves.map(({ gesture, change }) => ({ gesture, change })) });
      await transact(db, "readwrite", (store) => store.put(JSON.stringify(record), own));
      adopted += moves.length;
    }
    writeStored(shareKey(board, "state"), null);
  }
  if (!navigator.locks) return { record, adopted };
  for (const key of keys) {
    if (key === own) continue;
    const name = lockName(board, key.slice(prefix.length));
    await navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return; // a live tab's
      const theirs = parse(await transact(db, "readonly", (store) => store.get(key)) ?? "null");
      const merged = theirs && Array.isArray(theirs.pending) ? merge(record, theirs) : record;
      await transact(db, "readwrite", (store) => {
        if (merged) store.put(JSON.stringify(merged), own);
        return store.delete(key);
      });
      if (theirs && Array.isArray(theirs.pending)) adopted += theirs.pending.length;
      record = merged;
    });
  }
  return { record, adopted };
}

// MARK: The connection

/// Shares `board`: `engine` shows boards (build, apply, knows, built, dragging, role, views,
/// takeEvents); `rk` is the .wasm; `ui` is the page's { view, announce, notice, report, fail }.
/// Returns the controller the Board calls: commit(change), frame(), readOnly(), refuseUpFront().
export function shareBoard(board, engine, rk, ui) {
  const { report, notice } = ui;
  const decoder = new TextDecoder();
  const status = document.createElement("span");
  status.id = "share";
  document.getElementById("caption").prepend(status, " ");
  const clock = () => Math.floor(performance.now());

  let h = 0; // the machine's handle
  let token = readStored(shareKey(board, "token"), null);
  let db = null, tab = null, channel = null;
  let socket = null, timer = null;
  let saving = Promise.resolve();
  let state = { online: false, role: null, waiting: 0, unsent: 0, refused: null };
  let everOffline = false, online = false, role = null;
  let showing = null; // { views, remote } the engine could not take yet (a drag holds)
  let noticeNext = false, stopped = false, lastStatus = "";

  const writeInput = (text) => {
    const bytes = new TextEncoder().encode(text);
    const address = rk.rk_input_buffer(bytes.length);
    new Uint8Array(rk.memory.buffer, address, bytes.length).set(bytes);
    return bytes.length;
  };
  const readText = (length) => decoder.decode(new Uint8Array(rk.memory.buffer, rk.rk_text_buffer(), length));

  // Performs what one input to the machine returned.
  function perform(length) {
    if (stopped) return;
    const out = JSON.parse(readText(length));
    let woken = false;
    for (const action of out.actions) {
      if (stopped) return;
      switch (action.do) {
        case "connect": open(); break;
        case "send": if (socket?.readyState === WebSocket.OPEN) socket.send(action.text); break;
        case "close": { const ws = socket; socket = null; ws?.close(1000, action.reason.slice(0, 100)); break; }
        case "ping": break; // not asked: the page's machine has no heartbeat (a browser cannot ping)
        case "apply": showing = { views: action.views, remote: true }; break;
        case "persist": save(action.record); break;
        case "announce": say(action.text); break;
        case "report": problem(action.problem, action.text); break;
        case "settled": settled(action); break;
        case "wakeAt": wake(action.at); woken = true; break;
      }
    }
    if (!woken && timer !== null) { clearTimeout(timer); timer = null; }
    if (out.state) show(out.state);
    applyShown();
  }

  function wake(at) {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const delay = at - clock();
    if (delay > LONGEST_TIMER) return;
    timer = setTimeout(() => { timer = null; perform(rk.rk_sync_tick(h, clock())); }, Math.max(0, delay));
  }

  function open() {
    const url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/boards/${encodeURIComponent(board)}/live`;
    let ws;
    try {
      ws = new WebSocket(url);
    } catch {
      setTimeout(() => perform(rk.rk_sync_disconnected(h, 0, 0, clock())), 0);
      return;
    }
    socket = ws;
    ws.onopen = () => { if (socket === ws) perform(rk.rk_sync_connected(h, clock())); };
    ws.onmessage = (event) => {
      if (socket !== ws || typeof event.data !== "string") return;
      perform(rk.rk_sync_received(h, writeInput(event.data), clock()));
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      perform(rk.rk_sync_disconnected(h, event.code ?? 0, writeInput(event.reason ?? ""), clock()));
    };
  }

  // The record, written in order, off the input's path.
  function save(record) {
    const text = JSON.stringify(record);
    if (!db) return;
    saving = saving.then(() => transact(db, "readwrite", (store) => store.put(text, `${board}/${tab}`))).catch((error) => {
      notice.textContent = `Not kept in this browser: IndexedDB refused the outbox (${error.message}).`;
    });
  }

  function say(text) {
    ui.announce.textContent = text;
    if (noticeNext) { notice.textContent = text; noticeNext = false; }
    report.push({ event: "announcement", scene: "board", text });
  }

  function problem(kind, text) {
    if (kind === "refused") { refused(text); return; }
    report.push({ event: "problem", scene: "board", problem: kind, text });
    console.warn(`reorderkit: shared board: ${kind}: ${text}`);
    // A move the machine did not take: the view shows the machine's board again.
    if (kind === "local") showing = { views: shownViews(), remote: false };
  }

  function settled(action) {
    if (action.outcome === "committed") {
      channel?.postMessage({ tab, revision: action.revision });
      return;
    }
    report.push({ event: "rejected", scene: "board", gesture: action.gesture, reason: action.reason });
    noticeNext = true;
  }

  function shownViews() {
    const length = rk.rk_sync_shown(h);
    return length > 0 ? JSON.parse(readText(length)).views : [];
  }

  const columnsOf = (views) => views.map((v) => ({ id: v.id, items: v.sections.flatMap((s) => s.items) }));
  const namesOf = (views) => views.flatMap((v) => [v.id, ...v.sections.flatMap((s) => s.items)]);

  // The machine's board in the engine: built the first time (or when it names what the engine
  // was not built with), else applied as a whole, which the engine animates; held while a drag is.
  function applyShown() {
    if (!showing || engine.dragging()) return;
    const { views, remote } = showing;
    const wasBuilt = engine.built();
    if (!wasBuilt || !engine.knows(namesOf(views))) {
      engine.build(columnsOf(views));
      engine.role(role);
    } else if (!engine.apply(columnsOf(views), [])) {
      return;
    }
    showing = null;
    engine.takeEvents();
    if (remote && wasBuilt) report.push({ event: "remote", scene: "board", views: engine.views() });
  }

  function show(next) {
    state = next;
    if (next.role !== role && next.role !== null) {
      role = next.role;
      engine.role(role);
    }
    if (next.online !== online) {
      online = next.online;
      if (!online) everOffline = true;
      report.push({ event: "connection", state: online ? "online" : "offline" });
      if (online && notice.dataset.reload === "shown") {
        notice.replaceChildren();
        delete notice.dataset.reload;
      }
    }
    const moves = next.waiting === 1 ? "1 move" : `${next.waiting} moves`;
    let text;
    if (online) {
      text = role === "viewer" ? "Shared · read-only: this token may view, not move"
        : next.waiting === 0 ? "Shared · connected" : `Shared · sending ${moves}`;
    } else if (everOffline) {
      text = next.waiting === 0 ? "Offline · reconnecting" : `Offline · ${moves} waiting`;
    } else {
      text = next.waiting === 0 ? "Shared · connecting" : `Connecting · ${moves} waiting`;
    }
    if (text !== lastStatus) { status.textContent = text; lastStatus = text; }
  }

  // The server refused the token (1008): one clear message, the token forgotten, the form again.
  function refused(reason) {
    stop();
    writeStored(shareKey(board, "token"), null);
    const said = `The server refused the token for board "${board}" (${reason}). Paste a valid token.`;
    report.push({ event: "error", message: said, code: 1008 });
    notice.textContent = said;
    document.querySelector(".bar .forget")?.remove();
    askToken(ui.view, board, said).then(() => location.reload());
  }

  function stop() {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const ws = socket;
    socket = null;
    ws?.close(1000);
    channel?.close();
    if (h) rk.rk_sync_destroy(h);
  }

  // Another tab committed: this one, offline, shows a board without it until it reconnects.
  function heard(event) {
    if (online || stopped || event.data?.tab === tab) return;
    const text = "Another tab saved moves to this board. Reload to see them.";
    if (notice.dataset.reload === "shown") return;
    notice.dataset.reload = "shown";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "reload";
    button.textContent = "Reload";
    button.addEventListener("click", () => location.reload());
    notice.replaceChildren(text, " ", button);
  }

  // Once a token is kept: the bar's button that forgets it and this tab's outbox.
  function offerForget() {
    const forget = document.createElement("button");
    forget.type = "button";
    forget.className = "forget";
    forget.textContent = "Forget token";
    forget.addEventListener("click", async () => {
      writeStored(shareKey(board, "token"), null);
      stop();
      await saving;
      if (db) await transact(db, "readwrite", (store) => store.delete(`${board}/${tab}`)).catch(() => {});
      location.reload();
    });
    document.querySelector(".bar").append(forget);
  }

  async function run() {
    if (!token) token = await askToken(ui.view, board, null);
    offerForget();
    let record = null;
    try {
      tab = await claimTab(board);
      db = await openOutbox();
      const gathered = await gather(db, board, tab);
      record = gathered.record;
      if (gathered.adopted > 0) report.push({ event: "adopted", scene: "board", moves: gathered.adopted });
    } catch (error) {
      db = null;
      notice.textContent = `Not kept in this browser: IndexedDB refused the outbox (${error.message}).`;
    }
    const input = token + (record ? "\n" + JSON.stringify(record) : "");
    h = rk.rk_sync_create(writeInput(input), -1);
    if (h === 0) throw new Error("the shared board's machine could not start");
    if (rk.rk_sync_restore_failed() === 1) {
      notice.textContent = "This browser's copy of the board could not be read: showing the server's board.";
    }
    if ("BroadcastChannel" in window) {
      channel = new BroadcastChannel(shareKey(board, "tabs"));
      channel.onmessage = heard;
    }
    // The last board seen (waiting moves on top): shown at once, also offline.
    const length = rk.rk_sync_shown(h);
    const shown = JSON.parse(readText(length));
    if (shown.known) showing = { views: shown.views, remote: false };
    perform(rk.rk_sync_state(h));
    perform(rk.rk_sync_tick(h, clock()));
  }

  run().catch((error) => ui.fail(error.message));
  return {
    readOnly: () => role === "viewer",
    refuseUpFront() { ui.announce.textContent = "This board is read-only: your token may view it, not move cards."; },
    // A gesture the user committed (the engine wrote it): the machine keeps it and sends it.
    commit(change) {
      if (role === "viewer" || h === 0 || stopped) return;
      const gesture = `g-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      perform(rk.rk_sync_local(h, writeInput(JSON.stringify({ gesture, change })), clock()));
    },
    frame() { applyShown(); },
  };
}
