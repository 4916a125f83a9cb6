"""The rows of docs/figures.md that a benchmark writes itself (its `--write`), dated:
such a figure is the script's own output, never typed by hand."""

import re
from pathlib import Path

FIGURES = Path(__file__).resolve().parents[2] / "docs" / "figures.md"


def write_row(table, row):
    """Replace the row of `table` (a path) whose first cell is `row`'s; returns the row."""
    first = row.split(" | ", 1)[0]
    pattern = re.compile(rf"^{re.escape(first)} \|.*$", re.M)
    text = table.read_text(encoding="utf-8")
    if not pattern.search(text):
        raise SystemExit(f"{table} has no '{first} | ...' row")
    table.write_text(pattern.sub(lambda _: row, text, count=1), encoding="utf-8")
    return row
