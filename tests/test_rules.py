"""One or more tests per rule of docs/rules.md, named after the rule id.

Positions are set up exactly (docs/engine.md scenario setups); decks are given top
first so that every draw and redeployment is known.
"""

import pytest

from lepeuple import IllegalAction, new_game
from lepeuple.core import ring
from lepeuple.core.cards import GAINS, MOVEMENT, NAMES, POWER_IDS, TARGETED, movement_ids
from lepeuple.core.game import reaches_target
from support import DRAW, PASS, hands, kinds, move, play, power, setup

HOMES_3P = [[2, 2], [6, 6], [10, 10]]


# ----- R1 the ring -------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r1_ring_has_homes_pickaxes_and_flanks(players):
    tiles = range(1, new_game(players, None, 1).tiles + 1)
    assert len(tiles) == 4 * players
    homes = [t for t in tiles if ring.is_home(t)]
    assert homes == [4 * s + 2 for s in range(players)]
    assert [ring.home_owner(h) for h in homes] == list(range(players))
    assert [t for t in tiles if ring.is_pickaxe(t)] == list(range(4, 4 * players + 1, 4))
    for t in tiles:
        if ring.is_flank(t):
            h = ring.flanked_home(t)
            assert ring.is_home(h) and abs(h - t) == 1
            assert ring.opposite(t) == 2 * h - t


def test_r1_moving_wraps_around_the_ring():
    # Card 13 is -1: from tile 1 a meeple goes to tile 12 on a 3-player ring.
    # Card 12 is +6: from tile 8 to tile 2.
    g = setup(meeples=[[1, 8], [6, 6], [10, 10]], hands=hands(([13, 12], []), ([], []), ([], [])),
              movement_deck=[2, 3, 4])
    forward = [a for a in g.legal_actions() if a.type == "move" and a.card == 12 and a.how == "circle"]
    assert g.path(forward[1]) == [2]
    play(g, move(13, 0, 0))
    assert g.meeple_tile((0, 0)) == 12


# ----- R2, R3 peoples and meeples ----------------------------------------


def test_r2_each_seat_has_a_people_and_a_colour():
    assert ring.PEOPLES[0] == "Zombies Polaires" and ring.COLOURS[0] == "blue"
    assert ring.PEOPLES[4] == "P-Trolls" and ring.COLOURS[4] == "black"
    assert len(set(ring.PEOPLES)) == len(set(ring.COLOURS)) == 5


def test_r3_two_meeples_each_and_any_number_on_a_tile():
    g = setup(meeples=[[5, 5], [5, 5], [5, 5]])
    assert g.view(0)["meeples"] == [[5, 5], [5, 5], [5, 5]]
    assert len(g.pos) == 6


# ----- R4, R5 cards ------------------------------------------------------


def test_r4_movement_cards_match_the_table():
    assert MOVEMENT[1] == (1, True, 1, 2, (0, 1))
    assert MOVEMENT[9] == (9, False, 3, 10, None)
    assert MOVEMENT[24] == (24, True, -6, 7, (-5, -1))
    assert MOVEMENT[40] == (40, True, -10, 19, (-9, -1))
    for card in MOVEMENT.values():
        if card.split:
            y, z = card.split
            assert y + z == card.shift and z == (1 if card.shift > 0 else -1)
    others = sorted(c.id for c in MOVEMENT.values() if not c.own)
    assert others == [3, 6, 9, 15, 18, 21, 26, 30, 34, 38]


@pytest.mark.parametrize("players, cards", [(3, 24), (4, 32), (5, 40)])
def test_r4_deck_uses_8n_movement_cards(players, cards):
    g = new_game(players, seed=3)
    assert len(g.mdeck) + sum(len(h) for h in g.moves) == cards == len(movement_ids(players))
    assert all(MOVEMENT[c].square <= 4 * players for c in movement_ids(players))


def test_r5_twelve_power_cards_six_targeted():
    assert len(POWER_IDS) == 12 and NAMES["sortilege"] == "Sortilège"
    assert {"voleur", "sortilege", "bandit", "magie_noire", "troc", "massue"} == TARGETED


def _power_game(card, seat0_power=None, **given):
    seat1_power = "soin" if card != "soin" else "force"
    given.setdefault("hands", hands(([2], [card] + (seat0_power or [])), ([3, 4], [seat1_power]), ([5], [])))
    given.setdefault("movement_deck", [6, 7, 8, 9])
    return setup(**given)


def test_r5_force_and_soin_gain_points():
    g = _power_game("force")
    play(g, power("force"))
    assert g.scores == [2, 0, 0] and g.phase == "move"
    g = _power_game("soin")
    play(g, power("soin"))
    assert g.scores == [1, 0, 0]
    assert GAINS == {"force": 2, "soin": 1}  # what the page and the bots' reasons say they gain


def test_r5_voleur_takes_a_point_unless_the_target_has_none():
    g = _power_game("voleur", scores=[0, 3, 0])
    play(g, power("voleur", target=1))
    assert g.scores == [1, 2, 0]
    g = _power_game("voleur", scores=[0, 3, 0])
    events = play(g, power("voleur", target=2))
    assert g.scores == [0, 3, 0] and kinds(events, "no_effect")


def test_r5_sortilege_costs_the_target_a_point_floor_zero():
    g = _power_game("sortilege", scores=[0, 3, 0])
    play(g, power("sortilege", target=1))
    assert g.scores == [0, 2, 0]
    g = _power_game("sortilege")
    play(g, power("sortilege", target=2))
    assert g.scores == [0, 0, 0]


def test_r5_bandit_takes_a_random_card_from_the_whole_hand():
    stolen = set()
    for seed in range(40):
        g = _power_game("bandit", seed=seed)
        events = play(g, power("bandit", target=1))
        (_, thief, victim, card), = kinds(events, "steal")
        assert (thief, victim) == (0, 1) and card in (3, 4, "soin")
        assert card in g.moves[0] + g.powers[0] and g.hand_size(1) == 2
        stolen.add(card)
    assert stolen == {3, 4, "soin"}


def test_r5_magie_noire_discards_a_random_card_face_up():
    g = _power_game("magie_noire")
    events = play(g, power("magie_noire", target=1))
    (_, seat, card), = kinds(events, "discard")
    assert seat == 1 and g.hand_size(1) == 2
    assert card == g.pdisc[-1] if card == "soin" else card == g.mdisc[-1]


def test_r5_troc_swaps_whole_hands():
    g = _power_game("troc")
    play(g, power("troc", target=1))
    assert g.hand(0) == ([3, 4], ["soin"]) and g.hand(1) == ([2], [])


def test_r5_targeted_card_at_an_empty_hand_is_spent_without_effect():
    g = _power_game("bandit", hands=hands(([2], ["bandit"]), ([3], []), ([], [])))
    events = play(g, power("bandit", target=2))
    assert kinds(events, "no_effect") and g.hand(0) == ([2], [])
    g = _power_game("magie_noire", hands=hands(([2], ["magie_noire"]), ([], []), ([5], [])))
    events = play(g, power("magie_noire", target=1))
    assert kinds(events, "no_effect") and g.pdisc[-1] == "magie_noire"


def test_r5_a_player_never_targets_themselves():
    g = _power_game("voleur")
    targets = {a.target for a in g.legal_actions() if a.type == "power"}
    assert targets == {1, 2}
    with pytest.raises(IllegalAction):
        g.apply(power("voleur", target=0))


def test_r5_permutation_swaps_two_meeples_and_triggers_nothing():
    # Swapping onto flank 1 opposite own meeple on 3 would be a supply if it were a move.
    g = _power_game("permutation", meeples=[[3, 4], [1, 6], [10, 10]])
    events = play(g, power("permutation", meeple=[0, 1], other=[1, 0]))
    assert g.meeple_tile((0, 1)) == 1 and g.meeple_tile((1, 0)) == 4
    assert not kinds(events, "event") and not kinds(events, "draw") and g.scores == [0, 0, 0]


def test_r5_permutation_needs_a_meeple_on_another_tile():
    g = _power_game("permutation", meeples=[[4, 4], [4, 4], [4, 4]])
    assert g.phase == "move"  # nothing to swap: the power phase is skipped
    g = _power_game("permutation", meeples=[[4, 4], [4, 4], [4, 5]])
    swaps = [(a.meeple, a.other) for a in g.legal_actions() if a.type == "power"]
    assert swaps == [((0, 0), (2, 1)), ((0, 1), (2, 1))]


def test_r5_chance_draws_a_movement_then_a_power_card():
    g = _power_game("chance", power_deck=["vitesse", "force"])
    play(g, power("chance"))
    assert g.hand(0) == ([2, 6], ["vitesse"])


def test_r5_defense_is_not_a_power_phase_card_by_default():
    g = _power_game("defense")
    assert g.phase == "move"
    g = _power_game("defense", seat0_power=["force"])
    assert {a.card for a in g.legal_actions() if a.type == "power"} == {"force"}


# ----- R6 setup ----------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r6_setup(players):
    g = new_game(players, seed=11)
    assert list(g.pos) == [4 * (m // 2) + 2 for m in range(2 * players)]
    assert all(len(g.moves[s]) == 2 and not g.powers[s] for s in range(players))
    assert g.scores == [0] * players and g.active == g.to_move == 0
    assert len(g.pdeck) == 12 and g.phase == "move"


def test_r6_decks_are_shuffled_from_the_seed():
    assert new_game(3, seed=5).mdeck == new_game(3, seed=5).mdeck
    assert new_game(3, seed=5).mdeck != new_game(3, seed=6).mdeck


def test_r6_play_goes_up_the_seats():
    g = new_game(4, seed=2)
    seats = []
    while len(seats) < 8:
        seats.append(g.active)
        g.apply({"type": "draw"} if g.phase == "move" else PASS)
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]


# ----- R7 drawing ----------------------------------------------------------


def test_r7_an_empty_deck_is_reshuffled_from_its_discard_pile():
    g = setup(hands=hands(([2], []), ([], []), ([], [])), movement_deck=[])
    assert len(g.mdisc) == 23
    events = play(g, DRAW)
    assert kinds(events, "reshuffle") == [("reshuffle", "movement")]
    assert len(g.moves[0]) == 3 and len(g.mdeck) == 21 and g.mdisc == []


def test_r7_nothing_is_drawn_when_deck_and_discard_are_empty():
    every_power = [list(POWER_IDS[:5]), list(POWER_IDS[5:10]), list(POWER_IDS[10:])]
    g = setup(meeples=[[3, 2], [6, 6], [10, 10]], power_deck=[], movement_deck=[9, 10],
              hands=hands(([2], every_power[0]), ([], every_power[1]), ([], every_power[2])))
    events = play(g, PASS, move(2, 0, 0))  # 3 -> 4, a pickaxe
    assert kinds(events, "deck_empty") == [("deck_empty", "power")]
    assert g.powers[0] == every_power[0]


def test_r7_a_played_card_is_discarded_before_its_effect():
    # While seat 1 decides on Défense, the card that caused the event already lies in the discard.
    g = setup(meeples=[[5, 8], [6, 6], [10, 10]], hands=hands(([13], []), ([], ["defense"]), ([], [])),
              movement_deck=[9, 10, 11])
    play(g, move(13, 0, 1))
    assert g.phase == "defend" and g.mdisc[-1] == 13
    g = _power_game("voleur", hands=hands(([2], ["voleur"]), ([], ["defense"]), ([], [])))
    play(g, power("voleur", target=1))
    assert g.phase == "defend" and g.pdisc[-1] == "voleur"


# ----- R8 hand limit -------------------------------------------------------


def test_r8_a_draw_above_seven_does_not_happen_and_leaves_the_deck():
    full = hands(([2, 3, 4, 5, 6, 7, 8], []), ([], []), ([], []))
    g = setup(hands=full, movement_deck=[9, 10])
    events = play(g, DRAW)
    assert len(g.mdeck) == 2 and g.hand_size(0) == 7 and len(kinds(events, "hand_full")) == 2


def test_r8_draw_two_with_six_cards_draws_one():
    g = setup(hands=hands(([2, 3, 4, 5, 6, 7], []), ([], []), ([], [])), movement_deck=[9, 10])
    play(g, DRAW)
    assert g.moves[0][-1] == 9 and g.mdeck == [10]


def test_r8_pickaxe_with_a_full_hand_draws_nothing():
    # Seat 0 moves seat 1's meeple onto the pickaxe 4; seat 1 already holds 7 cards.
    g = setup(meeples=[[2, 2], [3, 6], [10, 10]], power_deck=["force"], movement_deck=[9],
              hands=hands(([3], []), ([2, 11, 12, 14, 17, 19, 20], []), ([], [])))
    events = play(g, move(3, 1, 0))
    assert g.powers[1] == [] and g.pdeck == ["force"] and ("hand_full", 1, "power") in events


# ----- R9 what is public ---------------------------------------------------


def test_r9_a_view_shows_own_hand_and_only_counts_of_others():
    g = new_game(4, seed=9)
    v = g.view(1)
    assert v["hand"] == {"movement": g.moves[1], "power": g.powers[1]}
    assert v["hand_sizes"][0] == {"movement": 2, "power": 0}
    assert v["movement_deck"] == len(g.mdeck) and v["known"] == [[], [], [], []]
    # Deal seat 0's hand and the deck differently: seat 1 cannot tell; seat 0 can.
    other = g.clone()
    other.moves[0], other.mdeck = other.mdeck[:2], other.moves[0] + other.mdeck[2:]
    assert other.view(1) == v and other.view(0) != g.view(0)


def test_r9_a_stolen_card_is_seen_by_both_players_involved():
    g = _power_game("bandit", seed=4)
    (_, _, _, stolen), = kinds(play(g, power("bandit", target=1)), "steal")
    assert g.view(1)["known"][0] == [stolen]
    assert g.view(2)["known"][0] == []


def test_r9_after_troc_each_side_knows_the_hand_it_gave_away():
    g = _power_game("troc")
    play(g, power("troc", target=1))
    assert g.view(0)["known"][1] == [2]
    assert g.view(1)["known"][0] == [3, 4, "soin"]
    assert g.view(2)["known"] == [[], [], []]


# ----- R10 a turn ----------------------------------------------------------


def test_r10_power_phase_is_optional_then_the_movement_phase_is_mandatory():
    g = _power_game("force")
    assert g.phase == "power" and {a.type for a in g.legal_actions()} == {"pass", "power"}
    play(g, PASS)
    assert g.phase == "move" and {a.type for a in g.legal_actions()} == {"draw", "move"}
    with pytest.raises(IllegalAction):
        g.apply(power("force"))


def test_r10_no_playable_power_card_skips_the_power_phase():
    g = setup(hands=hands(([2], []), ([3], []), ([4], [])))
    assert g.phase == "move"


def test_r10_play_one_draws_one_and_ends_the_turn():
    g = setup(hands=hands(([2, 3], []), ([4], []), ([5], [])), movement_deck=[9, 10])
    play(g, move(2, 0, 0, "square"))
    assert g.moves[0] == [3, 9] and g.active == 1


# ----- R11 moving ----------------------------------------------------------


def test_r11_circle_square_and_split_ways():
    g = setup(meeples=[[5, 6], [6, 6], [10, 10]], hands=hands(([7], []), ([], []), ([], [])))
    paths = {a.how: g.path(a) for a in g.legal_actions() if a.type == "move" and a.meeple == (0, 0)}
    assert paths == {"circle": [8], "square": [6], "split": [7, 8]}


def test_r11_other_cards_move_only_opponents_meeples():
    g = setup(hands=hands(([3], []), ([], []), ([], [])))
    meeples = {a.meeple for a in g.legal_actions() if a.type == "move"}
    assert meeples == {(1, 0), (1, 1), (2, 0), (2, 1)}


def test_r11_square_may_be_the_tile_the_meeple_is_on():
    # Card 2's square is 1: a meeple already on 1 stays and the tile is resolved.
    g = setup(meeples=[[1, 3], [6, 6], [10, 10]], hands=hands(([2], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11])
    events = play(g, move(2, 0, 0, "square"))
    assert kinds(events, "event")[0][1] == "supply" and g.scores[0] == 2


def test_r11_split_stops_after_a_first_step_with_an_event():
    g = setup(meeples=[[1, 1], [6, 6], [10, 10]], hands=hands(([7], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11], power_deck=["force"])
    events = play(g, move(7, 0, 0, "split"))  # 1 -> 3: supply; the step 3 -> 4 never happens
    assert [e[3] for e in kinds(events, "move")] == [3]
    assert not kinds(events, "pickaxe") and g.scores[0] == 2


def test_r11_split_without_event_takes_both_steps():
    g = setup(meeples=[[1, 2], [6, 6], [10, 10]], hands=hands(([7], []), ([], []), ([], [])),
              movement_deck=[9], power_deck=["force"])
    events = play(g, move(7, 0, 0, "split"))  # 1 -> 3 (nobody on 1 now) -> 4, a pickaxe
    assert [e[3] for e in kinds(events, "move")] == [3, 4] and g.powers[0] == ["force"]


def test_r11_split_first_step_of_zero_is_resolved_where_the_meeple_stands():
    # Card 1 splits 0/+1: the meeple on 3 stays, its tile is resolved: supply with the meeple on 1.
    g = setup(meeples=[[3, 1], [6, 6], [10, 10]], hands=hands(([1], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11])
    events = play(g, move(1, 0, 0, "split"))
    assert kinds(events, "event")[0][1] == "supply" and len(kinds(events, "move")) == 1


# ----- R12 pickaxe ---------------------------------------------------------


def test_r12_pickaxe_gives_the_owner_of_the_moved_meeple_a_power_card():
    # Seat 0 moves seat 1's meeple from 3 onto 4: seat 1 draws, on seat 0's turn.
    g = setup(meeples=[[2, 2], [3, 6], [10, 10]], hands=hands(([3], []), ([], []), ([], [])),
              power_deck=["force", "soin"], movement_deck=[9])
    events = play(g, move(3, 1, 0))
    assert g.powers == [[], ["force"], []]
    assert ("draw", 1, "power", "force") in events


# ----- R13 events and partners --------------------------------------------


def test_r13_event_when_a_step_ends_opposite_another_meeple():
    g = setup(meeples=[[8, 2], [11, 6], [10, 10]], hands=hands(([2], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11])
    events = play(g, move(2, 0, 0))  # 8 -> 9, opposite 11
    (_, kind, home, moved, partner, deltas), = kinds(events, "event")
    assert (home, moved, partner) == (10, (0, 0), (1, 0))


def test_r13_the_active_players_meeple_is_the_partner():
    g = setup(meeples=[[2, 11], [8, 11], [11, 10]], hands=hands(([3], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11])
    events = play(g, move(3, 1, 0))  # seat 1's meeple 8 -> 9; on 11: seat 0, 1 and 2
    assert kinds(events, "event")[0][4] == (0, 1) and g.phase != "partner"


def test_r13_one_owner_opposite_gives_that_owners_index_zero_meeple():
    g = setup(meeples=[[8, 2], [11, 11], [10, 10]], hands=hands(([2], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11])
    events = play(g, move(2, 0, 0))
    assert kinds(events, "event")[0][4] == (1, 0)


def test_r13_the_active_player_chooses_among_several_owners():
    g = setup(meeples=[[8, 2], [11, 6], [11, 10]], hands=hands(([2], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11], scores=[0, 0, 4])
    play(g, move(2, 0, 0))
    assert g.phase == "partner" and g.to_move == 0
    assert [a.meeple for a in g.legal_actions()] == [(1, 0), (2, 0)]
    events = play(g, {"type": "partner", "meeple": [2, 0]})
    assert kinds(events, "event")[0][4] == (2, 0)
    assert g.scores == [2, 0, 4]  # seat 2 helps (+1) and is attacked at home 10 (-1)


def test_r13_nothing_triggers_during_redeployment():
    # The redeployed meeples land on 5 (card 8) and 7 (card 19): flanks facing each other.
    g = setup(meeples=[[1, 4], [6, 6], [10, 10]], hands=hands(([13], []), ([], []), ([], [])),
              movement_deck=[8, 19, 2])
    events = play(g, move(13, 0, 1))
    assert len(kinds(events, "event")) == 1 and sorted(g.pos[:2]) == [5, 7]


def test_r13_meeples_already_surrounding_a_home_score_nothing():
    g = setup(meeples=[[1, 3], [6, 6], [10, 10]], hands=hands(([4], []), ([], []), ([], [])),
              movement_deck=[9])
    events = play(g, move(4, 0, 0, "square"))  # 1 -> 4; the pair on 1 and 3 no longer matters
    assert not kinds(events, "event")


# ----- R14, R15 scoring: the worked examples ------------------------------


def _event_game(meeples, card, meeple, scores=(0, 0, 0)):
    g = setup(meeples=meeples, hands=hands(([card], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11], scores=list(scores))
    events = play(g, move(card, *meeple))
    return g, kinds(events, "event")[0][1]


def test_r14_supply_own_meeples_round_own_home():
    g, kind = _event_game([[1, 4], [6, 6], [10, 10]], 13, (0, 1))
    assert kind == "supply" and g.scores == [2, 0, 0]


def test_r14_noble_attack_own_meeples_round_another_home():
    g, kind = _event_game([[5, 8], [6, 6], [10, 10]], 13, (0, 1), scores=(0, 2, 0))
    assert kind == "noble_attack" and g.scores == [3, 1, 0]


def test_r14_own_meeple_with_an_opponents_partner():
    g, kind = _event_game([[8, 2], [11, 6], [10, 10]], 2, (0, 0), scores=(0, 0, 3))
    assert kind == "sneaky_attack" and g.scores == [2, 1, 2]


def test_r14_sneaky_attack_active_meeple_is_the_partner():
    # Seat 0 moves seat 1's meeple next to home 10, seat 0's own meeple opposite.
    g, kind = _event_game([[11, 2], [8, 6], [10, 10]], 3, (1, 0), scores=(0, 0, 3))
    assert kind == "sneaky_attack" and g.scores == [2, 1, 2]


def test_r14_active_player_gains_nothing_when_neither_meeple_is_theirs():
    g, kind = _event_game([[2, 2], [8, 6], [11, 10]], 3, (1, 0))
    assert kind == "attack" and g.scores == [0, 2, 0]


def test_r15_no_score_goes_below_zero():
    g, _ = _event_game([[5, 8], [6, 6], [10, 10]], 13, (0, 1))
    assert g.scores == [3, 0, 0]


# ----- R16 Défense ---------------------------------------------------------


def _defended_power(answer):
    g = setup(hands=hands(([2], ["voleur"]), ([3], ["defense"]), ([], [])), scores=[0, 3, 0],
              movement_deck=[9, 10])
    events = play(g, power("voleur", target=1))
    assert g.phase == "defend" and g.to_move == 1 and kinds(events, "ask_defense")
    play(g, {"type": "defend", "play": answer})
    return g


def test_r16_defense_cancels_a_targeted_power_card():
    g = _defended_power(True)
    assert g.scores == [0, 3, 0] and g.pdisc[-2:] == ["voleur", "defense"] and g.powers[1] == []
    assert g.phase == "move" and g.to_move == 0


def test_r16_declined_defense_lets_the_card_work():
    g = _defended_power(False)
    assert g.scores == [1, 2, 0] and g.powers[1] == ["defense"]


def test_r16_defense_against_an_event_cancels_all_its_points_but_not_the_redeployment():
    g = setup(meeples=[[5, 8], [6, 6], [10, 10]], hands=hands(([13], []), ([], ["defense"]), ([], [])),
              movement_deck=[9, 10, 11], scores=[0, 2, 0])
    play(g, move(13, 0, 1))
    assert g.phase == "defend" and g.to_move == 1
    events = play(g, {"type": "defend", "play": True})
    assert g.scores == [0, 2, 0] and len(kinds(events, "redeploy")) == 2 and g.active == 1


def test_r16_a_defended_event_still_stops_a_split_move():
    # Card 7 splits 2/+1: 3 -> 5 faces seat 0's meeple on 7 (noble attack at home 6).
    g = setup(meeples=[[3, 7], [6, 6], [10, 10]], hands=hands(([7], []), ([], ["defense"]), ([], [])),
              movement_deck=[9, 10, 11])
    events = play(g, move(7, 0, 0, "split"), {"type": "defend", "play": True})
    assert [e[3] for e in kinds(events, "move")] == [5]
    assert g.scores == [0, 0, 0] and len(kinds(events, "redeploy")) == 2


def test_r16_no_question_for_a_supply():
    g = setup(meeples=[[1, 4], [6, 6], [10, 10]], hands=hands(([13], []), ([], ["defense"]), ([], [])),
              movement_deck=[9, 10, 11])
    events = play(g, move(13, 0, 1))
    assert not kinds(events, "ask_defense") and g.scores == [2, 0, 0]


def test_r16_no_question_and_nothing_revealed_without_defense():
    g = setup(meeples=[[5, 8], [6, 6], [10, 10]], hands=hands(([13], []), ([], ["soin"]), ([], [])),
              movement_deck=[9, 10, 11])
    events = play(g, move(13, 0, 1))
    assert not kinds(events, "ask_defense") and g.view(0)["known"][1] == []


def test_r16_the_active_player_is_never_asked():
    # Seat 0 moves seat 1's meeple next to seat 0's own home, seat 2's meeple opposite.
    g = setup(meeples=[[6, 6], [4, 6], [1, 10]], hands=hands(([15], ["defense"]), ([], []), ([], [])),
              movement_deck=[9, 10, 11], scores=[2, 0, 0])
    events = play(g, move(15, 1, 0))  # 4 -> 3, opposite 1
    assert not kinds(events, "ask_defense") and g.scores == [1, 2, 1]


# ----- R17, R18 redeployment and the end of the move -----------------------


def test_r17_both_meeples_go_to_the_squares_of_drawn_cards_moved_meeple_first():
    # Deck: 9 (square 10) then 12 (square 1); the moved meeple is the active player's.
    g = setup(meeples=[[5, 8], [6, 6], [10, 10]], hands=hands(([13], []), ([], []), ([], [])),
              movement_deck=[9, 12, 2])
    events = play(g, move(13, 0, 1))
    assert [(e[1], e[2], e[4]) for e in kinds(events, "redeploy")] == [((0, 1), 9, 10), ((0, 0), 12, 1)]
    assert g.mdisc[-2:] == [9, 12] and g.moves[0] == [2]


def test_r17_the_active_players_meeple_is_redeployed_first():
    # Seat 0 moves seat 1's meeple next to home 10; seat 0's meeple opposite is redeployed first.
    g = setup(meeples=[[11, 2], [8, 6], [10, 10]], hands=hands(([3], []), ([], []), ([], [])),
              movement_deck=[9, 12, 2])
    events = play(g, move(3, 1, 0))
    assert [e[1] for e in kinds(events, "redeploy")] == [(0, 0), (1, 0)]


def test_r17_neither_meeple_active_moved_one_first():
    g = setup(meeples=[[2, 2], [8, 6], [11, 10]], hands=hands(([3], []), ([], []), ([], [])),
              movement_deck=[9, 12, 2])
    events = play(g, move(3, 1, 0))
    assert [e[1] for e in kinds(events, "redeploy")] == [(1, 0), (2, 0)]


def test_r18_after_the_move_the_active_player_draws_one():
    g = setup(meeples=[[5, 8], [6, 6], [10, 10]], hands=hands(([13], []), ([], []), ([], [])),
              movement_deck=[9, 12, 2])
    play(g, move(13, 0, 1))
    assert g.moves[0] == [2] and g.active == 1


# ----- R19, R20 extra and skipped turns ------------------------------------


def test_r19_vitesse_gives_one_more_complete_turn():
    g = _power_game("vitesse")
    events = play(g, power("vitesse"), DRAW)
    assert ("turn", 0, True) in events and g.active == 0 and g.phase == "move"
    play(g, DRAW)
    assert g.active == 1


def test_r19_extra_turns_add_up():
    g = _power_game("vitesse", extra_turns=1)
    play(g, power("vitesse"), DRAW, DRAW)
    assert g.active == 0 and g.extra == 0
    play(g, DRAW)
    assert g.active == 1


def test_r19_the_end_check_waits_for_the_extra_turn():
    g = setup(meeples=[[1, 4], [6, 6], [10, 10]], hands=hands(([13], ["vitesse"]), ([], []), ([], [])),
              movement_deck=[9, 10, 11, 12], scores=[11, 0, 0])
    play(g, power("vitesse"), move(13, 0, 1))  # supply: 13 points, but one more turn first
    assert not g.is_over and g.active == 0
    play(g, DRAW)
    assert g.is_over and g.winners == [0]


def test_r20_massue_skips_the_targets_next_turn():
    g = _power_game("massue")
    events = play(g, power("massue", target=1), DRAW)
    assert ("skip", 1) in events and g.active == 2 and g.skips == [0, 0, 0]


def test_r20_skips_add_up():
    g = _power_game("massue", skips=[0, 1, 0])
    play(g, power("massue", target=1), DRAW)
    assert g.active == 2 and g.skips == [0, 1, 0]
    play(g, DRAW, DRAW)  # seat 2, then seat 0; seat 1 is skipped again
    assert g.active == 2 and g.skips == [0, 0, 0]


# ----- R21 the end -----------------------------------------------------------


def test_r21_the_game_ends_after_a_turn_with_twelve_points():
    g = _power_game("force", scores=[10, 0, 0])
    play(g, power("force"))
    assert not g.is_over  # the turn is not over yet
    events = play(g, DRAW)
    assert g.is_over and g.winners == [0] and g.to_move is None and g.legal_actions() == ()
    assert events[-1] == ("over", (0,), (12, 0, 0))
    with pytest.raises(IllegalAction):
        g.apply(DRAW)


def test_r21_tied_players_share_the_win():
    g = _power_game("force", scores=[10, 12, 3])
    play(g, power("force"), DRAW)
    assert g.winners == [0, 1]


def test_r21_points_won_on_someone_elses_turn_end_the_game_too():
    g, _ = _event_game([[2, 2], [8, 6], [11, 10]], 3, (1, 0), scores=(0, 10, 0))
    assert g.is_over and g.winners == [1]


# ----- options ---------------------------------------------------------------


def test_option_target_changes_the_winning_score():
    g = _power_game("force", scores=[5, 0, 0], options={"target": 6})
    play(g, power("force"), DRAW)
    assert g.is_over


@pytest.mark.parametrize("target", [6, 12, 30])
def test_option_target_is_reached_at_the_target_score_or_more(target):
    """reaches_target, which the page's marks and the bots' reasons ask, is the end check of R21."""
    assert reaches_target(target, {"target": target}) and reaches_target(target + 1, {"target": target})
    assert not reaches_target(target - 1, {"target": target})
    for before in (target - 2, target - 1):
        g = _power_game("soin", scores=[before, 0, 0], options={"target": target})
        play(g, power("soin"), DRAW)
        assert g.is_over == reaches_target(before + 1, g.options)


def test_option_shield_defense_is_laid_face_down_in_the_power_phase():
    g = _power_game("defense", options={"defense": "shield"})
    events = play(g, power("defense"))
    assert g.shields == [True, False, False] and "defense" not in g.pdisc + g.powers[0]
    assert ("shield", 0) in events


def test_option_shield_cancels_the_next_targeted_card():
    g = _power_game("sortilege", options={"defense": "shield"}, shields=[False, True, False], scores=[0, 2, 0])
    events = play(g, power("sortilege", target=1))
    assert g.scores == [0, 2, 0] and g.shields == [False] * 3 and g.pdisc[-1] == "defense"
    assert ("defend", 1, True, "power") in events


def test_option_shield_cancels_only_the_victims_minus_one_of_an_event():
    g = setup(meeples=[[5, 8], [6, 6], [10, 10]], hands=hands(([13], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11], scores=[0, 2, 0], shields=[False, True, False],
              options={"defense": "shield"})
    play(g, move(13, 0, 1))
    assert g.scores == [3, 2, 0] and not g.shields[1]


def test_option_shield_is_not_spent_on_a_supply():
    g = setup(meeples=[[1, 4], [6, 6], [10, 10]], hands=hands(([13], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11], shields=[True, False, False], options={"defense": "shield"})
    play(g, move(13, 0, 1))
    assert g.shields[0] and g.scores == [2, 0, 0]


def test_option_hidden_scores_show_others_only_a_band():
    g = _power_game("force", scores=[0, 7, 12], options={"scores": "hidden"})
    v = g.view(0)
    assert v["scores"] == [0, None, None] and v["bands"] == ["0-2", "6-8", "12+"]
    events = [e for e in play(g, power("force"))]
    from lepeuple.core.events import redact
    assert redact(events[-1], 1, hidden_scores=True) == ("score", 0, None, None)
    assert redact(events[-1], 0, hidden_scores=True) == ("score", 0, 2, 2)
    noble = ("event", "noble_attack", 6, (0, 1), (0, 0), (3, -1, 0))
    assert redact(noble, 2, hidden_scores=True)[5] == (None, None, 0)
    assert redact(noble, 2)[5] == (3, -1, 0)


def test_option_unknown_values_are_refused():
    from lepeuple import SetupError
    for bad in ({"defense": "wall"}, {"scores": 1}, {"target": 5}, {"target": 31}, {"speed": 1}):
        with pytest.raises(SetupError):
            new_game(3, bad, 1)
