"""Why each player's score changed: an event's points split by reason (R14).

`Game` scores an event as one list of per-seat changes (the fast path);
`event_parts` says where each change comes from, for people reading a log.
tests/test_explain.py ties the two together over random games: the parts of
every event add up to the deltas the engine scored.
"""

from .ring import home_owner


def event_parts(event, active):
    """[(seat, delta, reason), ...] of an "event" event, `active` the player whose turn it is.

    Reasons: "supply" or "noble_attack" (+3, both meeples of one owner),
    "sneaky_attack" (+2, the active player used one of its meeples with another's),
    "moved" (+2, the moved meeple's owner when the active player owns neither meeple),
    "helper" (+1, the other meeple's owner), "home" (−1, the owner of the home)."""
    _, kind, home, meeple, partner, _ = event
    mover, helper, victim = meeple[0], partner[0], home_owner(home)
    if mover == helper:
        parts = [(mover, 3, kind)]
    elif helper == active:
        parts = [(active, 2, "sneaky_attack"), (mover, 1, "helper")]
    else:
        parts = [(mover, 2, "sneaky_attack" if mover == active else "moved"), (helper, 1, "helper")]
    return parts + [(victim, -1, "home")]
