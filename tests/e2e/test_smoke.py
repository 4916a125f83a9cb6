"""The built page starts in headless Chromium from the local server alone.

The `page` fixture fails any test whose page requested another host than
127.0.0.1, got an HTTP error, or logged a console error.
"""

import time
from urllib.parse import urlsplit

import pytest

import build_site  # scripts/, put on sys.path by conftest.py
import serve


def test_page_reaches_ready(goto_ready, recorder):
    page = goto_ready()
    assert page.locator("#error").is_hidden()
    assert "Loading" not in page.locator("#app").inner_text()
    # The runtime really came from our copy, not from a CDN.
    paths = {urlsplit(url).path for url in recorder.requests}
    assert {"/vendor/pyscript/core.js", "/vendor/pyodide/pyodide.asm.wasm", "/python-files.json"} <= paths


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
    out = tmp_path / "site"
    old = build_site.build(out)["version"]
    server, url = serve.start_server(out)
    try:
        page.goto(url)
        wait_ready(page)
        caches = "navigator.serviceWorker.ready.then(() => caches.keys())"
        assert page.evaluate(caches) == [f"lepeuple-{old}"]
        # A new build: one file changes, so does the service worker's version.
        (out / "index.html").write_text((out / "index.html").read_text() + "<!-- new -->\n")
        new, _ = build_site.write_service_worker(out)
        page.reload()
        wait_ready(page)
        deadline = time.monotonic() + 30
        while page.evaluate(caches) != [f"lepeuple-{new}"]:
            assert time.monotonic() < deadline, page.evaluate(caches)
            page.wait_for_timeout(200)
    finally:
        server.shutdown()


# No service worker here, so that the route below sees every request.
@pytest.mark.parametrize("context_options", [{"service_workers": "block"}])
def test_python_error_is_shown_on_the_page(page, site_url, recorder):
    def broken(route):  # web/main.py, in the one file of our Python sources
        files = route.fetch().json()
        files["web/main.py"] = "def main():\n    raise RuntimeError('boom')\n"
        route.fulfill(json=files)

    page.route("**/python-files.json", broken)
    recorder.allow_console("RuntimeError: boom")
    page.goto(site_url)
    page.wait_for_selector("#error:not([hidden])", timeout=60_000)
    assert "RuntimeError: boom" in page.locator("#error").inner_text()
    assert page.locator("body[data-ready]").count() == 0
