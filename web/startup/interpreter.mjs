// PyScript's interpreter module (pyscript.toml names it): Pyodide, started from a
// memory snapshot when there is one. PyScript imports it in its worker and calls
// `loadPyodide`; the page's main thread never runs Python (this module refuses to
// start there).
//
// It starts Pyodide as soon as it is imported. We pass Pyodide's loadPyodide
// `_loadSnapshot`: the WebAssembly memory of a Pyodide that has already initialised
// CPython and imported the modules the page needs (made by scripts/make_snapshot.mjs
// at build time). Restoring it takes a fraction of a second instead of seconds. If
// the snapshot cannot be fetched, read or restored, Pyodide starts the ordinary way,
// with a console warning only.
//
// Our Python files (lepeuple/, web/) come in one archive, python-files.zip (written by
// scripts/build_site.py), which PyScript unpacks once Pyodide runs (pyscript.toml's
// [files]); it is fetched here at the same time as the rest, and PyScript's fetch of
// it is answered from here.
//
// The large files come gzipped (GitHub Pages compresses neither .bin nor .wasm) and
// are unpacked by the browser's DecompressionStream as they arrive: the snapshot and
// Pyodide's WebAssembly module (compiled while downloading, then handed to Pyodide:
// see below), and Pyodide's JavaScript (pyodide.asm.mjs, made into a function). The
// snapshot file is read against the wasm's bytes (web/startup/snapshotfile.mjs).
// All of them are asked for at once. The standard library is the build's trimmed
// python_stdlib.zip, the lock file one without packages. Without
// DecompressionStream, or when a .gz is missing, the plain files are used
// (no snapshot: an ordinary start).
//
// Progress: every byte of those files counted as it arrives, posted to the page as
// "progress" {file, loaded, total, phase} (web/startup/loader.mjs shows it). On a
// first visit (no cache of the service worker yet), what was fetched is also put in
// the cache "lepeuple-fetched", where the service worker's install finds it instead
// of downloading it again; then "fetched" is posted (the page registers the service worker).
//
// Performance marks (for scripts/bench/startup_bench.py and first_visit_bench.py,
// posted to the page as 'marks'): lepeuple:snapshot-downloaded,
// wasm-downloaded, snapshot-fetched (and unpacked), snapshot-restored, interpreter-loaded.

import { loadPyodide as loadFromScratch } from "../../vendor/pyodide/pyodide.mjs";
import { unpackSnapshot } from "./snapshotfile.mjs";

// The page's thread runs no Python: only PyScript's worker may start it (an injected
// <script type="py"> without `worker` would ask for it here: web/page/guard.mjs).
if (globalThis.document !== undefined) throw new Error("Le Dernier Peuple runs no Python on the page's thread");

// {path from the site's root: bytes}: the files below as built (scripts/build_site.py fills this line in).
const BUILT = {};

const at = (path) => new URL(`../../${path}`, import.meta.url).href;
const INDEX_URL = at("vendor/pyodide/");
const SNAPSHOT = "pyodide-snapshot.bin.gz";
const WASM = "vendor/pyodide/pyodide.asm.wasm";
const RUNTIME = "vendor/pyodide/pyodide.asm.mjs";
const FILES = "python-files.zip";  // our Python files: pyscript.toml has PyScript unpack it
const STDLIB = "python_stdlib.zip";
const LOCK = "pyodide-lock.json";
const GUNZIP = typeof DecompressionStream === "function";
const STASH = "lepeuple-fetched";  // read by the service worker's install (web/startup/sw.template.js)
// A first visit stashes what it fetched: no service worker has cached this site yet (its
// caches are "lepeuple-VERSION"). Known a moment after this module runs: until then each
// download keeps its chunks, dropped once known that no stash is wanted.
let stashing = !!globalThis.caches;
const stashWanted = stashing
  ? caches.keys().then((keys) => !keys.some((key) => key.startsWith("lepeuple-") && key !== STASH), () => false)
  : Promise.resolve(false);
stashWanted.then((wanted) => { stashing = wanted; });
const nativeFetch = globalThis.fetch.bind(globalThis);
// To the page (web/page/page.mjs), beside what the worker's Python sends it: JSON texts.
const postToPage = globalThis.postMessage.bind(globalThis);
const post = (message) => postToPage(JSON.stringify(message));

// Progress of the downloads, by file: [bytes so far, bytes in all], reported
// four times a second (a download comes in many small chunks, and each report
// redraws the bar: on a slow phone, time taken from unpacking the downloads).
const files = {};
const REPORT_EVERY_MS = 250;
let reporting = 0;
function report() {
  if (!reporting) reporting = setTimeout(reportNow, REPORT_EVERY_MS);
}
function reportNow() {
  reporting = 0;
  let loaded = 0, total = 0, current = null;
  for (const [name, [got, size]] of Object.entries(files)) {
    loaded += Math.min(got, size);
    total += size;
    if (got < size && current === null) current = name;
  }
  const phase = current === null ? "starting" : "fetching";
  post({ type: "progress", detail: { file: current, loaded, total, phase } });
}
for (const name of [SNAPSHOT, `${WASM}.gz`, STDLIB, FILES, `${RUNTIME}.gz`])
  if (BUILT[name]) files[name] = [0, BUILT[name]];

const stashes = [];
// The body of `path`, counted as it arrives (and kept for the stash).
async function fetchCounted(path) {
  const response = await nativeFetch(at(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const size = Number(response.headers.get("content-length")) || BUILT[path] || 0;
  files[path] ??= [0, size];
  const entry = files[path];
  let chunks = [];
  let done = () => {};
  if (stashing) stashes.push(new Promise((resolve) => { done = resolve; }));
  stashWanted.then((wanted) => { if (!wanted) chunks = null; });
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      entry[0] += chunk.length;
      chunks?.push(chunk);
      report();
      controller.enqueue(chunk);
    },
    async flush() {
      if (!(chunks && await stashWanted)) return done();
      const copy = new Response(new Blob(chunks), { headers: { "Content-Type": response.headers.get("content-type") || "" } });
      done(caches.open(STASH).then((cache) => cache.put(at(path), copy)).catch(() => {}));
    },
    cancel() { done(); },  // a failed read still settles the stash
  }));
  return counted;
}

// The plain contents of `path`.gz (or of `path` itself without DecompressionStream).
async function fetchPlain(path) {
  if (!GUNZIP || !BUILT[`${path}.gz`]) return fetchCounted(path);
  return (await fetchCounted(`${path}.gz`)).pipeThrough(new DecompressionStream("gzip"));
}

async function fetchSnapshot() {
  if (!GUNZIP) throw new Error("no DecompressionStream in this browser");
  if (!BUILT[SNAPSHOT]) throw new Error("the site was built without it");
  const stream = (await fetchCounted(SNAPSHOT)).pipeThrough(new DecompressionStream("gzip"));
  const file = new Uint8Array(await new Response(stream).arrayBuffer());
  performance.mark("lepeuple:snapshot-downloaded");
  const wasm = await wasmBytes;
  performance.mark("lepeuple:wasm-downloaded");
  const snapshot = unpackSnapshot(file, wasm);
  performance.mark("lepeuple:snapshot-fetched");
  return snapshot;
}

// Pyodide fetches pyodide.asm.wasm and the standard library itself, with
// fetch(): while it starts, those two URLs are answered from here (both
// counted), fetched at once, before Pyodide asks.
//
// The wasm, unpacked from its .gz as it arrives, is compiled here as it
// arrives (Pyodide itself compiles it only once the snapshot is in: it sizes
// the memory from it) and kept whole: the snapshot file is read against its
// bytes (web/startup/snapshotfile.mjs), and Pyodide's fetch of it is answered with
// them (a start without the snapshot too: no second download). While Pyodide
// starts, WebAssembly.instantiateStreaming of that answer instantiates the
// module compiled here.
const early = {};
const wasmResponse = (body) => new Response(body, { headers: { "Content-Type": "application/wasm" } });
const wasm = fetchPlain(WASM).then((body) => {
  const [compiling, kept] = body.tee();
  return { module: WebAssembly.compileStreaming(wasmResponse(compiling)), bytes: new Response(kept).arrayBuffer() };
});
const wasmBytes = wasm.then((w) => w.bytes);
const wasmModule = wasm.then((w) => w.module);
wasmBytes.catch(() => {});  // a failure is the snapshot's, handled in start()
wasmModule.catch(() => {});  // then Pyodide compiles the bytes itself
const compiledHere = new WeakSet();  // Pyodide's answers whose module wasmModule is
function wasmAnswer() {
  return wasmBytes.then((bytes) => {
    const response = wasmResponse(bytes);
    compiledHere.add(response);
    return response;
  }, () => nativeFetch(at(WASM)));
}
const nativeInstantiateStreaming = WebAssembly.instantiateStreaming;
async function instantiateStreaming(source, imports) {
  const response = await source;
  if (compiledHere.has(response)) {
    try {
      const module = await wasmModule;
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    } catch (error) {
      console.warn(`Le Dernier Peuple: compiling Pyodide's wasm again (${error?.message ?? error})`);
    }
  }
  return nativeInstantiateStreaming.call(WebAssembly, response, imports);
}
function stdlibResponse() {
  return fetchCounted(STDLIB).then((body) => new Response(body, { headers: { "Content-Type": "application/zip" } }),
                                   () => nativeFetch(at(STDLIB)));
}
// Our Python files, which PyScript fetches once Pyodide runs (pyscript.toml's [files]).
function filesResponse() {
  return fetchCounted(FILES).then((body) => new Response(body, { headers: { "Content-Type": "application/zip" } }),
                                  () => nativeFetch(at(FILES)));
}
const routes = { [at(WASM)]: wasmAnswer, [at(FILES)]: filesResponse };
if (BUILT[STDLIB]) routes[at(STDLIB)] = stdlibResponse;
for (const [url, respond] of Object.entries(routes)) {
  early[url] = respond();
  early[url].catch(() => {});
}
function routedFetch(input, init) {
  const url = input instanceof Request ? input.url : String(input instanceof URL ? input.href : input);
  if (url in routes) {
    const response = early[url] ?? routes[url]();
    delete early[url];
    delete routes[url];  // asked once: a second time is an ordinary fetch
    return response;
  }
  return nativeFetch(input, init);
}

// Pyodide's JavaScript (pyodide.asm.mjs, 1.2 MB) comes gzipped too: unpacked
// here and made into the module factory Pyodide would otherwise import
// (loadPyodide's createPyodideModule). It is an ES module: its `export default`
// becomes a `return` and import.meta.url its address, run by new Function (in
// the worker, where Pyodide's own glue evaluates code too). Without
// DecompressionStream or its .gz, or if that fails, Pyodide imports the plain file.
async function unpackedRuntime() {
  const text = await new Response(await fetchPlain(RUNTIME)).text();
  const exported = /export default (\w+);\s*$/;
  if (!exported.test(text)) throw new Error(`${RUNTIME} does not end with its default export`);
  const url = at(RUNTIME);
  const body = text.replace(exported, "return $1;").replaceAll("import.meta.url", JSON.stringify(url));
  return new Function(`${body}\n//# sourceURL=${url}`)();
}
const runtime = GUNZIP && BUILT[`${RUNTIME}.gz`] ? unpackedRuntime() : Promise.resolve(null);
runtime.catch(() => {});  // reported when Pyodide asks for it
async function createPyodideModule(settings) {
  let factory = null;
  try {
    factory = await runtime;
  } catch (error) {
    console.warn(`Le Dernier Peuple: importing Pyodide's plain JavaScript (${error?.message ?? error})`);
  }
  factory ??= (await import(at(RUNTIME))).default;
  return factory(settings);
}

// Fetched as soon as this module runs (PyScript's worker imports it first). Pyodide's
// fetches of the wasm and the standard library, and PyScript's of our files, are
// answered from here (routes).
globalThis.fetch = routedFetch;
const snapshot = fetchSnapshot();
snapshot.catch(() => {});  // a failure is handled in start(), not an unhandled rejection
reportNow();  // the totals at once

// What the snapshot froze from Node.js that differs in the browser: the time
// zone constants of `time`, LANG and the program name (as Emscripten sets
// them in a browser), `random`'s state (must differ on every start). And the
// bytecode the snapshot carries (scripts/make_snapshot.mjs) into __pycache__.
function browserFacts() {
  const year = new Date().getFullYear();
  const winter = new Date(year, 0, 1).getTimezoneOffset();
  const summer = new Date(year, 6, 1).getTimezoneOffset();
  const zone = (offset) => {
    const minutes = Math.abs(offset);
    const hhmm = String(Math.floor(minutes / 60)).padStart(2, "0") + String(minutes % 60).padStart(2, "0");
    return `UTC${offset >= 0 ? "-" : "+"}${hhmm}`;
  };
  const standard = Math.max(winter, summer);
  return {
    timezone: standard * 60,
    daylight: Number(winter !== summer),
    tzname: summer < winter ? [zone(winter), zone(summer)] : [zone(summer), zone(winter)],
    lang: `${(globalThis.navigator?.language || "C").replace("-", "_")}.UTF-8`,
  };
}

const AFTER_RESTORE = `
def _after_restore(facts):
    import json, os, sys, time
    facts = json.loads(facts)
    time.timezone, time.daylight, time.tzname = facts["timezone"], facts["daylight"], tuple(facts["tzname"])
    time.altzone = time.timezone - 3600 if time.daylight else time.timezone
    os.environ.update(LANG=facts["lang"], _="./this.program")
    sys.executable = os.path.join(os.getcwd(), "this.program")
    if sys.path[:2] == ["", ""]:  # Pyodide adds it again after a restore
        del sys.path[0]
    if "random" in sys.modules:
        sys.modules["random"].seed()
    bytecode = sys.modules.pop("_lepeuple_bytecode", None)
    for path, data in getattr(bytecode, "files", {}).items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(data)
`;

function afterRestore(pyodide) {
  const dict = pyodide.globals.get("dict");
  const namespace = dict();
  dict.destroy();
  try {
    pyodide.runPython(AFTER_RESTORE, { globals: namespace });
    const fix = namespace.get("_after_restore");
    try { fix(JSON.stringify(browserFacts())); } finally { fix.destroy(); }
  } finally {
    namespace.destroy();
  }
}

const OPTIONS = {
  indexURL: INDEX_URL,
  createPyodideModule,
  ...(BUILT[STDLIB] ? { stdLibURL: at(STDLIB) } : {}),
  ...(BUILT[LOCK] ? { lockFileURL: at(LOCK) } : {}),
};

async function start() {
  const options = { ...OPTIONS };
  let pyodide;
  WebAssembly.instantiateStreaming = instantiateStreaming;
  try {
    try {
      pyodide = await loadFromScratch({ ...options, _loadSnapshot: snapshot });
      performance.mark("lepeuple:snapshot-restored");
      afterRestore(pyodide);
    } catch (error) {
      console.warn(`Le Dernier Peuple: starting Pyodide without its snapshot (${error?.message ?? error})`);
      pyodide = await loadFromScratch(options);
    }
  } finally {
    if (WebAssembly.instantiateStreaming === instantiateStreaming) WebAssembly.instantiateStreaming = nativeInstantiateStreaming;
  }
  performance.mark("lepeuple:interpreter-loaded");
  post({ type: "marks", marks: marks() });
  globalThis.pyodide = pyodide;  // for a developer's console in the worker (and tests: tests/e2e/test_startup.py)
  return pyodide;
}

// PyScript's interpreter module (pyscript.toml names it): polyscript imports it in
// PyScript's worker and calls `loadPyodide` once; what it passes (its own
// indexURL, stdout and stderr) is ours to set, so it is not used. `version` is
// what polyscript keys its package cache with (we load no package).
export const version = "314.0.2";
const started = start();
started.catch(() => {});  // reported where PyScript awaits it
export function loadPyodide() {
  return started;
}

// Once Pyodide has read them all, and the stash is written (or after 20 s).
started.catch(() => {}).then(() => Promise.race([
  Promise.allSettled(stashes), new Promise((resolve) => setTimeout(resolve, 20_000))])).then(() => {
  post({ type: "fetched" });
});

// The marks made here, for the page's timeline (its clock starts elsewhere).
function marks() {
  return performance.getEntriesByType("mark").filter((m) => m.name.startsWith("lepeuple:"))
    .map((m) => ({ name: m.name, at: performance.timeOrigin + m.startTime }));
}

// "Still here", each second once Python runs: the page restarts a worker gone silent
// (web/page/page.mjs). A warning is said in the page's console too, where a developer looks first.
const BEAT_MS = 1000;
started.then(() => setInterval(() => post({ type: "beat" }), BEAT_MS), () => {});
// Our own warnings are said in the page's console too, where the tests read them; an error
// (a Python exception PyScript caught) is shown on the page.
const warn = console.warn.bind(console);
console.warn = (...args) => {
  warn(...args);
  if (String(args[0]).startsWith("Le Dernier Peuple")) post({ type: "warn", text: args.join(" ") });
};
const error = console.error.bind(console);
console.error = (...args) => {
  error(...args);
  post({ type: "error", text: args.map((arg) => arg?.message ?? String(arg)).join(" ") });
};
