"""The first screen, rendered at build time (scripts/build_site.py) under CPython
by the page's own render code (web/); not shipped to the page.

The page the server sends carries the new-game screen a first visitor sees,
one <template> per language, drawn for the largest table (5 seats: a first
visitor's 3 seats are its first 3 rows, as the 3/4/5 buttons add bots);
web/startup/firstscreen.mjs shows it at once and lets the player use it while Python
loads. The rules page is written per language beside it, fetched only when
opened before Python is ready. Python then draws the same markup itself
(web/startup/takeover.py carries over what was chosen).

One source: these are the very render functions the page calls (App.render:
the header and the new-game screen, `rules_page`); tests/web/test_first_screen_prerender.py
checks that the markup is what the page draws, tests/e2e/test_first_screen.py
that the form shown early is what Python then draws.
"""

from web import i18n
from web.markup import cached, h, to_html
from web.model import botrunner
from web.model.guide_game import STEPS
from web.model.newgame import Seat, Setup, default_level
from web.render import screens
from web.render.guide_view import offer
from web.render.remote import join_offer
from web.render.rules import rules_page

SEATS = 5  # the most a table takes (docs/rules.md R1)


def first_draft(count, levels):
    """The form a first visitor sees: one person, then bots of the middle level
    (the count buttons add bots, as web/model/newgame.setup_from_form does)."""
    return Setup([Seat()] + [Seat("bot", level=default_level(levels)) for _ in range(count - 1)])


def new_page(lang, count=SEATS):
    """The whole page of a first visit's new-game screen (what App.render draws)."""
    levels = botrunner.levels()
    i18n.set_language(lang)
    body = [offer(None, len(STEPS)), join_offer((None, 0)), screens.new_game(first_draft(count, levels), levels)]
    return h("div", {"class": "page screen-new"},
             screens.header(lang, "normal", None),
             h("main", {"class": "content"}, body, None))


def waiting_text(lang):
    """The loading bar's words after an early Start ({percent} filled in by the page)."""
    i18n.set_language(lang)
    return i18n.t("new.start.waiting")


def templates():
    """The markup of one <template> per language, for index.html."""
    out = []
    for lang in i18n.CODES:
        page = cached(new_page(lang))
        out.append(to_html(h("template", {"data-first": True, "data-lang": lang, "data-waiting": waiting_text(lang)},
                             page)))
    i18n.set_language("en")
    return "\n".join(out)


def rules(lang):
    """The rules page's markup in one language."""
    i18n.set_language(lang)
    try:
        return to_html(rules_page())
    finally:
        i18n.set_language("en")
