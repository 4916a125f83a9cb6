#!/usr/bin/env python3
"""CPU time of a bot's search iterations and decisions, in CPython.

    .venv/bin/python -m scripts.bench.iteration_times [--level hard] [--players 3] [--games 2]

Plays games of greedy bots (deal seeds 100, 101, ...); at every sixth decision
with a choice, the bot at `--level` thinks from that seat's view, one iteration
at a time. Prints the median, 99th and 99.9th percentiles and the longest
iteration (wall clock: the page slices its thinking by wall clock) and the mean
and longest CPU time per decision. The longest iteration bounds the page's
slices (web/model/botrunner.py thinks in 30 ms slices of whole iterations).
"""

import argparse
import statistics
import time

from lepeuple import new_game
from lepeuple.bots import choose, think
from lepeuple.core.view import view


def measure(level, players, games):
    """(iteration seconds, decision CPU seconds) over the sampled decisions."""
    iterations, decisions = [], []
    for game in range(games):
        g = new_game(players, None, 100 + game)
        k = 0
        while not g.is_over:
            k += 1
            if k % 6 == 0 and len(g.legal_actions()) > 1:
                t = think(view(g, g.to_move), level, k)
                cpu = time.process_time()
                while not t.done:
                    start = time.perf_counter()
                    t.step(0)  # exactly one iteration
                    iterations.append(time.perf_counter() - start)
                decisions.append(time.process_time() - cpu)
            g.apply(choose(view(g, g.to_move), "greedy", k))
    return sorted(iterations), decisions


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    its, decisions = measure(args.level, args.players, args.games)
    ms = lambda q: its[int(q * (len(its) - 1))] * 1000
    print(f"{args.level}, {args.players} players: {len(its)} iterations, median {ms(0.5):.1f} ms, "
          f"99th {ms(0.99):.1f} ms, 99.9th {ms(0.999):.1f} ms, longest {its[-1] * 1000:.1f} ms; "
          f"{len(decisions)} decisions, CPU mean {statistics.mean(decisions) * 1000:.0f} ms, "
          f"longest {max(decisions) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
