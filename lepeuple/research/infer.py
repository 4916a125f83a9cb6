"""Inference over hidden cards: determinisations weighted by what the opponents did.

A seat that drew two, or played a move worth little, while a card in its hand
would have scored, probably lacked that card. `InferenceSource` keeps the
`resample.Resampler`'s deals (every hidden card dealt at random, all the view shows
kept) but draws each determinisation by sampling-importance-resampling: `k`
candidate deals are dealt, each is weighted by how likely it makes the
opponents' recent movement decisions, and one is drawn in proportion to its
weight (Rubin's SIR; the search then treats it as any redeal).

The model of a decision (seat s at one of its recent movement phases, from the
view's public log, `research.history`): s chose among its options — draw two, or one
of the movement cards it held — by a softmax over each option's value in points
(the playout policy's net gain of the card's best move on the board of that
moment, `evaluate.move_value`; drawing: `policy.draw_value`) at temperature `T`.
The chosen option's term is the same in every deal, so a deal's weight is
prod_t 1 / Z_t, Z_t = the softmax's denominator over what s held at t.

Which of s's current cards it already held at t: the view's log says how many
movement cards s drew since (`drawn`), so s held `n_now - drawn` of its current
cards then; a deal is random in order, so its first `n_now - drawn` cards play
that part (nested: the older the decision, the fewer). Cards s held at t and has
played since are public; they enter every Z_t alike (by their mean). A seat whose
hand changed otherwise (Bandit, Troc, Magie Noire) has no evidence before it.

A pass of the power phase says something too: greedy, the arena's opponent, passes
holding Bandit, Chance or Magie Noire about one time in twenty, holding Force about
one in two (`PASS_RATE`). A seat's last power phase, if it passed, weighs a deal by
the product of the pass rates of the power cards it held then (`n_now - drawn`
of its current ones, as above).

Fair: everything here is read from the view dict (its `log` included); the true
state is never touched. Without a log (a plain view) this is `ViewSource`.
"""

import math
from functools import partial

from ..bots import (
    BOTS as LEVEL_BOTS,
    HARD_SEARCH,
    choose as _choose,
    spec as _spec,
    think as _think,
    think_true as _think_true,
)
from ..bots.evaluate import (
    DECODE,
    DEFAULT,
    FLANK_OWNER,
    MODEL,
    counts,
    event_deltas,
    landing,
    move_value_in,
    step_table,
)
from ..bots.learned import candidate
from ..bots.policy import draw_value
from ..bots.search import IsmctsEngine, ViewSource
from ..core.actions import from_json
from ..core.game import card_moves
from ..core.resample import Resampler
from ..core.rng import Rng

TEMPERATURE = 0.85
"""Softmax temperature of the opponent model, in points (scripts/research/fit_inference.py)."""

CANDIDATES = 16
"""Candidate deals per determinisation."""

PASS_RATE = {"bandit": 0.05, "chance": 0.05, "magie_noire": 0.06, "permutation": 0.17, "vitesse": 0.36,
             "massue": 0.41, "voleur": 0.47, "soin": 0.48, "sortilege": 0.5, "force": 0.56, "troc": 0.59,
             "defense": 1.0}
"""How often greedy passes its power phase holding each card (scripts/research/fit_inference.py, 3 players,
40 games, seed 6, smoothed (passes + 1) / (held + 2)); Défense cannot be played there (reaction)."""

_ONE = 1.0 / 18446744073709551616.0  # 2**-64


class _Board:
    """The public board of a past decision, shaped as the evaluation reads a Game."""

    __slots__ = ("players", "tiles", "pos", "scores", "moves", "powers", "pdeck", "pdisc")

    def __init__(self, entry, players):
        self.players, self.tiles = players, 4 * players
        self.pos = [t for pair in entry["meeples"] for t in pair]
        self.scores = list(entry["scores"])
        self.moves = [[0] * m for m, _ in entry["hand_sizes"]]
        self.powers = [[0] * p for _, p in entry["hand_sizes"]]
        self.pdeck, self.pdisc = ([0] if entry["power_left"] else []), []


def card_values(entry, players, cards, w=DEFAULT):
    """{card: the best value in points of playing it at that decision} and the value of drawing two."""
    g = _Board(entry, players)
    seat = entry["seat"]
    count, steps, cache = counts(g.pos, g.tiles), step_table(g.tiles), {}
    values = {}
    for c in cards:
        moves = card_moves(players, seat, c)
        values[c] = max(move_value_in(g, count, steps, cache, a, seat, w) for a in moves) if moves else -1e9
    return values, draw_value(g, seat, w)


JUDGED_TEMPERATURE = 0.043
"""Softmax temperature of the opponent model judged by greedy's win model, in chances to win
(python -m scripts.research.fit_inference --judged --games 40 --seed 6: log-likelihood −0.817 a decision
against −1.042 for the model in points, −1.266 uniform)."""


def _chance(pos, scores, seat, movement, players, target, model=MODEL):
    """`seat`'s chance to win under greedy's win model (evaluate.py), on what a past board
    shows: the scores and where the meeples stand, its own movement cards counted; the
    features no option changes (power cards, turn order) left out, as they cancel."""
    flank = [FLANK_OWNER[t] for t in pos]
    u = []
    for p in range(players):
        x = scores[p]
        v = model.score * x + model.score2 * x * x / target
        for m in range(2 * players):
            home = flank[m]
            if home < 0:
                continue
            if m >> 1 == p:
                v += model.own_flank if home == p else model.anchor
            elif home == p:
                v += model.threat
        u.append(v)
    u[seat] += model.movement * min(movement, 5)
    mine = u[seat]
    return 1.0 / sum(math.exp(x - mine) for x in u)


def card_chances(entry, players, cards, target, model=MODEL):
    """{card: the seat's chance to win after the card's best move, as greedy judges it
    (`_chance`)} and its chance after drawing two: greedy's evaluation of that decision."""
    g = _Board(entry, players)
    seat = entry["seat"]
    held = entry["hand_sizes"][seat][0]
    count, steps = counts(g.pos, g.tiles), step_table(g.tiles)
    pick = sum(w for _, w in model.power) / len(model.power) if g.pdeck else 0.0
    values = {}
    for c in cards:
        best = -1.0
        for action in card_moves(players, seat, c):
            m, how, x, z = DECODE[action]
            to, picks = landing(g.pos, count, steps, m, how, x, z)
            pos, scores = g.pos[:], g.scores[:]
            pos[m] = to
            d = event_deltas(g.pos, g.scores, m, to, seat, players)
            if d is not None:
                scores = [a + b for a, b in zip(scores, d)]
            chance = _chance(pos, scores, seat, held - 1, players, target, model)
            if picks and m >> 1 == seat and pick:  # a power card drawn: its mean worth
                chance = chance * math.exp(pick) / (chance * math.exp(pick) + 1.0 - chance)
            best = max(best, chance)
        values[c] = best
    return values, _chance(g.pos, g.scores, seat, held + 2, players, target, model)


class Evidence:
    """One observed decision: (position in the deal's hand list, cards held then, constant, {card: term}).

    A movement decision (`power` False) weighs a deal by 1 / (const + sum of the terms of the
    cards held then); a pass of the power phase (`power` True) by the product of their terms
    (each card's pass rate)."""

    __slots__ = ("index", "old", "const", "terms", "power")

    def __init__(self, index, old, const, terms, power=False):
        self.index, self.old, self.const, self.terms, self.power = index, old, const, terms, power


def evidence_of(v, resampler, temperature=TEMPERATURE, w=DEFAULT, judged=False):
    """The decisions of the view's log that say something about the cards the view hides;
    `judged`: each option weighed by greedy's win model (`card_chances`), not in points."""
    log = v.get("log")
    if not log:
        return []
    n = v["players"]
    out = []
    for index, (s, km, kp, um, up) in enumerate(resampler.others):
        entries = log[s] or []
        power = next((e for e in entries if e.get("phase") == "power"), None)
        if up and power is not None and power["action"]["type"] == "pass":
            old = min(v["hand_sizes"][s]["power"] - power["drawn"], up + len(kp))
            if old > 0:
                terms = {c: PASS_RATE.get(c, 0.5) for c in set(resampler.pool_p) | set(kp)}
                if "defense" in terms and v["options"]["defense"] == "shield":
                    terms["defense"] = 0.5
                out.append(Evidence(index, old, 1.0, terms, power=True))
        entries = [e for e in entries if e.get("phase", "move") == "move"]
        if not um or not entries:
            continue
        n_now = v["hand_sizes"][s]["movement"]
        candidates = set(resampler.pool_m) | set(km)
        played_since = []  # cards s played at decisions newer than the one looked at
        for entry in entries:  # the most recent first
            action = from_json(entry["action"])
            played = action.card if action.type == "move" else None
            old = n_now - entry["drawn"]
            if old <= 0 or None in entry["scores"]:
                break
            cards = candidates | set(played_since) | ({played} if played else set())
            if judged:
                values, draw = card_chances(entry, n, cards, v["options"]["target"])
            else:
                values, draw = card_values(entry, n, cards, w)
            terms = {c: math.exp(values[c] / temperature) for c in cards}
            const = math.exp(draw / temperature)
            if played is not None:
                const += terms[played]
            held_then = entry["hand_sizes"][s][0] - (played is not None)
            rest = held_then - old  # cards held then and played since: public
            if rest > 0 and played_since:
                const += rest * sum(terms[c] for c in played_since) / len(played_since)
            out.append(Evidence(index, min(old, um + len(km)), const, terms))
            if played is not None:
                played_since.append(played)
    return out


class InferenceSource:
    """Determinisations of one view, weighted by the opponents' observed decisions (SIR)."""

    def __init__(self, view, temperature=TEMPERATURE, candidates=CANDIDATES, w=DEFAULT, judged=False):
        if not isinstance(view, dict):
            raise TypeError(f"a bot decides from a view dict, not {type(view).__name__}")
        self.seat = view["seat"]
        self._resampler = r = Resampler(view)
        self.evidence = evidence_of(view, r, temperature, w, judged)
        self.candidates = candidates

    def weight(self, hands, powers):
        """The likelihood (up to a constant) of the observed decisions given the hidden hands,
        `hands[i]` / `powers[i]` the movement / power hand of resampler.others[i], random order."""
        weight = 1.0
        for e in self.evidence:
            terms = e.terms
            if e.power:
                for c in powers[e.index][:e.old]:
                    weight *= terms[c]
                continue
            z = e.const
            for c in hands[e.index][:e.old]:
                z += terms[c]
            weight /= z
        return weight

    def deal(self, rng):
        """(movement hands, power hands per other seat, movement deck, power deck): the drawn candidate."""
        r = self._resampler
        best = None
        deals, weights = [], []
        for _ in range(self.candidates):
            # Hands by deck generation, oldest first: the first cards are the likeliest
            # to have been held at a past decision (weight reads them so).
            hidden_m, hidden_p, mdeck, pdeck = r.deal(rng)
            hands = [h + km for h, (_s, km, _kp, _um, _up) in zip(hidden_m, r.others)]
            powers = [h + kp for h, (_s, _km, kp, _um, _up) in zip(hidden_p, r.others)]
            deals.append((hands, powers, mdeck, pdeck))
            weights.append(self.weight(hands, powers))
        total = sum(weights)
        x = rng.next64() * _ONE * total
        for d, wt in zip(deals, weights):
            x -= wt
            best = d
            if x < 0:
                break
        return best

    def sample(self, rng):
        r = self._resampler
        if not self.evidence:
            return r.sample(rng)
        hands, powers, mdeck, pdeck = self.deal(rng)
        g = r.template.clone()
        g.rng = Rng(rng.next64())
        for (s, km, kp, um, up), hand, power in zip(r.others, hands, powers):
            g.moves[s] = km + hand[:um] if um else list(km)
            g.powers[s] = kp + power[:up] if up else list(kp)
        g.mdeck, g.pdeck = mdeck, pdeck
        g.origins = None if r.origins is None else r.origins.copy()  # the view shows them
        r.hidden_scores(g, rng)
        g.note_scores()
        return g


class HandsSource:
    """The fairness audit's half-way point (arena only, `hard-hands-cheat`): every true hand,
    as perfect inference would know them, but the decks' order and the chance stream
    dealt anew each time (no inference can know them). `kinds` narrows what is read:
    ("movement",) or ("power",) reads those hands only, the others redealt from the view."""

    def __init__(self, game, kinds=("movement", "power")):
        self.seat = game.to_move
        self._game = game.clone()
        self.kinds = kinds
        self._resampler = None if len(kinds) == 2 else Resampler(game.view(self.seat))

    def sample(self, rng):
        t = self._game
        if self._resampler is None:
            g = t.clone()
            g.rng = Rng(rng.next64())
        else:
            g = self._resampler.sample(rng)
            if "movement" in self.kinds:
                g.moves = [h[:] for h in t.moves]
                g.mdeck = t.mdeck[:]
            else:
                g.powers = [h[:] for h in t.powers]
                g.pdeck = t.pdeck[:]
        rng.shuffle(g.mdeck)
        rng.shuffle(g.pdeck)
        return g


def uniform_source(view):
    """Redeals that ignore the deck generations (lepeuple/core/decks.py): every unseen card
    anywhere, as the bots dealt before them; the baseline of `scripts/research/screen_belief.py`."""
    return ViewSource({**view, "decks": None})


_HARD = HARD_SEARCH
BOTS = {
    **LEVEL_BOTS,
    # hard as it was before it took the learned evaluation (2026-12-08): greedy's model at the
    # playouts' ends. The baseline of the leaks' sequential tests, whose mends build on it.
    "hard-plain": (IsmctsEngine, 308, _HARD),
    # The levels as they were before the deck generations: the baseline they are judged against.
    "greedy-uniform": (LEVEL_BOTS["greedy"][0], LEVEL_BOTS["greedy"][1], {**LEVEL_BOTS["greedy"][2],
                                                                          "source": uniform_source}),
    "hard-uniform": (IsmctsEngine, 308, {**_HARD, "source": uniform_source}),
    # Not a level yet: hard whose redeals are weighted by the opponents' recent
    # decisions (docs/bots.md, "Inference"); it reads the view's "log" (research.history.with_log).
    "hard-infer": (IsmctsEngine, 308, {**_HARD, "source": InferenceSource}),
    # The same, each past option weighed as greedy judges it (its win model), not in points.
    "hard-judged": (IsmctsEngine, 308, {**_HARD, "source": partial(
        InferenceSource, temperature=JUDGED_TEMPERATURE, judged=True)}),
    # Not a level yet: hard whose imitated seats decide as greedy does, from their own
    # view of the determinisation, on 2 redeals (docs/bots.md, "Imitated greedy"). An
    # iteration costs about 2.1 times hard's, so 8 + 142 iterations keep a decision's time.
    "hard-own2": (IsmctsEngine, 150, {**_HARD, "own": 2}),
    # The model's leaks mended one at a time (docs/bots.md, "Mending the model's leaks"):
    # Budgets keep hard's CPU time per decision (scripts/research/screen_speed.py).
    # (a) imitated seats blind to hard's hand: each imitated decision redeals what that seat
    # cannot see from its own view of the determinisation (one redeal);
    "hard-blind": (IsmctsEngine, 262, {**_HARD, "own": 1}),
    # (b) hard's own further decisions of its turn (after a power card) chosen by the
    # imitation, as its next turn is, instead of by UCB over near-equal values;
    "hard-follow": (IsmctsEngine, 300, {**_HARD, "tree": False}),
    # (c) a wider root in the same budget: Sequential Halving over greedy's 10 best, or every action.
    "hard-sh10": (IsmctsEngine, 288, {**_HARD, "rootk": 10, "halving": True}),
    "hard-sh": (IsmctsEngine, 284, {**_HARD, "rootk": 0, "halving": True}),
    # (b) and (c) together: the wider root, each candidate valued with the imitation's follow-ups.
    "hard-sh10-follow": (IsmctsEngine, 288, {**_HARD, "rootk": 10, "halving": True, "tree": False}),
    # Every root action tried in round robin, no pruning: the reference of
    # scripts/research/screen_root.py (give it a budget, `hard-all:1500`).
    "hard-all": (IsmctsEngine, 1500, {**_HARD, "rootk": 0}),
    # hard whose playouts end on the learned evaluation (lepeuple/bots/learned.py; the file
    # LEPEUPLE_LEARNED names, else the shipped one), at three horizons (docs/bots.md):
    # the end of its next turn as today, at once (the current turn over), one round more.
    "greedy-learned": (LEVEL_BOTS["greedy"][0], LEVEL_BOTS["greedy"][1], {"leaf": candidate}),
    "hard-learned": (IsmctsEngine, 308, {**_HARD, "leaf": candidate}),
    "hard-learned-h0": (IsmctsEngine, 308, {**_HARD, "leaf": candidate, "horizon": 0}),
    "hard-learned-h2": (IsmctsEngine, 308, {**_HARD, "leaf": candidate, "horizon": 2}),
    # The ceiling of inference over hands (arena audit only, as hard-hands-cheat): hard
    # reading every TRUE hand, the decks' order and the chance stream redealt.
    "hard-hands": (IsmctsEngine, 308, {**_HARD, "true_source": HandsSource}),
    "hard-hands-movement": (IsmctsEngine, 308, {**_HARD, "true_source": partial(HandsSource, kinds=("movement",))}),
    "hard-hands-power": (IsmctsEngine, 308, {**_HARD, "true_source": partial(HandsSource, kinds=("power",))}),
}
"""Every bot the arena knows: lepeuple.bots' and the research bots above."""


def spec(name):
    """lepeuple.bots.spec over every bot the arena knows."""
    return _spec(name, BOTS)


def think(view, level, seed=0):
    """lepeuple.bots.think over every bot the arena knows."""
    return _think(view, level, seed, BOTS)


def think_true(game, level, seed=0):
    """lepeuple.bots.think_true over every bot the arena knows."""
    return _think_true(game, level, seed, BOTS)


def choose(view, level, seed=0):
    """lepeuple.bots.choose over every bot the arena knows."""
    return _choose(view, level, seed, BOTS)
