"""The first visit: each file downloaded once (the service worker takes what
the page fetched), a progress bar from the start, the Content-Security-Policy
obeyed."""

import time

import pytest

from play_helpers import game_url
from test_startup import play_one_move

CSP_WATCH = """
window.__violations = [];
addEventListener("securitypolicyviolation", (e) =>
    window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def test_the_page_plays_under_its_csp_without_violations(page, site_url, wait_ready):
    page.add_init_script(CSP_WATCH)
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page)
    csp = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    assert "default-src 'self'" in csp and "http" not in csp and "'unsafe-inline'" not in csp.split("style-src")[0]
    play_one_move(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    assert page.evaluate("window.__violations") == []


def test_each_large_file_is_downloaded_once(page, site_url, recorder, wait_ready):
    page.goto(site_url)
    wait_ready(page)
    # the worker activated (its activate handler deletes the page's stash)
    page.evaluate("""navigator.serviceWorker.ready.then((r) => r.active.state === "activated" ? null
        : new Promise((done) => r.active.addEventListener("statechange", done)))""")
    time.sleep(0.5)
    for name in ("pyodide-snapshot.bin.gz", "vendor/pyodide/pyodide.asm.wasm.gz", "python_stdlib.zip",
                 "python-files.zip", "vendor/pyodide/pyodide.asm.mjs.gz"):
        assert recorder.requests.count(site_url + name) == 1, name
    # their plain twins never (Pyodide's JavaScript is unpacked by the page, not imported)
    assert not [url for url in recorder.requests if url.endswith((".wasm", ".asm.mjs", ".bin"))]
    cached = page.evaluate("caches.keys()")
    assert [k for k in cached if k.startswith("lepeuple-")] and "lepeuple-fetched" not in cached


def test_a_progress_bar_shows_before_any_large_download_ends(page, site_url, wait_ready):
    """At once, told without a clock that load could stretch: the bar is there while
    every large file (the snapshot, the wasm: seconds at 9 Mbps) is still on its way."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 60,
                                                  "downloadThroughput": 9_000_000 / 8, "uploadThroughput": 9_000_000 / 8})
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7), wait_until="commit")
    page.wait_for_selector("progress#loading-bar[value]")
    finished = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(e => /pyodide-snapshot|\\.wasm/.test(e.name)).map(e => e.name)""")  # not snapshotfile.mjs, a small module
    assert finished == []
    page.wait_for_function("() => /MB/.test(document.getElementById('loading-text').textContent)", timeout=3000)
    bar = page.evaluate("""() => { const b = document.getElementById('loading-bar');
        return {value: b.value, max: b.max, text: b.getAttribute('aria-valuetext'),
                label: b.getAttribute('aria-labelledby')}; }""")
    assert bar["max"] > 1e6 and 0 <= bar["value"] <= bar["max"] and "MB" in bar["text"]
    assert page.locator("[role=status]").count() == 1
    wait_ready(page, timeout_ms=120_000)
    assert page.locator("#loading-bar").count() == 0  # the game replaced it


def test_the_loading_text_follows_the_browser_language(browser, site_url):
    context = browser.new_context(locale="fr-FR", service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url, wait_until="commit")
        page.wait_for_function("() => /Mo|Démarrage/.test(document.getElementById('loading-text')?.textContent)",
                               timeout=30_000)
    finally:
        context.close()


# The standard library is trimmed to what the page imports (scripts/build_site.py):
# a whole game must still run on it, with the snapshot's preloaded modules and
# without them (an ordinary start imports everything from the trimmed zip),
# with no ImportError (any console error fails the test: conftest.py).
@pytest.mark.parametrize("context_options", [{"service_workers": "block"}])
@pytest.mark.parametrize("start", ["snapshot", "no snapshot"])
def test_a_whole_game_runs_on_the_trimmed_standard_library(page, site_url, wait_ready, start):
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    if start == "no snapshot":
        page.route("**/pyodide-snapshot.bin.gz", lambda route: route.fulfill(body=b"not a gzip file"))
    page.goto(site_url + game_url("bot:easy,bot:easy,bot:easy", 5))
    wait_ready(page, timeout_ms=120_000)
    assert any("without its snapshot" in w for w in warnings) == (start == "no snapshot"), warnings
    page.wait_for_selector("[data-testid=end-screen]", timeout=240_000)
    assert "Game over" in page.locator("[data-testid=end-screen]").inner_text()
    assert page.locator(".ranking li").count() == 3
    assert page.locator("#error").is_hidden()
