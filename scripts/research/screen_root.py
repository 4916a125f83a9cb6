"""How near each bot's choice comes to the best action of a long search over every root action.

Positions: decisions of seat 0 with at least `--min-legal` legal actions in greedy
games (3 players, deal seeds `seed * 100003 + i`), every `--every`th one. The
reference (`hard-all`) tries every legal action `--tries` times in round robin with
`hard`'s playouts, the j-th try of each on the same redeal, on seeds apart from the
bots'. Each bot decides on the seat's view; its regret is the reference's best mean
minus the reference's mean of its choice, in points of win chance (the reference's
best is biased up by noise alike for every bot: compare bots, not the figure to 0).
Also: how often the reference's best is among the 5 and 10 best of `hard`'s greedy
pre-pass (what root pruning keeps).

    .venv/bin/python -m scripts.research.screen_root --positions 30 --bots hard,hard-sh10,hard-follow
"""

import argparse
import math
import sys

from lepeuple.core.rng import Rng
from lepeuple.core.setup import new_game
from lepeuple.core.view import view
from lepeuple.research.infer import choose, think

REFERENCE_SEED = 1_000_003


def positions(count, seed, every, min_legal):
    """Views of seat 0's decisions with a real choice, from greedy games."""
    found, i = [], 0
    while len(found) < count:
        deal = seed * 100003 + i
        g, mixer, k = new_game(3, None, deal), Rng(deal), 0
        while not g.is_over and len(found) < count:
            if g.to_move == 0 and len(g.legal_actions()) >= min_legal:
                if k % every == 0:
                    found.append(view(g, 0))
                k += 1
            g.apply(choose(view(g, g.to_move), "greedy", mixer.next64()))
        i += 1
    return found


def reference(v, tries, seed):
    """{action: mean of its tries} of every legal action, round robin."""
    t = think(v, f"hard-all:{tries * max(2, _legal_count(v))}", seed)
    while not t.step(10.0):
        pass
    return {a: value for a, value, _ in t.weighed()}


def _legal_count(v):
    return len(think(v, "random", 0)._engine.legal)


def pruned(v, seed, k):
    """The `k` best root actions of hard's greedy pre-pass (what its pruning keeps at k)."""
    engine = think(v, "hard", seed)._engine
    while engine.iterations < engine.pre:
        engine.iterate()
    totals = engine.greedy_totals or [0.0] * len(engine.legal)
    order = sorted(range(len(engine.legal)), key=lambda i: (-totals[i], i))
    return {engine.legal[i] for i in order[:k]}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--bots", default="hard,hard-sh10,hard-follow")
    p.add_argument("--tries", type=int, default=64)
    p.add_argument("--every", type=int, default=2)
    p.add_argument("--min-legal", type=int, default=3)
    p.add_argument("--seed", type=int, default=21)
    args = p.parse_args()
    bots = args.bots.split(",")
    regrets = {b: [] for b in bots}
    hits = dict.fromkeys(bots, 0)
    kept = {5: 0, 10: 0}
    views = positions(args.positions, args.seed, args.every, args.min_legal)
    for j, v in enumerate(views):
        values = reference(v, args.tries, REFERENCE_SEED + j)
        best = max(values, key=values.get)
        for k in kept:
            kept[k] += best in pruned(v, j, k)
        for b in bots:
            chosen = choose(v, b, j)
            regrets[b].append(100 * (values[best] - values[chosen]))
            hits[b] += chosen == best
        print(f"position {j + 1}: {len(values)} actions; " + ", ".join(
            f"{b} {regrets[b][-1]:.1f}" for b in bots), file=sys.stderr, flush=True)
    n = len(views)
    print(f"{n} positions (greedy games from seed {args.seed}), reference: every action {args.tries} tries; "
          f"its best in greedy's 5 best {kept[5]} times, 10 best {kept[10]}")
    base = regrets[bots[0]]
    for b in bots:
        line = f"{b:<14} regret {_mean(regrets[b]):5.2f} points a decision, its best chosen {hits[b]}/{n}"
        if b != bots[0]:
            lo, hi = _interval([x - y for x, y in zip(regrets[b], base)])
            line += f"; against {bots[0]} {_mean(regrets[b]) - _mean(base):+.2f} ({lo:+.2f} to {hi:+.2f})"
        print(line)


def _mean(xs):
    return sum(xs) / len(xs)


def _interval(d):
    """The 95 % interval of the mean of paired differences (normal approximation)."""
    mean = _mean(d)
    half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d)) if len(d) > 1 else math.inf
    return mean - half, mean + half


if __name__ == "__main__":
    main()
