"""What a position is worth to a seat: the evaluation shared by greedy and the search.

Everything here reads a full `Game` — for a fair bot always a determinisation
built from its view (`resample.Resampler`), never the true state. The move
outcomes are worked out without playing them (no clone), which keeps the
playout policy and the evaluation cheap enough for thousands of iterations.
"""

import functools
import math
from typing import NamedTuple

from ..core.actions import Move
from ..core.cards import MOVEMENT
from ..core.game import HAND_LIMIT  # R8
from ..core.resolve import ACROSS as ACROSS_ANY, IS_PICKAXE, POINTS, VICTIM as FLANK_OWNER


class Weights(NamedTuple):
    """The playout policy's values of moves, in points."""

    movement: float = 0.25  # each movement card held (more reach next turn)
    pickaxe: float = 0.6  # a power card drawn at a pickaxe
    anchor: float = 0.25  # own meeple on a flank of an opponent's home
    exposed: float = 0.2  # a meeple on a flank of your own home, opposite flank empty
    net: float = 1.0  # how much others' gains count against a move's own gain


DEFAULT = Weights()

# ----- the ring, precomputed per tile count --------------------------------


# Tile facts (R1) and events' points (R14) are the tables of lepeuple.core.resolve, indexed
# by tile 0..20: a list index is cheaper than a call on the search's hottest paths.
# Flanks never wrap, so one table serves every tile count. ACROSS_ANY: the opposite
# flank (0 off the flanks); FLANK_OWNER: the owner of the home a flank touches (-1 off
# the flanks); IS_PICKAXE: is the tile a pickaxe; POINTS: each event's raw deltas.


@functools.lru_cache(maxsize=3)  # one table per tile count: 12, 16 and 20 tiles
def step_table(tiles):
    """[from][shift + 10] -> the tile a step of `shift` from `from` reaches."""
    return [[(t - 1 + s) % tiles + 1 for s in range(-10, 11)] if t else None for t in range(tiles + 1)]


# ----- outcomes of a move, worked out without playing it ---------------------


def event_deltas(pos, scores, m, to, active, players):
    """Score changes (after the 0 floor) when meeple m ends a step on flank `to`; None if nothing is opposite.

    The partner is picked as in R13; where the active player may choose, they
    choose what is best for them.
    """
    across = ACROSS_ANY[to]
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
            return max((floored_deltas(scores, m >> 1, q, active, to, players) for q in owners),
                       key=lambda d: (d[active], -max(d)))
        return floored_deltas(scores, m >> 1, owners[0], active, to, players)
    return floored_deltas(scores, m >> 1, active, active, to, players)


def floored_deltas(scores, mover, helper, active, to, players):
    """R14 and R15: the per-seat changes of an event (resolve.POINTS), floored at 0."""
    d = list(POINTS[players][mover][helper][active][FLANK_OWNER[to]][1])
    for s in range(players):
        if d[s] < 0 and scores[s] + d[s] < 0:
            d[s] = -scores[s]
    return d


def _decode_table():
    """Each movement action decoded once: (meeple number, how: 0 circle / 1 square / 2 split,
    X+10 or S or Y+10, Z+10). Keys are equal to the engine's own action values."""
    decode = {}
    for card in MOVEMENT.values():
        for m in range(10):
            meeple = (m >> 1, m & 1)
            decode[Move(card.id, meeple, "circle")] = (m, 0, card.shift + 10, 0)
            decode[Move(card.id, meeple, "square")] = (m, 1, card.square, 0)
            if card.split:
                decode[Move(card.id, meeple, "split")] = (m, 2, card.split[0] + 10, card.split[1] + 10)
    return decode


DECODE = _decode_table()
# card id -> (own?, X+10, S, Y+10 or None, Z+10 or None)
_CARD = {c.id: (c.own, c.shift + 10, c.square, c.split[0] + 10 if c.split else None,
                c.split[1] + 10 if c.split else None) for c in MOVEMENT.values()}
# tiles -> [tile] -> the opposite flank (0 for homes and pickaxes), as long as the ring
ACROSS_OF = {4 * n: ACROSS_ANY[:4 * n + 1] for n in (3, 4, 5)}


def counts(pos, tiles):
    """How many meeples stand on each tile."""
    count = [0] * (tiles + 1)
    for t in pos:
        count[t] += 1
    return count


def _land_value(g, count, m, to, seat, picks, w):
    """Worth to `seat` (the active player) of meeple m ending its move on `to`, `picks` pickaxes passed."""
    pos = g.pos
    value = 0.0
    across = ACROSS_ANY[to]
    if across:
        if count[across] - (pos[m] == across) > 0:
            d = event_deltas(pos, g.scores, m, to, seat, g.players)
            value = net_gain(d, seat, g.players, w.net)
        else:
            value = _placement(g, m, to, seat, w)
    elif IS_PICKAXE[to]:
        picks += 1
    if picks and can_draw_power(g, m >> 1):
        value += w.pickaxe if m >> 1 == seat else -w.pickaxe / (g.players - 1)
    return value


def landing(pos, count, steps, m, how, x, z):
    """(tile, pickaxes passed) of a decoded move (DECODE) of meeple m: where it stops
    (a split stops on its first step when an event happens there, R11) and whether its
    first step, when it goes on, was a pickaxe. `count`: meeples per tile (counts)."""
    here = pos[m]
    if how == 0:
        return steps[here][x], 0
    if how == 1:
        return x, 0
    first = steps[here][x]
    across = ACROSS_ANY[first]
    if across and count[across] - (here == across) > 0:
        return first, 0
    return steps[first][z], 1 if IS_PICKAXE[first] else 0


def move_value_in(g, count, steps, cache, action, seat, w):
    """move_value with the per-position work (`count`, `steps`, a cache by landing) shared."""
    m, how, x, z = DECODE[action]
    to, picks = landing(g.pos, count, steps, m, how, x, z)
    key = (m * 64 + to) * 2 + picks
    value = cache.get(key)
    if value is None:
        value = cache[key] = _land_value(g, count, m, to, seat, picks, w)
    return value


def move_value(g, action, seat, w=DEFAULT):
    """What playing movement action `action` now is worth to `seat` (the active player), in points."""
    return move_value_in(g, counts(g.pos, g.tiles), step_table(g.tiles), {}, action, seat, w)


def net_gain(d, seat, players, net=1.0):
    """A seat's own change minus `net` times the mean change of the others."""
    others = (sum(d) - d[seat]) / (players - 1)
    return d[seat] - net * others


def can_draw_power(g, seat):
    return len(g.moves[seat]) + len(g.powers[seat]) < HAND_LIMIT and (g.pdeck or g.pdisc)


def _placement(g, m, to, seat, w):
    """The worth to `seat` of leaving meeple m on flank `to` with nothing opposite."""
    owner = m >> 1
    value = w.anchor if FLANK_OWNER[to] != owner else -w.exposed
    return value if owner == seat else -value / (g.players - 1)


BEST_CACHE_SIZE = 20_000
"""Boards the best-move scan remembers, the least recently used forgotten first: about 7 MB
when full (362 bytes an entry), with as many hits in `hard`'s decisions as 200,000 entries
(docs/bots.md, Results: scripts/research/cache_memory.py)."""


def best_move_value(g, seat, w=DEFAULT):
    """The most `seat` could gain with one movement card of its hand on this board, were it to move now (≥ 0).

    Only events and pickaxes count: the quick scan the evaluation needs. Memoised
    (a pure function of the board, the scores, the seat's movement cards and
    whether it may draw a power card), since playouts meet the same boards often.
    """
    may_draw = bool(can_draw_power(g, seat))
    if w is not DEFAULT:
        return _best_move_value(g.pos, g.scores, g.moves[seat], may_draw, seat, w)
    return _best_remembered(bytes(g.pos), tuple(g.scores), tuple(g.moves[seat]), may_draw, seat)


@functools.lru_cache(maxsize=BEST_CACHE_SIZE)
def _best_remembered(pos, scores, hand, may_draw, seat):
    return _best_move_value(pos, scores, hand, may_draw, seat, DEFAULT)


def _best_move_value(pos, scores, hand, may_draw, seat, w=DEFAULT):
    """The scan itself: `pos` the meeples' tiles, `hand` the seat's movement cards,
    `may_draw` whether a pickaxe would give it a power card."""
    players = len(scores)
    tiles = 4 * players
    steps = step_table(tiles)
    across_of = ACROSS_OF[tiles]
    count = counts(pos, tiles)
    best = 0.0
    pick = w.pickaxe if may_draw else 0.0
    mine = (2 * seat, 2 * seat + 1)
    theirs = None
    seen = set()
    for c in hand:
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
                        v = net_gain(event_deltas(pos, scores, m, to, seat, players), seat, players, w.net)
                        best = max(best, v)
                elif own and IS_PICKAXE[to] and pick > best:
                    best = pick
            if first_step is not None:
                first = row[first_step]
                across = across_of[first]
                if not across or count[across] - (pos[m] == across) <= 0:
                    to = steps[first][second_step]
                    across = across_of[to]
                    if across and count[across] - (pos[m] == across) > 0 and (m, to) not in seen:
                        seen.add((m, to))
                        v = net_gain(event_deltas(pos, scores, m, to, seat, players), seat, players, w.net)
                        best = max(best, v)
    return best


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


class Model(NamedTuple):
    """A conditional-logit model of who wins: seat p's utility is a weighted sum of
    its features, and its chance to win is softmax(utilities)[p]. The weights were
    fitted on self-play games (docs/bots.md)."""

    score: float = 0.133
    score2: float = 0.286  # times score² / target: each point weighs more near the end
    potential: tuple = (0.304, 0.208, 0.139)  # best move, for the seat acting now / next / later
    movement: float = 0.070  # each movement card (up to 5)
    power: tuple = (("force", 0.507), ("soin", 0.253), ("voleur", 0.336), ("sortilege", 0.131),
                    ("bandit", 0.063), ("magie_noire", 0.025), ("troc", 0.230), ("vitesse", 0.352),
                    ("massue", 0.153), ("permutation", 0.0), ("chance", 0.180), ("defense", 0.353))
    anchor: float = 0.245  # own meeple on a flank of an opponent's home
    own_flank: float = 0.128  # own meeple on a flank of its own home
    threat: float = -0.210  # an opponent's meeple on a flank of its home
    skips: float = -0.149  # each turn it will skip (Massue)
    turn: float = -0.072  # each turn before its own comes
    extra: float = 0.304  # a pending extra turn (Vitesse), times its best move


MODEL = Model()


@functools.lru_cache(maxsize=4)  # one per win model in use (today's, a research one)
def _power_weights(power):
    """{card: weight} of a model's power cards."""
    return dict(power)


def utilities(g, model=MODEL, w=DEFAULT):
    """Each seat's utility under the win model."""
    n = g.players
    when = turn_order(g)
    pot = model.potential
    powers = _power_weights(model.power)
    target = g.options["target"]
    acting = g.phase in ("power", "move")
    # The home whose flank each meeple stands on (-1 off the flanks), once for all seats.
    flank = [FLANK_OWNER[t] for t in g.pos]
    own_flank, anchor, threat = model.own_flank, model.anchor, model.threat
    u = [0.0] * n
    for p in range(n):
        k = when[p]
        factor = pot[k] if k < len(pot) else pot[-1]
        if p == g.active:
            factor = (factor if acting else 0.0) + model.extra * g.extra
        score = g.scores[p]
        v = model.score * score + model.score2 * score * score / target + model.turn * k + model.skips * g.skips[p]
        v += model.movement * min(len(g.moves[p]), 5)
        for card in g.powers[p]:
            v += powers[card]
        for m in (2 * p, 2 * p + 1):
            home = flank[m]
            if home >= 0:
                v += own_flank if home == p else anchor
        for m in range(2 * n):
            if flank[m] == p and m >> 1 != p:
                v += threat
        if factor:
            v += factor * best_move_value(g, p, w)
        u[p] = v
    return u


def win_chances(g, model=MODEL, w=DEFAULT):
    """Each seat's estimated chance to win (the shares of a finished game)."""
    n = g.players
    if g.phase == "over":
        return [terminal_value(g, p) for p in range(n)]
    u = utilities(g, model, w)
    top = max(u)
    e = [math.exp(x - top) for x in u]
    total = sum(e)
    return [x / total for x in e]


def evaluate(g, seat, model=MODEL, w=DEFAULT):
    """The worth of a (determinised) game to `seat`: its estimated chance to win, 0..1."""
    if g.phase == "over":
        return terminal_value(g, seat)
    u = utilities(g, model, w)
    mine = u[seat]
    return 1.0 / sum(math.exp(x - mine) for x in u)


def terminal_value(g, seat):
    """1 for a sole win, 1/k for a win shared by k, 0 for a loss."""
    winners = g.winners
    return 1.0 / len(winners) if seat in winners else 0.0
