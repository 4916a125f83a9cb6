"""Bots say why (lepeuple/coach/reason.py, web/render/why.py): each decision's reason comes
from the bot's view and what its search weighed, and never names a card it cannot see,
nor one the person reading the log cannot see."""

import pytest

from lepeuple import bots, new_game
from lepeuple.coach.reason import why
from lepeuple.core.actions import Move, Power
from lepeuple.core.cards import NAMES
from lepeuple.core.resample import Resampler
from lepeuple.core.rng import Rng
from lepeuple.core.view import view
from web import i18n
from web.model.newgame import Seat
from web.render.why import CLOSE_CALL, why_text

SEATS = [Seat("human", "Ann"), Seat("bot", level="normal"), Seat("bot", level="hard")]


def name(seat):
    from web.render.common import player_name

    return player_name(SEATS, seat)


def decisions(seed, level="hard:24", limit=80):
    """(game before, seat, view, action, thinking) of each decision of a bot game."""
    g = new_game(3, seed=seed)
    for i in range(limit):
        if g.is_over:
            return
        seat = g.to_move
        v = view(g, seat)
        t = bots.think(v, level, seed=i)
        while not t.step(1.0):
            pass
        yield g.clone(), seat, v, t.action(), t, i
        g.apply(t.action())


def test_the_reason_of_a_noble_attack_gives_its_points_and_home():
    g = new_game(3, None, 1, {"meeples": [[5, 4], [6, 6], [10, 10]], "scores": [0, 2, 0],
                              "hands": [{"movement": [8]}, {}, {}]})
    r = why(g.view(0), Move(8, (0, 1), "circle"))
    assert (r["kind"], r["event"], r["victim"], r["deltas"]) == ("event", "noble_attack", 1, [3, -1, 0])
    assert why_text(r, SEATS, 1) == "noble attack on your home: Ann +3, you −1"


def test_a_reason_says_when_a_move_reaches_the_target():
    g = new_game(3, {"target": 12}, 1, {"meeples": [[5, 4], [6, 6], [10, 10]], "scores": [10, 2, 0],
                                        "hands": [{"movement": [8]}, {}, {}]})
    r = why(g.view(0), Move(8, (0, 1), "circle"))
    assert r["wins"] and "reaching 12 points" in why_text(r, SEATS, 1)


def test_a_pickaxe_reason_says_who_draws_the_power_card():
    g = new_game(3, None, 1, {"meeples": [[2, 2], [6, 6], [10, 10]], "hands": [{"movement": [4]}, {}, {}]})
    r = why(g.view(0), Move(4, (0, 0), "circle"))
    assert (r["kind"], r["drawer"], r["tile"]) == ("pickaxe", 0, 4)
    assert why_text(r, SEATS, 0) == "a power card for you at the pickaxe on tile 4"


def test_a_targeted_card_names_its_target_and_permutation_its_two_meeples():
    g = new_game(3, None, 1, {"meeples": [[2, 2], [6, 7], [10, 10]], "scores": [1, 5, 2],
                              "hands": [{"power": ["voleur", "permutation"]}, {}, {}]})
    r = why(g.view(0), Power("voleur", target=1))
    assert why_text(r, SEATS, 0) == "Voleur at {0}: a point taken ({0} leads with 5 points)".format(name(1))
    assert r["target"] == 1 and r["leader"]
    r = why(g.view(0), Power("permutation", meeple=(0, 0), other=(1, 1)))
    text = why_text(r, SEATS, 0)
    assert "Z1" in text and "B2" in text and "tile 2" in text and "tile 7" in text


def test_a_search_bot_gives_its_chance_and_the_runner_up():
    for _, seat, v, action, t, _ in decisions(3, limit=6):
        r = why(v, t.action(), t.weighed())
        if len(t.weighed()) > 1:
            assert 0 <= r["chance"] <= 1 and r["next"]["action"] != action
            text = why_text(r, SEATS, 0)
            if abs(r["chance"] - r["next"]["chance"]) < CLOSE_CALL:
                assert "a close call" in text.lower(), text
            else:
                assert "chance to win" in text and f"{round(100 * r['chance'])} %" in text, text


@pytest.mark.parametrize("seed", [2, 11])
def test_fairness_redealing_the_hidden_cards_leaves_the_reason_unchanged(seed):
    """The reason reads the view only: on a redeal of every card the bot cannot see, the
    same decision gives the same reason."""
    checked = 0
    for g, seat, v, action, t, i in decisions(seed, limit=40):
        other = Resampler(v).sample(Rng(seed * 1000 + i))
        assert other.moves != g.moves or other.powers != g.powers or other.mdeck != g.mdeck
        again = bots.think(view(other, seat), "hard:24", seed=i)
        while not again.step(1.0):
            pass
        assert why(view(other, seat), again.action(), again.weighed()) == why(v, t.action(), t.weighed())
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("lang", i18n.CODES)
def test_a_reason_never_names_a_card_hidden_from_its_reader(lang):
    """Over whole games: the reason shown to each other seat names no power card that seat
    cannot see (another's hand, the decks), the card just played and a Défense question
    (public, R16) aside."""
    i18n.set_language(lang)
    try:
        for seed in (4, 9):
            for g, seat, v, action, t, _ in decisions(seed, limit=70):
                r = why(v, t.action(), t.weighed())
                for reader in range(3):
                    if reader == seat:
                        continue
                    seen = set(g.powers[reader]) | set(g.pdisc) | {c for c in view(g, reader)["known"][seat]}
                    if action.type == "power":
                        seen.add(action.card)
                    if g.phase == "defend":
                        seen.add("defense")
                    text = why_text(r, SEATS, reader)
                    hidden = [name for c in NAMES if c not in seen
                              for name in {NAMES[c], i18n.power_name(c)} if name in text]
                    assert not hidden, (text, action)
    finally:
        i18n.set_language("en")


def test_a_chance_says_whose_and_a_close_call_says_so():
    """The search's weighing said as whose chance it is, or "a close call" when the runner-up
    was as good; a plain move with nothing weighed adds no line to the log's."""
    base = {"kind": "event", "event": "noble_attack", "victim": 1, "deltas": [3, -1, 0], "tile": 5,
            "wins": False, "target": 12, "seat": 2}
    draw = {"type": "draw"}
    text = why_text({**base, "chance": 0.26, "next": {"action": draw, "chance": 0.2}}, SEATS, 0)
    assert text.endswith(f"{name(2)} judged that this gives it a 26 % chance to win (draw two: 20 %)"), text
    close = why_text({**base, "chance": 0.36, "next": {"action": draw, "chance": 0.355}}, SEATS, 0)
    assert close.endswith("a close call: draw two looked as good") and "%" not in close, close
    plain = {"kind": "move", "meeple": [2, 0], "card": 4, "tile": 5, "seat": 2}
    assert why_text(plain, SEATS, 0) is None
    assert why_text({**plain, "chance": 0.4, "next": {"action": draw, "chance": 0.401}}, SEATS, 0) == \
        "A close call: draw two looked as good"
    hint = why_text({**base, "seat": 0, "chance": 0.5, "next": {"action": draw, "chance": 0.3}}, SEATS, 0)
    assert "gives you a 50 % chance to win" in hint
