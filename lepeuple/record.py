"""The JSON game record {format, players, options, seed, actions}: save, load, replay."""

from .actions import from_json, to_json
from .errors import ActionError, RecordError, SetupError
from .setup import new_game

FORMAT = 1


def record(game):
    """The record of a game; `load(record(g))` replays to the same state."""
    out = {
        "format": FORMAT,
        "players": game.players,
        "options": dict(game.options),
        "seed": game.seed,
        "actions": [to_json(a) for a in game.history],
    }
    if game.setup:
        out["setup"] = game.setup
    return out


def load(data):
    """Replay a record; raise RecordError naming what is wrong."""
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"unknown record format {data.get('format')!r} (this version reads {FORMAT})")
    missing = {"players", "options", "seed", "actions"} - set(data)
    if missing:
        raise RecordError(f"the record lacks {', '.join(sorted(missing))}")
    try:
        game = new_game(data["players"], data["options"], data["seed"], data.get("setup"))
    except SetupError as e:
        raise RecordError(f"the record's setup: {e}") from e
    if not isinstance(data["actions"], list):
        raise RecordError("the record's actions are not a list")
    for i, action in enumerate(data["actions"]):
        try:
            game.apply(from_json(action))
        except ActionError as e:
            raise RecordError(f"action {i}: {e}") from e
    return game
