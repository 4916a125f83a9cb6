"""Running a bot in the page's worker without making the page wait for it.

The page's Python runs in a Web Worker (PyScript's: web/main.py): a bot thinking
never holds up the page's own thread, which draws. Within the worker, the bot
thinks in slices of SLICE seconds; between slices the coroutine yields to the
worker's event loop (`asyncio.sleep(0)`: a message to itself in Pyodide, no
timer's delay), so a click (Pause, Take back, a new game) is handled after at
most one slice. Bots decide from a view only (lepeuple.bots.think), never the
true state.
"""

import asyncio
import time
from typing import NamedTuple

from lepeuple import bots
from lepeuple.coach.reason import why

SLICE = 0.012  # seconds of thinking between two looks at the page's messages (4x that on a slow phone)
HINT_LEVEL = "hard"


def levels():
    """Bot levels offered to people, easiest first (names)."""
    return list(bots.LEVELS)


class Stats:
    """What bot thinking cost on this device (shown to tests through the page)."""

    def __init__(self):
        self.decisions = 0
        self.total = 0.0
        self.longest = 0.0  # the longest whole decision, in seconds
        self.longest_slice = 0.0  # the longest single slice, in seconds
        self.slices = 0  # slices thought, each followed by a return to the browser's event loop
        self.slow = []  # (level, iterations, ms) of slices over 50 ms: what to look at
        # level -> [decisions, seconds, longest seconds, iterations, thinking seconds],
        # decisions with a real choice only (scripts/bench/bot_speed.py reads them)
        self.levels = {}

    def record(self, level, spent, iterations, thinking):
        """One decision: `spent` seconds in all, `thinking` of them in search slices."""
        self.decisions += 1
        self.total += spent
        self.longest = max(self.longest, spent)
        if not iterations:  # a forced action (one legal action): no thinking to measure
            return
        row = self.levels.setdefault(level, [0, 0.0, 0.0, 0, 0.0])
        row[0] += 1
        row[1] += spent
        row[2] = max(row[2], spent)
        row[3] += iterations
        row[4] += thinking

    def to_json(self):
        levels = {level: {"decisions": n, "mean_s": round(total / n, 3), "longest_s": round(longest, 3),
                          "iterations_per_s": round(iterations / thinking) if thinking else None}
                  for level, (n, total, longest, iterations, thinking) in self.levels.items()}
        return {"decisions": self.decisions, "total_s": round(self.total, 3),
                "longest_s": round(self.longest, 3), "longest_slice_ms": round(self.longest_slice * 1000, 1),
                "slices": self.slices,
                "slow_slices": self.slow[-10:], "levels": levels}


STATS = Stats()


class Decision(NamedTuple):
    """A bot's decision: the action, and why (lepeuple.coach.reason: facts, no words)."""

    action: object
    why: dict


async def decide(view, level, seed, cancelled=lambda: False, slice_s=SLICE):
    """The bot's Decision for the seat of `view`, thought out in slices; None if cancelled."""
    start = time.perf_counter()
    thinking = bots.think(view, level, seed)
    in_slices = 0.0
    while True:
        t0 = time.perf_counter()
        done = thinking.step(slice_s)
        spent = time.perf_counter() - t0
        in_slices += spent
        STATS.slices += 1
        STATS.longest_slice = max(STATS.longest_slice, spent)
        if spent > 0.05:
            STATS.slow.append((level, thinking.iterations, round(spent * 1000)))
        if done:
            break
        await asyncio.sleep(0)
        if cancelled():
            return None
    STATS.record(level, time.perf_counter() - start, thinking.iterations, in_slices)
    action = thinking.action()
    return Decision(action, why(view, action, thinking.weighed()))
