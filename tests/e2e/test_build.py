"""scripts/build_site.py: what the built site holds (no browser needed)."""

import json
import re
import tomllib
from pathlib import Path

import build_site  # scripts/, put on sys.path by conftest.py

ROOT = Path(__file__).resolve().parents[2]


def built(tmp_path):
    info = build_site.build(tmp_path / "site")
    return tmp_path / "site", info


def test_every_module_is_in_pyscript_files(tmp_path):
    out, _ = built(tmp_path)
    config = tomllib.loads((out / "pyscript.toml").read_text())
    wanted = {p.relative_to(ROOT).as_posix()
              for folder in ("lepeuple", "web") for p in (ROOT / folder).rglob("*.py")
              if "__pycache__" not in p.parts}
    assert {key.removeprefix("./") for key in config["files"]} == wanted
    assert all((out / key).is_file() for key in config["files"])


def test_runtime_is_local(tmp_path):
    out, _ = built(tmp_path)
    for page in ("", "bare/"):
        interpreter = tomllib.loads((out / page / "pyscript.toml").read_text())["interpreter"]
        assert not re.match(r"\w+://", interpreter)
        assert (out / page / interpreter).resolve() == (out / "vendor/pyodide/pyodide.mjs").resolve()
    assert (out / "vendor/pyodide/pyodide.asm.wasm").is_file()
    assert (out / "vendor/pyscript/core.js").is_file()


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
