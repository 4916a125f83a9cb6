"""Events that `Game.apply` returns, so the UI and logs need not diff states.

Inside the engine an event is a plain tuple `(type, field, ...)`, cheap to make
on the hot path; `to_json` names the fields, and `named` gives the same tuple
with its fields as attributes (`e.type`, `e.home`), for code that reads events
rather than plays (the page converts each event once, as it enters its log).
`redact` hides what a seat may not see (docs/rules.md R9): cards drawn by others,
the card a Bandit took.

>>> e = named(("event", "noble_attack", 6, (0, 0), (0, 1), (3, -1, 0)))
>>> e.kind, e.home, e.deltas, e == ("event", "noble_attack", 6, (0, 0), (0, 1), (3, -1, 0))
('noble_attack', 6, (3, -1, 0), True)
>>> named(("move", (1, 0), 6, 8)).dst
8
"""

from collections import namedtuple
from typing import Any

FIELDS = {
    "turn": ("seat", "extra"),  # a turn starts; extra: granted by Vitesse
    "skip": ("seat",),  # a turn skipped by Massue (R20)
    "pass": ("seat",),  # the power phase skipped by choice
    "power": ("seat", "card", "target"),  # a power card played (R5)
    "draw_two": ("seat",),  # movement phase: draw two
    "play": ("seat", "card", "meeple", "how"),  # a movement card played (R11)
    "move": ("meeple", "from", "to"),  # one step of a meeple
    "draw": ("seat", "kind", "card"),  # one card drawn into a hand (private)
    "hand_full": ("seat", "kind"),  # a draw prevented by the limit of 7 (R8)
    "deck_empty": ("kind",),  # nothing left to draw (R7)
    "reshuffle": ("kind",),  # a discard pile shuffled into a new deck (R7)
    "pickaxe": ("meeple", "tile"),  # a step ended on a pickaxe (R12)
    "event": ("kind", "home", "meeple", "partner", "deltas"),  # R13-R14
    "ask_defense": ("seat",),  # the game waits for a Défense decision (R16)
    "defend": ("seat", "play", "against"),  # Défense played or declined
    "shield": ("seat",),  # Défense laid face down (option shield)
    "score": ("seat", "delta", "score"),  # a score changed (after the floor)
    "redeploy": ("meeple", "card", "from", "to"),  # R17
    "steal": ("seat", "target", "card"),  # Bandit took a card (private)
    "discard": ("seat", "card"),  # Magie Noire discarded a card face up
    "swap_hands": ("seat", "target"),  # Troc
    "swap_meeples": ("meeple", "other"),  # Permutation
    "no_effect": ("seat", "card"),  # a power card spent without effect
    "extra_turn": ("seat",),  # Vitesse granted one more turn (R19)
    "record_full": (),  # the record holds no further action: the game ends (game.RECORD_TEXT)
    "over": ("winners", "scores"),  # the game ended (R21)
}


# Attribute names where a JSON field name is a Python keyword.
_ATTRIBUTE = {"from": "src", "to": "dst"}
NAMED: dict[str, Any] = {kind: namedtuple(kind.title().replace("_", ""), ("type",) + tuple(_ATTRIBUTE.get(f, f) for f in fields))
         for kind, fields in FIELDS.items()}


def named(event):
    """The event with named fields (a tuple still: equal to the engine's, and hashable)."""
    return _new(NAMED[event[0]], event)  # what _make does, less its length check: the engine made it


_new = tuple.__new__


def to_json(event):
    """A dict naming the event's fields; meeples become [seat, index] lists."""
    out = {"type": event[0]}
    for name, value in zip(FIELDS[event[0]], event[1:]):
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def redact(event, seat, hidden_scores=False):
    """The event as `seat` may see it: others' drawn and stolen cards are None,
    and with hidden scores (option `scores`), others' points and scores too."""
    kind = event[0]
    if hidden_scores and kind == "score" and event[1] != seat:
        return _like(event, (kind, event[1], None, None))
    if hidden_scores and kind == "event":
        deltas = tuple(d if s == seat else None for s, d in enumerate(event[5]))
        return _like(event, event[:5] + (deltas,))
    if kind == "draw" and event[1] != seat:
        return _like(event, event[:3] + (None,))
    if kind == "steal" and seat not in (event[1], event[2]):
        return _like(event, event[:3] + (None,))
    return event


def _like(event, values):
    """`values` as the same kind of tuple as `event` (named or plain)."""
    return type(event)._make(values) if hasattr(event, "_make") else values
