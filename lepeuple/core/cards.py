"""Card data of docs/rules.md R4 (movement cards) and R5 (power cards)."""

from typing import NamedTuple


class MovementCard(NamedTuple):
    """A movement card: arrow, circled shift X, square tile S, optional split Y/Z."""

    id: int
    own: bool  # grey arrow: moves one of your meeples; black: an opponent's
    shift: int  # X, the circle
    square: int  # S, the square
    split: tuple | None  # (Y, Z) or None


# id: (arrow, X, split, S) — transcribed from docs/rules.md R4.
_TABLE = {
    1: ("own", +1, (0, +1), 2), 2: ("own", +1, None, 1), 3: ("other", +1, None, 6),
    4: ("own", +2, None, 4), 5: ("own", +2, None, 12), 6: ("other", +2, None, 3),
    7: ("own", +3, (2, +1), 6), 8: ("own", +3, None, 5), 9: ("other", +3, None, 10),
    10: ("own", +4, None, 11), 11: ("own", +5, (4, +1), 9), 12: ("own", +6, None, 1),
    13: ("own", -1, None, 4), 14: ("own", -1, None, 10), 15: ("other", -1, None, 5),
    16: ("own", -2, (-1, -1), 3), 17: ("own", -2, None, 8), 18: ("other", -2, None, 2),
    19: ("own", -3, None, 7), 20: ("own", -3, None, 8), 21: ("other", -3, None, 11),
    22: ("own", -4, (-3, -1), 9), 23: ("own", -5, None, 12), 24: ("own", -6, (-5, -1), 7),
    25: ("own", +4, None, 13), 26: ("other", +4, None, 14), 27: ("own", +7, (6, +1), 15),
    28: ("own", +8, None, 16), 29: ("own", -4, None, 14), 30: ("other", -4, None, 15),
    31: ("own", -7, None, 16), 32: ("own", -8, (-7, -1), 13), 33: ("own", +5, None, 17),
    34: ("other", +5, None, 18), 35: ("own", +9, (8, +1), 18), 36: ("own", +10, None, 20),
    37: ("own", -5, None, 17), 38: ("other", -5, None, 19), 39: ("own", -9, None, 20),
    40: ("own", -10, (-9, -1), 19),
}

MOVEMENT = {i: MovementCard(i, arrow == "own", x, s, split) for i, (arrow, x, split, s) in _TABLE.items()}
"""Every movement card by id."""

# Power card ids in docs/rules.md R5 order (the order of discard piles in scenarios).
POWER_IDS = (
    "force", "soin", "voleur", "sortilege", "bandit", "magie_noire",
    "troc", "vitesse", "massue", "permutation", "chance", "defense",
)
POWER_ORDER = {card: i for i, card in enumerate(POWER_IDS)}

GAINS = {"force": 2, "soin": 1}
"""Power cards that score for whoever plays them (R5): card -> points gained."""

TARGETED = frozenset({"voleur", "sortilege", "bandit", "magie_noire", "troc", "massue"})
"""Power cards played at an opponent (R5); Défense may cancel them (R16)."""

NAMES = {
    "force": "Force", "soin": "Soin", "voleur": "Voleur", "sortilege": "Sortilège",
    "bandit": "Bandit", "magie_noire": "Magie Noire", "troc": "Troc", "vitesse": "Vitesse",
    "massue": "Massue", "permutation": "Permutation", "chance": "Chance", "defense": "Défense",
}
"""Printed French names of the power cards."""


def movement_ids(players):
    """The movement card ids used with this many players (R4): 1..8N."""
    return list(range(1, 8 * players + 1))
