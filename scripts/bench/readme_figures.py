"""The rows of README.md's Figures table that a benchmark writes itself (its
`--readme`), dated: such a figure is the script's own output, never typed by hand."""

import re


def write_row(readme, row):
    """Replace the row of `readme` (a path) whose first cell is `row`'s; returns the row."""
    first = row.split(" | ", 1)[0]
    pattern = re.compile(rf"^{re.escape(first)} \|.*$", re.M)
    text = readme.read_text(encoding="utf-8")
    if not pattern.search(text):
        raise SystemExit(f"{readme} has no '{first} | ...' row")
    readme.write_text(pattern.sub(lambda _: row, text, count=1), encoding="utf-8")
    return row
