"""Every key the page reads from localStorage is checked (issue 22): whatever value
another page of the same site leaves there, the page starts; stats that are not
stats are set aside with a notice; the save is kept as it was."""

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from fakedom import FakeDom
from web.app import App
from web.model import device_stats as stats, guide_game, storage
from web.model.storage import MemoryBackend

KEYS = (storage.SAVE_KEY, storage.PREFS_KEY, stats.STATS_KEY, guide_game.KEY)
JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**20) | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)
GOOD_STATS = {"played": 2, "won": 1, "by_players": {"3": [2, 1]}, "by_level": {"easy": [2, 1]}, "best": 9,
              "total": 15, "streak": 1, "last": "7:98"}
# stats with one field changed to anything: the likeliest wrong values, near the right shape
NEAR_STATS = st.builds(lambda key, value: {**GOOD_STATS, key: value}, st.sampled_from(sorted(GOOD_STATS)), JSON)
NEAR_TABLES = st.builds(lambda group, key, row: {**GOOD_STATS, group: {key: row}},
                        st.sampled_from(["by_players", "by_level"]),
                        st.sampled_from(["3", "5", "6", "easy", "hard", "mixed", "abc", ""]), JSON)
NEAR_TUTORIAL = st.fixed_dictionaries({"step": JSON | st.integers(-2, 40), "done": JSON})
STORED = st.one_of(JSON.map(json.dumps), st.text(max_size=40), NEAR_STATS.map(json.dumps),
                   NEAR_TABLES.map(json.dumps), NEAR_TUTORIAL.map(json.dumps),
                   st.integers(1, 12000).map(lambda n: "[" * n + "]" * n))


def boot(items):
    dom = FakeDom()
    backend = MemoryBackend(items)
    app = App(dom, backend, "", ["en-GB"], clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    dom.run_tasks()
    return app, dom, backend


def started(key, value):
    app, dom, backend = boot({key: value})
    assert app.screen in ("new", "broken", "table") and "Traceback" not in dom.html and dom.html
    app.command("new")  # the new-game screen, where the stats are drawn
    dom.run_tasks()
    assert dom.html
    return app, dom, backend


ANY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@ANY
@given(value=STORED)
def test_any_stored_save_lets_the_page_start_and_is_kept(value):
    _, _, backend = started(storage.SAVE_KEY, value)
    assert backend.items[storage.SAVE_KEY] == value


@ANY
@given(value=STORED)
def test_any_stored_preferences_let_the_page_start(value):
    started(storage.PREFS_KEY, value)


@ANY
@given(value=STORED)
def test_any_stored_stats_let_the_page_start(value):
    _, _, backend = started(stats.STATS_KEY, value)
    if stats.STATS_KEY not in backend.items:  # set aside, never dropped
        assert backend.items[stats.BROKEN_KEY] == value


@ANY
@given(value=STORED)
def test_any_stored_tutorial_progress_lets_the_page_start(value):
    app, dom, _ = started(guide_game.KEY, value)
    app.command("tutorial")
    dom.run_tasks()
    assert app.screen == "tutorial" and dom.html


def test_the_page_reads_no_other_key():
    reads = []

    class Watched(MemoryBackend):
        def getItem(self, key):
            reads.append(key)
            return super().getItem(key)

    dom = FakeDom()
    App(dom, Watched(), "", ["en-GB"], clock=lambda: 1000, rng=random.Random(1)).boot()
    assert set(reads) <= set(KEYS), set(reads) - set(KEYS)


BAD_STATS = [
    '{"played": "1", "won": 0, "by_players": {}, "by_level": {}, "best": null, "total": 0, "streak": 0, "last": null}',
    json.dumps({**GOOD_STATS, "by_players": [[2, 1]]}),
    json.dumps({**GOOD_STATS, "by_players": {"abc": [1, 0]}}),
    json.dumps({**GOOD_STATS, "by_level": {"easy": 5}}),
    json.dumps({**GOOD_STATS, "won": 3}),
    json.dumps({**GOOD_STATS, "best": True}),
]


def test_stats_that_are_not_stats_are_set_aside_with_a_notice():
    for bad in BAD_STATS:
        app, dom, backend = boot({stats.STATS_KEY: bad})
        assert "statistics on this device could not be read" in dom.text()
        assert backend.items[stats.BROKEN_KEY] == bad and stats.STATS_KEY not in backend.items
        assert stats.load(app.store) == stats.empty()


def test_good_stats_are_read_as_they_are():
    app, dom, backend = boot({stats.STATS_KEY: json.dumps(GOOD_STATS)})
    assert stats.load(app.store) == GOOD_STATS and "could not be read" not in dom.text()
    assert "2 played, 1 won" in dom.text()
