"""How often two fair bots choose what a bot reading the true hands chooses.

On movement decisions of greedy games (3 players; every 5th decision with more
than three legal actions), the reference bot (default `hard-hands-movement-cheat`:
`hard` reading the opponents' true movement cards) decides on the true state,
and each compared bot on the seat's view, with the same seed. A bot whose
beliefs help should agree with the reference more often.

    .venv/bin/python -m scripts.research.screen_agreement --positions 40 --bots hard,hard-uniform
"""

import argparse

from lepeuple.core.rng import Rng
from lepeuple.core.setup import new_game
from lepeuple.core.view import view
from lepeuple.research.infer import choose, think_true


def positions(count, seed):
    """Movement decisions with a real choice, from greedy games of seeds seed, seed + 1, …"""
    found, i = [], 0
    while len(found) < count:
        g = new_game(3, None, seed + i)
        mix, k = Rng(i), 0
        while not g.is_over and len(found) < count:
            if g.phase == "move" and k % 5 == 0 and len(g.legal_actions()) > 3:
                found.append(g.clone(history=True))
            g.apply(choose(view(g, g.to_move), "greedy", mix.next64()))
            k += 1
        i += 1
    return found


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--positions", type=int, default=40)
    a.add_argument("--bots", default="hard,hard-uniform")
    a.add_argument("--reference", default="hard-hands-movement-cheat")
    a.add_argument("--seed", type=int, default=900)
    args = a.parse_args()
    bots = args.bots.split(",")
    agree = dict.fromkeys(bots, 0)
    games = positions(args.positions, args.seed)
    for j, g in enumerate(games):
        t = think_true(g, args.reference, j)
        while not t.step(10.0):
            pass
        reference = t.action()
        for bot in bots:
            agree[bot] += choose(view(g, g.to_move), bot, j) == reference
    print(f"{len(games)} positions (greedy games from seed {args.seed}); agreement with {args.reference}: "
          + ", ".join(f"{bot} {n} ({n / len(games):.0%})" for bot, n in agree.items()))


if __name__ == "__main__":
    main()
