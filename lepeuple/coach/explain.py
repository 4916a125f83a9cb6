"""Why each player's score changed: an event's points split by reason (R14).

The points of an event are `resolve.scoring`'s (lepeuple/core/resolve.py), which the game
scores as one list of per-seat changes; here they are read back from an "event" event
for people reading a log. tests/test_explain.py ties the two together over random
games: the parts of every event add up to the kind and deltas the engine scored.
"""

from ..core.resolve import scoring
from ..core.ring import home_owner

__all__ = ["event_parts", "scoring"]


def event_parts(event, active):
    """[(seat, delta, reason), ...] of an "event" event, `active` the player whose turn it is."""
    _, _, home, meeple, partner, _ = event
    return scoring(meeple[0], partner[0], home_owner(home), active)[1]
