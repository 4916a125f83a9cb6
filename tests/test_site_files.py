"""The site ships the Python the page imports and nothing of the layers it never imports
(scripts/build_site.py's python-files.zip): no command line, no arena, no scenarios, no
research bots; the build fails otherwise. `hard`'s learned evaluation ships, weights and all. The first
screen's JavaScript takes its storage and URL keys from the Python, through the module
the build writes (web/startup/keys.mjs)."""

import json
import re
from pathlib import Path

import pytest

from scripts import build_site

ROOT = Path(__file__).resolve().parents[1]

SHIPPED = {p.relative_to(ROOT).as_posix() for p in build_site.page_python_files()}


def test_the_site_ships_no_tool_nor_research_module():
    for name in ("cli", "arena", "stats"):
        assert f"lepeuple/tools/{name}.py" not in SHIPPED and (ROOT / f"lepeuple/tools/{name}.py").exists()
    assert "lepeuple/__main__.py" not in SHIPPED
    assert not [p for p in SHIPPED if p.startswith("lepeuple/research/")]
    assert {"lepeuple/bots/learned.py", "lepeuple/bots/learned.json"} <= SHIPPED


def test_the_build_fails_when_a_module_shipped_is_never_imported_or_one_imported_is_not_shipped():
    files = build_site.page_python_files()
    build_site.check_shipped(files)
    with pytest.raises(build_site.BuildError, match=r"shipped but never imported \['lepeuple.tools.cli'\]"):
        build_site.check_shipped([*files, ROOT / "lepeuple/tools/cli.py"])
    with pytest.raises(build_site.BuildError, match=r"imported but not shipped \['web.app'\]"):
        build_site.check_shipped([p for p in files if p != ROOT / "web/app.py"])


def test_the_site_ships_every_module_the_page_can_import():
    every = [p for p in sorted((ROOT / "lepeuple").rglob("*.py")) + sorted((ROOT / "web").rglob("*.py"))
             if "__pycache__" not in p.parts]
    reached = [m for m in build_site.preload_modules(every) if m.partition(".")[0] in build_site.OUR_PACKAGES]
    shipped_modules = {build_site.module_name(ROOT / p) for p in SHIPPED if p.endswith(".py")}
    assert "web.startup.boot" in reached and "lepeuple.core.game" in reached and "lepeuple.bots.search" in reached
    assert sorted(set(reached) - shipped_modules) == []


def test_the_first_screen_takes_its_keys_from_the_python():
    from web.model import guide_game, newgame, storage
    from web.startup import takeover

    module = (ROOT / build_site.KEYS_MODULE).read_text(encoding="utf-8")
    assert module == build_site.keys_module(), "web/startup/keys.mjs is out of date: run python -m scripts.build_site"
    exported = dict(re.findall(r"^export const (\w+) = (.*);$", module, re.M))
    assert {name: json.loads(value) for name, value in exported.items()} == {
        "SAVE_KEY": storage.SAVE_KEY, "PREFS_KEY": storage.PREFS_KEY, "KEPT_KEY": takeover.KEPT_KEY,
        "TUTORIAL_KEY": guide_game.KEY, "SAVE_END": storage.SAVE_END, "SETUP_KEYS": list(newgame.SETUP_KEYS),
        "WHOLE": newgame.WHOLE}
    first = (ROOT / "web/startup/firstscreen.mjs").read_text()
    imported = re.search(r'^import \{ ([\w, ]+) \} from "\./keys\.mjs";$', first, re.M)
    assert imported and set(imported[1].split(", ")) == set(exported)
    assert not re.search(r'"lepeuple\.|"players"|\b64\b', first)  # no copy of a key left behind
