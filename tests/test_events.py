"""Events: JSON form, redaction for a viewer (R9), and doctests of the engine."""

import doctest
import json

import pytest

import lepeuple
from lepeuple import new_game
from lepeuple.core import actions, events
from support import setup


def test_every_event_type_has_named_fields_and_serialises():
    g = setup(hands=[{"movement": [2], "power": ["bandit"]}, {"movement": [3], "power": []},
                     {"movement": [], "power": []}], movement_deck=[9, 10])
    out = g.apply({"type": "power", "card": "bandit", "target": 1}) + g.apply({"type": "draw"})
    for event in out:
        assert event[0] in events.FIELDS and len(event) == len(events.FIELDS[event[0]]) + 1
        as_json = events.to_json(event)
        assert json.loads(json.dumps(as_json)) == as_json


def test_redact_hides_others_draws_and_a_stolen_card_from_third_players():
    draw = ("draw", 1, "movement", 7)
    assert events.redact(draw, 1) == draw and events.redact(draw, 0) == ("draw", 1, "movement", None)
    steal = ("steal", 0, 1, "force")
    assert events.redact(steal, 0) == steal and events.redact(steal, 1) == steal
    assert events.redact(steal, 2) == ("steal", 0, 1, None)


@pytest.mark.parametrize("module", [lepeuple, actions])
def test_docstring_examples_run(module):
    assert doctest.testmod(module).failed == 0


def test_new_game_refuses_bad_players_and_seeds():
    for players in (2, 6, "3", None):
        with pytest.raises(lepeuple.SetupError):
            new_game(players, None, 1)
    with pytest.raises(lepeuple.SetupError):
        new_game(3, None, 1.5)
