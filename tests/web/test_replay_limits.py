"""Links, files and replays cost work linear in the game and refused early (issue 22)."""

import base64
import json
import pathlib
import tracemalloc
import zlib

import pytest

from fakedom import FakeDom
from lepeuple import load
from lepeuple.core.positions import Positions
from web.app import App
from web.model.botrunner import levels
from web.model.replay_game import Replay, pack, unpack
from web.model.storage import SAVE_KEY, MemoryBackend, SaveError

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
RECORD = {"format": 1, "players": 3, "options": {}, "seed": 1, "actions": []}


def link(save_text):
    raw = zlib.compress(save_text.encode(), 9)
    return "#g=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_the_198_character_skips_link_is_refused_naming_the_limit():
    save = json.dumps({"app": "lepeuple", "version": 1, "seats": SEATS,
                       "record": {**RECORD, "setup": {"skips": [100_000_000] * 3}}})
    seats, record, text = unpack(link(save))
    with pytest.raises(SaveError, match="skips must be a whole number from 0 to 2"):
        Replay(seats, record, levels(), text=text)


def test_a_link_too_long_to_be_a_game_is_refused_before_it_is_unpacked():
    with pytest.raises(SaveError, match="too long"):
        unpack("#g=" + "A" * 1_000_001)


def draws(n):
    return {**RECORD, "actions": [{"type": "draw"}] * n}


def test_a_replay_keeps_memory_linear_in_the_game():
    """3,000 draws: one state per action with its history took 43 MB at its peak; the
    checkpoints take a small fraction of it."""
    tracemalloc.start()
    replay = Replay(SEATS, draws(3000), levels())
    for i in range(0, replay.total + 1, 7):
        replay.go(i)
        replay.view()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert replay.total == 3000 and peak < 15_000_000, peak


def test_every_position_is_the_engines_state_after_that_many_actions():
    record = json.loads((pathlib.Path(__file__).parent.parent / "records" / "4p-seed7.json").read_text())["record"]
    positions = Positions(record, every=16)
    order = list(range(positions.total + 1)) + list(range(positions.total, -1, -5)) + [3, 90, 17, 17, 0]
    for i in order:
        expected = load({**record, "actions": record["actions"][:i]})
        assert positions.at(i).view(None) == expected.view(None)
        assert [positions.at(i).view(s) for s in range(3)] == [expected.view(s) for s in range(3)]


def test_a_link_to_a_game_in_progress_is_refused_without_building_its_log():
    seats, record, text = unpack(pack(SEATS, draws(50)))
    replay = Replay(seats, record, levels(), text=text)
    assert not replay.finished and replay._log is None


def test_the_replay_bar_offers_a_bounded_choice_of_turns_round_the_current_one():
    from web.markup import to_html
    from web.render.replay_view import TURN_CHOICES, controls

    replay = Replay(SEATS, draws(3000), levels())
    replay.go(1500)
    html = to_html(controls(replay, False, False))
    turns = html.split('name="replay-turn"')[1].split("</select>")[0]
    assert turns.count("<option") <= TURN_CHOICES + 2
    assert 'value="1500" selected' in turns and 'value="0"' in turns and 'value="2999"' in turns


def test_what_a_link_is_made_of_it_reads_back_and_a_link_too_long_is_not_offered(monkeypatch):
    """Issue 33: the page's writers hold its readers' limits. The longest record packs to a
    link that unpacks (a save of it without reasons fits MAX_UNPACKED); a link whose data
    would pass MAX_LINK is refused when asked for, in words, instead of copied."""
    from lepeuple.core.actions import DRAW
    from web.model import replay_game as replay_module

    game = load(RECORD)
    while not game.is_over:
        game.apply(DRAW)
    fragment = pack(SEATS, game.record())
    seats, record, _ = unpack(fragment)
    assert record == game.record() and replay_module.fits_link(fragment)
    finished = json.loads((pathlib.Path(__file__).parent.parent / "records" / "3p-seed2026.json").read_text())
    saved = json.dumps({"app": "lepeuple", "version": 1, "seats": SEATS, "record": finished["record"]})
    monkeypatch.setattr(replay_module, "MAX_LINK", 50)  # as if this finished game packed too long
    dom = FakeDom()
    app = App(dom, MemoryBackend({SAVE_KEY: saved}), "", ["en"], clock=lambda: 1000)
    app.boot()
    assert app.session.game.is_over
    app.command("share")
    assert "too long for a link" in dom.text() and 'data-testid="share-link"' not in dom.html
    assert getattr(dom, "clipboard", None) is None
