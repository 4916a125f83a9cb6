"""Where a sequential test stands, read from its log alone (docs/bots.md, Judged changes).

    .venv/bin/python -m scripts.research.sprt_progress scripts/research/runs/sprt-sh10.jsonl.gz [--d1 4]

For each log: the bots and seed, the groups a side counted so far (complete pairs, in
order, as `python -m lepeuple sprt --resume` counts them), Δ with its 95 % interval,
the LLR and the verdict, or "running". Nothing is played.
"""

import argparse

from lepeuple.research import runlog
from lepeuple.tools import sprt


def standing(path, d0=0.0, d1=sprt.D1, alpha=0.05, beta=0.05):
    """(config, Sprt) of the log's test: its pairs counted in order up to a verdict."""
    records = runlog.read(path)[0]
    new = next(r for r in records if r["side"] == "new")
    base = next(r for r in records if r["side"] == "base")
    config = {"players": len(new["bots"]), "new": new["bots"][0], "base": base["bots"][0],
              "against": new["bots"][1:], "seed": new["seed"], "d0": d0, "d1": d1}
    test = sprt.Sprt(d0 / 100, d1 / 100, alpha, beta)
    pairs = sprt.Pairs(config["players"])
    games = sprt.logged_games(records, config)
    for (side, _), result in sorted(games.items(), key=lambda item: item[0][1]):
        for pair in pairs.add(side, result):
            if not test.verdict():
                test.add(sprt.difference(*pair))
    return config, test


def line(path, d1=sprt.D1):
    config, test = standing(path, d1=d1)
    found = {"H1": "H1 accepted", "H0": "H0 accepted"}.get(test.verdict(), "running")
    lo, hi = test.ci95()
    return (f"{path}: {config['new']} against {config['base']}, seed {config['seed']}: {found}, "
            f"{test.n} groups ({test.n * config['players']} games a side), Δ {100 * test.mean:+.1f} points "
            f"({100 * lo:+.1f} to {100 * hi:+.1f}), LLR {test.llr():+.2f}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("logs", nargs="+")
    p.add_argument("--d1", type=float, default=sprt.D1)
    args = p.parse_args()
    for path in args.logs:
        print(line(path, args.d1))


if __name__ == "__main__":
    main()
