"""Le Dernier Peuple: the rules engine (docs/rules.md), pure Python, no browser imports.

>>> from lepeuple import new_game
>>> g = new_game(3, seed=7)
>>> g.to_move, g.phase, len(g.hand(0)[0])
(0, 'move', 2)
"""

from .coach.preview import preview, same_outcome
from .core.actions import from_json as action_from_json, to_json as action_to_json
from .core.errors import ActionError, IllegalAction, InvalidAction, RecordError, SetupError, UndoError
from .core.game import Game
from .core.record import load, record
from .core.setup import new_game, state_json

__all__ = [
    "ActionError", "Game", "IllegalAction", "InvalidAction", "RecordError", "SetupError", "UndoError",
    "action_from_json", "action_to_json", "load", "new_game", "preview", "record", "same_outcome",
    "state_json",
]
