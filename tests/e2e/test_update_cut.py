"""A new version whose download is cut short never replaces the running one: the
old build's cache stays whole, no half-filled cache is left, and the next visit
with the network back installs the new build."""

import time

from scripts import browser as chromium, build_site, serve
from scripts.site_update import BUILD, CACHES, WAITING, new_build, wait_for_new_worker

INSTALLING = "navigator.serviceWorker.getRegistration().then((r) => !!(r && r.installing))"


def settle(page, seconds=30):
    """Wait until no new service worker is installing (it installed or gave up)."""
    deadline = time.monotonic() + seconds
    page.wait_for_timeout(500)
    while page.evaluate(INSTALLING):
        assert time.monotonic() < deadline, "a service worker kept installing"
        page.wait_for_timeout(200)


def test_an_update_cut_short_leaves_the_old_build_whole(browser, tmp_path, wait_ready):
    out = tmp_path / "site"
    old = build_site.build(out)["version"]
    server, url = serve.start_server(out)
    context = browser.new_context()  # its own: the failed downloads below are expected
    seen = chromium.Recorder(context)
    try:
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        assert page.evaluate(CACHES) == [f"lepeuple-{old}"]
        # A new build, and the one changed file cannot be downloaded (the network cut).
        new = new_build(out)
        index, hidden = out / "index.html", out / "index.hidden"
        index.rename(hidden)
        page.reload()
        wait_ready(page)
        deadline = time.monotonic() + 60  # the new worker tries (the page registers it once ready) and fails
        while not any(p.startswith("HTTP 404") and p.endswith("/index.html") for p in seen.problems()):
            assert time.monotonic() < deadline, (seen.problems(), seen.requests[-15:])
            page.wait_for_timeout(200)
        settle(page)
        assert not page.evaluate(WAITING)
        assert page.evaluate("caches.keys()").count(f"lepeuple-{new}") == 0  # nothing half-filled
        assert f"lepeuple-{old}" in page.evaluate("caches.keys()")
        assert page.evaluate(BUILD) == "old"
        # The network is back: the next visit installs the new build whole.
        hidden.rename(index)
        page.reload()
        wait_ready(page)
        wait_for_new_worker(page)
        assert f"lepeuple-{new}" in page.evaluate("caches.keys()")
    finally:
        context.close()
        server.shutdown()
