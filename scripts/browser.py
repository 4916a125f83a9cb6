"""Headless Chromium for the end-to-end tests and the startup benchmark.

Shared by tests/e2e/conftest.py and scripts/bench/startup_bench.py. Playwright is
imported by the callers (sync API), so importing this module needs nothing.
"""

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

# --no-sandbox: Chromium's sandbox refuses to run as root. The rest keep
# Chromium from phoning home: on a closed network those connections fail,
# and the page itself must be the only thing talking to the network.
LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
READY = "body[data-ready]"
ERROR = "#error:not([hidden])"
ALLOWED_HOSTS = {"127.0.0.1"}


def chromium_path():
    """The Chromium to drive, or None for Playwright's own download.

    LEPEUPLE_CHROMIUM (set by scripts/test; empty means Playwright's own),
    else CHROMIUM, else Debian's /usr/bin/chromium if present."""
    if "LEPEUPLE_CHROMIUM" in os.environ:
        return os.environ["LEPEUPLE_CHROMIUM"] or None
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def launch_options(**extra):
    return {"headless": True, "executable_path": chromium_path(), "args": LAUNCH_ARGS, **extra}


def launch(playwright, **extra):
    """A browser; each new_context() of it is a fresh profile."""
    return playwright.chromium.launch(**launch_options(**extra))


def launch_persistent(playwright, user_data_dir, **extra):
    """A context on a profile directory that outlives it (warm starts)."""
    return playwright.chromium.launch_persistent_context(str(user_data_dir), **launch_options(**extra))


def wait_ready(page, timeout_ms=60_000):
    """Wait until the page sets body[data-ready]; fail fast, with the page's
    own message, if it shows an error instead."""
    page.wait_for_selector(f"{READY}, {ERROR}", state="attached", timeout=timeout_ms)
    if not page.locator(READY).count():
        raise AssertionError("the page shows an error:\n" + page.locator("#error").inner_text())


def is_allowed(url):
    """True for the local server and for in-browser URLs (data:, blob:)."""
    parts = urlsplit(url)
    return parts.scheme in {"data", "blob"} or parts.hostname in ALLOWED_HOSTS


class Recorder:
    """Records a context's requests, console errors and page errors.

    problems() lists what must not happen: a request to any host but the local
    server, an HTTP error status, a console error, an uncaught page error.
    A test that expects some console error calls allow_console(regex)."""

    def __init__(self, context):
        self.requests, self.problems_seen, self.allowed = [], [], []
        context.on("request", self._on_request)  # includes the service worker's
        context.on("response", self._on_response)
        context.on("page", self.watch)
        for page in context.pages:
            self.watch(page)

    def watch(self, page):
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.problems_seen.append(f"page error: {error}"))

    def allow_console(self, pattern):
        self.allowed.append(re.compile(pattern))

    def _on_request(self, request):
        self.requests.append(request.url)
        if not is_allowed(request.url):
            self.problems_seen.append(f"off-host request: {request.method} {request.url}")

    def _on_response(self, response):
        if response.status >= 400:
            self.problems_seen.append(f"HTTP {response.status}: {response.url}")

    def _on_console(self, message):
        if message.type == "error" and not any(p.search(message.text) for p in self.allowed):
            self.problems_seen.append(f"console error: {message.text}")

    def problems(self):
        return list(self.problems_seen)
