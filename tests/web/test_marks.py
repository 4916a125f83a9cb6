"""Marks in words: a landing tag says the whole change of each way to a tile, that a move
reaches the target score, and who draws at a pickaxe; one tag per way."""

import re

import pytest

from lepeuple import new_game
from lepeuple.coach.preview import preview
from web.markup import to_html
from web.model.choices import Chooser
from web.model.newgame import Seat
from web.render.outcome import outcome_tag
from web.render.ring import ring

SEATS = [Seat("human", "Ann"), Seat("bot", level="easy"), Seat("bot", level="easy")]


def tag(game, action, seat=0):
    v = game.view(seat)
    return outcome_tag(preview(v, action), v)


def move(card, meeple, how):
    return {"type": "move", "card": card, "meeple": list(meeple), "how": how}


def test_a_tag_gives_every_part_of_the_change_and_the_home_that_pays():
    g = new_game(3, None, 1, {"meeples": [[5, 4], [6, 6], [10, 10]], "scores": [0, 2, 0],
                              "hands": [{"movement": [8]}, {}, {}]})
    assert tag(g, move(8, (0, 1), "circle")) == "you +3, B's home −1"


def test_a_tag_names_your_own_home_when_you_pay():
    # A sneaky attack on one's own home: Z moves next to home 2 with B's meeple opposite.
    g = new_game(3, None, 1, {"meeples": [[2, 6], [1, 6], [10, 10]], "scores": [4, 2, 0],
                              "hands": [{"movement": [1]}, {}, {}]})
    assert tag(g, move(1, (0, 0), "circle")) == "you +2, B +1, your home −1"


def test_a_tag_says_when_the_move_reaches_the_target():
    g = new_game(3, {"target": 12}, 1, {"meeples": [[5, 4], [6, 6], [10, 10]], "scores": [10, 2, 0],
                                        "hands": [{"movement": [8]}, {}, {}]})
    assert tag(g, move(8, (0, 1), "circle")) == "you +3, B's home −1 · reaches 12"


def test_a_pickaxe_tag_says_who_draws():
    g = new_game(3, None, 1, {"meeples": [[2, 2], [6, 10], [10, 10]], "hands": [{"movement": [4, 6]}, {}, {}]})
    assert tag(g, move(4, (0, 0), "circle")) == "+card"
    assert tag(g, move(6, (1, 0), "circle")) == "B +card"  # B's meeple moved onto the pickaxe on 8


def test_the_open_flank_tag_says_who_could_score_off_it():
    """A meeple left on a flank with nobody opposite: the tag names, by letter, who plays before
    the viewer and could score by ending a move opposite; the words name the helper's point
    and the home that pays."""
    from web.render.outcome import outcome_text

    g = new_game(3, None, 1, {"meeples": [[2, 2], [6, 6], [10, 10]], "hands": [{"movement": [8, 13]}, {}, {}]})
    assert tag(g, move(8, (0, 0), "circle")) == "open: B F"  # tile 5 flanks B's home
    words = outcome_text(preview(g.view(0), move(8, (0, 0), "circle")), SEATS, 0)
    assert "tile 7" in words and "you +1 as the helper" in words and "Barbares bot −1" in words, words
    assert tag(g, move(13, (0, 0), "circle")) == "open: B F"  # tile 1 flanks Ann's own home
    g = new_game(3, None, 1, {"meeples": [[2, 2], [6, 6], [10, 10]], "extra_turns": 1,
                              "hands": [{"movement": [8]}, {}, {}]})
    assert tag(g, move(8, (0, 0), "circle")) == "open"  # Ann's extra turn comes first (R19): nobody can


def test_ways_with_one_result_share_one_tag():
    """Card 8 from tile 2: circle and square both end on tile 5 alike: one tag with both marks."""
    g = new_game(3, None, 1, {"meeples": [[2, 2], [6, 6], [10, 10]], "hands": [{"movement": [8]}, {}, {}]})
    v = g.view(0)
    chooser = Chooser(g.legal_actions(), g.phase, g.path, lambda a: preview(v, a))
    chooser.click("card", 8)
    html = to_html(ring(v, SEATS, chooser.offer()))
    tile5 = html[html.index('data-tile="5"'):html.index('data-tile="6"')]
    assert tile5.count('class="way-tag"') == 1 and "how-circle" in tile5 and "how-square" in tile5


def test_one_tag_per_way_to_a_tile():
    """Tile 5 reached by a circle (left exposed) and by a split through the pickaxe on 4:
    two tags, each after its way's mark, not one tag joining both."""
    g = new_game(3, None, 1, {"meeples": [[2, 3], [6, 6], [10, 10]], "scores": [0, 0, 0],
                              "hands": [{"movement": [7, 13]}, {"movement": [2, 3]}, {"movement": [4, 9]}]})
    v = g.view(0)
    chooser = Chooser(g.legal_actions(), g.phase, g.path, lambda a: preview(v, a))
    chooser.click("card", 7)
    chooser.click("meeple", [0, 0])
    html = to_html(ring(v, SEATS, chooser.offer()))
    tile5 = html[html.index('data-tile="5"'):]
    tile5 = tile5[:tile5.index('data-tile="6"')]
    ways = re.findall(r'<span class="way-tag"><svg class="how how-(\w+)".*?</svg>([^<]*)</span>', tile5)
    assert sorted(ways) == [("circle", "open: B F"), ("split", "+card · open: B F")], ways


def test_the_legend_is_on_the_table_and_names_every_mark_of_the_board():
    from test_web_app import make

    app, dom, _ = make("?players=human,bot:easy,bot:easy&seed=11&speed=instant")
    html = dom.html
    legend = html[html.index('<details class="legend"'):]
    legend = legend[:legend.index("</details>")]
    for mark in ("trail-from", "trail-to", "reach", "via", "chosen", "hint-to", "scoring"):
        assert f'legend-swatch {mark}"' in legend, mark  # every halo the ring draws (style.css)
    for how in ("circle", "square", "split"):
        assert f"how-{how}" in legend
    for sample in (">+card<", ">partner?<", ">open: B F<", "your home −1", "reaches 12"):
        assert sample in legend, sample
    assert 'class="legend-open open-mark"' in legend and "nobody on the other flank" in legend
    assert "<summary " in legend and "Legend" in legend  # a details: one tap, no hover, no script


@pytest.mark.parametrize(("lang", "tag"), [("en", "reaches 15"), ("fr", "atteint 15"), ("ja", "15点到達")])
def test_the_legend_says_the_games_own_target_score(lang, tag):
    """A game to 15 is explained with the tag its tiles show ("reaches 15"), in every language."""
    from test_web_app import make

    _, dom, _ = make(f"?players=human,bot:easy,bot:easy&seed=11&speed=instant&target=15&lang={lang}")
    legend = dom.html[dom.html.index('<details class="legend"'):]
    legend = legend[:legend.index("</details>")]
    assert f">{tag}<" in legend and ">" + tag.replace("15", "12") + "<" not in legend


def test_the_score_says_what_it_counts():
    from test_web_app import make

    app, dom, _ = make("?players=human,bot:easy,bot:easy&seed=11&speed=instant")
    assert dom.html.count('title="Points so far: once someone has 12 at the end of a turn') == 3


def test_the_turn_sound_is_off_by_default_and_remembered():
    from test_web_app import make

    app, dom, backend = make("?players=human,bot:easy,bot:easy&seed=11&speed=instant")
    assert dom.sound is False and 'name="sound"' in dom.html
    app.change("sound", "on")
    assert dom.sound is True
    again, dom2, _ = make("", backend.items)
    assert dom2.sound is True and again.device.sound == "on"


def _pawn(html, meeple):
    """The markup of one meeple's pawn on the ring: its element, up to its own end tag."""
    start = html.rindex("<", 0, html.index(f'data-key="meeple-{meeple}"'))
    tag = re.match(r"<(\w+)", html[start:]).group(1)
    depth = 0
    for m in re.finditer(rf"<(/?){tag}\b[^>]*>", html[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return html[start:start + m.end()]
    raise AssertionError(meeple)


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_exposed_meeple_carries_a_mark_naming_who_could_score_off_it(lang):
    """Z1 alone on tile 3 (nobody on 1): marked with "!" and the badges of B and F, who play
    before Ann can move it; its name says so in words. Z2 on its home and the facing pair on
    5 and 7 carry no mark. Drawn the same whoever looks (the facts are public)."""
    from web import i18n

    i18n.set_language(lang)
    try:
        g = new_game(3, None, 1, {"meeples": [[3, 2], [5, 6], [7, 10]]})
        for seat in (0, 1, None):
            html = to_html(ring(g.view(seat), SEATS))
            assert html.count('class="open-mark"') == 1
            z1 = _pawn(html, "0-0")
            assert "meeple pawn exposed" in z1 and 'class="open-bang">!<' in z1
            assert z1.count('class="badge') == 2 and ">B<" in z1 and ">F<" in z1 and ">Z<" not in z1
            assert i18n.t("meeple.open", meeple="Z1 (Ann)", opposite=1, gains="").split("Z1")[0] in z1
            for other in ("0-1", "1-0", "2-0"):
                assert "open-mark" not in _pawn(html, other)
    finally:
        i18n.set_language("en")


def test_the_mark_says_each_threats_gain_and_you_when_you_could_score():
    """Seen by the Barbares, Z1 alone by B's own home (tile 7, nobody on 5): "you +1" (B pays
    its home's 1), "Fées bot +2"."""
    g = new_game(3, None, 1, {"meeples": [[7, 2], [6, 6], [10, 10]]})
    html = to_html(ring(g.view(1), SEATS))
    z1 = _pawn(html, "0-0")
    assert 'aria-label="Z1 (Ann): open, nobody on tile 5.' in z1 and "scores with it: you +1, Fées bot +2" in z1, z1


def test_a_seat_whose_change_comes_to_0_is_not_listed():
    """Z2 lands on 5 beside B1 (on 7, by B's own home 6): a sneaky attack, you +2, B +1 as the
    helper and −1 for its home: B's change is 0, so the tag says "you +2" only, as the words do
    (issue 50, item 9)."""
    from web.render.outcome import outcome_text

    g = new_game(3, None, 1, {"meeples": [[2, 2], [7, 6], [10, 10]], "scores": [3, 3, 3],
                              "hands": [{"movement": [8]}, {}, {}]})
    assert tag(g, move(8, (0, 0), "circle")) == "you +2"
    assert "you +2" in outcome_text(preview(g.view(0), move(8, (0, 0), "circle")), SEATS, 0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_landing_tag_lists_a_seat_whose_change_is_0_and_every_other_is_listed(players):
    import random

    from lepeuple.core.actions import Move

    chooser, checked = random.Random(players), 0
    who = {"you": None, "your home": None}
    for seed in range(4):
        g = new_game(players, None, seed)
        while not g.is_over and len(g.history) < 200:
            if g.phase == "move":
                v = g.view(g.to_move)
                for action in g.legal_actions():
                    if not isinstance(action, Move):
                        continue
                    p = preview(v, action)
                    for step in p["steps"]:
                        if "event" not in step:
                            continue
                        parts = outcome_tag({**p, "steps": [step], "wins": False, "exposed": False}, v).split(", ")
                        named = set()
                        for part in parts:
                            name = part.rsplit(" ", 1)[0]
                            seat = who.get(name, "?")
                            if seat == "?":
                                seat = "ZBFOP".index(name[0])
                            named.add(v["seat"] if seat is None else seat)
                        changed = {s for s, d in enumerate(step["event"]["deltas"]) if d}
                        assert named == changed or (not changed and parts == ["no points"]), (parts, step)
                        checked += 1
            g.apply(chooser.choice(g.legal_actions()))
    assert checked > 100
