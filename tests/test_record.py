"""The JSON game record: save, load by replaying, and clear errors for bad records."""

import json
import random
from pathlib import Path

import pytest

from lepeuple import RecordError, load, new_game
from lepeuple.core.record import dropped, replay
from lepeuple.core.setup import state_json

SAVED = sorted((Path(__file__).parent / "records").glob("*.json"))


def _finished_game(seed):
    game = new_game(4, {"defense": "shield"}, seed)
    chooser = random.Random(seed)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    return game


def test_record_has_the_contract_fields():
    record = _finished_game(2).record()
    assert set(record) == {"format", "players", "options", "seed", "actions"}
    assert record["options"] == {"defense": "shield", "scores": "visible", "target": 12}
    json.dumps(record)


def test_a_finished_game_replays_to_the_same_end():
    game = _finished_game(5)
    again = load(json.loads(json.dumps(game.record())))
    assert again.is_over and again.winners == game.winners and again.scores == game.scores


@pytest.mark.parametrize("path", SAVED, ids=[p.stem for p in SAVED])
def test_games_saved_by_an_earlier_version_replay_to_the_same_end(path):
    """tests/records/: finished games saved by an earlier engine (commit in "saved_by"),
    with their end. A change to the engine (a faster shuffle, say) must not change
    what a player's saved game replays to."""
    saved = json.loads(path.read_text())
    state = state_json(load(saved["record"]))
    assert state["over"]
    assert {key: state[key] for key in saved["end"]} == saved["end"]


def test_a_scenario_game_records_its_setup():
    game = new_game(3, None, 1, {"scores": [4, 0, 0]})
    game.apply({"type": "draw"})
    again = load(game.record())
    assert again.scores == [4, 0, 0] and len(again.history) == 1


@pytest.mark.parametrize("bad, words", [
    ("nonsense", "JSON object"),
    ({"format": 99, "players": 3, "options": {}, "seed": 1, "actions": []}, "format"),
    ({"format": 1, "players": 3, "options": {}, "seed": 1}, "lacks actions"),
    ({"format": 1, "players": 9, "options": {}, "seed": 1, "actions": []}, "3 to 5"),
    ({"format": 1, "players": 3, "options": {"target": 2}, "seed": 1, "actions": []}, "target"),
    ({"format": 1, "players": 3, "options": {}, "seed": "x", "actions": []}, "seed"),
    ({"format": 1, "players": 3, "options": {}, "seed": 1, "actions": [{"type": "pass"}]}, "action 0"),
    ({"format": 1, "players": 3, "options": {}, "seed": 1, "actions": "all"}, "not a list"),
])
def test_a_bad_record_raises_record_error_saying_why(bad, words):
    with pytest.raises(RecordError, match=words):
        load(bad)


# ----- an earlier version's record that went on after its game was over ------------

def _full_record():
    """A game of "draw two" again and again until its record is full (docs/rules-readings.md, 19)."""
    game = new_game(3, {}, 1)
    while not game.is_over:
        game.apply({"type": "draw"})
    return game.record()


FULL = _full_record()


@pytest.mark.parametrize("extra", [1, 4, 6000])
def test_an_earlier_versions_record_past_its_full_end_is_read_up_to_its_last_legal_action(extra):
    """Issue 43: an earlier version played on past a full record; every action up to the end
    is legal, then "the game is over" (4 more), or the record is longer than any the engine
    writes (6,000 more). It is read up to the action that ended the game, and the actions
    after it are counted; `load` still refuses it, naming the action in words."""
    over = {**FULL, "actions": FULL["actions"] + [{"type": "draw"}] * extra}
    for game, _, _ in replay(over, past_end=True):
        pass
    assert game.is_over and game.history == load(FULL).history
    assert dropped(over, game) == extra and game.record() == FULL
    with pytest.raises(RecordError) as refused:
        load(over)
    assert ("draw two: the game is over" if extra < 5 else "at most 118,750") in str(refused.value)
    assert "{'" not in str(refused.value)  # no Python repr


def test_a_record_read_past_its_end_drops_nothing_when_it_ends_where_its_game_does():
    for game, _, _ in replay(FULL, past_end=True):
        pass
    assert dropped(FULL, game) == 0


def test_an_illegal_action_before_the_end_is_refused_even_when_reading_past_the_end():
    """Only what comes after the game's end is left out: an illegal action while the game
    goes on still makes the record unreadable (the page keeps it, never cuts it)."""
    bad = {**FULL, "actions": FULL["actions"][:10] + [{"type": "pass"}] + FULL["actions"][10:]}
    with pytest.raises(RecordError, match="action 10: pass: seat 1 must draw two or play a movement card"):
        for _ in replay(bad, past_end=True):
            pass


@pytest.mark.parametrize("action, words", [
    ({"type": "pass"}, "pass"),
    ({"type": "move", "card": 7, "meeple": [1, 0], "how": "split"}, "movement card 7 on meeple [1, 0], split"),
    ({"type": "power", "card": "voleur", "target": 2}, "power card voleur at seat 2"),
    ({"type": "power", "card": "permutation", "meeple": [0, 1], "other": [2, 0]},
     "power card permutation on meeples [0, 1] and [2, 0]"),
    ({"type": "partner", "meeple": [2, 1]}, "partner meeple [2, 1]"),
    ({"type": "defend", "play": True}, "play Défense"),
])
def test_a_refused_action_of_a_record_is_named_in_words_not_as_a_python_repr(action, words):
    record = {"format": 1, "players": 3, "options": {}, "seed": 1, "actions": [{"type": "draw"}, action]}
    with pytest.raises(RecordError) as refused:
        load(record)
    assert str(refused.value).startswith(f"action 1: {words}: ")
    assert "{'" not in str(refused.value) and "True" not in str(refused.value)
