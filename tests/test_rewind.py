"""The past of a game from the engine (lepeuple.core.positions.rewind): the view now,
played backwards over the events that came after a moment, is the view at that moment
(what the table shows while a step of an earlier action is on screen)."""

import random

import pytest

from lepeuple import new_game
from lepeuple.core.positions import rewind, walk


@pytest.mark.parametrize("seed", range(6))
def test_rewinding_the_events_after_an_action_gives_the_view_after_it(seed):
    rng = random.Random(seed)
    g = new_game(3 + seed % 3, {"scores": "hidden" if seed % 2 else "visible",
                                "defense": "shield" if seed % 3 == 2 else "reaction"}, seed)
    views, events = [], []
    while not g.is_over and len(g.history) < 150:
        views.append((g.view(None), len(events)))
        events += g.apply(rng.choice(g.legal_actions()))
    now = g.view(None)
    for then, start in views:
        past = rewind(now, events[start:])
        reshuffled = {e[1] for e in events[start:] if e[0] == "reshuffle"}
        assert past["hand_sizes"] == then["hand_sizes"], start
        if None not in then["scores"]:  # hidden scores are shown only once the game is over
            assert past["scores"] == then["scores"], start
        for kind in ("movement", "power"):  # a pile before a reshuffle cannot be told from the view
            if kind not in reshuffled:
                assert past[f"{kind}_deck"] == then[f"{kind}_deck"], (kind, start)
                assert past[f"{kind}_discard"] == then[f"{kind}_discard"], (kind, start)


def test_a_walk_follows_the_ring_the_way_the_card_goes():
    assert walk(7, "split", [(2, 4), (4, 5)], 3) == [3, 4, 5]
    assert walk(7, "circle", [(11, 2)], 3) == [12, 1, 2]  # round past tile 12
    assert walk(16, "split", [(1, 12), (12, 11)], 3) == [12, 11]  # backwards
    assert walk(8, "square", [(2, 5)], 3) == [5]  # a jump
