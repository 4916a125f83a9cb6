"""The controller (web/app.py) driven like a person would, on a fake DOM."""

import json
import random
import re

import lepeuple
from fakedom import FakeDom
from web.app import App
from web.model import storage
from web.model.storage import MemoryBackend

PLAY_ACTS = {"card", "meeple", "tile", "how", "target", "confirm", "draw", "skip", "defend", "cancel", "pass-ok", "hand-over"}


def make(search, items=None, seed=1):
    dom, backend = FakeDom(), MemoryBackend(items)
    app = App(dom, backend, search, ["en-GB"], clock=lambda: 1000, rng=random.Random(seed))
    app.boot()
    dom.run_tasks()
    return app, dom, backend


def click_through(app, dom, chooser_rng, limit=3000):
    """Click random offered game controls until the game ends; return the clicks made."""
    clicks = 0
    while not app.session.game.is_over and clicks < limit:
        acts = [a for a in dom.acts() if a[0] in PLAY_ACTS]
        assert acts, dom.text()
        # Prefer committing over cancelling so games end.
        choices = [a for a in acts if a[0] != "cancel"] or acts
        app.command(*chooser_rng.choice(choices))
        dom.run_tasks()
        clicks += 1
    return clicks


def test_a_game_with_one_human_and_two_bots_ends_on_the_end_screen():
    app, dom, backend = make("?players=human,bot:easy,bot:easy&seed=3&speed=instant")
    assert dom.query == "?speed=instant"  # the link's setup is not started again on reload
    click_through(app, dom, random.Random(5))
    assert app.session.game.is_over
    assert "Game over" in dom.text()
    assert ("again", None) in dom.acts()
    saved = json.loads(backend.items[storage.SAVE_KEY])
    assert lepeuple.load(saved["record"]).is_over


def test_reload_resumes_the_same_game():
    app, dom, backend = make("?players=human,bot:easy,bot:easy&seed=4&speed=instant")
    rng = random.Random(3)
    for _ in range(6):
        acts = [a for a in dom.acts() if a[0] in PLAY_ACTS and a[0] != "cancel"]
        app.command(*rng.choice(acts))
        dom.run_tasks()
    assert not app.session.game.is_over
    before = app.session.game.record()
    again, dom2, _ = make("", backend.items)
    assert again.session.game.record() == before
    assert again.session.game.view(0) == app.session.game.view(0)
    assert dom2.flags["screen"] == "table"


def test_hot_seat_never_shows_another_humans_hand():
    app, dom, _ = make("?players=human,human,bot:easy&names=Ann,Bob&seed=8&speed=instant")
    rng = random.Random(2)
    seen_pass = 0
    for _ in range(400):
        if app.session.game.is_over:
            break
        s = app.session
        hand_seat = _hand_seat(dom.html)
        if app.game.needs_pass():
            seen_pass += 1
            assert hand_seat is None and "Pass the device to" in dom.text()
        elif hand_seat is not None:
            assert hand_seat == app.game.at_device
            others = [seat for seat in s.setup.humans if seat != hand_seat]
            for other in others:
                _assert_hand_absent(dom.html, s.game, other, hand_seat)
        acts = [a for a in dom.acts() if a[0] in PLAY_ACTS and a[0] != "cancel"]
        app.command(*rng.choice(acts))
        dom.run_tasks()
    assert seen_pass > 5


def _hand_seat(html):
    marker = 'data-testid="hand" data-seat="'
    if marker not in html:
        return None
    return int(html.split(marker, 1)[1].split('"', 1)[0])


def _assert_hand_absent(html, game, other, viewer):
    """The other human's power cards cannot be named by the page unless the viewer knows them."""
    hand_html = html.split('data-testid="hand"', 1)[1].split("</section>", 1)[0]
    mine = set(game.hand(viewer)[0]) | set(game.hand(viewer)[1])
    for card in game.hand(other)[0]:
        if card not in mine:
            assert f'data-arg="{card}"' not in hand_html


def test_player_names_are_text_not_markup():
    name = "<img src=x onerror=alert(1)>"
    from urllib.parse import quote

    _, dom, _ = make(f"?players=human,bot:easy,bot:easy&names={quote(name)}&speed=instant")
    assert "<img src=x" not in dom.html
    assert "&lt;img src=x onerror=alert(1)&gt;" in dom.html
    assert name in dom.text()


def test_a_corrupt_save_is_reported_and_kept():
    items = {storage.SAVE_KEY: '{"app": "lepeuple", "version": 1, "seats": [], "record": 3'}
    app, dom, backend = make("", items)
    assert app.screen == "broken"
    assert "cannot be read" in dom.text()
    assert backend.items[storage.SAVE_KEY] == items[storage.SAVE_KEY]
    app.command("new-after-broken")
    kept = [k for k in backend.items if k.startswith(storage.BROKEN_PREFIX)]
    assert kept and backend.items[kept[0]] == items[storage.SAVE_KEY]


def test_an_illegal_record_is_a_broken_save():
    record = {"format": 1, "players": 3, "options": {}, "seed": 1, "actions": [{"type": "pass"}]}
    text = storage.encode([], record).replace('"seats":[]', '"seats":[{"kind":"human","name":"A"},'
                                                             '{"kind":"bot","level":"easy"},{"kind":"bot","level":"easy"}]')
    app, dom, _ = make("", {storage.SAVE_KEY: text})
    assert app.screen == "broken" and "action 0" in dom.text()


def test_nonsense_link_gives_messages_and_the_form():
    app, dom, _ = make("?players=human,wizard&seed=abc&target=99&foo=1")
    text = dom.text()
    assert app.screen == "new"
    assert "3 to 5 players" in text and "seed" in text and "target score" in text and "“foo”" in text


def test_bad_level_in_link_is_named():
    _, dom, _ = make("?players=human,bot:genius,bot")
    assert "no bot level “genius”" in dom.text()


def test_new_game_asks_before_discarding_and_link_asks_too():
    app, _, backend = make("?players=human,bot:easy,bot:easy&seed=5&speed=instant")
    app.command("new")
    assert app.screen == "confirm"
    app.command("keep")
    assert app.screen == "table"
    app2, dom2, _ = make("?players=human,human,bot:easy&seed=9", backend.items)
    assert app2.screen == "confirm" and "This link sets up another game" in dom2.text()
    app2.command("discard")
    assert app2.screen == "table" and len(app2.session.seats) == 3 and app2.game.hotseat


def test_a_setup_link_opened_again_resumes_its_game_and_another_asks_which():
    """Issue 33: the link that started the game, opened again, showed the new-game form; now
    it resumes the game (with or without its seed); another setup asks, and resuming keeps it."""
    link = "?players=human,bot:easy,bot:easy&names=Ann&seed=5&speed=instant"
    app, dom, backend = make(link)
    app.command("draw")
    dom.run_tasks()
    played = app.session.record()
    for again in (link, "?players=human,bot:easy,bot:easy&names=Ann"):
        app2, _, _ = make(again, backend.items)
        assert app2.screen == "table" and app2.session.record() == played
    app3, dom3, _ = make("?players=human,bot:easy,bot:easy&names=Ann&seed=6", backend.items)
    assert app3.screen == "confirm" and "Resume the saved game" in dom3.text() and "Start the link's game" in dom3.text()
    app3.command("keep")
    assert app3.screen == "table" and app3.session.record() == played


def test_a_refused_field_keeps_what_was_typed_marked_and_focused():
    """Issue 33: target 99999 and seed -5 were said back, but the fields showed 12 and nothing."""
    app, dom, _ = make("")
    dom.form = {"kind-0": "human", "name-0": "", "kind-1": "bot:easy", "kind-2": "bot:easy",
                "defense": "reaction", "scores": "visible", "target": "99999", "seed": "-5"}
    app.command("start")
    assert app.screen == "new" and app.session is None
    fields = dom.parsed().forms
    assert fields["target"] == "99999" and fields["seed"] == "-5"
    for name in ("target", "seed"):
        tag, = [t for t in re.findall(r"<input[^>]+>", dom.html) if f'name="{name}"' in t]
        assert 'aria-invalid="true"' in tag and f'aria-describedby="error-{name}"' in tag
        message, = re.findall(rf'<li id="error-{name}">([^<]+)</li>', dom.html)
        assert "99999" in message if name == "target" else "-5" in message
    assert dom.focus == 'form input[name="target"]'
    app.command("seats", 4)  # the fields still as typed
    assert dom.parsed().forms["target"] == "99999"
    dom.form = {**dom.form, "target": "15", "seed": "8"}
    app.command("start")
    assert app.screen == "table" and app.session.game.options["target"] == 15 and app.session.game.seed == 8


def test_form_starts_a_game_with_its_options():
    app, dom, _ = make("")
    assert app.screen == "new"
    app.command("seats", 4)
    dom.form = {"kind-0": "human", "name-0": "Zoé", "kind-1": "bot:easy", "kind-2": "human", "name-2": "",
                "kind-3": "bot:hard", "defense": "shield", "scores": "hidden", "target": "9", "seed": "42"}
    app.command("start")
    dom.run_tasks()
    s = app.session
    assert s.game.options == {"defense": "shield", "scores": "hidden", "target": 9}
    assert s.game.seed == 42 and [x.kind for x in s.seats] == ["human", "bot", "human", "bot"]
    assert "Pass the device to Zoé" in dom.text()


def test_form_errors_are_shown():
    app, dom, _ = make("")
    dom.form = {"kind-0": "human", "kind-1": "bot:easy", "kind-2": "bot:easy", "target": "5", "seed": "x"}
    app.command("start")
    assert app.screen == "new" and "not “5”" in dom.text() and "not “x”" in dom.text()


def test_hint_highlights_a_legal_action():
    app, dom, _ = make("?players=human,bot:easy,bot:easy&seed=11&speed=instant")
    app.command("hint")
    dom.run_tasks()
    assert app.game.hint.action in app.session.game.legal_actions()
    assert "Hint:" in dom.text()


def test_rules_open_beside_the_table_from_the_header_and_close():
    """In a game the rules are a panel beside the board (the table stays); elsewhere a page."""
    app, dom, _ = make("?players=human,bot:easy,bot:easy&seed=3&speed=instant")
    assert ("rules", None) in dom.acts()
    for lang, words in (("en", "Noble attack"), ("fr", "Attaque noble"), ("ja", "ノーブルアタック")):
        app.change("lang", lang)
        app.command("rules")
        assert dom.flags["screen"] == "table"
        assert 'data-testid="rules-panel"' in dom.html and 'class="ring' in dom.html
        assert dom.focus == "#rules-R1"
        text = dom.text()
        assert words in text and "Voleur" in text
        assert dom.html.count('class="diagram ') == 3
        app.command("rules-close")
        assert 'data-testid="rules-panel"' not in dom.html
    app.command("rules", "R15")  # a "why?" link: the section that explains R15
    assert dom.focus == "#rules-R14"
    app.command("rules")  # the header's button closes it again
    assert 'data-testid="rules-panel"' not in dom.html
    app.command("new")
    app.command("keep")
    app.go("new")
    app.render()
    app.command("rules")
    assert dom.flags["screen"] == "rules"
    app.command("rules-close")
    assert dom.flags["screen"] == "new"


def test_the_rules_panel_leaves_the_game_playing():
    dom = FakeDom()
    app = App(dom, MemoryBackend(), "?players=bot:easy,bot:easy,bot:easy&seed=3&speed=instant", ["en"],
              clock=lambda: 1000, rng=random.Random(1))
    app.boot()
    app.command("rules")  # before the bots' first step
    dom.run_tasks()
    assert len(app.session.game.history) > 0
    assert 'data-testid="rules-panel"' in dom.html


def test_start_on_the_form_asks_before_it_replaces_a_game_in_progress():
    """Issue 43: Start on the new-game form replaced a game in progress without asking,
    while a link to another setup asks first. It asks the same question as "New game"."""
    app, dom, backend = make("?players=human,bot:easy,bot:easy&seed=5&speed=instant")
    saved = backend.items[storage.SAVE_KEY]
    app.command("replay-open")
    app.command("new")  # from the replay, the form comes at once: the game is still in progress
    assert app.screen == "new" and "Back to the saved game" in dom.text()
    dom.form = {"kind-0": "human", "kind-1": "bot:hard", "kind-2": "bot:easy", "target": "15", "seed": "8"}
    app.command("start")
    assert app.screen == "confirm" and "Start a new game and discard the game in progress?" in dom.text()
    app.command("keep")
    assert app.screen == "table" and app.session.game.seed == 5 and backend.items[storage.SAVE_KEY] == saved
    app.command("replay-open")
    app.command("new")
    app.command("start")
    app.command("discard")
    assert app.screen == "table" and app.session.game.seed == 8 and app.session.game.options["target"] == 15
    assert app.session.seats[1].level == "hard" and json.loads(backend.items[storage.SAVE_KEY])["record"]["seed"] == 8


def test_start_on_the_form_after_a_finished_game_does_not_ask():
    app, dom, _ = make("?players=human,bot:easy,bot:easy&seed=3&speed=instant")
    click_through(app, dom, random.Random(5))
    app.command("new")
    assert app.screen == "new"
    dom.form = {"kind-0": "human", "kind-1": "bot:easy", "kind-2": "bot:easy", "seed": "4"}
    app.command("start")
    assert app.screen == "table" and app.session.game.seed == 4


def test_a_link_to_another_game_says_which_game_is_which():
    """Issue 50, item 13: the question names both games — the link's (players, target) and
    the saved one (players, the turn it is at, the scores) — in words, never blind."""
    app, dom, backend = make("?players=human,bot:easy,bot:easy&names=Ann&seed=5&speed=instant")
    app.command("draw")
    dom.run_tasks()
    turn = sum(1 for e in app.session.log if e.type == "turn")
    scores = ", ".join(map(str, app.session.game.scores))
    app2, dom2, _ = make("?players=human,human,bot:easy&names=Bob,Cy&seed=9&target=15", backend.items)
    assert app2.screen == "confirm"
    which = dom2.html[dom2.html.index('data-testid="confirm-which"'):]
    assert "The link's game: Bob, Cy, Fées bot, a new game to 15 points" in which
    assert f"Saved game: Ann, Barbares bot, Fées bot — turn {turn}, scores {scores}" in which
