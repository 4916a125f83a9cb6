"""Random-game statistics (simulate) and the engine benchmark (bench)."""

import random
import time
from collections import Counter

from ..core.setup import new_game


def random_game(players, seed, chooser, options=None):
    """Play one game with uniformly random legal actions; return (game, actions, events)."""
    game = new_game(players, options, seed)
    events = game.last_events()  # the first turn
    actions = 0
    while not game.is_over:
        events += game.apply(chooser.choice(game.legal_actions()))
        actions += 1
    return game, actions, events


def bench(players, games, seed, rounds=3):
    """Complete random games through the validated `apply`, on one core.

    The games are played `rounds` times and the fastest round counts (as
    `timeit` does): the slower rounds measure other processes, not the engine.
    """
    _check_games(games)
    best = None
    # map() enters each round afresh from C. In Pyodide this matters: the
    # browser's WebAssembly engine re-optimises the interpreter's hot loop once it
    # has run a while, but a call already running keeps the code it started with
    # (no on-stack replacement), so rounds called from inside one Python loop
    # would all run at the first round's speed. The page itself makes short calls.
    for elapsed, actions in map(timed_games, [players] * rounds, [games] * rounds, [seed] * rounds):
        best = elapsed if best is None else min(best, elapsed)
    return {"players": players, "games": games, "games_per_s": round(games / best, 1),
            "actions_per_s": round(actions / best), "actions_per_game": round(actions / games, 1),
            "rounds": rounds}


def timed_games(players, games, seed):
    """(CPU seconds, actions) of `games` random games: the loop that `bench` times."""
    uniform = random.Random(seed).random
    actions = 0
    start = time.process_time()  # CPU time: other processes on the machine do not count
    for i in range(games):
        game = new_game(players, None, seed + i)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[(uniform() * len(legal)).__trunc__()])  # int(), as Rng.below does it
        actions += len(game.history)  # every applied action, counted once per game
    return time.process_time() - start, actions


def simulate(players, games, seed):
    """A text summary of random games: length, winning score, events, power cards, seat bias."""
    _check_games(games)
    chooser = random.Random(seed)
    turns = actions = winning = 0
    kinds, powers, wins = Counter(), Counter(), [0.0] * players
    for i in range(games):
        game, n, events = random_game(players, seed + i, chooser)
        actions += n
        turns += sum(1 for e in events if e[0] in ("turn", "skip"))
        winning += max(game.scores)
        kinds.update(e[1] for e in events if e[0] == "event")
        powers.update(e[2] for e in events if e[0] == "power")
        powers.update("defense" for e in events if e[0] == "defend" and e[2])  # played against an offensive
        for seat in game.winners:
            wins[seat] += 1 / len(game.winners)
    lines = [
        f"{games} random games, {players} players, seed {seed}",
        f"average turns per game    {turns / games:.1f}",
        f"average actions per game  {actions / games:.1f}",
        f"average winning score     {winning / games:.2f}",
        "events per game           " + _per_game(kinds, games),
        "power cards per game      " + _per_game(powers, games),
        "win share per seat        " + "  ".join(f"{s}: {w / games:.1%}" for s, w in enumerate(wins)),
    ]
    return "\n".join(lines)


def _check_games(games):
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be a whole number ≥ 1, not {games!r}")


def _per_game(counter, games):
    return ", ".join(f"{k} {v / games:.2f}" for k, v in counter.most_common())
