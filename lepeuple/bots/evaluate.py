"""What a position is worth to a seat: the evaluation shared by greedy and the search.

Everything here reads a full `Game` — for a fair bot always a determinisation
built from its view (`view.Resampler`), never the true state. The move
outcomes are worked out without playing them (no clone), which keeps the
playout policy and the evaluation cheap enough for thousands of iterations.
"""

from typing import NamedTuple

from ..actions import Move
from ..cards import MOVEMENT

HAND_LIMIT = 7
WIN = 30.0  # a won game, in points (a lost one is -WIN)

# Rough worth of holding each power card, in points (R5).
POWER_VALUE = {
    "force": 2.0, "soin": 1.0, "voleur": 1.5, "sortilege": 0.8, "bandit": 0.6,
    "magie_noire": 0.5, "troc": 0.4, "vitesse": 1.4, "massue": 1.1,
    "permutation": 0.8, "chance": 0.9, "defense": 0.9,
}


class Weights(NamedTuple):
    """The evaluation's weights (tuned in tournaments, see docs/bots.md)."""

    movement: float = 0.25  # each movement card held (more reach next turn)
    power: float = 0.55  # times POWER_VALUE of each power card held
    potential: tuple = (0.85, 0.45, 0.3, 0.2, 0.15)  # best move next turn, by how soon the turn comes
    pickaxe: float = 0.6  # a power card drawn at a pickaxe
    anchor: float = 0.25  # own meeple on a flank of an opponent's home
    exposed: float = 0.2  # a meeple on a flank of your own home, opposite flank empty
    lead: float = 0.6  # weight of the strongest opponent (the rest: their mean)
    extra: float = 0.8  # a pending extra turn (Vitesse), in units of the potential
    net: float = 1.0  # how much others' gains count against a move's own gain


DEFAULT = Weights()

# ----- the ring, precomputed per tile count --------------------------------


def _across(t):
    return t + 2 if t % 4 == 1 else t - 2


def _home_owner_of_flank(t):
    home = t + 1 if t % 4 == 1 else t - 1
    return (home - 2) // 4


_STEP = {}  # tiles -> [from][shift + 10] -> to


def _steps(tiles):
    table = _STEP.get(tiles)
    if table is None:
        table = [[(t - 1 + s) % tiles + 1 for s in range(-10, 11)] if t else None for t in range(tiles + 1)]
        _STEP[tiles] = table
    return table


# ----- outcomes of a move, worked out without playing it ---------------------


def event_deltas(pos, scores, m, to, active, players):
    """Score changes (after the 0 floor) when meeple m ends a step on flank `to`; None if nothing is opposite.

    The partner is picked as in R13; where the active player may choose, they
    choose what is best for them.
    """
    across = to + 2 if to % 4 == 1 else to - 2
    owners = []
    partner = -1
    for k in range(2 * players):
        if k != m and pos[k] == across:
            owner = k >> 1
            if owner == active:
                partner = k
                break
            if owner not in owners:
                owners.append(owner)
    if partner < 0:
        if not owners:
            return None
        if len(owners) > 1:
            return max((_deltas(scores, m >> 1, q, active, to, players) for q in owners),
                       key=lambda d: (d[active], -max(d)))
        return _deltas(scores, m >> 1, owners[0], active, to, players)
    return _deltas(scores, m >> 1, active, active, to, players)


def _deltas(scores, mover, helper, active, to, players):
    """R14 and R15: the per-seat changes of an event, floored at 0."""
    d = [0] * players
    if mover == helper:
        d[mover] += 3
    elif helper == active:
        d[active] += 2
        d[mover] += 1
    else:
        d[mover] += 2
        d[helper] += 1
    d[_home_owner_of_flank(to)] -= 1
    for s in range(players):
        if d[s] < 0 and scores[s] + d[s] < 0:
            d[s] = -scores[s]
    return d


def _move_tables():
    """Every movement action by card and meeple number, and each one decoded to
    (meeple number, how: 0 circle / 1 square / 2 split, X+10 or S or Y+10, Z+10)."""
    by_card, decode = {}, {}
    for card in MOVEMENT.values():
        hows = ("circle", "square", "split") if card.split else ("circle", "square")
        by_card[card.id] = per_meeple = []
        for m in range(10):
            actions = tuple(Move(card.id, (m >> 1, m & 1), how) for how in hows)
            per_meeple.append(actions)
            for a in actions:
                if a.how == "circle":
                    decode[a] = (m, 0, card.shift + 10, 0)
                elif a.how == "square":
                    decode[a] = (m, 1, card.square, 0)
                else:
                    decode[a] = (m, 2, card.split[0] + 10, card.split[1] + 10)
    return by_card, decode


_MOVE_ACTIONS, _DECODE = _move_tables()
# card id -> (own?, X+10, S, Y+10 or None, Z+10 or None)
_CARD = {c.id: (c.own, c.shift + 10, c.square, c.split[0] + 10 if c.split else None,
                c.split[1] + 10 if c.split else None) for c in MOVEMENT.values()}
# tiles -> [tile] -> the opposite flank (0 for homes and pickaxes)
_ACROSS = {4 * n: [0] + [_across(t) if t & 1 else 0 for t in range(1, 4 * n + 1)] for n in (3, 4, 5)}


def _counts(pos, tiles):
    """How many meeples stand on each tile."""
    count = [0] * (tiles + 1)
    for t in pos:
        count[t] += 1
    return count


def _land_value(g, count, m, to, seat, picks, w):
    """Worth to `seat` (the active player) of meeple m ending its move on `to`, `picks` pickaxes passed."""
    pos = g.pos
    value = 0.0
    if to & 1:
        across = to + 2 if to % 4 == 1 else to - 2
        if count[across] - (pos[m] == across) > 0:
            d = event_deltas(pos, g.scores, m, to, seat, g.players)
            value = net_gain(d, seat, g.players, w.net)
        else:
            value = _placement(g, m, to, seat, w)
    elif to % 4 == 0:
        picks += 1
    if picks and can_draw_power(g, m >> 1):
        value += w.pickaxe if m >> 1 == seat else -w.pickaxe / (g.players - 1)
    return value


def _move_value(g, count, steps, cache, action, seat, w):
    m, how, x, z = _DECODE[action]
    pos = g.pos
    here = pos[m]
    picks = 0
    if how == 0:
        to = steps[here][x]
    elif how == 1:
        to = x
    else:
        first = steps[here][x]
        if first & 1:
            across = first + 2 if first % 4 == 1 else first - 2
            if count[across] - (pos[m] == across) > 0:
                return _land_value(g, count, m, first, seat, 0, w)
        elif first % 4 == 0:
            picks = 1
        to = steps[first][z]
    key = (m * 64 + to) * 2 + picks
    value = cache.get(key)
    if value is None:
        value = cache[key] = _land_value(g, count, m, to, seat, picks, w)
    return value


def move_value(g, action, seat, w=DEFAULT):
    """What playing movement action `action` now is worth to `seat` (the active player), in points."""
    return _move_value(g, _counts(g.pos, g.tiles), _steps(g.tiles), {}, action, seat, w)


def move_values(g, actions, seat, w=DEFAULT):
    """move_value of each movement action (none may be `draw`), sharing the work."""
    count, steps, cache = _counts(g.pos, g.tiles), _steps(g.tiles), {}
    return [_move_value(g, count, steps, cache, a, seat, w) for a in actions]


def net_gain(d, seat, players, net=1.0):
    """A seat's own change minus `net` times the mean change of the others."""
    others = (sum(d) - d[seat]) / (players - 1)
    return d[seat] - net * others


def can_draw_power(g, seat):
    return len(g.moves[seat]) + len(g.powers[seat]) < HAND_LIMIT and (g.pdeck or g.pdisc)


def _placement(g, m, to, seat, w):
    """The worth to `seat` of leaving meeple m on flank `to` with nothing opposite."""
    owner = m >> 1
    value = w.anchor if _home_owner_of_flank(to) != owner else -w.exposed
    return value if owner == seat else -value / (g.players - 1)


def best_move_value(g, seat, w=DEFAULT):
    """The most `seat` could gain with one movement card of its hand on this board, were it to move now (≥ 0).

    Only events and pickaxes count: the quick scan the evaluation needs.
    """
    pos, players = g.pos, g.players
    steps = _steps(g.tiles)
    across_of = _ACROSS[g.tiles]
    count = _counts(pos, g.tiles)
    best = 0.0
    pick = w.pickaxe if can_draw_power(g, seat) else 0.0
    mine = (2 * seat, 2 * seat + 1)
    theirs = None
    seen = set()
    for c in g.moves[seat]:
        own, shift, square, first_step, second_step = _CARD[c]
        if own:
            meeples = mine
        else:
            if theirs is None:
                theirs = [k for k in range(2 * players) if k >> 1 != seat]
            meeples = theirs
        for m in meeples:
            here = pos[m]
            row = steps[here]
            targets = (row[shift], square) if first_step is None else (row[shift], square, row[first_step])
            for to in targets:
                across = across_of[to]
                if across:
                    if count[across] - (pos[m] == across) > 0 and (m, to) not in seen:
                        seen.add((m, to))
                        v = net_gain(event_deltas(pos, g.scores, m, to, seat, players), seat, players, w.net)
                        if v > best:
                            best = v
                elif own and not to & 3 and pick > best:
                    best = pick
            if first_step is not None:
                first = row[first_step]
                across = across_of[first]
                if not across or count[across] - (pos[m] == across) <= 0:
                    to = steps[first][second_step]
                    across = across_of[to]
                    if across and count[across] - (pos[m] == across) > 0 and (m, to) not in seen:
                        seen.add((m, to))
                        v = net_gain(event_deltas(pos, g.scores, m, to, seat, players), seat, players, w.net)
                        if v > best:
                            best = v
    return best


def hand_value(g, seat, w=DEFAULT):
    powers = g.powers[seat]
    value = w.movement * min(len(g.moves[seat]), 5)
    for card in powers:
        value += w.power * POWER_VALUE[card]
    return value


def board_value(g, seat, w=DEFAULT):
    """Meeples of `seat` on flanks: anchors at opponents' homes, exposure at its own."""
    value = 0.0
    for m in (2 * seat, 2 * seat + 1):
        t = g.pos[m]
        if t & 1:
            if _home_owner_of_flank(t) != seat:
                value += w.anchor
    return value


def turn_order(g):
    """For each seat, how many turns come before its next one starts (0: it is acting now)."""
    n = g.players
    when = [0] * n
    active = g.active
    k = 1 + g.extra
    seat = active
    skips = list(g.skips)
    pending = set(range(n)) - {active}
    while pending:
        seat = (seat + 1) % n
        if skips[seat]:
            skips[seat] -= 1
            continue
        if seat in pending:
            when[seat] = k
            pending.discard(seat)
        k += 1
    return when


def evaluate(g, seat, w=DEFAULT):
    """The worth of a (determinised) game to `seat`, in points: its standing against the others."""
    n = g.players
    if g.phase == "over":
        return (2.0 * terminal_value(g, seat) - 1.0) * WIN
    when = turn_order(g)
    pot = w.potential
    acting = g.phase in ("power", "move")
    u = [0.0] * n
    for p in range(n):
        k = when[p]
        factor = pot[k] if k < len(pot) else pot[-1]
        if p == g.active:
            factor = (factor if acting else 0.0) + w.extra * g.extra * pot[0]
        u[p] = g.scores[p] + hand_value(g, p, w) + board_value(g, p, w) + factor * best_move_value(g, p, w)
    mine = u[seat]
    others = [u[p] for p in range(n) if p != seat]
    return mine - w.lead * max(others) - (1.0 - w.lead) * sum(others) / len(others)


def terminal_value(g, seat):
    """1 for a sole win, 1/k for a win shared by k, 0 for a loss."""
    winners = g.winners
    return 1.0 / len(winners) if seat in winners else 0.0
