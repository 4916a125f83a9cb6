"""One source for each rule: where a hot path keeps its own copy of a rule (bit tests in
the engine, the bots' event arithmetic), these tests tie the copy to the named helpers
of lepeuple.ring and lepeuple.explain over every tile and random positions."""

import random

import pytest

from lepeuple import new_game, ring
from lepeuple.bots import evaluate
from lepeuple.explain import scoring

TILES = range(1, 21)


def test_r1_the_engines_bit_tests_are_the_ring_helpers():
    # game.py tests tiles by bits on its hottest path (Game._step): (t & 3) == 0 for a
    # pickaxe, t & 1 for a flank, t + 2 / t - 2 by (t & 3) == 1 for the opposite flank.
    for t in TILES:
        assert ((t & 3) == 0) == ring.is_pickaxe(t)
        assert bool(t & 1) == ring.is_flank(t)
        if t & 1:
            assert (t + 2 if (t & 3) == 1 else t - 2) == ring.opposite(t)


def test_r1_the_bots_tile_tables_are_the_ring_helpers():
    for t in TILES:
        assert evaluate._PICKAXE[t] == ring.is_pickaxe(t)
        if ring.is_flank(t):
            assert evaluate._ACROSS_ANY[t] == ring.opposite(t)
            assert evaluate._FLANK_OWNER[t] == ring.home_owner(ring.flanked_home(t))
        else:
            assert evaluate._ACROSS_ANY[t] == 0 and evaluate._FLANK_OWNER[t] == -1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r14_r15_the_bots_event_points_are_the_rules(players):
    rng = random.Random(players)
    flanks = [t for t in range(1, 4 * players + 1) if ring.is_flank(t)]
    for _ in range(400):
        mover, helper, active = (rng.randrange(players) for _ in range(3))
        to = rng.choice(flanks)
        scores = [rng.randrange(4) for _ in range(players)]
        victim = ring.home_owner(ring.flanked_home(to))
        want = [0] * players
        for seat, delta, _ in scoring(mover, helper, victim, active)[1]:
            want[seat] += delta
        want = [max(0, scores[s] + want[s]) - scores[s] for s in range(players)]  # R15: no score below 0
        assert evaluate._deltas(scores, mover, helper, active, to, players) == want


def test_r11_r12_where_the_bots_think_a_move_stops_is_where_the_engine_stops_it():
    # evaluate.landing (shared by the evaluation and the playout policy) against the
    # engine playing the move: the meeple's last step before any redeployment, and
    # whether a split's first step that went on was a pickaxe.
    checked = 0
    for seed in range(30):
        game, rng = new_game(3 + seed % 3, None, seed), random.Random(seed)
        while not game.is_over and checked < 4000:
            count, steps = evaluate._counts(game.pos, game.tiles), evaluate._steps(game.tiles)
            for action in game.legal_actions():
                if action.type != "move":
                    continue
                m, how, x, z = evaluate._DECODE[action]
                to, picks = evaluate.landing(game.pos, count, steps, m, how, x, z)
                moves = [e for e in game.clone().push(action) if e[0] == "move"]
                assert to == moves[-1][3]
                assert picks == (len(moves) == 2 and ring.is_pickaxe(moves[0][3]))
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked >= 4000
