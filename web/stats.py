"""This device's record of one person's games against bots (localStorage).

Kept under STATS_KEY as JSON: per number of players and per opponent level,
games played and won; best and average score; the current winning streak.
A game is counted once, when it ends (its seed and length name it).
"""

import json

from .storage import parse

STATS_KEY = "lepeuple.stats"


def empty():
    return {"played": 0, "won": 0, "by_players": {}, "by_level": {}, "best": None, "total": 0, "streak": 0,
            "last": None}


def load(store):
    """The stats, or empty ones when none are stored or they cannot be read."""
    try:
        data = parse(store.backend.getItem(STATS_KEY) or "null")
    except ValueError:
        data = None
    return data if isinstance(data, dict) and set(empty()) <= set(data) else empty()


def opponents(setup):
    """The bots' level when they all play at one level, else "mixed"."""
    levels = {s.level for s in setup.seats if s.is_bot}
    return levels.pop() if len(levels) == 1 else "mixed"


def record(store, setup, game):
    """Count a finished game for its one human seat (once: a reload does not count it again)."""
    data = load(store)
    name = f"{game.seed}:{len(game.history)}"
    if data["last"] == name:
        return data
    seat = setup.humans[0]
    won = seat in game.winners
    score = game.scores[seat]
    data["played"] += 1
    data["won"] += won
    for key, group in ((str(game.players), "by_players"), (opponents(setup), "by_level")):
        row = data[group].setdefault(key, [0, 0])
        row[0] += 1
        row[1] += won
    data["best"] = score if data["best"] is None else max(data["best"], score)
    data["total"] += score
    data["streak"] = data["streak"] + 1 if won else 0
    data["last"] = name
    store._set(STATS_KEY, json.dumps(data))
    return data


def reset(store):
    store.backend.removeItem(STATS_KEY)
