"""What each bot level does, in plain words: the locales' level.LEVEL.about texts
(English = lepeuple.bots.LEVELS) and the new-game form that shows them."""

import random
from html.parser import HTMLParser

import pytest

from fakedom import FakeDom
from lepeuple.bots import LEVELS
from web import i18n
from web.app import App
from web.model.storage import MemoryBackend


def test_english_about_texts_are_the_engines_descriptions():
    en = i18n.catalog("en")
    assert {lv: en[f"level.{lv}.about"] for lv in LEVELS} == LEVELS


@pytest.mark.parametrize("lang", i18n.CODES)
def test_every_language_describes_every_level(lang):
    catalog = i18n.catalog(lang)
    for lv in LEVELS:
        text = catalog.get(f"level.{lv}.about")
        assert isinstance(text, str) and text.strip(), (lang, lv)
        assert "{" not in text, (lang, lv)  # plain text, no fields
        if lang != "en":
            assert text != LEVELS[lv], (lang, lv)  # translated, not copied


class Elements(HTMLParser):
    """Attributes of every element, and the text of each element with an id."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements, self.by_id, self._open = [], {}, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        if "id" in a:
            self.by_id[a["id"]] = ""
        self._open.append(a.get("id"))

    def handle_endtag(self, tag):
        if self._open:
            self._open.pop()

    def handle_data(self, data):
        for el_id in self._open:
            if el_id:
                self.by_id[el_id] += data


def _form(lang="en", **kinds):
    """The new-game screen after the seats' menus were set to `kinds` (kind_2="bot:hard")."""
    dom = FakeDom()
    app = App(dom, MemoryBackend(), f"?lang={lang}", ["en-GB"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    assert app.screen == "new"
    dom.form = {k.replace("_", "-"): v for k, v in kinds.items()}
    app.change("form", None)
    page = Elements()
    page.feed(dom.html)
    return page


def _select(page, name):
    return next(a for tag, a in page.elements if tag == "select" and a.get("name") == name)


def _notes(page):
    """level -> the class of its entry in the form's note."""
    return {a["data-level"]: a["class"].split() for tag, a in page.elements if "data-level" in a}


def test_each_bot_seats_menu_is_described_by_its_levels_text():
    page = _form(kind_0="human", kind_1="bot:easy", kind_2="bot:hard")
    assert "aria-describedby" not in _select(page, "kind-0")  # a person: nothing to describe
    for seat, level in ((1, "easy"), (2, "hard")):
        described = _select(page, f"kind-{seat}")["aria-describedby"]
        assert page.by_id[described] == LEVELS[level]
    assert list(_notes(page)) == list(LEVELS)  # every level is listed, easiest first
    assert {lv for lv, cls in _notes(page).items() if "used" in cls} == {"easy", "hard"}


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_changing_a_seat_to_hard_shows_hard_in_french_and_japanese(lang, english_after):
    page = _form(lang, kind_0="human", kind_1="bot:normal", kind_2="bot:hard")
    described = _select(page, "kind-2")["aria-describedby"]
    assert page.by_id[described] == i18n.catalog(lang)["level.hard.about"]
    assert "used" in _notes(page)["hard"] and "used" not in _notes(page)["easy"]


def test_the_form_offers_beginner_below_easy_and_describes_it():
    page = _form(kind_0="human", kind_1="bot:beginner", kind_2="bot:easy")
    offered = [a["value"] for tag, a in page.elements if tag == "option" and a["value"].startswith("bot:")]
    assert offered[:4] == ["bot:beginner", "bot:easy", "bot:normal", "bot:hard"]  # the first seat menu, easiest first
    described = _select(page, "kind-1")["aria-describedby"]
    assert page.by_id[described] == LEVELS["beginner"]
    assert {lv for lv, cls in _notes(page).items() if "used" in cls} == {"beginner", "easy"}
