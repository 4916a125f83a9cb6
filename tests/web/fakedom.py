"""A stand-in for web/dom.py: keeps the last markup, parses what is clickable."""

import asyncio
import json
from html.parser import HTMLParser

from web.markup import to_html


class Clickables(HTMLParser):
    """Every enabled element with data-act, and the text of the whole page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.acts, self.texts, self.forms = [], [], {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-act" in a and "disabled" not in a:
            raw = a.get("data-arg")
            self.acts.append((a["data-act"], json.loads(raw) if raw else None))
        enabled = tag in ("input", "select") and "name" in a and "disabled" not in a
        if enabled and (a.get("type") != "radio" or "checked" in a):
            self.forms[a["name"]] = a.get("value", "")

    def handle_data(self, data):
        self.texts.append(data)


class _Until:
    """What a sleeping task waits for on the injected clock."""

    def __init__(self, until):
        self.until = until

    def __await__(self):
        yield self


class FakeDom:
    """`clock=True`: an injected clock. `sleep` then waits until `advance` moves the
    clock past it (`slept` lists the seconds asked); else it only yields."""

    def __init__(self, clock=False):
        self.now = 0.0 if clock else None
        self.slept = []
        self.parked = []  # [(until, coroutine)] asleep on the clock
        self.html = ""
        self.flags = {}
        self.tasks = []
        self.form = None  # overrides the form fields read from the markup
        self.query = None
        self.fragment = None  # the address's fragment, as set by the App (a link scanned)
        self.lang = None
        self.downloads = []  # (file name, text) of each file saved
        self.net_sent = []  # messages to the browser's WebRTC side (dom.net), oldest first
        self.shared = []  # texts handed to the device's share sheet
        self.can_share = False  # does this device have a share sheet?

    def render(self, node, focus=None):
        self.html = to_html(node)
        self.focus = focus

    def parsed(self):
        p = Clickables()
        p.feed(self.html)
        return p

    def acts(self):
        return self.parsed().acts

    def text(self):
        return " ".join(self.parsed().texts)

    def read_form(self):
        fields = self.parsed().forms
        if self.form:
            fields.update(self.form)
        return fields

    def flag(self, name, value):
        self.flags[name] = value

    def set_sound(self, on):
        self.sound = on

    def set_language(self, code):
        self.lang = code

    def replace_query(self, query):
        self.query = query

    def drop_fragment(self):
        self.fragment_dropped = True
        self.fragment = None

    def set_fragment(self, fragment):
        self.fragment = fragment

    def page_url(self):
        return "http://127.0.0.1:8000/"

    def copy_text(self, text):
        self.clipboard = text
        return True

    def download(self, text, name):
        self.downloads.append((name, text))

    def net(self, message):
        self.net_sent.append(message)

    def share_text(self, text):
        if self.can_share:
            self.shared.append(text)
        return self.can_share

    def spawn(self, coro):
        self.tasks.append(coro)

    async def sleep(self, seconds):
        self.slept.append(seconds)
        if self.now is None:
            await asyncio.sleep(0)
        else:
            await _Until(self.now + seconds)

    def run_tasks(self):
        """Run spawned coroutines (bots, hints) to the end, one after another.

        Stepped by hand, with no event loop: `asyncio.sleep(0)` only yields, and
        the end-to-end tests' Playwright may already run a loop in this thread."""
        while self.tasks:
            self._run(self.tasks.pop(0))

    def _run(self, coro):
        try:
            while True:
                waits = coro.send(None)
                if isinstance(waits, _Until) and waits.until > self.now:
                    self.parked.append((waits.until, coro))
                    return
        except StopIteration:
            pass

    def next_wake(self):
        """When the first sleeping task wakes (None: none sleeps)."""
        return min((until for until, _ in self.parked), default=None)

    def advance(self, seconds):
        """Move the injected clock on; tasks whose time has come run on."""
        self.now += seconds
        due = sorted((p for p in self.parked if p[0] <= self.now), key=lambda p: p[0])
        self.parked = [p for p in self.parked if p[0] > self.now]
        for _, coro in due:
            self._run(coro)
        self.run_tasks()
