"""How much closer to the truth the inference's deals are than uniform redeals.

On decisions of seat 0 in greedy games (the arena's opponents; deal seeds
`seed * 100003 + i`), with the public log in the view: for each sampled deal, the
number of the opponents' hidden movement (power) cards that the deal puts in the
right hand, averaged over `--samples` deals, for `InferenceSource` (hard-infer)
and for the plain `Resampler` (hard). The difference is paired by position.

    .venv/bin/python scripts/screen_belief.py --games 10 --samples 200
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from lepeuple.bots.search import ViewSource  # noqa: E402
from lepeuple.core.rng import Rng  # noqa: E402
from lepeuple.core.setup import new_game  # noqa: E402
from lepeuple.core.view import view  # noqa: E402
from lepeuple.research.history import with_log  # noqa: E402
from lepeuple.research.infer import InferenceSource, choose  # noqa: E402


def hits(source, truth, samples, seat):
    m = p = 0
    for j in range(samples):
        g = source.sample(Rng(j))
        for s in range(g.players):
            if s != seat:
                m += len(set(g.moves[s]) & set(truth.moves[s]))
                p += len(set(g.powers[s]) & set(truth.powers[s]))
    return m / samples, p / samples


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--players", type=int, default=3)
    a.add_argument("--games", type=int, default=10)
    a.add_argument("--samples", type=int, default=200)
    a.add_argument("--seed", type=int, default=9)
    args = a.parse_args()
    diffs_m, diffs_p, base_m, base_p, with_evidence = [], [], [], [], 0
    for i in range(args.games):
        deal = args.seed * 100003 + i
        g = new_game(args.players, None, deal)
        mixer = Rng(deal)
        while not g.is_over:
            if g.to_move == 0 and g.phase in ("power", "move"):
                v = with_log(view(g, 0), g)
                inf = InferenceSource(v)
                with_evidence += bool(inf.evidence)
                hm, hp = hits(inf, g, args.samples, 0)
                um, up = hits(ViewSource(view(g, 0)), g, args.samples, 0)
                diffs_m.append(hm - um)
                diffs_p.append(hp - up)
                base_m.append(um)
                base_p.append(up)
            g.apply(choose(view(g, g.to_move), "greedy", mixer.next64()))
    n = len(diffs_m)
    for name, d, base in (("movement", diffs_m, base_m), ("power", diffs_p, base_p)):
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        print(f"{name:<9} cards in the right hand per deal: uniform {sum(base) / n:.3f}, "
              f"inference {sum(base) / n + mean:.3f} ({mean:+.3f} ± {1.96 * sd / math.sqrt(n):.3f})")
    print(f"{n} decisions of seat 0 ({with_evidence} with evidence), {args.players} players, "
          f"{args.games} greedy games, seed {args.seed}, {args.samples} deals each")


if __name__ == "__main__":
    main()
