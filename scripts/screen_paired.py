"""Paired comparison of two arena logs played on the same seeds (LEPEUPLE_ARENA_LOG files).

Game i of both runs has the same deal, the same seat rotation and the same bot
seeds, so the difference of the first entry's win share, game by game, has a far
smaller spread than either share. Prints both shares and the mean paired
difference with its 95 % interval (normal approximation), and how many games
ended differently.

    .venv/bin/python scripts/screen_paired.py /tmp/hard-s77.jsonl /tmp/infer-s77.jsonl

More pairs (A1 B1 A2 B2 …, e.g. one per seed) are pooled.
"""

import json
import math
import sys


def shares(path, entry=0):
    out = {}
    with open(path) as f:
        for line in f:
            game = json.loads(line)
            seat = game["entry_of_seat"].index(entry)
            out[game["index"]] = game["share"][seat]
    return out


def main(*paths):
    a, b = {}, {}
    for k in range(0, len(paths) - 1, 2):
        a.update({(k, i): x for i, x in shares(paths[k]).items()})
        b.update({(k, i): x for i, x in shares(paths[k + 1]).items()})
    common = sorted(set(a) & set(b))
    d = [b[i] - a[i] for i in common]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    print(f"{n} paired games: A {sum(a[i] for i in common) / n:.1%}, B {sum(b[i] for i in common) / n:.1%}, "
          f"B - A {mean:+.1%} (95% CI {mean - half:+.1%} to {mean + half:+.1%}); "
          f"{sum(x != 0 for x in d)} games ended differently")


if __name__ == "__main__":
    main(*sys.argv[1:])
