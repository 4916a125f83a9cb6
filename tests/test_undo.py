"""Undo (docs/engine.md, Undo; docs/rules-readings.md): which of a seat's last decisions
may be taken back, and taking them back exactly."""

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from lepeuple import UndoError, load, new_game
from lepeuple.core.cards import TARGETED
from lepeuple.core.errors import ActionError
from lepeuple.core.resample import Resampler
from lepeuple.core.rng import Rng
from lepeuple.core.undo import BARRIERS
from support import DRAW, PASS, hands, move, power, setup, state


def snapshot(game):
    """Everything undo must restore: record, every view, legal actions, full state,
    the random source, and the last events."""
    return {
        "record": json.dumps(game.record(), sort_keys=True),
        "views": [game.view(s) for s in [None, *range(game.players)]],
        "legal": game.legal_actions(),
        "state": state(game),
        "rng": game.rng.state(),
        "events": game.last_events(),
        "to_move": game.to_move,
    }


def replayed(game, count):
    """The game that never played its last `count` actions, from its record."""
    record = game.record()
    record["actions"] = record["actions"][:len(record["actions"]) - count]
    return load(record)


# A 3-player position where seat 0 may play Force, Voleur, Bandit, Magie Noire,
# Chance, Vitesse or Massue; decks are given, so every draw is known.
def power_position(options=None, target_power=()):
    return setup(
        options=options,
        hands=hands(([2], ["force", "voleur", "bandit", "magie_noire", "chance", "massue"]),
                    ([5, 6], list(target_power)), ([8], ["soin"])),
        scores=[1, 2, 3], movement_deck=[9, 10, 11, 12], power_deck=["troc", "vitesse"],
    )


def test_undo_a_pass_gives_the_power_phase_back_exactly():
    g = power_position()
    fresh = snapshot(power_position())
    g.apply(PASS)
    assert g.phase == "move" and g.undoable(0) == 1
    assert [g.undoable(s) for s in (1, 2)] == [0, 0]
    g.undo()
    assert g.phase == "power" and g.history == []
    assert snapshot(g) == fresh
    assert g.undoable(0) == 0


def test_undo_force_takes_the_points_back():
    g = power_position()
    g.apply(power("force"))
    assert g.scores[0] == 3 and g.undoable(0) == 1
    g.undo(1)
    assert g.scores[0] == 1 and "force" in g.hand(0)[1]
    assert snapshot(g) == snapshot(power_position())


def test_last_events_after_undo_are_the_new_last_actions():
    g = power_position()
    g.apply(power("force"))
    g.undo()
    assert g.last_events() == power_position().last_events()  # the setup's events
    g = full_hand_position()
    passed = g.apply(PASS)
    g.apply(DRAW)
    g.undo()
    assert g.last_events() == passed


# Seat 1 holds no power card (so no Défense, and everyone knows it); seat 2 holds Soin.
@pytest.mark.parametrize("first", [power("voleur", target=1), power("massue", target=1),
                                   power("force"), PASS])
def test_r5_powers_that_ask_nobody_and_draw_nothing_can_be_undone(first):
    g = power_position()
    before = snapshot(g)
    g.apply(first)
    assert g.undoable(0) == 1
    g.undo()
    assert snapshot(g) == before


def test_a_move_that_draws_cannot_be_undone():
    g = power_position()
    g.apply(PASS)
    events = g.apply(move(2, 0, 0))
    assert any(e[0] == "draw" for e in events)
    assert [g.undoable(s) for s in range(3)] == [0, 0, 0]
    with pytest.raises(UndoError):
        g.undo()


@pytest.mark.parametrize("card, barrier", [("bandit", "steal"), ("magie_noire", "discard"),
                                           ("chance", "draw")])
def test_random_powers_cannot_be_undone(card, barrier):
    g = power_position()
    events = g.apply(power(card) if card == "chance" else power(card, target=1))
    assert any(e[0] == barrier for e in events)
    assert g.undoable(0) == 0


def test_troc_shows_hands_and_cannot_be_undone():
    g = setup(hands=hands(([2], ["troc"]), ([5], []), ([8], [])), movement_deck=[9, 10])
    g.apply(power("troc", target=1))
    assert g.undoable(0) == 0


def test_r16_a_defense_question_cannot_be_undone_but_the_answer_can():
    g = power_position(target_power=["defense"])
    events = g.apply(power("voleur", target=1))
    assert ("ask_defense", 1) in events and g.phase == "defend"
    assert [g.undoable(s) for s in range(3)] == [0, 0, 0]
    asked = snapshot(g)
    g.apply({"type": "defend", "play": False})  # declined: Voleur takes a point, nothing random
    assert g.scores == [2, 1, 3] and g.undoable(1) == 1 and g.undoable(0) == 0
    g.undo()
    assert snapshot(g) == asked and g.to_move == 1


def test_option_shield_laying_defense_can_be_undone():
    g = setup(options={"defense": "shield"}, hands=hands(([2], ["defense"]), ([5], []), ([8], [])),
              movement_deck=[9, 10])
    before = snapshot(g)
    g.apply(power("defense"))
    assert g.shields[0] and g.undoable(0) == 1
    g.undo()
    assert snapshot(g) == before


def full_hand_position():
    """Seat 0 holds 7 cards: after a pass, draw two draws nothing (R8): two undoable
    decisions in a row. Seat 1 holds Soin, so its turn starts with a power phase."""
    return setup(hands=hands(([2, 3, 4, 5, 6, 7], ["force"]), ([8], ["soin"]), ([9], [])),
                 movement_deck=[10, 11, 12])


def test_two_undoable_decisions_in_a_row_undo_together():
    g = full_hand_position()
    before = snapshot(g)
    g.apply(PASS)
    after_pass = snapshot(g)
    events = g.apply(DRAW)
    assert ("hand_full", 0, "movement") in events and g.to_move == 1
    assert g.undoable(0) == 2 and g.undoable(1) == 0
    g2 = full_hand_position()
    g2.apply(PASS)
    g2.apply(DRAW)
    g2.undo(1)
    assert snapshot(g2) == after_pass
    g.undo(2)
    assert snapshot(g) == before


def test_another_seats_action_ends_the_run():
    g = full_hand_position()
    g.apply(PASS)
    g.apply(DRAW)
    g.apply(PASS)  # seat 1 skips its power phase
    assert g.undoable(0) == 0 and g.undoable(1) == 1
    with pytest.raises(UndoError):
        g.undo(2)


@pytest.mark.parametrize("count", [0, -1, 3, 99, True, 1.0, "1", None])
def test_undo_beyond_the_allowed_count_raises_and_changes_nothing(count):
    g = full_hand_position()
    g.apply(PASS)
    g.apply(DRAW)
    before = snapshot(g)
    with pytest.raises(UndoError) as caught:
        g.undo(count)
    assert isinstance(caught.value, ActionError) and isinstance(caught.value, ValueError)
    assert snapshot(g) == before and len(g.history) == 2


def test_undo_without_history_raises():
    g = new_game(3, None, 4)
    assert g.undoable(0) == 0
    with pytest.raises(UndoError):
        g.undo()


def test_after_undo_the_game_plays_on_as_if_never_played():
    actions = [power("force"), move(2, 0, 0), DRAW, PASS, DRAW]
    g = power_position()
    g.apply(power("voleur", target=1))
    g.undo()
    never = power_position()
    for action in actions:
        assert g.apply(action) == never.apply(action)
    assert snapshot(g) == snapshot(never)


def test_the_game_over_cannot_be_undone():
    # Seat 0 at 11 plays Force: 13 points, the game ends at the end of the turn.
    g = setup(hands=hands(([2], ["force"]), ([5], []), ([8], [])), scores=[11, 0, 0],
              movement_deck=[9, 10])
    g.apply(power("force"))
    assert g.undoable(0) == 1
    g.apply(move(2, 0, 0))
    assert g.is_over and g.undoable(0) == 0


def test_a_seat_cannot_undo_what_another_decided():
    g = power_position()
    g.apply(PASS)
    assert g.undoable(1) == 0 and g.undoable(0) == 1


def test_a_clone_with_history_answers_the_same():
    g = full_hand_position()
    g.apply(PASS)
    g.apply(DRAW)
    c = g.clone(history=True)
    assert c.undoable(0) == 2
    c.undo(2)
    assert g.undoable(0) == 2 and len(g.history) == 2  # the original is untouched
    assert g.clone().undoable(0) == 0  # search clones keep no history


def expected_undoable(game, seat):
    """The policy, computed from scratch: replay with `apply` and read its events."""
    g = new_game(game.players, game.options, game.seed, game.setup)
    marks = []
    for action in game.history:
        decider = g.to_move
        # R16: a targeted card at a seat holding a power card might have met Défense.
        guarded = (action.type == "power" and action.card in TARGETED and g.options["defense"] == "reaction"
                   and len(g.powers[action.target]) > 0)
        events = g.apply(action)
        marks.append((decider, guarded or any(e[0] in BARRIERS for e in events)))
    count = 0
    for decider, barrier in reversed(marks):
        if barrier or decider != seat:
            break
        count += 1
    return count


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]),
       defense=st.sampled_from(["reaction", "shield"]), scores=st.sampled_from(["visible", "hidden"]),
       length=st.integers(1, 160))
def test_undo_of_any_allowed_count_equals_the_replayed_shorter_record(seed, players, defense, scores, length):
    g = new_game(players, {"defense": defense, "scores": scores}, seed)
    chooser = random.Random(seed)
    checked = 0
    for _ in range(length):
        if g.is_over:
            break
        _play_preferring_undoable(g, chooser)
        if chooser.random() < 0.25:
            checked += _check_undo(g, chooser)
    # Then on to a decision that can be taken back, so that every example undoes something.
    while not g.is_over and not g.undoable(_decider(g)):
        _play_preferring_undoable(g, chooser)
    assume(not g.is_over)
    checked += _check_undo(g, chooser)
    assert checked >= 1


def _play_preferring_undoable(g, chooser):
    """A random legal action; passing and draw-two (the commonest undoable decisions,
    first in the legal list) more often than at random."""
    legal = g.legal_actions()
    g.apply(legal[0] if chooser.random() < 0.3 else chooser.choice(legal))


def _check_undo(g, chooser):
    """Check undoable() against the policy for a seat or two, and every allowed undo
    of the last decider against the replayed shorter record; return how many undos."""
    seat = g.to_move if chooser.random() < 0.5 or g.to_move is None else chooser.randrange(g.players)
    for s in {seat, g.active}:
        assert g.undoable(s) == expected_undoable(g, s)
    last = expected_undoable(g, _decider(g))
    for k in range(1, last + 1):
        c = g.clone(history=True)
        c.undo(k)
        assert snapshot(c) == snapshot(replayed(g, k))
    with pytest.raises(UndoError):
        g.clone(history=True).undo(last + 1)
    return last


def _decider(game):
    g = new_game(game.players, game.options, game.seed, game.setup)
    for action in game.history[:-1]:
        g.apply(action)
    return g.to_move


# ----- fair: whether a decision can be taken back tells nothing hidden ------------------------

@pytest.mark.parametrize("target", [1, 2])
def test_r16_a_targeted_card_at_a_seat_holding_a_power_card_cannot_be_undone(target):
    # Seat 1 holds Sortilège, seat 2 Soin, neither Défense: nothing is asked, but a
    # take-back would tell seat 0 that the target's card was not Défense.
    g = power_position(target_power=["sortilege"])
    for card in ("voleur", "massue"):
        g2 = g.clone(history=True)
        events = g2.apply(power(card, target=target))
        assert not any(e[0] == "ask_defense" for e in events) and g2.phase == "move"
        assert g2.undoable(0) == 0


def test_option_shield_a_targeted_card_at_a_seat_holding_power_cards_can_be_undone():
    # With Défense laid face up as a shield nobody is ever asked: the hand tells nothing.
    g = power_position(options={"defense": "shield"}, target_power=["sortilege"])
    g.apply(power("voleur", target=1))
    assert g.undoable(0) == 1


def _turn_start_setup(g, deal):
    """The scenario setup of `deal`, a full state at the start of `g`'s turn: its cards,
    with `g`'s scores (only cards are redealt) and everything public."""
    n = deal.players
    return {"meeples": [[deal.pos[2 * s], deal.pos[2 * s + 1]] for s in range(n)],
            "hands": [{"movement": deal.moves[s][:], "power": deal.powers[s][:]} for s in range(n)],
            "scores": g.scores[:], "movement_deck": deal.mdeck[::-1], "power_deck": deal.pdeck[::-1],
            "active": g.active, "skips": g.skips[:], "extra_turns": g.extra, "shields": g.shields[:]}


def _actor_choice(g, chooser):
    """A random decision of the seat to move; half the time a targeted power card at a
    seat holding a power card when there is one (where Défense may hide)."""
    legal = g.legal_actions()
    guarded = [a for a in legal if a.type == "power" and a.card in TARGETED and g.hand(a.target)[1]]
    return chooser.choice(guarded if guarded and chooser.random() < 0.5 else legal)


def _seen(game, seat):
    """What `seat` sees of a game, but for what it knows of others' hands and the deck
    generations (a setup forgets both; the redeal kept them) and the order of the
    discard piles (a setup sorts them)."""
    v = game.view(seat)
    del v["known"], v["decks"]
    for pile in ("movement_discard", "power_discard"):
        v[pile] = sorted(v[pile], key=str)
    return v


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]),
       defense=st.sampled_from(["reaction", "shield"]), scores=st.sampled_from(["visible", "hidden"]),
       length=st.integers(0, 150))
def test_undoable_depends_only_on_what_the_actor_sees(seed, players, defense, scores, length):
    """Deal again every card the actor cannot see, consistently with its view, at the
    start of its turn; play the same decisions of the actor in both games: after each,
    `undoable(actor)` is the same (as for the bots' fairness, lepeuple.core.resample.Resampler)."""
    g = new_game(players, {"defense": defense, "scores": scores}, seed)
    chooser = random.Random(seed)
    decider = None  # who decided the last action
    while length > 0 or decider == g.to_move or not any(e[0] == "turn" for e in g.last_events()):
        assume(not g.is_over)
        decider = g.to_move
        g.apply(chooser.choice(g.legal_actions()))
        length -= 1
    actor = g.to_move  # its turn has just begun, and not after its own decision (an extra turn)
    resampler = Resampler(g.view(actor))
    twins = []
    for _ in range(6):
        deal = resampler.sample(Rng(chooser.getrandbits(64)))
        twin = new_game(players, g.options, chooser.getrandbits(32), _turn_start_setup(g, deal))
        assert _seen(twin, actor) == _seen(g, actor)
        twins.append(twin)
    checked = 0
    while g.to_move == actor and twins:
        action = _actor_choice(g, chooser)
        g.apply(action)
        for twin in twins:
            twin.apply(action)  # legal: the actor's hand and the table are the same
            assert twin.undoable(actor) == g.undoable(actor), (action, twin.last_events())
            checked += 1
        # Past a draw or a question the twins' hands or turns differ: keep those that still agree.
        twins = [t for t in twins if t.to_move == actor and t.view(actor)["hand"] == g.view(actor)["hand"]]
    assert checked >= 1
