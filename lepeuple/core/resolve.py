"""How a move resolves (docs/rules.md R11-R15): the one source of its stops, pickaxes, events
and points.

Pure functions of the ring and the meeples' tiles, nothing else: the game plays what
`resolve` says (lepeuple/core/game.py, with the cards drawn and the scores floored), the
preview says it from a view (lepeuple/coach/preview.py), the explanation splits its points by
reason (lepeuple/coach/explain.py) and the bots' tables are built from it
(lepeuple/bots/evaluate.py; tests/test_one_source.py ties their fast copies to it).

>>> resolve([3, 2, 6, 6, 10, 10], 1, hops(8, "circle", 2, 12), 0)
((5, None),)
>>> resolve([3, 2, 6, 6, 10, 10], 1, hops(1, "square", 2, 12), 0)  # tile 2 is home
((2, None),)
>>> resolve([1, 3, 6, 6, 10, 10], 1, hops(1, "split", 3, 12), 0)  # 3, then 4: 1 is opposite 3
((3, (0,)),)
"""

from . import ring
from .cards import MOVEMENT

PICKAXE = "pickaxe"
"""A step's stop on a pickaxe: the moved meeple's owner draws a power card (R12)."""

# What stepping on each tile 0..20 may do, from lepeuple.core.ring (flanks never wrap, so one
# table serves every ring): ACROSS[t], the opposite flank (0 off the flanks, R13);
# IS_PICKAXE[t] (R12). Lists: `resolve` runs on every move the game plays.
ACROSS = [ring.opposite(t) if t and ring.is_flank(t) else 0 for t in range(21)]
IS_PICKAXE = [bool(t) and ring.is_pickaxe(t) for t in range(21)]
_STEP = [(t, PICKAXE if IS_PICKAXE[t] else None) for t in range(21)]  # a step without an event, built once


def hops(card, how, here, tiles):
    """The tiles a move of movement card `card` (an id) steps to from tile `here`, in
    order (R11): one for circle and square, two for a split."""
    card = MOVEMENT[card]
    if how == "square":
        return (card.square,)
    if how == "circle":
        return (ring.step(here, card.shift, tiles),)
    first = ring.step(here, card.split[0], tiles)
    return first, ring.step(first, card.split[1], tiles)


def resolve(pos, m, steps, active):
    """The steps meeple number `m` takes through the tiles `steps` (see `hops`), the
    meeples standing at `pos` (m at its starting tile) and `active` the player whose
    turn it is: a tuple of (tile, stop), one per step taken, where stop is

    - None: nothing happens on that tile;
    - PICKAXE: the meeple's owner draws a power card (R12) and the move goes on;
    - a tuple of meeple numbers, the partners the event may have (`partners`; one when
      R13 settles it): the meeple meets another on the opposite flank, an event, and a
      split stops there (R11).
    """
    taken: tuple = ()
    start = pos[m]
    for to in steps:
        across = ACROSS[to]
        # another meeple than m on the opposite flank (m may have started there)
        if across and across in pos and (start != across or pos.count(across) > 1):
            return taken + ((to, partners(pos, m, across, active)),)
        taken += (_STEP[to],)
    return taken


def partners(pos, m, tile, active):
    """The partners meeple m may take among the meeples on flank `tile` (R13), lowest
    number first: the active player's own meeple if one is there, else the lowest-numbered
    meeple of each owner there; one partner means the choice is made."""
    choices: tuple[int, ...] = ()
    for k in range(len(pos)):
        if pos[k] == tile and k != m:
            if k >> 1 == active:
                return (k,)
            if not choices or choices[-1] >> 1 != k >> 1:
                choices += (k,)
    return choices


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


def _points_table(players):
    """[mover][helper][active][victim] -> (kind, deltas) of every event, from `scoring`."""
    def of(mover, helper, active, victim):
        kind, parts = scoring(mover, helper, victim, active)
        deltas = [0] * players
        for seat, delta, _ in parts:
            deltas[seat] += delta
        return kind, tuple(deltas)
    seats = range(players)
    return [[[[of(p, q, a, v) for v in seats] for a in seats] for q in seats] for p in seats]


# POINTS[players][mover][helper][active][victim]: the events of `scoring`, worked out once
# (the game scores one on many moves).
POINTS = [_points_table(n) if n >= 3 else None for n in range(6)]
# Per flank tile: the home it flanks and that home's owner (R1); 0 and -1 off the flanks.
HOME = [ring.flanked_home(t) if ACROSS[t] else 0 for t in range(21)]
VICTIM = [ring.home_owner(HOME[t]) if ACROSS[t] else -1 for t in range(21)]


def points(m, k, tile, active, players):
    """(kind, home, deltas) of the event of moved meeple m with partner k on flank `tile`
    (R14): `deltas` the per-seat changes (a new list) before the floor at 0 (R15) and any
    Défense (R16)."""
    kind, deltas = POINTS[players][m >> 1][k >> 1][active][VICTIM[tile]]
    return kind, HOME[tile], list(deltas)


def is_offensive(kind, victim, active):
    """An event is an offensive against the home's owner, who may play Défense (R16),
    unless it is a supply or the victim is the active player."""
    return kind != "supply" and victim != active
