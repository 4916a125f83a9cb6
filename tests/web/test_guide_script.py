"""The guided game: every chapter starts from a scenario setup and is played by the
engine; each scripted step is legal and leads to the state its text describes; the
chapters together teach every power card; the guide never tells what has not
happened yet; the page refuses other moves with a reason, keeps each chapter's
progress under its own key, and can be left and resumed. Japanese text names
the power cards by the user's summary's names."""

import json
import random
import re

import pytest

from fakedom import FakeDom
from lepeuple.coach import guide_script as script
from lepeuple.core.actions import from_json
from lepeuple.core.cards import POWER_IDS
from lepeuple.core.events import named
from lepeuple.core.scenario import run as run_scenario
from lepeuple.core.setup import state_json
from web import i18n
from web.app import App
from web.model.guide_game import KEY, GuideGame, progress
from web.model.storage import SAVE_KEY, MemoryBackend
from web.render.log import describe


def _tiles(game, *meeples):
    return tuple(game.pos[2 * seat + i] for seat, i in meeples)


Z1, Z2, B1 = (0, 0), (0, 1), (1, 0)

# What each step's "done" text says, checked on the engine's state after the step's
# decision: the scores (Z, B, F), a check of the state, and words of the text.
AFTER = {
    "own": ([0, 2, 3], lambda g: _tiles(g, Z1, Z2, B1) == (3, 2, 6), ["tile 3", "(7)"]),
    "supply": ([2, 2, 3], lambda g: _tiles(g, Z1, Z2, B1) == (11, 2, 6),
               ["+2", "tile 2", "card 18", "tile 11", "card 10"]),
    "pickaxe": ([2, 2, 3], lambda g: _tiles(g, Z1, Z2) == (11, 5) and "force" in g.powers[0],
                ["tile 4", "Force", "tile 5"]),
    "power": ([4, 2, 3], lambda g: g.phase == "move", ["now 4"]),
    "noble": ([7, 2, 2], lambda g: _tiles(g, Z1, Z2) == (9, 1), ["now 7", "now 2", "tile 1", "card 12", "tile 9",
                                                                  "card 11"]),
    "defense": ([7, 2, 2], lambda g: "defense" not in g.powers[0], ["7 points"]),
    "other": ([9, 3, 1], lambda g: _tiles(g, Z1, B1) == (2, 6),
              ["now 9", "now 3", "now 1", "helper", "Z1 to tile 2", "B1 to tile 6"]),
    "soin": ([4, 4, 5], lambda g: g.phase == "move", ["+1", "now 4"]),
    "voleur": ([5, 4, 4], lambda g: True, ["you 5, Fées 4"]),
    "sortilege": ([5, 4, 4], lambda g: g.to_move == 1 and g.phase == "defend", ["asks them"]),
    "full": ([5, 4, 4], lambda g: g.hand_size(0) == 7 and g.moves[0][-1] == 15, ["Card 15", "7 cards", "not drawn"]),
    "bandit": ([5, 4, 4], lambda g: "force" in g.powers[0] and not g.powers[1] and g.hand_size(1) == 2,
               ["their Force"]),
    "magie_noire": ([5, 4, 4], lambda g: "chance" in g.pdisc and g.hand_size(2) == 2, ["their Chance"]),
    "troc": ([5, 4, 4], lambda g: (g.moves[0], g.powers[0], g.moves[1], g.powers[1])
             == ([3, 4, 8], ["force", "soin"], [2], []), ["cards 3, 4 and 8, Force and Soin", "card 2"]),
    "chance": ([5, 4, 4], lambda g: g.moves[0][-1] == 15 and g.powers[0] == ["vitesse"], ["(15)", "(Vitesse)"]),
    "vitesse": ([10, 7, 6], lambda g: g.extra == 1 and g.phase == "move", ["one more complete turn"]),
    "extra": ([10, 7, 6], lambda g: g.to_move == 0 and g.phase == "power" and g.moves[0][-2:] == [14, 15],
              ["cards 14 and 15", "extra turn"]),
    "massue": ([10, 7, 6], lambda g: g.skips[1] == 1, ["skip their next turn"]),
    "after_massue": ([10, 7, 6], lambda g: g.to_move == 2 and g.skips[1] == 0 and "permutation" in g.powers[0],
                     ["Permutation", "skipped", "the Fées are next"]),
    "permutation": ([10, 7, 6], lambda g: _tiles(g, Z1, B1) == (8, 12) and not g.powers[1], ["Z1 on 8, B1 on 12"]),
    "win": ([13, 6, 6], lambda g: g.is_over and g.winners == [0] and _tiles(g, Z1, Z2) == (8, 11),
            ["now 13", "now 6", "tiles 8 and 11", "13 to 6 and 6"]),
}

# The events each decision must cause (what the text explains).
CAUSES = {
    "own": set(), "supply": {"event", "redeploy"}, "pickaxe": {"pickaxe"}, "power": {"power"},
    "noble": {"event", "redeploy"}, "defense": {"defend"}, "other": {"event", "redeploy", "reshuffle"},
    "soin": {"score"}, "voleur": {"score"}, "sortilege": {"ask_defense"}, "full": {"draw", "hand_full"},
    "bandit": {"steal"}, "magie_noire": {"discard"}, "troc": {"swap_hands"}, "chance": {"draw"},
    "vitesse": {"extra_turn"}, "extra": {"turn"}, "massue": {"power"}, "after_massue": {"pickaxe", "skip"},
    "permutation": {"swap_meeples"}, "win": {"event", "over"},
}

DECISIONS = [(c, i) for c in range(len(script.CHAPTERS)) for i, s in enumerate(script.steps(c)) if s["expect"]]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


@pytest.mark.parametrize("chapter, index", DECISIONS, ids=[script.steps(c)[i]["id"] for c, i in DECISIONS])
def test_each_step_is_legal_and_does_what_its_text_says(chapter, index):
    step = script.steps(chapter)[index]
    game, _ = script.replay(chapter, index, False)
    action = from_json(step["expect"][0])
    assert game.to_move == 0 and action in game.legal_actions()
    events = game.apply(action)
    scores, check, words = AFTER[step["id"]]
    assert game.scores == scores and check(game), step["id"]
    text = i18n.t(f"tut.{step['id']}.done")
    for w in words:
        assert w in text, (step["id"], w)
    assert CAUSES[step["id"]] <= {e[0] for e in events}
    for other in step["then"]:  # the other players' scripted actions are legal too
        assert game.to_move != 0 and from_json(other) in game.legal_actions()
        game.apply(from_json(other))


def test_every_chapter_is_a_scenario_played_by_the_engine():
    """Each table of the guided game is a scenario (players, options, seed, setup): run
    with the table's actions by `lepeuple.core.scenario` it reaches the state the page shows."""
    for c in range(len(script.CHAPTERS)):
        steps = script.steps(c)
        assert "setup" in steps[0]
        starts = [i for i, s in enumerate(steps) if "setup" in s] + [len(steps)]
        for start, end in zip(starts, starts[1:]):
            actions = []
            for step in steps[start:end]:
                actions += (step["expect"] or []) + (step["then"] if step is not steps[end - 1] else [])
            _, state = run_scenario({**steps[start]["setup"], "actions": actions})
            game, _ = script.replay(c, end - 1, steps[end - 1]["expect"] is not None)
            assert state == state_json(game), steps[start]["id"]


def _all_events():
    out = []
    for c in range(len(script.CHAPTERS)):
        for i, step in enumerate(script.steps(c)):
            game, _ = script.replay(c, i, False)
            if step["expect"]:
                out += game.apply(from_json(step["expect"][0]))
            for action in step["then"]:
                out += game.apply(from_json(action))
    return out


def test_the_guided_game_shows_every_power_card_and_every_turn_rule():
    events = _all_events()
    played = {e[2] for e in events if e[0] == "power"}
    assert played | {e[0] for e in events if e[0] == "defend" and e[2]} >= set(POWER_IDS) - {"defense"} | {"defend"}
    assert any(e[0] == "defend" and e[1] == 0 and e[2] for e in events)  # you play Défense
    assert any(e[0] == "defend" and e[1] != 0 and e[2] for e in events)  # and see it played against you
    # R8: draw two with a full hand draws what the limit lets through.
    assert any(a[0] == "draw_two" and b[0] == "draw" and c[0] == "hand_full" and a[1] == 0
               for a, b, c in zip(events, events[1:], events[2:]))
    assert any(e[0] == "turn" and e[1] == 0 and e[2] for e in events)  # R19: Vitesse's extra turn
    assert ("skip", 1) in events  # R20: Massue's skipped turn
    assert ("over", (0,), (13, 6, 6)) in events  # R21: the end, and the winner
    kinds = {e[1] for e in events if e[0] == "event"}
    assert {"supply", "noble_attack", "sneaky_attack"} <= kinds
    assert any(e[0] == "pickaxe" for e in events) and any(e[0] == "redeploy" for e in events)
    # The split's first step is a stop: the pickaxe is drawn between its two moves.
    pick = next(i for i, e in enumerate(events) if e[0] == "pickaxe")
    assert events[pick - 1][0] == "move" and events[pick + 2][0] == "move"


def test_every_power_card_has_a_step_that_names_it():
    named_in = {card: [s["id"] for s in script.STEPS if card in s["point"]["cards"]] for card in POWER_IDS}
    assert all(named_in.values()), named_in


# What the others do after "Next" is told once it is on the table, never before.
OTHERS_ACT = re.compile(r"(Barbares|Fées)\b[^.:]*\b(drew|played|draw two)\b")


def test_no_text_tells_what_the_others_have_not_done_yet():
    for lang_text_key in [f"tut.{s['id']}.done" for s in script.STEPS if s["then"] and s["expect"]]:
        assert not OTHERS_ACT.search(i18n.t(lang_text_key)), lang_text_key
    # ... and the next step tells it, when its text is on screen over a log that holds it.
    app, dom = make()
    told = {"supply": "the Fées drew two", "power": "their draw two brought nothing", "other": "drew none",
            "full": "The Barbares played Défense", "permutation": "The Fées drew two"}
    seen = set()
    for chapter in script.CHAPTER_IDS:
        app.command("tut-chapter", chapter)
        while True:
            guide = app.guide_game
            if guide.step["id"] in told and not guide.done:
                assert told[guide.step["id"]] in dom.text()
                seen.add(guide.step["id"])
            if guide.expected() is not None:
                play_step(app)
            if guide.at_end:
                break
            app.command("tut-next")
    assert seen == set(told)


def test_every_step_has_its_texts_in_every_language():
    for lang in ("en", "fr", "ja"):
        catalog = i18n.catalog(lang)
        for chapter in script.CHAPTER_IDS:
            assert catalog.get(f"tut.chapter.{chapter}"), (lang, chapter)
        for step in script.STEPS:
            keys = ["title"] + (["do", "done"] if step["expect"] else ["text"])
            for k in keys:
                assert catalog.get(f"tut.{step['id']}.{k}"), (lang, step["id"], k)


# The power cards of docs/rules.md R5, named as in the user's Japanese summary.
SEED_NAMES = {"force": "強靭", "soin": "治療", "voleur": "泥棒", "sortilege": "呪い", "bandit": "追いはぎ",
              "magie_noire": "黒魔術", "troc": "交換", "vitesse": "迅速", "massue": "こん棒",
              "permutation": "入れ替え", "chance": "幸運", "defense": "防御"}
PRINTED = {"force": "Force", "soin": "Soin", "voleur": "Voleur", "sortilege": "Sortilège", "bandit": "Bandit",
           "magie_noire": "Magie Noire", "troc": "Troc", "vitesse": "Vitesse", "massue": "Massue",
           "permutation": "Permutation", "chance": "Chance", "defense": "Défense"}


def test_japanese_names_each_power_card_by_the_summarys_name():
    ja = i18n.catalog("ja")
    for card, name in SEED_NAMES.items():
        assert ja[f"power.name.{card}"] == name
    # Japanese text never names a card by its printed name alone: "強靭（Force）" at most.
    for key, message in ja.items():
        for card, printed in PRINTED.items():
            for found in re.finditer(re.escape(printed), message if isinstance(message, str) else ""):
                before = message[:found.start()]
                assert before.endswith(SEED_NAMES[card] + "（") or before.endswith(SEED_NAMES[card] + "」（"), (key, printed)
    # The guided game's step for each card names it.
    for step in script.STEPS:
        for card in (c for c in step["point"]["cards"] if isinstance(c, str)):
            text = ja.get(f"tut.{step['id']}.do", ja.get(f"tut.{step['id']}.text"))
            assert SEED_NAMES[card] in text, (step["id"], card)


def test_the_log_prompt_and_tooltip_name_power_cards_in_japanese():
    from web.render.cards import power_label

    i18n.set_language("ja")
    seats = GuideGame(MemoryBackend()).session.seats
    assert "強靭" in describe(named(("power", 0, "force", None)), seats, 0)
    assert "黒魔術" in describe(named(("power", 0, "magie_noire", 1)), seats, 0)
    assert "こん棒" in describe(named(("skip", 1)), seats, 0)
    assert power_label("force").startswith("強靭（Force）")  # the face says Force
    i18n.set_language("en")
    assert "Force" in describe(named(("power", 0, "force", None)), seats, 0)


def test_french_log_says_pioche_la_carte():
    i18n.set_language("fr")
    seats = GuideGame(MemoryBackend()).session.seats
    assert describe(named(("draw", 0, "movement", 21)), seats, 0).endswith("pioche la carte 21.")


# ----- the page ---------------------------------------------------------------

def make(search="?tutorial=1", backend=None):
    dom = FakeDom()
    app = App(dom, backend or MemoryBackend(), search, ["en"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    return app, dom


def play_step(app):
    """Make the step's decision with the clicks a person would make (card, target or
    meeples, tile, how; Draw two; Défense)."""
    guide = app.guide_game
    exp = guide.expected()
    if exp.type == "defend":
        app.command("defend", True)
        return
    if exp.type == "draw":
        app.command("draw")
        return
    app.command("card", exp.card)
    clicks = {"meeple": ("meeple", getattr(exp, "meeple", None)), "swap1": ("meeple", getattr(exp, "meeple", None)),
              "swap2": ("meeple", getattr(exp, "other", None)), "target": ("target", getattr(exp, "target", None)),
              "how": ("how", getattr(exp, "how", None)), "confirm": ("confirm", None)}
    for _ in range(4):
        if guide.done:
            return
        step = guide.current_chooser().step
        if step == "tile":
            app.command("tile", guide.game.path(exp)[-1])
        else:
            act, arg = clicks[step]
            app.command(act, list(arg) if isinstance(arg, tuple) else arg)
    assert guide.done


def play_chapter(app, dom):
    """Every step of the open chapter, by clicks, to its last page."""
    while True:
        if app.guide_game.expected() is not None:
            play_step(app)
            assert 'data-testid="coach-refused"' not in dom.html
        if app.guide_game.at_end:
            return
        app.command("tut-next")


def test_all_chapters_by_clicks_keep_the_saved_game():
    backend = MemoryBackend()
    backend.setItem(SAVE_KEY, "untouched")
    app, dom = make(backend=backend)
    assert dom.flags["screen"] == "tutorial"
    for n, chapter in enumerate(script.CHAPTER_IDS):
        assert app.guide_game.chapter_id == chapter
        play_chapter(app, dom)
        assert f'data-testid="tut-chapter-{chapter}"' in dom.html and "read" in dom.text()
        if n + 1 < len(script.CHAPTER_IDS):
            assert ("tut-chapter", script.CHAPTER_IDS[n + 1]) in dom.acts()  # "Next chapter"
            app.command("tut-chapter", script.CHAPTER_IDS[n + 1])
    assert app.guide_game.chapters_done == set(script.CHAPTER_IDS)
    assert backend.getItem(SAVE_KEY) == "untouched"
    app.command("tut-play")
    assert dom.flags["screen"] == "new" and progress(backend) == (None, False)
    assert 'data-testid="tut-offer"' not in dom.html  # nothing left open to resume
    app.command("tutorial")  # from the header: the chapters read are still marked
    assert app.guide_game.chapters_done == set(script.CHAPTER_IDS)


def test_the_chapter_list_is_on_every_step_and_keeps_each_chapters_place():
    backend = MemoryBackend()
    app, dom = make(backend=backend)
    for chapter in script.CHAPTER_IDS:
        assert ("tut-chapter", chapter) in dom.acts()
    app.command("tut-chapter", "cards")
    play_step(app)  # Soin
    app.command("tut-next")
    assert app.guide_game.step["id"] == "voleur"
    app.command("tut-chapter", "basics")
    assert app.guide_game.chapter_id == "basics" and app.guide_game.index == 0
    assert "step 2 of 9" in dom.text()  # the cards chapter's place, in the list
    app.command("tut-chapter", "cards")
    assert app.guide_game.step["id"] == "voleur" and app.guide_game.game.powers[0] == ["voleur"]
    app2, _ = make("", backend)  # a reload: the same chapter, the same step
    app2.command("tutorial")
    assert (app2.guide_game.chapter_id, app2.guide_game.step["id"]) == ("cards", "voleur")
    assert app2.guide_game.place("basics") == (0, False)


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
    assert app.guide_game.game.pos[0] == 2 and not app.guide_game.done  # nothing was played
    app.command("tile", 3)
    assert app.guide_game.done and app.guide_game.game.pos[0] == 3


def test_permutation_refuses_the_wrong_meeple_and_draw_two_the_wrong_card():
    app, dom = make()
    app.command("tut-chapter", "turns")
    guide = app.guide_game
    while guide.step["id"] != "permutation":
        if guide.expected() is not None:
            play_step(app)
        app.command("tut-next")
    app.command("card", "permutation")
    app.command("meeple", [0, 1])
    assert "moves Z1" in dom.text() and not guide.done
    app.command("meeple", [0, 0])
    app.command("meeple", [1, 1])
    assert "moves B1" in dom.text() and not guide.done and guide.game.pos[0] == 12
    app.command("meeple", [1, 0])
    assert guide.done and guide.game.pos[0] == 8
    app.command("tut-chapter", "cards")
    while app.guide_game.step["id"] != "full":
        if app.guide_game.expected() is not None:
            play_step(app)
        app.command("tut-next")
    app.command("card", 13)
    assert "press Draw two" in dom.text() and not app.guide_game.done
    app.command("draw")
    assert app.guide_game.done


def test_a_progress_of_the_one_chapter_guided_game_resumes_in_basics():
    backend = MemoryBackend()
    backend.setItem(KEY, json.dumps({"step": 2, "done": False}))
    assert progress(backend) == (2, False)
    guide = GuideGame.resume(backend)
    assert (guide.chapter_id, guide.step["id"]) == ("basics", "supply") and guide.game.pos[0] == 3


def test_left_and_resumed_where_it_was():
    backend = MemoryBackend()
    app, dom = make(backend=backend)
    app.command("tut-next")
    play_step(app)
    app.command("tut-next")
    assert progress(backend) == (2, False)
    app.command("tut-leave")
    assert dom.flags["screen"] == "new"
    assert "Basics, step 3 of 9" in dom.text()  # the offer to resume
    app2, dom2 = make("", backend)
    assert ("tutorial", None) in dom2.acts()
    app2.command("tutorial")
    assert dom2.flags["screen"] == "tutorial" and app2.guide_game.index == 2
    assert app2.guide_game.game.pos[0] == 3  # the same table


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
    assert GuideGame.resume(backend).index == 0
    backend.setItem(KEY, json.dumps({"chapter": "cards", "places": {"cards": [99, True], "nope": [1, False]},
                                     "finished": "all"}))
    guide = GuideGame.resume(backend)
    assert (guide.chapter_id, guide.index, guide.done, guide.chapters_done) == ("cards", 0, False, set())


def test_why_opens_the_rules_beside_the_guided_game():
    app, dom = make()
    app.command("rules", "R1")
    assert 'data-testid="rules-panel"' in dom.html and 'data-testid="coach"' in dom.html
    app.command("rules-close")
    assert 'data-testid="rules-panel"' not in dom.html


def test_the_words_and_the_click_agree_choose_z2_on_tile_2():
    """Step 4 says "choose Z2 (the meeple on tile 2)": tile 2 is also where Z1 (on 11) could
    land with card 7's circle, yet a click on tile 2 chooses Z2, as the words say; then
    tile 5 and the split are taken (issue 50, item 7)."""
    app, dom = make()
    for _ in range(3):
        if app.guide_game.expected() is not None:
            play_step(app)
        app.command("tut-next")
    guide = app.guide_game
    assert guide.step["id"] == "pickaxe" and "Z2 (the meeple on tile 2)" in dom.text()
    app.command("card", 7)
    offer = guide.current_chooser().offer()
    assert (0, 0) in {tuple(r.action.meeple) for r in offer.previews if r.tile == 2}  # Z1's circle lands on 2
    app.command("tile", 2)
    assert 'data-testid="coach-refused"' not in dom.html and guide.current_chooser().meeple == (0, 1)
    app.command("tile", 5)  # circle or split: which way?
    app.command("how", "split")
    assert guide.done and guide.game.meeple_tile((0, 1)) == 5


def test_the_massue_hint_names_the_target_not_the_leader():
    """The player leads (10 points): the hint on Massue says the Barbares skip their next turn."""
    app, dom = make()
    app.command("tut-chapter", "turns")
    for _ in range(2):
        play_step(app)
        app.command("tut-next")
    assert app.guide_game.step["id"] == "massue"
    assert "Barbares bot skips their next turn" in dom.text() and "leader" not in dom.text()


@pytest.mark.parametrize(("search", "guided"), [("?tutorial=1&tutorial=0", False), ("?tutorial=0&tutorial=1", True),
                                                ("?tutorial=1", True), ("?tutorial=0", False)])
def test_the_last_of_a_repeated_tutorial_parameter_counts(search, guided):
    """As for every repeated parameter of the URL (issue 50, item 15)."""
    _, dom = make(search)
    assert (dom.flags["screen"] == "tutorial") == guided
