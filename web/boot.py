"""Starting the page in the browser: the controller, its DOM and its storage.

web/main.py (the entry index.html runs) calls `start()`. body[data-ready] is
set last, once the first screen is drawn and clicks are routed.
"""

import time
import traceback

from pyscript import document, window

from .app import App
from .dom import BrowserDom, absent, show_error
from .storage import MemoryBackend


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
    except Exception:  # noqa: BLE001 — a SecurityError (storage disabled) comes as a JS error
        return MemoryBackend()


def start():
    try:
        dom = BrowserDom(document.getElementById("app"))
        storage = local_storage()
        app = App(dom, storage, str(window.location.search), list(window.navigator.languages or []),
                  clock=time.time, saving=not isinstance(storage, MemoryBackend),
                  fragment=str(window.location.hash or ""))
        dom.bind(app)
        app.boot()
    except Exception:  # noqa: BLE001 — any failure must reach the page, not only the console
        show_error(traceback.format_exc())  # readable on the page; data-ready stays unset
        return None
    document.body.dataset.ready = "1"
    return app
