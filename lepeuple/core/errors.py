"""Typed errors for bad input; all subclass ValueError."""

import reprlib

_SHOW = reprlib.Repr()
_SHOW.maxlevel, _SHOW.maxstring, _SHOW.maxother = 3, 40, 40
_SHOW.maxlist = _SHOW.maxtuple = _SHOW.maxdict = _SHOW.maxset = 6


def show(value):
    """A short repr of bad input for an error message: bounded in length and depth,
    so that a value nested 100,000 deep cannot make the message itself fail."""
    try:
        return _SHOW.repr(value)
    except Exception:  # a Python caller's object whose repr fails
        return f"<{type(value).__name__}>"


def names(keys):
    """Unknown keys, sorted and listed for a message (a Python caller's keys need not
    be strings)."""
    return ", ".join(sorted(k if type(k) is str and len(k) <= 40 else show(k) for k in keys))


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
