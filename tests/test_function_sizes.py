"""scripts/bench/function_sizes.py writes docs/figures.md's "function sizes" row itself, dated."""

import datetime

from scripts.bench import figures_table, function_sizes


def test_the_row_is_rewritten_with_todays_figures_and_date(tmp_path):
    table = tmp_path / "figures.md"
    table.write_text("| what | command |\n|---|---|\n"
                      "| function sizes in lepeuple/ and web/ | old | 1 functions (2020-01-01) | — |\n| next | row |\n")
    figures = {"functions": 675, "median": 7, "p90": 20}
    row = function_sizes.write_figures(table, figures, datetime.date(2026, 12, 1))
    assert table.read_text().splitlines()[2:] == [row, "| next | row |"]
    assert "675 functions, median 7 lines, 90th percentile 20 (2026-12-01)" in row


def test_docs_figures_has_the_row_the_script_writes():
    """The row is found (and so rewritten) in the real docs/figures.md, in the script's own form."""
    text = figures_table.FIGURES.read_text(encoding="utf-8")
    found = function_sizes.FIGURES_ROW.search(text)
    assert found and found[0].startswith(function_sizes.figures_row({"functions": 0, "median": 0, "p90": 0},
                                                                   datetime.date.today()).split(" | 0 ")[0])
