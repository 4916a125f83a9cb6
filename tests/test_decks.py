"""Deck generations (lepeuple/core/decks.py): what the public history says about
where each hidden card is, and the redeals that follow it (lepeuple/core/resample.py)."""

import random

import pytest

from lepeuple.core.actions import DRAW
from lepeuple.core.cards import movement_ids
from lepeuple.core.decks import KINDS, Origins, kind_of
from lepeuple.core.events import redact
from lepeuple.core.resample import Resampler
from lepeuple.core.rng import Rng
from lepeuple.core.setup import new_game


def random_games(count, seed):
    """(game before, events) of every action of `count` random games, 3-5 players, both Défense rules."""
    r = random.Random(seed)
    for i in range(count):
        options = {"defense": ("reaction", "shield")[i % 2]}
        g = new_game(3 + i % 3, options, seed * 1000 + i)
        while not g.is_over:
            before = g.clone(history=True)
            events = g.apply(r.choice(g.legal_actions()))
            yield before, g, events


def generations(origins, cards):
    out = {}
    for card in cards:
        g = origins.generation(card)
        out[g] = out.get(g, 0) + 1
    return out


def test_R7_a_deck_only_ever_holds_cards_of_its_latest_generation():
    for _, g, _ in random_games(12, seed=1):
        o = g.origins
        assert all(o.generation(c) == o.latest[0] for c in g.mdeck)
        assert all(o.generation(c) == o.latest[1] for c in g.pdeck)


def test_the_slots_of_each_hand_fit_its_true_cards():
    """Each hand's slots of generation g hold at most its true cards of generation g, and
    its slots of unknown generation make up the rest."""
    reshuffles = 0
    for _, g, events in random_games(12, seed=2):
        reshuffles += any(e[0] == "reshuffle" for e in events)
        o = g.origins
        for s in range(g.players):
            for k, hand in enumerate(g.hand(s)):
                true = generations(o, hand)
                held = o.held[k][s]
                assert all(held[gen] <= true.get(gen, 0) for gen in range(len(held))), (s, k, true, held)
                assert sum(held) + o.unknown[k][s] == len(hand)
    assert reshuffles >= 20  # the games went through several generations


def _spectator_events(events, before, after):
    """The events as a seat not involved sees them; a Bandit's card is hidden then, but
    its kind shows in the hand sizes: a stand-in card of that kind."""
    out = []
    for e in events:
        e = redact(e, None)
        if e[0] == "steal":
            kind = 0 if len(after.moves[e[1]]) > len(before.moves[e[1]]) else 1
            e = e[:3] + ((-1, "?")[kind],)
        out.append(e)
    return out


def test_the_generations_follow_from_what_everyone_sees():
    """An onlooker who never sees a hidden card works out the same counts: the piles it
    watched at each reshuffle, and the events as shown to a spectator."""
    mirror = None
    for before, g, events in random_games(10, seed=3):
        if mirror is None or len(before.history) == 0:
            mirror = Origins.dealt([[None] * len(h) for h in before.moves], [[None] * len(h) for h in before.powers],
                                   before.options)
        piles = [list(before.mdisc), list(before.pdisc)]
        shield = before.options["defense"] == "shield"
        seen = _spectator_events(events, before, g)
        for e in seen:  # what lands face up, and when a pile becomes a deck (R7)
            if e[0] == "reshuffle":
                k = KINDS.index(e[1])
                mirror.reshuffled(e[1], piles[k])
                piles[k] = []
            elif e[0] == "play":
                piles[0].append(e[2])
            elif e[0] == "power" and not (shield and e[2] == "defense"):
                piles[1].append(e[2])
            elif e[0] == "defend" and e[2]:
                piles[1].append("defense")
            elif e[0] == "redeploy" and e[2] is not None:
                piles[0].append(e[2])
            elif e[0] == "discard":
                piles[kind_of(e[2])].append(e[2])
        assert sorted(piles[0]) == sorted(g.mdisc) and sorted(piles[1]) == sorted(g.pdisc)  # the test's own check
        mirror.consume(seen)
        assert mirror.to_json() == g.origins.to_json()


def _sampled_fits(view, sample, seat):
    o = Origins.from_json(view["decks"], view["options"])
    assert all(o.generation(c) == o.latest[0] for c in sample.mdeck)
    assert all(o.generation(c) == o.latest[1] for c in sample.pdeck)
    for s in range(sample.players):
        for k, hand in enumerate(sample.hand(s)):
            true = generations(o, hand)
            assert all(o.held[k][s][gen] <= true.get(gen, 0) for gen in range(len(o.held[k][s])))


def test_a_redeal_gives_each_hand_its_generations_and_the_deck_the_latest():
    checked = 0
    for i, (_, g, _) in enumerate(random_games(6, seed=4)):
        if i % 7 or g.is_over:
            continue
        seat = g.to_move
        v = g.view(seat)
        r = Resampler(v)
        for j in range(3):
            sample = r.sample(Rng(i * 10 + j))
            assert sample.view(seat) == v
            _sampled_fits(v, sample, seat)
            checked += 1
    assert checked > 100


def _after_a_reshuffle():
    """Seat 0 draws two with one card left in the deck: the second comes from the
    discard pile shuffled into a new deck. Seat 1 then sees: seat 0 holds three
    cards of the first deck and one of the second, seat 2 two of the first."""
    cards = movement_ids(3)
    hands = [{"movement": cards[0:2], "power": []}, {"movement": cards[2:4], "power": []},
             {"movement": cards[4:6], "power": []}]
    g = new_game(3, None, 5, {"hands": hands, "movement_deck": [cards[6]]})
    g.apply(DRAW)
    return g, cards


def test_redeals_match_the_exact_chances_after_a_reshuffle():
    """The exact chances, from seat 1's view: the 5 unseen cards of the first deck are
    3 in seat 0's hand and 2 in seat 2's, none in the deck; each card of the second
    deck (the old discard pile) is seat 0's with chance 1 in its size, else in the deck.
    Redealing without generations puts first-deck cards in the deck."""
    g, cards = _after_a_reshuffle()
    v = g.view(1)
    first = set(cards[0:2] + cards[4:7])
    second = set(movement_ids(3)) - first - set(cards[2:4])
    runs = 4000
    where = {c: [0, 0, 0] for c in first | second}  # seat 0, seat 2, deck
    r = Resampler(v)
    rng = Rng(11)
    for _ in range(runs):
        d = r.sample(rng)
        for c in d.moves[0]:
            where[c][0] += 1
        for c in d.moves[2]:
            where[c][1] += 1
        for c in d.mdeck:
            where[c][2] += 1
    for c in first:
        assert where[c][0] / runs == pytest.approx(3 / 5, abs=0.035)
        assert where[c][1] / runs == pytest.approx(2 / 5, abs=0.035)
        assert where[c][2] == 0
    for c in second:
        assert where[c][0] / runs == pytest.approx(1 / len(second), abs=0.02)
        assert where[c][1] == 0
    uniform = Resampler({**v, "decks": None}).sample(Rng(3))
    assert set(uniform.mdeck) & first or set(uniform.moves[2]) & second


def test_after_bandit_between_two_others_the_victims_slots_are_of_unknown_generation():
    g, cards = _after_a_reshuffle()
    o = g.origins.copy()
    o.consume([("steal", 2, 0, cards[0])])  # seat 2 takes a card from seat 0
    assert o.held[0][0] == [0, 0] and o.unknown[0][0] == 3
    assert o.held[0][2] == [2, 0] and o.unknown[0][2] == 1
    o.leave(0, cards[1])  # a first-deck card leaves seat 0's hand face up: an unknown slot goes
    assert o.unknown[0][0] == 2


def test_a_redeal_after_bandit_keeps_every_count():
    """Random games with many power cards: redeals stay consistent through Bandit's blur."""
    bandits = 0
    for i, (_, g, events) in enumerate(random_games(16, seed=6)):
        bandits += any(e[0] == "steal" for e in events)
        if g.is_over or not any(any(u) for u in g.origins.unknown):
            continue
        seat = g.to_move
        v = g.view(seat)
        sample = Resampler(v).sample(Rng(i))
        assert sample.view(seat) == v
        _sampled_fits(v, sample, seat)
    assert bandits >= 3
