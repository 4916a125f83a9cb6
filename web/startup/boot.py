"""Starting the page's Python in its Web Worker, and what the page tells it.

web/main.py (which PyScript runs in its worker) calls `serve(post)`, and then hands
every message of the page's main thread (web/page/page.mjs) to the function it
returns. The first is "boot": the facts only the page knows (its address, the
browser's languages, what localStorage holds, what the player did on the first
screen before Python was ready). Then the player's input (command, change,
file, a game's link pasted into the address), what other tabs wrote to storage, a
write the browser refused, WebRTC events. The App answers through web/dom.WorkerDom; body[data-ready] is set by
the page once the App has drawn its first screen and says "ready".

Before Python is ready the page already showed its first screen
(web/startup/firstscreen.mjs); what the player did there is taken over here
(web/startup/takeover.py), and after each drawing the table may be kept for
the next visit's first screen (the page keeps it when a render says "keep").
"""

import json
import time
import traceback

from .. import contract
from ..app import App
from ..dom import WorkerDom
from ..model.storage import MemoryBackend, PageStorage
from . import takeover


class Link:
    """The App in this worker and the page it draws: `receive` takes each message of the page."""

    def __init__(self, post, schedule=None, clock=time.time):
        self.dom = WorkerDom(post, schedule)
        self.clock = clock
        self.app = None
        self.storage = None

    def receive(self, text):
        kind = None
        try:
            message = contract.check("TO_WORKER", json.loads(text))
            kind = message["type"]
            if kind == "boot":
                self.boot(message)
            elif self.app is not None and kind in HANDLERS:
                HANDLERS[kind](self, message)
        except Exception:  # shown on the page; the worker goes on
            self.dom.show_error(traceback.format_exc())
        finally:
            if kind in INPUTS:  # what it drew, if anything, goes with this
                self.dom.send({"type": "done"})
            self.dom.flush()

    # ----- start-up --------------------------------------------------------

    def boot(self, facts):
        """The App, from what the page knows; its first screen drawn."""
        dom = self.dom
        dom.url = str(facts.get("url", ""))
        dom.can_share = bool(facts.get("share"))
        saving = bool(facts.get("saving"))
        self.storage = PageStorage(facts.get("storage"), dom.send) if saving else MemoryBackend()
        app = App(dom, self.storage, str(facts.get("search", "")), list(facts.get("languages") or []),
                  clock=self.clock, saving=saving, fragment=str(facts.get("hash", "")))
        self.app = app
        dom.bind(app)
        dom.keeping = lambda: takeover.kept_table(app, app.game.pass_screen_up())
        state = takeover.read_state(facts.get("first"))
        dom.form = takeover.form_fields(state) or {}  # the form as the first screen left it: Start reads it
        takeover.before_boot(app, state)
        app.boot()
        takeover.after_boot(app, state)
        fields = takeover.form_fields(state) if app.screen == "new" else None
        if fields:  # the text fields as typed early: a refused value stays, to be refused again
            dom.send({"type": "fields", "fields": fields})
        takeover.pending(app, state)
        dom.send({"type": "ready"})

    # ----- what the page says ----------------------------------------------

    def command(self, message):
        """A click on a control (data-act). A choice of play (a card, a tile, draw …) made
        on a drawing older than the last action is not acted on: the page draws a
        moment after the worker decides, and a double tap must never play two actions."""
        self.dom.form = dict(message.get("form") or {})
        act = str(message["act"])
        if act not in self.app.routes and self.dom.moment_of(message.get("seq")) != self.app.moment():
            return
        self.app.command(act, message.get("arg"))

    def change(self, message):
        self.dom.form = dict(message.get("form") or {})
        self.app.change(str(message["name"]), str(message["value"]))

    def file(self, message):
        self.app.import_text(str(message["text"]))

    def storage_event(self, message):
        key, value = message.get("key"), message.get("value")
        self.storage.heard(key, value)
        self.app.storage_changed(key)

    def refused(self, message):
        """The browser refused a write (a full quota, or another value there than expected):
        the page's real value is kept here too."""
        key = str(message["key"])
        self.storage.refused(key, message.get("value"))
        self.app.storage_refused(key, message.get("reason"))

    def moved(self, message):
        """The page's answer to a move (web/model/storage.PageStorage.move)."""
        self.storage.moved(message["id"], message.get("refused"))

    def hash(self, message):
        """The address's fragment changed while the tab is open (a link pasted or followed)."""
        self.app.fragment_changed(str(message["hash"]))

    def redraw(self, _message):
        """The page lost what was drawn: everything is sent again."""
        self.dom.forget_drawn()
        self.app.render()

    def scan(self, message):
        """The camera read a QR code (web/page/scan.mjs), or could not: taken as a pasted code,
        or an invitation's link opened."""
        text, trouble = message.get("text"), message.get("trouble")
        self.app.scanned(str(message["target"]), None if text is None else str(text),
                         None if trouble is None else str(trouble))

    def net(self, message):
        contract.check("NET_EVENTS", message["message"])
        handler = getattr(self.app, "net_event", None)
        if handler is not None:
            handler(message["message"])


# The player's input: each is answered "done" once handled (the page is busy until then).
INPUTS = contract.INPUTS
# What each message of the page (contract.TO_WORKER, but "boot") is handled by.
HANDLERS = {"command": Link.command, "change": Link.change, "file": Link.file, "storage": Link.storage_event,
            "refused": Link.refused, "moved": Link.moved, "redraw": Link.redraw, "hash": Link.hash, "net": Link.net,
            "scan": Link.scan}


def serve(post):
    """The function web/main.py hands each message of the page to. The page is told at once
    that Python hears it ("python": then it sends "boot")."""
    link = Link(post)
    post(json.dumps({"type": "python"}))
    return link.receive
