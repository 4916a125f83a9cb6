"""Play with friends on their own devices (issue 41, docs/remote.md): a host App and guest
Apps in one process, their data channels an in-memory network that carries JSON text as
the real one does (tests/web/fakenet.py). Everything is clicked, read and pasted as people
would."""

import json
import random

from fakenet import Net
from remote_kit import field, guest_app, host_app, invitation, join, play_to_the_end, received, table

GAME = "?players=human,remote,remote,bot:easy&names=Ann,Bea,Cy&seed=5&speed=instant"


def test_a_whole_game_one_person_at_the_host_two_friends_and_a_bot():
    net, host, guests = table(GAME)
    apps = [host, guests[1], guests[2]]
    play_to_the_end(net, host, apps, random.Random(3))
    game = host.session.game
    for seat, guest in guests.items():
        told = guest.game.lead_game()
        assert told.view == game.view(seat) and told.over
        assert "Game over" in guest.device.dom.text()
        assert told.record == game.record()  # once over, every hand may be shown
        assert ("again", None) not in guest.device.dom.acts()  # the host starts the next game
    assert "Game over" in host.device.dom.text()
    guests[1].command("replay-open")  # the finished game's record is on her device: every hand may be shown
    assert guests[1].screen == "replay" and 'option value="all"' in guests[1].device.dom.html
    assert any(act == "review" for act, _ in guests[1].device.dom.acts())  # and a review can run there
    guests[1].command("replay-close")
    host.command("again")  # the same friends, the next game: told it at once
    net.run()
    for seat, guest in guests.items():
        assert guest.screen == "table" and guest.game.lead_game().view == host.session.game.view(seat)


def open_peer(app):
    return next(p.id for p in app.remote.peers.values() if p.state == "open")


def refusals(net, app):
    return [m["code"] for m in received(net, app) if m["t"] == "refused"]


def test_junk_and_another_seats_messages_are_refused_and_change_nothing():
    net = Net()
    host = host_app(net, GAME)
    host.remote.clock = lambda: 0.0  # no time passes: the rate is counted message by message
    guests = {seat: join(net, host, seat, seed=10 + seat) for seat in (1, 2)}
    bea, peer = guests[1], open_peer(guests[1])
    saved = dict(host.store.backend.items)

    def say(text):
        net._asked(bea, {"op": "send", "peer": peer, "data": text})
        net.run()

    act = lambda seat, at, action: json.dumps({"v": 1, "t": "act", "seat": seat, "at": at, "action": action})
    junk = [("x" * 70_000, "too-large"), ("not json", "not-json"), ("[1, 2]", "shape"), ('{"v": 1}', "shape"),
            ('{"v": 2, "t": "act"}', "version"), ('{"v": 1, "t": "hello"}', "shape"),
            (act(1, 0, {"type": "fly"}), "shape"), (act(1, 0, {"type": "draw", "extra": 1}), "shape"),
            (json.dumps({"v": 1, "t": "act", "seat": True, "at": 0, "action": {"type": "draw"}}), "shape"),
            (act(2, 0, {"type": "draw"}), "not-your-seat"), (act(0, 0, {"type": "draw"}), "not-your-seat"),
            (act(1, 0, {"type": "draw"}), "not-your-turn"), (act(1, 5, {"type": "draw"}), "stale"),
            (json.dumps({"v": 1, "t": "undo", "seat": 1, "at": 0}), "no-undo"),
            (json.dumps({"v": 1, "t": "join", "table": "x", "seat": 2, "token": "y"}), "not-your-seat")]
    for text, code in junk:
        say(text)
        assert refusals(net, bea)[-1] == code, text[:60]
        assert host.store.backend.items == saved and host.session.game.history == []
    assert 'data-testid="remote-bar"' in bea.device.dom.html  # the friend's page goes on
    host.command("draw")  # Ann draws: Bea's turn
    net.run()
    hand = host.session.game.hand(1)[0]
    absent = next(c for c in range(1, 33) if c not in hand)
    say(act(1, 1, {"type": "move", "card": absent, "meeple": [1, 0], "how": "circle"}))
    assert refusals(net, bea)[-1] == "illegal" and len(host.session.game.history) == 1
    for _ in range(30):  # too many at once: counted, refused, nothing done
        say(act(1, 0, {"type": "draw"}))
    assert refusals(net, bea)[-1] == "too-fast" and len(host.session.game.history) == 1
    assert "The host refused that" in bea.device.dom.text()


def test_a_message_of_the_host_a_friend_cannot_read_is_said_in_words():
    net, host, guests = table(GAME)
    bea, peer = guests[1], open_peer(guests[1])
    for data, words in [("{garbage", "cannot read"), ('{"v": 9, "t": "update"}', "protocol version 9"),
                        ('{"v": 1, "t": "update", "seat": 1, "cut": 999, "events": [], "acts": 0, "starts": [],'
                         ' "actors": [], "whys": [], "state": {}}', "cannot read"),
                        ('{"v": 1, "t": "update", "seat": 1, "cut": 0, "events": [["fly", 1]], "acts": 0, "starts": [],'
                         ' "actors": [], "whys": [], "state": {}}', "damaged event")]:
        net.queue.append((bea, {"op": "message", "peer": peer, "data": data}))
        net.run()
        assert words in bea.device.dom.text() and bea.screen == "table"
        assert 'data-testid="hand"' in bea.device.dom.html  # the table as it was told, still drawn


def state_of(app, seat):
    return app.device.dom.text() if seat is None else field_text(app, f"remote-state-{seat}")


def field_text(app, testid):
    import re

    m = re.search(rf'data-testid="{testid}"[^>]*>(.*?)</(p|span)>', app.device.dom.html, re.S)
    return re.sub(r"<[^>]+>", "", m.group(1)) if m else None


def to_turn_of(net, host, apps, seat, rng):
    """Random clicks until `seat` is to move (a person's seat)."""
    from remote_kit import play_a_click

    for _ in range(2000):
        if host.session.game.to_move == seat:
            return
        assert play_a_click(net, apps, rng)
    raise AssertionError(f"seat {seat} never came to move")


def test_a_friend_who_drops_is_waited_for_and_comes_back_by_a_new_invitation_nothing_lost():
    net, host, guests = table(GAME)
    bea, cy = guests[1], guests[2]
    to_turn_of(net, host, [host, bea, cy], 1, random.Random(1))
    before = host.session.record()
    net.drop(bea)  # Bea's network is gone
    net.run()
    assert field_text(host, "remote-state-1") == "away"
    assert "Waiting for the host" in bea.device.dom.text() and not [a for a in bea.device.dom.acts() if a[0] == "draw"]
    assert host.session.record() == before  # the game waits on her seat
    again = join(net, host, 1, backend=bea.device.store.backend, seed=30)  # the new invitation, on her device
    assert again.game.lead_game().view == host.session.game.view(1)
    assert "connected" in field_text(host, "remote-state-1")
    net.remove(bea)
    play_to_the_end(net, host, [host, again, cy], random.Random(2))


def prompt_of(app):
    return field_text(app, "prompt")


def test_the_hosts_friends_are_one_bar_and_each_invitation_opens_over_the_table():
    net = Net()
    host = host_app(net, GAME)
    assert [field_text(host, f"remote-state-{seat}") for seat in (1, 2)] == ["invited", "invited"]
    assert "#join=" not in host.device.dom.html and "data-qr" not in host.device.dom.html  # the table comes first
    link = invitation(host, 1)  # "Invitation": Bea's, in a sheet over the table
    assert "#join=" in link and 'data-testid="invite-sheet-1"' in host.device.dom.html
    assert 'data-testid="invite-2-link"' not in host.device.dom.html  # one sheet at a time
    host.command("net-close")
    assert "#join=" not in host.device.dom.html and 'data-testid="hand"' in host.device.dom.html
    join(net, host, 2, seed=12)
    assert field_text(host, "remote-state-2") == "connected"
    assert 'data-testid="invite-sheet-2"' not in host.device.dom.html  # connected: the sheet is gone by itself


def test_when_the_game_waits_on_a_friend_not_connected_the_prompt_says_so_and_offers_the_ways_on():
    net, host, guests = table(GAME)
    bea, cy = guests[1], guests[2]
    to_turn_of(net, host, [host, bea, cy], 1, random.Random(1))
    assert "not connected" not in prompt_of(host)
    net.drop(bea)
    net.run()
    assert prompt_of(host) == "The game waits for Bea, who is not connected."
    assert {("net-open", 1), ("net-bot", 1)} <= set(host.device.dom.acts())
    host.command("net-open", 1)  # invite again: her new invitation, over the table
    assert "#join=" in field(host, "invite-1-link")
    host.command("net-close")
    host.command("net-bot", 1)  # or give her seat to a bot: the game goes on
    net.run()
    assert "not connected" not in (prompt_of(host) or "") and field_text(host, "remote-state-1") == "a bot plays"


def test_a_reply_for_another_table_or_seat_or_a_link_of_another_version_is_refused_in_words():
    from web.remote.invite import pack, unpack

    net = Net()
    host = host_app(net, GAME)
    bea = guest_app(net, invitation(host, 1), seed=11)
    reply = unpack(field(bea, "reply-link"))
    bad = {"another table": pack("reply", {**{k: reply[k] for k in ("seat", "peer", "sdp")}, "table": "X" * 12}),
           "another seat": pack("reply", {**{k: reply[k] for k in ("table", "peer", "sdp")}, "seat": 2})}
    for why, text in bad.items():
        host.change("net-paste", text)
        net.run()
        assert "for another game or seat: nothing was changed" in host.device.dom.text(), why
        assert field_text(host, "remote-state-1") == "invited", why
    host.change("net-paste", "#reply=eNqrVkpLzFOyUkpKVKoFAB2TBEY" + "x" * 40)  # a link of the first version
    assert "another version of the game" in host.device.dom.text()
    host.change("net-paste", "https://example.org/menu")  # a QR code of something else
    assert "not a link or code of this game" in host.device.dom.text()
    host.change("net-paste", field(bea, "reply-link"))  # hers, at last
    net.run()
    assert field_text(host, "remote-state-1") == "connected"


def test_the_host_gives_an_absent_friends_seat_to_a_bot_and_back():
    net, host, guests = table(GAME)
    bea, cy = guests[1], guests[2]
    to_turn_of(net, host, [host, bea, cy], 1, random.Random(1))
    net.drop(bea)
    net.run()
    net.remove(bea)
    host.command("net-bot", 1)  # the bot plays her seat from its view
    net.run()
    assert host.session.seats[1].is_bot and len(host.session.game.history) > 0
    assert field_text(host, "remote-state-1") == "a bot plays"
    assert host.session.game.to_move != 1
    host.command("net-back", 1)  # and gives it back: a new invitation
    net.run()
    assert host.session.seats[1].is_remote
    back = join(net, host, 1, seed=31)
    assert back.game.lead_game().seats[1].name == "Bea"
    play_to_the_end(net, host, [host, back, cy], random.Random(3))


def test_a_friend_who_reloads_opens_the_same_link_and_asks_to_rejoin():
    net = Net()
    host = host_app(net, GAME)
    link = invitation(host, 1)
    bea = join(net, host, 1, seed=11)
    cy = join(net, host, 2, seed=12)
    to_turn_of(net, host, [host, bea, cy], 1, random.Random(4))
    stored = dict(bea.device.store.backend.items)
    assert set(stored) <= {"lepeuple.guest", "lepeuple.prefs"}  # its table and seat: never a hand, never the record
    assert set(json.loads(stored["lepeuple.guest"])) == {"table", "seat", "token", "used"}
    net.remove(bea)  # the page reloads: the same link, the same device
    net.run()
    again = guest_app(net, link, bea.device.store.backend, seed=40)
    assert again.screen == "join" and field(again, "reply-link") is None
    assert "Your seat: Bea (seat 2)." in again.device.dom.text()
    request = field(again, "rejoin-link")
    assert "#rejoin=" in request
    host.change("net-paste", request)  # the host pastes the request: an answer to send back
    net.run()
    answer = invitation(host, 1)
    assert "#reply=" in answer and "asks to take their seat again" in host.device.dom.text()
    again.change("net-paste", answer)
    net.run()
    assert again.screen == "table" and again.game.lead_game().view == host.session.game.view(1)
    assert [a for a in again.device.dom.acts() if a[0] in ("draw", "card")]  # her turn, her choices
    play_to_the_end(net, host, [host, again, cy], random.Random(5))


def test_the_host_reloads_friends_wait_for_it_and_come_back():
    net, host, guests = table(GAME + "&target=20")
    bea, cy = guests[1], guests[2]
    rng = random.Random(6)
    from remote_kit import play_a_click

    while len(host.session.game.history) < 60:
        assert play_a_click(net, [host, bea, cy], rng)
    to_turn_of(net, host, [host, bea, cy], 2, rng)
    before, items = host.session.record(), host.store.backend.items
    net.remove(host)  # the host's page reloads
    net.run()
    for guest in (bea, cy):
        assert "Waiting for the host" in guest.device.dom.text()
        assert 'data-testid="hand"' in guest.device.dom.html  # the table as it stood, still drawn
    host = host_app(net, "", items)  # resumed from its save, which says which seats are friends'
    assert host.session.record() == before and host.session.seats[1].is_remote
    bea2 = join(net, host, 1, backend=bea.device.store.backend, seed=50)  # Bea opens the new invitation
    net.remove(bea)
    assert received(net, bea2)[0]["t"] == "part"  # the game so far, too long for one message: in parts
    assert bea2.game.lead_game().view == host.session.game.view(1)
    cy.command("net-rejoin")  # Cy asks to rejoin from his waiting table
    net.run()
    host.change("net-paste", field(cy, "rejoin-link"))
    net.run()
    cy.change("net-paste", invitation(host, 2))
    net.run()
    assert "The host is connected" in cy.device.dom.text()
    assert [a for a in cy.device.dom.acts() if a[0] in ("draw", "card")]  # it was his turn: it still is
    play_to_the_end(net, host, [host, bea2, cy], rng)


def test_the_table_screen_the_host_takes_no_seat_and_shows_no_hand():
    net, host, guests = table("?players=remote,remote,remote&names=Ann,Bea,Cy&seed=3&target=6&speed=instant", seats=(0, 1, 2))
    rng = random.Random(7)
    from remote_kit import play_a_click

    while not host.session.game.is_over:
        html = host.device.dom.html
        assert 'data-testid="hand"' not in html and "Hands are hidden" not in html  # no hand, and no empty box
        assert 'data-testid="last-action"' in html and 'class="table-screen for-table' in html
        assert play_a_click(net, list(guests.values()), rng)
    for seat, guest in guests.items():
        assert guest.game.lead_game().view == host.session.game.view(seat)


def test_two_people_at_the_host_pass_the_device_while_a_friend_plays_on_theirs():
    net, host, guests = table("?players=human,human,remote,bot:easy&names=Ann,Bob,Cy&seed=9&speed=instant", seats=(2,))
    cy, rng, passes = guests[2], random.Random(8), 0
    from remote_kit import play_a_click

    while not host.session.game.is_over:
        html = host.device.dom.html
        if host.game.needs_pass():
            passes += 1
            assert 'data-testid="hand"' not in html
        elif 'data-testid="hand"' in html:
            assert f'data-testid="hand" data-region="hand" data-seat="{host.game.at_device}"' in html
        assert play_a_click(net, [host, cy], rng)
    assert passes > 3


def test_a_reply_opened_in_the_hosts_browser_reaches_the_games_tab():
    net = Net()
    host = host_app(net, GAME)
    bea = guest_app(net, invitation(host, 1), seed=11)
    reply = field(bea, "reply-link")
    tab = guest_app(net, reply, browser="host")  # opened in the host's browser
    assert "You can close this tab" in tab.device.dom.text()
    assert bea.screen == "table" and "connected" in field_text(host, "remote-state-1")
    alone = guest_app(net, reply, browser="elsewhere")  # no game's tab in that browser
    assert "No page of the game is open in this browser" in alone.device.dom.text()
    assert field(alone, "forward-code") == reply.split("#reply=")[1]


def test_stun_servers_are_off_until_set_and_then_go_with_the_invitation():
    net = Net()
    host = host_app(net, GAME)
    offers = [m for m in host.device.dom.net_sent if m["op"] == "offer"] if host.device.dom.net_sent else []
    assert "Play over the internet: off" in host.device.dom.text()
    sent = []
    net_asked = host.device.dom.net
    host.device.dom.net = lambda m: (sent.append(m), net_asked(m))
    host.change("net-stun", "stun:stun.example.org:3478, bad-server")
    assert "Not a STUN server, left out: bad-server" in host.device.dom.text()
    host.command("net-invite", 1)
    net.run()
    assert [m["ice"] for m in sent if m["op"] == "offer"] == [["stun:stun.example.org:3478"]]
    from web.remote.invite import unpack

    assert unpack(invitation(host, 1))["ice"] == ["stun:stun.example.org:3478"]
    assert offers == []


def test_a_friends_table_hints_previews_logs_and_replays_with_no_game_on_the_device():
    net, host, guests = table(GAME)
    bea, cy = guests[1], guests[2]
    to_turn_of(net, host, [host, bea, cy], 1, random.Random(9))
    assert bea.game.session is None and bea.game.record() is None  # no engine game, no record here
    bea.command("hint")
    net.run()
    assert 'data-testid="hint-text"' in bea.device.dom.html
    card = next(a for a in bea.device.dom.acts() if a[0] == "card")
    bea.command(*card)
    assert "reach-btn" in bea.device.dom.html or "meeple-btn" in bea.device.dom.html  # where it goes, said
    bea.command("replay-open")
    r = bea.replay.replay
    seen_by = bea.device.dom.html.split('name="replay-viewer"')[1].split("</select>")[0]
    assert bea.screen == "replay" and r.viewer == 1 and seen_by.count("<option") == 1
    bea.command("replay-go", 0)
    assert r.view()["hand"] is not None and r.view()["seat"] == 1
    assert 'data-act="download' not in bea.device.dom.html  # the record is the host's: no file
    bea.command("replay-close")
    assert bea.screen == "table"


def test_a_friends_own_saved_game_is_left_alone_and_leaving_the_table_keeps_it():
    from web.model.storage import MemoryBackend

    net = Net()
    own = host_app(net, "?players=human,bot:easy,bot:easy&seed=2&speed=instant", browser="bea")
    own.command("draw")
    net.run()
    backend = own.store.backend
    mine = backend.items["lepeuple.save"]
    net.remove(own)
    host = host_app(net, GAME)
    bea = join(net, host, 1, backend=backend, seed=12)  # the invitation opened on a device with its own game
    assert backend.items["lepeuple.save"] == mine and bea.session is None
    bea.command("new")
    assert "Leave this table?" in bea.device.dom.text()
    bea.command("discard")
    net.run()
    assert bea.screen == "new" and backend.items["lepeuple.save"] == mine
    assert field_text(host, "remote-state-1") == "away"
    assert isinstance(backend, MemoryBackend)


def test_an_invitation_opened_in_a_tab_already_open_joins_as_at_start_up():
    from remote_kit import FakeDom
    from web.app import App
    from web.model.storage import MemoryBackend

    net = Net()
    host = host_app(net, GAME)
    tab = App(FakeDom(), MemoryBackend(), "", ["en-GB"], clock=lambda: 1000)
    net.add(tab, "bea")
    tab.boot()
    assert tab.screen == "new"
    tab.fragment_changed("#" + invitation(host, 1).split("#", 1)[1])
    net.run()
    host.change("net-paste", field(tab, "reply-link"))
    net.run()
    assert tab.screen == "table" and tab.game.lead_game().seat == 1


def test_a_friend_takes_back_a_slip_the_host_decides_and_every_table_says_so():
    from web.model.storage import encode

    seats = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bea"}, {"kind": "bot", "level": "easy"}]
    record = {"format": 1, "players": 3, "options": {}, "seed": 1, "actions": [],
              "setup": {"hands": [{"movement": [2]}, {"movement": [8], "power": ["force"]}, {"movement": [3]}]}}
    net = Net()
    host = host_app(net, "?speed=instant", {"lepeuple.save": encode(seats, record)})
    bea = join(net, host, 1)
    host.command("draw")
    net.run()
    assert ("undo", None) not in bea.device.dom.acts()
    bea.command("card", "force")
    bea.command("confirm")
    net.run()
    assert host.session.game.history[-1].card == "force"
    assert ("undo", None) in bea.device.dom.acts() and ("undo", None) not in host.device.dom.acts()  # hers, not Ann's
    bea.command("undo")  # asked of the host, whose engine allows it
    net.run()
    assert len(host.session.game.history) == 1 and host.session.game.to_move == 1
    for app in (host, bea):
        assert "Bea took back: Force." in app.device.dom.text()
    assert bea.game.lead_game().view == host.session.game.view(1)


def test_with_hidden_scores_a_whole_game_is_played_and_a_friend_is_told_no_other_players_points():
    """Hidden scores (R-option `scores`): the host's table and the friends' draw the steps of
    every action, others' points unsaid, to the end; each friend is told its seat's views only."""
    from tests.seat_told import others_points, views_checked

    net, host, guests = table(GAME + "&scores=hidden&target=8")
    play_to_the_end(net, host, [host, *guests.values()], random.Random(11))
    record = host.session.record()
    assert record["options"]["scores"] == "hidden" and any(host.session.game.scores)
    for seat, guest in guests.items():
        told = received(net, guest)
        assert views_checked(told, record, seat) > 20
        assert others_points(told, seat) == []
        assert "Game over" in guest.device.dom.text()
    assert "Game over" in host.device.dom.text()
