"""Scenarios: a game set up exactly, actions applied, the full state out (docs/engine.md)."""

import json

from .actions import from_json
from .errors import ActionError, RecordError, SetupError, known_object, show
from .record import check_length, check_types
from .setup import new_game, state_json

SCENARIO_KEYS = {"players", "options", "seed", "setup", "actions", "comment", "expect"}


def run(data):
    """(game, state JSON) after playing a scenario; raises ScenarioError on bad input."""
    game = build(data)
    for i, action in enumerate(data.get("actions", [])):
        try:
            game.apply(from_json(action))
        except ActionError as e:
            raise ScenarioError(f"action {i} ({_text(action)}): {e}") from e
    return game, state_json(game)


def _text(action):
    """An action as short JSON for a message; never fails (deep or odd input)."""
    try:
        text = json.dumps(action, ensure_ascii=False)
    except (RecursionError, TypeError, ValueError):
        return show(action)
    return text if len(text) <= 200 else text[:197] + "..."


def build(data):
    """The game a scenario sets up, before its actions."""
    known_object(data, SCENARIO_KEYS, ScenarioError, "a scenario is", "scenario key")
    check_types({k: v for k, v in data.items() if v is not None or k not in ("options", "setup")},
                ScenarioError, "the scenario")
    check_length(data.get("actions") or [], ScenarioError)
    try:
        return new_game(data.get("players", 3), data.get("options"), data.get("seed", 0), data.get("setup"))
    except SetupError as e:
        raise ScenarioError(f"setup: {e}") from e


class ScenarioError(RecordError):
    """A scenario that cannot be played: bad setup or an illegal action."""
