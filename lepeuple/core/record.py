"""The JSON game record {format, players, options, seed, actions}: save, load, replay."""

from .actions import from_json
from .errors import ActionError, RecordError, SetupError, known_object, show
from .game import RECORD_FORMAT as FORMAT, RECORD_TEXT, SHORTEST_ACTION
from .setup import new_game

MAX_ACTIONS = RECORD_TEXT // SHORTEST_ACTION
"""The longest record read (118,750 actions): a real game has about 130, but "draw two"
stays legal with a full hand (R8), so a game can be made endless; it ends when its
record is full (game.RECORD_TEXT), at most this many actions of the shortest kind. The
bound keeps any record's replay to seconds (docs/engine.md)."""


def record(game):
    """The record of a game (`Game.record`); `load(record(g))` replays to the same state."""
    return game.record()


RECORD_KEYS = ("format", "players", "options", "seed", "actions", "setup")

# The JSON type of each field of a record or scenario: (key, check, what it must be).
# Whole numbers are ints, never bools (True == 1 in Python) nor floats.
FIELD_TYPES = (
    ("format", lambda v: type(v) is int, "a whole number"),
    ("players", lambda v: type(v) is int, "a whole number"),
    ("options", lambda v: isinstance(v, dict), "a JSON object"),
    ("seed", lambda v: type(v) is int, "a whole number"),
    ("setup", lambda v: isinstance(v, dict), "a JSON object"),
    ("actions", lambda v: isinstance(v, list), "a list"),
)


def check_types(data, error, what):
    """Raise `error` naming the first field of `data` (a dict) of the wrong JSON type."""
    for key, ok, expected in FIELD_TYPES:
        if key in data and not ok(data[key]):
            raise error(f"{what}'s {key} is not {expected}: {show(data[key])}")


def load(data):
    """Replay a record; raise RecordError naming what is wrong."""
    game = None
    for game, _, _ in replay(data):
        pass
    return game


def replay(data, past_end=False):
    """Check a record, then play it, yielding (game, events, seat) once for the set-up
    (seat None) and after each action (the seat that decided it); the game is the same
    object throughout. Raises RecordError naming what is wrong.

    With `past_end`, a record that goes on after its game was over is read up to the
    action that ended it, and the actions after it are left out (`dropped` counts
    them): an earlier version of the engine played on past a full record
    (docs/rules-readings.md, 21). Every action up to the end is checked as ever."""
    _check(data, past_end)
    try:
        game = new_game(data["players"], data["options"], data["seed"], data.get("setup"))
    except SetupError as e:
        raise RecordError(f"the record's setup: {e}") from e
    yield game, game.last_events(), None
    for i, action in enumerate(data["actions"]):
        if past_end and game.is_over:
            return
        if i == MAX_ACTIONS:  # only past_end gets here: the record is full before (check_length)
            check_length(data["actions"], RecordError)
        seat = game.to_move
        try:
            events = game.apply(from_json(action))
        except ActionError as e:
            raise RecordError(f"action {i}: {e}") from e
        yield game, events, seat


def dropped(data, game):
    """How many of the actions of record `data` its replay with `past_end` left out
    (those after its game was over); `game` is the replay's."""
    return len(data["actions"]) - len(game.history)


def _check(data, past_end=False):
    """The record's shape: an object of known keys, each of its JSON type, this format;
    no more actions than MAX_ACTIONS (but those after the game's end, with `past_end`)."""
    known_object(data, RECORD_KEYS, RecordError, "a game record is", "record key")
    check_types(data, RecordError, "the record")
    if data.get("format") != FORMAT:
        raise RecordError(f"unknown record format {show(data.get('format'))} (this version reads {FORMAT})")
    missing = {"players", "options", "seed", "actions"} - set(data)
    if missing:
        raise RecordError(f"the record lacks {', '.join(sorted(missing))}")
    if not past_end:
        check_length(data["actions"], RecordError)


def check_length(actions, error):
    """Raise `error` for a list of actions longer than MAX_ACTIONS."""
    if len(actions) > MAX_ACTIONS:
        raise error(f"the record has {len(actions):,} actions; at most {MAX_ACTIONS:,} are read")
