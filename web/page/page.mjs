// The page's main thread: it only draws.
//
// The page's Python (the engine, the bots, the review and every screen's
// drawing) runs in PyScript's worker (index.html, web/main.py), so that
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
// Where Workers are unavailable, or PyScript cannot start, the page says so (CANNOT_START).

import { listen as hearNet, send as toNet } from "./rtc.mjs";
import { KEPT_KEY, SAVE_END, SAVE_KEY } from "../startup/keys.mjs";
import { INPUTS as INPUT_NAMES, TO_PAGE } from "./contract.mjs";
import { remember, settle } from "./focus.mjs";
import { listen, released } from "./input.mjs";
import { fly, measure } from "./motion.mjs";
import { patch } from "./patch.mjs";
import { trusted } from "./guard.mjs";
import { items, move, read, watch, write } from "./store.mjs";
import { setSound, setWords, speak, yourTurn } from "./voice.mjs";

// PyScript's worker: index.html's <script type="py" worker name="game">. PyScript (its
// core, which this module loads once the first screen is painted: below) makes the worker
// and tells each one made (hooks.main.onWorker).
const SCRIPT = 'script[type="py"][worker][name="game"]';
// Silent this long (it says "beat" each second): restarted. A worker busy in one piece
// (opening a game of 100,000 actions on a slow phone) is silent too: hence so long.
const WATCHDOG_MS = 15_000;
const root = document.getElementById("app");

// What tests and benchmarks read: messages each way, restarts, renders and the time patching them.
const stats = { sent: 0, received: 0, beats: 0, restarts: 0, renders: 0, patch_ms: 0, longest_patch_ms: 0 };
const MAX_FAILED_STARTS = 3;  // a worker that fails to start again and again is reported, not restarted
// started: Python runs in the worker (PyScript has run web/main.py); only then is a silent worker restarted.
let workerError = "";  // what the worker said of an error before its Python ran
let port = null, worker = null, heard = 0, started = false, booted = false, seq = 0, kept = null, failedStarts = 0;
// Said before Python runs, so in the browser's language among ours, as the loading bar's words are.
const CANNOT_START = {
  en: "The game could not start: this browser could not load PyScript, its configuration or Python.",
  fr: "Le jeu n’a pas pu démarrer : ce navigateur n’a pas pu charger PyScript, sa configuration ou Python.",
  ja: "ゲームを開始できませんでした。このブラウザーで PyScript、その設定、または Python を読み込めませんでした。",
}[(navigator.language || "en").slice(0, 2)] ?? "The game could not start: this browser could not load PyScript, its configuration or Python.";

// The player's input: the page is busy (body[data-busy]) until the worker has
// handled it, and drawn what it changes.
const INPUTS = new Set(INPUT_NAMES);
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

// The worker PyScript made for our script element: `made` hears each one it makes.
let made = null;

// PyScript's core keeps the browser's Worker when it loads (below), and makes its worker
// with it. Where that throws, PyScript turns to this thread, which runs no Python (our
// interpreter refuses it): what the browser said is what the player is told.
let workerRefused = null;
if (typeof Worker === "function") {
  globalThis.Worker = new Proxy(Worker, {
    construct(target, args, newTarget) {
      try {
        return Reflect.construct(target, args, newTarget);
      } catch (error) {
        workerRefused = error;
        throw error;
      }
    },
  });
}

// PyScript's core (136 KB to parse and run here), and with it the worker and the large
// downloads, once the first screen is painted: the first paint never waits for it.
const pyscript = typeof Worker === "function" ? painted().then(() => import("../../vendor/pyscript/core.js"))
  : Promise.reject(new Error("this browser has no Web Workers"));

function painted() {
  if (document.visibilityState === "hidden") return Promise.resolve();  // a background tab paints no frame
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
pyscript.then(({ hooks }) => {
  hooks.main.onWorker.add((_, xworker) => made?.(xworker));
}, (error) => showError(`${CANNOT_START}\n\n(${error?.message ?? error})`));

// PyScript failed before our Python ran (its core threw, the browser refused the worker, a
// module of the worker's could not be fetched).
addEventListener("unhandledrejection", (event) => {
  if (started) return;
  event.preventDefault();  // said on the page, in words
  showError(`${CANNOT_START}\n\n(${(workerRefused ?? event.reason)?.message ?? event.reason})`);
});

// PyScript makes its worker once it has read pyscript.toml. Where that file cannot be fetched
// or read, PyScript stops without a word here (its error plugin is off): a page that has no
// worker this long after PyScript loaded says so. A worker made later still goes on.
const NO_WORKER_MS = 10_000;
let noWorkerSaid = false;
pyscript.then(() => setTimeout(() => {
  if (worker || started || stats.restarts || document.querySelector(SCRIPT)?.xworker) return;
  noWorkerSaid = true;
  showError(`${CANNOT_START}\n\n(PyScript made no worker: pyscript.toml could not be read)`);
}, NO_WORKER_MS), () => {});

function start(script = document.querySelector(SCRIPT)) {
  made = (xworker) => {
    made = null;
    adopt(xworker);
  };
  if (script.xworker) adopt(script.xworker);  // made before this module ran
}

function adopt(xworker) {
  worker = xworker;
  if (noWorkerSaid) document.getElementById("error").hidden = true;  // it came after all
  noWorkerSaid = false;
  worker.addEventListener("message", (event) => {
    if (worker === xworker && typeof event.data === "string") hear(event.data);
  });
  worker.onerror = (event) => {
    if (worker !== xworker) return;
    const why = event.error?.message ?? event.message ?? String(event.error ?? event);
    if (!booted && ++failedStarts >= MAX_FAILED_STARTS) {
      worker.terminate();
      worker = null;
      return showError(`${CANNOT_START}\n\n(${why})`);
    }
    if (!booted) return restart(`the worker failed to start: ${why}`);
    restart(`the worker failed: ${why}`);
  };
  // PyScript has run web/main.py, which said "python" first unless it failed: then what
  // the worker said of its error is shown, and no new worker is started (it would fail alike).
  xworker.ready.then(() => {
    if (worker !== xworker || started) return;
    worker.terminate();
    worker = port = null;
    showError(`${CANNOT_START}\n\n${workerError}`);
  }, () => {});  // a failed start is told by onerror
  port = worker;
  heard = performance.now();
}

// A new worker: the old one ended, and PyScript makes another from a copy of our script
// element (the only script element this page ever adds: web/page/guard.mjs trusts it).
function restart(why) {
  console.warn(`Le Dernier Peuple: restarting the game's worker (${why})`);
  worker?.terminate();
  worker = port = null;
  stats.restarts += 1;
  started = booted = false;
  busy(-pending);  // what the old worker was handling is lost: the game resumes from its save
  const old = document.querySelector(SCRIPT);
  const fresh = trusted(old.cloneNode(false));
  start(fresh);
  old.replaceWith(fresh);
}

// Only a worker whose Python runs is watched: a start (the downloads, Pyodide, our files)
// may hold the worker's thread for longer than WATCHDOG_MS on a slow phone, and is never cut short.
setInterval(() => {
  if (worker && started && performance.now() - heard > WATCHDOG_MS) restart(`silent for ${WATCHDOG_MS / 1000} s`);
}, 1000);
// A tab in the background hears its worker late (its timers are slowed): a fresh wait on its return.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") heard = performance.now();
});

function hear(text) {
  heard = performance.now();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return console.warn(`Le Dernier Peuple: a message from the worker that is not JSON: ${text.slice(0, 80)}`);
  }
  if (data?.type !== "beat") stats.received += 1;
  for (const message of Array.isArray(data) ? data : [data]) {
    const handle = Object.hasOwn(HANDLERS, message?.type) ? HANDLERS[message.type] : null;
    if (handle) handle(message);
    else console.warn(`Le Dernier Peuple: a message the contract does not declare: ${JSON.stringify(message?.type)}`);
  }
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
  if (scanner || root.querySelector("[data-scan]")) followScans();
}

// An invitation's QR codes (data-qr), drawn by web/page/qr.mjs, loaded the first time one is shown.
let qr = null;
async function drawQrs() {
  qr ??= import("./qr.mjs");
  (await qr).drawAllQr(root);
}

// The camera reading a QR code where the worker drew data-scan (Scan pressed), by
// web/page/scan.mjs, loaded the first time; once loaded, it follows every drawing
// (it stops the camera when the element is gone). What it read is handed to the worker.
let scanner = null;
async function followScans() {
  scanner ??= import("./scan.mjs").then((module) => {
    module.listen(root, (result) => send({ type: "scan", ...result }));
    return module;
  });
  (await scanner).sync();
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
  beat: () => { stats.beats += 1; },
  progress: ({ detail }) => dispatchEvent(new CustomEvent("lepeuple:progress", { detail })),
  fetched: () => {
    globalThis.lepeupleFetched = true;
    dispatchEvent(new Event("lepeuple:fetched"));
  },
  marks: ({ marks }) => {
    for (const { name, at } of marks) performance.mark(name, { startTime: Math.max(0, at - performance.timeOrigin) });
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
  // Dropped, or set to a link scanned (as if opened here: a reload opens it again).
  fragment: ({ hash }) => history.replaceState(null, "", location.pathname + location.search + (hash ?? "")),
  copy: ({ text }) => navigator.clipboard?.writeText(text).catch(() => {}),  // the link is shown beside it
  share: ({ text }) => navigator.share?.({ text }).catch(() => {}),  // a share sheet closed: nothing to say
  download,
  fields,
  error: ({ text }) => {
    if (!started) workerError = text;  // shown with the words that the game could not start
    else showError(text);
  },
  python: () => {
    started = true;
    performance.mark("lepeuple:page-python");  // Python runs (scripts/bench/first_visit_bench.py)
    boot();
  },
  warn: ({ text }) => console.warn(text),
  ready: () => { document.body.dataset.ready = "1"; },
  done: () => {
    busy(-1);
    if (!pending) released();
  },
  net: ({ message }) => toNet(message),
};

// The contract (web/contract.py, written into contract.mjs by the build) and these handlers
// name the same messages: said at once in the console otherwise (the tests fail on it).
const unhandled = TO_PAGE.filter((name) => !HANDLERS[name]);
const undeclared = Object.keys(HANDLERS).filter((name) => !TO_PAGE.includes(name));
if (unhandled.length || undeclared.length)
  console.error(`Le Dernier Peuple: the page's handlers differ from the contract: unhandled ${unhandled}, undeclared ${undeclared}`);

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
// The worker once PyScript is loaded (above: after the first paint).
pyscript.then(() => start(), () => {});  // a PyScript that failed to load is said above
