"""How often hard's imitation of greedy picks what greedy really picks, and at what cost.

Greedy self-play games (3 players by default; deal seeds `seed * 100003 + i`). At
each greedy decision of the movement or power phase with a choice, seat s plays
greedy's choice from its view; the imitations of s are then asked the same:

- `current`: `imitate_greedy(..., topk=12)` (`--topk`), s scoring its candidates on
  the game it is given, every hand in it read as true;
- `own=k`: the same candidates, each scored on k redeals of s's own view of that
  game (`--ks`), as greedy does with 8 redeals of its view.

Each imitation is asked on the true game (s's hand right: the imitation's own error)
and on a determinisation of a searching seat o's view (the other seats in turn,
`Resampler(view(game, o))`: what `hard` imitates, s's hand guessed), also counted
over the decisions where greedy's action is legal in that determinisation. Each
row: the share of decisions where the choice equals greedy's (95 % interval), the
paired difference from `current` (points), and the CPU time per imitated decision.
"greedy again" (greedy from s's true view with another seed) is the ceiling.

    .venv/bin/python -m scripts.research.screen_imitation [--games 40] [--seed 3] [--ks 1,2,3,4] [--topk 12]
"""

import argparse
import math
import time

from lepeuple.bots import choose
from lepeuple.bots.search import imitate_greedy
from lepeuple.core.resample import Resampler
from lepeuple.core.rng import Rng
from lepeuple.core.setup import new_game
from lepeuple.core.view import view

TOPK = 12  # hard's shortlist of movements (lepeuple/bots/__init__.py, _HARD)


def decisions(players, games, seed):
    """(true game at a greedy decision with a choice, greedy's action, a fresh seed) over the games."""
    for i in range(games):
        deal = seed * 100003 + i
        g = new_game(players, None, deal)
        mixer = Rng(deal)
        while not g.is_over:
            v = view(g, g.to_move)
            action = choose(v, "greedy", mixer.next64())
            if g.phase in ("move", "power") and len(g.legal_actions()) > 1:
                yield g.clone(), action, mixer.next64()
            g.apply(action)


def variants(ks, topk):
    """name -> imitation on a determinisation d (rng given)."""
    out = {"current": lambda d, rng: imitate_greedy(d, rng, topk=topk)}
    for k in ks:
        out[f"own={k}"] = lambda d, rng, k=k: imitate_greedy(d, rng, topk=topk, own=k)
    return out


def interval(hits, n):
    p = hits / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return f"{100 * p:5.1f} % ({100 * (p - half):.1f}–{100 * (p + half):.1f})"


def paired(a, b):
    """Mean difference of two 0/1 lists, in points, with its 95 % half-width."""
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    return f"{100 * mean:+5.1f} ± {196 * sd / math.sqrt(n):.1f}"


def table(title, match, cpu, n):
    print(title)
    print(f"  {'':<12} {'matches greedy':<24} {'vs current':<14} CPU ms per imitated decision")
    for name, hits in match.items():
        diff = paired(hits, match["current"]) if name != "current" else ""
        print(f"  {name:<12} {interval(sum(hits), len(hits)):<24} {diff:<14} {1000 * cpu[name] / n:.2f}")


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--players", type=int, default=3)
    a.add_argument("--games", type=int, default=40)
    a.add_argument("--seed", type=int, default=3)
    a.add_argument("--ks", default="1,2,3,4", help="redeals of the imitated seat's own view to try")
    a.add_argument("--topk", type=int, default=TOPK, help="movements the imitation weighs (hard: 12)")
    args = a.parse_args()
    imitations = variants([int(k) for k in args.ks.split(",")], args.topk)
    again = []
    on = {where: ({name: [] for name in imitations}, dict.fromkeys(imitations, 0.0))
          for where in ("true", "redeal", "legal")}
    n = 0
    for g, played, salt in decisions(args.players, args.games, args.seed):
        s = g.to_move
        o = (s + 1 + n % (g.players - 1)) % g.players  # the searching seat: the others in turn
        n += 1
        again.append(choose(view(g, s), "greedy", salt ^ 0x5A5A) == played)
        d = Resampler(view(g, o)).sample(Rng(salt))
        wheres = ["true", "redeal"] + (["legal"] if played in d.legal_actions() else [])
        for where, game in (("true", g), ("redeal", d)):
            match, cpu = on[where]
            for name, imitate in imitations.items():
                start = time.process_time()
                hit = imitate(game, Rng(salt ^ 1)) == played
                cpu[name] += time.process_time() - start
                match[name].append(hit)
                if where == "redeal" and "legal" in wheres:
                    on["legal"][0][name].append(hit)
    m = len(on["legal"][0]["current"])
    print(f"{n} greedy decisions (movement and power phases, with a choice), {args.players} players, "
          f"{args.games} games, seed {args.seed}; the imitation weighs {args.topk} movements")
    print(f"greedy again (8 redeals, another seed): {interval(sum(again), n)}")
    table("imitation on the true game (the imitated seat's hand right):", *on["true"], n)
    table("imitation on a redeal of a third seat's view (as hard imitates):", *on["redeal"], n)
    table(f"the same, {m} decisions where greedy's action is legal in the redeal:", on["legal"][0],
          on["redeal"][1], n)


if __name__ == "__main__":
    main()
