"""This device's record of one person's games against bots (localStorage).

Kept under STATS_KEY as JSON: per number of players and per opponent level,
games played and won; best and average score; the current winning streak.
A game is counted once, when it ends (its seed and length name it).

Another page of the same site can write this key: what is stored is checked
field by field (`valid`); a value that is not stats is moved aside to
BROKEN_KEY (`check`, at start-up, with a notice) and the page counts afresh.
"""

import json

from .storage import parse

STATS_KEY = "lepeuple.stats"
BROKEN_KEY = "lepeuple.stats.broken"
TABLES = ("3", "4", "5")


def empty():
    return {"played": 0, "won": 0, "by_players": {}, "by_level": {}, "best": None, "total": 0, "streak": 0,
            "last": None}


def load(store):
    """The stats, or empty ones when none are stored or they cannot be read."""
    data = _stored(store)
    return data if valid(data) else empty()


def _stored(store):
    try:
        return parse(store.backend.getItem(STATS_KEY) or "null")
    except ValueError:
        return False


def check(store):
    """At start-up: stats that are not valid are moved aside to BROKEN_KEY (kept, not
    read); [the notice to show] then, else []."""
    data = _stored(store)
    if data is None or valid(data):
        return []
    store.put(BROKEN_KEY, store.backend.getItem(STATS_KEY) or "")
    store.backend.removeItem(STATS_KEY)
    return [("stats.broken", {})]


def _count(value):
    return type(value) is int and value >= 0


def _rows(table, keys):
    """{key: [played, won]} with 0 <= won <= played, keys from `keys`."""
    return isinstance(table, dict) and all(
        k in keys and isinstance(row, list) and len(row) == 2 and all(map(_count, row)) and row[1] <= row[0]
        for k, row in table.items())


def valid(data):
    """Are these stats as `record` writes them: every field there, of its type and range?"""
    from lepeuple.bots import LEVELS

    return (isinstance(data, dict) and set(data) == set(empty())
            and all(_count(data[k]) for k in ("played", "won", "total", "streak"))
            and data["won"] <= data["played"] and data["streak"] <= data["played"]
            and (data["best"] is None if not data["played"] else _count(data["best"]))
            and (data["last"] is None or type(data["last"]) is str)
            and _rows(data["by_players"], TABLES) and _rows(data["by_level"], (*LEVELS, "mixed")))


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
    store.put(STATS_KEY, json.dumps(data))
    return data


def reset(store):
    store.backend.removeItem(STATS_KEY)
