"""The arena: seats rotated evenly, a table and one JSON line, shared wins split."""

import json

import pytest

from lepeuple.research import runlog
from lepeuple.tools import arena
from lepeuple.tools.cli import main as cli_main


def run_cli(capsys, *argv):
    status = cli_main(["arena", *argv])
    out = capsys.readouterr().out.strip().splitlines()
    return status, out


def test_rotation_puts_every_bot_in_every_seat():
    bots = ["a", "b", "c", "d"]
    seen = {(s, arena.rotation(bots, r)[s]) for r in range(4) for s in range(4)}
    assert seen == {(s, b) for s in range(4) for b in bots}


def test_a_group_of_rotations_shares_one_deal():
    work = arena.tasks(3, ["greedy", "random", "random"], 6, 5)
    assert [t[3] for t in work] == [0, 1, 2, 0, 1, 2]
    assert work[0][4] == work[1][4] == work[2][4] != work[3][4]


def test_arena_prints_a_table_and_one_json_line(capsys):
    status, out = run_cli(capsys, "--players", "3", "--bots", "greedy,random,random", "--games", "6", "--seed", "3")
    assert status == 0
    assert out[0].startswith("arena: 3 players, 6 games")
    assert any(line.startswith("greedy") for line in out[1:-1])
    result = json.loads(out[-1])
    assert result["games"] == 6 and result["rotations"] == 3
    rows = result["results"]
    assert [r["bot"] for r in rows] == ["greedy", "random", "random"]
    for row in rows:
        assert row["games"] == 6
        assert row["seats"] == [2, 2, 2]  # every bot sat in every seat equally
        lo, hi = row["ci95"]
        assert 0.0 <= lo <= row["win_share"] <= hi <= 1.0
    assert abs(sum(r["wins"] for r in rows) - 6) < 1e-6  # shared wins are split


def test_arena_runs_on_two_jobs_with_the_same_results(capsys):
    args = ("--players", "4", "--bots", "easy,random,greedy:2,ismcts:20", "--games", "4", "--seed", "8")
    _, one = run_cli(capsys, *args, "--jobs", "1")
    _, two = run_cli(capsys, *args, "--jobs", "2")
    strip = lambda rows: [{k: r[k] for k in ("bot", "wins", "avg_score", "seats")} for r in rows]
    assert strip(json.loads(one[-1])["results"]) == strip(json.loads(two[-1])["results"])
    assert all(r["seats"] == [1, 1, 1, 1] for r in json.loads(two[-1])["results"])


def test_the_cheating_audit_bot_plays_in_the_arena(capsys):
    status, out = run_cli(capsys, "--players", "3", "--bots", "greedy-cheat,greedy:2,easy", "--games", "3")
    assert status == 0
    assert json.loads(out[-1])["bots"][0] == "greedy-cheat"


def test_uneven_games_spread_the_rotations_as_evenly_as_possible(capsys):
    status, out = run_cli(capsys, "--players", "3", "--bots", "random,random,easy", "--games", "4")
    assert status == 0
    seats = json.loads(out[-1])["results"][0]["seats"]
    assert sorted(seats) == [1, 1, 2]


@pytest.mark.parametrize("bots", ["greedy,random", "greedy,random,wizard", "ismcts:0,random,random"])
def test_bad_bot_lists_are_refused(capsys, bots):
    status = cli_main(["arena", "--players", "3", "--bots", bots, "--games", "3"])
    assert status == 2
    assert "arena:" in capsys.readouterr().err


def test_a_shared_win_counts_as_a_split():
    results = [{"entry_of_seat": [0, 1, 2], "share": [0.5, 0.5, 0.0], "scores": [12, 12, 3],
                "seconds": [0.0] * 3, "decisions": [1] * 3, "iterations": [1] * 3, "turns": 9}]
    rows = arena.summarise(3, ["a", "b", "c"], results)
    assert [r["wins"] for r in rows] == [0.5, 0.5, 0.0]


def test_finished_games_are_logged_as_they_come(tmp_path, monkeypatch, capsys):
    log = tmp_path / "games.jsonl"
    monkeypatch.setenv("LEPEUPLE_ARENA_LOG", str(log))
    status, out = run_cli(capsys, "--players", "3", "--bots", "greedy,random,random", "--games", "3", "--seed", "4")
    assert status == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(r["index"] for r in lines) == [0, 1, 2]
    assert all(r["bots"] == ["greedy", "random", "random"] and r["seed"] == 4 for r in lines)
    rows = arena.summarise(3, lines[0]["bots"], lines)
    assert rows == json.loads(out[-1])["results"]  # the log alone gives the table's figures


def test_a_run_stopped_and_resumed_gives_the_table_of_one_uninterrupted_run(tmp_path, monkeypatch, capsys):
    args = ("--players", "3", "--bots", "easy,random,random", "--games", "12", "--seed", "8")
    _, fresh = run_cli(capsys, *args)
    log = str(tmp_path / "games.jsonl.gz")
    play, calls = arena.play_task, [0]

    def stopped(task):
        calls[0] += 1
        if calls[0] > 5:
            raise KeyboardInterrupt  # as a killed process: the games finished so far are logged
        return play(task)

    monkeypatch.setattr(arena, "play_task", stopped)
    with pytest.raises(KeyboardInterrupt):
        cli_main(["arena", *args, "--log", log])
    monkeypatch.setattr(arena, "play_task", play)
    assert sorted(g["index"] for g in runlog.read(log)[0]) == [0, 1, 2, 3, 4]
    capsys.readouterr()
    status = cli_main(["arena", *args, "--resume", log, "--jobs", "2"])
    captured = capsys.readouterr()
    assert status == 0 and captured.err.startswith(f"arena: resumed from {log} with 5 of 12 games")
    figures = lambda line: [{k: v for k, v in row.items() if k not in ("ms_per_decision", "iterations_per_s")}
                            for row in json.loads(line)["results"]]
    assert figures(captured.out.strip().splitlines()[-1]) == figures(fresh[-1])
    assert sorted(g["index"] for g in runlog.read(log)[0]) == list(range(12))  # each game played once
