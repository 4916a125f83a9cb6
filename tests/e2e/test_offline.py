"""Offline and installable: after one visit the game reloads and is played with
no network at all; the page links a web app manifest the browser can read."""

from urllib.parse import urlsplit

from play_helpers import game_url, play_decision, wait_for_person


def actions(page):
    return int(page.evaluate("document.body.dataset.actions || 0"))


def test_a_move_is_played_after_an_offline_reload(goto_ready, context, wait_ready):
    page = goto_ready(game_url("human,bot:easy,bot:easy", 7))
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("navigator.onLine") is False
    # Pyodide started from its memory snapshot, which the service worker keeps too.
    assert page.evaluate("performance.getEntriesByName('lepeuple:snapshot-fetched').length") == 1
    cached = page.evaluate("caches.keys().then(ks => caches.open(ks[0])).then(c => c.keys())"
                           ".then(rs => rs.map(r => new URL(r.url).pathname))")
    assert {"/pyodide-snapshot.bin.gz", "/python-files.zip", "/web/startup/interpreter.mjs", "/pyscript.toml",
            "/web/main.py", "/vendor/pyscript/core.js", "/web/page/page.mjs", "/vendor/pyodide/pyodide.asm.wasm.gz",
            "/python_stdlib.zip"} <= set(cached)
    assert page.evaluate("window.lepeupleWorker.stats.renders") > 0  # drawn by the page's worker, offline too
    kinds = []
    for _ in range(12):  # until a movement card has been played, not only drawn or skipped
        wait_for_person(page)
        before = actions(page)
        kind = play_decision(page)
        kinds.append(kind)
        if kind in ("move", "draw", "skip", "defend", "partner"):
            page.wait_for_function(f"() => Number(document.body.dataset.actions || 0) > {before}")
        if kind == "move":
            break
    assert "move" in kinds, kinds


def test_the_manifest_is_linked_and_served(goto_ready, recorder):
    page = goto_ready()
    href = page.evaluate("document.querySelector('link[rel=manifest]').href")
    manifest = page.evaluate("url => fetch(url).then(r => r.json())", href)
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        status = page.evaluate("url => fetch(url).then(r => r.status)", href.rsplit("/", 1)[0] + "/" + icon["src"])
        assert status == 200, icon
    # nothing but the local server, and the blob: URL PyScript makes its worker from
    assert all(urlsplit(url).hostname == "127.0.0.1" or urlsplit(url).scheme == "blob" for url in recorder.requests)
