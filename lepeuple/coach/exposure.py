"""Exposed meeples: who could score off a meeple left alone beside a home.

A meeple stands exposed when it is on a flank and nobody stands on the other flank
of that home (R13): whoever ends a step of a move there makes an event with it. The
page marks every exposed meeple on the board, with the peoples that take a turn
before its owner can move it again: each of them, ending a move of its own meeple
on the other flank, scores a sneaky attack with it (R14: the mover +2, the exposed
meeple's owner +1 as the helper, the home's owner −1).

Everything here is read from a view (R9: meeples, whose turn, skips and extra turns
are public), so it says nothing of the cards in anyone's hand: whether a player
holds a card that reaches the other flank is hidden, so the threat is who *could*.

>>> from lepeuple import new_game
>>> g = new_game(3, None, 1, {"meeples": [[3, 2], [6, 6], [10, 10]]})
>>> [(e["meeple"], e["opposite"], e["threats"], e["gains"]) for e in exposed_meeples(g.view(1))]
[([0, 0], 1, [1, 2], [2, 2])]
"""

from ..core import ring
from ..core.game import reaches_target
from ..core.resolve import scoring


def exposed_meeples(view):
    """One dict per exposed meeple, in seat and meeple order:

    - "meeple": [seat, index]; "tile": its flank; "opposite": the other flank (empty);
      "home": the home they flank;
    - "threats": the seats that take a turn before the meeple's owner next plays
      (the order of play, R10, R19 extra turns, R20 skips), each of which could score
      off it; empty when the owner plays next or the game is over;
    - "gains": for each threat, its net change when it ends a move of its own meeple
      on "opposite" in its turn (R14: +2, +1 at its own home);
    - "deltas": for each threat, every seat's change then (R14, before R15's floor).
    """
    standing = {t for pair in view["meeples"] for t in pair}
    out = []
    for seat, pair in enumerate(view["meeples"]):
        for index, tile in enumerate(pair):
            if not ring.is_flank(tile) or ring.opposite(tile) in standing:
                continue
            home = ring.flanked_home(tile)
            threats = turns_before(view, seat)
            deltas = [attack(view["players"], rival, seat, ring.home_owner(home)) for rival in threats]
            out.append({"meeple": [seat, index], "tile": tile, "opposite": ring.opposite(tile), "home": home,
                        "threats": threats, "gains": [d[r] for r, d in zip(threats, deltas)], "deltas": deltas})
    return out


def turns_before(view, seat, moved=False):
    """The seats, in order of play, that take a movement step before `seat`'s next turn:
    the active player first when its movement is still to come (not `moved`), then the
    turns that follow, extra turns (R19) and skipped turns (R20) counted, none after the
    turn that ends the game (R21). `seat`'s own
    turn in progress is not its next one: during it, the list is who plays after it."""
    n, active, phase = view["players"], view["active"], view["phase"]
    if view["over"] or phase == "over":
        return []
    out = []
    if active != seat and phase in ("power", "move") and not moved:
        out.append(active)
    if view["extra_turns"]:  # R19: the active player plays again before anyone else
        if active == seat:
            return out
        _add(out, active)
    if any(score is not None and reaches_target(score, view["options"]) for score in view["scores"]):
        return out  # R21: the game ends with this turn (a hidden score's reach is not known)
    skips, current = list(view["skips"]), active
    for _ in range(2 * n):  # every skip is spent within two rounds
        current = (current + 1) % n
        if skips[current]:  # R20: this turn of theirs is skipped
            skips[current] -= 1
            continue
        if current == seat:
            return out
        _add(out, current)
    return out


def _add(seats, seat):
    if seat not in seats:
        seats.append(seat)
    return seats


def attack(players, rival, helper, victim):
    """Every seat's change when `rival`, in its own turn, ends a move of its meeple beside
    `helper`'s (R14: a sneaky attack; both `helper`'s when the rival is the helper)."""
    _, parts = scoring(rival, helper, victim, rival)
    deltas = [0] * players
    for s, d, _ in parts:
        deltas[s] += d
    return deltas
