"""The `beginner` level: a first-time player, the opponent a newcomer can beat while learning.

It moves legally and takes an obvious score: two turns in three it looks for the
movements that give it points at once (R12's events, its own change only, not what
the others gain) and plays one of them, the first it sees. Otherwise any legal action
of the phase, at random: a meeple left on a flank for anyone to take
(R11), drawing two or not. It plays a power card as soon as it may, a card and a
target at random, whether or not the moment suits it; it never plays Défense (R16).
It reads one redeal of its view, as `easy` does, but only its own hand and the board
decide; the same view and seed give the same action.
"""

from ..core.actions import DEFEND_NO
from ..core.rng import Rng
from .evaluate import Weights, move_value

OWN_POINTS = Weights(movement=0.0, pickaxe=0.0, anchor=0.0, exposed=0.0, net=0.0)
"""A move's value as a first-time player sees it: the points it gives the mover now, nothing else."""

SEES = (2, 3)
"""How often it looks for a score before it moves: 2 turns in 3 (on the third, it moves at random). With 1 in 2
it stood 277 points below `easy`, more than the 250 past which a level fits between two (docs/bots.md)."""

_SALT = 0x1B873593


def beginner_action(g, rng):
    """The beginner's action for `g.to_move` (the game must not be over)."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if g.phase == "move":
        score = obvious_score(g, legal, rng) if rng.below(SEES[1]) < SEES[0] else None
        return score or _any(legal, rng)
    if g.phase == "power":
        return power_at_once(legal, rng)
    if g.phase == "partner":
        return _any(legal, rng)
    return DEFEND_NO


def obvious_score(g, legal, rng):
    """A movement that gives the mover points now, the first one seen (at random); None when none scores."""
    seat = g.active
    scoring = [a for a in legal if a.type == "move" and move_value(g, a, seat, OWN_POINTS) > 0]
    return _any(scoring, rng) if scoring else None


def power_at_once(legal, rng):
    """A power card held, at random, on a target at random; pass only when no card may be played."""
    plays = [a for a in legal if a.type == "power"]
    if not plays:
        return legal[0]
    cards = sorted({a.card for a in plays})
    card = cards[rng.below(len(cards))]
    return _any([a for a in plays if a.card == card], rng)


def _any(actions, rng):
    return actions[rng.below(len(actions))]


class BeginnerEngine:
    """The `beginner` level on one redeal of the view."""

    def __init__(self, source, seed, budget=1, **options):
        g = source.sample(Rng(seed))
        self.legal = g.legal_actions()
        self._choice = beginner_action(g, Rng(seed ^ _SALT))
        self.iterations, self.budget = 1, 1

    def iterate(self):
        pass

    def best(self):
        return self._choice
