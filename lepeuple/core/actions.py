"""Actions: small immutable values with a stable JSON notation (docs/engine.md).

Each action is a NamedTuple whose last field names its type, so two actions
are equal exactly when their JSON is equal, and hashing and comparing run in C
(the legal-action check is on the hot path of every search).

>>> move_from_json = from_json({"type": "move", "card": 7, "meeple": [1, 0], "how": "split"})
>>> move_from_json
Move(card=7, meeple=(1, 0), how='split', type='move')
>>> to_json(move_from_json)["meeple"]
[1, 0]
"""

from typing import NamedTuple

from .cards import MOVEMENT, POWER_IDS
from .errors import InvalidAction, names, show

HOWS = ("circle", "square", "split")


class Pass(NamedTuple):
    """Skip the power phase."""

    type: str = "pass"


class Power(NamedTuple):
    """Play a power card; `target` for targeted cards, `meeple`/`other` for Permutation."""

    card: str
    target: int | None = None
    meeple: tuple | None = None
    other: tuple | None = None
    type: str = "power"


class Draw(NamedTuple):
    """Movement phase: draw two movement cards."""

    type: str = "draw"


class Move(NamedTuple):
    """Movement phase: play a movement card on a meeple, by circle, square or split."""

    card: int
    meeple: tuple
    how: str
    type: str = "move"


class Partner(NamedTuple):
    """Choose the partner meeple of an event (R13)."""

    meeple: tuple
    type: str = "partner"


class Defend(NamedTuple):
    """Answer the Défense question (R16)."""

    play: bool
    type: str = "defend"


PASS = Pass()
DRAW = Draw()
DEFEND_YES = Defend(True)
DEFEND_NO = Defend(False)

# Keys each type takes in JSON, besides "type"; "?" marks optional keys.
_KEYS = {
    "pass": set(), "draw": set(),
    "power": {"card", "target?", "meeple?", "other?"},
    "move": {"card", "meeple", "how"},
    "partner": {"meeple"},
    "defend": {"play"},
}


def to_json(action):
    """The JSON notation of an action (a dict), omitting unset optional fields."""
    out = {"type": action.type}
    for name, value in zip(action._fields, action):
        if name != "type" and value is not None:
            out[name] = list(value) if isinstance(value, tuple) else value
    return out


def words(action):
    """A well-formed action in a few words, for a message ("draw two", "movement card 7
    on meeple [1, 0], split"): never a Python repr, every number quoted short (show)."""
    kind = action.type
    if kind == "move":
        return f"movement card {show(action.card)} on meeple {show(action.meeple)}, {action.how}"
    if kind == "power":
        text = f"power card {action.card}"
        if action.target is not None:
            text += f" at seat {show(action.target)}"
        if action.meeple is not None or action.other is not None:
            text += f" on meeples {show(action.meeple)} and {show(action.other)}"
        return text
    if kind == "partner":
        return f"partner meeple {show(action.meeple)}"
    if kind == "defend":
        return "play Défense" if action.play else "do not play Défense"
    return "draw two" if kind == "draw" else "pass"


def from_json(data):
    """Parse the JSON notation; raise InvalidAction for anything malformed."""
    if type(data) is dict and len(data) == 1:  # draw two and pass, most of a long game's record, at once
        kind = data.get("type")
        if kind == "draw":
            return DRAW
        if kind == "pass":
            return PASS
    if isinstance(data, (Pass, Power, Draw, Move, Partner, Defend)):
        data = to_json(data)
    if not isinstance(data, dict):
        raise InvalidAction(_not_an_object(data))
    kind = data.get("type")
    if type(kind) is not str or kind not in _KEYS:
        raise InvalidAction(f"unknown action type {show(kind)}")
    _check_keys(kind, data)
    if kind == "pass":
        return PASS
    if kind == "draw":
        return DRAW
    if kind == "defend":
        return DEFEND_YES if _bool(data["play"], "play") else DEFEND_NO
    if kind == "partner":
        return Partner(_meeple(data["meeple"], "meeple"))
    if kind == "move":
        return _move(data)
    return _power(data)


def _not_an_object(data):
    if isinstance(data, (str, bytes)):  # JSON text: reading it (size, depth) is the caller's
        return "an action is a JSON object, not text: parse the JSON first (docs/engine.md)"
    return f"an action is a JSON object, not {show(data)}"


def _check_keys(kind, data):
    keys = set(data) - {"type"}
    required = {k for k in _KEYS[kind] if not k.endswith("?")}
    allowed = required | {k[:-1] for k in _KEYS[kind] if k.endswith("?")}
    if not required <= keys:
        raise InvalidAction(f"{kind} needs {', '.join(sorted(required - keys))}")
    if not keys <= allowed:  # a Python caller's keys need not be strings
        raise InvalidAction(f"{kind} takes no {names(keys - allowed)}")


def _int(value, name):
    if type(value) is not int:
        raise InvalidAction(f"{name} must be a whole number, not {show(value)}")
    return value


def _bool(value, name):
    if type(value) is not bool:
        raise InvalidAction(f"{name} must be true or false, not {show(value)}")
    return value


def _meeple(value, name):
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise InvalidAction(f"{name} must be [seat, index], not {show(value)}")
    seat, index = _int(value[0], name), _int(value[1], name)
    if not 0 <= seat <= 4 or index not in (0, 1):
        raise InvalidAction(f"{name} {show([seat, index])} is no meeple")
    return (seat, index)


def _move(data):
    card = _int(data["card"], "card")
    if card not in MOVEMENT:
        raise InvalidAction(f"no movement card {show(card)}")
    if type(data["how"]) is not str or data["how"] not in HOWS:
        raise InvalidAction(f"how must be one of {', '.join(HOWS)}, not {show(data['how'])}")
    return Move(card, _meeple(data["meeple"], "meeple"), data["how"])


def _power(data):
    card = data["card"]
    if type(card) is not str or card not in POWER_IDS:
        raise InvalidAction(f"no power card {show(card)}")
    # A key that is present must hold a value of its type: null is ill-typed.
    target = _int(data["target"], "target") if "target" in data else None
    meeple = _meeple(data["meeple"], "meeple") if "meeple" in data else None
    other = _meeple(data["other"], "other") if "other" in data else None
    return Power(card, target, meeple, other)
