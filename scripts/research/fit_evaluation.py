"""Refit the win-chance model (lepeuple/bots/evaluate.py `Model`) on games of the current bots.

Data recipe: `--games` games of `--players` players between `--bots` (default three
greedy bots; seats as listed), deal seeds `seed * 100003 + i`, bot seeds drawn from
Rng(deal seed) as the arena does; with probability `--epsilon` a seat plays a
uniformly random legal action instead (more varied positions). A position is every
turn start (the first decision of a turn), labelled by the game's result (win
shares: 1, 1/k for a shared win, 0). Games with index % 5 == 4 are held out.

The model is a conditional logit: seat p's utility is a weighted sum of its features
(`features` below: exactly the terms of `evaluate.utilities`, so a Model's utilities
are `weights . features`, checked on every position), its chance to win
softmax(utilities)[p]. The weights maximise the log-likelihood of the results
(Newton's method with a small ridge, pure Python; no numpy needed). It prints the
held-out log-likelihood per position of the current MODEL, of the refit and of a
uniform guess, and the refit as a `Model(...)` to paste into evaluate.py (the
shipped model stays plain Python numbers).

    .venv/bin/python -m scripts.research.fit_evaluation --games 300 --seed 11
"""

import argparse
import math
import sys

from lepeuple.bots import think
from lepeuple.bots.evaluate import FLANK_OWNER, MODEL, Model, best_move_value, turn_order, utilities
from lepeuple.core.cards import POWER_IDS
from lepeuple.core.rng import Rng
from lepeuple.core.setup import new_game
from lepeuple.core.view import view

POWERS = [c for c, _ in MODEL.power]
NAMES = (["score", "score2", "potential0", "potential1", "potential2", "movement"]
         + [f"power:{c}" for c in POWERS] + ["anchor", "own_flank", "threat", "skips", "turn", "extra"])


def features(g):
    """Per seat, the feature vector whose dot product with `weights(model)` is its utility."""
    n = g.players
    when = turn_order(g)
    target = g.options["target"]
    acting = g.phase in ("power", "move")
    flank = [FLANK_OWNER[t] for t in g.pos]
    out = []
    for p in range(n):
        k = when[p]
        bmv = best_move_value(g, p)
        score = g.scores[p]
        pot = [0.0, 0.0, 0.0]
        extra = 0.0
        if p == g.active:
            if acting:
                pot[min(k, 2)] = bmv
            extra = g.extra * bmv
        else:
            pot[min(k, 2)] = bmv
        powers = [g.powers[p].count(c) for c in POWERS]
        anchor = own = threat = 0
        for m in (2 * p, 2 * p + 1):
            home = flank[m]
            if home >= 0:
                if home == p:
                    own += 1
                else:
                    anchor += 1
        for m in range(2 * n):
            if flank[m] == p and m >> 1 != p:
                threat += 1
        out.append([score, score * score / target, *pot, min(len(g.moves[p]), 5), *powers,
                    anchor, own, threat, g.skips[p], k, extra])
    return out


def weights(model):
    power = dict(model.power)
    return [model.score, model.score2, *model.potential, model.movement, *[power[c] for c in POWERS],
            model.anchor, model.own_flank, model.threat, model.skips, model.turn, model.extra]


def model_of(w):
    k = 6 + len(POWERS)
    return Model(score=w[0], score2=w[1], potential=tuple(w[2:5]), movement=w[5],
                 power=tuple((c, w[6 + i]) for i, c in enumerate(POWERS)),
                 anchor=w[k], own_flank=w[k + 1], threat=w[k + 2], skips=w[k + 3], turn=w[k + 4], extra=w[k + 5])


def collect(players, bots, games, seed, epsilon):
    """[(game index, features per seat, win shares)] at every turn start."""
    data = []
    for i in range(games):
        deal = seed * 100003 + i
        g = new_game(players, None, deal)
        mixer, noise = Rng(deal), Rng(deal ^ 0x5EED)
        rows = []
        start = True
        while not g.is_over:
            if start and g.phase in ("power", "move"):
                rows.append(features(g))
                check = utilities(g)
                w = weights(MODEL)
                for p, x in enumerate(rows[-1]):
                    assert abs(sum(a * b for a, b in zip(w, x)) - check[p]) < 1e-9, (p, check[p])
            seat = g.to_move
            legal = g.legal_actions()
            bot_seed = mixer.next64()
            if epsilon and noise.next64() / 2.0 ** 64 < epsilon:
                action = legal[noise.below(len(legal))]
            else:
                t = think(view(g, seat), bots[seat], bot_seed)
                while not t.step(10.0):
                    pass
                action = t.action()
            start = any(e[0] == "turn" for e in g.apply(action))
        share = [1.0 / len(g.winners) if s in g.winners else 0.0 for s in range(players)]
        data += [(i, x, share) for x in rows]
        print(f"game {i + 1}/{games}: {len(data)} positions", file=sys.stderr, flush=True)
    return data


def loglik(data, w):
    total = 0.0
    for _, xs, y in data:
        u = [sum(a * b for a, b in zip(w, x)) for x in xs]
        top = max(u)
        log_z = top + math.log(sum(math.exp(v - top) for v in u))
        total += sum(yp * (up - log_z) for yp, up in zip(y, u))
    return total / len(data)


def newton(data, w, ridge=1e-3, rounds=8):
    d = len(w)
    for r in range(rounds):
        grad = [-ridge * x for x in w]
        hess = [[-ridge if i == j else 0.0 for j in range(d)] for i in range(d)]
        for _, xs, y in data:
            u = [sum(a * b for a, b in zip(w, x)) for x in xs]
            top = max(u)
            e = [math.exp(v - top) for v in u]
            z = sum(e)
            pi = [v / z for v in e]
            mean = [sum(pi[p] * xs[p][j] for p in range(len(xs))) for j in range(d)]
            for p, x in enumerate(xs):
                c = y[p] - pi[p]
                if c:
                    for j in range(d):
                        grad[j] += c * x[j]
                dx = [x[j] - mean[j] for j in range(d)]
                q = pi[p]
                for i in range(d):
                    if dx[i]:
                        qi = q * dx[i]
                        row = hess[i]
                        for j in range(d):
                            row[j] -= qi * dx[j]
        step = solve([[-v for v in row] for row in hess], grad)
        w = [a + b for a, b in zip(w, step)]
        print(f"newton round {r + 1}: train log-likelihood {loglik(data, w):.4f}", file=sys.stderr, flush=True)
    return w


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--bots", default="greedy,greedy,greedy")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--epsilon", type=float, default=0.05)
    args = p.parse_args()
    bots = args.bots.split(",")
    assert len(bots) == args.players and set(POWERS) == set(POWER_IDS)
    data = collect(args.players, bots, args.games, args.seed, args.epsilon)
    train = [row for row in data if row[0] % 5 != 4]
    test = [row for row in data if row[0] % 5 == 4]
    w0 = weights(MODEL)
    w = newton(train, w0)
    uniform = -math.log(args.players)
    print(f"{len(train)} training / {len(test)} held-out positions ({args.games} games of {args.bots}, "
          f"seed {args.seed}, epsilon {args.epsilon})")
    print(f"held-out log-likelihood per position: current MODEL {loglik(test, w0):.4f}, "
          f"refit {loglik(test, w):.4f}, uniform {uniform:.4f}")
    for name, a, b in zip(NAMES, w0, w):
        print(f"  {name:<18} {a:8.3f} -> {b:8.3f}")
    print(repr(model_of([round(x, 3) for x in w])))


if __name__ == "__main__":
    main()
