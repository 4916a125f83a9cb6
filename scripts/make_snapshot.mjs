// Make the Pyodide memory snapshot the page starts from (run by scripts/build_site.py).
//
//   node scripts/make_snapshot.mjs JOB.json
//
// JOB.json: {"indexURL": dir of pyodide.mjs, "out": file to write,
//            "files": {path in Pyodide's FS: file on disk},
//            "imports": [module names to import before the snapshot],
//            "stdlibAlways": standard library modules to keep in any case}
//
// Starting Pyodide means initialising CPython and importing its bootstrap
// modules: seconds. A snapshot is the WebAssembly memory once that is done;
// web/startup/interpreter.mjs hands it to loadPyodide({_loadSnapshot}) in the
// page's worker. The file holds only what the page cannot know without it: the memory
// less its zero blocks and less the data segments of pyodide.asm.wasm
// (web/startup/snapshotfile.mjs). Before taking it we drop caches and zero the heap's
// free memory (garbage otherwise shipped), and import the modules the page will import anyway:
// the standard library modules, and our own modules that do not need the
// browser (lepeuple, web/), from the same files interpreter.mjs writes at the
// same paths. A module that cannot be imported here (it needs `js`) is left to
// the page, its bytecode compiled here. Prints one JSON line: what was
// imported, what was skipped and why, the snapshot's sizes.

import fs from "node:fs";
import path from "node:path";

import { packSnapshot, unpackSnapshot } from "../web/startup/snapshotfile.mjs";

// Zero the C heap's free memory before the snapshot is taken: what freed
// objects left there (garbage to the file, which keeps every nonzero block)
// would otherwise be shipped. Every free chunk below the heap's top is
// allocated, zeroed and freed again (the allocator then writes only its
// bookkeeping words into it); the heap is not grown. Returns the bytes zeroed.
function zeroFreeMemory(module) {
  const top = module._sbrk(0);
  const held = [];
  let zeroed = 0;
  for (let size = 1 << 16; size >= 64; size >>= 1) {
    for (;;) {
      const at = module._malloc(size);
      if (!at) break;
      if (at + size > top) { module._free(at); break; }  // taken from the top: no free chunk this large
      module.HEAPU8.fill(0, at, at + size);
      held.push(at);
      zeroed += size;
    }
  }
  for (const at of held) module._free(at);
  module._malloc_trim(0);
  module.HEAPU8.fill(0, module._sbrk(0));  // above the heap's top: unused
  return zeroed;
}

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(path.resolve(job.indexURL, "pyodide.mjs"));

const started = performance.now();
// env and cwd are Pyodide's defaults, as in the browser (HOME=/home/pyodide).
const py = await loadPyodide({ indexURL: job.indexURL, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
const cwd = py.FS.cwd();
for (const [fsPath, diskPath] of Object.entries(job.files)) {
  const target = path.posix.resolve(cwd, fsPath);
  py.FS.mkdirTree(path.posix.dirname(target));
  py.FS.writeFile(target, fs.readFileSync(diskPath));
}

// The browser-only modules are refused outright, so a module needing them
// fails to import here instead of holding a Node.js object in the snapshot.
// Run in a namespace of its own: __main__ stays clean.
const dict = py.globals.get("dict");
const namespace = dict();
const report = py.runPython(`
import importlib, json, sys

BROWSER_ONLY = {"js", "pyodide_js"}

class _BrowserOnly:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.partition(".")[0] in BROWSER_ONLY:
            raise ImportError(f"{name} exists only in the browser", name=name)

def _preload(names):
    imported, skipped = [], {}
    sys.meta_path.insert(0, _BrowserOnly)
    try:
        for name in names:
            try:
                importlib.import_module(name)
                imported.append(name)
            except Exception as error:  # noqa: BLE001 — left to the page
                skipped[name] = f"{type(error).__name__}: {error}"
    finally:
        sys.meta_path.remove(_BrowserOnly)
    # A module that failed half-way must not stay half-imported.
    for name in skipped:
        sys.modules.pop(name, None)
    return imported, skipped

def _precompile(paths):
    """.pyc bytes of each source file, hash-checked, by the path import looks for."""
    import importlib.util, os, py_compile, types
    compiled = {}
    for path in paths:
        source = os.path.abspath(path)
        cfile = importlib.util.cache_from_source(source)
        py_compile.compile(source, cfile, doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
        with open(cfile, "rb") as file:
            compiled[cfile] = file.read()
    module = types.ModuleType("_lepeuple_bytecode", "Written to __pycache__ by web/startup/interpreter.mjs, then dropped.")
    module.files = compiled
    sys.modules[module.__name__] = module
    return sorted(compiled)

_imported, _skipped = _preload(json.loads(${JSON.stringify(JSON.stringify(job.imports))}))
_ours = [path for path in json.loads(${JSON.stringify(JSON.stringify(Object.keys(job.files)))})
         if path[2:].removesuffix(".py").removesuffix("/__init__").replace("/", ".") in _skipped]
_compiled = _precompile(_ours)
_loaded = sorted(sys.modules)
json.dumps({"imported": _imported, "skipped": _skipped, "compiled": _compiled, "loaded": _loaded})
`, { globals: namespace });
namespace.clear();
// Caches the page does not need from the start: dropped, so that their
// objects are not shipped (zipimport's is also that of Pyodide's full standard
// library, while the page gets the trimmed one: read again on first use).
py.runPython(`
import gc, linecache, re, sys, zipimport
re.purge()
linecache.clearcache()
zipimport._zip_directory_cache.clear()
gc.collect()
if hasattr(sys, "_clear_internal_caches"):
    sys._clear_internal_caches()
`, { globals: namespace });
namespace.clear();
namespace.destroy();
dict.destroy();

const zeroed = zeroFreeMemory(py._module);
const snapshot = py.makeMemorySnapshot();
const wasm = fs.readFileSync(path.resolve(job.indexURL, "pyodide.asm.wasm"));
const packed = packSnapshot(snapshot, wasm);
if (!Buffer.from(unpackSnapshot(packed, wasm)).equals(Buffer.from(snapshot)))
  throw new Error("the snapshot file does not read back to the snapshot");

// The standard library the page needs (scripts/build_site.py writes a
// python_stdlib.zip of these files only): every module loaded above (the
// ordinary bootstrap, the modules preloaded, hence what a start without the
// snapshot needs too), those the modules left to the page import (anywhere in
// their source), Pyodide's own packages, and,
// transitively, what those import when imported (not the imports inside their
// functions: the standard library's lazy imports would bring in most of it).
// Worked out after the snapshot was taken: it imports ast and zipfile.
const stdlibDict = py.globals.get("dict");
const stdlibNamespace = stdlibDict();
const stdlib = JSON.parse(py.runPython(`
import ast, json, sys, zipfile

def _top_level(tree):
    """The statements run on import: the module's, and those in its if/try/with blocks."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                todo += [n for n in getattr(node, field, []) if isinstance(n, ast.AST)]

def _imports(text, name, is_package, everywhere=True):
    package = name if is_package else name.rpartition(".")[0]
    found = []
    tree = ast.parse(text)
    for node in (ast.walk(tree) if everywhere else _top_level(tree)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:max(len(package.split(".")) - node.level + 1, 0)]
                base = ".".join(parts + ([base] if base else []))
            found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names]
    return found

def _stdlib(loaded, sources, always):
    archive = next(path for path in sys.path if path.endswith(".zip"))
    with zipfile.ZipFile(archive) as zf:
        members = set(zf.namelist())
        def member(name):
            base = name.replace(".", "/")
            return next((m for m in (base + ".py", base + "/__init__.py") if m in members), None)
        todo = list(loaded) + list(always)
        for path in sources:
            with open(path, encoding="utf-8") as file:
                todo += _imports(file.read(), "", False)
        files, seen = set(), set()
        while todo:
            name = todo.pop()
            if not name or name in seen:
                continue
            seen.add(name)
            todo += [name.rpartition(".")[0]]
            found = member(name)
            if found and found not in files:
                files.add(found)
                todo += _imports(zf.read(found).decode("utf-8"), name, found.endswith("/__init__.py"), False)
        files |= {m for m in members if m.startswith(("pyodide/", "_pyodide/")) and not m.endswith("/")}
        return sorted(files)

json.dumps(_stdlib(json.loads(${JSON.stringify(report)})["loaded"],
                   json.loads(${JSON.stringify(JSON.stringify(Object.keys(job.files).filter((p) => p.endsWith(".py"))))}),
                   json.loads(${JSON.stringify(JSON.stringify(job.stdlibAlways ?? []))})))
`, { globals: stdlibNamespace }));
stdlibNamespace.destroy();
stdlibDict.destroy();
fs.mkdirSync(path.dirname(job.out), { recursive: true });
fs.writeFileSync(job.out, packed);
console.log(JSON.stringify({
  ...JSON.parse(report),
  stdlib,
  bytes: snapshot.length,
  zeroed,
  file_bytes: packed.length,
  seconds: Math.round(performance.now() - started) / 1000,
}));
// Pyodide keeps Node's event loop alive.
process.exit(0);
