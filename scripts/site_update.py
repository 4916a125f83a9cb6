"""A new version of the built site, as a returning player meets it: the helpers that make
one and follow the page and its service worker onto it (Playwright's sync API), shared by
the end-to-end tests (tests/e2e/test_smoke.py, test_update_cut.py) and
scripts/bench/update_stress.py."""

import time

from scripts import build_site

WAITING = "navigator.serviceWorker.getRegistration().then((r) => !!(r && r.waiting))"
# The caches once the active worker has finished activating (`ready` resolves
# as soon as it starts: its activate handler may still be deleting caches).
CACHES = """navigator.serviceWorker.ready.then((r) => r.active.state === "activated" ? null
    : new Promise((done) => r.active.addEventListener("statechange", done))).then(() => caches.keys())"""


def new_build(out):
    """Make the built site in `out` a new version: index.html gains a marker (read by
    BUILD in the tests) and the service worker a new version; returns that version."""
    index = out / "index.html"
    index.write_text(index.read_text().replace(
        "</head>", '<meta name="lepeuple-test-build" content="new">\n</head>', 1))
    return build_site.write_service_worker(out)[0]


BUILD = "document.querySelector('meta[name=lepeuple-test-build]')?.content ?? 'old'"


def reload_onto_new_build(page, seconds=60):
    """Reload `page` while a new service worker waits, as a player would, and wait until
    the "new version" page has reloaded itself onto the new build; returns the seconds
    that took, None if it has not within `seconds`. Navigations are watched from here:
    a page stuck mid-navigation never answers a page call (not even with a timeout)."""
    pending, loads = set(), []  # navigations not answered yet; loads since the reload
    page.on("request", lambda r: pending.add(r) if r.is_navigation_request() else None)
    page.on("requestfinished", lambda r: pending.discard(r))
    page.on("requestfailed", lambda r: pending.discard(r))
    page.on("load", lambda _page: loads.append(time.monotonic()))
    page.bring_to_front()  # a person reloading a tab has it focused: the update waits for that
    start = time.monotonic()
    page.reload()  # returns once the "new version" page (or already the new build) has loaded
    while time.monotonic() - start < seconds:
        if not pending and _shows(page, f"{BUILD} === 'new'"):
            return loads[-1] - start
        try:
            page.wait_for_event("load", timeout=500)
        except Exception:
            pass  # no load yet
    return None


def _shows(page, expression):
    try:
        return page.evaluate(expression)
    except Exception:  # it navigated meanwhile: asked again after its load
        return False


def wait_for_new_worker(page, seconds=60):
    """Until a new service worker has installed and waits to take over."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(WAITING):
        assert time.monotonic() < deadline, "the new service worker never got installed"
        page.wait_for_timeout(200)
