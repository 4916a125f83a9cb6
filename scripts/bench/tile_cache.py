"""The ring's tile cache full: how much memory its tiles hold (web/render/ring.py, TILES).

    .venv/bin/python -m scripts.bench.tile_cache [--seed 0]

Draws the ring of random games (3–5 players, seat 0's view, five named seats) until the
cache holds TILES tiles, then prints one JSON line: the games drawn, the tiles held, and
the bytes they hold (tracemalloc: what clearing the cache gives back), in all and per tile.
CPython's figure; Pyodide's 32-bit objects take less."""

import argparse
import json
import random
import tracemalloc

from lepeuple import new_game
from web import i18n
from web.model.newgame import Seat
from web.render import ring

SEATS = [Seat(name="Ann"), Seat("bot", level="normal"), Seat("bot", level="hard"), Seat("bot", level="easy"),
         Seat(name="Bob")]


def fill(seed):
    """Random games' rings drawn until the cache is full; returns how many games that took."""
    games = 0
    while ring._tile.cache_info().currsize < ring.TILES:
        rng = random.Random(seed + games)
        game, games = new_game(rng.choice((3, 4, 5)), None, seed + games), games + 1
        while not game.is_over and ring._tile.cache_info().currsize < ring.TILES:
            ring.ring(game.view(0), SEATS)
            game.apply(rng.choice(game.legal_actions()))
    return games


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    i18n.set_language("en")
    ring._tile.cache_clear()
    tracemalloc.start()
    games = fill(args.seed)
    held, tiles = tracemalloc.get_traced_memory()[0], ring._tile.cache_info().currsize
    ring._tile.cache_clear()
    freed = held - tracemalloc.get_traced_memory()[0]
    print(json.dumps({"games": games, "tiles": tiles, "bytes": freed, "bytes_per_tile": round(freed / tiles)}))


if __name__ == "__main__":
    main()
