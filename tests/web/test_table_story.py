"""The table tells the story (web/model/playback.py, web/render/log.py, web/model/choices.py, web/app.py):
steps shown one at a time, the log grouped by turn with points by reason, take back a
slip, previews that decide when "which way?" is worth asking. Driven on a fake DOM."""

import json
import random

import lepeuple
from fakedom import FakeDom
from lepeuple import preview
from lepeuple.core.events import named
from web.app import App
from web.markup import to_html
from web.model import storage
from web.model.choices import Chooser
from web.model.newgame import Seat
from web.model.playback import SCORING, frames
from web.model.storage import MemoryBackend
from web.render.log import describe, log, turns

SEATS = [Seat("human", name="Ann"), Seat("bot", level="easy"), Seat("bot", level="easy")]


def scenario_save(setup, players=3, actions=(), seats=None):
    """A save that resumes a game set up exactly (docs/engine.md scenario setup)."""
    record = {"format": 1, "players": players, "options": {"defense": "reaction", "scores": "visible", "target": 12},
              "seed": 1, "setup": setup, "actions": list(actions)}
    return {storage.SAVE_KEY: storage.encode(seats or SEATS, record)}


def boot(items, search="?speed=instant"):
    dom = FakeDom()
    app = App(dom, MemoryBackend(items), search, ["en-GB"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    return app, dom


# ----- steps ---------------------------------------------------------------

def _scoring_move():
    """Seat 0 moves its meeple 2 → 5 (card 8: +3) next to home 6, its other meeple on 7:
    a noble attack (+3, Barbares −1), then both meeples are redeployed."""
    game = lepeuple.new_game(3, None, 1, {"meeples": [[2, 7], [6, 6], [10, 10]], "scores": [0, 2, 0],
                                          "hands": [{"movement": [8]}, {"movement": [2]}, {"movement": [3]}],
                                          "movement_deck": [1, 4, 9, 12, 13]})
    before = game.view(None)["meeples"]
    events = game.apply({"type": "move", "card": 8, "meeple": [0, 0], "how": "circle"})
    return game, before, [named(e) for e in events]  # as the page's log holds them


def test_a_move_is_shown_as_steps_with_the_scoring_step_held_longest():
    game, before, events = _scoring_move()
    steps = frames(events, 10, before)
    kinds = [[e[0] for e in f.events] for f in steps]
    assert kinds[0][:2] == ["play", "move"]  # the card played goes with the step it makes
    assert "event" in kinds[1] and "score" in kinds[1]
    assert steps[1].hold == SCORING and steps[0].hold < SCORING
    assert kinds[2][:2] == ["redeploy", "redeploy"]  # both redeployments are one step
    assert steps[0].meeples[0][0] == 5 and steps[1].meeples[0][0] == 5  # where they stood then
    assert steps[-1].meeples == game.view(None)["meeples"]
    assert {t for t, c in steps[1].tiles.items() if c == "scoring"} == {5, 6, 7}
    assert steps[0].start == 10 and steps[-1].end <= 10 + len(events)
    assert all(e[0] != "turn" for e in steps[-1].events)  # the next turn's heading comes after


# ----- the log ---------------------------------------------------------------

def test_each_turn_has_its_heading_above_its_own_lines_in_order():
    game, rng = lepeuple.new_game(3, None, 5), random.Random(5)
    events = game.last_events()
    for _ in range(40):
        events += game.apply(rng.choice(game.legal_actions()))
    events = [named(e) for e in events]
    html = to_html(log(events, SEATS, 0))
    groups = html.split('<li class="log-turn')[1:]
    assert len(groups) == sum(1 for e in events if e[0] in ("turn", "skip"))  # open or folded, all there
    for group in groups:
        seat = int(group.split('data-seat="')[1].split('"')[0])
        head, lines = group.split("</h3>")[0], group.split("</h3>")[1]
        name = "Ann" if seat == 0 else ("Barbares" if seat == 1 else "Fées")
        assert name in head
        for play in [x for x in lines.split("<li") if " plays " in x or " draws two" in x]:
            assert name in play.split(" plays ")[0].split(" draws two")[0]
    first, second = html.index(groups[0][:40]), html.index(groups[1][:40])
    assert first < second  # newest turn first


def test_the_log_keeps_every_turn_of_a_whole_game():
    game, rng = lepeuple.new_game(4, None, 9), random.Random(9)
    events = game.last_events()
    while not game.is_over:
        events += game.apply(rng.choice(game.legal_actions()))
    events = [named(e) for e in events]
    seats = SEATS + [Seat("bot", level="easy")]
    html = to_html(log(events, seats, 0))
    assert html.count('<li class="log-turn') == len(turns(events))
    assert "earlier turns" in html and "Game over" in html
    assert "Ann&#x27;s turn" in html or "Ann's turn" in html  # the very first turn is still there


def test_an_events_points_are_split_by_reason_with_the_floor_at_zero():
    game, before, events = _scoring_move()
    event = next(e for e in events if e[0] == "event")
    text = describe(event, SEATS, 0, active=0, applied={0: 3, 1: -1})
    assert "Ann +3 (noble attack)" in text and "−1 (home attacked)" in text
    floored = describe(event, SEATS, 0, active=0, applied={0: 3, 1: 0})
    assert "no score goes below 0" in floored and ": 0" in floored


# ----- choices -------------------------------------------------------------

def test_two_ways_to_a_tile_are_asked_only_when_their_results_differ():
    # Card 7 (+3, split 2/+1) from tile 2: circle and split both end on 5. With nothing
    # on 4's way or round 5 they do the same; with a pickaxe stop on 4 they differ.
    game = lepeuple.new_game(3, None, 1, {"meeples": [[2, 2], [6, 6], [10, 10]],
                                          "hands": [{"movement": [7]}, {}, {}]})
    view = game.view(0)
    chooser = Chooser(game.legal_actions(), game.phase, game.path, lambda a: preview(view, a))
    chooser.click("card", 7)
    chooser.click("meeple", [0, 0])
    ways = chooser.ways(5)
    assert {w.how for w in ways} == {"circle", "split"}  # the split stops on the pickaxe of 4
    assert chooser.click("tile", 5) is None and chooser.step == "how"
    assert chooser.click("how", "split").how == "split"


def test_same_results_by_two_ways_play_at_once():
    # Card 11 (+5, split 4/+1) from 1: circle to 6, split 5 then 6; nothing happens on 5.
    game = lepeuple.new_game(3, None, 1, {"meeples": [[1, 2], [6, 6], [10, 10]],
                                          "hands": [{"movement": [11]}, {}, {}]})
    view = game.view(0)
    chooser = Chooser(game.legal_actions(), game.phase, game.path, lambda a: preview(view, a))
    chooser.click("card", 11)
    chooser.click("meeple", [0, 0])
    assert len(chooser.ways(6)) == 1
    assert chooser.click("tile", 6) is not None


def test_a_meeple_can_be_chosen_before_the_card():
    game = lepeuple.new_game(3, None, 1, {"meeples": [[1, 3], [6, 6], [10, 10]],
                                          "hands": [{"movement": [2, 8]}, {}, {}]})
    chooser = Chooser(game.legal_actions(), game.phase, game.path)
    assert (0, 1) in chooser.offer().meeples
    chooser.click("meeple", [0, 1])
    assert chooser.offer().meeple == (0, 1)
    chooser.click("card", 8)
    assert chooser.step == "tile" and chooser.meeple == (0, 1)


# ----- the controller --------------------------------------------------------

def test_take_back_a_skip_then_play_on_and_it_is_saved():
    items = scenario_save({"hands": [{"movement": [2], "power": ["force"]}, {}, {}]})
    app, dom = boot(items)
    assert ("skip", None) in dom.acts() and ("undo", None) not in dom.acts()
    app.command("skip")
    dom.run_tasks()
    assert ("undo", None) in dom.acts()
    app.command("undo")
    dom.run_tasks()
    assert app.session.game.phase == "power" and app.session.game.history == []
    saved = json.loads(app.store.backend.items[storage.SAVE_KEY])
    assert saved["record"]["actions"] == []
    again, dom2 = boot(app.store.backend.items)
    assert again.session.game.phase == "power" and ("skip", None) in dom2.acts()


def test_no_take_back_once_a_card_was_drawn():
    items = scenario_save({"hands": [{"movement": [2], "power": []}, {}, {}]})
    app, dom = boot(items)
    app.command("draw")
    dom.run_tasks()
    assert ("undo", None) not in dom.acts()
    assert app.session.undoable(0) == 0


def test_pause_stops_the_bots_and_step_plays_one_decision():
    app, dom = boot({}, "?players=bot:easy,bot:easy,human&seed=4&speed=instant")
    app.command("again")  # a fresh game; bots are about to play
    app.command("pause")
    dom.run_tasks()
    before = len(app.session.game.history)
    assert ("play-on", None) in dom.acts() and ("step", None) in dom.acts()
    app.command("step")
    dom.run_tasks()
    assert len(app.session.game.history) - before <= 1
    app.command("play-on")
    dom.run_tasks()
    assert not app.session.is_bot(app.session.game.to_move) or app.session.game.is_over


def test_the_next_game_gets_a_new_seed_unless_a_link_gives_one():
    app, dom = boot({}, "?players=human,bot:easy,bot:easy&seed=7&speed=instant")
    assert app.session.game.seed == 7
    app.command("new")
    app.command("discard")
    assert 'name="seed" inputmode="numeric" autocomplete="off" value=""' in dom.html


def test_a_hint_goes_away_when_the_player_chooses_otherwise():
    items = scenario_save({"hands": [{"movement": [2, 8], "power": []}, {}, {}]})
    app, dom = boot(items)
    app.command("hint")
    dom.run_tasks()
    assert app.game.hint.action is not None
    other = next(c for c in (2, 8) if c != getattr(app.game.hint.action, "card", None))
    app.command("card", other)
    assert app.game.hint.action is None


def test_a_take_back_writes_a_line_in_the_log():
    items = scenario_save({"hands": [{"movement": [2], "power": ["force"]}, {}, {}]})
    app, dom = boot(items)
    app.command("card", "force")
    app.command("confirm")
    dom.run_tasks()
    assert app.session.undoable(0) == 1  # nothing hidden revealed, nothing random
    app.command("undo")
    dom.run_tasks()
    assert "Ann took back: Force." in dom.text()
    app.command("skip")
    dom.run_tasks()
    assert "Ann took back: Force." in dom.text()  # the line stays as the game goes on
