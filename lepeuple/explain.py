"""Why each player's score changed: an event's points split by reason (R14).

`Game` scores an event as one list of per-seat changes (the fast path);
`scoring` says where each change comes from, for people reading a log and for
the preview of a move (lepeuple/preview.py). tests/test_explain.py ties the two
together over random games: the parts of every event add up to the kind and
deltas the engine scored.
"""

from .ring import home_owner


def event_parts(event, active):
    """[(seat, delta, reason), ...] of an "event" event, `active` the player whose turn it is."""
    _, _, home, meeple, partner, _ = event
    return scoring(meeple[0], partner[0], home_owner(home), active)[1]


def scoring(mover, helper, victim, active):
    """(kind, parts) of an event (R14): the moved meeple's owner, the partner's owner,
    the home's owner and the active player; parts are [(seat, delta, reason), ...].

    Reasons: "supply" or "noble_attack" (+3, both meeples of one owner),
    "sneaky_attack" (+2, the active player used one of its meeples with another's),
    "moved" (+2, the moved meeple's owner when the active player owns neither meeple),
    "helper" (+1, the other meeple's owner), "home" (−1, the owner of the home)."""
    if mover == helper:
        kind = "supply" if victim == mover else "noble_attack"
        parts = [(mover, 3, kind)]
    elif helper == active:
        kind, parts = "sneaky_attack", [(active, 2, "sneaky_attack"), (mover, 1, "helper")]
    else:
        kind = "sneaky_attack" if mover == active else "attack"
        parts = [(mover, 2, "sneaky_attack" if mover == active else "moved"), (helper, 1, "helper")]
    return kind, parts + [(victim, -1, "home")]
