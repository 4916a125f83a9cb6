"""The JSON game record: save, load by replaying, and clear errors for bad records."""

import json
import random
from pathlib import Path

import pytest

from lepeuple import RecordError, load, new_game
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
