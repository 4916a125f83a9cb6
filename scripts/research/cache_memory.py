"""The best-move cache (lepeuple/bots/evaluate.py): hits, CPU time per decision and memory when full.

For each size, the cache is rebuilt empty at that size and `--level` decides every
decision of seat 0 with a real choice in `--games` greedy games (the positions of
screen_speed.py). Then, emptied, it is refilled by a quarter of those decisions under
tracemalloc: what clearing it frees, per entry, times the size is its memory when full.

    .venv/bin/python -m scripts.research.cache_memory --sizes 5000,20000,200000 --games 1
"""

import argparse
import functools
import gc
import time
import tracemalloc

from lepeuple.bots import evaluate
from lepeuple.research.infer import think
from scripts.research.screen_speed import positions


def decide_all(views, level):
    """CPU seconds per decision of `level` over `views`."""
    start = time.process_time()
    for i, v in enumerate(views):
        t = think(v, level, i)
        while not t.step(10.0):
            pass
        t.action()
    return (time.process_time() - start) / len(views)


def held(cache):
    """Bytes the cache's entries hold (traced): what clearing it frees."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    cache.cache_clear()
    gc.collect()
    return before - tracemalloc.get_traced_memory()[0]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", default="5000,20000,200000")
    p.add_argument("--level", default="hard")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=8)
    args = p.parse_args()
    views = positions(args.players, args.games, args.seed)
    print(f"{len(views)} decisions of seat 0 by {args.level}, {args.players} players, seed {args.seed}; "
          f"today's size {evaluate.BEST_CACHE_SIZE}")
    for size in map(int, args.sizes.split(",")):
        cache = evaluate._best_remembered = functools.lru_cache(maxsize=size)(evaluate._best_remembered.__wrapped__)
        ms = 1000 * decide_all(views, args.level)
        info = cache.cache_info()
        cache.cache_clear()
        tracemalloc.start()
        decide_all(views[: max(1, len(views) // 4)], args.level)  # refill from empty, traced
        entries = cache.cache_info().currsize
        per_entry = held(cache) / max(1, entries)
        tracemalloc.stop()
        print(f"size {size:>7}: {ms:6.1f} CPU ms a decision, hits {info.hits / max(1, info.hits + info.misses):.1%}, "
              f"{info.currsize} entries at the end; {per_entry:.0f} bytes an entry, "
              f"{per_entry * size / 1e6:.1f} MB when full")


if __name__ == "__main__":
    main()
