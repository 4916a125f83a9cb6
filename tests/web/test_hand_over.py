"""Hot-seat: after Draw two, the player sees the two cards drawn before the pass screen comes,
and the next player never sees them (issue 50, item 11)."""

import random
import re

from fakedom import FakeDom
from web.app import App
from web.model import storage
from web.model.newgame import Seat
from web.model.storage import MemoryBackend

SEATS = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", level="easy")]


def boot(setup):
    record = {"format": 1, "players": 3, "options": {"defense": "reaction", "scores": "visible", "target": 12},
              "seed": 1, "setup": setup, "actions": []}
    dom = FakeDom()
    app = App(dom, MemoryBackend({storage.SAVE_KEY: storage.encode(SEATS, record)}), "?speed=instant",
              ["en"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    return app, dom


def hand(dom):
    """The cards of the hand on the page."""
    html = dom.html
    if 'data-testid="hand"' not in html:
        return []
    part = html[html.index('data-testid="hand"'):]
    part = part[:part.index("</section>")] if "</section>" in part else part
    return re.findall(r'data-key="card-([^"]+)"', part)


def test_after_draw_two_the_cards_drawn_are_shown_until_ok_then_the_pass_screen():
    app, dom = boot({"meeples": [[2, 2], [6, 6], [10, 10]],
                     "hands": [{"movement": [5]}, {"movement": [2]}, {"movement": [4]}]})
    app.command("pass-ok")  # Ann takes the device
    app.command("draw")
    drawn = [e.card for e in app.game.shown().last if e.type == "draw"]
    assert len(drawn) == 2 and app.game.to_move() == 1
    for _ in range(20):
        dom.run_tasks()
    html = dom.html
    assert 'data-testid="hand-over"' in html and 'data-testid="pass-screen"' not in html
    assert f"You drew card {drawn[0]} and card {drawn[1]}." in dom.text()
    assert {str(c) for c in drawn} <= set(hand(dom))  # still Ann's hand, with the new cards
    assert app.game.holder() == 0 and app.game.current_chooser() is None  # nothing to play meanwhile
    app.command("hand-over")
    for _ in range(20):
        dom.run_tasks()
    html = dom.html
    assert 'data-testid="hand-over"' not in html and 'data-testid="pass-screen"' in html
    assert not set(hand(dom))  # nobody's hand until Bob takes the device
    app.command("pass-ok")
    assert not {str(c) for c in drawn} & set(hand(dom))  # Bob sees his own hand, never Ann's cards


def test_bots_wait_for_the_ok_then_play():
    app, dom = boot({"meeples": [[2, 2], [6, 6], [10, 10]], "active": 1,
                     "hands": [{"movement": [5]}, {"movement": [2]}, {"movement": [4]}]})
    app.command("pass-ok")  # Bob
    app.command("draw")
    for _ in range(20):
        dom.run_tasks()
    assert app.game.to_move() == 2 and 'data-testid="hand-over"' in dom.html  # the bot waits
    app.command("hand-over")
    for _ in range(50):
        dom.run_tasks()
    assert app.game.to_move() == 0 and 'data-testid="pass-screen"' in dom.html

