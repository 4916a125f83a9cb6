"""Starting from the Pyodide memory snapshot (web/interpreter.mjs), and starting
without it: a missing or broken snapshot costs time, never the game."""

import struct

import pytest

from play_helpers import game_url, play_decision, wait_for_person

WARNING = "starting Pyodide without its snapshot"
SNAPSHOT = "**/pyodide-snapshot.bin"


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
    assert any(url.endswith("/pyodide-snapshot.bin") for url in recorder.requests)
    play_one_move(page)


def test_each_start_has_its_own_random_state(browser, site_url):
    """The snapshot froze `random`'s state; the page must not replay it."""
    drawn = []
    for _ in range(2):
        context = browser.new_context(service_workers="block")
        try:
            page = context.new_page()
            page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
            page.wait_for_selector("body[data-ready]", timeout=60_000)
            assert "lepeuple:snapshot-fetched" in marks(page)
            # PyScript runs <script type="py"> on the page's interpreter: draw from the module-level generator.
            page.evaluate("""() => new Promise((resolve) => {
                addEventListener("py:done", resolve, { once: true });
                const script = document.createElement("script");
                script.type = "py";
                script.textContent = "import random\\nfrom pyscript import document\\n"
                    + "document.body.dataset.drawn = str(random.getrandbits(64))";
                document.body.append(script);
            })""")
            drawn.append(page.evaluate("document.body.dataset.drawn"))
        finally:
            context.close()
    assert drawn[0] != drawn[1]


# No service worker: the routes below see the page's own requests.
@pytest.mark.parametrize("context_options", [{"service_workers": "block"}])
@pytest.mark.parametrize("breakage", ["blocked", "not found", "garbage", "not a snapshot"])
def test_a_broken_snapshot_falls_back_to_an_ordinary_start(page, site_url, recorder, wait_ready, breakage):
    if breakage == "blocked":
        page.route(SNAPSHOT, lambda route: route.abort())
        recorder.allow_console(r"pyodide-snapshot\.bin|ERR_FAILED")
    elif breakage == "not found":
        page.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="no"))
        recorder.allow_console(r"status of 404")
    elif breakage == "garbage":
        page.route(SNAPSHOT, lambda route: route.fulfill(body=b"\x00garbage" * 100))
    else:  # well formed for the loader, but not Pyodide's memory: Pyodide refuses it
        body = struct.pack("<4sIIII", b"LDPZ", 1 << 20, 1, 0, 16) + b"\x01" * 16
        page.route(SNAPSHOT, lambda route: route.fulfill(body=body))
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page, timeout_ms=120_000)
    assert len(warnings(page)) == 1, page.evaluate("window.__warnings")
    assert "lepeuple:interpreter-loaded" in marks(page)
    play_one_move(page)
    if breakage == "not found":  # that 404 is expected here, and only it
        recorder.problems_seen[:] = [p for p in recorder.problems() if p != f"HTTP 404: {site_url}pyodide-snapshot.bin"]
