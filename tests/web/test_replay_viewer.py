"""Replay, files, links, the score chart and stats (web/model/replay_game.py, web/controllers/replay.py),
driven on the fake DOM as a person would."""

import json
import random

import lepeuple
from fakedom import FakeDom
from web.app import App
from web.model import device_stats as stats, storage
from web.model.replay_game import Replay, pack, unpack
from web.model.storage import MemoryBackend, SaveError
from web.render.replay_view import score_rows

PLAY = {"card", "meeple", "tile", "how", "target", "confirm", "draw", "skip", "defend"}


def boot(items=None, search="", fragment=""):
    dom = FakeDom()
    app = App(dom, MemoryBackend(items), search, ["en-GB"], clock=lambda: 1_790_000_000, rng=random.Random(1),
              fragment=fragment)
    app.boot()
    dom.run_tasks()
    return app, dom


def play(app, dom, rng, until_over=True, clicks=3000):
    for _ in range(clicks):
        if app.session.game.is_over or (not until_over and len(app.session.game.history) >= 12):
            return
        acts = [a for a in dom.acts() if a[0] in PLAY]
        app.command(*rng.choice(acts))
        dom.run_tasks()


def finished():
    app, dom = boot(search="?players=human,bot:easy,bot:easy&seed=6&speed=instant&names=Ann")
    play(app, dom, random.Random(4))
    return app, dom


def test_every_step_of_a_replay_is_the_engines_state_after_that_many_actions():
    app, dom = finished()
    save = app.store.backend.items[storage.SAVE_KEY]
    record = app.session.record()
    replay = Replay([s.to_json() for s in app.session.seats], record, app.levels)
    for i in range(replay.total + 1):
        replay.go(i)
        fresh = lepeuple.new_game(record["players"], record["options"], record["seed"])
        for action in record["actions"][:i]:
            fresh.apply(action)
        for seat in (None, 0, 1, 2):
            assert replay.game().view(seat) == fresh.view(seat)
        assert sum(1 for e in replay.events() if e[0] == "turn") == sum(
            1 for e in app.session.log[:app.session.starts[i] if i < len(record["actions"]) else None] if e[0] == "turn")
    assert app.store.backend.items[storage.SAVE_KEY] == save


def test_the_replay_viewer_steps_and_leaves_the_live_game_alone():
    app, dom = boot(search="?players=human,bot:easy,bot:easy&seed=6&speed=instant")
    play(app, dom, random.Random(4), until_over=False)
    save = app.store.backend.items[storage.SAVE_KEY]
    app.command("replay-open")
    assert app.screen == "replay" and app.replay.replay.viewer == 0  # a game in progress: the human's eyes only
    assert ("replay-step", -1) in dom.acts()
    end = app.replay.replay.total
    app.command("replay-go", 0)
    app.command("replay-step", 1)
    assert app.replay.replay.index == 1
    app.change("replay-viewer", "all")  # not while the game is being played
    assert app.replay.replay.viewer == 0
    app.command("replay-close")
    assert app.screen == "table" and len(app.session.game.history) == end
    assert app.store.backend.items[storage.SAVE_KEY] == save


def test_a_finished_game_shared_by_link_opens_as_a_replay_and_keeps_the_own_save():
    app, dom = finished()
    app.command("share")
    link = dom.clipboard
    assert link.startswith("http://127.0.0.1:8000/#g=")
    mine = {storage.SAVE_KEY: '{"app": "lepeuple", "version": 1, "seats": [], "record": {}}'}
    other, dom2 = boot(dict(mine), fragment=link[link.index("#"):])
    assert other.screen == "replay" and other.replay.replay.finished and other.replay.replay.viewer == "all"
    assert other.store.backend.items == mine  # the player's own (here: broken) save is untouched
    assert "Game over" in " ".join(e[0] for e in other.replay.replay.log) or other.replay.replay.game().is_over


def test_truncated_or_unfinished_links_are_refused_with_a_message():
    app, dom = finished()
    seats = [s.to_json() for s in app.session.seats]
    fragment = pack(app.session.seats, app.session.record())
    cut, dom2 = boot(fragment=fragment[:len(fragment) // 2])
    assert cut.screen == "new" and "cannot be opened" in dom2.text()
    record = dict(app.session.record(), actions=app.session.record()["actions"][:10])
    unfinished, dom3 = boot(fragment=pack(app.session.seats, record))
    assert unfinished.screen == "new" and "only for finished games" in dom3.text()
    assert unpack(fragment)[0] == seats


def test_a_game_file_round_trips_and_junk_files_change_nothing():
    app, dom = boot(search="?players=human,bot:easy,bot:easy&seed=6&speed=instant")
    play(app, dom, random.Random(4), until_over=False)
    text = app.store.backend.items[storage.SAVE_KEY]
    other, dom2 = boot()
    other.import_text(text)
    assert other.screen == "replay" and other.replay.replay.record == json.loads(text)["record"]
    assert other.replay.replay.viewer is None  # unfinished, from a file: nobody's hand
    assert 'data-testid="hand"' not in dom2.html and 'name="replay-viewer"' not in dom2.html
    other.command("replay-continue")
    assert other.screen == "table" and other.session.game.record() == app.session.game.record()
    for junk in ("", "not json", "[1]", '{"app": "lepeuple"}', json.dumps({"players": 3, "actions": [{"type": "x"}]})):
        before = dict(other.store.backend.items)
        other.import_text(junk)
        assert "not a game" in dom2.text()
        assert other.store.backend.items == before


def test_the_file_name_carries_the_date():
    app, dom = finished()
    assert app.file_name().startswith("lepeuple-2026") and app.file_name().endswith(".json")


def test_the_end_screen_has_the_chart_and_its_table():
    app, dom = finished()
    assert 'data-testid="score-chart"' in dom.html and "<table>" in dom.html
    rows = score_rows(app.session.log, 3)
    assert rows[-1][2] == app.session.game.scores
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))


def test_stats_count_each_finished_game_once_and_reset_asks_first():
    app, dom = finished()
    data = stats.load(app.store)
    assert data["played"] == 1 and data["by_players"] == {"3": [1, int(0 in app.session.game.winners)]}
    assert data["by_level"] == {"easy": [1, data["won"]]}
    stats.record(app.store, app.session.setup, app.session.game)  # the same game again: not counted
    assert stats.load(app.store)["played"] == 1
    app.command("new")
    assert "Your games on this device" in dom.text()
    app.command("stats-reset", None)
    assert ("stats-reset", True) in dom.acts() and stats.load(app.store)["played"] == 1
    app.command("stats-reset", True)
    assert stats.load(app.store)["played"] == 0


def test_a_replay_file_that_is_not_a_save_names_what_is_wrong():
    try:
        unpack("#g=!!!")
    except SaveError as e:
        assert "damaged" in e.reason
    else:
        raise AssertionError("a damaged link was read")


def test_a_review_runs_in_slices_lists_mistakes_and_opens_the_replay_there():
    app, dom = finished()
    assert ("review", 0) in dom.acts()
    app.command("review", 0)
    task = dom.tasks.pop(0)  # the review starts in tasks of its own, step by step
    for _ in range(4):
        task.send(None)
    assert app.screen == "replay" and app.replay.review["result"] is None and app.replay.review["total"] > 0
    assert 'data-testid="review-panel"' in dom.html and "<progress" in dom.html
    dom.tasks.insert(0, task)
    dom.run_tasks()
    result = app.replay.review["result"]
    assert result["seat"] == 0 and result["decisions"] == app.replay.review["total"]
    losses = [m["loss"] for m in result["mistakes"]]
    assert losses == sorted(losses, reverse=True)
    shown = [m for m in result["mistakes"] if m["loss"] > 0]
    assert shown  # random clicks: the hard bot finds better moves
    first = shown[0]
    assert 'data-testid="review-item"' in dom.html
    app.command("review-show", first["index"])
    assert app.replay.replay.index == first["index"] and app.replay.replay.marks is not None
    moves = [m for m in (first["played"], first["better"]) if m["type"] == "move"]
    assert ("played-" in dom.html or "hint-" in dom.html) == bool(moves)


def test_a_review_can_be_stopped():
    app, dom = finished()
    app.command("review", 0)
    task = dom.tasks.pop(0)
    for _ in range(4):
        task.send(None)
    assert app.replay.review is not None
    app.command("review-cancel")
    dom.tasks.insert(0, task)
    dom.run_tasks()
    assert app.replay.review is None and 'data-testid="review-panel"' not in dom.html


def _review_started(app, dom):
    app.command("review", 0)
    task = dom.tasks.pop(0)
    for _ in range(4):
        task.send(None)
    assert app.replay.review is not None and 'data-testid="review-panel"' in dom.html
    dom.tasks.append(task)  # it would go on: the next run_tasks lets it see it was dropped


def test_the_review_is_cleared_when_another_game_opens_or_a_new_game_starts():
    app, dom = finished()
    other_game = app.store.backend.items[storage.SAVE_KEY]
    _review_started(app, dom)
    app.import_text(other_game)  # another game (here: a copy) opens in the replay
    dom.run_tasks()
    assert app.replay.review is None and 'data-testid="review-panel"' not in dom.html
    dom.tasks.clear()
    _review_started(app, dom)
    app.command("replay-close")
    app.command("again")  # a new game
    dom.run_tasks()
    assert app.replay.review is None and app.screen == "table"
