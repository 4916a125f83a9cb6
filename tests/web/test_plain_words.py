"""Every choice and every step said plainly (issue 42): a redeployment to the tile it
stands on says so, Défense's line says every point it cancelled."""

from lepeuple import new_game
from lepeuple.core.events import named
from web.model.newgame import Seat
from web.render.log import describe, log

SEATS = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", level="easy")]


def test_a_redeployment_to_the_same_tile_says_it_stays():
    line = describe(("redeploy", (0, 1), 3, 3, 3), SEATS, 0)
    assert line == "Z2 (Ann) is redeployed by card 3: it stays on tile 3.", line
    moved = describe(("redeploy", (0, 1), 9, 3, 10), SEATS, 0)
    assert "from tile 3 to tile 10" in moved


def test_defense_says_every_point_it_cancelled():
    """As tests/scenarios/r16-defense-against-an-event.json: Ann's noble attack on Bob's
    home (Ann +3, Bob −1); Bob plays Défense: the line names both cancelled points."""
    g = new_game(3, None, 1, {"meeples": [[5, 8], [6, 6], [10, 10]], "scores": [0, 2, 0],
                              "hands": [{"movement": [13]}, {"power": ["defense"]}, {}],
                              "movement_deck": [9, 10, 11]})
    events = [named(e) for e in g.last_events()]
    events += [named(e) for e in g.apply({"type": "move", "card": 13, "meeple": [0, 1], "how": "circle"})]
    events += [named(e) for e in g.apply({"type": "defend", "play": True})]
    from web.markup import to_html

    html = to_html(log(events, SEATS, 1))
    line = next(part for part in html.split("<li") if "plays Défense" in part)
    assert "nobody scores for that attack, which cancels" in line
    assert "Ann +3 (noble attack)" in line and "Bob −1 (home attacked)" in line, line


def test_the_chart_has_its_axes_and_the_target_line():
    """A whole game's chart: turns along the foot, points up the side, the target named."""
    import random
    import re

    from web.markup import to_html
    from web.render.replay_view import chart

    g = new_game(3, None, 4)
    rng = random.Random(4)
    events = [named(e) for e in g.last_events()]
    while not g.is_over:
        events += [named(e) for e in g.apply(rng.choice(g.legal_actions()))]
    html = to_html(chart(events, SEATS, 12))
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", html)
    turns = sum(1 for e in events if e.type == "turn")
    assert {"turn", "points", "target: 12"} <= set(texts), texts
    assert "1" in texts and "0" in texts  # the first turn, no points
    assert max(int(x) for x in texts if x.isdigit()) <= max(turns, 12)


def test_a_power_card_that_would_do_nothing_says_so_before_it_is_played():
    """Sortilège with Bob at 0 points and the bot at 3: Bob's button says "no effect", the
    other says the point lost; the same words before Force is played: its gain."""
    from test_choices import _parsed, boot

    app, dom = boot({"hands": [{"power": ["sortilege", "force"], "movement": [2]}, {}, {}], "scores": [2, 0, 3]})
    app.command("card", "sortilege")
    targets = {arg: label for label, act, arg, _ in _parsed(dom) if act == "target" and label != "Target"}
    assert targets["1"].endswith("Barbares bot has 0 points: no effect"), targets
    assert "Fées bot −1" in targets["2"] and "no effect" not in targets["2"], targets
    assert 'data-effect="none"' in dom.html
    app.command("card", "force")
    confirm = [label for label, act, _, _ in _parsed(dom) if act == "confirm"]
    assert confirm and "you +2" in confirm[0], confirm


def test_each_reviewed_mistake_has_a_reason_in_words():
    """From the facts the review keeps (lepeuple.coach.review.facts): the open flank the move
    left, a card that did nothing, an event the better move had."""
    from lepeuple.coach.review import facts
    from lepeuple.core.actions import from_json
    from web.render.why import mistake_line

    def line(setup, played, better):
        g = new_game(3, None, 1, setup)
        return mistake_line({"why": facts(g.view(0), from_json(played), from_json(better))}, SEATS)

    exposed = line({"meeples": [[2, 2], [6, 6], [10, 10]], "hands": [{"movement": [8, 4]}, {}, {}]},
                   {"type": "move", "card": 8, "meeple": [0, 0], "how": "circle"},  # to 5, by Bob's home
                   {"type": "move", "card": 4, "meeple": [0, 0], "how": "circle"})  # to the pickaxe on 4
    assert exposed == "your meeple was left on an open flank by Bob's home, where an opponent could score with it"
    nothing = line({"hands": [{"power": ["sortilege"]}, {}, {}], "scores": [0, 0, 3]},
                   {"type": "power", "card": "sortilege", "target": 1},
                   {"type": "power", "card": "sortilege", "target": 2})
    assert nothing == "Sortilège at Bob did nothing: Bob had 0 points"
    missed = line({"meeples": [[5, 4], [6, 6], [10, 10]], "hands": [{"movement": [8, 2]}, {}, {}]},
                  {"type": "move", "card": 2, "meeple": [0, 0], "how": "circle"},  # 5 to Bob's home
                  {"type": "move", "card": 8, "meeple": [0, 1], "how": "circle"})
    assert missed == "missed: noble attack on Bob's home: you +3", missed  # Bob at 0 loses nothing (R15)
