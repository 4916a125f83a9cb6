"""Random-game sweeps: thousands of complete games over every player count and
option combination, checking the invariants of docs/engine.md after every action."""

import itertools
import random

import pytest

from lepeuple import new_game
from support import check_invariants

OPTIONS = [
    {"defense": d, "scores": s, "target": t}
    for d, s, t in itertools.product(("reaction", "shield"), ("visible", "hidden"), (12, 6))
]
CASES = [(players, options) for players in (3, 4, 5) for options in OPTIONS]
GAMES_PER_CASE = 90  # 24 cases: 2,160 complete games


def _play_out(game, chooser, every_action=False):
    """Play to the end at random, checking invariants (and, if asked, every legal action)."""
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        if every_action:
            for action in legal:  # every listed action applies without error
                game.clone().apply(action)
        game.apply(chooser.choice(legal))
        check_invariants(game)
        steps += 1
        assert steps < 5000, "a game must terminate"
    return steps


IDS = [f"{p}p-{o['defense']}-{o['scores']}-{o['target']}" for p, o in CASES]


@pytest.mark.parametrize("players, options", CASES, ids=IDS)
def test_random_games_keep_the_invariants(players, options):
    chooser = random.Random(players * 1000 + len(str(options)))
    seen = set()
    for i in range(GAMES_PER_CASE):
        game = new_game(players, options, seed=i)
        check_invariants(game)
        _play_out(game, chooser, every_action=(i % 15 == 0))
        seen.add(tuple(game.winners))
    assert len(seen) > 1, "different games have different winners"


def test_random_games_reach_every_phase_and_event_kind():
    phases, events = set(), set()
    chooser = random.Random(7)
    for i in range(150):
        game = new_game(3 + i % 3, None, seed=i)
        while not game.is_over:
            phases.add(game.phase)
            events |= {e[0] if e[0] != "event" else e[1] for e in game.apply(chooser.choice(game.legal_actions()))}
    assert phases == {"power", "move", "partner", "defend"}
    assert {"supply", "noble_attack", "sneaky_attack", "attack", "steal", "swap_hands", "skip",
            "extra_turn", "reshuffle", "hand_full", "redeploy", "defend", "over"} <= events


def test_clone_plays_identically_and_independently():
    chooser = random.Random(3)
    game = new_game(4, None, seed=3)
    for _ in range(40):
        twin = game.clone(history=True)
        action = chooser.choice(game.legal_actions())
        assert twin.apply(action) == game.apply(action)
        assert twin.record() == game.record()
    before = game.record()
    twin = game.clone()
    twin.apply(twin.legal_actions()[0])
    assert game.record() == before
