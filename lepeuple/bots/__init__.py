"""Bots for Le Dernier Peuple: they decide from a seat's view, never the true state.

The page's API, pure Python (CPython and Pyodide, no threads):

>>> from lepeuple import new_game
>>> from lepeuple.core.view import view
>>> g = new_game(3, seed=5)
>>> t = think(view(g, g.to_move), "easy", seed=1)
>>> while not t.step(0.02): pass
>>> t.action() in g.legal_actions()
True

`think` returns a `Thinking` that the caller runs in slices (`step(seconds)`)
so the page stays responsive; `choose` thinks to the end at once. The same
view, level and seed always give the same action: iteration budgets decide,
time slices only split the work.
"""

import time

from ..core.rng import Rng
from .beginner import BeginnerEngine
from .evaluate import Weights
from .learned import load as learned
from .search import (
    GreedyEngine,
    IsmctsEngine,
    PolicyEngine,
    RandomEngine,
    TrueSource,
    ViewSource,
)

LEVELS = {
    "beginner": "Plays as a first-time player: it takes a score it sees two turns in three, leaves its meeples exposed,"
                " plays power cards at any moment and forgets Défense; it wins about 9 games in 10 against two random"
                " players.",
    "easy": "Plays the move that scores most right now, never looking ahead; it wins about 3 games in 5 against two"
            " beginner bots.",
    "normal": "Tries every move on a few guesses of the cards it cannot see and keeps the best; it wins about 2 games in 3"
              " against two easy bots (a fair share is 1 in 3).",
    "hard": "Plays its best moves on to the end of its next turn many times, everyone replying with care; it wins about"
            " 1 game in 2 against two normal bots.",
}
"""The levels offered to people, easiest first: name -> one line of what it does and how
often it beats two of the level below, 3 players, in words: the nearest simple fraction to
the chance the ladder's ratings give (docs/bots.md, the ladder; tests/test_ladder.py)."""

SCORE_NOW = Weights(movement=0.0, pickaxe=0.0, anchor=0.0, exposed=0.0)
"""`easy`'s values of moves: the points a move gives now, net of what it gives the others; none of
the policy's small terms (a meeple on a flank, a pickaxe, cards drawn): docs/bots.md, Levels."""

# The levels' search (docs/bots.md): 8 greedy redeals keep the 5 best root actions,
# then ISMCTS whose playouts let the first opponent to move reply as greedy would.
# Budgets are for 3 players, scaled by 3/players for more (longer playouts).
_SEARCH = {"imitate": 1, "topk": 6, "rootk": 5, "pre": 8, "per3": True}
# hard: every seat, itself included, plays as greedy in the playouts (a rollout of
# the opponents' own rule, the imitation weighing 12 movements), and each kept root action
# meets the same redeals.
# An iteration then costs about players² (turns × evaluation), so the 3-player budget is
# scaled by (3/players)² to keep 4-5 player decisions about as long. `hard` scores its
# playouts' last positions by the learned evaluation (learned.py), in 280 iterations, about
# the CPU time of 308 with greedy's model: its sequential test and confirmations, docs/bots.md.
# The search with greedy's model is the research kind `hard-plain` (lepeuple/research/infer.py).
HARD_SEARCH = {**_SEARCH, "imitate": 2, "rr": True, "per3": 2, "topk": 12}

# name -> (engine, iteration budget, engine options)
BOTS = {
    "random": (RandomEngine, 1, {}),
    "beginner": (BeginnerEngine, 1, {}),
    "easy": (PolicyEngine, 1, {"weights": SCORE_NOW}),
    "policy": (PolicyEngine, 1, {}),
    "greedy": (GreedyEngine, 8, {}),
    "normal": (GreedyEngine, 8, {}),
    "hard": (IsmctsEngine, 280, {**HARD_SEARCH, "leaf": learned}),
    "reply": (IsmctsEngine, 208, _SEARCH),
    "ismcts": (IsmctsEngine, 1000, {}),
}
"""Every bot of the page and the arena: the levels and the bot kinds random, greedy,
policy (the playouts' heuristic policy on one redeal), ismcts and reply
(the search `normal` was before it became the one-step player).
Engine options may name where the search's determinisations come from:
"source", a function of the view (a fair bot), or "true_source", a function of the
true game (a cheat: the arena's audit only, `think_true`). The research bots
(lepeuple/research/infer.py's BOTS) extend this table."""


class Thinking:
    """A decision in progress; run it with `step`, read it with `action`."""

    def __init__(self, engine):
        self._engine = engine
        self.done = len(engine.legal) == 1 or engine.iterations >= engine.budget

    def step(self, seconds):
        """Think for at most about `seconds` (at least one iteration); True once the budget is spent."""
        engine = self._engine
        deadline = time.perf_counter() + seconds
        while not self.done:
            engine.iterate()
            self.done = engine.iterations >= engine.budget
            if time.perf_counter() >= deadline:
                break
        return self.done

    def action(self):
        """The chosen action (the best so far while not `done`)."""
        engine = self._engine
        if len(engine.legal) == 1:
            return engine.legal[0]
        return engine.best()

    @property
    def iterations(self):
        return self._engine.iterations

    def weighed(self):
        """[(action, estimated chance to win, tries), ...] of what the search weighed,
        most tried first; empty when it weighed nothing (one legal action, easy, random)."""
        engine = self._engine
        if len(engine.legal) == 1:
            return []
        return sorted(getattr(engine, "weighed", list)(), key=lambda w: (-w[2], -w[1]))


def spec(name, bots=BOTS):
    """(engine, budget, options, cheat) of a bot name such as `hard`, `greedy`, `ismcts:500`
    or `hard-cheat`, looked up in `bots`."""
    cheat = name.endswith("-cheat")
    base = name[: -len("-cheat")] if cheat else name
    base, _, budget = base.partition(":")
    if base not in bots:
        raise ValueError(f"unknown bot {name!r}: one of {', '.join(bots)} (optionally :iterations, -cheat)")
    engine, default, options = bots[base]
    if budget and (not budget.isdigit() or int(budget) < 1):
        raise ValueError(f"bad iteration budget in {name!r}")
    return engine, int(budget) if budget else default, options, cheat


def think(view, level, seed=0, bots=BOTS):
    """Start deciding for the seat of `view` (the seat to move) at a level or bot name of `bots`."""
    if not isinstance(view, dict):
        raise TypeError(f"a bot decides from a view dict, not {type(view).__name__}")
    if view.get("to_move") != view.get("seat") or view.get("seat") is None:
        raise ValueError("a bot decides only for the seat to move, from that seat's view")
    engine, budget, options, cheat = spec(level, bots)
    if cheat:
        raise ValueError("cheating bots read the true state: use think_true (arena only)")
    options = dict(options)
    if options.pop("true_source", None) is not None:
        raise ValueError(f"{level!r} reads the true hands: arena only, with the -cheat suffix")
    source = options.pop("source", ViewSource)(view)
    return Thinking(engine(source, _seed(seed), budget, **options))


def think_true(game, level, seed=0, bots=BOTS):
    """The same search reading the TRUE state (all hands, deck order): the fairness audit only."""
    engine, budget, options, _ = spec(level, bots)
    options = dict(options)
    options.pop("source", None)
    source = options.pop("true_source", TrueSource)(game)
    return Thinking(engine(source, _seed(seed), budget, **options))


def choose(view, level, seed=0, bots=BOTS):
    """The action the bot takes from `view`, thinking to the end."""
    t = think(view, level, seed, bots)
    while not t.step(1.0):
        pass
    return t.action()


def _seed(seed):
    """Any int seed, mixed so that nearby seeds start far apart."""
    return Rng(seed).next64()
