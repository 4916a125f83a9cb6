"""Scanning instead of pasting (docs/remote.md): Scan beside each box where a code comes
back, and "Scan the invitation" on a page with no game. The page's camera reads the QR
code (web/page/scan.mjs) and hands its text to App.scanned, as a test does here: from
there it goes the way a pasted code goes, or an invitation's link opened."""

import re

import pytest

from fakenet import Net
from remote_kit import field, guest_app, host_app, invitation, join
from web.i18n import t

GAME = "?players=human,remote,bot:easy&names=Ann,Bea&seed=5&speed=instant"


def scanner(app):
    """(the box the page's camera reads for, its press) as drawn, or None: no camera asked for."""
    m = re.search(r'data-scan="([^"]*)"[^>]*data-ticket="(\d+)"', app.device.dom.html)
    return (m.group(1), int(m.group(2))) if m else None


def has_box(app, testid):
    return f'data-testid="{testid}"' in app.device.dom.html


def a_reply(net, host, seat=1):
    """A friend opens the seat's invitation: the reply their page shows (the host's sheet stays open)."""
    guest = guest_app(net, invitation(host, seat))
    return guest, field(guest, "reply-link")


def test_the_camera_is_asked_for_only_when_scan_is_pressed_and_cancel_puts_it_away():
    net = Net()
    host = host_app(net, GAME)
    invitation(host, 1)
    assert has_box(host, "reply-1-scan") and scanner(host) is None
    host.command("net-scan", "reply-1")
    assert scanner(host) == ("reply-1", 1) and has_box(host, "reply-1")  # the paste box stays usable
    host.command("net-scan-stop")
    assert scanner(host) is None and has_box(host, "reply-1-scan")
    host.command("net-scan", "reply-1")
    assert scanner(host) == ("reply-1", 2)  # each press its own: the page starts the camera once per press
    host.command("net-close")  # the sheet closes: the camera with it
    invitation(host, 1)
    assert scanner(host) is None, "opened again, the sheet asks for no camera until Scan is pressed"


def test_a_scanned_reply_connects_the_friend_as_a_pasted_one():
    net = Net()
    host = host_app(net, GAME)
    guest, reply = a_reply(net, host)
    host.command("net-scan", "reply-1")
    host.scanned("reply-1", reply)
    net.run()
    assert guest.screen == "table" and "connected" in host.device.dom.text() and scanner(host) is None


FOREIGN = "This QR code is not a link of this game"


@pytest.mark.parametrize("text, trouble, words", [
    (None, "denied", "The camera was not allowed"), (None, "no-camera", "No camera can be used here"),
    (None, "failed", "The camera could not be started"), (None, "something new", "The camera could not be started"),
    ("https://example.org/menu", None, FOREIGN), ("", None, FOREIGN), ("WIFI:S:home;T:WPA;P:secret;;", None, FOREIGN)])
def test_no_camera_or_a_qr_code_of_something_else_is_said_in_one_sentence_and_the_code_can_still_be_pasted(
        text, trouble, words):
    net = Net()
    host = host_app(net, GAME)
    guest, reply = a_reply(net, host)
    host.command("net-scan", "reply-1")
    host.scanned("reply-1", text, trouble)
    assert words in host.device.dom.text() and scanner(host) is None and has_box(host, "reply-1")
    host.change("net-paste", reply)
    net.run()
    assert guest.screen == "table"


def test_a_code_of_ours_that_does_not_fit_gets_the_words_its_paste_gets():
    net = Net()
    host = host_app(net, GAME)
    _, reply = a_reply(net, host)
    link = invitation(host, 1)
    damaged = reply[:-30]
    other_version = reply.replace("#reply=2.", "#reply=9.")
    for code in (link, damaged, other_version):
        host.change("net-paste", code)
        pasted = host.remote.trouble
        host.command("net-scan", "reply-1")
        assert host.remote.trouble is None
        host.scanned("reply-1", code)
        assert pasted and host.remote.trouble == pasted and pasted in host.device.dom.text()


def test_an_old_reply_scanned_is_refused_as_pasted():
    net = Net()
    host = host_app(net, GAME)
    guest, reply = a_reply(net, host)
    host.command("net-invite", 1)  # a new invitation: the reply answers one no longer waited for
    net.run()
    invitation(host, 1)
    host.command("net-scan", "reply-1")
    host.scanned("reply-1", reply)
    net.run()
    assert host.remote.trouble == t("net.trouble.old_reply") and guest.screen != "table"


def test_what_is_read_for_a_scan_no_longer_asked_changes_nothing():
    net = Net()
    host = host_app(net, GAME)
    guest, reply = a_reply(net, host)
    host.command("net-scan", "reply-1")
    host.command("net-scan-stop")
    host.scanned("reply-1", reply)  # read as Cancel was pressed: too late
    host.scanned("reply-2", reply)  # no such box
    net.run()
    assert guest.screen != "table" and host.remote.trouble is None
    host.command("net-scan", "reply-2")  # no sheet of seat 2 is open: nothing to scan for
    assert scanner(host) is None


def test_an_invitation_scanned_on_a_page_with_no_game_opens_as_its_link():
    net = Net()
    host = host_app(net, GAME)
    link = invitation(host, 1)
    friend = guest_app(net, "")  # a page with no game: the new-game screen
    assert friend.screen == "new" and has_box(friend, "join-scan") and scanner(friend) is None
    friend.command("net-scan", "invite")
    assert scanner(friend) == ("invite", 1)
    friend.scanned("invite", link)
    net.run()
    assert friend.device.dom.fragment == "#" + link.split("#", 1)[1]  # the address, as if the link was opened
    assert friend.screen == "join" and "Your seat: Bea (seat 2)." in friend.device.dom.text()
    host.change("net-paste", field(friend, "reply-link"))
    net.run()
    assert friend.screen == "table"


def test_on_a_page_with_no_game_something_else_scanned_or_no_camera_is_said_and_nothing_opens():
    net = Net()
    friend = guest_app(net, "")
    for text, trouble, words in (("https://example.org/menu", None, t("net.scan.foreign")),
                                 (None, "denied", t("net.scan.denied"))):
        friend.command("net-scan", "invite")
        friend.scanned("invite", text, trouble)
        assert friend.screen == "new" and friend.device.dom.fragment is None
        assert words in friend.device.dom.text() and has_box(friend, "join-scan")
    friend.command("rules")  # another screen: the words were for the screen left
    friend.command("rules-close")
    assert friend.screen == "new" and t("net.scan.denied") not in friend.device.dom.text()


def test_leaving_the_screen_puts_the_camera_away():
    net = Net()
    friend = guest_app(net, "")
    friend.command("net-scan", "invite")
    friend.command("rules")
    friend.command("rules-close")
    assert friend.screen == "new" and scanner(friend) is None and has_box(friend, "join-scan")


def test_a_friend_comes_back_by_scanning_both_ways():
    """The friend's page reloads; the host scans its request to rejoin in the seat's sheet,
    the friend scans the host's answer: the seat's game comes back."""
    net = Net()
    host = host_app(net, GAME)
    link = invitation(host, 1)
    bea = join(net, host, 1, seed=11)
    net.remove(bea)  # the page reloads: the same link, the same device
    net.run()
    again = guest_app(net, link, bea.device.store.backend, seed=40)
    request = field(again, "rejoin-link")
    invitation(host, 1)
    host.command("net-scan", "reply-1")
    host.scanned("reply-1", request)
    net.run()
    answer = invitation(host, 1)
    assert "#reply=" in answer
    again.command("net-scan", "answer")
    assert scanner(again) == ("answer", 1)
    again.scanned("answer", answer)
    net.run()
    assert again.screen == "table" and again.game.lead_game().view == host.session.game.view(1)
