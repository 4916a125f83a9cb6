"""Typed errors for bad input; all subclass ValueError."""

import json
import sys

MAX_QUOTE = 40
"""Characters of a bad value an error message quotes: a longer one is cut, with "…"."""
_ITEMS, _DEPTH = 6, 3  # items of a list or object, and levels of nesting, quoted at most


def cut(text, most=MAX_QUOTE):
    """`text` whole when it has at most `most` characters, else its start and "…"
    (`most` characters in all)."""
    return text if len(text) <= most else text[:most - 1] + "…"


def show(value):
    """Bad input as an error message quotes it: in JSON's notation (`"7"`, `true`,
    `null`, `[1, 2]`), never a Python repr, and cut to MAX_QUOTE characters. Its work
    is bounded too: a few items of a list or object and a few levels are read, so that
    a value nested 100,000 deep or a whole number of 10^5000 (more digits than Python
    prints) is quoted in a few characters."""
    return cut(_quote(value, _DEPTH))


def _quote(value, depth):
    if value is None or type(value) is bool:
        return json.dumps(value)
    if isinstance(value, int):
        return _digits(int(value))
    if isinstance(value, float):
        return json.dumps(value)  # 1.0, Infinity, NaN
    if isinstance(value, str):
        return json.dumps(value[:MAX_QUOTE + 1], ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return _items("[", [_quote(v, depth - 1) for v in value[:_ITEMS]] if depth else [], len(value), "]")
    if isinstance(value, dict):
        pairs = list(value.items())[:_ITEMS] if depth else []
        return _items("{", [f"{_quote(k, 0)}: {_quote(v, depth - 1)}" for k, v in pairs], len(value), "}")
    return f"<{type(value).__name__}>"  # a Python caller's object, not JSON


def _items(opening, quoted, count, closing):
    more = ["…"] if count > len(quoted) else []
    return opening + ", ".join(quoted + more) + closing


def _digits(number):
    """A whole number's digits; a long one's first few and how many it has."""
    try:
        text = str(number)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
        return f"a number of over {sys.get_int_max_str_digits():,} digits"
    digits = len(text.lstrip("-"))
    return text if len(text) <= MAX_QUOTE // 2 else f"{text[:12]}… ({digits:,} digits)"


def names(keys):
    """Unknown keys, sorted and listed for a message (a Python caller's keys need not
    be strings)."""
    return ", ".join(sorted(k if type(k) is str and len(k) <= MAX_QUOTE else show(k) for k in keys))


class ActionError(ValueError):
    """An action that cannot be applied; the game is left as it was."""


class InvalidAction(ActionError):
    """Not an action at all: missing, extra or ill-typed fields, unknown cards."""


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now."""


class UndoError(ActionError):
    """An undo that the policy does not allow now (docs/engine.md, Undo); nothing changed."""


class RecordError(ValueError):
    """A game record or scenario that cannot be read."""


class SetupError(ValueError):
    """Players, options or a scenario setup that make no game."""


def known_object(value, keys, error, is_what, key_word):
    """`value` as a dict whose keys are all in `keys`; else `error` saying what is
    wrong ("the setup is a JSON object, not ...", "unknown setup key ...")."""
    if not isinstance(value, dict):
        raise error(f"{is_what} a JSON object, not {show(value)}")
    unknown = [key for key in value if key not in keys]
    if unknown:
        raise error(f"unknown {key_word} {names(unknown)}")
    return value
