"""Typed errors for bad input; all subclass ValueError."""


class ActionError(ValueError):
    """An action that cannot be applied; the game is left as it was."""


class InvalidAction(ActionError):
    """Not an action at all: missing, extra or ill-typed fields, unknown cards."""


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now."""


class UndoError(ActionError):
    """An undo that the policy does not allow now (DESIGN.md, Undo); nothing changed."""


class RecordError(ValueError):
    """A game record or scenario that cannot be read."""


class SetupError(ValueError):
    """Players, options or a scenario setup that make no game."""
