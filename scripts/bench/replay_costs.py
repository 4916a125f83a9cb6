"""Time and peak memory of opening, stepping through and reviewing a long game:
the replay viewer and the review cost time and memory linear in the game's length
(lepeuple/core/positions.py). Prints one JSON line per length.

    .venv/bin/python -m scripts.bench.replay_costs [--actions 5000 [10000 ...]] [--level random] [--budget 1]

The game: every seat passes and draws until the given length, then plays at
random to the end (a review needs a finished game). Opening is what the page does for a
file or link (`web.model.replay_game.read_file`, `Replay`, the first screen's view and log);
stepping goes through every position forward, reading its view and its log; the
review runs `lepeuple.coach.review.Review` to the end with the random bot and one
redeal (the page reviews with hard and 64 redeals: about 0.4 s a decision
whatever the game's length, which would hide the part that grows with it).
Each is run twice: timed, then traced for its peak memory (tracemalloc: Python's
allocations only, above what was allocated before)."""

import argparse
import json
import random
import time
import tracemalloc

from lepeuple import new_game
from lepeuple.coach.review import Review
from lepeuple.core.actions import to_json
from web.model.botrunner import levels
from web.model.replay_game import Replay, read_file
from web.model.storage import encode


def long_game(length, seed=1):
    """A finished 3-player record of `length` actions and a few more: every seat
    passes and draws (a game made long as "draw two" allows, R8) until `length`,
    then plays at random to the end."""
    rng = random.Random(seed)
    g = new_game(3, None, seed)
    while not g.is_over:
        legal = g.legal_actions()
        if len(g.history) < length:
            slow = [a for a in legal if a.type in ("draw", "pass")]
            legal = slow or legal
        g.apply(rng.choice(legal))
    return {"format": 1, "players": 3, "options": dict(g.options), "seed": seed,
            "actions": [to_json(a) for a in g.history]}


def measured(work):
    """(seconds, peak MB, result) of work(), run twice: timed, then traced (tracing
    slows it down several times)."""
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    out = work()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return round(seconds, 2), round(peak, 1), out


def opening(text):
    seats, record = read_file(text)
    replay = Replay(seats, record, levels())
    replay.view(), replay.events()
    return replay


def stepping(replay):
    for i in range(replay.total + 1):
        replay.go(i)
        replay.view(), replay.events()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, nargs="+", default=[5000])
    parser.add_argument("--level", default="random")
    parser.add_argument("--budget", type=int, default=1)
    args = parser.parse_args()
    for length in args.actions:
        record = long_game(length)
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        text = encode(seats, record)
        open_s, open_mb, replay = measured(lambda text=text: opening(text))
        step_s, step_mb, _ = measured(lambda replay=replay: stepping(replay))
        review_s, review_mb, review = measured(lambda record=record: Review(record, 0, args.level, budget=args.budget).run())
        print(json.dumps({"actions": len(record["actions"]), "save_bytes": len(text.encode()),
                          "open_s": open_s, "open_peak_mb": open_mb, "step_all_s": step_s, "step_peak_mb": step_mb,
                          "review_s": review_s, "review_peak_mb": review_mb, "review_decisions": review["decisions"],
                          "review_level": args.level, "review_budget": args.budget}))


if __name__ == "__main__":
    main()
