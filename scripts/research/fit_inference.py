"""Fit the temperature of hard-infer's opponent model (lepeuple/research/infer.py) on games.

Data recipe: `--games` games of `--players` players between `--bot` bots (default
greedy, the arena's opponents), deal seeds `seed * 100003 + i`, bot seeds from
Rng(deal seed) as the arena draws them. At every movement-phase decision with more
than one option, the options are: draw two, or one of the movement cards held (the
TRUE hand: this is fitting, not playing). Each option's value is what the bot's
model reads from the public board (infer.card_values: the best move of the card
by the playout policy's net gain in points; drawing: policy.draw_value). The chosen
option is the card played, or drawing. The temperature T maximises the
log-likelihood of the chosen options under softmax(values / T) (a grid, then a
golden-section refinement). `--judged` fits hard-judged's model instead: each
option's value is the chance to win greedy's win model gives it (infer.card_chances).

    .venv/bin/python -m scripts.research.fit_inference --games 40 --seed 5
"""

import argparse
import math
import sys

from lepeuple.core.rng import Rng
from lepeuple.core.setup import new_game
from lepeuple.core.view import view
from lepeuple.research.infer import card_chances, card_values, think


def decisions(players, bot, games, seed, powers=None, judged=False):
    """[(values of the options, index of the chosen one)] over the games' movement decisions;
    `powers` (a list), if given, gets (power cards held, passed?) at each power phase."""
    out = []
    for i in range(games):
        deal = seed * 100003 + i
        g = new_game(players, None, deal)
        mixer = Rng(deal)
        while not g.is_over:
            seat = g.to_move
            t = think(view(g, seat), bot, mixer.next64())
            while not t.step(10.0):
                pass
            action = t.action()
            if powers is not None and g.phase == "power" and g.to_move == g.active and g.powers[seat]:
                powers.append((sorted(set(g.powers[seat])), action.type == "pass"))
            if g.phase == "move" and g.moves[seat]:
                entry = {"seat": seat, "meeples": [[g.pos[2 * s], g.pos[2 * s + 1]] for s in range(players)],
                         "scores": g.scores[:], "power_left": bool(g.pdeck or g.pdisc),
                         "hand_sizes": [[len(g.moves[s]), len(g.powers[s])] for s in range(players)]}
                cards = sorted(set(g.moves[seat]))
                if judged:
                    values, draw = card_chances(entry, players, cards, g.options["target"])
                else:
                    values, draw = card_values(entry, players, cards)
                options = [draw] + [values[c] for c in cards]
                chosen = 0 if action.type == "draw" else 1 + cards.index(action.card)
                out.append((options, chosen))
            g.apply(action)
        print(f"game {i + 1}/{games}: {len(out)} decisions", file=sys.stderr, flush=True)
    return out


def loglik(data, t):
    total = 0.0
    for options, chosen in data:
        top = max(options)
        z = sum(math.exp((v - top) / t) for v in options)
        total += (options[chosen] - top) / t - math.log(z)
    return total / len(data)


def fit(data, step=0.25):
    grid = [step * k for k in range(1, 25)]
    best = max(grid, key=lambda t: loglik(data, t))
    lo, hi = max(step / 5, best - step), best + step
    phi = (math.sqrt(5) - 1) / 2
    for _ in range(30):
        a, b = hi - phi * (hi - lo), lo + phi * (hi - lo)
        if loglik(data, a) > loglik(data, b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def pass_rates(powers):
    """Per power card: how often the bot passed its power phase holding it alone, and when held at all."""
    out = {}
    for cards, passed in powers:
        for c in cards:
            alone, any_ = out.setdefault(c, [[0, 0], [0, 0]])
            any_[0] += passed
            any_[1] += 1
            if len(cards) == 1:
                alone[0] += passed
                alone[1] += 1
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--bot", default="greedy")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--judged", action="store_true", help="values: chances to win by greedy's win model")
    args = p.parse_args()
    powers = []
    data = decisions(args.players, args.bot, args.games, args.seed, powers, args.judged)
    step = 0.005 if args.judged else 0.25
    t = fit(data, step)
    uniform = sum(-math.log(len(o)) for o, _ in data) / len(data)
    drew = sum(c == 0 for _, c in data) / len(data)
    took_best = sum(o[c] >= max(o) - 1e-9 for o, c in data) / len(data)
    print(f"{len(data)} decisions of {args.bot} ({args.players} players, {args.games} games, seed {args.seed}): "
          f"drew {drew:.1%}, took a best-valued option {took_best:.1%}")
    for x in [step * k for k in (2, 4, 6, 8)] + [t]:
        print(f"T = {x:.3f}: log-likelihood per decision {loglik(data, x):.4f} (uniform {uniform:.4f})")
    print(f"fitted T = {t:.3f}")
    print(f"{len(powers)} power phases with a power card in hand; passed, holding the card alone / at all:")
    for c, (alone, any_) in sorted(pass_rates(powers).items()):
        print(f"  {c:<12} {alone[0]:>4}/{alone[1]:<4} {any_[0]:>4}/{any_[1]:<4}")


if __name__ == "__main__":
    main()
