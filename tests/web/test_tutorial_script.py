"""The guided first game: every scripted step is legal in the engine and leads to
the state its text describes; the page refuses other moves with a reason, keeps
its progress under its own key, and can be left and resumed."""

import json
import random

import pytest
from fakedom import FakeDom

from lepeuple import tutorial as script
from lepeuple.actions import from_json
from web import i18n
from web.app import App
from web.storage import SAVE_KEY, MemoryBackend
from web.tutorial import KEY, Tutorial, progress

# What each step's "done" text says: scores (Z, B, F), tiles of (Z1, Z2, B1), and words of the text.
AFTER = {
    "own": ([0, 2, 3], (3, 2, 6), ["tile 3", "(7)"]),
    "supply": ([2, 2, 3], (11, 2, 6), ["+2", "tile 2", "card 18", "tile 11", "card 10"]),
    "pickaxe": ([2, 2, 3], (11, 5, 6), ["tile 4", "Force", "tile 5"]),
    "power": ([4, 2, 3], (11, 5, 6), ["now 4"]),
    "noble": ([7, 2, 2], (9, 1, 6), ["now 7", "now 2", "tile 1", "card 12", "tile 9", "card 11"]),
    "defense": ([7, 2, 2], (9, 1, 6), ["7 points"]),
    "other": ([9, 3, 1], (2, 1, 6), ["now 9", "now 3", "now 1", "Z1 to tile 2", "B1 to tile 6"]),
}


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


def _events(step_index):
    game, events = script.replay(step_index, True)
    return game, events[step_index]


@pytest.mark.parametrize("index", [i for i, s in enumerate(script.STEPS) if s["expect"] is not None],
                         ids=[s["id"] for s in script.STEPS if s["expect"] is not None])
def test_each_step_is_legal_and_leads_to_what_its_text_says(index):
    step = script.STEPS[index]
    game, _ = script.replay(index, False)
    action = from_json(step["expect"][0])
    assert game.to_move == 0 and action in game.legal_actions()
    events = game.apply(action)
    scores, (z1, z2, b1), words = AFTER[step["id"]]
    if step["id"] != "other":
        assert game.scores == scores and (game.pos[0], game.pos[1], game.pos[2]) == (z1, z2, b1)
    else:  # the tiles after redeployment; scores
        assert game.scores == scores and (game.pos[0], game.pos[2]) == (z1, b1)
    text = i18n.t(f"tut.{step['id']}.done")
    for w in words:
        assert w in text, (step["id"], w)
    for other in step["then"]:  # the other players' scripted actions are legal too
        assert from_json(other) in game.legal_actions()
        game.apply(from_json(other))
    kinds = {e[0] for e in events}
    expect = {"own": set(), "supply": {"event", "redeploy"}, "pickaxe": {"pickaxe"}, "power": {"power"},
              "noble": {"event", "redeploy"}, "defense": {"defend"}, "other": {"event", "redeploy", "reshuffle"}}
    assert expect[step["id"]] <= kinds


def test_the_script_covers_what_a_first_game_must_show():
    _, events = script.replay(len(script.STEPS) - 1, False)
    flat = [e for step in events for e in step]
    plays = [e for e in flat if e[0] == "play" and e[1] == 0]
    from lepeuple.cards import MOVEMENT

    assert any(MOVEMENT[e[2]].own for e in plays) and any(not MOVEMENT[e[2]].own for e in plays)
    kinds = [e[1] for e in flat if e[0] == "event"]
    assert {"supply", "noble_attack", "sneaky_attack"} <= set(kinds)
    assert any(e[0] == "pickaxe" and e[1][0] == 0 for e in flat)
    assert any(e[0] == "power" and e[1] == 0 for e in flat)
    assert any(e[0] == "defend" and e[1] == 0 and e[2] for e in flat)
    assert any(e[0] == "redeploy" for e in flat)
    # The split's first step is a stop: the pickaxe is drawn between its two moves.
    pick = next(i for i, e in enumerate(flat) if e[0] == "pickaxe")
    assert flat[pick - 1][0] == "move" and flat[pick + 2][0] == "move"


def test_every_step_has_its_texts_in_every_language():
    for lang in ("en", "fr", "ja"):
        catalog = i18n.catalog(lang)
        for step in script.STEPS:
            keys = ["title"] + (["do", "done"] if step["expect"] else ["text"])
            for k in keys:
                assert catalog.get(f"tut.{step['id']}.{k}"), (lang, step["id"], k)


def make(search="?tutorial=1", backend=None):
    dom = FakeDom()
    app = App(dom, backend or MemoryBackend(), search, ["en"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    return app, dom


def play_step(app):
    """Make the step's decision with the clicks a person would make (card, meeple, tile, how)."""
    tut = app.tutorial
    exp = tut.expected()
    if exp.type == "defend":
        app.command("defend", True)
        return
    app.command("card", exp.card)
    if exp.type == "power":
        app.command("confirm")
        return
    for _ in range(3):
        if tut.done:
            return
        step = tut.current_chooser().step
        if step == "meeple":
            app.command("meeple", list(exp.meeple))
        elif step == "tile":
            app.command("tile", tut.game.path(exp)[-1])
        elif step == "how":
            app.command("how", exp.how)
    assert tut.done


def test_the_guided_game_by_clicks_from_start_to_end_keeps_the_saved_game():
    backend = MemoryBackend()
    backend.setItem(SAVE_KEY, "untouched")
    app, dom = make(backend=backend)
    assert dom.flags["screen"] == "tutorial"
    for _ in range(len(script.STEPS)):
        if app.tutorial.expected() is not None:
            play_step(app)
            assert 'data-testid="coach-refused"' not in dom.html
        if app.tutorial.finished:
            break
        app.command("tut-next")
    assert app.tutorial.finished and "tut-play" in dom.html
    assert backend.getItem(SAVE_KEY) == "untouched"
    app.command("tut-play")
    assert dom.flags["screen"] == "new" and backend.getItem(KEY) is None


def test_other_moves_are_refused_with_a_reason():
    app, dom = make()
    app.command("tut-next")  # step "own": card 2 to tile 3
    app.command("draw")
    assert "Not that: drawing two" in dom.text()
    app.command("card", 13)
    assert "card 2, marked in your hand" in dom.text()
    app.command("card", 2)
    app.command("tile", 1)
    assert "goes to tile 3" in dom.text()
    assert app.tutorial.game.pos[0] == 2 and not app.tutorial.done  # nothing was played
    app.command("tile", 3)
    assert app.tutorial.done and app.tutorial.game.pos[0] == 3


def test_left_and_resumed_where_it_was():
    backend = MemoryBackend()
    app, dom = make(backend=backend)
    app.command("tut-next")
    play_step(app)
    app.command("tut-next")
    assert progress(backend) == (2, False)
    app.command("tut-leave")
    assert dom.flags["screen"] == "new"
    assert "step 3 of 9" in dom.text()  # the offer to resume
    app2, dom2 = make("", backend)
    assert ("tutorial", None) in dom2.acts()
    app2.command("tutorial")
    assert dom2.flags["screen"] == "tutorial" and app2.tutorial.index == 2
    assert app2.tutorial.game.pos[0] == 3  # the same table


def test_offered_on_the_first_visit_only():
    app, dom = make("")
    assert 'data-testid="tut-offer"' in dom.html
    backend = MemoryBackend()
    backend.setItem("lepeuple.prefs", json.dumps({"lang": "en"}))
    app, dom = make("", backend)
    assert 'data-testid="tut-offer"' not in dom.html
    assert ("tutorial", None) in dom.acts()  # the header's button


def test_unreadable_progress_starts_over():
    backend = MemoryBackend()
    backend.setItem(KEY, "{not json")
    assert progress(backend) == (None, False)
    backend.setItem(KEY, json.dumps({"step": 99, "done": False}))
    assert Tutorial.resume(backend).index == 0


def test_why_opens_the_rules_beside_the_guided_game():
    app, dom = make()
    app.command("rules", "R1")
    assert 'data-testid="rules-panel"' in dom.html and 'data-testid="coach"' in dom.html
    app.command("rules-close")
    assert 'data-testid="rules-panel"' not in dom.html
