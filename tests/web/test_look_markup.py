"""The table's look as markup (issue 42): meeples as pawns in a layer of their own, placed
below their tile's picture and keyed; a meeple that walks carries its tiles (data-walk);
every repeated element has its key; the score track puts each player at their score."""

import re

from lepeuple import new_game
from lepeuple.core.events import named
from web.markup import to_html
from web.model import playback
from web.model.newgame import Seat
from web.render.layout import CARD_RATIO, WIDE, layout
from web.render.panels import panels, score_track
from web.render.ring import ring

SEATS = [Seat("human", "Ann"), Seat("bot", level="easy"), Seat("bot", level="easy")]


def pawns(html):
    """{key: (tile, x, y, width, walk)} of every pawn drawn (wide layout)."""
    out = {}
    for tag in re.findall(r'<(?:span|button)[^>]*class="meeple pawn[^"]*"[^>]*>', html):
        key = re.search(r'data-key="([^"]+)"', tag).group(1)
        x, y, w = (float(re.search(rf"--{v}1:([\d.]+)", tag).group(1)) for v in ("mx", "my", "pw"))
        walk = re.search(r'data-walk="([^"]+)"', tag)
        out[key] = (int(re.search(r'data-on="(\d+)"', tag).group(1)), x, y, w, walk.group(1) if walk else None)
    return out


def test_meeples_are_pawns_below_their_tiles_picture():
    g = new_game(3, None, 1, {"meeples": [[2, 2], [6, 7], [10, 10]]})
    html = to_html(ring(g.view(0), SEATS))
    drawn = pawns(html)
    assert set(drawn) == {f"meeple-{s}-{i}" for s in range(3) for i in range(2)}
    width, places = layout(12, WIDE)
    tile_height = width * CARD_RATIO * WIDE  # in % of the ring's height
    for tile, x, y, w, _ in drawn.values():
        cx, cy = places[tile - 1]
        assert y - w * 1.3 * WIDE / 2 > cy - tile_height * 0.05  # the pawn's top is below the picture's middle
        assert abs(x - cx) < width / 2
    home2 = html[html.index('data-tile="2"'):html.index('data-tile="3"')]
    assert 'class="emblem"' in home2 and "pawn" not in home2  # the emblem stands alone on its tile


def test_a_meeple_that_walks_carries_its_tiles():
    """Card 7 split from tile 2: 2 → 4 (a pickaxe), then +1 to 5: the step shown walks 3, 4."""
    g = new_game(3, None, 1, {"meeples": [[2, 2], [6, 6], [10, 10]], "hands": [{"movement": [7]}, {}, {}]})
    before = g.view(None)["meeples"]
    events = [named(e) for e in g.apply({"type": "move", "card": 7, "meeple": [0, 0], "how": "split"})]
    frames = playback.frames(events, 0, before)
    walks = {}
    for frame in frames:
        for meeple, tiles in frame.walks.items():
            walks.setdefault(meeple, []).extend(tiles)
    assert walks == {(0, 0): [3, 4, 5]}
    html = to_html(ring(g.view(0), SEATS, walks={(0, 0): frames[0].walks[(0, 0)]}))
    assert pawns(html)["meeple-0-0"][4] == "3 4"


def test_every_repeated_element_has_its_key():
    g = new_game(3, None, 1, {"hands": [{"movement": [7], "power": ["force"]}, {}, {}]})
    html = to_html(ring(g.view(0), SEATS)) + to_html(panels(g.view(0), SEATS))
    for key in [f"tile-{n}" for n in range(1, 13)]:  # a tile is a region of its own: sent alone when it changes
        assert html.count(f'data-region="{key}"') == 1, key
    for key in [f"panel-{s}" for s in range(3)]:
        assert html.count(f'data-key="{key}"') == 1, key


def test_the_score_track_puts_each_player_at_their_score():
    g = new_game(3, {"target": 12}, 1, {"scores": [3, 0, 12]})
    html = to_html(score_track(g.view(0), SEATS))
    markers = re.findall(r'class="track-marker[^"]*" style="left:([\d.]+)%', html)
    assert [float(x) for x in markers] == [25.0, 0.0, 100.0], markers
    assert ">12<" in html and "Score track to 12" in html


def test_tied_markers_on_the_score_track_stand_one_above_the_other():
    g = new_game(3, {"target": 12}, 1, {"scores": [5, 5, 6]})
    html = to_html(score_track(g.view(0), SEATS))
    placed = re.findall(r'class="track-marker[^"]*" style="left:([\d.]+)%;--level:(\d)', html)
    assert [(float(x), int(level)) for x, level in placed] == [(41.67, 0), (41.67, 1), (50.0, 0)], placed
    assert "--rows:2" in html  # the track makes room for both rows
