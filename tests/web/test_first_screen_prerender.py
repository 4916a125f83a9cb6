"""The first screen before Python is ready: rendered at build time by the page's own
render code (scripts/prerender.py), taken over by Python with what the player chose
(web/startup/takeover.py), and the table kept for the next visit only where anyone may see it."""

import json
import random
import shutil
from html.parser import HTMLParser

import pytest

from fakedom import FakeDom
from scripts import build_site, prerender
from web.app import App
from web.i18n import CODES
from web.markup import to_html
from web.model.storage import PREFS_KEY, MemoryBackend
from web.startup import takeover


class FormDom(FakeDom):
    """The fake DOM, reading the form as a browser does (the selected option of each menu)."""

    def read_form(self):
        return {**drawn_fields(self.html), **(self.form or {})}


class Fields(HTMLParser):
    def __init__(self):
        super().__init__()
        self.fields, self.select = {}, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "disabled" in a or tag not in ("input", "select", "option"):
            return
        if tag == "select":
            self.select = a["name"]
        elif tag == "option" and "selected" in a:
            self.fields[self.select] = a["value"]
        elif a.get("type") in ("text", "number") or (a.get("type") == "radio" and "checked" in a):
            self.fields[a["name"]] = a.get("value", "")


def drawn_fields(html):
    """The new-game form's fields as drawn in `html` (the header's menus left out)."""
    parser = Fields()
    parser.feed(html[html.index("<form"):html.index("</form>")])
    return parser.fields


def boot(lang="en", items=None, search="", state=None, typed=None):
    """The page started as web/startup/boot.py starts it, after the first screen left `state`;
    `typed`: the form's text as typed early, which web/startup/boot.py puts back."""
    dom, backend = FormDom(), MemoryBackend(items)
    app = App(dom, backend, search, [lang], clock=lambda: 1000, rng=random.Random(1))
    state = state or {}
    takeover.before_boot(app, state)
    app.boot()
    takeover.after_boot(app, state)
    dom.form = typed
    takeover.pending(app, state)
    dom.run_tasks()
    return app, dom, backend


# ----- one source -----------------------------------------------------------

@pytest.mark.parametrize("lang", CODES)
def test_the_prerendered_new_game_screen_is_what_the_page_draws(lang):
    app, dom, _ = boot(lang)
    app.command("seats", prerender.SEATS)
    assert dom.html == to_html(prerender.new_page(lang))


@pytest.mark.parametrize("lang", CODES)
def test_the_prerendered_rules_are_the_rules_page_the_page_draws(lang):
    app, dom, _ = boot(lang)
    app.command("rules")
    assert app.screen == "rules"
    assert prerender.rules(lang) in dom.html


def test_the_built_page_holds_every_prerendered_screen(tmp_path):
    shutil.copy(build_site.ROOT / "index.html", tmp_path / "index.html")
    build_site.write_first_screen(tmp_path)
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert build_site.FIRST_SCREEN not in page
    for lang in CODES:
        assert to_html(prerender.new_page(lang)) in page
        assert (tmp_path / "rules" / f"{lang}.html").read_text(encoding="utf-8") == prerender.rules(lang)
    assert page.count("<template data-first") == len(CODES)
    assert "<script>" not in page  # no inline script: the page's CSP refuses them


# ----- the takeover ---------------------------------------------------------

FIELDS = {"kind-0": "human", "name-0": "Ann", "kind-1": "human", "name-1": "Bea", "kind-2": "bot:hard",
          "kind-3": "bot:easy", "defense": "shield", "scores": "hidden", "target": "15", "seed": "42"}


def form_state(**extra):
    return {"shown": "form", "fields": dict(FIELDS), "lang": "en", "lang_chosen": False, "speed": None,
            "pending": None, "rules": False, **extra}


def test_the_choices_made_early_are_in_pythons_first_drawing():
    app, dom, _ = boot(state=form_state())
    assert drawn_fields(dom.html) == FIELDS
    assert app.screen == "new"


def test_a_language_chosen_early_is_drawn_and_remembered():
    app, dom, backend = boot("en", state=form_state(lang="ja", lang_chosen=True, speed="fast"))
    assert dom.lang == "ja" and "ゲーム開始" in dom.text()
    assert json.loads(backend.items[PREFS_KEY]) == {"lang": "ja", "speed": "fast"}
    assert drawn_fields(dom.html)["name-1"] == "Bea"


def test_an_early_start_starts_the_game_with_the_choices():
    app, _, _ = boot(state=form_state(pending="start"))
    assert app.screen == "table"
    setup = app.session.setup
    assert [s.name for s in setup.seats[:2]] == ["Ann", "Bea"]
    assert [s.level for s in setup.seats[2:]] == ["hard", "easy"]
    assert setup.options == {"defense": "shield", "scores": "hidden", "target": 15}
    assert setup.seed == 42


def test_an_early_start_with_a_bad_field_shows_the_form_with_the_error():
    fields = dict(FIELDS, seed="abc")
    app, dom, _ = boot(state=form_state(fields=fields, pending="start"), typed={"seed": "abc"})
    assert app.screen == "new" and app.session is None
    assert app.form.errors == [("err.seed", {"value": "abc"})]


def test_scan_the_invitation_pressed_early_asks_for_the_camera_once_python_is_ready():
    app, dom, _ = boot(state=form_state(pending="net-scan"))
    assert app.screen == "new" and 'data-scan="invite"' in dom.html


def test_the_rules_left_open_early_are_open():
    app, _, _ = boot(state=form_state(rules=True))
    assert app.screen == "rules"


def test_what_was_chosen_on_a_form_never_shown_is_ignored():
    state = form_state(shown="kept", pending="start", lang="fr", lang_chosen=True)
    app, dom, _ = boot(state=state)
    assert app.screen == "new" and app.session is None and dom.lang == "en"
    assert drawn_fields(dom.html)["kind-1"] == "bot:normal"


@pytest.mark.parametrize("text", ["", "null", "[1]", "{broken", '"x"'])
def test_an_unreadable_state_is_no_state(text):
    assert takeover.read_state(text) == {}


# ----- the table kept for the next visit -------------------------------------

def test_a_game_against_bots_is_kept_and_forgotten_when_discarded():
    app, _, _ = boot(search="?players=human,bot:easy,bot:easy&seed=3&speed=instant")
    assert takeover.kept_table(app, pass_screen_shown=False) == "keep"
    app.command("tutorial")
    assert takeover.kept_table(app, pass_screen_shown=False) is None  # the table waits behind
    app.command("tut-leave")
    assert app.screen == "table"
    app.command("new")
    app.command("discard")
    assert takeover.kept_table(app, pass_screen_shown=False) == "drop"


def test_hot_seat_keeps_only_the_pass_screen():
    app, _, _ = boot(search="?players=human,human,bot:easy&seed=8&speed=instant")
    assert app.game.needs_pass()
    assert takeover.kept_table(app, pass_screen_shown=True) == "keep"
    app.command("pass-ok")
    assert takeover.kept_table(app, pass_screen_shown=False) == "drop"  # a hand is on the page


def test_no_game_keeps_nothing():
    app, _, _ = boot()
    assert takeover.kept_table(app, pass_screen_shown=False) == "drop"
