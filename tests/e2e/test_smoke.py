"""The built page starts in headless Chromium from the local server alone.

The `page` fixture fails any test whose page requested another host than
127.0.0.1, got an HTTP error, or logged a console error.
"""

import time
from urllib.parse import urlsplit

import pytest

from scripts import build_site, serve
from scripts.site_update import BUILD, CACHES, WAITING, new_build, reload_onto_new_build, wait_for_new_worker


def test_page_reaches_ready(goto_ready, recorder):
    page = goto_ready()
    assert page.locator("#error").is_hidden()
    assert "Loading" not in page.locator("#app").inner_text()
    # The runtime really came from our copy, not from a CDN: the large files
    # gzipped (unpacked by the browser's DecompressionStream), never also plain.
    paths = {urlsplit(url).path for url in recorder.requests}
    # PyScript started it: its core, its configuration, the file it runs in its worker.
    assert {"/web/page/page.mjs", "/vendor/pyscript/core.js", "/pyscript.toml", "/web/main.py",
            "/web/startup/interpreter.mjs", "/vendor/pyodide/pyodide.asm.wasm.gz",
            "/python-files.zip", "/pyodide-snapshot.bin.gz", "/python_stdlib.zip"} <= paths
    assert not {"/vendor/pyodide/pyodide.asm.wasm", "/pyodide-snapshot.bin",
                "/vendor/pyodide/python_stdlib.zip"} & paths


def test_bare_page_reaches_ready(page, site_url, wait_ready):
    page.goto(site_url + "bare/")
    wait_ready(page)


def test_reloads_offline_after_first_visit(goto_ready, context, wait_ready):
    page = goto_ready()
    # The service worker is active once its precache is complete.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")


def test_new_build_replaces_the_old_cache(page, tmp_path, wait_ready):
    """Updates as a user meets them: a new build installs beside the running
    one and waits (the page keeps the old build's files); the next reload
    gets the new build whole, and its cache replaces the old one."""
    out = tmp_path / "site"
    old = build_site.build(out)["version"]
    server, url = serve.start_server(out)
    try:
        page.goto(url)
        wait_ready(page)
        assert page.evaluate(CACHES) == [f"lepeuple-{old}"]
        new = new_build(out)  # one file changes, so does the service worker's version
        assert new != old
        # A reload: the browser finds the new worker, which installs (a complete
        # cache of its own) and waits, while the page still runs the old build.
        page.bring_to_front()  # a person reloading a tab has it focused: the update waits for that
        page.reload()
        wait_ready(page)
        wait_for_new_worker(page)
        assert sorted(page.evaluate("caches.keys()")) == sorted([f"lepeuple-{old}", f"lepeuple-{new}"])
        assert page.evaluate(BUILD) == "old"
        # The next reload: the old worker answers with the "new version" page,
        # the new worker takes over, that page reloads itself on the new build.
        assert reload_onto_new_build(page) is not None, "the update got stuck"
        wait_ready(page)
        assert not page.evaluate(WAITING)
        deadline = time.monotonic() + 30
        while page.evaluate(CACHES) != [f"lepeuple-{new}"]:
            assert time.monotonic() < deadline, page.evaluate(CACHES)
            page.wait_for_timeout(200)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
    finally:
        server.shutdown()


# No service worker here, so that the route below sees every request.
@pytest.mark.parametrize("context_options", [{"service_workers": "block"}])
def test_python_error_is_shown_on_the_page(page, site_url, recorder):
    """The page's Python fails as it starts (web/main.py, the file PyScript runs in its worker,
    raises): the page says so, in words and with Python's own."""
    page.route("**/web/main.py", lambda route: route.fulfill(body="raise RuntimeError('boom')\n"))
    recorder.allow_console("RuntimeError: boom")
    page.goto(site_url)
    page.wait_for_selector("#error:not([hidden])", timeout=60_000)
    assert "The game could not start" in page.locator("#error").inner_text()
    assert "RuntimeError: boom" in page.locator("#error").inner_text()
    assert page.locator("body[data-ready]").count() == 0
