"""Fixtures for end-to-end tests of the built page in headless Chromium.

Every test in tests/e2e/ is marked `e2e` (deselect with -m "not e2e"); those
that wait out the page's real pauses are marked `realtime` too (pyproject.toml).

    site_url     base URL of the freshly built _site/ on 127.0.0.1 (session)
    browser      Playwright Browser, Debian's Chromium when present (session)
    context      a fresh BrowserContext (empty profile); options: context_options
    recorder     browser.Recorder of that context: .requests, .allow_console(regex)
    page         a Page of that context; at teardown the test fails if any
                 request left 127.0.0.1, got an HTTP error, or the page logged
                 a console error or raised
    wait_ready   wait_ready(page, timeout_ms=60_000): until body[data-ready]
    goto_ready   goto_ready("?seed=7") -> page: open the game page, wait ready

Playwright's sync API is used directly (no pytest-playwright).

The page's Python runs in a Web Worker: a click reaches it as a message, and
what it draws comes back a moment later. As a person looks at the result of
what they did, every click, tap, key press and menu choice of these tests waits
until the page says it has handled it (body[data-busy] gone: web/page/page.mjs),
at most SETTLE_MS; a test then reads the page as it is after that input.
"""

from pathlib import Path

import pytest

from scripts import browser as chromium, build_site, serve

ROOT = Path(__file__).resolve().parents[2]

HERE = Path(__file__).resolve().parent
SETTLE_MS = 30_000
SETTLED = "() => !document.body || !document.body.dataset.busy"


def settle(page):
    """Until the page has handled the input just given (a page that navigated away counts as settled)."""
    try:
        page.wait_for_function(SETTLED, timeout=SETTLE_MS)
    except Exception as error:  # a page closed or navigating: nothing left to wait for
        if "Timeout" in type(error).__name__:
            raise


def _settling(method, page_of):
    def act(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        settle(page_of(self))
        return result
    act.__wrapped__ = method
    return act


def _settle_after_inputs():
    """Every input method of Playwright's sync API waits for the page to settle after it."""
    from playwright.sync_api import Keyboard, Locator, Page

    if getattr(Page.click, "__wrapped__", None):
        return
    for cls, page_of in ((Page, lambda p: p), (Locator, lambda loc: loc.page)):
        for name in ("click", "dblclick", "tap", "press", "select_option", "check", "set_input_files"):
            setattr(cls, name, _settling(getattr(cls, name), page_of))
    keyboard_of = Page.keyboard.fget

    def keyboard(page):  # a keyboard knows its page, so that its key presses settle too
        found = keyboard_of(page)
        found.lepeuple_page = page
        return found

    Page.keyboard = property(keyboard)
    Keyboard.press = _settling(Keyboard.press, lambda found: found.lepeuple_page)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "e2e: end-to-end test of the built page in headless Chromium")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_url():
    # Build here too (0.3 s), so `pytest tests/e2e` never tests a stale site.
    build_site.build()
    server, url = serve.start_server(ROOT / "_site")
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright  # only e2e runs need it

    _settle_after_inputs()
    with sync_playwright() as playwright:
        instance = chromium.launch(playwright)
        yield instance
        instance.close()


@pytest.fixture
def context_options():
    """Override in a test module to pass options to browser.new_context()."""
    return {}


@pytest.fixture
def context(browser, context_options):
    ctx = browser.new_context(**context_options)
    yield ctx
    ctx.close()


@pytest.fixture
def recorder(context):
    return chromium.Recorder(context)


@pytest.fixture
def page(context, recorder):
    yield context.new_page()
    problems = recorder.problems()
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)


@pytest.fixture
def wait_ready():
    return chromium.wait_ready


@pytest.fixture
def goto_ready(page, site_url):
    def goto(path="", timeout_ms=60_000):
        page.goto(site_url + path)
        chromium.wait_ready(page, timeout_ms)
        return page
    return goto
