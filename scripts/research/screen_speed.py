"""CPU time per decision of search levels on the same positions (CPython), with the public log.

Positions: every decision with more than one legal action of seat 0 in `--games`
greedy games (deal seeds `seed * 100003 + i`); each level decides from
`with_log(view(...))` (levels other than hard-infer ignore the log), the levels in
turn on each position. Prints the mean and the largest CPU ms per decision and the
longest single iteration (what a browser slice must fit).

    .venv/bin/python -m scripts.research.screen_speed --players 3 --levels hard,hard-infer --games 2
"""

import argparse
import time

from lepeuple.core.rng import Rng
from lepeuple.core.setup import new_game
from lepeuple.core.view import view
from lepeuple.research.history import with_log
from lepeuple.research.infer import choose, think


def positions(players, games, seed):
    out = []
    for i in range(games):
        deal = seed * 100003 + i
        g = new_game(players, None, deal)
        mixer = Rng(deal)
        while not g.is_over:
            if g.to_move == 0 and len(g.legal_actions()) > 1:
                out.append(with_log(view(g, 0), g))
            g.apply(choose(view(g, g.to_move), "greedy", mixer.next64()))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--levels", default="hard,hard-infer")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=8)
    args = p.parse_args()
    views = positions(args.players, args.games, args.seed)
    print(f"{len(views)} decisions of seat 0, {args.players} players, {args.games} greedy games, seed {args.seed}")
    levels = args.levels.split(",")
    times = {level: [] for level in levels}
    longest = dict.fromkeys(levels, 0.0)
    for i, v in enumerate(views):  # the levels in turn on each position: a load that changes meanwhile hits all alike
        for level in levels:
            start = time.process_time()
            t = think(v, level, i)
            while not t.done:
                s = time.process_time()
                t.step(0.0)  # one iteration per step
                longest[level] = max(longest[level], time.process_time() - s)
            t.action()
            times[level].append(time.process_time() - start)
    for level in levels:
        print(f"{level:<12} mean {1000 * sum(times[level]) / len(views):7.1f} ms  max {1000 * max(times[level]):7.1f} ms  "
              f"longest iteration {1000 * longest[level]:5.1f} ms")

if __name__ == "__main__":
    main()
