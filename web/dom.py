"""The page's only contact with the browser (PyScript): drawing, input, timers.

`BrowserDom` implements the small interface web/app.py uses; tests use a fake
with the same methods. Clicks are delegated: one listener on #app reads the
clicked element's data-act / data-arg and calls `App.command`.
"""

import asyncio
import json
import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy

from .i18n import t
from .markup import join_regions, to_regions

try:
    from pyodide.ffi import jsnull  # PyScript hands JavaScript's null over as jsnull
except ImportError:
    jsnull = None


def absent(value):
    """True for JavaScript's null or undefined as they reach Python."""
    return value is None or value is jsnull


def show_error(text):
    """A readable message on the page (and in the console) for a Python error."""
    box = document.getElementById("error")
    box.textContent = t("error.python") + "\n\n" + text
    box.hidden = False
    window.console.error(text)


class BrowserDom:
    def __init__(self, root):
        self.root = root
        self.app = None
        self._proxies = []  # kept alive as long as the page: the listeners use them
        self._skeleton, self._regions = None, {}

    def bind(self, app):
        """Route clicks and select changes inside #app to the controller."""
        self.app = app
        for kind, handler in (("click", self._on_click), ("change", self._on_change)):
            proxy = create_proxy(self._guard(handler))
            self._proxies.append(proxy)
            self.root.addEventListener(kind, proxy)

    @staticmethod
    def _guard(handler):
        def run(event):
            try:
                handler(event)
            except Exception:  # noqa: BLE001 — shown on the page; the listener must survive
                show_error(traceback.format_exc())
        return run

    def _on_click(self, event):
        el = event.target.closest("[data-act]")
        if absent(el) or el.disabled:
            return
        event.preventDefault()
        raw = el.getAttribute("data-arg")
        raw = None if absent(raw) else str(raw)
        self.app.command(str(el.dataset.act), json.loads(raw) if raw else None)

    def _on_change(self, event):
        el = event.target.closest("[data-change]")
        if not absent(el):
            self.app.change(str(el.dataset.change), str(el.value))

    # ----- what App calls ------------------------------------------------

    def render(self, node):
        """Update the page: only the regions whose markup changed, or all of it when
        its frame changed; keep keyboard focus on the same control."""
        skeleton, regions = to_regions(node)
        focus = self._focus_key()
        if skeleton != self._skeleton:
            self.root.innerHTML = join_regions(skeleton, regions)
        else:
            for name, html in regions.items():
                if self._regions.get(name) != html:
                    self.root.querySelector(f'[data-region="{name}"]').outerHTML = html
        self._skeleton, self._regions = skeleton, regions
        if focus:
            el = self.root.querySelector(focus)
            if not absent(el):
                el.focus()

    def _focus_key(self):
        el = document.activeElement
        if absent(el) or not self.root.contains(el) or el == self.root:
            return None
        for attr in ("data-act", "data-change", "name"):
            value = el.getAttribute(attr)
            if not absent(value) and value:
                selector = f'[{attr}="{window.CSS.escape(value)}"]'
                arg = el.getAttribute("data-arg")
                if not absent(arg) and arg and attr == "data-act":
                    selector += f'[data-arg="{window.CSS.escape(arg)}"]'
                return selector
        return None

    def read_form(self):
        """The new-game form's fields as {name: value} (disabled fields are left out)."""
        form = self.root.querySelector("form")
        if absent(form):
            return {}
        data = window.FormData.new(form)
        return {str(pair[0]): str(pair[1]) for pair in data.entries()}

    def flag(self, name, value):
        """body[data-NAME]: state for tests and styles (None removes it)."""
        if value is None:
            document.body.removeAttribute("data-" + name)
        else:
            document.body.setAttribute("data-" + name, value if isinstance(value, str) else json.dumps(value))

    def set_language(self, code):
        document.documentElement.lang = code
        document.title = t("title")

    def replace_query(self, query):
        window.history.replaceState(None, "", window.location.pathname + query)

    def spawn(self, coro):
        async def run():
            try:
                await coro
            except Exception:  # noqa: BLE001 — a bot or hint failing is shown on the page
                show_error(traceback.format_exc())
        asyncio.ensure_future(run())

    async def sleep(self, seconds):
        await asyncio.sleep(seconds)
