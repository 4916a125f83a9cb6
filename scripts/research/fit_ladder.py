"""Fit the ladder (lepeuple/research/ladder.py) and print it as docs/bots.md's table.

    .venv/bin/python -m scripts.research.fit_ladder                     # the runs kept in ladder_runs.jsonl
    .venv/bin/python -m scripts.research.fit_ladder --add runs/x.jsonl --date 2026-12-05 --command "…"

`--add LOG` sums an arena log (LEPEUPLE_ARENA_LOG, or an sprt log's side with `--side`)
into one run and appends it to the runs file, with its date and command.
"""

import argparse
import json
import os

from lepeuple.research import ladder, runlog

RUNS = os.path.join(os.path.dirname(__file__), "ladder_runs.jsonl")


def read(path=RUNS):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def add(log, side, date, command, path=RUNS):
    """Sum a log into one run and append it to the runs file."""
    if side:
        log = _one_side(log, side)
    run = {**ladder.run_of_log(log), "date": date, "command": command, "from": "its log"}
    with open(path, "a") as f:
        f.write(json.dumps(run) + "\n")
    return run


def _one_side(log, side):
    """An sprt log's games of one side, written apart (the arena's log format)."""
    out = f"{log}.{side}"
    with open(out, "w") as g:
        g.writelines(json.dumps(r) + "\n" for r in runlog.read(log)[0] if r.get("side") == side)
    return out


def table(runs):
    """The ladder in markdown: each bot's points, 95 % interval and games, strongest first."""
    points = ladder.fit(runs)
    half = ladder.intervals(runs, points)
    games = {}
    for run in runs:
        for bot in {ladder.canonical(b) for b in run["bots"]}:
            games[bot] = games.get(bot, 0) + run["games"]
    lines = ["| bot | points | 95 % interval | games |", "|---|---|---|---|"]
    for bot in sorted(points, key=points.get, reverse=True):
        interval = "anchor" if bot == ladder.ANCHOR else f"{points[bot] - half[bot]:+.0f} to {points[bot] + half[bot]:+.0f}"
        lines.append(f"| `{bot}` | {points[bot]:+.0f} | {interval} | {games[bot]} |")
    return "\n".join(lines)


STEPS = (("beginner", "random"), ("easy", "beginner"), ("normal", "easy"), ("hard", "normal"))


def steps(runs):
    """Each level's step over the one below: points, and its chance against two of them."""
    points = {b: round(p) for b, p in ladder.fit(runs).items()}
    lines = ["| step | points | chance against two, by the ladder |", "|---|---|---|"]
    for level, below in STEPS:
        step = points[ladder.canonical(level)] - points[ladder.canonical(below)]
        lines.append(f"| `{level}` over `{below}` | {step} | {ladder.against_two(points, level, below):.1%} |")
    return "\n".join(lines)


def kept(runs):
    """The runs fitted: bots, games, each entry's wins (and where they were read), seed, date and command."""
    lines = ["| bots | games | wins | read from | seed | date | command |", "|---|---|---|---|---|---|---|"]
    for run in runs:
        wins = ", ".join(f"{w:g}" for w in run["wins"])
        lines.append(f"| {','.join(run['bots'])} | {run['games']} | {wins} | {run.get('from', 'its log')} | "
                     f"{run['seed']} | {run['date']} | `{run['command']}` |")
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", default=RUNS)
    p.add_argument("--add", help="an arena or sprt log to sum into one run")
    p.add_argument("--side", choices=("new", "base"), help="with an sprt log: which side's games")
    p.add_argument("--date")
    p.add_argument("--command")
    args = p.parse_args()
    if args.add:
        print(json.dumps(add(args.add, args.side, args.date, args.command, args.runs)))
    runs = read(args.runs)
    print(table(runs), steps(runs), kept(runs), sep="\n\n")


if __name__ == "__main__":
    main()
