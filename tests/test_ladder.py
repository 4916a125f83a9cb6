"""The levels' lines on the new-game form quote the ladder measured in docs/bots.md."""

import re
from pathlib import Path

from lepeuple.bots import LEVELS

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"


def ladder():
    """{level: [win share in %, ...]} of the rows of docs/bots.md's ladder table, each level
    against two of the level below (or two random for the lowest)."""
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("### The ladder"):].split("\n\n")[1]
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        level = cells[0].strip("`")
        rows.setdefault(level, []).append(float(re.match(r"\**([\d.]+) %", cells[2]).group(1)))
    return rows


def test_every_level_is_on_the_ladder_and_beats_two_of_the_level_below():
    rows = ladder()
    assert list(rows) == list(LEVELS)
    for level, shares in rows.items():
        assert all(share >= 45.0 for share in shares), level  # issue 31's step: at least 45 %


def test_each_level_line_quotes_its_measured_figure():
    """The figure in each level's line is the mean of its ladder rows, as the form rounds it
    (a whole percent, or one decimal where the line gives one)."""
    for level, shares in ladder().items():
        mean = sum(shares) / len(shares)
        quoted = re.search(r"(\d+(?:\.\d)?) %", LEVELS[level]).group(1)
        places = len(quoted.partition(".")[2])
        assert quoted == f"{mean:.{places}f}", (level, quoted, mean)
