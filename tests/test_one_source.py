"""One source for each rule: how a move resolves is lepeuple.core.resolve's, read by the game,
the preview and the explanation; where the bots keep a fast copy of part of it (tile
tables, event arithmetic, where a move stops), these tests tie the copy to it over
every tile and random positions."""

import random

import pytest

from lepeuple import new_game
from lepeuple.bots import evaluate
from lepeuple.coach.explain import scoring
from lepeuple.core import ring
from lepeuple.core.resolve import PICKAXE, hops, points, resolve

TILES = range(1, 21)


def test_r1_the_resolutions_tile_tables_are_the_ring_helpers():
    for t in TILES:
        assert resolve([t, t], 1, (t,), 0) == ((t, PICKAXE if ring.is_pickaxe(t) else None),)
        assert evaluate.IS_PICKAXE[t] == ring.is_pickaxe(t)
        if ring.is_flank(t):
            assert evaluate.ACROSS_ANY[t] == ring.opposite(t)
            assert evaluate.FLANK_OWNER[t] == ring.home_owner(ring.flanked_home(t))
            assert resolve([ring.opposite(t), 0], 1, (t,), 0) == ((t, (0,)),)  # someone opposite: an event
        else:
            assert evaluate.ACROSS_ANY[t] == 0 and evaluate.FLANK_OWNER[t] == -1


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
        assert points(2 * mover, 2 * helper + 1, to, active, players)[2] == want
        want = [max(0, scores[s] + want[s]) - scores[s] for s in range(players)]  # R15: no score below 0
        assert evaluate.floored_deltas(scores, mover, helper, active, to, players) == want


def test_r11_r12_where_the_bots_think_a_move_stops_is_where_it_resolves():
    # evaluate.landing (shared by the evaluation and the playout policy) against
    # resolve and the engine playing the move: the meeple's last step before any
    # redeployment, and whether a split's first step that went on was a pickaxe.
    checked = 0
    for seed in range(30):
        game, rng = new_game(3 + seed % 3, None, seed), random.Random(seed)
        while not game.is_over and checked < 4000:
            count, steps = evaluate.counts(game.pos, game.tiles), evaluate.step_table(game.tiles)
            for action in game.legal_actions():
                if action.type != "move":
                    continue
                m, how, x, z = evaluate.DECODE[action]
                to, picks = evaluate.landing(game.pos, count, steps, m, how, x, z)
                path = hops(action.card, action.how, game.pos[m], game.tiles)
                taken = resolve(game.pos, m, path, game.active)
                moves = [e for e in game.clone().push(action) if e[0] == "move"]
                assert to == taken[-1][0] == moves[-1][3]
                assert [t for t, _ in taken] == [e[3] for e in moves]
                assert picks == (len(taken) == 2 and taken[0][1] is PICKAXE)
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked >= 4000
