"""The sequential test of a bot change (python -m lepeuple sprt): its LLR, its error rates, its pairs of groups."""

import gzip
import json
import math
import random
import subprocess
import sys

import pytest

from lepeuple.research import runlog
from lepeuple.tools import arena, sprt
from lepeuple.tools.cli import main as cli_main
from scripts.research import screen_paired, sprt_progress


def fed(differences, d0=0.0, d1=0.08, alpha=0.05, beta=0.05):
    test = sprt.Sprt(d0, d1, alpha, beta)
    for x in differences:
        test.add(x)
    return test


def test_wald_bounds_of_five_percent_errors():
    lower, upper = sprt.bounds(0.05, 0.05)
    assert lower == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.9444, abs=1e-4)
    assert upper == pytest.approx(2.9444, abs=1e-4)
    assert sprt.bounds(0.05, 0.10) == pytest.approx((math.log(0.10 / 0.95), math.log(0.90 / 0.05)))


def test_the_llr_of_hand_worked_cases():
    assert sprt.llr(100, 0.08, 0.16, 0.0, 0.08) == pytest.approx(2.0)  # 100 * 0.08 * (0.16 - 0.08) / 0.32
    assert sprt.llr(100, 0.0, 0.16, 0.0, 0.08) == pytest.approx(-2.0)
    assert sprt.llr(100, 0.04, 0.16, 0.0, 0.08) == pytest.approx(0.0)  # halfway: no evidence either way
    assert sprt.llr(50, 0.05, 0.04, 0.02, 0.06) == pytest.approx(50 * 0.04 * 0.02 / 0.08)  # 0.5


def test_the_test_state_over_three_pairs_by_hand():
    # Differences 0.2, 0 and 0.1: mean 0.1, variance 0.02 / 3 (divisor n), 0.01 (divisor n - 1).
    test = fed([0.2, 0.0, 0.1])
    assert test.n == 3 and test.mean == pytest.approx(0.1)
    assert test.llr() == pytest.approx(3 * 0.08 * (0.2 - 0.08) / (2 * 0.02 / 3))  # 2.16
    lo, hi = test.ci95()
    assert (lo, hi) == pytest.approx((0.1 - 1.96 * 0.1 / math.sqrt(3), 0.1 + 1.96 * 0.1 / math.sqrt(3)))


def test_no_verdict_before_the_minimum_of_pairs():
    strong = [0.5, 0.3] * sprt.MIN_PAIRS
    assert fed(strong[:sprt.MIN_PAIRS - 1]).llr() > 2.95
    assert fed(strong[:sprt.MIN_PAIRS - 1]).verdict() is None
    assert fed(strong[:sprt.MIN_PAIRS]).verdict() == "H1"


def test_pairs_all_alike_as_a_bot_against_itself_accept_h0():
    test = fed([0.0] * sprt.MIN_PAIRS)
    assert math.isfinite(test.llr()) and test.verdict() == "H0"


def simulate(delta, runs, seed, d1=sprt.D1 / 100, ended_alike=0.6):
    """Verdicts of `runs` tests (H1 at `d1`, the default +4 points) on synthetic groups of 3 games: each
    game's difference is +1, -1 or 0 (ended alike), with mean `delta`; the group's statistic is their mean."""
    rng = random.Random(seed)
    win, loss = (1 - ended_alike + delta) / 2, (1 - ended_alike - delta) / 2
    out = []
    for _ in range(runs):
        test = sprt.Sprt(0.0, d1, 0.05, 0.05)
        while not test.verdict() and test.n < 5000:
            games = [rng.random() for _ in range(3)]
            test.add(sum(1 if u < win else -1 if u < win + loss else 0 for u in games) / 3)
        out.append((test.verdict(), test.n))
    return out


def share(results, verdict):
    return sum(v == verdict for v, _ in results) / len(results)


def test_the_default_hypotheses_are_no_gain_against_four_points(monkeypatch):
    seen = {}
    monkeypatch.setattr(sprt, "main", lambda args: seen.update(vars(args)) or 0)
    cli_main(["sprt", "--new", "hard", "--base", "hard", "--against", "greedy,greedy"])
    assert (seen["d0"], seen["d1"], seen["max_games"], seen["alpha"], seen["beta"]) == (0.0, 4.0, 1500, 0.05, 0.05)


def test_error_rates_are_near_alpha_and_beta_over_simulated_runs():
    # 800 runs: a rate of 5 % has a standard error of 0.8 point.
    null = simulate(0.0, 800, seed=1)
    assert 0.025 <= share(null, "H1") <= 0.075
    assert share(null, "H0") == 1 - share(null, "H1")  # every run ended with a verdict
    alternative = simulate(0.04, 800, seed=12)
    assert 0.025 <= share(alternative, "H0") <= 0.075


def test_the_finer_test_needs_about_four_times_the_games():
    """Halving H1's gain quadruples the pairs a verdict takes: 460 pairs on average at Δ = 0 with these
    groups (more spread than hard's), against about 115 with H1 at +8 points."""
    fine = simulate(0.0, 400, seed=5)
    coarse = simulate(0.0, 400, seed=5, d1=0.08)
    mean = lambda runs: sum(n for _, n in runs) / len(runs)
    assert 3.0 < mean(fine) / mean(coarse) < 5.0
    assert 0.025 <= share(simulate(0.0, 800, seed=6, d1=0.08), "H1") <= 0.075  # the coarser test holds its α too


def test_a_large_gain_is_accepted_quickly():
    runs = simulate(0.24, 200, seed=3)
    assert share(runs, "H1") == 1.0
    assert sum(n for _, n in runs) / len(runs) < 1.5 * sprt.MIN_PAIRS  # about 45 pairs on average at 6 × d1


def test_without_the_minimum_of_pairs_the_test_ends_on_noise(monkeypatch):
    monkeypatch.setattr(sprt, "MIN_PAIRS", 2)
    assert share(simulate(0.0, 800, seed=1), "H1") > 0.10


def game(index, shares, entry_of_seat=(0, 1, 2)):
    return {"index": index, "share": list(shares), "entry_of_seat": list(entry_of_seat)}


def test_a_pair_statistic_is_the_first_entry_mean_share_difference():
    new = [game(0, [1, 0, 0]), game(1, [0, 0.5, 0.5], (1, 2, 0)), game(2, [0, 0, 1], (2, 0, 1))]
    base = [game(0, [0, 1, 0]), game(1, [0, 0, 1], (1, 2, 0)), game(2, [1, 0, 0], (2, 0, 1))]
    # entry 0 wins 1 + 0.5 + 0 of the new side's group, 0 + 1 + 0 of the base side's
    assert sprt.difference(new, base) == pytest.approx(0.5 / 3)


def test_pairs_count_only_the_contiguous_prefix():
    pairs = sprt.Pairs(3)
    for i in range(3, 6):  # pair 1 complete on both sides
        assert pairs.add("new", game(i, [1, 0, 0])) == [] and pairs.add("base", game(i, [0, 1, 0])) == []
    for i in range(3):
        assert pairs.add("new", game(i, [1, 0, 0])) == []
    assert pairs.add("base", game(0, [0, 1, 0])) == [] and pairs.add("base", game(2, [0, 1, 0])) == []
    released = pairs.add("base", game(1, [0, 1, 0]))  # the last game of pair 0 releases pairs 0 and 1
    assert [[[g["index"] for g in side] for side in pair] for pair in released] == [
        [[0, 1, 2], [0, 1, 2]], [[3, 4, 5], [3, 4, 5]]]
    assert pairs.counted == 2


def test_pairs_released_do_not_depend_on_the_order_games_finish():
    games = [(side, game(i, [i % 2, 1 - i % 2, 0] if side == "new" else [0, 1, 0])) for i in range(12)
             for side in ("new", "base")]
    def released(order):
        pairs = sprt.Pairs(3)
        return [sprt.difference(*pair) for side, g in order for pair in pairs.add(side, g)]
    in_order = released(games)
    assert len(in_order) == 4
    for seed in range(5):
        shuffled = games[:]
        random.Random(seed).shuffle(shuffled)
        assert released(shuffled) == in_order


def test_both_sides_play_the_arena_games_of_the_same_seed_group_by_group():
    work = sprt.schedule(3, "hard-x", "hard", ["greedy", "greedy"], 2, 7)
    assert [side for side, _ in work] == ["new"] * 3 + ["base"] * 3 + ["new"] * 3 + ["base"] * 3
    base = [task for side, task in work if side == "base"]
    new = [task for side, task in work if side == "new"]
    assert base == arena.tasks(3, ["hard", "greedy", "greedy"], 6, 7)
    assert [t[2][0] for t in new] == ["hard-x"] * 6
    assert [t[3:] for t in new] == [t[3:] for t in base]  # same rotations, deals (and so bot seeds)


def config(**changes):
    return {"players": 3, "new": "easy", "base": "random", "against": ["random", "random"], "seed": 5, "jobs": 1,
            "d0": 0.0, "d1": 4.0, "alpha": 0.05, "beta": 0.05, "max_games": 15, "groups": 5, **changes}


def test_the_base_side_games_are_the_arena_games_of_its_seed():
    _, counted = sprt.run(config())
    same = lambda games: [{k: g[k] for k in ("index", "scores", "share", "entry_of_seat", "turns")} for g in games]
    base = [g for _, base_games in counted for g in base_games]
    assert same(base) == same(arena.run(3, ["random"] * 3, 15, 5))
    assert [g["share"] for new_games, _ in counted for g in new_games] != [g["share"] for g in base]


def test_two_jobs_count_the_same_pairs_as_one():
    one, counted_one = sprt.run(config())
    two, counted_two = sprt.run(config(jobs=2))
    assert (two.n, two.mean, two.llr()) == (one.n, one.mean, one.llr())
    same = lambda counted: [[(g["index"], g["share"]) for side in pair for g in side] for pair in counted]
    assert same(counted_two) == same(counted_one)


def run_cli(capsys, *argv):
    status = cli_main(["sprt", *argv])
    captured = capsys.readouterr()
    return status, captured.out.strip().splitlines(), captured.err.strip().splitlines()


def test_a_real_run_of_a_clear_gain_ends_with_h1(capsys):
    status, out, err = run_cli(capsys, "--new", "easy", "--base", "random", "--against", "random,random",
                               "--max-games", "300", "--seed", "3")
    assert status == 0
    assert out[0].startswith("sprt: H1 accepted: easy is better than random (a gain of +4 points is likelier than +0)")
    assert f"; {sprt.MIN_PAIRS} groups a side, Δ +" in out[0]
    result = json.loads(out[1])
    assert result["verdict"] == "H1" and result["groups"] == sprt.MIN_PAIRS
    assert result["games_per_side"] == 3 * sprt.MIN_PAIRS
    assert result["win_share"]["new"] > 0.9 and result["win_share"]["base"] == pytest.approx(1 / 3, abs=0.1)
    assert len(err) == sprt.MIN_PAIRS  # one progress line per pair
    assert err[-1].startswith(f"sprt: {sprt.MIN_PAIRS} groups ({3 * sprt.MIN_PAIRS} games a side), Δ +")
    assert "LLR +" in err[-1] and "(bounds -2.94, +2.94)" in err[-1]


def test_a_real_run_stopped_by_max_games_says_so(capsys):
    status, out, err = run_cli(capsys, "--new", "random", "--base", "random", "--against", "random,random",
                               "--max-games", "9", "--jobs", "2")
    assert status == 0
    assert out[0].startswith("sprt: no verdict: --max-games 9 reached before the")
    result = json.loads(out[1])
    assert result["verdict"] is None and result["groups"] == 3 and result["delta"] == 0.0


def test_the_log_holds_both_sides_and_screen_paired_reads_it(tmp_path, monkeypatch, capsys):
    log = tmp_path / "sprt.jsonl"
    monkeypatch.setenv("LEPEUPLE_ARENA_LOG", str(log))
    status, out, _ = run_cli(capsys, "--new", "easy", "--base", "random", "--against", "random,random",
                             "--max-games", "12", "--seed", "4")
    assert status == 0
    games = [json.loads(line) for line in log.read_text().splitlines()]
    for side, bots in (("new", ["easy", "random", "random"]), ("base", ["random", "random", "random"])):
        mine = [g for g in games if g["side"] == side]
        assert sorted(g["index"] for g in mine) == list(range(12))
        assert all(g["bots"] == bots and g["seed"] == 4 for g in mine)
    delta = json.loads(out[1])["delta"]
    screen_paired.main(str(log))
    assert f"B - A {delta:+.1f}%" in capsys.readouterr().out  # B is the new side, A the base


@pytest.mark.parametrize("argv, message", [
    (["--alpha", "x"], "sprt: argument --alpha: invalid float value: 'x'"),
    (["--alpha", "0.5"], "sprt: --alpha must be above 0 and below 0.5, not 0.5"),
    (["--beta", "0"], "sprt: --beta must be above 0 and below 0.5, not 0"),
    (["--d0", "4"], "sprt: --d0 must be below --d1 (points of win share), not 4 and 4"),
    (["--d1", "nan"], "sprt: --d0 must be below --d1 (points of win share), not 0 and nan"),
    (["--against", "greedy"], "sprt: --against needs 2 bots, one per other seat, not 1"),
    (["--new", "wizard"], "sprt: unknown bot 'wizard'"),
    (["--max-games", "2"], "sprt: --max-games must be at least one group (3 games), not 2"),
    (["--jobs", "0"], "sprt: --jobs must be at least 1, not 0"),
    (["--players", "6"], "sprt: argument --players: invalid choice: 6"),
])
def test_bad_arguments_exit_2_with_one_line(capsys, argv, message):
    assert_one_line_error(capsys, ["--new", "hard", "--base", "hard", "--against", "greedy,greedy", *argv], message)


def test_a_missing_argument_exits_2_with_one_line(capsys):
    assert_one_line_error(capsys, ["--new", "hard", "--against", "greedy,greedy"],
                          "sprt: the following arguments are required: --base")


def assert_one_line_error(capsys, argv, message):
    try:
        status = cli_main(["sprt", *argv])
    except SystemExit as e:  # argparse's own errors, made one line
        status = e.code
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1 and captured.err.startswith(message)


def stopped_after(monkeypatch, games):
    """Make the run stop (as a killed process does) when it starts game number `games` + 1 of this sitting."""
    play, calls = arena.play_task, [0]

    def counted(task):
        calls[0] += 1
        if calls[0] > games:
            raise KeyboardInterrupt
        return play(task)

    monkeypatch.setattr(arena, "play_task", counted)
    return lambda: monkeypatch.setattr(arena, "play_task", play)


def without_time(line):
    return {k: v for k, v in json.loads(line).items() if k not in ("elapsed_s", "jobs")}


def test_a_run_stopped_twice_and_resumed_gives_the_verdict_of_one_uninterrupted_run(tmp_path, monkeypatch, capsys):
    args = ("--new", "easy", "--base", "random", "--against", "random,random", "--seed", "3", "--max-games", "300")
    _, fresh, _ = run_cli(capsys, *args)
    log = str(tmp_path / "sprt.jsonl.gz")
    for sitting, games in enumerate((50, 61)):
        restore = stopped_after(monkeypatch, games)
        with pytest.raises(KeyboardInterrupt):
            cli_main(["sprt", *args, *(("--resume", log) if sitting else ("--log", log))])
        restore()
        assert len(runlog.read(log)[0]) == sum((50, 61)[:sitting + 1])  # every game played is in the log
    capsys.readouterr()
    status, out, err = run_cli(capsys, *args, "--resume", log, "--jobs", "2")
    assert status == 0 and err[0] == f"sprt: resumed from {log} with 111 games (18 groups a side at most)"
    assert out[0] == fresh[0] and without_time(out[1]) == without_time(fresh[1])
    assert json.loads(out[1])["verdict"] == "H1"
    logged = [(g["side"], g["index"]) for g in runlog.read(log)[0]]
    assert len(logged) == len(set(logged)) >= 2 * 3 * sprt.MIN_PAIRS  # no game played twice
    with gzip.open(log, "rt") as f:  # one gzip member per game, read whole
        assert len(f.read().splitlines()) == len(logged)


def test_a_resumed_run_counts_the_logged_pairs_and_plays_on(tmp_path, monkeypatch, capsys):
    args = ("--new", "easy", "--base", "random", "--against", "random,random", "--seed", "6")
    _, fresh, _ = run_cli(capsys, *args, "--max-games", "24")
    log = tmp_path / "sprt.jsonl"
    monkeypatch.setenv("LEPEUPLE_ARENA_LOG", str(log))
    run_cli(capsys, *args, "--max-games", "12")
    log.write_text(log.read_text() + json.dumps({"bots": ["easy"] * 3, "seed": 6, "index": 0}) + "\n")  # an arena's
    status, out, err = run_cli(capsys, *args, "--max-games", "24", "--resume", str(log))
    assert status == 0 and err[0] == f"sprt: resumed from {log} with 24 games (4 groups a side at most)"
    assert len(err) == 1 + 4  # the progress of the pairs played now
    assert without_time(out[1]) == without_time(fresh[1]) and json.loads(out[1])["groups"] == 8
    logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(g["index"] for g in logged if g.get("side") == "new") == list(range(24))


def test_resume_needs_an_existing_log(tmp_path, capsys):
    missing = tmp_path / "none.jsonl"
    assert_one_line_error(capsys, ["--new", "easy", "--base", "random", "--against", "random,random",
                                   "--resume", str(missing)], f"sprt: cannot resume: {missing} does not exist")


@pytest.mark.parametrize("name", ["sprt.jsonl", "sprt.jsonl.gz"])
def test_a_record_cut_by_the_stop_is_dropped_and_its_game_played_again(tmp_path, capsys, name):
    args = ("--new", "easy", "--base", "random", "--against", "random,random", "--seed", "5", "--max-games", "6")
    log = str(tmp_path / name)
    run_cli(capsys, *args, "--log", log)
    whole = runlog.read(log)[0]
    with open(log, "rb") as f:
        data = f.read()
    cut = gzip.compress(b'{"side": "new", "index": 7}\n')[:-9] if name.endswith(".gz") else b'{"side": "new", "ind'
    with open(log, "wb") as f:
        f.write(data + cut)
    status, out, err = run_cli(capsys, *args, "--max-games", "9", "--resume", log)
    assert status == 0 and err[0] == f"sprt: dropped the cut last record of {log}"
    records = runlog.read(log)[0]
    assert records[:len(whole)] == whole and len(records) == len(whole) + 6


def test_a_bad_record_before_the_last_is_reported_and_the_log_kept(tmp_path, capsys):
    log = tmp_path / "sprt.jsonl"
    log.write_text('{"side": "new", "ind\n{"side": "new"}\n')
    assert_one_line_error(capsys, ["--new", "easy", "--base", "random", "--against", "random,random",
                                   "--resume", str(log)], f"sprt: cannot resume: line 1 of {log} is not JSON")
    assert log.read_text().endswith('"ind\n{"side": "new"}\n')


def test_the_command_line_itself_exits_2_in_one_line():
    out = subprocess.run([sys.executable, "-m", "lepeuple", "sprt", "--new", "hard", "--against", "greedy,greedy"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr == "sprt: the following arguments are required: --base\n"


def test_screen_paired_still_pairs_two_arena_logs(tmp_path, monkeypatch, capsys):
    logs = []
    for bots in ("random,random,random", "easy,random,random"):
        logs.append(tmp_path / f"{bots[:4]}.jsonl")
        monkeypatch.setenv("LEPEUPLE_ARENA_LOG", str(logs[-1]))
        assert cli_main(["arena", "--bots", bots, "--games", "6", "--seed", "2"]) == 0
    capsys.readouterr()
    screen_paired.main(*map(str, logs))
    out = capsys.readouterr().out
    a, b = (screen_paired.shares(screen_paired.read(path)) for path in logs)
    assert out.startswith(f"6 paired games: A {sum(a.values()) / 6:.1%}, B {sum(b.values()) / 6:.1%}")
    assert sum(b.values()) > sum(a.values())


def test_the_progress_read_from_a_log_is_the_tests_own(tmp_path, capsys):
    log = str(tmp_path / "sprt.jsonl.gz")
    _, out, _ = run_cli(capsys, "--new", "easy", "--base", "random", "--against", "random,random", "--seed", "9",
                        "--max-games", "15", "--log", log)
    result = json.loads(out[1])
    config, test = sprt_progress.standing(log)
    assert (config["new"], config["base"], config["seed"]) == ("easy", "random", 9)
    assert (test.n, round(100 * test.mean, 2)) == (result["groups"], result["delta"]) == (5, result["delta"])
    assert sprt_progress.line(log).endswith(f"running, 5 groups (15 games a side), Δ {result['delta']:+.1f} points "
                                            f"({result['ci95'][0]:+.1f} to {result['ci95'][1]:+.1f}), "
                                            f"LLR {result['llr']:+.2f}")
