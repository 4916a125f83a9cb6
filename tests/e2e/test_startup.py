"""Starting from the Pyodide memory snapshot (web/startup/interpreter.mjs), and starting
without it: a missing or broken snapshot costs time, never the game."""

import ast
import gzip
import json
import struct
import time
from pathlib import Path

import pytest

from play_helpers import game_url, play_decision, wait_for_person

ROOT = Path(__file__).resolve().parents[2]

WARNING = "starting Pyodide without its snapshot"
SNAPSHOT = "**/pyodide-snapshot.bin.gz"


def marks(page):
    return page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")


def warnings(page):
    return [m for m in page.evaluate("window.__warnings || []") if WARNING in m]


@pytest.fixture
def page(page):
    """The page, with its console warnings kept (the snapshot's fallback warns)."""
    page.add_init_script("""
        window.__warnings = [];
        const warn = console.warn.bind(console);
        console.warn = (...args) => { window.__warnings.push(args.join(" ")); warn(...args); };
    """)
    return page


def play_one_move(page):
    """Decide until the page has recorded an action of ours (a move, draw, skip...)."""
    for _ in range(12):
        wait_for_person(page)
        before = int(page.evaluate("document.body.dataset.actions || 0"))
        kind = play_decision(page)
        if kind in ("move", "draw", "skip", "defend", "partner"):
            page.wait_for_function(f"() => Number(document.body.dataset.actions || 0) > {before}")
            return kind
    raise AssertionError("no action was played")


def test_the_game_starts_from_the_snapshot(goto_ready, recorder):
    page = goto_ready(game_url("human,bot:easy,bot:easy", 7))
    assert {"lepeuple:snapshot-fetched", "lepeuple:interpreter-loaded"} <= set(marks(page))
    assert not warnings(page)
    assert any(url.endswith("/pyodide-snapshot.bin.gz") for url in recorder.requests)
    # the gzipped files, not the plain ones
    assert not any(url.endswith(("/pyodide.asm.wasm", "/pyodide-snapshot.bin"))
                   for url in recorder.requests)
    play_one_move(page)


def run_python(page, code):
    """Run `code` on the interpreter of the page's worker (the page's main thread has none);
    returns the value of its last line."""
    [worker] = page.workers
    return worker.evaluate("code => pyodide.runPython(code)", code)


def start_page(browser, url, **options):
    context = browser.new_context(service_workers="block", **options)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    return context, page


def test_each_start_has_its_own_random_state(browser, site_url):
    """The snapshot froze `random`'s state; the page must not replay it."""
    drawn = []
    for _ in range(2):
        context, page = start_page(browser, site_url + game_url("human,bot:easy,bot:easy", 7))
        try:
            assert "lepeuple:snapshot-fetched" in marks(page)
            drawn.append(run_python(page, "import random\nstr(random.getrandbits(64))"))
        finally:
            context.close()
    assert drawn[0] != drawn[1]


FACTS = """
import json, os, sys, time
json.dumps({
    "path": sys.path, "cwd": os.getcwd(), "environ": dict(os.environ), "executable": sys.executable,
    "argv": sys.argv, "time": [time.timezone, time.altzone, time.daylight, time.tzname], "platform": sys.platform,
    "main": sorted(k for k in vars(sys.modules["__main__"]) if not k.startswith("__")),
})
"""


def main_names():
    """The names web/main.py binds at its top level: PyScript runs it in __main__."""
    tree = ast.parse((ROOT / "web/main.py").read_text(encoding="utf-8"))
    return {(alias.asname or alias.name).partition(".")[0] for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names} | {
        target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets
        if isinstance(target, ast.Name)}


def test_the_restored_interpreter_looks_like_a_fresh_one(browser, site_url):
    """Made under Node.js, the snapshot must not leak Node's environment, time
    zone or paths into the page: the same facts as the bare page (npm's Pyodide
    started the ordinary way, in a worker too)."""
    facts = {}
    for name, path in {"game": "", "bare": "bare/"}.items():
        context, page = start_page(browser, site_url + path, timezone_id="Asia/Tokyo", locale="fr-FR")
        try:
            facts[name] = json.loads(run_python(page, FACTS))
        finally:
            context.close()
    game, bare = facts["game"], facts["bare"]
    assert game["time"] == bare["time"] == [-9 * 3600, -9 * 3600, 0, ["UTC+0900", "UTC+0900"]]
    assert game["environ"]["LANG"] == "fr_FR.UTF-8"
    # __main__: nothing left there by the build, only what web/main.py (PyScript's src) binds
    game_main, bare_main = set(game.pop("main")), set(bare.pop("main"))
    assert game_main == bare_main | main_names()
    assert game == bare


# No service worker: the routes below see the page's own requests.
@pytest.mark.parametrize("context_options", [{"service_workers": "block"}])
@pytest.mark.parametrize("breakage", ["blocked", "not found", "garbage", "not gzip", "not a snapshot"])
def test_a_broken_snapshot_falls_back_to_an_ordinary_start(page, site_url, recorder, wait_ready, breakage):
    if breakage == "blocked":
        page.route(SNAPSHOT, lambda route: route.abort())
        recorder.allow_console(r"pyodide-snapshot\.bin|ERR_FAILED")
    elif breakage == "not found":
        page.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="no"))
        recorder.allow_console(r"status of 404")
    elif breakage == "garbage":  # gzip, but not of a snapshot file
        page.route(SNAPSHOT, lambda route: route.fulfill(body=gzip.compress(b"\x00garbage" * 100)))
    elif breakage == "not gzip":
        page.route(SNAPSHOT, lambda route: route.fulfill(body=b"\x00garbage" * 100))
    else:  # well formed for the loader, but not Pyodide's memory: Pyodide refuses it
        memory = struct.pack("<4I", 1, 128, 0, 0)  # Pyodide's header: length 128, not its magic number
        body = gzip.compress(struct.pack("<4sIIII", b"LDPX", 16 << 20, 1, 0, 16) + memory)
        page.route(SNAPSHOT, lambda route: route.fulfill(body=body))
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page, timeout_ms=120_000)
    assert len(warnings(page)) == 1, page.evaluate("window.__warnings")
    assert "lepeuple:interpreter-loaded" in marks(page)
    play_one_move(page)
    if breakage == "not found":  # that 404 is expected here, and only it
        recorder.problems_seen[:] = [p for p in recorder.problems() if p != f"HTTP 404: {site_url}pyodide-snapshot.bin.gz"]


SLOW_LINE = {"offline": False, "latency": 100, "downloadThroughput": 400_000, "uploadThroughput": 400_000}
"""About 3 Mbps: a phone on a poor line, whose start without the snapshot outlasts the watchdog."""


@pytest.mark.realtime
@pytest.mark.parametrize("context_options", [{"service_workers": "block"}])
def test_a_start_longer_than_the_watchdog_is_never_cut_short(page, site_url, recorder, wait_ready):
    """Starting without its snapshot on a slow line takes longer than the 15 s after which the
    page restarts a silent worker: the worker is started once, never restarted, and the game comes."""
    page.route(SNAPSHOT, lambda route: route.abort())
    recorder.allow_console(r"pyodide-snapshot\.bin|ERR_FAILED")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_LINE)
    start = time.perf_counter()
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7), wait_until="commit")
    wait_ready(page, timeout_ms=180_000)
    assert time.perf_counter() - start > 15  # the watchdog's wait (web/page/page.mjs, WATCHDOG_MS)
    assert page.evaluate("window.lepeupleWorker.stats.restarts") == 0 and len(warnings(page)) == 1
    assert page.locator("#error").is_hidden()
    play_one_move(page)
