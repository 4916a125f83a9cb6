"""scripts/bench/function_sizes.py writes README.md's "function sizes" row itself, dated."""

import datetime
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "bench"))
import function_sizes

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_row_is_rewritten_with_todays_figures_and_date(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("| what | command |\n|---|---|\n"
                      "| function sizes in lepeuple/ and web/ | old | 1 functions (2020-01-01) | — |\n| next | row |\n")
    figures = {"functions": 675, "median": 7, "p90": 20}
    row = function_sizes.write_readme(readme, figures, datetime.date(2026, 12, 1))
    assert readme.read_text().splitlines()[2:] == [row, "| next | row |"]
    assert "675 functions, median 7 lines, 90th percentile 20 (2026-12-01)" in row


def test_the_readme_has_the_row_the_script_writes():
    """The row is found (and so rewritten) in the real README.md, in the script's own form."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = function_sizes.README_ROW.search(text)
    assert found and found[0].startswith(function_sizes.readme_row({"functions": 0, "median": 0, "p90": 0},
                                                                   datetime.date.today()).split(" | 0 ")[0])
