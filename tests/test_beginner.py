"""The `beginner` level: a first-time player a newcomer can beat (docs/bots.md, Levels)."""

from lepeuple import new_game
from lepeuple.bots import choose
from lepeuple.bots.beginner import beginner_action
from lepeuple.core.actions import DEFEND_NO
from lepeuple.core.rng import Rng
from lepeuple.core.view import view
from lepeuple.tools import arena
from tests.test_bots import positions


def test_it_loses_most_games_to_two_easy_bots():
    """Against two `easy` it wins well under the third a bot as strong would get (seats rotated)."""
    rows = arena.summarise(3, ["beginner", "easy", "easy"], arena.run(3, ["beginner", "easy", "easy"], 120, 51))
    assert rows[0]["win_share"] < 0.2 and rows[1]["win_share"] + rows[2]["win_share"] > 0.8


def test_it_still_beats_two_random_players():
    rows = arena.summarise(3, ["beginner", "random", "random"], arena.run(3, ["beginner", "random", "random"], 30, 52))
    assert rows[0]["win_share"] > 0.8


def test_it_takes_an_obvious_score_when_it_looks():
    """Seat 0 stands on 7 beside home 6; card 2 takes its other meeple 4 -> 5: +3 (R14), the only move that
    scores: it plays it on the turns it looks for a score (SEES), and a random action on the others."""
    g = new_game(3, None, 1, setup={
        "meeples": [[7, 4], [6, 6], [10, 10]],
        "scores": [0, 2, 0],
        "hands": [{"movement": [2], "power": []}, {"movement": [4], "power": []}, {"movement": [5], "power": []}],
    })
    attack = next(a for a in g.legal_actions() if a.type == "move" and a.meeple == (0, 1) and a.how == "circle")
    chosen = [choose(view(g, 0), "beginner", seed) for seed in range(40)]
    assert 20 <= chosen.count(attack) <= 36 < 40  # 2 turns in 3, and about 1 in 7 of the others
    assert all(a in g.legal_actions() for a in chosen)


def test_it_forgets_defense_and_plays_a_power_card_whenever_it_may():
    for i, g in enumerate(positions(3, seed=17)):
        action = beginner_action(g, Rng(i))
        if g.phase == "defend":
            assert action == DEFEND_NO
        if g.phase == "power" and any(a.type == "power" for a in g.legal_actions()):
            assert action.type == "power"
