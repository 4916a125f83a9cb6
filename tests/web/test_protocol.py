"""The host's and tables' messages (web/remote/protocol.py), what each seat is told of a
bot's reason (web/model/eyes.why_for), and the links people send (web/remote/invite.py)."""

import json

import pytest

from fakenet import chrome_sdp
from lepeuple.core.actions import Draw
from web.model.eyes import why_for
from web.remote import protocol
from web.remote.invite import LinkError, pack, read_stun, sdp_fields, unpack
from web.remote.protocol import Bucket, Reader, Refused, Unreadable


def code_of(message):
    with pytest.raises(Refused) as refused:
        protocol.from_table(message)
    return refused.value.code


def test_a_tables_message_is_read_only_in_its_exact_shape():
    good = {"v": 1, "t": "act", "seat": 1, "at": 3, "action": {"type": "draw"}}
    assert protocol.from_table(json.dumps(good))["action"] == Draw()
    assert protocol.from_table(dict(good))["seat"] == 1  # this device's table: the object itself
    assert code_of("é" * 40_000) == "too-large"  # 80,000 bytes of UTF-8
    assert code_of("[" * 100 + "]" * 100) == "not-json"  # nested too deep to read safely
    assert code_of({**good, "v": 0}) == "version"
    assert code_of({**good, "seat": 1.0}) == "shape" and code_of({**good, "at": False}) == "shape"
    assert code_of({**good, "more": 1}) == "shape" and code_of({k: v for k, v in good.items() if k != "at"}) == "shape"
    assert code_of({**good, "action": {"type": "move", "card": 3}}) == "shape"
    assert code_of({"v": 1, "t": "sync"}) == "shape"  # a host's message, from a table


def test_the_rate_is_bounded_and_refills_with_time():
    now = [0.0]
    bucket = Bucket(lambda: now[0], burst=3, per_second=2)
    for _ in range(3):
        bucket.take()
    with pytest.raises(Refused):
        bucket.take()
    now[0] = 0.5  # one message's worth again
    bucket.take()
    with pytest.raises(Refused):
        bucket.take()


def test_a_long_message_goes_in_parts_and_comes_back_whole():
    message = {"v": 1, "t": "status", "away": [], "thinking": None, "seats": ["x" * 200_000]}
    texts = protocol.pieces(protocol.dumps(message), 7)
    assert len(texts) == 5 and all(len(t) < protocol.CHUNK + 200 for t in texts)
    reader = Reader()
    assert [reader.read(t) for t in texts[:-1]] == [None] * 4
    assert reader.read(texts[-1]) == message
    with pytest.raises(Unreadable):
        Reader().read(texts[2])  # a piece whose first never came
    with pytest.raises(Unreadable, match="version 3"):
        Reader().read('{"v": 3, "t": "update"}')


def test_a_bots_reason_tells_each_seat_only_what_it_may_see():
    why = {"kind": "pass", "seat": 2, "powers": 2, "known": [[0, "defense"], [1, "bandit"]], "chance": 0.4,
           "next": {"action": {"type": "power", "card": "voleur", "target": 0}, "chance": 0.3}}
    told = why_for(why, 0, False)
    assert told["known"] == [[0, "defense"]]  # a card known in a hand: told to its holder only
    assert told["next"] == {"action": {"type": "power"}, "chance": 0.3}  # the card not played stays unsaid
    event = {"kind": "event", "seat": 2, "deltas": [-1, 0, 3], "wins": False, "target": 12}
    assert why_for(event, 0, True)["deltas"] == [-1, None, None]  # hidden scores: one's own points only
    assert why_for(event, 0, False)["deltas"] == [-1, 0, 3]
    power = {"kind": "power", "seat": 2, "card": "voleur", "score": 7, "target": 1, "target_score": 4}
    assert why_for(power, 1, True)["target_score"] == 4 and why_for(power, 0, True)["target_score"] is None
    assert why_for(power, 0, True)["score"] is None and why_for(None, 0, False) is None


def test_a_link_carries_what_webrtc_needs_rebuilt_and_junk_is_said():
    offer, answer = chrome_sdp(1, "offer"), chrome_sdp(2, "answer")
    data = {"table": "T" * 12, "seat": 2, "peer": "p1abcdefg", "sdp": answer}
    fragment = pack("reply", data)
    code = fragment.split("=", 1)[1]
    assert code.startswith("2.")  # the version
    for text in ("http://127.0.0.1:8000/" + fragment, fragment, code, f"  {code}\n"):
        back = unpack(text)
        assert {**back, "sdp": None} == {"k": "reply", **data, "sdp": None}
        assert sdp_fields(back["sdp"]) == sdp_fields(answer)  # what WebRTC needs, the TCP candidate left out
    assert sdp_fields(answer)["candidates"] == [("host", "6f1c2c1e-9b0a-4d7e-8a51-000000000002.local", 50002)]
    invitation = {**data, "sdp": offer, "token": "K" * 12, "ice": ["stun:stun.example.org:3478"],
                  "name": "Bérénice-Hortense"}
    back = unpack(pack("join", invitation))
    assert back["name"] == "Bérénice-Hort" and back["ice"] == invitation["ice"]  # a name cut to whole characters
    assert "a=setup:actpass" in back["sdp"] and "a=ice-ufrag:u001" in back["sdp"]
    words = {"": "net.link.foreign", "hello world": "net.link.foreign", code[:-9]: "net.link.damaged",
             "A" * 20_000: "net.link.foreign", "2." + "A" * 300: "net.link.damaged",
             pack("reply", {**data, "seat": 9}): "net.link.damaged", fragment.replace("=2.", "=3."): "net.link.version",
             "#reply=eNqrVkpLzFOyUkpKVKoFAB2TBEY" + "x" * 40: "net.link.version"}  # a link of the first version
    for junk, key in words.items():
        with pytest.raises(LinkError) as said:
            unpack(junk)
        assert said.value.args[0] == key, junk


def test_a_link_is_short_enough_for_a_small_qr_code():
    """Each part after '#' is at most 250 characters (a QR code of version 11 at level L
    holds 321 bytes: a Pages address and the fragment), with two candidates, a STUN
    server and a long name."""
    sdp = chrome_sdp(3, "offer").replace("a=ice-ufrag", "a=candidate:9 1 udp 1686052607 203.0.113.7 61234 typ srflx "
                                          "raddr 0.0.0.0 rport 0 generation 0\r\na=ice-ufrag")
    long = {"table": "T" * 12, "seat": 4, "peer": "p" + "x" * 8, "token": "K" * 12, "sdp": sdp,
            "ice": ["stun:stun.example.org:3478"], "name": "Ωmega " * 6}
    for kind in ("join", "rejoin", "reply"):
        data = {k: v for k, v in long.items() if kind != "reply" or k in ("table", "seat", "peer", "sdp")}
        data = {k: v for k, v in data.items() if kind == "join" or k != "name"}
        fragment = pack(kind, data)
        assert len(fragment) - 1 <= 250, (kind, len(fragment))


def test_the_stun_setting_keeps_stun_urls_and_says_the_rest():
    assert read_stun("stun:stun.example.org:3478, stuns:a.b  turn:x http://y") == (
        ["stun:stun.example.org:3478", "stuns:a.b"], ["turn:x", "http://y"])
    assert read_stun("") == ([], [])


def test_a_friends_seat_comes_from_the_form_and_the_url_and_is_saved_with_its_token():
    import random

    from web.model.newgame import parse_query, seated, seats_from_json, setup_from_form

    setup, errors = setup_from_form({"kind-0": "human", "name-0": "Ann", "kind-1": "remote", "name-1": "Bea",
                                     "kind-2": "bot:easy"}, ["easy", "normal", "hard"])
    assert not errors and [s.kind for s in setup.seats] == ["human", "remote", "bot"] and setup.seats[1].name == "Bea"
    assert setup.here == [0] and setup.humans == [0, 1]
    again = parse_query("?players=human,remote,bot:easy&names=Ann,Bea", ["easy", "normal", "hard"]).setup
    assert [s.kind for s in again.seats] == ["human", "remote", "bot"] and again.seats[1].name == "Bea"
    seats = seated(setup.seats, random.Random(1))
    saved = [s.to_json() for s in seats]
    assert saved[1]["token"] and saved[1]["table"] and "token" not in seats[1].public_json()
    assert seats_from_json(saved, ["easy"]) == seats
    with pytest.raises(ValueError):
        seats_from_json([saved[0], {**saved[1], "token": "short"}, saved[2]], ["easy"])
