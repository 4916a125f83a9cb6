"""Scenarios: a game set up exactly, actions applied, the full state out (DESIGN.md)."""

import json

from .actions import from_json
from .errors import ActionError, RecordError, SetupError
from .setup import new_game, state_json

SCENARIO_KEYS = {"players", "options", "seed", "setup", "actions", "comment", "expect"}


def run(data):
    """(game, state JSON) after playing a scenario; raises ScenarioError on bad input."""
    game = build(data)
    for i, action in enumerate(data.get("actions", [])):
        try:
            game.apply(from_json(action))
        except ActionError as e:
            raise ScenarioError(f"action {i} ({json.dumps(action)}): {e}") from e
    return game, state_json(game)


def build(data):
    """The game a scenario sets up, before its actions."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    unknown = set(data) - SCENARIO_KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario key {', '.join(sorted(unknown))}")
    if not isinstance(data.get("actions", []), list):
        raise ScenarioError("actions must be a list")
    try:
        return new_game(data.get("players", 3), data.get("options"), data.get("seed", 0), data.get("setup"))
    except SetupError as e:
        raise ScenarioError(f"setup: {e}") from e


class ScenarioError(RecordError):
    """A scenario that cannot be played: bad setup or an illegal action."""
