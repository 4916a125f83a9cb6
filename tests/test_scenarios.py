"""The scenario files in tests/scenarios read as worked examples of the rules;
each states the parts of the resulting state it expects."""

import json
import pathlib
import subprocess
import sys

import pytest

from lepeuple.core.scenario import ScenarioError, run

HERE = pathlib.Path(__file__).parent
ROOT = HERE.parent
FILES = sorted((HERE / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file_gives_the_expected_state(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    _, state = run(data)
    expected = data["expect"]
    assert {key: state[key] for key in expected} == expected


def test_scenario_files_cover_the_worked_examples():
    names = {p.stem for p in FILES}
    assert {"design-example", "r14-supply", "r14-noble-attack", "r14-sneaky-attack",
            "r14-attack-without-the-active-player"} <= names


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "lepeuple", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_scenario_command_prints_the_design_example_output():
    done = _cli("scenario", str(HERE / "scenarios" / "design-example.json"))
    expected = json.loads((HERE / "scenarios" / "design-example.json").read_text())["expect"]
    assert done.returncode == 0 and json.loads(done.stdout) == expected


def test_scenario_command_reads_standard_input():
    text = json.dumps({"players": 4, "seed": 3})
    state = json.loads(_cli("scenario", "-", stdin=text).stdout)
    assert len(state["hands"]) == 4 and state["to_move"] == 0 and state["movement_deck"] == 24


def test_scenario_illegal_action_exits_2_with_one_line_naming_it():
    text = json.dumps({"players": 3, "setup": {"hands": [{"movement": [2]}, {"movement": []}, {"movement": []}]},
                       "actions": [{"type": "draw"}, {"type": "move", "card": 2, "meeple": [0, 0], "how": "circle"}]})
    done = _cli("scenario", "-", stdin=text)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "action 1" in done.stderr


@pytest.mark.parametrize("bad", ["not json", "[]", '{"players": 6}', '{"setup": {"meeples": [[1, 99]]}}',
                                 '{"setup": {"hands": [{"movement": [1]}, {"movement": [1]}, {}]}}',
                                 '{"actions": [{"type": "fly"}]}', '{"colour": "red"}'])
def test_scenario_bad_input_exits_2(bad):
    done = _cli("scenario", "-", stdin=bad)
    assert done.returncode == 2 and done.stderr.startswith("scenario:") and done.stderr.count("\n") == 1


def test_scenario_error_is_a_value_error():
    with pytest.raises(ValueError):
        run({"players": 2})
    assert issubclass(ScenarioError, ValueError)


def test_help_lists_the_commands():
    done = _cli("--help")
    assert done.returncode == 0
    for command in ("scenario", "simulate", "bench", "arena"):
        assert command in done.stdout


def test_simulate_prints_a_summary():
    done = _cli("simulate", "--players", "4", "--games", "20", "--seed", "3")
    assert done.returncode == 0
    for line in ("average turns per game", "average actions per game", "average winning score",
                 "events per game", "power cards per game", "win share per seat"):
        assert line in done.stdout


def test_bench_prints_one_json_line():
    done = _cli("bench", "--players", "3", "--games", "20", "--seed", "3")
    figures = json.loads(done.stdout)
    assert done.stdout.count("\n") == 1 and figures["players"] == 3
    assert figures["games_per_s"] > 0 and figures["actions_per_s"] > figures["games_per_s"]
