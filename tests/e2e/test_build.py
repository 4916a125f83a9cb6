"""scripts/build_site.py: what the built site holds (no browser needed)."""

import ast
import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from scripts import build_site

ROOT = Path(__file__).resolve().parents[2]


def built(tmp_path):
    info = build_site.build(tmp_path / "site")
    return tmp_path / "site", info


def test_every_module_of_the_page_is_in_python_files(tmp_path):
    out, info = built(tmp_path)
    with zipfile.ZipFile(out / "python-files.zip") as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    wanted = {p.relative_to(ROOT).as_posix()
              for folder in ("lepeuple", "web") for p in (ROOT / folder).rglob("*.py")
              if "__pycache__" not in p.parts and not p.relative_to(ROOT).as_posix().startswith(build_site.NOT_SHIPPED)}
    wanted.remove("web/main.py")  # PyScript sends it to its worker (index.html's src): not in the archive
    assert wanted <= set(files) == set(info["modules"]) | set(info["catalogs"])  # and .json data files
    assert {"web/locales/en.mo", "web/locales/fr.mo", "web/locales/ja.mo"} <= set(info["catalogs"])
    assert not [name for name in files if name.startswith(("lepeuple/tools/", "lepeuple/research/"))]
    assert files["web/app.py"] == (ROOT / "web/app.py").read_bytes()
    assert (out / "web/main.py").read_bytes() == (ROOT / "web/main.py").read_bytes()
    assert "web/main.py" not in files


def test_runtime_is_local(tmp_path):
    """The page's worker and the bare page's start the Pyodide copied from npm, never a CDN's."""
    out, _ = built(tmp_path)
    config = tomllib.loads((out / "pyscript.toml").read_text())
    assert config["interpreter"] == "./web/startup/interpreter.mjs"
    assert config["files"] == {"./python-files.zip": "./*"}
    assert 'import("../../vendor/pyscript/core.js")' in (out / "web/page/page.mjs").read_text()
    loader = (out / "web/startup/interpreter.mjs").read_text()
    assert 'from "../../vendor/pyodide/pyodide.mjs"' in loader and "://" not in loader
    assert 'from "../vendor/pyodide/pyodide.mjs"' in (out / "bare/worker.mjs").read_text()
    assert (out / "vendor/pyodide/pyodide.asm.wasm").is_file()
    for name in ("index.html", "web/page/page.mjs", "pyscript.toml", "bare/worker.mjs"):
        assert not re.search(r"https?://", (out / name).read_text().split("-->")[-1]), name


def test_snapshot_preloads_our_modules(tmp_path):
    out, info = built(tmp_path)
    data = gzip.decompress((out / build_site.SNAPSHOT_GZ).read_bytes())
    assert not (out / build_site.SNAPSHOT).exists()  # shipped gzipped only
    magic, length, runs = struct.unpack_from("<4sII", data)
    assert magic == b"LDPX"
    spans = struct.unpack_from(f"<{2 * runs}I", data, 12)
    assert 12 + 8 * runs + sum(spans[1::2]) == len(data) and max(spans[0::2]) < length
    report = info["snapshot"]
    assert {"asyncio", "lepeuple.core.game", "web.app", "web.render.table"} <= set(report["imported"])
    # the worker's whole Python is in it: nothing of ours needs the browser to be imported
    assert {"web.startup.boot", "web.dom"} <= set(report["imported"])  # web/main.py is run, not imported
    assert report["skipped"] == {}


# Read back as the page reads it (web/startup/snapshotfile.mjs, against the shipped wasm):
# Pyodide's header (its magic number, its JSON from byte 48), and how much of
# the wasm's data segments the memory holds as they are (XORed out of the file).
UNPACK = """
import fs from "node:fs";
import zlib from "node:zlib";
import { dataSegments, unpackSnapshot } from "%s";
const [file, wasm] = process.argv.slice(1).map((name) => fs.readFileSync(name));
const memory = unpackSnapshot(zlib.gunzipSync(file), wasm);
const words = new Uint32Array(memory.buffer, 0, 3);
let same = 0, all = 0;
for (const [address, data] of dataSegments(wasm))
  for (let i = 0; i < data.length; i++, all++) same += memory[words[1] + address + i] === data[i];
console.log(JSON.stringify({magic: words[0], length: memory.length, same: same / all,
                            header: new TextDecoder().decode(memory.subarray(48, 48 + words[2]))}));
"""


def test_the_snapshot_file_reads_back_to_pyodides_snapshot(tmp_path):
    """The file leaves out zero blocks and the wasm's data segments; the page's reader puts them back."""
    out, info = built(tmp_path)
    script = UNPACK % (out / build_site.SNAPSHOT_FORMAT).as_uri()
    run = subprocess.run(["node", "--input-type=module", "-e", script, out / build_site.SNAPSHOT_GZ,
                          out / "vendor/pyodide/pyodide.asm.wasm"], capture_output=True, text=True, check=True)
    snapshot = json.loads(run.stdout)
    pyodide = (out / "vendor/pyodide/pyodide.asm.mjs").read_text()
    magic = re.search(r"if\(e\[0\]!==(\w+)\)throw new Error\(\"Snapshot has invalid magic number", pyodide)[1]
    assert snapshot["magic"] == int(re.search(rf"\b{magic}=(\d+)", pyodide)[1])
    assert snapshot["length"] == info["snapshot"]["bytes"]
    assert {"hiwireKeys", "immortalKeys"} <= set(json.loads(snapshot["header"]))  # Pyodide's, intact
    assert snapshot["same"] > 0.5  # the static data CPython left alone is back


def test_the_first_screen_reads_the_pythons_own_keys(tmp_path):
    """web/startup/keys.mjs, as the built page imports it, holds the storage and URL keys of the
    Python (web/model/storage.py, web/startup/takeover.py, web/model/guide_game.py, web/model/newgame.py); precached."""
    out, info = built(tmp_path)
    keys = out / build_site.KEYS_MODULE
    script = f"import * as keys from {json.dumps(keys.as_uri())}; console.log(JSON.stringify(keys));"
    run = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    from web.model import guide_game, newgame, storage
    from web.startup import takeover

    assert json.loads(run.stdout) == {
        "SAVE_KEY": storage.SAVE_KEY, "PREFS_KEY": storage.PREFS_KEY, "KEPT_KEY": takeover.KEPT_KEY,
        "TUTORIAL_KEY": guide_game.KEY, "SAVE_END": storage.SAVE_END, "SETUP_KEYS": list(newgame.SETUP_KEYS),
        "WHOLE": newgame.WHOLE}
    assert build_site.KEYS_MODULE in info["files"]
    assert 'from "./keys.mjs"' in (out / "web/startup/firstscreen.mjs").read_text()


def test_the_page_asks_at_once_for_every_module_its_scripts_import(tmp_path):
    """index.html preloads each module the page's module scripts import, found here line by
    line, so that none waits for its importer to be read; nothing loaded only when needed
    (the QR code, the camera's reader, PyScript's core) is preloaded."""
    out, _ = built(tmp_path)
    page = (out / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="module" src="\./([^"]+)"', page)
    preloaded = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', page)
    wanted, todo = set(), list(scripts)
    while todo:
        name = todo.pop()
        for line in (out / name).read_text(encoding="utf-8").splitlines():
            if line.startswith(("import ", "export ")) and " from " in line:
                target = (Path(name).parent / line.split(" from ")[1].strip(" ;\"'")).as_posix()
                parts = []
                for part in target.split("/"):
                    parts = parts[:-1] if part == ".." else parts if part == "." else [*parts, part]
                found = "/".join(parts)
                if found not in wanted:
                    wanted.add(found)
                    todo.append(found)
    assert "web/page/tips.mjs" in wanted  # an import of an import
    assert set(preloaded) == wanted - set(scripts) and len(preloaded) == len(set(preloaded))
    assert not [name for name in preloaded if name.endswith(("qr.mjs", "scan.mjs")) or "pyscript" in name]
    assert page.index("modulepreload") > page.index('src="./web/page/page.mjs"')  # after the scripts they serve


def test_snapshot_cache_key_follows_its_inputs(tmp_path):
    """The cached snapshot is reused only when nothing it is made from changed."""
    job = {"imports": ["json"]}
    files = {"./web/markup.py": ROOT / "web/markup.py"}
    key = build_site.snapshot_key(job, files)
    assert key == build_site.snapshot_key(dict(job), dict(files))
    edited = tmp_path / "markup.py"
    edited.write_text((ROOT / "web/markup.py").read_text() + "\n# edited\n")
    assert key != build_site.snapshot_key(job, {"./web/markup.py": edited})
    assert key != build_site.snapshot_key(job, {"./web/other.py": ROOT / "web/markup.py"})
    assert key != build_site.snapshot_key({**job, "imports": ["json", "asyncio"]}, files)


def test_service_worker_precaches_what_the_page_uses(tmp_path):
    out, info = built(tmp_path)
    sw = (out / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\});", sw, re.S)[1])
    assert set(precache) == set(info["files"])
    for name, digest in precache.items():  # each with the hash of its contents
        assert hashlib.sha256((out / name).read_bytes()).hexdigest().startswith(digest)
    assert {"index.html", "web/startup/loader.mjs", "web/startup/interpreter.mjs", "pyscript.toml", "web/main.py",
            "vendor/pyscript/core.js", "web/page/page.mjs", "web/page/patch.mjs", "python-files.zip",
            "pyodide-snapshot.bin.gz", "vendor/pyodide/pyodide.asm.wasm.gz", "vendor/pyodide/pyodide.asm.mjs.gz",
            "python_stdlib.zip", "pyodide-lock.json", "manifest.json", "web/startup/firstscreen.mjs"} <= set(precache)
    # not what the page never uses: the plain twins, bare/, the rules before Python (Python draws them)
    assert not [n for n in precache if re.search(r"^bare/|^rules/", n)]
    assert not {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs",
                "vendor/pyodide/python_stdlib.zip", "vendor/pyodide/pyodide-lock.json"} & set(precache)
    assert f'const VERSION = "{info["version"]}"' in sw


def test_large_files_are_gzipped(tmp_path):
    out, _ = built(tmp_path)
    for name in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs"):
        packed = (out / f"{name}.gz").read_bytes()
        assert gzip.decompress(packed) == (out / name).read_bytes()
        assert len(packed) < 0.4 * (out / name).stat().st_size
    loader = (out / "web/startup/interpreter.mjs").read_text()
    sizes = json.loads(re.search(r"^const BUILT = (.*);$", loader, re.M)[1])
    assert sizes["pyodide-snapshot.bin.gz"] == (out / "pyodide-snapshot.bin.gz").stat().st_size
    # fetched by the page's worker once the first screen is painted: nothing preloads them before
    assert 'rel="preload"' not in (out / "index.html").read_text()


def test_the_standard_library_is_trimmed(tmp_path):
    out, info = built(tmp_path)
    with zipfile.ZipFile(out / "python_stdlib.zip") as trimmed, \
            zipfile.ZipFile(out / "vendor/pyodide/python_stdlib.zip") as full:
        names = set(trimmed.namelist())
        assert names == set(info["snapshot"]["stdlib"]) and names < set(full.namelist())
        assert {"asyncio/__init__.py", "json/__init__.py", "random.py", "pyodide/__init__.py"} <= names
    assert (out / "python_stdlib.zip").stat().st_size < 0.5 * (out / "vendor/pyodide/python_stdlib.zip").stat().st_size
    lock = json.loads((out / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]


# Modules that are not in the standard library zip: Pyodide's own, built into it.
PYODIDE_BUILT_IN = {"js", "pyodide_js"}
OURS = {"lepeuple", "web"}


def imports_of_our_code():
    """{(module, name or ""): first file}: every `import m` and `from m import
    name` anywhere in the files of lepeuple/ and web/ the site ships (inside
    functions too), relative imports made absolute."""
    found = {}
    for path in build_site.page_python_files():
        if path.suffix == ".py":
            name = build_site.module_name(path)
            package = name if path.name == "__init__.py" else name.rpartition(".")[0]
            where = path.relative_to(ROOT).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), where)):
                if isinstance(node, ast.Import):
                    for alias in node.names:
                        found.setdefault((alias.name, ""), where)
                elif isinstance(node, ast.ImportFrom):
                    base = node.module or ""
                    if node.level:
                        parts = package.split(".")
                        base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                    for alias in node.names:
                        found.setdefault((base, alias.name), where)
    return found


def zip_module(names, module):
    base = module.replace(".", "/")
    return next((m for m in (f"{base}.py", f"{base}/__init__.py") if m in names), None)


def test_everything_our_code_imports_is_in_the_trimmed_standard_library(tmp_path):
    """The trimmed python_stdlib.zip keeps every standard library module that
    lepeuple/ and web/ import, even inside functions (imported only when a
    game reaches them), and our code imports nothing Pyodide does not have."""
    out, _ = built(tmp_path)
    imports = imports_of_our_code()
    with zipfile.ZipFile(out / "python_stdlib.zip") as trimmed, \
            zipfile.ZipFile(out / "vendor/pyodide/python_stdlib.zip") as full:
        kept, everything = set(trimmed.namelist()), set(full.namelist())
    missing, foreign, stdlib = [], [], set()
    for (module, name), where in sorted(imports.items()):
        top = module.partition(".")[0]
        if top in OURS or top in PYODIDE_BUILT_IN:
            continue
        if top not in sys.stdlib_module_names and top not in {"pyodide", "_pyodide"}:
            foreign.append(f"{module} ({where})")  # the lock file has no packages
            continue
        stdlib.add((module, name))
        for candidate in (module, f"{module}.{name}" if name else None):
            parts = candidate.split(".") if candidate else []
            for i in range(1, len(parts) + 1):  # the module and its packages
                prefix = ".".join(parts[:i])
                member = zip_module(everything, prefix)
                if member and member not in kept:
                    missing.append(f"{prefix} ({member}, imported by {where})")
    assert not foreign, f"not available in Pyodide: {foreign}"
    assert not missing, f"dropped from the trimmed standard library: {sorted(set(missing))}"
    assert {("json", ""), ("random", "")} <= stdlib  # the walk found the imports

    # And really imported by Pyodide on that zip (the modules' own imports, and
    # those built into Pyodide rather than in the zip, e.g. math and itertools).
    node = shutil.which("node")
    assert node, "Node.js builds the site (scripts/make_snapshot.mjs): it must be here"
    # a module the trim dropped: it must fail, or this is not the trimmed zip
    dropped = min(m[:-3] for m in everything - kept if re.fullmatch(r"[a-z]\w*\.py", m))
    script = tmp_path / "imports.mjs"
    script.write_text(IMPORT_ALL)
    run = subprocess.run([node, str(script), str(out / "vendor/pyodide") + "/", str(out / "python_stdlib.zip"),
                          str(out / "pyodide-lock.json"), json.dumps(sorted(stdlib) + [(dropped, "")])],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    failed = json.loads(run.stdout.strip().splitlines()[-1])
    assert failed.pop(dropped, "").startswith("ModuleNotFoundError")
    assert failed == {}


# Pyodide under Node.js with the site's trimmed standard library: imports each
# [module, name] of argv[5] (`from module import name`), prints what failed.
IMPORT_ALL = """
const [indexURL, stdLibURL, lockFileURL, wanted] = process.argv.slice(2);
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const py = await loadPyodide({ indexURL, stdLibURL, lockFileURL, stdout: () => {}, stderr: () => {} });
py.globals.set("wanted", wanted);
console.log(py.runPython(`
import importlib, json
failed = {}
for module, name in json.loads(wanted):
    try:
        imported = importlib.import_module(module)
        if name and not hasattr(imported, name):
            importlib.import_module(f"{module}.{name}")
    except Exception as error:
        failed[f"from {module} import {name}" if name else module] = f"{type(error).__name__}: {error}"
json.dumps(failed)
`));
process.exit(0);  // Pyodide keeps Node's event loop alive
"""


def test_version_follows_contents(tmp_path):
    out, info = built(tmp_path)
    assert build_site.write_service_worker(out)[0] == info["version"]  # deterministic
    (out / "web/main.py").write_text("# changed\n")
    assert build_site.write_service_worker(out)[0] != info["version"]


def test_manifest_names_our_icons_and_is_precached(tmp_path):
    out, info = built(tmp_path)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["display"] == "standalone" and manifest["theme_color"].startswith("#")
    assert manifest["name"] and manifest["start_url"]
    sizes = set()
    for icon in manifest["icons"]:
        data = (out / icon["src"]).read_bytes()
        assert icon["src"] in info["files"]
        if icon["type"] == "image/png":
            assert data.startswith(b"\x89PNG\r\n\x1a\n")
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
        else:
            assert data.lstrip().startswith(b"<svg")
    assert {192, 512} <= sizes
    assert "manifest.json" in info["files"]
    assert 'rel="manifest" href="./manifest.json"' in (out / "index.html").read_text()
