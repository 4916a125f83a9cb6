"""The page, as the Python in its Web Worker reaches it: every call is a message.

The page's Python runs in a Web Worker (PyScript's: web/main.py); the page's
main thread only draws (web/page/*.mjs). `WorkerDom` implements the small
interface web/app.py uses (tests use a fake with the same methods) by sending
JSON messages to the main thread's patcher:

- render: only the regions whose markup changed (web/markup.to_regions: regions
  nest, so a new log turn sends that turn), the skeleton when it changed, where
  keyboard focus goes, and whether the table may be kept for the next visit;
- flag, lang, sound, query, fragment, copy, share, download, store (localStorage
  writes: web/model/storage.PageStorage), net (WebRTC), error.

Messages made while one task runs go together, at its end (`flush`): the page
patches once per task. What the page sends back reaches the App through
web/startup/boot.py.
"""

import asyncio
import json
import traceback

from . import contract
from .i18n import t
from .markup import to_regions

MOMENTS_KEPT = 64  # renders whose moment is remembered (a click is made on one of the last few)


class WorkerDom:
    """The page's DOM seen from the worker. `post(text)` sends a JSON text to the
    page; `schedule(callback)` runs a callback once the current task is over."""

    def __init__(self, post, schedule=None, url="", form=None):
        self.post = post
        self.schedule = schedule or (lambda callback: asyncio.get_event_loop().call_soon(callback))
        self.url = url  # the page's address without query or fragment
        self.can_share = False  # the browser has a share sheet (navigator.share): the page says at start-up
        self.app = None
        self.form = dict(form or {})  # the new-game form's fields, as the page last sent them
        self.keeping = lambda: None  # after a render: "keep" | "drop" | None (web/startup/takeover.kept_table)
        self.seq = 0  # renders sent; the page says which one a click was made on
        self.moments = {}  # the moment of play (App.moment) of the newest renders, by seq
        self._skeleton, self._regions = None, {}
        self._outbox = []

    def bind(self, app):
        self.app = app

    # ----- sending -------------------------------------------------------

    def send(self, message):
        """Queue a message for the page (web/contract.py declares it); all of this task's go together."""
        contract.check("TO_PAGE", message)
        if not self._outbox:
            self.schedule(self.flush)
        self._outbox.append(message)

    def flush(self):
        """Send what this task queued, as one JSON list."""
        if self._outbox:
            out, self._outbox = self._outbox, []
            self.post(json.dumps(out, ensure_ascii=False, separators=(",", ":")))

    def show_error(self, text):
        """A readable message on the page (and in its console) for a Python error."""
        self.send({"type": "error", "text": t("error.python") + "\n\n" + text})

    # ----- what App calls ------------------------------------------------

    def render(self, node, focus=None):
        """Send the regions whose markup changed (all of them after a new skeleton).
        focus="choice": the step's first choice (data-focus) takes the keyboard focus;
        a selector: that control; None: it stays where it was."""
        skeleton, regions = to_regions(node)
        changed = {name: html for name, html in regions.items() if self._regions.get(name) != html}
        self.seq += 1
        self.moments[self.seq] = self.app.moment() if self.app else None
        self.moments.pop(self.seq - MOMENTS_KEPT, None)
        message = {"type": "render", "seq": self.seq, "regions": changed, "focus": focus, "keep": self.keeping()}
        if skeleton != self._skeleton:
            message["skeleton"] = skeleton
        self._skeleton, self._regions = skeleton, regions
        self.send(message)

    def moment_of(self, seq):
        """The moment of play render `seq` showed (the newest one when it is not known)."""
        if seq in self.moments:
            return self.moments[seq]
        return self.app.moment() if self.app else None

    def forget_drawn(self):
        """The page lost what was drawn (a new worker took over): the next render sends it all."""
        self._skeleton, self._regions = None, {}

    def read_form(self):
        """The new-game form's fields as {name: value} (disabled fields left out), as
        the page sent them with the click or change being handled."""
        return dict(self.form)

    def flag(self, name, value):
        """body[data-NAME]: state for tests and styles (None removes it)."""
        if value is not None and not isinstance(value, str):
            value = json.dumps(value)
        self.send({"type": "flag", "name": name, "value": value})

    def set_language(self, code):
        """The page's language, and the few words its own scripts say."""
        words = {"title": t("title"), "your_turn": t("title.your_turn"), "why": t("rules.why")}
        self.send({"type": "lang", "code": code, "words": words})

    def set_sound(self, on):
        self.send({"type": "sound", "on": bool(on)})

    def replace_query(self, query):
        self.send({"type": "query", "query": query})

    def drop_fragment(self):
        self.send({"type": "fragment"})

    def set_fragment(self, fragment):
        """The address's fragment set to one of our links (a link scanned: as if opened here)."""
        self.send({"type": "fragment", "hash": fragment})

    def page_url(self):
        """The page's address without query or fragment (shared links start with it)."""
        return self.url

    def copy_text(self, text):
        """Put text on the clipboard (the page does it; the link is shown beside it in any case)."""
        self.send({"type": "copy", "text": text})
        return True

    def download(self, text, name):
        """Save `text` as the file `name` (JSON), made when asked."""
        self.send({"type": "download", "text": text, "name": name})

    def net(self, message):
        """A message for the page's WebRTC module (web/page/rtc.mjs); what it says back
        reaches App.net_event (web/startup/boot.py)."""
        self.send({"type": "net", "message": contract.check("NET_COMMANDS", message)})

    def share_text(self, text):
        """The device's share sheet with `text`; False where the browser has none (the
        page said at start-up: `can_share`)."""
        if not self.can_share:
            return False
        self.send({"type": "share", "text": text})
        return True

    def spawn(self, coro):
        async def run():
            try:
                await coro
            except Exception:  # a bot or hint failing is shown on the page
                self.show_error(traceback.format_exc())
        asyncio.ensure_future(run())

    async def sleep(self, seconds):
        await asyncio.sleep(seconds)
