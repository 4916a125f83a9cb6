"""Shared helpers for the engine tests: exact setups and invariant checks."""

from lepeuple import new_game
from lepeuple.core.cards import POWER_IDS
from lepeuple.core.setup import state_json


def setup(players=3, options=None, seed=1, **given):
    """A game set up exactly (docs/engine.md scenario `setup` keys)."""
    return new_game(players, options, seed, given)


PASS = {"type": "pass"}
DRAW = {"type": "draw"}


def move(card, seat, index, how="circle"):
    """A move in the JSON notation: card, meeple [seat, index], circle | square | split."""
    return {"type": "move", "card": card, "meeple": [seat, index], "how": how}


def power(card, **fields):
    return {"type": "power", "card": card, **fields}


def hands(*seats):
    """Hands from (movement, power) pairs; missing seats hold nothing."""
    return [{"movement": m, "power": p} for m, p in seats]


def play(game, *actions):
    """Apply JSON actions in order; return all their events as JSON-like tuples."""
    events = []
    for action in actions:
        events += game.apply(action)
    return events


def kinds(events, kind):
    """The events of one type."""
    return [e for e in events if e[0] == kind]


def state(game):
    return state_json(game)


def check_invariants(game):
    """What must hold after every action (docs/engine.md, Tests)."""
    n = game.players
    moves = game.mdeck + game.mdisc + [c for h in game.moves for c in h]
    assert sorted(moves) == list(range(1, 8 * n + 1)), "movement cards are conserved"
    powers = game.pdeck + game.pdisc + [c for h in game.powers for c in h] + ["defense"] * sum(game.shields)
    assert sorted(powers) == sorted(POWER_IDS), "power cards are conserved"
    assert all(game.hand_size(s) <= 7 for s in range(n)), "no hand above 7"
    assert all(s >= 0 for s in game.scores), "scores are never negative"
    assert all(1 <= t <= 4 * n for t in game.pos), "meeples stand on the ring"
    if game.is_over:
        assert game.to_move is None and game.legal_actions() == ()
        assert max(game.scores) >= game.options["target"]
    else:
        assert game.legal_actions(), "whoever must move has something to do"
        assert len(set(game.legal_actions())) == len(game.legal_actions()), "legal actions are unique"
