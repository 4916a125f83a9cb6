"""The light heuristic policy: how opponents, chance decisions and the bot itself
play inside the search's playouts, and the basis of the `easy` level.

It reads a full `Game` (a determinisation in the search) and answers in a few
microseconds per legal action: no clone, no lookahead.
"""

from ..core.actions import DEFEND_NO, DEFEND_YES
from .evaluate import (
    ACROSS_OF,
    DECODE,
    DEFAULT,
    FLANK_OWNER,
    HAND_LIMIT,
    IS_PICKAXE,
    can_draw_power,
    counts,
    event_deltas,
    floored_deltas,
    landing,
    net_gain,
    step_table,
)

# The order in which the policy plays power cards when it holds several.
POWER_PRIORITY = ("force", "vitesse", "voleur", "massue", "soin", "sortilege", "chance",
                  "defense", "bandit", "magie_noire", "troc")


def policy_action(g, rng, w=DEFAULT):
    """The heuristic policy's action for `g.to_move` (the game must not be over)."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = g.phase
    if phase == "move":
        return best_move(g, legal, rng, w)
    if phase == "power":
        return power_choice(g, legal)
    if phase == "partner":
        return partner_choice(g, legal, w)
    return DEFEND_YES if defend_worth(g) else DEFEND_NO


def draw_value(g, seat, w=DEFAULT):
    """Drawing two instead of playing: the extra cards the hand limit lets through."""
    room = HAND_LIMIT - len(g.moves[seat]) - len(g.powers[seat])
    gained = min(2, room) if len(g.moves[seat]) < 5 else 0
    return w.movement * gained


def best_move(g, legal, rng, w=DEFAULT):
    """The movement-phase action of highest value (as `move_value`); ties broken from `rng`.

    The same arithmetic as evaluate.move_value, written out inline: this is the
    innermost loop of every playout.
    """
    seat = g.active
    pos, players, scores = g.pos, g.players, g.scores
    steps = step_table(g.tiles)
    across_of = ACROSS_OF[g.tiles]
    count = counts(pos, g.tiles)
    share = 1.0 / (players - 1)
    anchor, exposed, net = w.anchor, w.exposed, w.net
    pick = [(w.pickaxe if s == seat else -w.pickaxe * share) if can_draw_power(g, s) else 0.0
            for s in range(players)]
    n = len(legal)
    start = rng.below(n)
    best, best_value = None, -1e9
    for i in range(n):
        a = legal[(start + i) % n]
        if a[-1] == "draw":
            v = draw_value(g, seat, w)
        else:
            m, how, x, z = DECODE[a]
            to, picks = landing(pos, count, steps, m, how, x, z)
            across = across_of[to]
            owner = m >> 1
            if across and count[across] - (pos[m] == across) > 0:
                v = net_gain(event_deltas(pos, scores, m, to, seat, players), seat, players, net)
            elif across:
                v = anchor if FLANK_OWNER[to] != owner else -exposed
                if owner != seat:
                    v = -v * share
            else:
                v = 0.0
                if IS_PICKAXE[to]:
                    picks += 1
            if picks:
                v += pick[owner]
        if v > best_value:
            best, best_value = a, v
    return best


def _leader(g, seat, need_score=False, key=None):
    """The opponent to aim at: highest score (or `key`), skipping those with nothing to lose."""
    best, best_key = None, None
    for s in range(g.players):
        if s == seat or (need_score and not g.scores[s]):
            continue
        k = key(s) if key else (g.scores[s], -((s - seat) % g.players))
        if best_key is None or k > best_key:
            best, best_key = s, k
    return best


def power_choice(g, legal):
    """Play the first useful card of POWER_PRIORITY, at the opponent it hurts most; else pass."""
    seat = g.active
    held = g.powers[seat]
    hand = len(g.moves[seat]) + len(held)
    for card in POWER_PRIORITY:
        if card not in held:
            continue
        target = None
        if card in ("voleur", "sortilege"):
            target = _leader(g, seat, need_score=True)
            if target is None:
                continue
        elif card == "massue":
            target = _leader(g, seat)
        elif card == "chance":
            if hand > 5:
                continue
        elif card == "bandit":
            target = _leader(g, seat, key=lambda s: (g.hand_size(s), g.scores[s]))
            if not g.hand_size(target):
                continue
        elif card == "magie_noire":
            target = _leader(g, seat, key=lambda s: (len(g.powers[s]), g.hand_size(s), g.scores[s]))
            if not g.hand_size(target):
                continue
        elif card == "troc":
            target = _leader(g, seat, key=lambda s: (g.hand_size(s), g.scores[s]))
            if g.hand_size(target) < hand + 1:
                continue
        for a in legal:
            if a[-1] == "power" and a[0] == card and a[1] == target:
                return a
    return legal[0]  # pass


def partner_choice(g, legal, w=DEFAULT):
    """The partner that gives the active player the best net gain."""
    m, _ = g.pending
    to = g.pos[m]
    best, best_value = legal[0], -1e9
    for a in legal:
        q = a[0][0]
        d = floored_deltas(g.scores, m >> 1, q, g.active, to, g.players)
        v = net_gain(d, g.active, g.players, w.net)
        if v > best_value:
            best, best_value = a, v
    return best


def defend_worth(g):
    """Play Défense unless the offensive costs nothing (it has no other use under `reaction`)."""
    target = g.to_move
    pending = g.pending
    if pending[0] == "event":
        deltas = pending[3]
        return deltas[target] < 0 or max(deltas) >= 2
    action = pending[1]
    card = action[0]
    if card in ("voleur", "sortilege"):
        return g.scores[target] > 0
    if card in ("bandit", "magie_noire"):
        return g.hand_size(target) > 1  # Défense itself is one of the cards at risk
    return True
