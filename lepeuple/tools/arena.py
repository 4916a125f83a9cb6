"""Bot tournaments: `python -m lepeuple arena --players 3 --bots hard,greedy,greedy --games 600 --jobs 2`.

Seats are rotated so that every bot sits in every seat equally: games come in
groups of one game per rotation, and the games of a group share one deal
(the same game seed), which also cancels much of the luck of the deal. A bot
is given only `view(game, seat)`; a `-cheat` bot (the fairness audit) is given
the true state. Win share counts a shared win as a split; the 95% confidence
interval is the normal approximation over games. Game i depends only on the
seed and i: each finished game is appended to the log (--log), and --resume LOG
plays only the games LOG lacks, so a run stopped and resumed gives the table of
one uninterrupted run.
"""

import json
import math
import os
import sys
import time

from ..core.rng import Rng
from ..core.setup import new_game
from ..core.view import view
from ..research import runlog
from ..research.infer import spec, think, think_true  # every bot, the research ones too


def rotation(bots, r):
    """The bot in each seat in rotation r: seat s gets bots[(s + r) % N]."""
    n = len(bots)
    return [bots[(s + r) % n] for s in range(n)]


def play(players, bots, seed, options=None):
    """Play one game; return per seat (score, win share, decisions, thinking seconds) and the turns."""
    game = new_game(players, options, seed)
    mixer = Rng(seed)
    decisions = [0] * players
    seconds = [0.0] * players
    iterations = [0] * players
    turns = 0
    while not game.is_over:
        seat = game.to_move
        bot = bots[seat]
        start = time.process_time()  # CPU time: fair on a machine shared with other work
        bot_seed = mixer.next64()
        if spec(bot)[3]:  # the fairness audit: the same search reading the true state
            t = think_true(game, bot, bot_seed)
        else:
            t = think(view(game, seat), bot, bot_seed)
        while not t.step(10.0):
            pass
        action = t.action()
        seconds[seat] += time.process_time() - start
        decisions[seat] += 1
        iterations[seat] += t.iterations
        for e in game.apply(action):
            turns += e[0] == "turn"
    winners = game.winners
    share = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    return {"scores": game.scores[:], "share": share, "decisions": decisions,
            "seconds": seconds, "iterations": iterations, "turns": turns}


def play_task(task):
    """One game of the tournament: (index, players, entries, rotation, seed, options) -> results."""
    index, players, bots, r, seed, options = task
    seated = rotation(bots, r)
    out = play(players, seated, seed, options)
    # Map seats back to entries of the --bots list.
    n = len(bots)
    out["entry_of_seat"] = [(s + r) % n for s in range(players)]
    out["index"] = index
    return out


def tasks(players, bots, games, seed, options=None):
    """Game i: rotation i % N with deal seed `seed * 100003 + i // N` (a group shares its deal)."""
    n = len(bots)
    return [(i, players, bots, i % n, seed * 100003 + i // n, options) for i in range(games)]


def run(players, bots, games, seed, jobs=1, options=None, progress=None, on_result=None, done=None):
    """Play the tournament; return the list of per-game results in game order.

    `done`: {game index: result} of games already played (a resumed run), not played again.
    `on_result(result)`, if given, is called with each game's result as it
    finishes (to log them, so that a stopped run keeps its finished games)."""
    results = dict(done or {})
    work = [t for t in tasks(players, bots, games, seed, options) if t[0] not in results]
    for out in _played(work, jobs):
        results[out["index"]] = out
        if on_result:
            on_result(out)
        if progress:
            progress(len(results), games)
    return [results[i] for i in range(games)]


def _played(work, jobs):
    """Yield each task's result as it finishes, in task order."""
    if jobs <= 1:
        yield from map(play_task, work)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs) as pool:
        yield from pool.imap(play_task, work, chunksize=1)


def summarise(players, bots, results):
    """Per entry of the --bots list: games, wins, win share with its 95% CI, average score, speed."""
    n = len(bots)
    rows = []
    for e in range(n):
        shares, scores, seconds, decisions, iterations = [], [], 0.0, 0, 0
        seats = [0] * players
        for res in results:
            for s in range(players):
                if res["entry_of_seat"][s] == e:
                    shares.append(res["share"][s])
                    scores.append(res["scores"][s])
                    seconds += res["seconds"][s]
                    decisions += res["decisions"][s]
                    iterations += res["iterations"][s]
                    seats[s] += 1
        g = len(shares)
        mean = sum(shares) / g if g else 0.0
        var = sum((x - mean) ** 2 for x in shares) / (g - 1) if g > 1 else 0.0
        half = 1.96 * math.sqrt(var / g) if g else 0.0
        rows.append({
            "entry": e, "bot": bots[e], "games": g, "wins": round(sum(shares), 3),
            "win_share": round(mean, 4), "ci95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
            "avg_score": round(sum(scores) / g, 2) if g else 0.0,
            "ms_per_decision": round(1000 * seconds / decisions, 1) if decisions else 0.0,
            "iterations_per_s": round(iterations / seconds) if seconds else 0,
            "seats": seats,
        })
    return rows


def table(players, bots, games, seed, rows, results, elapsed):
    """The human-readable table."""
    lines = [f"arena: {players} players, {games} games, seed {seed}, bots {','.join(bots)} (seats rotated)",
             f"{'bot':<16}{'win share':>10}{'95% CI':>17}{'avg score':>11}{'cpu ms/move':>13}{'seats':>14}"]
    for row in rows:
        lo, hi = row["ci95"]
        name = f"{row['bot']} #{row['entry'] + 1}" if bots.count(row["bot"]) > 1 else row["bot"]
        lines.append(f"{name:<16}{row['win_share']:>10.1%}{f'{lo:.1%}–{hi:.1%}':>17}{row['avg_score']:>11.2f}"
                     f"{row['ms_per_decision']:>13.1f}{'/'.join(map(str, row['seats'])):>14}")
    turns = sum(r["turns"] for r in results) / len(results) if results else 0.0
    lines.append(f"average turns per game {turns:.1f}; {elapsed:.0f} s")
    return "\n".join(lines)


def main(args):
    """The arena command: print the table, then one JSON line; return 0."""
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) != args.players:
        print(f"arena: --bots needs {args.players} bots, one per seat, not {len(bots)}", file=sys.stderr)
        return 2
    try:
        for b in bots:
            spec(b)
    except ValueError as e:
        print(f"arena: {e}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("arena: --games must be at least 1", file=sys.stderr)
        return 2
    if args.games % len(bots):
        print(f"arena: note: {args.games} games is not a multiple of {len(bots)} rotations; "
              "some rotations get one game more", file=sys.stderr)
    log = log_path(args)
    try:
        done = resumed(log, bots, args.seed, args.games) if getattr(args, "resume", None) else {}
    except (OSError, ValueError) as e:
        print(f"arena: cannot resume: {e}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    on_result = None
    if log:
        def on_result(out):
            runlog.append(log, [{"bots": bots, "seed": args.seed, **out}])
    results = run(args.players, bots, args.games, args.seed, max(1, args.jobs), progress=_progress(args.games),
                  on_result=on_result, done=done)
    elapsed = time.perf_counter() - start
    rows = summarise(args.players, bots, results)
    print(table(args.players, bots, args.games, args.seed, rows, results, elapsed))
    turns = sum(r["turns"] for r in results) / len(results)
    print(json.dumps({"players": args.players, "games": args.games, "seed": args.seed, "jobs": args.jobs,
                      "bots": bots, "rotations": len(bots), "results": rows,
                      "avg_turns": round(turns, 1), "elapsed_s": round(elapsed, 1)}))
    return 0


def log_path(args):
    """The log to append each finished game to: --resume's, else --log, else LEPEUPLE_ARENA_LOG."""
    return getattr(args, "resume", None) or getattr(args, "log", None) or os.environ.get("LEPEUPLE_ARENA_LOG")


def resumed(log, bots, seed, games):
    """{index: result} of the games an earlier run of these bots and seed logged, announced on stderr.

    A record cut by the stop is dropped from the file (its game is played again)."""
    if not os.path.exists(log):
        raise ValueError(f"{log} does not exist")
    records, whole = runlog.read(log)
    if runlog.drop_cut_tail(log, whole):
        print(f"arena: dropped the cut last record of {log}", file=sys.stderr)
    done = {r["index"]: r for r in records if "side" not in r and r.get("bots") == bots and r.get("seed") == seed
            and isinstance(r.get("index"), int) and 0 <= r["index"] < games}
    print(f"arena: resumed from {log} with {len(done)} of {games} games", file=sys.stderr)
    return done


def _progress(games):
    """Progress on stderr every tenth of the tournament, when stderr is a terminal or a log."""
    step = max(1, games // 10)

    def report(done, total):
        if done % step == 0 or done == total:
            print(f"arena: {done}/{total} games", file=sys.stderr, flush=True)

    return report
