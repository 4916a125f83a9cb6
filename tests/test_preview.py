"""Previews of a move from a view (lepeuple.preview): what the page shows while a
player points at a landing tile. Each preview is checked against what the engine
then does on the true game."""

import doctest
import random
import sys

import pytest

from lepeuple import IllegalAction, InvalidAction, new_game, preview, same_outcome
from lepeuple.core.actions import DEFEND_NO, Move
from support import setup

HOMES_3P = [[2, 2], [6, 6], [10, 10]]


def move(card, seat, index, how="circle"):
    return {"type": "move", "card": card, "meeple": [seat, index], "how": how}


def hands(*seats):
    return [{"movement": m, "power": p} for m, p in seats]


def engine_outcome(game, action):
    """The preview's fields, read from the events of the move on a copy of the true
    game: steps (tile, pickaxe draw, event with the deltas as applied), final tile."""
    g = game.clone()
    events = g.apply(action)
    if g.phase == "defend":  # the preview tells what happens when nobody defends
        events += g.apply(DEFEND_NO)
    steps, event = [], None
    for i, e in enumerate(events):
        if e[0] == "move":
            steps.append({"tile": e[3]})
        elif e[0] == "pickaxe":
            steps[-1]["pickaxe"] = True
            after = [x for x in events[i + 1:] if x[0] != "reshuffle"][0]
            if after[0] in ("hand_full", "deck_empty"):
                steps[-1][after[0]] = True
        elif e[0] == "event":
            event = {"kind": e[1], "home": e[2], "meeple": list(e[3]), "partner": list(e[4]),
                     "deltas": [0] * g.players}
            steps[-1]["event"] = event
        elif e[0] == "score" and event is not None:
            event["deltas"][e[1]] = e[2]
    m = action["meeple"] if isinstance(action, dict) else action.meeple
    final = None if event else g.meeple_tile(m)
    return {"steps": steps, "final": final, "phase": g.phase, "pending": g.pending}


def comparable(p):
    """A preview without the fields the engine's events do not carry."""
    steps = []
    for step in p["steps"]:
        step = dict(step)
        if "event" in step:
            step["event"] = {k: v for k, v in step["event"].items()
                             if k in ("kind", "home", "meeple", "partner", "deltas")}
        steps.append(step)
    return {"steps": steps, "final": p["final"]}


def check_against_engine(game, action):
    p = preview(game.view(game.to_move), action)
    done = engine_outcome(game, action)
    if p["partner_choice"]:
        assert done["phase"] == "partner"
        choices = p["steps"][-1]["partner_choice"]
        assert [list(divmod(k, 2)) for k in done["pending"][1]] == choices
        for choice, outcome in zip(choices, p["steps"][-1]["outcomes"]):
            g = game.clone()
            g.apply(action)
            events = g.apply({"type": "partner", "meeple": choice})
            if g.phase == "defend":
                events += g.apply(DEFEND_NO)
            deltas = [0] * g.players
            for e in events:
                if e[0] == "score":
                    deltas[e[1]] = e[2]
            assert outcome["deltas"] == deltas and outcome["partner"] == choice
        return p
    assert comparable(p) == {"steps": done["steps"], "final": done["final"]}
    return p


# ----- each event kind (R13-R15) ---------------------------------------------

EVENTS = {
    # seat 0 moves (0,0) from its home 2 to 1, its other meeple on 3: supply, +3 -1
    "supply": (dict(meeples=[[2, 3], [6, 6], [10, 10]], hands=hands(([13], []), ([], []), ([], []))),
               move(13, 0, 0), [2, 0, 0]),
    # seat 0 moves (0,0) from 6 to 5 with (0,1) on 7: noble attack; seat 1 at 0 stays at 0 (R15)
    "noble_attack": (dict(meeples=[[6, 7], [6, 6], [10, 10]], hands=hands(([13], []), ([], []), ([], []))),
                     move(13, 0, 0), [3, 0, 0]),
    # docs/rules.md R14 example 3
    "sneaky_attack": (dict(meeples=[[8, 2], [11, 6], [10, 10]], hands=hands(([2], []), ([], []), ([], [])),
                           scores=[0, 0, 3]), move(2, 0, 0), [2, 1, -1]),
    # docs/rules.md R14 example 4: seat 0 moves seat 1's meeple 8 -> 9 with seat 2's on 11
    "attack": (dict(meeples=[[2, 2], [8, 6], [11, 10]], hands=hands(([3], []), ([], []), ([], [])),
                    scores=[0, 0, 5]), move(3, 1, 0), [0, 2, 0]),
}


@pytest.mark.parametrize("kind", EVENTS)
def test_r14_each_event_kind_previews_the_points_the_engine_scores(kind):
    given, action, deltas = EVENTS[kind]
    g = setup(movement_deck=[20, 21, 22, 23], **given)
    p = check_against_engine(g, action)
    event = p["steps"][-1]["event"]
    assert event["kind"] == kind and event["deltas"] == deltas and event["raw"] == []
    assert p["redeployed"] and p["final"] is None and not p["stops_early"]


def test_r15_the_floor_at_zero_is_in_the_preview():
    given, action, _ = EVENTS["sneaky_attack"]
    g = setup(movement_deck=[20, 21, 22], **{**given, "scores": [0, 0, 0]})
    p = check_against_engine(g, action)
    assert p["steps"][0]["event"]["deltas"] == [2, 1, 0]


# ----- splits (R11), pickaxes (R12), partner choice (R13) ----------------------

def test_r11_a_split_whose_first_step_causes_an_event_stops_there():
    # card 7 split 2/+1: (0,0) 7 -> 9, seat 1's meeple on 11: the event ends the move
    g = setup(meeples=[[7, 2], [11, 6], [10, 10]], hands=hands(([7], []), ([], []), ([], [])),
              movement_deck=[20, 21, 22])
    p = check_against_engine(g, move(7, 0, 0, "split"))
    assert [s["tile"] for s in p["steps"]] == [9] and p["stops_early"] and p["redeployed"]


def test_r12_a_pickaxe_on_the_first_step_then_an_event_on_the_second():
    # card 7 split: (0,0) 2 -> 4 (pickaxe: seat 0 draws) -> 5, seat 1's meeple on 7
    g = setup(meeples=[[2, 2], [7, 6], [10, 10]], hands=hands(([7], []), ([], []), ([], [])),
              movement_deck=[20, 21, 22], power_deck=["force", "soin"])
    p = check_against_engine(g, move(7, 0, 0, "split"))
    assert p["steps"][0] == {"tile": 4, "pickaxe": True}
    assert p["steps"][1]["event"]["kind"] == "sneaky_attack" and not p["stops_early"]


def test_r8_a_pickaxe_with_a_full_hand_says_so():
    # seat 1 holds 7 cards; seat 0 moves seat 1's meeple 2 -> 4 with card 6 (other, +2)
    g = setup(meeples=[[6, 6], [2, 6], [10, 10]],
              hands=hands(([6], []), ([1, 2, 3, 4, 5], ["force", "soin"]), ([], [])),
              movement_deck=[20, 21])
    p = check_against_engine(g, move(6, 1, 0))
    assert p["steps"] == [{"tile": 4, "pickaxe": True, "hand_full": True}] and p["final"] == 4


def test_r13_a_partner_choice_lists_the_choices_and_stops():
    g = setup(meeples=[[8, 2], [11, 6], [11, 10]], hands=hands(([2], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11], scores=[0, 0, 4])
    p = check_against_engine(g, move(2, 0, 0))
    assert p["partner_choice"] and p["steps"][-1]["partner_choice"] == [[1, 0], [2, 0]]
    assert [o["deltas"] for o in p["steps"][-1]["outcomes"]] == [[2, 1, -1], [2, 0, 0]]
    assert p["final"] is None and p["redeployed"]


# ----- exposure, same outcome --------------------------------------------------

def test_a_meeple_left_on_a_flank_with_nobody_opposite_is_exposed():
    g = setup(meeples=[[3, 2], [6, 6], [10, 10]], hands=hands(([8, 3], []), ([], []), ([], [])),
              movement_deck=[20, 21])
    view = g.view(0)
    assert preview(view, move(8, 0, 1))["exposed"]  # 2 -> 5, nobody on 7
    assert not preview(view, move(8, 0, 0))["exposed"]  # 3 -> 6, a home
    assert not preview(view, move(3, 1, 0))["exposed"]  # an opponent's meeple 6 -> 7


def test_same_outcome_tells_when_two_ways_differ():
    # card 7 from 3: circle and square both reach 6; the split passes 5 (nobody on 7)
    g = setup(meeples=[[3, 2], [6, 6], [10, 10]], hands=hands(([7], []), ([], []), ([], [])),
              movement_deck=[20, 21])
    view = g.view(0)
    assert same_outcome(view, move(7, 0, 0, "circle"), move(7, 0, 0, "square"))
    assert same_outcome(view, move(7, 0, 0, "circle"), move(7, 0, 0, "split"))
    # from 1: circle 1 -> 4 (pickaxe); split 1 -> 3 -> 4: the same; with a meeple on 1...
    g = setup(meeples=[[2, 2], [6, 6], [10, 10]], hands=hands(([7], []), ([], []), ([], [])),
              movement_deck=[20, 21])
    # card 7 from 2: circle 2 -> 5; split 2 -> 4 (a pickaxe) -> 5: not the same
    assert not same_outcome(g.view(0), move(7, 0, 0, "circle"), move(7, 0, 0, "split"))


# ----- fairness, hidden information, options -------------------------------------

def test_previews_depend_only_on_what_the_viewer_sees():
    """Two games alike in all the viewer sees, the unseen cards dealt otherwise (one
    where the victim holds Défense): the same views, so the same previews; and each
    preview is what its engine then does (nobody defending)."""
    common = dict(meeples=[[2, 8], [11, 7], [10, 10]], scores=[1, 2, 3])
    a = setup(hands=hands(([7, 2, 11], ["force"]), ([5, 6], ["defense"]), ([12], ["soin", "chance"])),
              movement_deck=[20, 21, 22, 23], power_deck=["troc", "vitesse"], **common)
    b = setup(hands=hands(([7, 2, 11], ["force"]), ([20, 12], ["troc"]), ([23], ["vitesse", "defense"])),
              movement_deck=[5, 6, 21, 22], power_deck=["chance", "soin"], **common)
    a.apply({"type": "pass"})
    b.apply({"type": "pass"})
    assert a.view(0) == b.view(0)
    moves = [x for x in a.legal_actions() if isinstance(x, Move)]
    for x in moves:
        assert check_against_engine(a, x) == check_against_engine(b, x)


def test_r16_reaction_an_event_says_it_could_be_defended_without_saying_whether():
    given, action, _ = EVENTS["sneaky_attack"]
    holds = setup(movement_deck=[20, 21, 22], **{**given, "hands": hands(([2], []), ([], []), ([], ["defense"]))})
    p = preview(holds.view(0), action)
    assert p["steps"][0]["event"]["defendable"] and p["steps"][0]["event"]["deltas"] == [2, 1, -1]
    holds_not = setup(movement_deck=[20, 21, 22], **{**given, "hands": hands(([2], []), ([], []), ([], ["soin"]))})
    assert preview(holds_not.view(0), action) == p


def test_option_shield_a_public_shield_cancels_the_victims_point():
    given, action, _ = EVENTS["sneaky_attack"]
    g = setup(options={"defense": "shield"}, movement_deck=[20, 21, 22], shields=[False, False, True], **given)
    p = check_against_engine(g, action)
    event = p["steps"][0]["event"]
    assert event["deltas"] == [2, 1, 0] and event["shield"] and not event["defendable"]


def test_option_hidden_scores_give_raw_changes_only_where_the_band_cannot_tell():
    given, action, _ = EVENTS["sneaky_attack"]
    for victim_score, deltas, raw in ((4, [2, 1, -1], []), (1, [2, 1, -1], [2])):
        g = setup(options={"scores": "hidden"}, movement_deck=[20, 21, 22],
                  **{**given, "scores": [0, 0, victim_score]})
        event = preview(g.view(0), action)["steps"][0]["event"]
        assert event["deltas"] == deltas and event["raw"] == raw


def test_preview_rejects_what_is_not_a_move_the_viewer_can_play():
    g = setup(meeples=HOMES_3P, hands=hands(([2], []), ([5], []), ([], [])), movement_deck=[20, 21])
    with pytest.raises(InvalidAction):
        preview(g.view(0), {"type": "draw"})
    with pytest.raises(IllegalAction):
        preview(g.view(1), move(5, 1, 0))  # not seat 1's turn
    with pytest.raises(IllegalAction):
        preview(g.view(0), move(5, 0, 0))  # not in the hand
    with pytest.raises(IllegalAction):
        preview(g.view(0), move(2, 1, 0))  # an own card on an opponent's meeple


@pytest.mark.parametrize("players, options", [(3, {}), (4, {"defense": "shield"}), (5, {})])
def test_every_preview_of_random_games_matches_the_engine(players, options):
    chooser = random.Random(players)
    checked = 0
    for seed in range(6):
        g = new_game(players, options, seed)
        while not g.is_over and len(g.history) < 250:
            legal = g.legal_actions()
            if g.phase == "move":
                for x in legal:
                    if isinstance(x, Move):
                        check_against_engine(g, x)
                        checked += 1
            g.apply(chooser.choice(legal))
    assert checked > 1000


def test_preview_doctest():
    assert doctest.testmod(sys.modules["lepeuple.coach.preview"]).failed == 0
