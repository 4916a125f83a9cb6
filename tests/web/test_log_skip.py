"""The log: "Player 1 skips a turn (Massue)" is a turn heading of its own, never a line inside
the previous player's turn (issue 50, item 12), in hot-seat and with one person and bots,
once every step of the bots' turns has been shown."""

import random
import re

import pytest

from fakedom import FakeDom
from web.app import App
from web.model import storage
from web.model.newgame import Seat
from web.model.storage import MemoryBackend


def turns(html):
    """[(heading, [lines])] of the log's turns, newest first."""
    log = html[html.index('data-testid="log"'):]
    out = []
    for item in re.findall(r'<li class="log-turn[^"]*"[^>]*>(.*?)</ol></li>', log, re.S):
        head = re.search(r'<h3 class="log-turn-head">([^<]*)</h3>', item).group(1)
        out.append((head, re.findall(r'<span class="log-text">([^<]*)</span>', item)))
    return out


@pytest.mark.parametrize("seats", [[Seat("human", ""), Seat("human", ""), Seat("bot", level="easy")],
                                   [Seat("bot", level="easy"), Seat("human", ""), Seat("bot", level="easy")]])
def test_a_skipped_turn_has_a_heading_of_its_own(seats):
    setup = {"meeples": [[2, 2], [6, 6], [10, 10]], "active": 1,
             "hands": [{"movement": [5]}, {"movement": [2], "power": ["massue"]}, {"movement": [4]}]}
    record = {"format": 1, "players": 3, "options": {"defense": "reaction", "scores": "visible", "target": 12},
              "seed": 1, "setup": setup, "actions": []}
    dom = FakeDom()
    app = App(dom, MemoryBackend({storage.SAVE_KEY: storage.encode(seats, record)}), "?speed=instant", ["en"],
              clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    if app.game.needs_pass():
        app.command("pass-ok")
    app.command("card", "massue")
    app.command("target", 0)
    app.command("card", 2)
    app.command("meeple", [1, 0])
    app.command("tile", 7)
    for _ in range(60):
        dom.run_tasks()
    shown = turns(dom.html)
    name = "Player 1" if not seats[0].is_bot else "Zombies bot"
    skip = next(i for i, (head, _) in enumerate(shown) if head.startswith(f"{name} skips a turn"))
    assert shown[skip][1] == []  # a heading of its own, no line under it
    assert shown[skip - 1][0] == "Player 2's turn" and shown[skip + 1][0] == "Fées bot's turn"
    assert not any("skips" in line for _, lines in shown for line in lines)
