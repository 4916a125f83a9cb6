"""Nothing lost, nothing stuck (web/model/storage.py, web/app.py, web/model/newgame.py): whatever is
in storage the page starts; two tabs never roll a game back; names cannot turn the
page's text around; a link's ignored parameters are said."""

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from fakedom import FakeDom
from lepeuple import new_game
from lepeuple.core.actions import DRAW
from lepeuple.core.game import RECORD_TEXT
from web.app import App
from web.model import storage
from web.model.newgame import Seat, clean_name
from web.model.storage import MemoryBackend
from web.render.common import player_name

PLAY = {"card", "meeple", "tile", "how", "target", "confirm", "draw", "skip", "defend"}


def boot(backend, search="", saving=True):
    dom = FakeDom()
    app = App(dom, backend, search, ["en-GB"], clock=lambda: 1000, rng=random.Random(1), saving=saving)
    app.boot()
    dom.run_tasks()
    return app, dom


def play_one(app, dom, rng):
    acts = [a for a in dom.acts() if a[0] in PLAY]
    while acts:
        before = len(app.session.game.history)
        app.command(*rng.choice(acts))
        dom.run_tasks()
        if len(app.session.game.history) != before or app.stale:
            return
        acts = [a for a in dom.acts() if a[0] in PLAY]


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)
STORED = st.one_of(JSON.map(json.dumps), st.text(max_size=40),
                   st.dictionaries(st.sampled_from(["lang", "speed", "x"]), JSON, max_size=3).map(json.dumps),
                   st.integers(1, 12000).map(lambda n: "[" * n + "]" * n))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prefs=STORED, save=st.one_of(st.none(), STORED))
def test_whatever_is_in_storage_the_page_starts_and_keeps_the_save(prefs, save):
    items = {storage.PREFS_KEY: prefs}
    if save is not None:
        items[storage.SAVE_KEY] = save
    backend = MemoryBackend(items)
    app, dom = boot(backend)
    assert app.screen in ("new", "broken", "table") and dom.html
    if save is not None:
        assert backend.items[storage.SAVE_KEY] == save  # an unreadable save is kept as it was


def test_preferences_of_the_wrong_type_are_reset_with_a_notice():
    for bad in ('{"speed": ["x"]}', '{"lang": ["x"]}', '{"lang": {}}', "[1]", "{"):
        backend = MemoryBackend({storage.PREFS_KEY: bad})
        app, dom = boot(backend)
        assert "preferences could not be read" in dom.text()
        assert json.loads(backend.items[storage.PREFS_KEY]) == {}


def test_a_save_nested_ten_thousand_deep_is_a_broken_save_not_a_crash():
    deep = '{"app": "lepeuple", "version": 1, "seats": [], "record": ' + "[" * 10000 + "]" * 10000 + "}"
    backend = MemoryBackend({storage.SAVE_KEY: deep})
    app, dom = boot(backend)
    assert app.screen == "broken" and "nested more than" in dom.text()
    assert backend.items[storage.SAVE_KEY] == deep


def test_two_tabs_never_roll_a_game_back():
    backend = MemoryBackend()
    a, dom_a = boot(backend, "?players=human,bot:easy,bot:easy&seed=3&speed=instant")
    b, dom_b = boot(backend)  # the second tab opens the same game
    rng = random.Random(2)
    play_one(a, dom_a, rng)
    a_record = json.loads(backend.items[storage.SAVE_KEY])["record"]
    b.storage_changed(storage.SAVE_KEY)  # the browser tells tab B
    assert b.stale and "went on elsewhere" in dom_b.text()
    b.command("draw")  # B's old position takes no input, and never writes
    assert json.loads(backend.items[storage.SAVE_KEY])["record"] == a_record
    b.command("continue-here")
    dom_b.run_tasks()
    assert not b.stale and b.session.game.record() == a.session.game.record()


def test_a_tab_that_missed_the_news_still_never_overwrites():
    backend = MemoryBackend()
    a, dom_a = boot(backend, "?players=human,bot:easy,bot:easy&seed=3&speed=instant")
    b, dom_b = boot(backend)
    play_one(a, dom_a, random.Random(2))
    saved = backend.items[storage.SAVE_KEY]
    play_one(b, dom_b, random.Random(5))  # no storage event reached B: its write is refused
    assert backend.items[storage.SAVE_KEY] == saved and b.stale


def test_storage_that_keeps_nothing_is_said_on_the_table():
    app, dom = boot(MemoryBackend(), "?players=human,bot:easy,bot:easy&speed=instant", saving=False)
    assert app.screen == "table" and "will be lost" in dom.text()


def test_a_links_ignored_parameters_are_said_above_the_table():
    app, dom = boot(MemoryBackend(), "?players=human,bot:normal,bot:normal&lang=xx&foo=1&speed=warp")
    assert app.screen == "table"
    text = dom.text()
    assert "“foo”" in text and "“xx”" in text and "“warp”" in text


def test_names_lose_control_characters_and_right_to_left_names_are_isolated():
    assert clean_name("\u202eevil") == "evil"
    assert clean_name("a\u0000b\u200bc\u200dd") == "abc\u200dd"  # the joiner stays
    seats = [Seat("human", name="\u05d3\u05e0\u05d4"), Seat("human", name="Ann"), Seat("bot", level="easy")]
    assert player_name(seats, 0) == "\u2068\u05d3\u05e0\u05d4\u2069"
    assert player_name(seats, 1) == "Ann"


def nearly_full(room, whys=False):
    """Issue 33: lepeuple.new_game(3, {}, 1), then "draw two" again and again until its
    record has about `room` characters left: (its record, and a reason for each action,
    when `whys`, as the page keeps a bot's)."""
    game = new_game(3, {}, 1)
    while (1 - game.record_used()) * RECORD_TEXT > room:
        game.apply(DRAW)
    reasons = [{"kind": "draw", "hand": 7, "after": 7} for _ in game.history] if whys else None
    return game.record(), reasons


def test_every_save_of_a_game_played_until_its_record_is_full_reads_back():
    """Three people at one device draw again and again: the page says so before the end,
    saves nothing that cannot be read, and ends the game where its record is full; a
    reload resumes it, finished. Each save's record is the start of the last one, which
    reads back whole: so every save does."""
    record, _ = nearly_full(250)
    saves = []

    class Backend(MemoryBackend):
        def setItem(self, key, value, **guard):
            super().setItem(key, value, **guard)
            if key == storage.SAVE_KEY:
                assert len(value) <= storage.MAX_TEXT
                saves.append(storage.decode(value)[1]["actions"])

    backend = Backend({storage.SAVE_KEY: storage.encode([{"kind": "human", "name": n} for n in "ABC"], record)})
    app, dom = boot(backend, "?speed=instant")
    assert "% full" in dom.text()
    while not app.session.game.is_over:
        app.command("pass-ok" if app.game.needs_pass() else "hand-over" if app.game.seating.handing else "draw")
    assert len(saves) > 10 and app.session.log[-2].type == "record_full"
    assert "The game's record is full" in dom.text()
    last = saves[-1]
    assert all(actions == last[:len(actions)] for actions in saves)
    again, _ = boot(backend)
    assert again.screen == "table" and again.session.game.is_over
    assert again.session.record()["actions"] == last


def test_a_full_record_is_saved_whole_and_the_bots_newest_reasons_beside_it():
    """The reasons only explain: the oldest are left out so that the save is read back."""
    record, whys = nearly_full(100, whys=True)
    text = storage.encode([{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}],
                          record, whys)
    assert len(text) <= storage.MAX_TEXT and storage.decode(text)[1] == record
    kept = storage.whys_of(text)
    assert len(kept) == len(whys) and kept[-1] == whys[-1] and kept[0] is None
    assert 1000 < sum(1 for w in kept if w) < len(whys)


# ----- an unreadable save, when the browser's storage is full (issue 43) -----

class Quota(MemoryBackend):
    """localStorage with a quota: a write that would take it past `room` characters
    (keys and values, as browsers count them) raises, as the browser's does."""

    def __init__(self, items, room):
        super().__init__(items)
        self.room = room

    def setItem(self, key, value, **guard):
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(str(value)) > self.room:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value, **guard)


BROKEN = '{"app": "lepeuple", "version": 1, "seats": [], "record": 3' + " " * 5000


def test_an_unreadable_save_that_cannot_be_set_aside_is_never_overwritten():
    """Storage full: "Start a new game" cannot keep it under a backup name. The page says so,
    offers its download, and nothing overwrites it, not even a new game started from the form
    or a link, until the player has said to discard it."""
    backend = Quota({storage.SAVE_KEY: BROKEN}, room=len(BROKEN) + 2000)
    app, dom = boot(backend)
    assert app.screen == "broken"
    app.command("new-after-broken")
    assert app.screen == "broken" and "storage is full" in dom.text()
    assert backend.items[storage.SAVE_KEY] == BROKEN
    app.command("new")  # the header's "New game", then Start
    app.command("start")
    assert app.screen == "broken" and backend.items[storage.SAVE_KEY] == BROKEN
    again, _ = boot(backend, "?players=human,bot:easy,bot:easy&seed=3")  # a link to a new game
    assert again.screen == "broken" and backend.items[storage.SAVE_KEY] == BROKEN


def test_its_download_is_offered_and_then_discarding_it_starts_a_new_game():
    backend = Quota({storage.SAVE_KEY: BROKEN}, room=len(BROKEN) + 2000)
    app, dom = boot(backend)
    app.command("new-after-broken")
    assert ("discard-broken", None) in dom.acts() and "Discard it and start a new game" in dom.text()
    app.command("download-broken")
    assert dom.downloads == [("lepeuple-unreadable-save.json", BROKEN)]
    assert "your download keeps it" in dom.text()
    app.command("discard-broken")
    assert app.screen == "new" and storage.SAVE_KEY not in backend.items
    app.command("start")
    assert app.screen == "table" and storage.readable(backend.items[storage.SAVE_KEY])


def test_an_older_kept_copy_is_removed_only_when_asked_and_then_the_save_is_kept():
    """Two unreadable saves in a row: the first one's copy fills the storage. Its removal is
    offered (with its download), asked first; then the new one is kept under a backup name."""
    older = storage.BROKEN_PREFIX + "500"
    backend = Quota({older: BROKEN, storage.SAVE_KEY: BROKEN + "x"}, room=2 * len(BROKEN) + 2000)
    app, dom = boot(backend)
    app.command("new-after-broken")
    assert ("forget-kept", older) in dom.acts() and ("download-broken", older) in dom.acts()
    app.command("download-broken", older)
    assert dom.downloads[-1] == ("lepeuple-unreadable-save-500.json", BROKEN)
    app.command("forget-kept", older)
    assert older in backend.items and "Remove this copy for good?" in dom.text()  # asked, not done
    app.command("forget-kept", "yes")
    assert older not in backend.items and app.screen == "new"
    [kept] = [k for k in backend.items if k.startswith(storage.BROKEN_PREFIX)]
    assert backend.items[kept] == BROKEN + "x" and storage.SAVE_KEY not in backend.items


def test_a_save_is_written_only_over_the_save_this_tab_expects():
    """Another tab wrote an unreadable save meanwhile: this tab's next save leaves it alone
    and this tab stops, as when another tab played on."""
    backend = MemoryBackend()
    app, dom = boot(backend, "?players=human,bot:easy,bot:easy&seed=3&speed=instant")
    backend.items[storage.SAVE_KEY] = BROKEN  # no storage event reaches this fake: the write must check
    app.game.save()
    assert backend.items[storage.SAVE_KEY] == BROKEN and app.stale
