"""Le Dernier Peuple: the rules engine (docs/rules.md), pure Python, no browser imports.

>>> from lepeuple import new_game
>>> g = new_game(3, seed=7)
>>> g.to_move, g.phase, len(g.hand(0)[0])
(0, 'move', 2)
"""

from .coach.preview import preview, same_outcome
from .core import ring
from .core.actions import from_json as action_from_json, to_json as action_to_json
from .core.cards import GAINS, MOVEMENT, NAMES, POWER_IDS, TARGETED
from .core.errors import ActionError, IllegalAction, InvalidAction, RecordError, SetupError, UndoError, show as error_text
from .core.events import FIELDS as EVENT_FIELDS, named as named_event, redact as redact_event
from .core.game import DEFAULT_OPTIONS, OPTION_CHOICES, RECORD_TEXT, TARGETS, Game
from .core.positions import Positions, rewind, walk as walk_positions
from .core.record import dropped as dropped_actions, load, record, replay as replay_record
from .core.resolve import hops
from .core.ring import PEOPLES, flanked_home, home_owner, is_home, is_pickaxe, opposite
from .core.setup import MAX_SEED, new_game, state_json

# What is built on the engine (the page, tools, tests) reaches it through these names
# (tests/test_imports.py holds web/ to them): the rules' facts, the game and its record,
# actions and events, errors.
__all__ = [
    "DEFAULT_OPTIONS", "EVENT_FIELDS", "GAINS", "MAX_SEED", "MOVEMENT", "NAMES", "OPTION_CHOICES", "PEOPLES",
    "POWER_IDS", "RECORD_TEXT", "TARGETED", "TARGETS",
    "ActionError", "Game", "IllegalAction", "InvalidAction", "Positions", "RecordError", "SetupError", "UndoError",
    "action_from_json", "action_to_json", "dropped_actions", "error_text", "flanked_home", "home_owner", "hops",
    "is_home", "is_pickaxe", "load", "named_event", "new_game", "opposite", "preview", "record", "redact_event",
    "replay_record", "rewind", "ring", "same_outcome", "state_json", "walk_positions",
]
