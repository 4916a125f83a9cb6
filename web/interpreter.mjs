// The "interpreter" module of pyscript.toml: Pyodide, started from a memory
// snapshot when there is one, with our Python files in its file system.
//
// PyScript imports this module, reads `version` and calls
// `loadPyodide(options)`, as it would with Pyodide's own pyodide.mjs. We pass
// `_loadSnapshot`: the WebAssembly memory of a Pyodide that has already
// initialised CPython and imported the modules the page needs (made by
// scripts/make_snapshot.mjs at build time). Restoring it takes
// a fraction of a second instead of seconds. If the snapshot cannot be
// fetched, read or restored, Pyodide starts the ordinary way, with a
// console warning only.
//
// Our Python files (lepeuple/, web/) come in one file, python-files.json
// ({path: text}, written by scripts/build_site.py), fetched at the same time
// and written into Pyodide's working directory (/home/pyodide) once it runs:
// faster than PyScript's [files], one request per file.
//
// Performance marks (for scripts/startup_bench.py): lepeuple:snapshot-fetched,
// lepeuple:interpreter-loaded.

import { loadPyodide as loadFromScratch, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("../pyodide-snapshot.bin", import.meta.url);
const FILES_URL = new URL("../python-files.json", import.meta.url);

// The file leaves out the memory's zero blocks (scripts/make_snapshot.mjs,
// packZeros): "LDPZ", length, number of runs, (offset, length) per run, bytes.
function unpackZeros(file) {
  const words = (at, n) => new Uint32Array(file.buffer.slice(at, at + 4 * n));
  const [magic, length, count] = words(0, 3);
  if (magic !== 0x5a50444c) throw new Error("not a snapshot file");
  const runs = words(12, 2 * count);
  const memory = new Uint8Array(length);
  let at = 12 + 8 * count;
  for (let i = 0; i < count; i++) {
    const [offset, n] = [runs[2 * i], runs[2 * i + 1]];
    memory.set(file.subarray(at, at + n), offset);
    at += n;
  }
  if (at !== file.length) throw new Error("truncated snapshot file");
  return memory;
}

async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const snapshot = unpackZeros(new Uint8Array(await response.arrayBuffer()));
  performance.mark("lepeuple:snapshot-fetched");
  return snapshot;
}

// Fetched as soon as this module runs (index.html loads it before PyScript).
const snapshot = fetchSnapshot();
snapshot.catch(() => {});  // a failure is handled in start(), not an unhandled rejection
const pythonFiles = fetch(FILES_URL).then((response) => {
  if (!response.ok) throw new Error(`${FILES_URL}: HTTP ${response.status}`);
  return response.json();
});
pythonFiles.catch(() => {});  // reported by start()

function writeFiles(pyodide, files) {
  const { FS } = pyodide;
  const cwd = FS.cwd();
  for (const [path, text] of Object.entries(files)) {
    const target = `${cwd}/${path}`;
    FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    FS.writeFile(target, text);
  }
}

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

// Pyodide starts as soon as this module runs, before PyScript asks for it;
// its output goes to PyScript's stdout and stderr once PyScript passes them.
const streams = { stdout: null, stderr: null };
const forward = {
  stdout: (text) => (streams.stdout ?? console.log)(text),
  stderr: (text) => (streams.stderr ?? console.error)(text),
};

async function start() {
  const options = { indexURL: INDEX_URL, ...forward };
  let pyodide;
  try {
    pyodide = await loadFromScratch({ ...options, _loadSnapshot: snapshot });
    afterRestore(pyodide);
  } catch (error) {
    console.warn(`Le Dernier Peuple: starting Pyodide without its snapshot (${error?.message ?? error})`);
    pyodide = await loadFromScratch(options);
  }
  writeFiles(pyodide, await pythonFiles);
  performance.mark("lepeuple:interpreter-loaded");
  return pyodide;
}

const started = start();
started.catch(() => {});  // reported to PyScript by loadPyodide() below

// What PyScript calls. Options other than the streams and indexURL (PyScript
// passes packages or a lock file when pyscript.toml names packages) cannot be
// given to the Pyodide already starting: then start one more, as asked.
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...other } = options;
  if (Object.keys(other).length) {
    const pyodide = await loadFromScratch({ ...options, indexURL: INDEX_URL });
    writeFiles(pyodide, await pythonFiles);
    return pyodide;
  }
  Object.assign(streams, { stdout, stderr });
  return started;
}
