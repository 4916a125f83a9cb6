#!/usr/bin/env python3
"""Build the static site into _site/ (standard library only, and Node.js for the snapshot).

    python -m scripts.build_site [--out DIR] [--no-snapshot]

_site/ gets: index.html, with the first screen rendered into it by the page's
own Python (write_first_screen), and rules/<lang>.html; web/startup/keys.mjs, the storage
and URL keys web/startup/firstscreen.mjs shares with the Python, written from it first
(write_keys_module); pyscript.toml, PyScript's configuration of the page's worker, and
web/main.py, the file PyScript runs there; python-files.zip, every .py/.json
file of lepeuple/ and web/ (so new modules are picked up) but lepeuple's layers
the page never imports (NOT_SHIPPED: the tools, the research bots), and
the message catalogs web/locales/*.po compiled to gettext's .mo, which PyScript
unpacks into Pyodide's file system (pyscript.toml's [files]: one request instead of
one per module); the rest of web/ (style, icons, the page's modules); PyScript's
core and Pyodide copied from node_modules (run `npm ci` first) into vendor/
(copy_pyscript: only the files PyScript loads), and the QR code libraries
(copy_qr_libraries); sw.js, the service worker, with its
precache list and a version hash of the built files; and bare/, a page that
only starts the same runtime in a worker, the baseline of scripts/bench/startup_bench.py.

pyodide-snapshot.bin is a Pyodide memory snapshot, made under Node.js by
scripts/make_snapshot.mjs: CPython initialised, the standard library modules
the page imports and our own modules that need no browser already imported.
web/startup/interpreter.mjs, in the page's worker, starts Pyodide from it
(falling back to an ordinary start). Making one takes seconds, so it is kept in
node_modules/.cache/lepeuple-snapshot/ under a hash of everything it is made
from. `--no-snapshot` builds without it (the page then starts the slow way).
"""

import argparse
import ast
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"

# What the page needs of each npm package (no source maps, typings or demos).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
WEB_SUFFIXES = {".py", ".json", ".css", ".svg", ".js", ".mjs", ".png", ".webp", ".woff2", ".html"}
PYTHON_FS_SUFFIXES = {".py", ".json"}  # what goes into Pyodide's file system,
PYTHON_FILES = "python-files.zip"  # in this one archive (pyscript.toml's [files])
CONFIG = "pyscript.toml"  # PyScript's configuration of the page's worker
MAIN = "web/main.py"  # the file PyScript runs in its worker (index.html): it is sent, not imported
# What of lepeuple the page never imports (docs/building.md): developers' tools (the command
# line, arena, scenarios, statistics) and the research bots. The learned evaluation
# (lepeuple/bots/learned.py and its weights) ships: `hard` plays with it.
# check_shipped fails the build if this is wrong.
NOT_SHIPPED = ("lepeuple/tools/", "lepeuple/research/", "lepeuple/__main__.py")

# The memory snapshot (see the module docstring), shipped gzipped.
SNAPSHOT = "pyodide-snapshot.bin"
SNAPSHOT_GZ = SNAPSHOT + ".gz"
SNAPSHOT_FORMAT = "web/startup/snapshotfile.mjs"  # its file format, written by make_snapshot.mjs, read by the page
SNAPSHOT_CACHE = NODE / ".cache/lepeuple-snapshot"
SNAPSHOT_CACHE_KEEP = 3  # newest entries kept (16 MB each)
ENTRY_MODULE = "web.startup.boot"  # what web/main.py imports; the snapshot preloads what it reaches
OUR_PACKAGES = {"lepeuple", "web"}
# Standard library modules the worker's Python uses beside what our modules import
# (and those PyScript's own Python package imports: pyscript_imports).
# PyScript unpacks python-files.zip with Pyodide's unpack_archive: shutil, zipfile, tempfile,
# and zipfile's names in code page 437.
WORKER_IMPORTS = ("asyncio", "shutil", "zipfile", "tempfile", "encodings.cp437")
# PyScript's core in the page (its worker's code is inside it): the files core.js
# reaches by its imports, but those it never loads here (PYSCRIPT_NOT_SHIPPED).
PYSCRIPT = "@pyscript/core"
PYSCRIPT_DIR = "vendor/pyscript"
# PyScript's files the page never loads: the code editor's and the terminal's; its plugins
# but the error one, all turned off (pyscript.toml); MicroPython's archive reader (zip) and
# Pyodide's package graph (we run no MicroPython and load no package).
PYSCRIPT_NOT_SHIPPED = re.compile(
    r"^(codemirror|xterm|zip-|pyodide_graph-|donkey-|deprecations-manager-|py-editor-|py-game-|py-terminal-)")
PYSCRIPT_PYTHON = "src/stdlib/pyscript.js"  # PyScript's Python package, as the worker writes it

# Large files the page fetches gzipped and unpacks with the browser's
# DecompressionStream (web/startup/interpreter.mjs): the page's bytes do not depend on
# what the server compresses (GitHub Pages compresses neither .bin nor .wasm).
# The plain file stays on the server for a browser without
# DecompressionStream (and for bare/), but is not precached.
GZIP_FILES = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs")
GZIP_CACHE = NODE / ".cache/lepeuple-gzip"
GZIP_CACHE_KEEP = 8
# The trimmed standard library (scripts/make_snapshot.mjs works out which
# modules) and Pyodide's lock file without its package list (we load no package).
STDLIB = "python_stdlib.zip"
LOCK = "pyodide-lock.json"
# What web/startup/interpreter.mjs is told about the files it fetches (their sizes, for
# the progress bar, and which exist): written over this line of it.
INTERPRETER = "web/startup/interpreter.mjs"
FILES_LINE = re.compile(r"^const BUILT = .*;$", re.M)
# Files of the site the page never uses: not precached by the service worker.
# The rules before Python is ready (Python draws them once it is); the plain
# twins of the gzipped files, Pyodide's full standard library and lock file
# (bare/ uses them), bare/.
NOT_PRECACHED = re.compile(r"""^(bare/.*|rules/.*|.*\.map|.*LICENSE
    |vendor/pyodide/(pyodide\.asm\.wasm|pyodide\.asm\.mjs|python_stdlib\.zip|pyodide-lock\.json)
    )$""", re.X)
# standard library modules kept even if nothing seems to import them: codecs
# looked up by name at run time
# The names web/startup/firstscreen.mjs shares with the page's Python (the storage keys it
# reads, the kept table's save end, the URL's keys that set up a game), written
# from the Python source into this module, which firstscreen.mjs imports. It is
# kept in the repository too (the build rewrites it when the Python changed), so
# that firstscreen.mjs also loads from the source tree (tests/js).
KEYS_MODULE = "web/startup/keys.mjs"
# The names of the messages between the page's thread, its worker and the network, written
# from web/contract.py into this module (kept in the repository too, as KEYS_MODULE is).
CONTRACT_MODULE = "web/page/contract.mjs"
STDLIB_ALWAYS = ("encodings.utf_8", "encodings.utf_8_sig", "encodings.latin_1", "encodings.ascii",
                 "encodings.utf_16", "encodings.utf_32", "encodings.unicode_escape",
                 "encodings.raw_unicode_escape", "encodings.idna", "encodings.aliases")

# bare/: the baseline of scripts/bench/startup_bench.py and first_visit_bench.py: npm's
# Pyodide started the ordinary way in a module worker (its own standard library, no
# snapshot, no game code), and the same service worker, for a fair warm start.
BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bare Pyodide in a worker</title>
  <link rel="icon" href="data:,">
  <script type="module" src="./bare.mjs"></script>
</head>
<body>
  <!-- Startup baseline: the runtime alone, in a worker, no game code. -->
</body>
</html>
"""
BARE_PAGE = """if ("serviceWorker" in navigator) addEventListener("load", () => navigator.serviceWorker.register("../sw.js"));
const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = () => { document.body.dataset.ready = "1"; };
"""
BARE_WORKER = """import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
globalThis.pyodide = pyodide;  // as the game's worker does (tests/e2e/test_startup.py)
pyodide.runPython("import sys");
postMessage("ready");
"""

# The web app manifest (installable page). The icons are our own: web/icon.svg,
# and PNGs drawn below (a felt disc with the five peoples' colours around it).
THEME = "#24543f"
PEOPLE_COLOURS = ((0x2f, 0x6f, 0xd6), (0xee, 0x8a, 0x1c), (0xd6, 0x33, 0x3a), (0x2f, 0x9e, 0x44), (0x26, 0x26, 0x26))
PNG_SIZES = (192, 512)
MANIFEST = {
    "name": "Le Dernier Peuple",
    "short_name": "Dernier Peuple",
    "start_url": "./index.html",
    "scope": "./",
    "display": "standalone",
    "background_color": "#f4efe4",
    "theme_color": THEME,
    "icons": [{"src": "web/icon.svg", "sizes": "any", "type": "image/svg+xml"}] + [
        {"src": f"icons/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png", "purpose": "any maskable"}
        for n in PNG_SIZES],
}


class BuildError(Exception):
    pass


def npm_package(name):
    """Directory and version of an installed npm package, checked against package.json."""
    folder = NODE / name
    wanted = json.loads((ROOT / "package.json").read_text())["dependencies"][name]
    try:
        found = json.loads((folder / "package.json").read_text())["version"]
    except FileNotFoundError:
        raise BuildError(f"{name} is not installed: run `npm ci`") from None
    if found != wanted:
        raise BuildError(f"node_modules has {name} {found}, package.json pins {wanted}: run `npm ci`")
    return folder, found


def source_files(folder, suffixes):
    return sorted(p for p in (ROOT / folder).rglob("*")
                  if p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts)


def page_python_files():
    """The files of lepeuple/ and web/ that go into Pyodide's file system (not MAIN: PyScript sends it)."""
    files = source_files("lepeuple", PYTHON_FS_SUFFIXES) + source_files("web", PYTHON_FS_SUFFIXES)
    return [p for p in files if not (name := p.relative_to(ROOT).as_posix()).startswith(NOT_SHIPPED) and name != MAIN]


def copy(src, dest):
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)


# The QR code libraries, each one file the page imports from vendor/: npm package, files
# in it, places in the site. qrcode-generator draws the codes (web/page/qr.mjs; its MIT
# licence is in its header); jsQR reads them from the camera where the browser cannot
# (web/page/scan.mjs, which loads it only then; its Apache-2.0 licence goes beside it).
QR_LIBRARIES = (
    ("qrcode-generator", {"dist/qrcode.mjs": "vendor/qrcode-generator/qrcode.mjs"}),
    ("jsqr", {"dist/jsQR.js": "vendor/jsqr/jsQR.js", "LICENSE": "vendor/jsqr/LICENSE"}),
)


def copy_qr_libraries(out):
    """Copy the QR code libraries (QR_LIBRARIES) from node_modules into out/vendor/."""
    for name, files in QR_LIBRARIES:
        folder, _ = npm_package(name)
        for source, dest in files.items():
            copy(folder / source, out / dest)


def python_files(modules, binary=None):
    """A zip archive of `modules` (paths relative to ROOT) and of `binary` ({path: bytes}):
    deflated, with fixed dates (the same bytes each build)."""
    members = {name: (ROOT / name).read_bytes() for name in modules} | dict(binary or {})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, members[name])
    return buffer.getvalue()


def pyscript_files(folder):
    """The files of PyScript's dist/ that core.js reaches by its static and dynamic
    imports, but those it never loads here (PYSCRIPT_NOT_SHIPPED)."""
    dist, reached, todo = folder / "dist", set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in reached or PYSCRIPT_NOT_SHIPPED.match(name):
            continue
        reached.add(name)
        text = (dist / name).read_text(encoding="utf-8")
        todo += re.findall(r"""(?:import\(|from\s*|import\s*)["']\./([\w.-]+\.js)["']""", text)
    return sorted(reached)


def copy_pyscript(out):
    """Copy PyScript's core (pyscript_files) from node_modules into out/PYSCRIPT_DIR."""
    folder, _ = npm_package(PYSCRIPT)
    for name in pyscript_files(folder):
        copy(folder / "dist" / name, out / PYSCRIPT_DIR / name)


def pyscript_imports():
    """The standard library modules PyScript's own Python package imports (the worker
    imports it before web/main.py runs): they must be in the trimmed standard library."""
    folder, _ = npm_package(PYSCRIPT)
    text = (folder / PYSCRIPT_PYTHON).read_text(encoding="utf-8")
    package = json.loads(text[text.index("export default") + len("export default"):].strip().rstrip(";"))
    found = {"os", "pathlib"}  # PyScript writes the package with them
    for source in package["pyscript"].values():
        for node in ast.walk(ast.parse(source)):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and not node.level and node.module else [])
            found |= {n for n in names if n.partition(".")[0] in sys.stdlib_module_names}
    return sorted(found)


def compiled_catalogs():
    """{"web/locales/<code>.mo": bytes}: each gettext catalog web/locales/<code>.po
    compiled (web/msgfmt.py), for web/i18n.py to read with gettext in the page.
    The .po files themselves are not shipped."""
    from web.msgfmt import compile_po

    return {path.with_suffix(".mo").relative_to(ROOT).as_posix(): compile_po(path.read_text(encoding="utf-8"))
            for path in sorted((ROOT / "web/locales").glob("*.po"))}


def shared_keys():
    """{name: value} of KEYS_MODULE, read from the Python that owns each."""
    from web.model import guide_game, newgame, storage
    from web.startup import takeover

    return {"SAVE_KEY": storage.SAVE_KEY, "PREFS_KEY": storage.PREFS_KEY, "KEPT_KEY": takeover.KEPT_KEY,
            "TUTORIAL_KEY": guide_game.KEY, "SAVE_END": storage.SAVE_END, "SETUP_KEYS": list(newgame.SETUP_KEYS),
            "WHOLE": newgame.WHOLE}


def keys_module():
    """The text of KEYS_MODULE: one `export const NAME = <JSON>;` line per shared name."""
    head = ("// Written by scripts/build_site.py from web/model/storage.py, web/startup/takeover.py, web/model/guide_game.py\n"
            "// and web/model/newgame.py (edit those, not this): the names web/startup/firstscreen.mjs shares with them.\n")
    return head + "".join(f"export const {name} = {json.dumps(value)};\n" for name, value in shared_keys().items())


def write_keys_module():
    """KEYS_MODULE and CONTRACT_MODULE rewritten from the Python, if they say anything else."""
    from web.contract import contract_module

    for path, text in ((ROOT / KEYS_MODULE, keys_module()), (ROOT / CONTRACT_MODULE, contract_module())):
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def icon_pixel(x, y, n):
    """The colour of one icon pixel: felt background, a paper ring, five coloured tokens."""
    import math
    c = n / 2
    dx, dy = x + 0.5 - c, y + 0.5 - c
    r = math.hypot(dx, dy) / n
    for i, colour in enumerate(PEOPLE_COLOURS):
        angle = -math.pi / 2 + i * 2 * math.pi / 5
        tx, ty = c + math.cos(angle) * 0.27 * n, c + math.sin(angle) * 0.27 * n
        if math.hypot(x + 0.5 - tx, y + 0.5 - ty) < 0.085 * n:
            return colour
    if 0.20 < r < 0.34:
        return (0xf4, 0xef, 0xe4)
    return (0x24, 0x54, 0x3f)


def png_icon(n):
    """A PNG of n x n pixels (RGB, no library needed)."""
    rows = b"".join(b"\0" + bytes(v for x in range(n) for v in icon_pixel(x, y, n)) for y in range(n))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", n, n, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


_ICON_CACHE = {}


def write_manifest(out):
    """out/manifest.json and the PNG icons it names (drawn once per process)."""
    (out / "icons").mkdir()
    for n in PNG_SIZES:
        if n not in _ICON_CACHE:
            _ICON_CACHE[n] = png_icon(n)
        (out / f"icons/icon-{n}.png").write_bytes(_ICON_CACHE[n])
    (out / "manifest.json").write_text(json.dumps(MANIFEST, indent=1, ensure_ascii=False) + "\n")


def site_version(out, files):
    """A hash of the files' names and contents: any change makes a new version."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((out / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def precached(out):
    """The files of `out` the page uses (all but NOT_PRECACHED and sw.js)."""
    return sorted(name for p in out.rglob("*")
                  if p.is_file() and (name := p.relative_to(out).as_posix()) != "sw.js"
                  and not NOT_PRECACHED.match(name))


def write_service_worker(out):
    """Write out/sw.js: it precaches the files the page uses, each with a hash
    of its contents (a file already fetched, by the page or an older version,
    is reused when its hash matches), versioned by all of them."""
    files = precached(out)
    version = site_version(out, files)
    hashes = {name: hashlib.sha256((out / name).read_bytes()).hexdigest()[:32] for name in files}
    template = (ROOT / "web/startup/sw.template.js").read_text()
    (out / "sw.js").write_text(template.replace("__VERSION__", version)
                               .replace("__PRECACHE__", json.dumps(hashes, indent=1)))
    return version, files


def module_name(path):
    """lepeuple/bots/__init__.py -> lepeuple.bots; web/app.py -> web.app"""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(path, name):
    """The absolute names of the modules a source file imports (anywhere in it)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from . import x / from ..y import z
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.append(base)
            if base.partition(".")[0] in OUR_PACKAGES:  # `from . import app`: maybe a submodule
                found += [f"{base}.{alias.name}" for alias in node.names]
    return found


def preload_modules(sources):
    """What the snapshot imports: our modules reachable from ENTRY_MODULE, and
    the standard library modules they import. Modules that turn out to need the
    browser are skipped by make_snapshot.mjs."""
    ours = {module_name(p): p for p in sources if p.suffix == ".py"}
    reached, stdlib, todo = [], set(WORKER_IMPORTS) | set(pyscript_imports()), [ENTRY_MODULE]
    while todo:
        name = todo.pop()
        if name in reached or name not in ours:
            continue
        reached.append(name)
        parent = name.rpartition(".")[0]
        todo += [parent] if parent else []
        for imported in imported_names(ours[name], name):
            top = imported.partition(".")[0]
            if top in OUR_PACKAGES:
                todo.append(imported)
            elif top in sys.stdlib_module_names:
                stdlib.add(imported)
    return sorted(stdlib) + sorted(reached)


def check_shipped(files):
    """Fail the build unless the modules of `files` (the page's Python, shipped) are exactly
    ours that the page can import: those reached from ENTRY_MODULE by walking every source
    file's imports statically (preload_modules: imports inside functions count; the page
    imports nothing by a computed name). A module shipped and never reached, or reached and
    not shipped, is named; NOT_SHIPPED is what to change."""
    shipped = {module_name(p) for p in files if p.suffix == ".py"}
    sources = source_files("lepeuple", {".py"}) + source_files("web", {".py"})
    reached = {m for m in preload_modules(sources) if m.partition(".")[0] in OUR_PACKAGES}
    unused, missing = sorted(shipped - reached), sorted(reached - shipped)
    if unused or missing:
        raise BuildError(f"the site must ship exactly the modules {ENTRY_MODULE} imports: shipped but never "
                         f"imported {unused or 'none'}; imported but not shipped {missing or 'none'} (NOT_SHIPPED)")


def gzipped(data):
    """gzip of `data` (level 9, no timestamp: the same bytes each build), kept
    in GZIP_CACHE under a hash of `data`: the snapshot takes seconds."""
    cached = GZIP_CACHE / f"{hashlib.sha256(data).hexdigest()[:24]}.gz"
    if cached.exists():
        return cached.read_bytes()
    packed = gzip.compress(data, 9, mtime=0)
    GZIP_CACHE.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.tmp")
    partial.write_bytes(packed)
    os.replace(partial, cached)
    entries = sorted(GZIP_CACHE.glob("*.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[GZIP_CACHE_KEEP:]:
        old.unlink(missing_ok=True)
    return packed


def write_gzipped(path, data=None):
    """path + ".gz", the gzip of path's contents (or of `data`, then path itself is not written)."""
    data = path.read_bytes() if data is None else data
    packed = gzipped(data)
    path.with_name(path.name + ".gz").write_bytes(packed)
    return len(packed)


def write_stdlib(source, dest, members):
    """A python_stdlib.zip of only `members` of `source` (deflated, fixed dates)."""
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        names = set(full.namelist())
        missing = set(members) - names
        if missing:
            raise BuildError(f"the standard library has no {sorted(missing)[:5]}")
        for name in sorted(members):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, full.read(name))


def write_lock(source, dest):
    """Pyodide's lock file with no packages: the page loads none (npm's Pyodide holds no wheels)."""
    lock = json.loads(source.read_text())
    dest.write_text(json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")))


def snapshot_key(job, files):
    """A hash of everything the snapshot is made from: the modules to import, our
    files (path and contents), Pyodide, the script and the file format, Node."""
    digest = hashlib.sha256(json.dumps([job["imports"], sorted(files), job.get("stdlibAlways")]).encode())
    node = shutil.which("node")
    digest.update(subprocess.run([node, "--version"], capture_output=True, text=True).stdout.encode() if node else b"")
    pyodide = NODE / "pyodide"
    inputs = [ROOT / "scripts/make_snapshot.mjs", ROOT / SNAPSHOT_FORMAT]
    inputs += [pyodide / n for n in PYODIDE_FILES if (pyodide / n).exists()]
    for path in inputs + [files[name] for name in sorted(files)]:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]


def make_snapshot(out, files):
    """Write out/SNAPSHOT, from the cache when nothing it depends on changed.
    `files`: {path in Pyodide's FS ("./web/app.py"): file on disk}."""
    sources = [ROOT / name.removeprefix("./") for name in files]
    job = {"indexURL": str(out / "vendor/pyodide") + "/", "imports": preload_modules(sources),
           "stdlibAlways": list(STDLIB_ALWAYS)}
    node = shutil.which("node")
    if not node:
        raise BuildError("Node.js (`node`) is needed to make the Pyodide snapshot (or build with --no-snapshot)")
    cached = SNAPSHOT_CACHE / f"{snapshot_key(job, files)}.bin"
    if not cached.exists():
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="lepeuple-snapshot-") as tmp:
            job_file = Path(tmp) / "job.json"
            job_file.write_text(json.dumps({**job, "out": str(Path(tmp) / SNAPSHOT),
                                            "files": {k: str(v) for k, v in files.items()}}))
            run = subprocess.run([node, str(ROOT / "scripts/make_snapshot.mjs"), str(job_file)],
                                 capture_output=True, text=True)
            if run.returncode:
                raise BuildError(f"making the Pyodide snapshot failed:\n{run.stdout}{run.stderr}")
            if run.stderr.strip():
                print(run.stderr.strip(), file=sys.stderr)
            report = json.loads(run.stdout.strip().splitlines()[-1])
            cached.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n")
            os.replace(Path(tmp) / SNAPSHOT, cached)  # complete files only in the cache
        entries = sorted(SNAPSHOT_CACHE.glob("*.bin"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[SNAPSHOT_CACHE_KEEP:]:
            old.unlink(missing_ok=True)
            old.with_suffix(".json").unlink(missing_ok=True)
    report = json.loads(cached.with_suffix(".json").read_text())
    report["gzip_bytes"] = write_gzipped(out / SNAPSHOT, cached.read_bytes())
    return report


PRELOADS = "<!-- the modules' preloads: scripts/build_site.py writes them here -->"
STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?["'](\.{1,2}/[^"']+)["']""", re.M)


def page_modules(out):
    """The modules index.html's module scripts reach by their static imports (not those
    imported when needed: the QR code, the camera's reader), in the order found."""
    page = (out / "index.html").read_text(encoding="utf-8")
    todo = [(out / src).resolve() for src in re.findall(r'<script type="module" src="\./([^"]+)"', page)]
    found = []
    while todo:
        path = todo.pop(0)
        if path in found:
            continue
        found.append(path)
        todo += [(path.parent / name).resolve() for name in STATIC_IMPORT.findall(path.read_text(encoding="utf-8"))]
    return [path.relative_to(out.resolve()).as_posix() for path in found]


def write_preloads(out):
    """index.html asks for every module its module scripts import, at once, instead of each
    when its importer has been read (a chain of round trips before the page's thread runs).
    Not PyScript's core: fetched and compiled this early, it delayed the first screen
    (measured side by side); it loads once that is painted (web/page/page.mjs)."""
    page = (out / "index.html").read_text(encoding="utf-8")
    if page.count(PRELOADS) != 1:
        raise BuildError(f"index.html must hold the line {PRELOADS!r} once")
    scripts = set(re.findall(r'<script type="module" src="\./([^"]+)"', page))
    links = "\n  ".join(f'<link rel="modulepreload" href="./{name}">'
                        for name in page_modules(out) if name not in scripts)
    (out / "index.html").write_text(page.replace(PRELOADS, links), encoding="utf-8")


FIRST_SCREEN = "<!-- the first screen: scripts/build_site.py writes it here -->"
RULES_DIR = "rules"  # rules/<lang>.html: the rules before Python is ready


def write_first_screen(out):
    """The first screen in the page the server sends, rendered now by the page's own
    Python under CPython (scripts/prerender.py): the new-game screen as a <template>
    per language in out/index.html, and the rules page of each language in
    out/rules/, fetched by web/startup/firstscreen.mjs only when opened."""
    from scripts import prerender
    from web import i18n

    page = (out / "index.html").read_text(encoding="utf-8")
    if page.count(FIRST_SCREEN) != 1:
        raise BuildError(f"index.html must hold the line {FIRST_SCREEN!r} once")
    (out / "index.html").write_text(page.replace(FIRST_SCREEN, prerender.templates()), encoding="utf-8")
    (out / RULES_DIR).mkdir()
    for lang in i18n.CODES:
        (out / RULES_DIR / f"{lang}.html").write_text(prerender.rules(lang), encoding="utf-8")


def build(out=ROOT / "_site", snapshot=True):
    out = Path(out)
    pyodide, _ = npm_package("pyodide")

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    copy(ROOT / "index.html", out / "index.html")
    write_first_screen(out)
    python = page_python_files()
    check_shipped(python)
    modules = [p.relative_to(ROOT).as_posix() for p in python]
    catalogs = compiled_catalogs()
    (out / PYTHON_FILES).write_bytes(python_files(modules, catalogs))
    write_keys_module()
    for path in source_files("web", WEB_SUFFIXES - PYTHON_FS_SUFFIXES):
        if path.name != "sw.template.js":
            copy(path, out / path.relative_to(ROOT))
    copy(ROOT / CONFIG, out / CONFIG)
    copy(ROOT / MAIN, out / MAIN)
    copy_pyscript(out)
    write_preloads(out)

    for name in PYODIDE_FILES:
        if (pyodide / name).exists():
            copy(pyodide / name, out / "vendor/pyodide" / name)
    copy_qr_libraries(out)

    snapshot_report = None
    if snapshot:
        snapshot_report = make_snapshot(out, {f"./{m}": ROOT / m for m in modules})
        write_stdlib(pyodide / "python_stdlib.zip", out / STDLIB, snapshot_report["stdlib"])
    write_lock(pyodide / "pyodide-lock.json", out / LOCK)
    for name in GZIP_FILES:
        write_gzipped(out / name)
    built = {name: (out / name).stat().st_size
             for name in (SNAPSHOT_GZ, STDLIB, LOCK, PYTHON_FILES, *(f"{n}.gz" for n in GZIP_FILES))
             if (out / name).exists()}
    loader = (out / INTERPRETER).read_text()
    if not FILES_LINE.search(loader):
        raise BuildError(f"{INTERPRETER} has no `const BUILT = ...;` line for the build to fill in")
    (out / INTERPRETER).write_text(FILES_LINE.sub(lambda _: f"const BUILT = {json.dumps(built)};", loader, 1))

    write_manifest(out)
    (out / "bare").mkdir()
    (out / "bare/index.html").write_text(BARE_HTML)
    (out / "bare/bare.mjs").write_text(BARE_PAGE)
    (out / "bare/worker.mjs").write_text(BARE_WORKER)

    version, files = write_service_worker(out)
    return {"out": str(out), "version": version, "files": files, "modules": modules, "catalogs": sorted(catalogs),
            "snapshot": snapshot_report}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=ROOT / "_site", type=Path)
    parser.add_argument("--no-snapshot", action="store_true", help="no Pyodide memory snapshot (slower start)")
    args = parser.parse_args()
    try:
        info = build(args.out, snapshot=not args.no_snapshot)
    except BuildError as error:
        sys.exit(f"build_site: {error}")
    snap = info["snapshot"]
    snap = (f"snapshot {snap['file_bytes'] / 1e6:.1f} MB, {len(snap['imported'])} modules preloaded"
            if snap else "no snapshot")
    print(f"built {info['out']}: {len(info['files'])} files, {len(info['modules'])} in {PYTHON_FILES}, "
          f"{snap}, service worker version {info['version']}")


if __name__ == "__main__":
    main()
