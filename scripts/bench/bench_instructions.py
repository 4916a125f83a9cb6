#!/usr/bin/env python3
"""CPU instructions per action of the engine benchmark's loop, counted by valgrind.

    python -m scripts.bench.bench_instructions [--players 4] [--games 200] [--seed 1]
    python -m scripts.bench.bench_instructions --write   # and writes the figure into docs/figures.md, dated

Timings on a shared machine vary by ±15 % from run to run; an instruction count
does not (string hashing is fixed with PYTHONHASHSEED=0), so it shows what a
change to the engine is worth. Runs the same loop as `python -m lepeuple bench`
(random legal actions through the validated `apply`, set-up included) under
`valgrind --tool=callgrind`, and once more with no game played, and prints one
JSON line: instructions per action = (games run - imports only) / actions.
Needs valgrind (Debian: apt install valgrind); about 30 s for 200 games.
"""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from scripts.bench import figures_table

ROOT = Path(__file__).resolve().parents[2]

# The benchmark's own loop (lepeuple.tools.stats.timed_games); 0 games: the imports only.
LOOP = "import sys; from lepeuple.tools.stats import timed_games; print('actions', timed_games(*map(int, sys.argv[1:4]))[1])"


def count(players, games, seed):
    """(instructions, actions) of one run of LOOP under callgrind."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, "-c", LOOP, str(players), str(games), str(seed)]
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    instructions = int(re.search(r"Collected : (\d+)", run.stderr).group(1))
    return instructions, int(re.search(r"actions (\d+)", run.stdout).group(1))


def figures_row(figures, date):
    """docs/figures.md's row for `figures` (this script's JSON line), dated."""
    return (f"| engine, instructions per action (valgrind; steady under load) "
            f"| `.venv/bin/python -m scripts.bench.bench_instructions` | {figures['instructions_per_action']:,} "
            f"({figures['players']} players, {figures['games']} games; {date.isoformat()}) | — |")


def main():
    parser = argparse.ArgumentParser(description="Instructions per action of the engine benchmark, by valgrind.")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write the figure into docs/figures.md's row, dated")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("bench_instructions: valgrind is not installed (Debian: apt install valgrind)")
    base, _ = count(args.players, 0, args.seed)
    total, actions = count(args.players, args.games, args.seed)
    figures = {"players": args.players, "games": args.games, "actions": actions,
               "instructions_per_action": round((total - base) / actions)}
    print(json.dumps(figures))
    if args.write:
        print(figures_table.write_row(figures_table.FIGURES, figures_row(figures, datetime.date.today())))


if __name__ == "__main__":
    main()
