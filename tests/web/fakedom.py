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


class FakeDom:
    def __init__(self):
        self.html = ""
        self.flags = {}
        self.tasks = []
        self.form = None  # overrides the form fields read from the markup
        self.query = None
        self.lang = None

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

    def page_url(self):
        return "http://127.0.0.1:8000/"

    def copy_text(self, text):
        self.clipboard = text
        return True

    def spawn(self, coro):
        self.tasks.append(coro)

    async def sleep(self, seconds):
        await asyncio.sleep(0)

    def run_tasks(self):
        """Run spawned coroutines (bots, hints) to the end, one after another.

        Stepped by hand, with no event loop: `asyncio.sleep(0)` only yields, and
        the end-to-end tests' Playwright may already run a loop in this thread."""
        while self.tasks:
            coro = self.tasks.pop(0)
            try:
                while True:
                    coro.send(None)
            except StopIteration:
                pass
