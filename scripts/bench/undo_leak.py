#!/usr/bin/env python3
"""How often "Take back" could tell the actor something hidden (docs/rules-readings.md, Undo policy).

    .venv/bin/python -m scripts.bench.undo_leak [--games 200] [--seed 0]

Plays random games (3, 4 and 5 players in turn, option defense=reaction, every
seat choosing uniformly among its legal actions). For every targeted power card
played at a seat holding at least one power card (so the target might have held
Défense), it counts whether the actor could take the card back right after
(`Game.undoable(actor) >= 1`). Any such take-back depends on whether the target
held Défense, which the actor cannot see: the policy wants 0.
"""

import argparse
import random

from lepeuple import new_game
from lepeuple.core.cards import TARGETED


def count(games, seed):
    """(targeted cards at a seat holding a power card, of those the actor could take back)."""
    played = undoable = 0
    for n in range(games):
        g = new_game(3 + n % 3, {"defense": "reaction"}, seed + n)
        chooser = random.Random(seed + n)
        while not g.is_over:
            action = chooser.choice(g.legal_actions())
            actor = g.to_move
            guarded = action.type == "power" and action.card in TARGETED and g.hand(action.target)[1]
            g.apply(action)
            if guarded:
                played += 1
                undoable += g.undoable(actor) >= 1
    return played, undoable


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    played, undoable = count(args.games, args.seed)
    print(f"{args.games} random games: {undoable} of {played} targeted power cards played at a seat "
          f"holding a power card could be taken back")


if __name__ == "__main__":
    main()
