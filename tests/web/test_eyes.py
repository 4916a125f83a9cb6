"""Only your own eyes (web/model/eyes.py): in a game still being played, no screen shows a
card of a hand the person holding the device may not see, whatever is clicked —
replay open and close, "Seen by", pass screens, Take back, the rules panel, the
review, the game saved as a file. Random command sequences on the fake DOM; the
page is checked after each.

The allowed eyes are worked out here from the session's own record of who took
the device (the pass screen), not from web/model/eyes.py: one human holds it always;
in hot-seat the human who passed the pass screen, nobody while one is up."""

import html
import json
import random
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from fakedom import FakeDom
from lepeuple.core.cards import NAMES
from web.app import App
from web.model.storage import MemoryBackend
from web.render.common import player_name

PLAY = {"card", "meeple", "tile", "how", "target", "confirm", "draw", "skip", "defend"}
GAMES = ["?players=human,bot:easy,bot:easy&names=Ann",
         "?players=human,human,bot:easy&names=Ann,Bob",
         "?players=human,human,human&names=Ann,Bob,Cy",
         "?players=bot:easy,human,bot:easy,human"]
COMMANDS = ["play", "play", "play", "play", "pass-ok", "hand-over", "replay-open", "replay-close", "viewer", "replay-step",
            "replay-go", "undo", "rules", "rules-close", "review", "pause", "step", "play-on",
            "download-ask", "download", "download", "download-cancel"]
ASKED = 'data-testid="download-sure"'  # the file's words said, "download the file" offered


def holder_may_see(app):
    """The seats whose hand the device holder may see now (an unfinished game)."""
    s, table = app.session, app.game
    humans = s.setup.humans
    if len(humans) == 1:
        return {humans[0]}
    if not humans or table.needs_pass() or table.at_device is None:
        return set()
    return {table.at_device}


def shown_game(app):
    """The engine state the screen shows (the replay's position, else the game)."""
    return app.replay.replay.game() if app.screen == "replay" else app.session.game


def card_words(card):
    return NAMES[card] if isinstance(card, str) else f"card {card}"


def assert_nothing_hidden_shown(app, dom):
    allowed = holder_may_see(app)
    page = dom.html
    assert 'data-testid="hands"' not in page  # every hand: only once the game is over
    assert 'data-testid="review-panel"' not in page  # a review reads every decision: finished games only
    for seat in re.findall(r'data-testid="hand" data-region="hand" data-seat="(\d+)"', page):
        assert int(seat) in allowed, (seat, allowed)
    game = shown_game(app)
    in_hand = page.split('data-region="hand"', 1)[1].split("</section>", 1)[0] if 'data-region="hand"' in page else ""
    shown_cards = set(re.findall(r'data-fly="card-([^"]+)"', in_hand))
    visible = set()
    for seat in allowed:
        visible |= {str(c) for c in game.hand(seat)[0] + game.hand(seat)[1]}
    assert shown_cards <= visible
    text = html.unescape(dom.text())
    names = [player_name(app.session.seats, seat) for seat in range(game.players)]
    for e in app.session.log:  # no line names a card drawn or taken out of sight
        if e.type == "draw" and e.seat not in allowed:
            assert f"{names[e.seat]} draws {card_words(e.card)}." not in text
        if e.type == "steal" and not allowed & {e.seat, e.target}:
            assert f"{names[e.seat]} takes {card_words(e.card)} from" not in text
    if app.screen == "replay":
        options = re.findall(r'<select name="replay-viewer".*?</select>', page, re.S)
        offered = set(re.findall(r'option value="([^"]+)"', options[0])) if options else set()
        assert offered <= {str(s) for s in allowed}
    # The file shows every hand: offered only with its words said first (the button asks;
    # "download" itself only once asked), and in hot-seat only on a pass screen.
    files = [tag for tag in re.findall(r"<[^>]+>", page) if "download" in tag and ("data-act" in tag or "href" in tag)]
    for tag in files:
        assert 'data-act="download-ask"' in tag or 'data-act="download-cancel"' in tag or \
            ('data-act="download"' in tag and 'data-testid="download-sure"' in tag), tag
    if files and app.game.hotseat:
        assert 'data-testid="pass-screen"' in page and not allowed


def run(app, dom, rng, command):
    acts = dom.acts()
    asked, passing, files = ASKED in dom.html, 'data-testid="pass-screen"' in dom.html, len(dom.downloads)
    over = app.session.game.is_over
    if command == "play":
        plays = [a for a in acts if a[0] in PLAY]
        if plays:
            app.command(*rng.choice(plays))
    elif command == "viewer":
        app.change("replay-viewer", rng.choice(["all", "0", "1", "2", "3", "x"]))  # forged values too
    elif command == "replay-step":
        app.command("replay-step", rng.choice([-1, 1]))
    elif command == "replay-go":
        app.command("replay-go", rng.randrange(0, 40))
    elif command == "review":
        app.command("review", rng.randrange(0, 4))
    else:
        app.command(command)  # forged too: "download" when nothing offers it
    if len(dom.downloads) > files and not over:  # a file of a game still going on: asked, on a pass screen
        assert command == "download" and asked and (passing or not app.game.hotseat)
    dom.run_tasks()


def booted(search, seed=1):
    """(app, dom) of a page opened at `search`, its first tasks run."""
    dom = FakeDom()
    app = App(dom, MemoryBackend(), search, ["en-GB"], clock=lambda: 1000, rng=random.Random(seed))
    app.boot()
    dom.run_tasks()
    return app, dom


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(1, 10_000),
       commands=st.lists(st.sampled_from(COMMANDS), min_size=5, max_size=60))
def test_no_screen_shows_a_hand_the_device_holder_may_not_see(game, seed, commands):
    app, dom = booted(f"{game}&seed={seed}&speed=instant", seed)
    rng = random.Random(seed)
    for command in commands:
        run(app, dom, rng, command)
        if app.session.game.is_over:
            return
        assert_nothing_hidden_shown(app, dom)


def test_the_repro_a_bots_hand_is_not_offered_in_seen_by():
    """Issue 21: one human, bots: "Seen by" offered the bots, and choosing one showed its hand."""
    app, dom = booted("?players=human,bot:easy,bot:easy&speed=instant&seed=9")
    app.command("replay-open")
    assert 'option value="1"' not in dom.html and 'option value="all"' not in dom.html
    app.change("replay-viewer", "1")
    assert app.replay.replay.viewer == 0
    assert_nothing_hidden_shown(app, dom)


def test_the_repro_hot_seat_replay_on_bobs_turn_shows_no_hand_of_ann():
    app, dom = booted("?players=human,human,bot:easy&names=Ann,Bob&speed=instant&seed=3")
    rng = random.Random(2)
    for _ in range(300):  # play until Bob's pass screen is up
        s = app.session
        if app.game.needs_pass() and s.game.to_move == 1:
            break
        run(app, dom, rng, "pass-ok" if app.game.needs_pass() else "hand-over" if app.game.seating.handing else "play")
    assert app.game.needs_pass() and app.session.game.to_move == 1
    app.command("replay-open")
    assert app.replay.replay.viewer is None and 'data-testid="hand"' not in dom.html
    for value in ("0", "1", "all"):
        app.change("replay-viewer", value)
        assert_nothing_hidden_shown(app, dom)
    app.command("replay-close")
    app.command("pass-ok")  # Bob takes the device: his eyes, only his
    app.command("replay-open")
    assert app.replay.replay.viewer == 1
    app.change("replay-viewer", "0")
    assert app.replay.replay.viewer == 1
    assert_nothing_hidden_shown(app, dom)


def test_hot_seat_the_game_as_a_file_is_offered_on_the_pass_screen_only_and_asks_first():
    """Issue 33: the replay's Download of an unfinished game rebuilt every hand. In hot-seat
    it is offered only from the pass screen's menu, says what the file shows, asks once."""
    app, dom = booted("?players=human,human,bot:easy&names=Ann,Bob&speed=instant&seed=3")
    rng = random.Random(2)
    while not (app.game.needs_pass() and 'data-testid="pass-screen"' in dom.html):
        run(app, dom, rng, "pass-ok" if app.game.needs_pass() else "hand-over" if app.game.seating.handing else "play")
    assert 'data-testid="pass-menu"' in dom.html and 'data-act="download-ask"' in dom.html
    app.command("download")  # forged: nothing was asked
    assert dom.downloads == []
    app.command("download-ask")
    assert "This file shows every hand" in dom.text() and ASKED in dom.html and dom.focus == "[data-testid=download-sure]"
    app.command("download")
    (name, text), = dom.downloads
    assert name.endswith(".json") and json.loads(text)["record"] == app.session.record()
    app.command("pass-ok")  # a person's turn: no file, however asked
    for command in ("download-ask", "download", "replay-open", "download-ask", "download"):
        app.command(command)
        assert "download" not in " ".join(re.findall(r'data-act="[^"]+"', dom.html))
    assert len(dom.downloads) == 1


def test_one_person_and_bots_the_file_of_a_game_going_on_asks_first_and_a_finished_one_does_not():
    app, dom = booted("?players=human,bot:easy,bot:easy&names=Ann&speed=instant&seed=4")
    app.command("replay-open")
    assert 'data-act="download-ask"' in dom.html
    app.command("download")
    assert dom.downloads == []
    app.command("download-ask")
    app.command("download-cancel")
    assert ASKED not in dom.html and dom.downloads == []
    app.command("download-ask")
    app.command("download")
    assert len(dom.downloads) == 1
    app.command("replay-close")
    rng = random.Random(4)
    while not app.session.game.is_over:
        run(app, dom, rng, "play")
    button, = [tag for tag in re.findall(r"<[^>]+>", dom.html) if 'data-testid="download-game"' in tag]
    assert 'data-act="download"' in button
    app.command("download")  # the end screen: the file as it always was, no question
    assert len(dom.downloads) == 2 and json.loads(dom.downloads[1][1])["record"] == app.session.record()
