"""Every click counts (web/model/choices.py and the buttons that feed it): a highlighted tile
that several meeples can reach asks which meeple, and a labelled way to move ("split:
tiles 4 → 5", circle, square) is played as labelled, never followed by "Which way?"."""

import json
import random
import re
from html.parser import HTMLParser

import lepeuple
from fakedom import FakeDom
from lepeuple import preview
from web.app import App
from web.model import storage
from web.model.choices import Chooser
from web.model.newgame import Seat
from web.model.storage import MemoryBackend

SEATS = [Seat("human", name="Ann"), Seat("bot", level="easy"), Seat("bot", level="easy")]

# Card 7 (+3, split 2/+1, square 6) from tile 2: circle to 5, split 4 (a pickaxe) then 5,
# square to 6; Ann's two meeples share tile 2, so the meeple is chosen by itself.
TWO_WAYS = {"meeples": [[2, 2], [6, 6], [10, 10]],
            "hands": [{"movement": [7]}, {"movement": [2]}, {"movement": [3]}]}
# Card 8 (+3, square 5): Ann's meeples on tiles 1 and 3 both reach tile 5 by its square.
TWO_MEEPLES = {"meeples": [[1, 3], [6, 6], [10, 10]],
               "hands": [{"movement": [8]}, {"movement": [2]}, {"movement": [3]}]}


def chooser_for(setup):
    game = lepeuple.new_game(3, None, 1, setup)
    view = game.view(0)
    return game, Chooser(game.legal_actions(), game.phase, game.path, lambda a: preview(view, a))


def boot(setup):
    record = {"format": 1, "players": 3, "options": {"defense": "reaction", "scores": "visible", "target": 12},
              "seed": 1, "setup": setup, "actions": []}
    dom = FakeDom()
    app = App(dom, MemoryBackend({storage.SAVE_KEY: storage.encode(SEATS, record)}), "?speed=instant",
              ["en-GB"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    return app, dom


class Buttons(HTMLParser):
    """[label parts, data-act, data-arg, data-how] of every button of the page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.buttons, self._open = [], None

    def handle_starttag(self, tag, attrs):
        if tag == "button":
            a = dict(attrs)
            self._open = [[], a.get("data-act"), a.get("data-arg"), a.get("data-how")]
            self.buttons.append(self._open)

    def handle_endtag(self, tag):
        if tag == "button":
            self._open = None

    def handle_data(self, data):
        if self._open is not None:
            self._open[0].append(data)


def buttons(dom):
    """(label, data-act, data-arg) of every button."""
    return [(label, act, arg) for label, act, arg, _ in _parsed(dom)]


def reach_buttons(dom):
    """how -> (label, data-act, data-arg) of the labelled ways to move ("split: tiles 4 → 5")."""
    return {how: (label, act, arg) for label, act, arg, how in _parsed(dom) if how}


def _parsed(dom):
    parser = Buttons()
    parser.feed(dom.html)
    return [("".join(label).strip(), act, arg, how) for label, act, arg, how in parser.buttons]


def click(app, act, raw_arg):
    """What web/dom.py does with a clicked button: its data-act and parsed data-arg."""
    app.command(act, json.loads(raw_arg) if raw_arg else None)


def played(app):
    return app.session.game.history


# ----- a labelled choice is final -------------------------------------------------------

def test_a_labelled_way_is_played_as_labelled_never_asked_again():
    app, dom = boot(TWO_WAYS)
    app.command("card", 7)
    labelled = reach_buttons(dom)
    assert set(labelled) == {"circle", "split", "square"}
    label, act, arg = labelled["split"]
    assert label.startswith("split: tiles 4 → 5")
    click(app, act, arg)
    assert "two ways" not in dom.text()
    assert [(a.card, a.meeple, a.how) for a in played(app)] == [(7, (0, 0), "split")]


def test_each_labelled_way_of_the_chooser_plays_that_way():
    game, c = chooser_for(TWO_WAYS)
    c.click("card", 7)
    assert c.step == "tile"
    for r in c.reaches():
        action = c.click("how", r.how)
        assert action == r.action and action in game.legal_actions()
        assert c.step == "tile"  # nothing changed: the move is played by the caller


def test_the_tile_alone_still_asks_which_way_when_results_differ():
    _, c = chooser_for(TWO_WAYS)
    c.click("card", 7)
    assert c.click("tile", 5) is None and c.step == "how"
    assert {r.how for r in c.offer().hows} == {"circle", "split"}


def test_two_ways_with_the_same_result_are_one_button():
    """Card 8 (+3, square 5) from tile 2: its circle and its square both end on tile 5 with
    the same result: one button that names both ways, and it plays."""
    app, dom = boot({"meeples": [[2, 2], [6, 6], [10, 10]],
                     "hands": [{"movement": [8]}, {"movement": [2]}, {"movement": [3]}]})
    app.command("card", 8)
    ways = [(label, act, arg) for label, act, arg, how in _parsed(dom) if how]
    assert len(ways) == 1, ways
    label, act, arg = ways[0]
    assert label.startswith("circle or square: to tile 5"), label
    click(app, act, arg)
    assert [(a.card, a.meeple) for a in played(app)] == [(8, (0, 0))]


def test_ways_with_different_results_keep_a_button_each():
    app, dom = boot(TWO_WAYS)  # circle and split both reach 5, the split drawing at the pickaxe on 4
    app.command("card", 7)
    assert sorted(reach_buttons(dom)) == ["circle", "split", "square"]


# ----- a tile several meeples reach asks which meeple ------------------------------------

def test_a_tile_two_meeples_reach_asks_which_meeple():
    game, c = chooser_for(TWO_MEEPLES)
    c.click("card", 8)
    assert c.step == "meeple"
    assert c.click("tile", 5) is None
    o = c.offer()
    assert o.step == "meeple" and o.tile == 5 and set(o.meeples) == {(0, 0), (0, 1)}
    assert {r.tile for r in o.previews} == {5}  # only the tile asked about stays lit
    action = c.click("meeple", [0, 1])
    assert action in game.legal_actions() and (action.meeple, action.how) == ((0, 1), "square")


def test_cancel_goes_back_from_which_meeple_to_every_tile():
    _, c = chooser_for(TWO_MEEPLES)
    c.click("card", 8)
    c.click("tile", 5)
    c.click("cancel")
    o = c.offer()
    assert o.step == "meeple" and o.tile is None and {r.tile for r in o.previews} > {5}


def test_twins_on_one_tile_are_one_answer_not_a_question():
    # Card 21 (−3, square 11) moves an opponent's meeple: the Barbares' twins stand on 6,
    # the Fées' on 10. Tile 3 only the Barbares' twins reach: either is the same move.
    setup = {"meeples": [[1, 3], [6, 6], [10, 10]], "hands": [{"movement": [21]}, {"movement": [2]}, {}]}
    game, c = chooser_for(setup)
    c.click("card", 21)
    assert c.step == "meeple"
    action = c.click("tile", 3)
    assert action in game.legal_actions() and (action.meeple[0], action.how) == (1, "circle")
    # Tile 11 (both squares) the Barbares and the Fées reach: asked, one meeple of each.
    _, c = chooser_for(setup)
    c.click("card", 21)
    assert c.click("tile", 11) is None
    assert c.offer().meeples == [(1, 0), (2, 0)]
    assert c.click("meeple", [2, 0]).meeple == (2, 0)


def test_the_page_asks_which_meeple_and_plays_the_answer():
    app, dom = boot(TWO_MEEPLES)
    app.command("card", 8)
    app.command("tile", 5)
    assert "Card 8: which meeple goes to tile 5?" in dom.text()
    meeples = [(act, arg) for _, act, arg in buttons(dom) if act == "meeple"]
    assert ("meeple", "[0,1]") in meeples and ("meeple", "[0,0]") in meeples
    click(app, "meeple", "[0,1]")
    assert [(a.card, a.meeple, a.how) for a in played(app)] == [(8, (0, 1), "square")]


def test_a_meeple_on_a_landing_tile_is_chosen_by_clicking_it_on_the_board():
    """Card 8 (+3, square 5) with Ann's meeples on 2 and 5: tile 5 is a landing tile and
    holds Z2. Z2 stays a button on the board: clicking it chooses Z2, not the tile."""
    app, dom = boot({"meeples": [[2, 5], [6, 6], [10, 10]],
                     "hands": [{"movement": [8]}, {"movement": [2]}, {"movement": [3]}]})
    app.command("card", 8)
    html = dom.html
    tile5 = html[html.index('data-tile="5"'):html.index('data-tile="6"')]
    assert 'data-act="tile"' in tile5  # the tile is a landing tile, and Z2 standing on it is a button
    pawn = re.search(r'<button[^>]*data-arg="\[0,1\]"[^>]*>', html[html.index('class="meeple-layer"'):]).group(0)
    # Z2 alone on flank 5 (nobody on 7): a button, marked open.
    assert 'class="meeple pawn clickable exposed" data-act="meeple"' in pawn and 'data-on="5"' in pawn, pawn
    app.command("meeple", [0, 1])
    assert app.game.chooser.meeple == (0, 1) and app.game.chooser.step == "tile"


def test_a_movement_card_can_be_looked_at_in_the_power_phase():
    """Ann holds Force and card 8 in her power phase: clicking card 8 shows where it would go
    (its landing tiles and their tags) without a tile to click; skipping is still offered."""
    app, dom = boot({"meeples": [[2, 2], [6, 6], [10, 10]],
                     "hands": [{"movement": [8], "power": ["force"]}, {"movement": [2]}, {"movement": [3]}]})
    assert app.session.game.phase == "power"
    app.command("card", 8)
    html = dom.html
    assert "Card 8: where it could go" in html
    tile5 = html[html.index('data-tile="5"'):html.index('data-tile="6"')]
    assert 'class="tile-target looking"' in tile5 and "open: B F" in tile5
    assert 'data-act="tile"' not in html and not app.session.game.history
    app.command("card", "force")  # another card can still be chosen
    assert app.game.chooser.step == "confirm"
    app.command("card", 8)
    app.command("skip")
    assert [a.type for a in app.session.game.history] == ["pass"]


def test_each_permutation_swap_says_what_it_leads_to():
    """Ann holds Permutation and picks Z1 (tile 5): each meeple it may swap with is a button
    saying the swap and what it leads to — Z1 left open on tile 11 (the Barbares +2, the Fées
    +1 by their own home), or none of her meeples open (issue 50, item 8)."""
    app, dom = boot({"meeples": [[5, 3], [1, 6], [11, 10]],
                     "hands": [{"movement": [2], "power": ["permutation"]}, {"movement": [3]}, {"movement": [4]}]})
    app.command("card", "permutation")
    app.command("meeple", [0, 0])
    swaps = {}
    for label, act, arg in buttons(dom):  # the pawn on the board and the button in the prompt
        if act == "meeple":
            swaps.setdefault(arg, []).append("".join(label))
    to_f1 = " ".join(swaps["[2,0]"])
    assert "Z1 on tile 11, open: Barbares bot +2, Fées bot +1" in to_f1 and "tiles 5 and 11 swap places" in to_f1
    to_b2 = " ".join(swaps["[1,1]"])
    assert "none of your meeples left open" in to_b2 and "tiles 5 and 6 swap places" in to_b2
    app.command("meeple", [2, 0])  # a click on the button plays the swap, as before
    assert app.session.game.meeple_tile((0, 0)) == 11
