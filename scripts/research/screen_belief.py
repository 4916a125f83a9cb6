"""How close to the truth redeals are: uniform, by deck generation, and with inference.

On decisions of seat 0 in greedy games (the arena's opponents; deal seeds
`seed * 100003 + i`), three ways of redealing what seat 0 cannot see:

- uniform: every unseen card anywhere (the view without its deck generations);
- generations: `Resampler` on the view (lepeuple/core/decks.py), what `hard` uses;
- inference: `InferenceSource` (hard-infer) with the public log in the view;
- judged: the same, each past option weighed by greedy's win model (hard-judged).

Two measures, each averaged over `--samples` deals per decision:

- the opponents' hidden movement (power) cards that a deal puts in the right hand;
- how often the movement card an opponent plays next (one already in its hand
  at the decision) is in that opponent's hand in the deal.

    .venv/bin/python -m scripts.research.screen_belief --games 10 --samples 200
"""

import argparse
import math

from lepeuple.core.resample import Resampler
from lepeuple.core.rng import Rng
from lepeuple.core.setup import new_game
from lepeuple.core.view import view
from lepeuple.research.history import with_log
from lepeuple.research.infer import JUDGED_TEMPERATURE, InferenceSource, choose

WAYS = ("uniform", "generations", "inference", "judged")


def measures(source, truth, samples, nexts):
    """(movement cards right, power cards right, share of next cards right) per deal."""
    m = p = n = 0
    for j in range(samples):
        g = source.sample(Rng(j))
        for s in range(g.players):
            if s != truth.to_move:
                m += len(set(g.moves[s]) & set(truth.moves[s]))
                p += len(set(g.powers[s]) & set(truth.powers[s]))
        n += sum(card in g.moves[s] for s, card in nexts)
    return m / samples, p / samples, (n / samples / len(nexts) if nexts else None)


def next_cards(game, seat, later):
    """Per other seat, the movement card it plays next, if it is in its hand now."""
    out = []
    for s in range(game.players):
        if s == seat:
            continue
        card = next((e[2] for e in later if e[0] == "play" and e[1] == s), None)
        if card is not None and card in game.moves[s]:
            out.append((s, card))
    return out


def positions(args):
    """(game at a decision of seat 0, its view with the log, events after it) of greedy games."""
    for i in range(args.games):
        deal = args.seed * 100003 + i
        g = new_game(args.players, None, deal)
        mixer = Rng(deal)
        found, events = [], []
        while not g.is_over:
            if g.to_move == 0 and g.phase in ("power", "move"):
                found.append((g.clone(history=True), with_log(view(g, 0), g), len(events)))
            events += g.apply(choose(view(g, g.to_move), "greedy", mixer.next64()))
        for game, v, start in found:
            yield game, v, events[start:]


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--players", type=int, default=3)
    a.add_argument("--games", type=int, default=10)
    a.add_argument("--samples", type=int, default=200)
    a.add_argument("--seed", type=int, default=9)
    a.add_argument("--judged-temperature", type=float, default=JUDGED_TEMPERATURE)
    args = a.parse_args()
    rows = {way: [] for way in WAYS}
    hidden = []
    for game, v, later in positions(args):
        nexts = next_cards(game, 0, later)
        hidden.append(sum(len(game.moves[s]) - len(v["known"][s]) for s in range(game.players) if s))
        sources = {"uniform": Resampler({**v, "decks": None}), "generations": Resampler(v),
                   "inference": InferenceSource(v),
                   "judged": InferenceSource(v, temperature=args.judged_temperature, judged=True)}
        for way in WAYS:
            rows[way].append(measures(sources[way], game, args.samples, nexts))
    n = len(hidden)
    print(f"{n} decisions of seat 0, {args.players} players, {args.games} greedy games, seed {args.seed}, "
          f"{args.samples} deals each; {sum(hidden) / n:.2f} hidden movement cards in the opponents' hands")
    for k, name in enumerate(("movement cards in the right hand", "power cards in the right hand",
                              "the next card played is in the deal")):
        base = [r[k] for r in rows["uniform"]]
        line = []
        for way in WAYS:
            xs = [r[k] for r in rows[way]]
            pairs = [(x, b) for x, b in zip(xs, base) if x is not None]
            mean = sum(x for x, _ in pairs) / len(pairs)
            d = [x - b for x, b in pairs]
            dm = sum(d) / len(d)
            half = 1.96 * math.sqrt(sum((x - dm) ** 2 for x in d) / max(1, len(d) - 1) / len(d))
            line.append(f"{way} {mean:.3f}" + (f" ({dm:+.3f} ± {half:.3f})" if way != "uniform" else ""))
        print(f"{name}: " + ", ".join(line))


if __name__ == "__main__":
    main()
