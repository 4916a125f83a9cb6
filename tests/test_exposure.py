"""Exposed meeples (lepeuple.coach.exposure): a meeple alone beside a home, and who could
score off it before its owner plays again. Each claim is checked against the engine: the
points a threat scores by ending a move opposite, and the turns that really come first."""

import random

import pytest

from lepeuple import new_game
from lepeuple.coach.exposure import exposed_meeples, turns_before
from lepeuple.core.cards import MOVEMENT
from support import DRAW, PASS, move, setup

HOMES_3P = [[2, 2], [6, 6], [10, 10]]


def test_r13_a_meeple_alone_beside_a_home_is_exposed_and_a_faced_one_is_not():
    g = setup(meeples=[[3, 5], [7, 6], [11, 9]])  # Z1 alone by home 2; Z2 and B1 face each other by 6; F on 9, 11
    exposed = {tuple(e["meeple"]): e for e in exposed_meeples(g.view(0))}
    assert set(exposed) == {(0, 0)}
    assert (exposed[(0, 0)]["tile"], exposed[(0, 0)]["opposite"], exposed[(0, 0)]["home"]) == (3, 1, 2)


def test_homes_and_pickaxes_expose_nobody():
    g = setup(meeples=[[2, 4], [6, 8], [10, 12]])
    assert exposed_meeples(g.view(0)) == []


def _own_square_card(tile):
    """A grey-arrow movement card whose square is `tile` (R4)."""
    return next(n for n, c in sorted(MOVEMENT.items()) if c.own and c.square == tile)


@pytest.mark.parametrize("meeples", [[[3, 2], [6, 6], [10, 10]],   # Z1 by its own home
                                     [[7, 2], [6, 6], [10, 10]],   # Z1 by the Barbares' home
                                     [[2, 2], [6, 6], [11, 10]],   # F1 by its own home
                                     [[2, 2], [5, 6], [10, 10]]])  # B1 by its own home
def test_r14_each_threat_scores_what_the_mark_says_by_ending_a_move_opposite(meeples):
    checked = 0
    for active in range(3):
        g = setup(meeples=meeples, scores=[5, 5, 5], active=active)
        for e in exposed_meeples(g.view(active)):
            for rival, deltas, gain in zip(e["threats"], e["deltas"], e["gains"]):
                card = _own_square_card(e["opposite"])
                hands = [{"movement": [card]} if s == rival else {} for s in range(3)]
                play = setup(meeples=meeples, scores=[5, 5, 5], active=rival, hands=hands)
                events = play.apply(move(card, rival, 1, "square"))
                scored = [0, 0, 0]
                for x in events:
                    if x[0] == "score":
                        scored[x[1]] += x[2]
                assert any(x[0] == "event" for x in events) and scored == deltas
                assert gain == deltas[rival] and gain > 0
                checked += 1
    assert checked >= 5


def _turns_played_before(game, seat):
    """The seats whose movement comes, in the true game, before `seat`'s next turn: the game
    played on by passing and drawing two only (no score changes, so it cannot end)."""
    g, seen = game.clone(), []
    first = True
    while True:
        if g.phase in ("power", "move") and not (first and g.active == seat):
            if g.active == seat:
                return seen
            if g.active not in seen:
                seen.append(g.active)
        first = first and g.active == seat
        if g.is_over:
            return seen
        events = g.apply(PASS if g.phase == "power" else DRAW)
        if any(x[0] == "turn" for x in events):
            first = False


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r10_r19_r20_the_threats_are_the_turns_that_come_before_the_owners_next(players):
    chooser = random.Random(players)
    checked = skips = extras = 0
    for seed in range(8):
        g = new_game(players, None, seed)
        while not g.is_over and len(g.history) < 300:
            if g.phase in ("power", "move"):
                view = g.view(None)
                skips += any(view["skips"])
                extras += view["extra_turns"] > 0
                for seat in range(players):
                    assert turns_before(view, seat) == _turns_played_before(g, seat)
                    checked += 1
            g.apply(chooser.choice(g.legal_actions()))
    assert checked > 500 and skips and extras


def test_r21_nobody_threatens_once_the_game_is_over():
    g = setup(meeples=[[5, 4], [6, 6], [11, 10]], scores=[11, 0, 0], hands=[{"movement": [8]}, {}, {}])
    assert exposed_meeples(g.view(0))[-1]["threats"] == [0, 1]  # F1 alone on 11: Z, then B play first
    g.apply(move(8, 0, 1))  # Z2 from 4 to 7, beside Z1: a noble attack, 14 points, the game ends (R21)
    view = g.view(0)
    assert view["over"] and exposed_meeples(view)
    assert all(e["threats"] == [] for e in exposed_meeples(view))
