"""The benchmarks that write their figure into docs/figures.md (`--write`) find their row
there and replace that row only."""

import argparse
import datetime

import pytest

from scripts.bench import bench_browser, bench_instructions, figures_table

DAY = datetime.date(2026, 12, 4)
INSTRUCTIONS = {"players": 4, "games": 200, "actions": 25426, "instructions_per_action": 31853}
BROWSER = {"games_per_s": {"median_share": 0.629, "share_of_bests": 0.645}}
ARGS = argparse.Namespace(pairs=6, players=4)


def test_a_row_is_replaced_by_its_first_cell(tmp_path):
    table = tmp_path / "figures.md"
    table.write_text("| what | figure |\n|---|---|\n| engine, instructions per action (old) | 1 | — |\n"
                      "| engine, instructions per action (valgrind; steady under load) | 24,394 | — |\n| next | row |\n")
    row = figures_table.write_row(table, bench_instructions.figures_row(INSTRUCTIONS, DAY))
    assert table.read_text().splitlines()[2:] == ["| engine, instructions per action (old) | 1 | — |", row, "| next | row |"]
    assert "| 31,853 (4 players, 200 games; 2026-12-04) |" in row


def test_a_missing_row_is_said_and_nothing_written(tmp_path):
    table = tmp_path / "figures.md"
    table.write_text("| what | figure |\n")
    with pytest.raises(SystemExit, match="no '| engine in Pyodide"):
        figures_table.write_row(table, bench_browser.figures_row(ARGS, BROWSER, 4.3, DAY))
    assert table.read_text() == "| what | figure |\n"


def test_the_browser_row_says_both_ratios_and_whether_the_target_is_met():
    row = bench_browser.figures_row(ARGS, BROWSER, 4.3, DAY)
    assert "median of the pairs' ratios 63 %, ratio of the best figures 64 % (4 players; 2026-12-04, load 4.3;" in row
    assert row.endswith("| 60 %: met |")
    slow = {"games_per_s": {"median_share": 0.598, "share_of_bests": 0.7}}  # said as 60 %, short of it
    assert bench_browser.figures_row(ARGS, slow, 4.3, DAY).endswith("| 60 %: not met |")


@pytest.mark.parametrize("row", [bench_instructions.figures_row(INSTRUCTIONS, DAY),
                                 bench_browser.figures_row(ARGS, BROWSER, 4.3, DAY)], ids=["instructions", "browser"])
def test_docs_figures_has_the_row_the_script_writes(row):
    first = row.split(" | ", 1)[0] + " | "
    assert [line for line in figures_table.FIGURES.read_text(encoding="utf-8").splitlines() if line.startswith(first)]
