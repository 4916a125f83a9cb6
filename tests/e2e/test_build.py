"""scripts/build_site.py: what the built site holds (no browser needed)."""

import json
import re
import struct
import tomllib
from pathlib import Path

import build_site  # scripts/, put on sys.path by conftest.py

ROOT = Path(__file__).resolve().parents[2]


def built(tmp_path):
    info = build_site.build(tmp_path / "site")
    return tmp_path / "site", info


def test_every_module_is_in_python_files(tmp_path):
    out, info = built(tmp_path)
    assert "files" not in tomllib.loads((out / "pyscript.toml").read_text())  # the interpreter module writes them
    files = json.loads((out / "python-files.json").read_text())
    wanted = {p.relative_to(ROOT).as_posix()
              for folder in ("lepeuple", "web") for p in (ROOT / folder).rglob("*.py")
              if "__pycache__" not in p.parts}
    assert set(files) == wanted == set(info["modules"])
    assert files["web/main.py"] == (ROOT / "web/main.py").read_text()


def test_runtime_is_local(tmp_path):
    out, _ = built(tmp_path)
    pages = {"": "web/interpreter.mjs", "bare/": "vendor/pyodide/pyodide.mjs"}  # bare: plain PyScript
    for page, module in pages.items():
        interpreter = tomllib.loads((out / page / "pyscript.toml").read_text())["interpreter"]
        assert not re.match(r"\w+://", interpreter)
        assert (out / page / interpreter).resolve() == (out / module).resolve()
    loader = (out / "web/interpreter.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in loader and "://" not in loader
    assert (out / "vendor/pyodide/pyodide.asm.wasm").is_file()
    assert (out / "vendor/pyscript/core.js").is_file()


def test_snapshot_preloads_our_modules(tmp_path):
    out, info = built(tmp_path)
    data = (out / build_site.SNAPSHOT).read_bytes()
    magic, length, runs = struct.unpack_from("<4sII", data)
    assert magic == b"LDPZ"
    spans = struct.unpack_from(f"<{2 * runs}I", data, 12)
    assert 12 + 8 * runs + sum(spans[1::2]) == len(data) and max(spans[0::2]) < length
    report = info["snapshot"]
    assert {"asyncio", "lepeuple.game", "web.app", "web.render.table"} <= set(report["imported"])
    # needing the browser: left to the page, but precompiled, as is PyScript's package
    assert set(report["skipped"]) == {"web.main", "web.boot", "web.dom"}
    assert all("pyscript" in why for why in report["skipped"].values())
    compiled = {path.rsplit("/", 1)[-1].split(".")[0] for path in report["compiled"]}
    assert {"main", "boot", "dom", "__init__", "context", "display"} <= compiled


def test_snapshot_cache_key_follows_its_inputs(tmp_path):
    """The cached snapshot is reused only when nothing it is made from changed."""
    job = {"imports": ["json"], "pyscriptMap": None}
    files = {"./web/markup.py": ROOT / "web/markup.py"}
    key = build_site.snapshot_key(job, files)
    assert key == build_site.snapshot_key(dict(job), dict(files))
    edited = tmp_path / "markup.py"
    edited.write_text((ROOT / "web/markup.py").read_text() + "\n# edited\n")
    assert key != build_site.snapshot_key(job, {"./web/markup.py": edited})
    assert key != build_site.snapshot_key(job, {"./web/other.py": ROOT / "web/markup.py"})
    assert key != build_site.snapshot_key({**job, "imports": ["json", "asyncio"]}, files)


def test_service_worker_precaches_every_file(tmp_path):
    out, info = built(tmp_path)
    sw = (out / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)[1])
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert set(precache) == set(info["files"]) == on_disk - {"sw.js"}
    assert f'const VERSION = "{info["version"]}"' in sw


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
