"""Starting the page in the browser: the controller, its DOM and its storage.

web/main.py (the entry index.html runs) calls `start()`. body[data-ready] is
set last, once the first screen is drawn and clicks are routed.

Before Python is ready the page already showed its first screen
(web/startup/firstscreen.mjs); what the player did there is taken over here
(web/startup/takeover.py), and after each drawing the table is kept for the next
visit's first screen (KeepingDom).
"""

import json
import time
import traceback

from pyscript import document, window

from ..app import App
from ..dom import BrowserDom, absent, show_error
from ..model.storage import SAVE_KEY, MemoryBackend
from . import takeover


class KeepingDom(BrowserDom):
    """The page's DOM, keeping the table as drawn in storage when web/startup/takeover.py allows."""

    def __init__(self, root, storage):
        super().__init__(root)
        self.storage = storage
        self.kept = None  # "keep" or "drop": what was last done

    def render(self, node, focus=None):
        super().render(node, focus)
        what = takeover.kept_table(self.app, not absent(self.root.querySelector(".pass-screen")))
        try:
            if what == "keep":
                page = {"lang": str(document.documentElement.lang), "html": str(self.root.innerHTML),
                        "save_end": (self.storage.getItem(SAVE_KEY) or "")[-takeover.SAVE_END:]}
                self.storage.setItem(takeover.KEPT_KEY, json.dumps(page, ensure_ascii=False))
            elif what == "drop" and self.kept != "drop":
                self.storage.removeItem(takeover.KEPT_KEY)
        except Exception:  # storage full or refused: the next visit waits for Python
            what = None
        self.kept = what or self.kept


class BrowserStorage:
    """localStorage with Python values: JavaScript's null comes back as None."""

    def __init__(self, storage):
        self.storage = storage

    def getItem(self, key):
        value = self.storage.getItem(key)
        return None if absent(value) else str(value)

    def setItem(self, key, value):
        self.storage.setItem(key, value)

    def removeItem(self, key):
        self.storage.removeItem(key)


def local_storage():
    """window.localStorage, or a memory stand-in where the browser refuses it."""
    try:
        storage = BrowserStorage(window.localStorage)
        storage.getItem("lepeuple.probe")
        return storage
    except Exception:  # a SecurityError (storage disabled) comes as a JS error
        return MemoryBackend()


def first_screen_state():
    """What the player did on the first screen before Python was ready (web/startup/takeover.py)."""
    screen = getattr(window, "lepeupleFirstScreen", None)
    return {} if absent(screen) else takeover.read_state(str(screen.take()))


def restore_typed(root, fields):
    """The form's text fields as typed early (the draft keeps only valid values: a
    mistyped target must still be there, and refused, when Start is pressed)."""
    for name, value in (fields or {}).items():
        el = root.querySelector(f'form input[name="{window.CSS.escape(name)}"]')
        if not absent(el) and str(el.type) in ("text", "number") and str(el.value) != value:
            el.value = value


def start():
    try:
        storage = local_storage()
        dom = KeepingDom(document.getElementById("app"), storage)
        app = App(dom, storage, str(window.location.search), list(window.navigator.languages or []),
                  clock=time.time, saving=not isinstance(storage, MemoryBackend),
                  fragment=str(window.location.hash or ""))
        dom.bind(app)
        state = first_screen_state()
        takeover.before_boot(app, state)
        app.boot()
        takeover.after_boot(app, state)
        if app.screen == "new":
            restore_typed(dom.root, takeover.form_fields(state))
        takeover.pending(app, state)
    except Exception:  # any failure must reach the page, not only the console
        show_error(traceback.format_exc())  # readable on the page; data-ready stays unset
        return None
    document.body.dataset.ready = "1"
    return app
