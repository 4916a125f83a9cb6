"""Function sizes of the project's Python (lepeuple/ and web/): how many there are,
the median and 90th-percentile length in lines, and the five longest.

    python -m scripts.bench.function_sizes [--root DIR]      # prints one JSON line
    python -m scripts.bench.function_sizes --write           # writes today's figures into docs/figures.md

docs/figures.md's "function sizes" row is this script's output (`--write` rewrites
it, dated), never typed by hand.

A function's length counts its lines from `def` to its last statement, its
docstring included, nested functions counted inside their parent (and once more
on their own)."""

import argparse
import ast
import datetime
import json
import re
import statistics
from pathlib import Path

from scripts.bench import figures_table

FOLDERS = ("lepeuple", "web")
FIGURES_ROW = re.compile(r"^\| function sizes in .*$", re.M)


def sizes(root):
    """[(lines, "path:name")] of every function and method under the folders."""
    out = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.append((node.end_lineno - node.lineno + 1, f"{path.relative_to(root)}:{node.name}"))
    return out


def summary(found):
    lines = sorted(n for n, _ in found)
    return {"functions": len(lines), "median": statistics.median(lines),
            "p90": lines[int(0.9 * (len(lines) - 1))],
            "longest": [f"{name} {n}" for n, name in sorted(found, reverse=True)[:5]]}


def figures_row(figures, date):
    """docs/figures.md's row for `figures` (a summary()), dated."""
    return (f"| function sizes in {' and '.join(f + '/' for f in FOLDERS)} | `.venv/bin/python -m scripts.bench.function_sizes` "
            f"| {figures['functions']} functions, median {figures['median']:g} lines, "
            f"90th percentile {figures['p90']} ({date.isoformat()}) | — |")


def write_figures(table, figures, date):
    """Replace the function sizes row of `table` (a path); returns the row."""
    return figures_table.write_row(table, figures_row(figures, date))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    parser.add_argument("--write", action="store_true", help="write today's figures into docs/figures.md's row")
    args = parser.parse_args()
    figures = summary(sizes(args.root))
    if args.write:
        print(write_figures(args.root / "docs" / "figures.md", figures, datetime.date.today()))
    else:
        print(json.dumps(figures, ensure_ascii=False))


if __name__ == "__main__":
    main()
