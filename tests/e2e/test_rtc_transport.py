"""web/page/rtc.mjs and web/page/qr.mjs in Chromium, from the built site: two browser
contexts (two devices' profiles) connect over real WebRTC on loopback with no ICE
server, as a host and a guest do with the links they send each other (offer, answer,
accept), then talk, send a 64 KB message, close, and drop; two tabs of one browser
hand a reply over BroadcastChannel; a QR code is drawn into the page.

The pages are a few lines that import /web/page/rtc.mjs on the site's origin
(scripts/bench/rtc_roundtrip.py's open_net_page, also used by the benchmark)."""

import re
import socket

import pytest

from scripts import browser as chromium
from scripts.bench.rtc_roundtrip import connect, net_send, open_net_page, wait_heard


@pytest.fixture
def contexts(browser):
    """make() -> a fresh context (a device of its own); at teardown, none may have
    misbehaved (an error in the console, a request off 127.0.0.1)."""
    made = []

    def make():
        context = browser.new_context()
        made.append((context, chromium.Recorder(context)))
        return context

    yield make
    problems = [p for _, recorder in made for p in recorder.problems()]
    for context, _ in made:
        context.close()
    assert not problems, "a page misbehaved:\n" + "\n".join(problems)


@pytest.fixture
def pair(contexts, site_url):
    """A host's page and a guest's page, in two contexts."""
    return open_net_page(contexts(), site_url), open_net_page(contexts(), site_url)


def candidates(sdp):
    return re.findall(r"^a=candidate:.*$", sdp, re.M)


def messages(page, peer, count):
    """The data of the first `count` messages from `peer`, once they have arrived."""
    page.wait_for_function("([peer, count]) => window.heard.filter((m) => m.op === 'message' && m.peer === peer)"
                           ".length >= count", arg=[peer, count], timeout=10_000)
    return page.evaluate("(peer) => window.heard.filter((m) => m.op === 'message' && m.peer === peer)"
                         ".map((m) => m.data)", peer)


def test_host_and_guest_connect_with_host_candidates_only_and_talk_both_ways(pair):
    host, guest = pair
    offer, answer = connect(host, guest, "p1")
    for sdp in (offer["sdp"], answer["sdp"]):  # every candidate is in the one text (no trickle)
        assert candidates(sdp) and all(" typ host " in c for c in candidates(sdp)), candidates(sdp)
    net_send(host, {"op": "send", "peer": "p1", "data": "hello guest"})
    net_send(host, {"op": "send", "peer": "p1", "data": "é, 参, 🂡"})
    net_send(guest, {"op": "send", "peer": "p1", "data": '{"play": "A3"}'})
    assert messages(guest, "p1", 2) == ["hello guest", "é, 参, 🂡"]  # in order
    assert messages(host, "p1", 1) == ['{"play": "A3"}']
    assert [m["op"] for m in host.evaluate("window.heard")] == ["offer", "open", "message"]


def test_a_closed_connection_is_closed_on_the_other_side_and_cannot_be_sent_on(pair):
    host, guest = pair
    connect(host, guest, "p1")
    net_send(host, {"op": "close", "peer": "p1"})
    assert wait_heard(guest, "closed", "p1") == {"op": "closed", "peer": "p1"}
    net_send(guest, {"op": "send", "peer": "p1", "data": "anyone?"})
    assert wait_heard(guest, "error", "p1")["reason"] == "send: no peer p1"
    assert [m["op"] for m in host.evaluate("window.heard")] == ["offer", "open"]  # Python closed it: no "closed"


def test_a_64_kb_message_arrives_whole_both_ways(pair):
    host, guest = pair
    connect(host, guest, "p1")
    big = "".join(chr(0x41 + i % 26) for i in range(64 * 1024))
    net_send(host, {"op": "send", "peer": "p1", "data": big})
    net_send(guest, {"op": "send", "peer": "p1", "data": big[::-1]})
    assert wait_heard(guest, "message", "p1")["data"] == big
    assert wait_heard(host, "message", "p1")["data"] == big[::-1]
    # Past the connection's largest message (256 KB in Chromium) the sender is told; nothing is cut.
    net_send(host, {"op": "send", "peer": "p1", "data": big * 5})
    assert wait_heard(host, "error", "p1")["reason"].startswith("send: ")
    net_send(host, {"op": "send", "peer": "p1", "data": "still open"})
    assert messages(guest, "p1", 2) == [big, "still open"]


def test_a_guest_that_drops_is_reported_closed_to_the_host(contexts, site_url):
    host = open_net_page(contexts(), site_url)
    guest_context = contexts()
    connect(host, open_net_page(guest_context, site_url), "p1")
    guest_context.close()  # the tab and its connection are gone, with no goodbye
    # ICE notices in a few seconds; rtc.mjs waits 5 s more of "disconnected".
    assert wait_heard(host, "closed", "p1", timeout_ms=30_000) == {"op": "closed", "peer": "p1"}


def test_several_guests_connect_to_one_host_each_on_its_own_peer(contexts, site_url):
    host = open_net_page(contexts(), site_url)
    guests = {peer: open_net_page(contexts(), site_url) for peer in ("seat1", "seat2")}
    for peer, guest in guests.items():
        connect(host, guest, peer)
    for peer in guests:
        net_send(host, {"op": "send", "peer": peer, "data": f"to {peer}"})
    for peer, guest in guests.items():
        assert wait_heard(guest, "message", peer)["data"] == f"to {peer}"
        assert [m["op"] for m in guest.evaluate("window.heard")].count("message") == 1


@pytest.fixture
def silent_stun():
    """The URL of a "STUN server" that reads requests and never answers, and its socket."""
    server = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    server.bind(("127.0.0.1", 0))
    server.settimeout(0)
    yield f"stun:127.0.0.1:{server.getsockname()[1]}", server
    server.close()


def test_a_stun_server_that_never_answers_delays_the_offer_3_s_and_host_candidates_still_connect(pair, silent_stun):
    host, guest = pair
    url, server = silent_stun
    start = host.evaluate("performance.now()")
    net_send(host, {"op": "offer", "peer": "p1", "ice": [url]})
    wait_heard(host, "offer", "p1")
    waited = host.evaluate("performance.now()") - start
    assert 2_900 <= waited <= 6_000, waited
    request = server.recv(2048)
    assert request[:2] == b"\x00\x01"  # a STUN Binding Request: the url was used
    # The guest too gives up on the silent server after 3 s, and the two connect.
    connect_after_offer(host, guest, "p1", [url])


def connect_after_offer(host, guest, peer, ice):
    offer = wait_heard(host, "offer", peer)
    net_send(guest, {"op": "answer", "peer": peer, "offer": offer["sdp"], "ice": ice})
    net_send(host, {"op": "accept", "peer": peer, "answer": wait_heard(guest, "answer", peer)["sdp"]})
    wait_heard(host, "open", peer)
    wait_heard(guest, "open", peer)


def test_a_bad_offer_or_answer_is_an_error_and_the_same_peer_can_try_again(pair):
    host, guest = pair
    net_send(guest, {"op": "answer", "peer": "p1", "offer": "not an offer", "ice": []})
    assert wait_heard(guest, "error", "p1")["reason"]
    net_send(host, {"op": "offer", "peer": "p1", "ice": []})
    offer = wait_heard(host, "offer", "p1")
    net_send(host, {"op": "offer", "peer": "p1", "ice": []})  # a peer is one connection
    assert wait_heard(host, "error", "p1")["reason"] == "offer: peer p1 exists"
    net_send(host, {"op": "accept", "peer": "p1", "answer": "v=0\r\nnot an answer\r\n"})
    assert wait_heard(host, "error", "p1", since=2)["reason"] != "offer: peer p1 exists"
    # The guest's failed attempt left nothing behind, and the host's offer is still good.
    net_send(guest, {"op": "answer", "peer": "p1", "offer": offer["sdp"], "ice": []})
    net_send(host, {"op": "accept", "peer": "p1", "answer": wait_heard(guest, "answer", "p1")["sdp"]})
    wait_heard(host, "open", "p1")
    wait_heard(guest, "open", "p1")


def test_a_reply_posted_in_another_tab_reaches_the_listening_tab(contexts, site_url):
    context = contexts()
    host_tab, reply_tab = open_net_page(context, site_url), open_net_page(context, site_url)
    net_send(host_tab, {"op": "listen-replies"})
    net_send(reply_tab, {"op": "post-reply", "text": "eNq-the-guest-s-reply"})
    assert wait_heard(reply_tab, "reply-posted") == {"op": "reply-posted", "heard": True}
    assert wait_heard(host_tab, "reply") == {"op": "reply", "text": "eNq-the-guest-s-reply"}


def test_a_reply_posted_with_no_tab_listening_is_said_not_heard(contexts, site_url):
    context = contexts()
    open_net_page(context, site_url)  # a tab of the game that does not listen
    reply_tab = open_net_page(context, site_url)
    net_send(reply_tab, {"op": "post-reply", "text": "eNq-the-guest-s-reply"})
    assert wait_heard(reply_tab, "reply-posted") == {"op": "reply-posted", "heard": False}


def test_a_reply_reaches_only_tabs_of_the_same_browser_profile(contexts, site_url):
    host_tab = open_net_page(contexts(), site_url)
    net_send(host_tab, {"op": "listen-replies"})
    other = open_net_page(contexts(), site_url)  # another device, or another profile
    net_send(other, {"op": "post-reply", "text": "lost"})
    assert wait_heard(other, "reply-posted") == {"op": "reply-posted", "heard": False}
    assert not [m for m in host_tab.evaluate("window.heard") if m["op"] == "reply"]


DRAW_QR = """async (text) => {
  const { drawQr } = await import("./web/page/qr.mjs");
  const box = document.createElement("div");
  box.dataset.qr = text;
  box.dataset.qrTitle = "Invitation for seat 2";
  document.body.append(box);
  const drawn = drawQr(box);
  const svg = box.querySelector("svg");
  const again = drawQr(box) && box.querySelector("svg") === svg;  // the same text: nothing redrawn
  const { width, height } = svg.getBoundingClientRect();
  return { drawn, again, name: svg.getAttribute("aria-label"), title: svg.querySelector("title").textContent,
           viewBox: svg.getAttribute("viewBox"), square: width > 0 && width === height };
}"""


def test_a_qr_code_is_drawn_into_the_page_from_the_vendored_library(contexts, site_url):
    page = open_net_page(contexts(), site_url)
    found = page.evaluate(DRAW_QR, "https://example.org/?join=" + "A" * 274)
    side = 17 + 4 * 11 + 2 * 4  # 300 bytes at level L: version 11 (271 < 300 <= 321), and the quiet zone
    assert found == {"drawn": True, "again": True, "name": "Invitation for seat 2", "title": "Invitation for seat 2",
                     "viewBox": f"0 0 {side} {side}", "square": True}
    loaded = page.evaluate("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
    assert "/vendor/qrcode-generator/qrcode.mjs" in loaded
