"""lepeuple.coach.explain: an event's points split by reason, tied to what the engine scores (R14)."""

import random

from lepeuple import new_game
from lepeuple.coach.explain import event_parts, scoring
from lepeuple.core.ring import home_owner
from support import setup


def _sums(parts, players):
    out = [0] * players
    for seat, delta, _ in parts:
        out[seat] += delta
    return out


def test_r14_the_parts_of_every_event_add_up_to_the_engines_points():
    seen = set()
    for seed in range(60):
        players = 3 + seed % 3
        game, rng, active = new_game(players, None, seed), random.Random(seed), 0
        while not game.is_over:
            for e in game.apply(rng.choice(game.legal_actions())):
                if e[0] == "turn":
                    active = e[1]
                elif e[0] == "event":
                    parts = event_parts(e, active)
                    assert _sums(parts, players) == list(e[5])
                    assert scoring(e[3][0], e[4][0], home_owner(e[2]), active)[0] == e[1]
                    seen.add(e[1])
    assert seen == {"supply", "noble_attack", "sneaky_attack", "attack"}


def test_r14_sneaky_attack_with_the_active_players_meeple_as_partner():
    # Seat 0 moves seat 1's meeple (card 3: black arrow, +1) from 8 to 9, a flank of home 10
    # whose other flank, 11, holds seat 0's meeple: seat 0 +2, seat 1 +1, seat 2 (home 10) −1.
    game = setup(meeples=[[11, 2], [8, 6], [10, 10]], hands=[{"movement": [3], "power": []}, {}, {}],
                 movement_deck=[1, 2, 4, 5])
    events = game.apply({"type": "move", "card": 3, "meeple": [1, 0], "how": "circle"})
    event = next(e for e in events if e[0] == "event")
    assert event_parts(event, 0) == [(0, 2, "sneaky_attack"), (1, 1, "helper"), (2, -1, "home")]
