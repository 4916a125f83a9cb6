"""Paired comparison of two arena logs played on the same seeds (LEPEUPLE_ARENA_LOG files).

Game i of both runs has the same deal, the same seat rotation and the same bot
seeds, so the difference of the first entry's win share, game by game, has a far
smaller spread than either share. Prints both shares and the mean paired
difference with its 95 % interval (normal approximation), and how many games
ended differently.

    .venv/bin/python -m scripts.research.screen_paired /tmp/hard-s77.jsonl /tmp/infer-s77.jsonl

More pairs (A1 B1 A2 B2 …, e.g. one per seed) are pooled. A log of
`python -m lepeuple sprt` holds both sides (each game names its side) and
stands alone for a pair: A is its base side, B its new side.

    .venv/bin/python -m scripts.research.screen_paired /tmp/sprt-s77.jsonl
"""

import argparse
import math

from lepeuple.research import runlog


def read(path):
    """The games of a log (plain or .gz), in its order."""
    return runlog.read(path)[0]


def shares(games, entry=0):
    """{game index: the entry's win share}."""
    return {g["index"]: g["share"][g["entry_of_seat"].index(entry)] for g in games}


def runs(paths):
    """[(A shares, B shares)]: an sprt log alone gives (base side, new side); arena logs come in pairs A B."""
    out, waiting = [], None
    for path in paths:
        games = read(path)
        if games and "side" in games[0]:
            out.append(tuple(shares([g for g in games if g["side"] == side]) for side in ("base", "new")))
        elif waiting is None:
            waiting = shares(games)
        else:
            out.append((waiting, shares(games)))
            waiting = None
    if waiting is not None:
        raise SystemExit("screen_paired: an arena log needs its partner (A B), or give an sprt log")
    return out


def main(*paths):
    a, b = {}, {}
    for k, (one, two) in enumerate(runs(paths)):
        a.update({(k, i): x for i, x in one.items()})
        b.update({(k, i): x for i, x in two.items()})
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
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("logs", nargs="+", help="arena logs in pairs (A B …), or sprt logs")
    main(*p.parse_args().logs)
