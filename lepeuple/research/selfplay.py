"""Self-play games of the current bots, the data the learned evaluation is fitted on.

    python -m lepeuple.research.selfplay --games 10200 --seed 31 --jobs 2 --out selfplay.jsonl

Game i of seed S is planned from Rng(S * 1_000_003 + i) alone (`game_plan`): 3, 4 or
5 players in turn, the target 12 four times in five (else any of 6..30), Défense as
a shield one game in seven, and each seat's bot drawn from `MIX` (policy, greedy,
reply — the search `normal` was then — and hard in every seat order; the searching
bots are rarer because they cost most). Each finished game is one JSON line — its plan, its record (the
engine's, so `lepeuple.load` replays it), the win shares and the CPU seconds —
appended as it ends, so a stopped run resumes where it stopped (`--out` is read
first and the games already there are skipped). Same seed, same games.
"""

import argparse
import json
import multiprocessing
import os
import sys
import time

from ..core.rng import Rng
from ..core.setup import new_game
from ..core.view import view
from .infer import think

MIX = (("policy", 0.391), ("greedy", 0.6), ("reply", 0.006), ("hard", 0.003))
"""Each seat's bot, drawn independently with these chances."""


def game_plan(seed, i):
    """Players, options, bots (one per seat) and the deal seed of game i."""
    rng = Rng(seed * 1_000_003 + i)
    players = 3 + i % 3
    target = 12 if rng.below(5) else 6 + rng.below(25)
    options = {"target": target, "defense": "shield" if rng.below(7) == 0 else "reaction"}
    bots = [_draw(rng) for _ in range(players)]
    return {"i": i, "players": players, "options": options, "bots": bots, "seed": rng.next64() >> 16}


def _draw(rng):
    x = rng.next64() / 2.0 ** 64
    for bot, p in MIX:
        if x < p:
            return bot
        x -= p
    return MIX[-1][0]


def play(plan):
    """Play one planned game; its JSON line's dict."""
    start = time.process_time()
    game = new_game(plan["players"], plan["options"], plan["seed"])
    mixer = Rng(plan["seed"])
    while not game.is_over:
        seat = game.to_move
        t = think(view(game, seat), plan["bots"][seat], mixer.next64())
        while not t.step(10.0):
            pass
        game.apply(t.action())
    winners = game.winners
    share = [1.0 / len(winners) if s in winners else 0.0 for s in range(plan["players"])]
    return {**plan, "record": game.record(), "share": share, "scores": game.scores[:],
            "cpu_s": round(time.process_time() - start, 2)}


def read_games(path):
    """The games of a self-play file, in file order (a cut last line is left out)."""
    games = []
    if not os.path.exists(path):
        return games
    with open(path) as f:
        for line in f:
            try:
                games.append(json.loads(line))
            except json.JSONDecodeError:
                break  # the run was stopped mid-write
    return games


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    done = {g["i"] for g in read_games(args.out)}
    plans = [game_plan(args.seed, i) for i in range(args.games) if i not in done]
    print(f"selfplay: {len(done)} games already in {args.out}, {len(plans)} to play", file=sys.stderr, flush=True)
    with open(args.out, "a") as out, multiprocessing.get_context("fork").Pool(max(1, args.jobs)) as pool:
        for k, game in enumerate(pool.imap_unordered(play, plans, chunksize=4), 1):
            out.write(json.dumps(game, separators=(",", ":")) + "\n")
            out.flush()
            if k % 100 == 0 or k == len(plans):
                print(f"selfplay: {len(done) + k}/{args.games} games", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
