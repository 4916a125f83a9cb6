"""Step playback never drifts (web/controllers/game.py, web/model/playback.py), on a fake
DOM with an injected clock: "Next step" shows exactly the steps the page shows
when it plays on its own, one per click, in order; the prompt, the board, the
scores and the log show the same moment; Pause / Play on / Next step only while
steps wait; opening and closing the replay or the rules while a bot steps never
stalls the game; a step's time grows with its text."""

import html
import random
import re

from fakedom import FakeDom
from web.app import App
from web.model.eyes import events_for
from web.model.playback import READ, hold_seconds
from web.model.storage import MemoryBackend
from web.render.common import player_name
from web.render.table import _at_frame

GAME = "?players=human,bot:easy,bot:easy&seed=4242&speed=normal"


def boot(search=GAME):
    dom = FakeDom(clock=True)
    app = App(dom, MemoryBackend(), search, ["en-GB"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    return app, dom


def prompt(dom):
    inner = dom.html.split('data-testid="prompt">', 1)[1].split("</p>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", "", inner))


def log_lines(dom):
    page = dom.html
    return page.count('<li class="log-') - page.count('<li class="log-turn') - page.count('<li class="log-earlier')


def acts(dom):
    return {a for a, _ in dom.acts()}



def played_on_its_own():
    """The human draws two; the page plays the bots' turns by itself. Returns the
    prompts of the steps held on screen, in order, and the seconds each was held."""
    app, dom = boot()
    app.command("draw")
    dom.run_tasks()
    shown = []
    while dom.parked:
        shown.append((prompt(dom), log_lines(dom)))
        dom.advance(dom.next_wake() - dom.now)
    return app, dom, shown


def test_next_step_shows_the_same_steps_one_per_click_in_order():
    _, _, alone = played_on_its_own()
    assert len(alone) >= 3
    app, dom = boot()
    app.command("draw")
    dom.run_tasks()
    app.command("pause")
    dom.run_tasks()
    stepped = [(prompt(dom), log_lines(dom))]
    for _ in range(200):
        if "step" not in acts(dom):
            break
        app.command("step")
        dom.run_tasks()
        if "step" in acts(dom):
            stepped.append((prompt(dom), log_lines(dom)))
    texts = [text.removeprefix("Paused. ") for text, _ in stepped]
    assert texts == [text for text, _ in alone]  # each click: the next step, none skipped, none twice
    assert [n for _, n in stepped] == [n for _, n in alone]  # the log stands where the step does
    assert all(a < b for (_, a), (_, b) in zip(stepped, stepped[1:]))  # every click shows something new


def test_own_controls_come_back_as_soon_as_nothing_waits():
    app, dom = boot()
    app.command("draw")
    dom.run_tasks()
    app.command("pause")
    for _ in range(200):
        if "step" not in acts(dom):
            break
        app.command("step")
        dom.run_tasks()
    s = app.session
    assert not s.is_bot(s.game.to_move)
    assert {"play-on", "pause"}.isdisjoint(acts(dom))
    assert "card" in acts(dom) or "draw" in acts(dom) or "skip" in acts(dom)
    assert prompt(dom).startswith(player_name(s.seats, 0) + ": play a")  # the banner is the player's own


def test_the_board_scores_and_log_show_the_moment_of_the_step_on_screen():
    app, dom = boot("?players=human,bot:easy,bot:easy&seed=7&speed=normal")
    for _ in range(12):  # a few rounds: scoring steps come up
        app.command(*next(a for a in dom.acts() if a[0] in ("draw", "skip")))
        dom.run_tasks()
        app.command("pause")
        for _ in range(200):
            if "step" not in acts(dom):
                break
            m = app.game.model()
            shown = _at_frame(m)
            if m.frame is not None:
                # the log as the person at the device may see it (others' cards drawn left out)
                assert m.log == events_for(app.session.log, 0, False)[:m.frame.end]
                assert shown["meeples"] == m.frame.meeples
                for seat, score in enumerate(shown["scores"]):
                    said = [e.score for e in m.log if e.type == "score" and e.seat == seat]
                    assert score == (said[-1] if said else 0)
                drawn_later = sum(1 for e in m.later if e.type == "draw" and e.kind == "movement"
                                  or e.type == "redeploy" and e.card is not None)  # a redeployment's card too
                if not any(e.type == "reshuffle" for e in m.later):  # the deck as it stood then
                    assert shown["movement_deck"] - drawn_later == m.view["movement_deck"]
            app.command("step")
            dom.run_tasks()
        if app.session.game.is_over:
            break


def test_opening_and_closing_the_replay_while_a_bot_steps_never_stalls_the_game():
    app, dom = boot("?players=human,bot:easy,bot:easy&seed=11&speed=normal")
    app.command("draw")
    dom.run_tasks()
    assert dom.parked  # a bot's step is on screen
    before = len(app.session.game.history)
    app.command("replay-open")
    app.command("replay-close")
    dom.run_tasks()
    for _ in range(100):
        if not dom.parked:
            break
        dom.advance(dom.next_wake() - dom.now)
    s = app.session
    assert len(s.game.history) > before and not s.is_bot(s.game.to_move)  # the other bot moved too
    assert "card" in acts(dom) or "draw" in acts(dom) or "skip" in acts(dom)


def test_the_rules_panel_while_a_bot_steps_never_stalls_the_game():
    app, dom = boot("?players=human,bot:easy,bot:easy&seed=11&speed=normal")
    app.command("draw")
    dom.run_tasks()
    app.command("rules")
    app.command("rules-close")
    for _ in range(100):
        if not dom.parked:
            break
        dom.advance(dom.next_wake() - dom.now)
    s = app.session
    assert not s.is_bot(s.game.to_move) and len(s.game.history) > 2


def test_a_step_is_held_longer_the_more_its_text_says():
    for speed in ("slow", "normal", "fast"):
        times = [hold_seconds(speed, "x" * n) for n in (0, 20, 60, 120, 10_000)]
        assert times == sorted(times) and times[0] < times[2] and times[-1] == READ[speed][2]
    assert hold_seconds("instant", "x" * 200) == 0
    app, dom, shown = played_on_its_own()
    held = [s for s in dom.slept if s > 0]
    assert len(held) == len(shown)
    pairs = sorted(zip((len(text) for text, _ in shown), held))
    assert all(a[1] <= b[1] for a, b in zip(pairs, pairs[1:]))
