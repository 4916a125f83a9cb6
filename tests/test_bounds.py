"""Nothing the engine or its commands are fed makes them work without end (issue 22):
every count of a setup has a limit from the rules, a record has a length limit, and
every count a command is given is checked (exit 2, one line)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lepeuple import IllegalAction, RecordError, SetupError, load, new_game
from lepeuple.core.actions import DRAW
from lepeuple.core.game import RECORD_TEXT
from lepeuple.core.record import MAX_ACTIONS
from lepeuple.core.scenario import ScenarioError, run
from lepeuple.core.setup import MAX_EXTRA_TURNS, max_skips
from lepeuple.tools.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent

GOOD = {"format": 1, "players": 3, "options": {}, "seed": 1, "actions": []}
HUGE_SKIPS = {**GOOD, "setup": {"skips": [100_000_000] * 3}}  # the record of the 198-character link


@pytest.mark.parametrize("players", [3, 4, 5])
def test_skips_stop_at_one_massue_per_other_seat(players):
    new_game(players, None, 1, {"skips": [max_skips(players)] * players})
    with pytest.raises(SetupError, match=f"skips must be a whole number from 0 to {players - 1}"):
        new_game(players, None, 1, {"skips": [players] + [0] * (players - 1)})


def test_extra_turns_stop_at_one():
    new_game(3, None, 1, {"extra_turns": MAX_EXTRA_TURNS})
    with pytest.raises(SetupError, match="extra_turns must be a whole number from 0 to 1, not 2"):
        new_game(3, None, 1, {"extra_turns": 2})


@pytest.mark.parametrize("target", [6, 12, 30])
def test_a_score_stops_at_the_target(target):
    new_game(3, {"target": target}, 1, {"scores": [target, 0, 0]})
    with pytest.raises(SetupError, match=f"a score must be a whole number from 0 to {target}"):
        new_game(3, {"target": target}, 1, {"scores": [0, target + 1, 0]})


def test_the_record_of_the_huge_skips_link_is_refused_naming_the_limit():
    with pytest.raises(RecordError, match="skips must be a whole number from 0 to 2, not 100000000"):
        load(HUGE_SKIPS)
    with pytest.raises(ScenarioError, match="skips"):
        run({k: v for k, v in HUGE_SKIPS.items() if k != "format"})


def test_a_record_longer_than_the_limit_is_refused_before_it_is_replayed():
    draws = [{"type": "draw"}] * (MAX_ACTIONS + 1)  # each a legal draw: a game made endless
    with pytest.raises(RecordError, match="at most 118,750"):
        load({**GOOD, "actions": draws})
    with pytest.raises(ScenarioError, match="at most 118,750"):
        run({"players": 3, "actions": draws})


def test_the_game_ends_when_its_record_is_full_and_load_reads_every_record_it_writes():
    """Issue 33: 100,002 draws made a record that `load` refused. The game now ends after
    the action that leaves no room for another (docs/rules-readings.md, the record's
    limit); its record is read back, and nothing more can be played."""
    game = new_game(3, {}, 1)
    while not game.is_over:
        events = game.apply(DRAW)
    assert events[-2:] == [("record_full",), ("over", (0, 1, 2), (0, 0, 0))]  # R21: tied players share the win
    record = game.record()
    assert len(json.dumps(record["actions"], separators=(",", ":"))) <= RECORD_TEXT
    assert len(record["actions"]) <= MAX_ACTIONS and game.record_used() > 0.99
    again = load(record)
    assert again.is_over and again.winners == [0, 1, 2] and again.view(0) == game.view(0)
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(DRAW)
    assert game.undoable(0) == 0 and len(game.history) == len(record["actions"])
    with pytest.raises(RecordError, match="the game is over"):  # a record that goes on past a full one
        load({**record, "actions": record["actions"] + [{"type": "draw"}]})


def test_a_record_at_the_limit_is_read():
    assert len(load({**GOOD, "actions": [{"type": "draw"}] * 3000}).history) == 3000


# ----- the commands: exit 2, one line ---------------------------------------------

def one_line_exit_2(argv, capsys):
    status = cli_main(argv)
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("command", ["scenario", "review"])
def test_the_commands_refuse_the_huge_skips_record_in_one_line(command, tmp_path, capsys):
    data = HUGE_SKIPS if command == "review" else {k: v for k, v in HUGE_SKIPS.items() if k != "format"}
    path = tmp_path / "skips.json"
    path.write_text(json.dumps(data))
    extra = ["--seat", "0"] if command == "review" else []
    assert "skips" in one_line_exit_2([command, str(path), *extra], capsys)


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--games", "0"], "simulate: --games must be at least 1, not 0"),
    (["bench", "--games", "0"], "bench: --games must be at least 1, not 0"),
    (["simulate", "--games", "-5"], "--games must be at least 1, not -5"),
    (["bench", "--games", "-1"], "--games must be at least 1, not -1"),
    (["arena", "--bots", "random,random,random", "--jobs", "0"], "arena: --jobs must be at least 1, not 0"),
    (["arena", "--bots", "random,random,random", "--jobs", "-1"], "--jobs must be at least 1, not -1"),
    (["arena", "--bots", "random,random,random", "--games", "-2"], "--games must be at least 1, not -2"),
])
def test_every_count_a_command_is_given_is_checked(argv, words, capsys):
    assert words in one_line_exit_2(argv, capsys)


def test_the_library_refuses_zero_games_too():
    from lepeuple.tools.stats import bench, simulate

    for f in (bench, simulate):
        with pytest.raises(ValueError, match="games"):
            f(3, 0, 1)


def test_the_command_line_itself_exits_2_in_one_line():
    out = subprocess.run([sys.executable, "-m", "lepeuple", "simulate", "--games", "0"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.strip() == "simulate: --games must be at least 1, not 0"


def test_a_review_by_a_bot_that_decides_at_once_runs_to_the_end():
    """The random bot's thinking is done when it starts: the review used to skip
    straight to the redeals with none made (scripts/bench/replay_costs.py reviews with it)."""
    from lepeuple.coach.review import Review

    record = json.loads((ROOT / "tests" / "records" / "3p-seed2026.json").read_text())["record"]
    result = Review(record, 0, "random", budget=1).run()
    assert result["decisions"] > 0 and all(m["loss"] > 0 for m in result["mistakes"])
