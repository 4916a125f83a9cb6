"""The log stays small whatever the game's length (issue 22): a game made endless
with draws draws at most the newest turns and a page of folded ones, and shows
more on demand; every turn is still there to be shown."""

import random

import lepeuple
from fakedom import FakeDom
from lepeuple.core.events import named
from web.app import App
from web.markup import to_html
from web.model.newgame import Seat
from web.model.storage import MemoryBackend, encode
from web.render import log as log_view
from web.render.log import EARLIER_PAGE, OPEN_TURNS, log, turns

SEATS = [Seat("human", name="Ann"), Seat("bot", level="easy"), Seat("bot", level="easy")]


def draws(n):
    game = lepeuple.new_game(3, None, 1)
    events = game.last_events()
    for _ in range(n):
        events += game.apply({"type": "draw"})
    return game, [named(e) for e in events]


def test_a_log_of_thousands_of_turns_draws_a_bounded_page():
    _, events = draws(3000)
    html = to_html(log(events, SEATS, 0))
    assert html.count('<li class="log-turn') == OPEN_TURNS + EARLIER_PAGE
    assert f"{len(turns(events)) - OPEN_TURNS} earlier turns" in html
    assert 'data-act="log-more"' in html and f"Show {EARLIER_PAGE} more earlier turns" in html


def test_stepping_back_and_forth_finds_the_same_turns_as_a_fresh_scan():
    _, events = draws(300)
    for n in (len(events), 40, 41, 300, 299, len(events), 3, 0):
        part = events[:n]
        log_view._Seen.events = []  # a fresh scan
        fresh = turns(part)
        log(events[:len(events)], SEATS, 0)  # what was seen last: the whole log
        assert turns(part) == fresh


def booted(game):
    save = encode([s.to_json() for s in SEATS], game.record())
    dom = FakeDom()
    app = App(dom, MemoryBackend({"lepeuple.save": save}), "?speed=instant", ["en-GB"], clock=lambda: 1000,
              rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    return app, dom


def drawn(dom):
    return dom.html.count('<li class="log-turn')


def test_show_more_draws_the_next_page_of_folded_turns():
    game, _ = draws(1200)
    app, dom = booted(game)
    assert drawn(dom) == OPEN_TURNS + EARLIER_PAGE
    app.command("log-more")
    dom.run_tasks()
    assert drawn(dom) == OPEN_TURNS + 2 * EARLIER_PAGE


def test_show_more_belongs_to_the_log_it_was_pressed_on():
    """The count of folded turns drawn is the controller's, not the render module's: the
    replay and another page (a new App) start from one page, and each grows on its own."""
    game, _ = draws(1200)
    app, dom = booted(game)
    app.command("log-more")
    app.command("replay-open")
    dom.run_tasks()
    assert drawn(dom) == OPEN_TURNS + EARLIER_PAGE  # the replay at its end: its own log, one page
    app.command("log-more")
    dom.run_tasks()
    assert drawn(dom) == OPEN_TURNS + 2 * EARLIER_PAGE
    _, other = booted(game)
    assert drawn(other) == OPEN_TURNS + EARLIER_PAGE
