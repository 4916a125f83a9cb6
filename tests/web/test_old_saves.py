"""Issue 43: a save or file of an earlier version that went on recording after its game
was over (past a full record) is read up to the action that ended the game, with a
notice that counts the actions left out; the save itself is kept as it was. A record
that cannot be read names the refused action in words, never as a Python repr."""

import random

from fakedom import FakeDom
from lepeuple import new_game
from lepeuple.core.actions import DRAW
from web.app import App
from web.model import storage
from web.model.storage import MemoryBackend

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]


def boot(items=None):
    dom, backend = FakeDom(), MemoryBackend(items)
    app = App(dom, backend, "", ["en-GB"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    return app, dom, backend


def full_record():
    game = new_game(3, {}, 1)
    while not game.is_over:
        game.apply(DRAW)
    return game.record()


FULL = full_record()
PAST_END = {**FULL, "actions": FULL["actions"] + [{"type": "draw"}] * 4}
NOTICE = ("An earlier version of the game went on recording this game after it was over. It is shown as it ended, "
          "after action 118,746; the actions recorded after the end are left out (4).")


def test_an_earlier_versions_save_past_a_full_record_is_resumed_as_it_ended_with_a_notice():
    text = storage.encode(SEATS, PAST_END)
    app, dom, backend = boot({storage.SAVE_KEY: text})
    assert app.screen == "table" and app.session.game.is_over
    assert len(app.session.game.history) == len(FULL["actions"])
    assert NOTICE in dom.text() and "{'" not in dom.text()
    assert backend.items[storage.SAVE_KEY] == text  # kept as it was
    app.command("replay-open")  # the review and the replay read the game as it ended
    assert app.screen == "replay" and app.replay.replay.total == len(FULL["actions"])


def test_an_earlier_versions_file_past_a_full_record_opens_in_the_replay_with_a_notice():
    app, dom, backend = boot()
    before = dict(backend.items)
    app.import_text(storage.encode(SEATS, {**FULL, "actions": FULL["actions"] + [{"type": "draw"}] * 6000}))
    assert app.screen == "replay" and app.replay.replay.finished
    assert app.replay.replay.total == len(FULL["actions"]) and app.replay.replay.record == FULL
    assert NOTICE.replace("(4)", "(6,000)") in dom.text()
    assert backend.items == before


def test_a_save_with_an_illegal_action_is_kept_and_names_the_action_in_words():
    record = {"format": 1, "players": 3, "options": {}, "seed": 1,
              "actions": [{"type": "draw"}, {"type": "power", "card": "force"}]}
    text = storage.encode(SEATS, record)
    app, dom, backend = boot({storage.SAVE_KEY: text})
    assert app.screen == "broken" and backend.items[storage.SAVE_KEY] == text
    assert "action 1: power card force: seat 1 must draw two or play a movement card" in dom.text()
    assert "{'" not in dom.text()
