"""A sequential test of one bot change: `python -m lepeuple sprt --new hard-x --base hard --against greedy,greedy`.

The new bot and its baseline play the arena's games on common seeds: rotation
group g of the new side (bots `new,against…`) and of the base side (bots
`base,against…`) have the same deal, the same rotations and the same bot seeds,
so the base side's games are exactly those of `arena --bots base,against…` with
the same seed. The unit is a pair of groups (N games a side with N players);
its statistic is the difference, new minus base, of the first entry's mean win
share over the group. After each pair the test updates a log-likelihood ratio
of H1: Δ = d1 against H0: Δ = d0 and stops when it leaves Wald's bounds, or at
--max-games.

The LLR is the normal approximation of the generalized SPRT ("GSPRT") that
chess engines' test frameworks use (fishtest's LLRcalc.LLR_alt2, after Michel
Van den Bergh, "the approximate generalized log likelihood ratio (divided by N)
for s=s1 versus s=s0 where pdf is an empirical distribution and s is the
expectation value of the true distribution"):

    LLR = n (d1 - d0) (2 x̄ - d0 - d1) / (2 σ̂²)

over the n pairs so far, x̄ their mean difference and σ̂² its variance
(divisor n): the log-likelihood ratio of two normal laws of means d1 and d0 and
variance σ̂². It accepts H0 at LLR ≤ log(β / (1 - α)) and H1 at
LLR ≥ log((1 - β) / α) (Wald). No verdict is given before MIN_PAIRS pairs:
the variance of a few groups, often all alike, is too small and ends the test
on noise. In simulations (tests/test_sprt.py) the error rates are near α and
β with the minimum at 40 pairs, and more than twice α without it.

Games finish out of order with --jobs 2; a pair counts only once it and every
pair before it are complete, so the verdict depends only on the seed. Each game
is logged as it finishes (--log, lepeuple/research/runlog.py), and --resume LOG
counts the logged games as if played now and plays only the others: a test
stopped and resumed any number of times gives the verdict of one uninterrupted run.
"""

import json
import math
import os
import sys
import time

from ..research import runlog
from . import arena

D1 = 4.0
"""H1's gain in points of win share by default: gains of +2 to +4 (a learned evaluation's, a mended
leak's) are what remains to find, and with H1 at +8 they drifted toward "H0 accepted"."""

MAX_GAMES = 1500
"""Games a side at most by default (500 groups of 3): with H1 at +4 and the spread of `hard`'s
paired groups, most tests end before it (docs/bots.md, the sequential test)."""

MIN_PAIRS = 40
# Pairs all alike (a bot against itself) have no spread: a floor of (0.1 point)²
# keeps the LLR finite, and such a test ends at MIN_PAIRS.
VARIANCE_FLOOR = 1e-6


def bounds(alpha, beta):
    """Wald's (lower, upper) bounds on the LLR: below accepts H0, above accepts H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def llr(n, mean, variance, d0, d1):
    """The GSPRT's LLR of H1: Δ = d1 against H0: Δ = d0 from n differences (variance with divisor n).

    >>> round(llr(100, 0.04, 0.16, 0.0, 0.08), 6)   # a mean halfway between says nothing
    0.0
    >>> round(llr(100, 0.08, 0.16, 0.0, 0.08), 6)   # 100 * 0.08 * 0.08 / 0.32
    2.0
    """
    return n * (d1 - d0) * (2 * mean - d0 - d1) / (2 * max(variance, VARIANCE_FLOOR))


class Sprt:
    """The test's state over the pair differences seen so far (Welford's running mean and variance)."""

    def __init__(self, d0, d1, alpha, beta):
        self.d0, self.d1 = d0, d1
        self.lower, self.upper = bounds(alpha, beta)
        self.n, self.mean, self._m2 = 0, 0.0, 0.0

    def add(self, x):
        """Count one pair's difference."""
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self._m2 += delta * (x - self.mean)

    def llr(self):
        return llr(self.n, self.mean, self._m2 / self.n, self.d0, self.d1) if self.n else 0.0

    def ci95(self):
        """The 95 % interval of Δ (normal approximation, sample variance)."""
        half = 1.96 * math.sqrt(self._m2 / (self.n - 1) / self.n) if self.n > 1 else math.inf
        return self.mean - half, self.mean + half

    def verdict(self):
        """"H1", "H0", or None while the LLR is between the bounds (or fewer than MIN_PAIRS pairs)."""
        if self.n < MIN_PAIRS:
            return None
        value = self.llr()
        return "H1" if value >= self.upper else "H0" if value <= self.lower else None


def difference(new_games, base_games, entry=0):
    """A pair's statistic: the entry's mean win share over the new side's group minus over the base side's."""
    return _mean_share(new_games, entry) - _mean_share(base_games, entry)


def _mean_share(games, entry):
    return sum(g["share"][g["entry_of_seat"].index(entry)] for g in games) / len(games)


class Pairs:
    """Finished games in any order in, complete pairs of groups out in order (the contiguous prefix)."""

    def __init__(self, group, counted=0):
        self.group = group  # games in a rotation group
        self.games = {}  # (side, game index) -> result
        self.counted = counted  # pairs released so far (or counted before a resumed run)

    def add(self, side, result):
        """Keep one finished game; return the pairs it completes with those before them, [(new, base)]."""
        self.games[side, result["index"]] = result
        out = []
        while all((name, i) in self.games for name in ("new", "base") for i in self._indices(self.counted)):
            out.append(tuple([self.games.pop((name, i)) for i in self._indices(self.counted)]
                             for name in ("new", "base")))
            self.counted += 1
        return out

    def _indices(self, pair):
        return range(pair * self.group, (pair + 1) * self.group)


def schedule(players, new, base, against, groups, seed, first=0, played=()):
    """The games to play, pair by pair from pair `first`: group g of the new side, then group g of the base
    side; those in `played` ((side, game index) already played, a resumed run) left out."""
    sides = {side: arena.tasks(players, [bot, *against], groups * players, seed) for side, bot in
             (("new", new), ("base", base))}
    return [(side, task) for g in range(first, groups) for side in ("new", "base")
            for task in sides[side][g * players:(g + 1) * players] if (side, task[0]) not in played]


def play_job(job):
    """One game of one side: (side, arena task) -> (side, result)."""
    side, task = job
    return side, arena.play_task(task)


def finished(work, jobs_count):
    """Yield (side, result) as games finish: in order with one job, in any order with more."""
    if jobs_count <= 1:
        yield from map(play_job, work)
        return
    import multiprocessing

    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with context.Pool(jobs_count) as pool:  # leaving the block ends the games still running
        yield from pool.imap_unordered(play_job, work, chunksize=1)


def run(config, on_pair=None, on_game=None, logged=None):
    """Play pairs until a verdict or the last group; return the Sprt and the counted pairs [(new, base)].

    `logged`: {(side, game index): result} of games already played (a resumed run): they count in
    order as if played now, and only the others are played. `on_game(side, result)` is called with
    each game played, as it finishes; `on_pair(test, pair)` after each pair played now is counted."""
    test = Sprt(config["d0"] / 100, config["d1"] / 100, config["alpha"], config["beta"])
    pairs, counted = Pairs(config["players"]), []
    logged = dict(logged or {})
    for (side, _), result in sorted(logged.items(), key=lambda item: item[0][1]):
        if _count(test, counted, pairs.add(side, result), config, None):
            return test, counted
    games = finished(schedule(config["players"], config["new"], config["base"], config["against"],
                              config["groups"], config["seed"], pairs.counted, logged), config["jobs"])
    for side, result in games:
        if on_game:
            on_game(side, result)
        if _count(test, counted, pairs.add(side, result), config, on_pair):
            games.close()  # ends the pool and its unfinished games
            break
    return test, counted


def _count(test, counted, complete, config, on_pair):
    """Count the pairs just completed, in order, until a verdict or the last group; True when the test ends."""
    for pair in complete:
        if test.n == config["groups"]:
            return True
        counted.append(pair)
        test.add(difference(*pair))
        if on_pair:
            on_pair(test, pair)
        if test.verdict():
            return True
    return test.n == config["groups"]


def progress_line(test, group):
    """One line after a pair: groups, Δ with its 95 % interval, the LLR and its bounds."""
    wait = f"; a verdict from {MIN_PAIRS} groups" if test.n < MIN_PAIRS else ""
    return (f"sprt: {_groups(test.n)} ({test.n * group} games a side), Δ {_points(test.mean)} points "
            f"({_interval(test)}), LLR {test.llr():+.2f} (bounds {test.lower:+.2f}, {test.upper:+.2f}{wait})")


def _groups(n):
    return f"{n} group" if n == 1 else f"{n} groups"


def _points(x):
    return f"{100 * x:+.1f}"


def _interval(test):
    if test.n < 2:
        return "95% CI from 2 groups"
    lo, hi = test.ci95()
    return f"95% CI {_points(lo)} to {_points(hi)}"


def verdict_line(config, test):
    """The result in words: which hypothesis was accepted, or none at --max-games."""
    new, base, d0, d1 = config["new"], config["base"], config["d0"], config["d1"]
    found = test.verdict()
    if found == "H1":
        head = f"H1 accepted: {new} is better than {base} (a gain of {d1:+g} points is likelier than {d0:+g})"
    elif found == "H0":
        head = f"H0 accepted: {new} is not shown better than {base} (a gain of {d0:+g} points is likelier than {d1:+g})"
    elif test.n < MIN_PAIRS:
        head = f"no verdict: --max-games {config['max_games']} reached before the {MIN_PAIRS} groups a verdict needs"
    else:
        head = f"no verdict: --max-games {config['max_games']} reached with the LLR between the bounds"
    return (f"sprt: {head}; {_groups(test.n)} a side, Δ {_points(test.mean)} points ({_interval(test)}), "
            f"LLR {test.llr():+.2f} (bounds {test.lower:+.2f}, {test.upper:+.2f})")


def summary(config, test, counted, elapsed):
    """The one JSON line: the arguments, the verdict and the figures."""
    share = {side: _share([g for pair in counted for g in pair[k]]) for k, side in enumerate(("new", "base"))}
    lo, hi = test.ci95()
    return {**{k: config[k] for k in ("players", "new", "base", "against", "seed", "jobs", "d0", "d1", "alpha",
                                      "beta", "max_games")},
            "verdict": test.verdict(), "groups": test.n, "games_per_side": test.n * config["players"],
            "delta": round(100 * test.mean, 2),
            "ci95": [round(100 * lo, 2), round(100 * hi, 2)] if test.n > 1 else None,
            "llr": round(test.llr(), 3), "bounds": [round(test.lower, 3), round(test.upper, 3)],
            "win_share": share, "elapsed_s": round(elapsed, 1)}


def _share(games):
    return round(_mean_share(games, 0), 4) if games else None


def configure(args):
    """The test's settings from the parsed arguments; a ValueError says what is wrong."""
    against = [b.strip() for b in args.against.split(",")]
    if len(against) != args.players - 1:
        raise ValueError(f"--against needs {args.players - 1} bots, one per other seat, not {len(against)}")
    for bot in (args.new, args.base, *against):
        arena.spec(bot)  # a ValueError names an unknown bot
    if not (math.isfinite(args.d0) and math.isfinite(args.d1) and args.d0 < args.d1):
        raise ValueError(f"--d0 must be below --d1 (points of win share), not {args.d0:g} and {args.d1:g}")
    for name in ("alpha", "beta"):
        if not 0 < getattr(args, name) < 0.5:
            raise ValueError(f"--{name} must be above 0 and below 0.5, not {getattr(args, name):g}")
    if args.max_games < args.players:
        raise ValueError(f"--max-games must be at least one group ({args.players} games), not {args.max_games}")
    return {"players": args.players, "new": args.new, "base": args.base, "against": against, "seed": args.seed,
            "jobs": args.jobs, "d0": args.d0, "d1": args.d1, "alpha": args.alpha, "beta": args.beta,
            "max_games": args.max_games, "groups": args.max_games // args.players}


def main(args):
    """The sprt command: a progress line per pair on stderr, the verdict and one JSON line; return 0."""
    log = arena.log_path(args)
    try:
        config = configure(args)
        logged = _resumed(args.resume, config) if args.resume else {}
    except ValueError as e:
        print(f"sprt: {e}", file=sys.stderr)
        return 2
    if args.max_games % args.players:
        print(f"sprt: note: --max-games {args.max_games} plays {config['groups']} whole groups a side", file=sys.stderr)
    start = time.perf_counter()
    on_game = (lambda side, game: runlog.append(log, [_record(config, side, game)])) if log else None
    test, counted = run(config, on_pair=lambda test, pair: _progress(config, test), on_game=on_game, logged=logged)
    print(verdict_line(config, test))
    print(json.dumps(summary(config, test, counted, time.perf_counter() - start)))
    return 0


def _progress(config, test):
    print(progress_line(test, config["players"]), file=sys.stderr, flush=True)


def _record(config, side, game):
    """A game of the log: its side, that side's bots, the seed, and the arena's result."""
    return {"side": side, "bots": [config[side], *config["against"]], "seed": config["seed"], **game}


def _resumed(log, config):
    """The games an earlier run of this test logged, announced on standard error; a record cut by
    the stop is dropped from the file (its game is played again)."""
    if not os.path.exists(log):
        raise ValueError(f"cannot resume: {log} does not exist")
    try:
        records, whole = runlog.read(log)
    except runlog.LogError as e:
        raise ValueError(f"cannot resume: {e}") from None
    if runlog.drop_cut_tail(log, whole):
        print(f"sprt: dropped the cut last record of {log}", file=sys.stderr)
    logged = logged_games(records, config)
    pairs = min(sum(logged_side == side for logged_side, _ in logged) for side in ("new", "base")) // config["players"]
    print(f"sprt: resumed from {log} with {len(logged)} games ({_groups(pairs)} a side at most)", file=sys.stderr)
    return logged


def logged_games(records, config):
    """{(side, game index): result} of the records an earlier run of this test (same bots, seed, players) logged."""
    out = {}
    for game in records:
        side = game.get("side") if isinstance(game, dict) else None
        if side in ("new", "base") and game.get("seed") == config["seed"] and \
                game.get("bots") == [config[side], *config["against"]] and isinstance(game.get("index"), int):
            out[side, game["index"]] = game
    return out
