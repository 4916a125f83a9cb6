// The page's main thread: it only draws.
//
// The page's Python (the engine, the bots, the review and every screen's
// drawing) runs in a module Web Worker, web/startup/worker.mjs, so that
// nothing it thinks or draws ever holds up a frame, a click or a scroll here
// (docs/web.md says why, with the figures). This module starts the worker,
// tells it what only the page knows, hands it what the player does
// (input.mjs), and does what it asks:
//
//   render   patch the regions that changed (patch.mjs), glide what moved
//            (motion.mjs), keyboard focus (focus.mjs), what is said (voice.mjs),
//            and keep the table for the next visit when it says "keep"
//   flag     body[data-NAME] (tests and styles)
//   store    localStorage (store.mjs); a refused write is answered; move, answered
//   lang, sound, query, fragment, copy, share, download, fields, error, ready, net
//
// and, before its Python runs: progress (the loading bar), marks, fetched,
// python (then the page sends "boot": its address, the browser's languages,
// what localStorage holds, what was done on the first screen), beat (a
// worker silent for WATCHDOG_MS is restarted: the game resumes from its save).
// Where module Workers are unavailable, the page says so (NO_WORKER).

import { listen as hearNet, send as toNet } from "./rtc.mjs";
import { KEPT_KEY, SAVE_END, SAVE_KEY } from "../startup/keys.mjs";
import { remember, settle } from "./focus.mjs";
import { listen, released } from "./input.mjs";
import { fly, measure } from "./motion.mjs";
import { patch } from "./patch.mjs";
import { items, move, read, watch, write } from "./store.mjs";
import { setSound, setWords, speak, yourTurn } from "./voice.mjs";

const WORKER = new URL("../startup/worker.mjs", import.meta.url);
// Silent this long (it says "beat" each second): restarted. A worker busy in one piece
// (opening a game of 100,000 actions on a slow phone) is silent too: hence so long.
const WATCHDOG_MS = 15_000;
const root = document.getElementById("app");

// What tests and benchmarks read: messages each way, restarts, renders and the time patching them.
const stats = { sent: 0, received: 0, beats: 0, restarts: 0, renders: 0, patch_ms: 0, longest_patch_ms: 0 };
const MAX_FAILED_STARTS = 3;  // a worker that fails to start again and again is reported, not restarted
let port = null, worker = null, heard = 0, heardOnce = false, booted = false, seq = 0, kept = null, failedStarts = 0;
// Said before Python runs, so in the browser's language among ours, as the loading bar's words are.
const NO_WORKER = {
  en: "This browser cannot run the game: it needs module Web Workers (Firefox 114, Chrome 80, Safari 15 or newer).",
  fr: "Ce navigateur ne peut pas faire tourner le jeu : il lui faut les Web Workers de module (Firefox 114, Chrome 80, Safari 15 ou plus récents).",
  ja: "このブラウザではゲームを動かせません。モジュール Web Worker（Firefox 114、Chrome 80、Safari 15 以降）が必要です。",
}[(navigator.language || "en").slice(0, 2)] ?? "This browser cannot run the game: it needs module Web Workers (Firefox 114, Chrome 80, Safari 15 or newer).";

// The player's input: the page is busy (body[data-busy]) until the worker has
// handled it, and drawn what it changes.
const INPUTS = new Set(["command", "change", "file", "hash"]);
let pending = 0;

function send(message) {
  if (!port) return;
  stats.sent += 1;
  if (INPUTS.has(message.type)) busy(+1);
  port.postMessage(JSON.stringify({ ...message, seq }));
}

function busy(step) {
  pending = Math.max(0, pending + step);
  if (pending) document.body.dataset.busy = "1";
  else delete document.body.dataset.busy;
}

function start() {
  const url = new URL(WORKER);
  if (!navigator.serviceWorker?.controller) url.searchParams.set("stash", "");  // a first visit: interpreter.mjs
  try {
    worker = new Worker(url, { type: "module" });
  } catch (error) {
    return noWorker(error);
  }
  worker.onmessage = (event) => hear(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    if (!booted && stats.restarts === 0 && !heardOnce) return noWorker(event.message);  // no module worker here
    if (!booted && ++failedStarts >= MAX_FAILED_STARTS) {
      worker.terminate();
      worker = null;
      return showError(`The game could not start its worker: ${event.message}`);
    }
    restart(`the worker failed: ${event.message}`);
  };
  port = worker;
  heard = performance.now();
}

// No module Web Worker in this browser: the game cannot run here. Said on the page. (Running
// the worker's module on this thread instead would need eval and WebAssembly here, which
// this page's Content-Security-Policy refuses: docs/security.md.)
function noWorker(why) {
  worker = null;
  showError(`${NO_WORKER}\n\n(${why})`);
}

function restart(why) {
  console.warn(`Le Dernier Peuple: restarting the game's worker (${why})`);
  worker?.terminate();
  stats.restarts += 1;
  booted = false;
  busy(-pending);  // what the old worker was handling is lost: the game resumes from its save
  start();
}

setInterval(() => {
  if (worker && performance.now() - heard > WATCHDOG_MS) restart(`silent for ${WATCHDOG_MS / 1000} s`);
}, 1000);
// A tab in the background hears its worker late (its timers are slowed): a fresh wait on its return.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") heard = performance.now();
});

function hear(text) {
  heard = performance.now();
  heardOnce = true;
  const data = JSON.parse(text);
  if (data.type === "beat") {
    stats.beats += 1;
    return;
  }
  stats.received += 1;
  for (const message of Array.isArray(data) ? data : [data]) HANDLERS[message.type]?.(message);
}

function boot() {
  const { items: storage, saving } = items();
  const first = booted || stats.restarts ? null : globalThis.lepeupleFirstScreen?.take() ?? null;
  booted = true;
  send({ type: "boot", url: location.origin + location.pathname, search: location.search, hash: location.hash,
         languages: [...(navigator.languages || [navigator.language])], storage, saving, first,
         share: typeof navigator.share === "function" });
}

function render({ seq: drawn, skeleton, regions, focus, keep }) {
  const kept = remember(root);
  const moving = skeleton === undefined ? Object.keys(regions) : null;  // where something may move: null, anywhere
  const places = measure(root, moving);
  if (!stats.renders) firstDrawing();
  const started = performance.now();
  try {
    patch(root, skeleton ?? null, regions);
  } catch (error) {  // never a page half drawn: the worker sends it all again
    console.error(`Le Dernier Peuple: drawing again (${error?.message ?? error}) ${error?.stack}`);
    root.replaceChildren();
    send({ type: "redraw" });
    return;
  }
  seq = drawn;
  stats.renders += 1;
  fly(root, places, moving);
  speak(root);
  yourTurn(root);
  settle(root, focus, kept);
  const took = performance.now() - started;  // the patch, and the layout it forces (scripts/bench/render_costs.py)
  stats.patch_ms += took;
  stats.longest_patch_ms = Math.max(stats.longest_patch_ms, took);
  keepTable(keep);
  if (root.querySelector("[data-qr]")) drawQrs();
}

// An invitation's QR codes (data-qr), drawn by web/page/qr.mjs, loaded the first time one is shown.
let qr = null;
async function drawQrs() {
  qr ??= import("./qr.mjs");
  (await qr).drawAllQr(root);
}

// Python's first drawing takes over the first screen (web/startup/firstscreen.mjs) in
// place: the form or the kept table shown meanwhile is patched, not drawn anew, so
// what the player sees (and the largest paint a browser times) stays where it is.
function firstDrawing() {
  root.querySelector(":scope > .loading")?.remove();
  const box = root.querySelector(":scope > .first");
  if (box) box.replaceWith(...box.childNodes);
}

// The table as drawn, kept for the next visit's first screen (web/startup/firstscreen.mjs)
// with the end of the save it shows; or forgotten, at once. Kept when the page is idle
// (the whole page's markup is long to write out on a slow phone), unless a drawing came
// meanwhile: each drawing says again what may be kept of it (never a hand, in hot-seat).
let keeping = 0;
function keepTable(what) {
  cancelIdle(keeping);
  keeping = 0;
  if (what === null) return;  // another screen over the game: the kept table stays as it was
  if (what === "keep") keeping = whenIdle(captureTable);
  else if (kept !== "drop") write(KEPT_KEY, null);
  kept = what;
}

function captureTable() {
  keeping = 0;
  const value = JSON.stringify({ lang: document.documentElement.lang, html: root.innerHTML,
                                 save_end: (read(SAVE_KEY) ?? "").slice(-SAVE_END) });
  write(KEPT_KEY, value);  // refused: the next visit waits for Python
}

const whenIdle = (fn) => (globalThis.requestIdleCallback ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));
const cancelIdle = (id) => (globalThis.cancelIdleCallback ? cancelIdleCallback(id) : clearTimeout(id));
addEventListener("pagehide", () => {  // leaving before the page was idle: the table is kept now
  if (!keeping) return;
  cancelIdle(keeping);
  captureTable();
});

function showError(text) {
  const box = document.getElementById("error");
  box.textContent = text;
  box.hidden = false;
  console.error(text);
}

function download({ text, name }) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The text fields as typed on the first screen (a refused value stays, to be refused again).
function fields({ fields: values }) {
  for (const [name, value] of Object.entries(values)) {
    const el = root.querySelector(`form input[name="${CSS.escape(name)}"]`);
    if (el && (el.type === "text" || el.type === "number") && el.value !== value) el.value = value;
  }
}

const HANDLERS = {
  progress: ({ detail }) => dispatchEvent(new CustomEvent("lepeuple:progress", { detail })),
  fetched: () => {
    globalThis.lepeupleFetched = true;
    dispatchEvent(new Event("lepeuple:fetched"));
  },
  marks: ({ marks }) => {
    for (const { name, at } of marks) performance.mark(name, { startTime: Math.max(0, at - performance.timeOrigin) });
  },
  python: () => {
    performance.mark("lepeuple:page-python");  // Python runs (scripts/bench/first_visit_bench.py)
    boot();
  },
  render,
  flag: ({ name, value }) => {
    if (value === null) delete document.body.dataset[camel(name)];
    else document.body.dataset[camel(name)] = value;
  },
  store: ({ key, value, expect }) => {
    const refused = write(key, value, expect);
    if (refused) send(refused);
  },
  move: ({ id, from, to }) => send(move(id, from, to)),
  lang: ({ code, words }) => setWords(code, words),
  sound: ({ on }) => setSound(on),
  query: ({ query }) => history.replaceState(null, "", location.pathname + query),
  fragment: () => history.replaceState(null, "", location.pathname + location.search),
  copy: ({ text }) => navigator.clipboard?.writeText(text).catch(() => {}),  // the link is shown beside it
  share: ({ text }) => navigator.share?.({ text }).catch(() => {}),  // a share sheet closed: nothing to say
  download,
  fields,
  error: ({ text }) => showError(text),
  warn: ({ text }) => console.warn(text),
  ready: () => { document.body.dataset.ready = "1"; },
  done: () => {
    busy(-1);
    if (!pending) released();
  },
  net: ({ message }) => toNet(message),
};

const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

globalThis.lepeupleWorker = { stats };
// Input before Python's first drawing is the first screen's (web/startup/firstscreen.mjs
// hands it over at boot); storage is read whole at boot.
const drawn = (message) => stats.renders && send(message);
listen(root, drawn);
watch(drawn);
// One of our links opened in this tab while it is open (a game's, an invitation, a reply):
// taken as at start-up.
addEventListener("hashchange", () => {
  if (location.hash.length > 1) drawn({ type: "hash", hash: location.hash });
});
hearNet((message) => send({ type: "net", message }));  // WebRTC and the other tabs (docs/remote.md)
// The worker, and with it the large downloads (Python, its memory snapshot), once the
// first screen is painted: the page's own bytes and its first paint come first.
requestAnimationFrame(() => setTimeout(start));
