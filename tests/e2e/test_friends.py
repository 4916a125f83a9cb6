"""Friends on their own devices, in real browsers: one Chromium, a browser context per
device (each its own profile, as separate phones are), real WebRTC on loopback with
no ICE server (host candidates), joined by the links people send each other
(docs/remote.md): an invitation out, a reply back."""

import json
from pathlib import Path

import pytest

from friend_helpers import connect, friends_python, in_view, invitation, join, open_host, seat_friend
from play_helpers import WAITING, play_decision, saved_actions
from scripts import serve

ROOT = Path(__file__).resolve().parents[2]

PROMPT = "[data-testid=prompt]"


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)])
def test_the_hosts_board_and_prompt_stay_in_view_with_two_friends_invited(browser, site_url, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    host = open_host(context, site_url, "human,remote,remote", "Ann,Bea,Cy")
    host.wait_for_selector("[data-testid=open-invite-2]", timeout=60_000)
    assert host.evaluate("scrollY") == 0 and in_view(host, PROMPT) and in_view(host, ".ring")
    link = invitation(host, 1)  # opened over the table, the page not moved
    host.wait_for_selector("[data-testid=invite-1-qr] svg")
    # A short link (what Chromium's offer needs, rebuilt by the friend's page: every test here
    # that connects goes through it), and its QR code at most version 11: 61 modules and the quiet zone.
    assert len(link.split("#", 1)[1]) <= 250
    assert int(host.get_attribute("[data-testid=invite-1-qr] svg", "viewBox").split()[2]) <= 61 + 8
    assert host.evaluate("scrollY") == 0 and in_view(host, "[data-testid=invite-1-qr] svg")
    host.click("[data-testid=close-invite]")
    assert in_view(host, PROMPT) and in_view(host, ".ring")
    context.close()


def finished(page):
    return page.locator("[data-testid=end-screen]").count() > 0


def play_until_over(pages, limit=600):
    """Each page decides whenever it waits for its person, until the game is over on the first."""
    for _ in range(limit):
        if finished(pages[0]):
            return
        for page in pages:
            if page.evaluate(WAITING) and not finished(page):
                play_decision(page)
        pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end")


def play_some(pages, rounds):
    """A few rounds in which each page decides if it waits for its person."""
    for _ in range(rounds):
        for page in pages:
            if page.evaluate(WAITING) and not finished(page):
                play_decision(page)
        pages[0].wait_for_timeout(100)


def hand_on(page):
    return page.locator("[data-testid=hand] .card").count()


def test_a_whole_game_one_person_at_the_host_two_friends_and_a_bot(browser, site_url):
    """Ann at the host's device, Bea and Cy on their own, and a bot: played to the end by clicks.
    Each friend's page shows only their own seat's hand, and the host's page shows Ann's."""
    host_context = browser.new_context()
    host = open_host(host_context, site_url, "human,remote,remote,bot:easy", "Ann,Bea,Cy", target=8)
    friends = [seat_friend(host, browser, site_url, seat) for seat in (1, 2)]
    guests = [guest for _, guest in friends]
    for seat, guest in zip((1, 2), guests):
        assert json.loads(guest.evaluate("localStorage.getItem('lepeuple.save')") or "null") is None  # never the record
        assert ("Bea", "Cy")[seat - 1] in guest.get_attribute("[data-testid=hand]", "aria-label")
    play_until_over([host, *guests])
    for page in [host, *guests]:
        page.wait_for_selector("[data-testid=end-screen]", timeout=60_000)
    assert len(saved_actions(host)) > 10
    for context, _ in friends:
        context.close()
    host_context.close()


def test_the_table_screen_host_takes_no_seat_and_three_friends_play(browser, site_url):
    """Every seat a friend's: the host's screen shows the board to everyone and no hand."""
    host_context = browser.new_context()
    host = open_host(host_context, site_url, "remote,remote,remote", "Ann,Bea,Cy", seed=3, target=6)
    friends = [seat_friend(host, browser, site_url, seat) for seat in (0, 1, 2)]
    assert host.locator("[data-testid=hand] .card").count() == 0
    play_until_over([host, *[guest for _, guest in friends]])
    assert host.locator("[data-testid=hand] .card.movement").count() == 0  # nobody's hand on the table screen
    for context, _ in friends:
        context.close()
    host_context.close()


def test_a_friend_who_drops_comes_back_and_nothing_is_lost(browser, site_url):
    host_context = browser.new_context()
    host = open_host(host_context, site_url, "human,remote,bot:easy", "Ann,Bea")
    context, guest = seat_friend(host, browser, site_url, 1)
    before = guest.inner_text("[data-testid=hand]")
    context.close()  # the friend's phone is gone
    host.wait_for_function("() => !/connected/.test(document.querySelector('[data-testid=remote-state-1]')"
                           "?.textContent || '')", timeout=60_000)
    context, guest = seat_friend(host, browser, site_url, 1)  # the new invitation for the same seat
    assert guest.inner_text("[data-testid=hand]") == before  # the same seat, as it stood
    context.close()
    host_context.close()


def test_the_host_reloads_and_the_game_resumes_from_its_save(browser, site_url):
    host_context = browser.new_context()
    host = open_host(host_context, site_url, "human,remote,bot:easy", "Ann,Bea")
    context, guest = seat_friend(host, browser, site_url, 1)
    play_some((host, guest), 6)  # a few decisions first
    played = saved_actions(host)
    host.reload()
    host.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    assert saved_actions(host)[:len(played)] == played
    guest.wait_for_selector("[data-testid=remote-bar].away", timeout=60_000)  # "waiting for the host"
    context.close()
    context, guest = seat_friend(host, browser, site_url, 1)  # re-invited
    assert hand_on(guest) > 0
    context.close()
    host_context.close()


# Junk on the real channel, from the friend's device: sent by the page's own WebRTC module
# on the peer its remote controller holds.
SEND = """
import json
from web.startup import boot
link = next(o for o in __import__("gc").get_objects() if isinstance(o, boot.Link))
remote = link.app.remote
peer = next(iter(remote.peers))
link.dom.net({"op": "send", "peer": peer, "data": %s})
link.dom.flush()
peer
"""


@pytest.mark.parametrize("junk", ["not json", json.dumps({"v": 1, "t": "act", "seat": 0, "at": 0, "action": {"type": "draw"}}),
                                  json.dumps({"v": 1, "t": "act", "seat": 1, "at": 0, "action": {"type": "draw", "x": 1}})])
def test_junk_and_another_seats_messages_are_refused_and_change_nothing(browser, site_url, junk):
    host_context = browser.new_context()
    host = open_host(host_context, site_url, "human,remote,bot:easy", "Ann,Bea")
    context, guest = seat_friend(host, browser, site_url, 1)
    before = saved_actions(host)
    friends_python(guest, SEND % json.dumps(junk))
    guest.wait_for_selector("[data-testid=notices]", timeout=30_000)  # the host's typed refusal, in words
    assert saved_actions(host) == before
    context.close()
    host_context.close()


def test_friends_play_with_no_server_after_their_first_visit(browser):
    """After one visit each (the service worker then holds the site), the server is gone:
    both devices load the page from their cache, and join over WebRTC on their own network
    (loopback here), which needs no server and no internet."""
    server, url = serve.start_server(ROOT / "_site")  # this test's own: it is stopped below
    host_context, guest_context = browser.new_context(), browser.new_context()
    for context in (host_context, guest_context):
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.close()
    server.shutdown()
    server.server_close()
    host = open_host(host_context, url, "human,remote,bot:easy", "Ann,Bea")
    guest, reply = join(guest_context, invitation(host, 1))
    connect(host, 1, reply)
    guest.wait_for_selector("[data-testid=remote-bar]", timeout=60_000)
    play_some((host, guest), 8)
    assert len(saved_actions(host)) >= 2
    guest_context.close()
    host_context.close()
