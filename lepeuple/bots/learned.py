"""The learned evaluation: who wins from here, as fitted on how self-play games ended.

`features(g)` describes each seat of a (determinised) game by what decides games:
the score and its gap to the target against the leader's, the best move it could
make and how soon its turn comes, its cards by kind, its meeples on flanks and
whose turn comes first to use them. A `Learned` model maps each seat's features to
a utility — a weighted sum (a conditional logit) or one small hidden layer — and the
chances to win are the softmax of the utilities over the seats, as `evaluate.Model`'s.
The weights are fitted by `lepeuple/research/train.py` (numpy, the tools only) and
shipped as `learned.json`; here they are read and evaluated with the standard library.
"""

import functools
import json
import math
import os
from operator import mul

from ..core.cards import MOVEMENT
from ..core.game import HAND_LIMIT  # R8
from .evaluate import FLANK_OWNER, MODEL, best_move_value, can_draw_power, terminal_value, turn_order

POWERS = tuple(c for c, _ in MODEL.power)
_OWN = {c.id: c.own for c in MOVEMENT.values()}
_SPLIT = {c.id: c.split is not None for c in MOVEMENT.values()}

NAMES = ("score", "score2", "lead", "lead_late", "score_late", "leader", "gap_after_best",
         "potential0", "potential1", "potential2", "reach0", "reach1", "reach2",
         "movement", "own_cards", "split_cards", "full_hand", "can_draw",
         *(f"power:{c}" for c in POWERS),
         "anchor", "anchor_first", "own_flank", "threat", "threat_first",
         "skips", "turn", "extra", "players4", "players5")
"""Each seat's features, in order (scores are in targets: a score of 6 of 12 is 0.5)."""


def features(g):
    """Per seat, the feature vector named by NAMES."""
    n = g.players
    when = turn_order(g)
    target = g.options["target"]
    acting = g.phase in ("power", "move")
    flank = [FLANK_OWNER[t] for t in g.pos]
    scores = g.scores
    top = max(scores) / target
    out = []
    for p in range(n):
        k = when[p]
        score = scores[p] / target
        lead = score - max(scores[q] for q in range(n) if q != p) / target
        bmv = best_move_value(g, p)
        soon = bmv if (acting or p != g.active) else 0.0
        pot = [0.0, 0.0, 0.0]
        reach = [0.0, 0.0, 0.0]
        pot[min(k, 2)] = soon
        if soon and scores[p] + soon >= target:
            reach[min(k, 2)] = 1.0
        moves = g.moves[p]
        own = sum(_OWN[c] for c in moves)
        split = sum(_SPLIT[c] for c in moves)
        anchor = own_flank = threat = anchor_first = threat_first = 0
        for m in range(2 * n):
            home = flank[m]
            if home < 0:
                continue
            owner = m >> 1
            if owner == p:
                if home == p:
                    own_flank += 1
                else:
                    anchor += 1
                    anchor_first += when[home] > k  # it moves before the home's owner
            elif home == p:
                threat += 1
                threat_first += when[owner] < k  # the attacker moves first
        powers = g.powers[p]
        out.append([score, score * score, lead, lead * top, score * top, top, (target - scores[p] - bmv) / target,
                    pot[0], pot[1], pot[2], reach[0], reach[1], reach[2],
                    min(len(moves), 5), own, split, float(len(moves) + len(powers) >= HAND_LIMIT),
                    float(bool(can_draw_power(g, p))),
                    *(powers.count(c) for c in POWERS),
                    anchor, anchor_first, own_flank, threat, threat_first,
                    g.skips[p], k, g.extra * bmv if p == g.active else 0.0, float(n == 4), float(n == 5)])
    return out


class Learned:
    """A fitted model: `utilities(g)`, `win_chances(g)`, `evaluate(g, seat)`."""

    def __init__(self, data):
        if list(data["names"]) != list(NAMES):
            raise ValueError("the learned weights were fitted on other features: refit them (lepeuple/research/train.py)")
        self.kind = data["kind"]
        self.info = data.get("info", {})
        mean, scale = data["mean"], data["scale"]
        # The fit reads standardised features (x - mean) / scale; folding that into the
        # weights leaves one dot product per unit to do here.
        if self.kind == "logit":
            self._rows = [[a / s for a, s in zip(data["w"], scale)]]
            self._bias = [-sum(a * m for a, m in zip(self._rows[0], mean))]
            self._out = None
        else:
            rows, bias, self._out = data["w"]
            self._rows = [[a / s for a, s in zip(row, scale)] for row in rows]
            self._bias = [b - sum(a * m for a, m in zip(row, mean)) for row, b in zip(self._rows, bias)]

    def utility(self, x):
        """A seat's utility from its features."""
        if self._out is None:
            return self._bias[0] + sum(map(mul, self._rows[0], x))
        tanh = math.tanh
        return sum(o * tanh(b + sum(map(mul, row, x))) for row, b, o in zip(self._rows, self._bias, self._out))

    def utilities(self, g):
        return [self.utility(x) for x in features(g)]

    def win_chances(self, g):
        if g.phase == "over":
            return [terminal_value(g, p) for p in range(g.players)]
        u = self.utilities(g)
        top = max(u)
        e = [math.exp(x - top) for x in u]
        total = sum(e)
        return [x / total for x in e]

    def evaluate(self, g, seat):
        if g.phase == "over":
            return terminal_value(g, seat)
        u = self.utilities(g)
        mine = u[seat]
        return 1.0 / sum(math.exp(x - mine) for x in u)


SHIPPED = os.path.join(os.path.dirname(__file__), "learned.json")


@functools.cache
def load(path=SHIPPED):
    """The fitted model in `path` (read once)."""
    with open(path) as f:
        return Learned(json.load(f))


def candidate():
    """The research bots' model: the file named by LEPEUPLE_LEARNED, else the shipped one."""
    return load(os.environ.get("LEPEUPLE_LEARNED") or SHIPPED)
