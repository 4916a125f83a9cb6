"""Helpers of the tests of play with friends on their own devices (tests/web/test_remote*.py):
a host App and guest Apps in one process, joined over tests/web/fakenet.Net as people
would join: the invitation's link read off the host's page and opened by the guest, the
reply read off the guest's page and pasted on the host's."""

import html
import json
import random
import re

from fakedom import FakeDom
from fakenet import Net
from web.app import App
from web.model.storage import MemoryBackend

PLAY_ACTS = {"card", "meeple", "tile", "how", "target", "confirm", "draw", "skip", "defend", "pass-ok", "hand-over"}


def field(app, testid):
    """The value of the input marked `testid` on the app's page (None: not there)."""
    m = re.search(rf'<input[^>]*data-testid="{re.escape(testid)}"[^>]*>', app.device.dom.html)
    value = re.search(r'value="([^"]*)"', m.group(0)) if m else None
    return html.unescape(value.group(1)) if value else None


def invitation(app, seat):
    """The link on show for `seat` on the host's page (its invitation, or its answer to a
    request to rejoin), read from the seat's sheet, opened as a person would (None: none)."""
    app.command("net-open", seat)
    return field(app, f"invite-{seat}-link")


def host_app(net, search="", items=None, seed=1, browser="host"):
    dom = FakeDom()
    app = App(dom, MemoryBackend(items), search, ["en-GB"], clock=lambda: 1000, rng=random.Random(seed))
    net.add(app, browser)
    app.boot()
    net.run()
    return app


def guest_app(net, link, backend=None, seed=7, browser=None):
    """A friend's page opened at `link` (an invitation, or a reply/request to hand on)."""
    dom = FakeDom()
    fragment = "#" + link.split("#", 1)[1] if "#" in link else ""
    app = App(dom, backend if backend is not None else MemoryBackend(), "", ["en-GB"], clock=lambda: 1000,
              rng=random.Random(seed), fragment=fragment)
    net.add(app, browser or f"guest-{id(app)}")
    app.boot()
    net.run()
    return app


def join(net, host, seat, backend=None, seed=7):
    """A friend takes `seat`: opens the host's invitation, sends the reply back (pasted)."""
    link = invitation(host, seat)
    assert link and "#join=" in link, host.device.dom.text()
    guest = guest_app(net, link, backend, seed)
    reply = field(guest, "reply-link")
    assert reply and "#reply=" in reply, guest.device.dom.text()
    host.change("net-paste", reply)
    net.run()
    assert guest.screen == "table", guest.device.dom.text()
    return guest


def table(search, seats=(1, 2), seed=1):
    """(net, host, {seat: guest}) of a game whose friends' seats have all joined."""
    net = Net()
    host = host_app(net, search, seed=seed)
    guests = {seat: join(net, host, seat, seed=10 + seat) for seat in seats}
    return net, host, guests


def play_a_click(net, apps, rng):
    """One random offered game control clicked, on whichever page offers one; False if none does."""
    for app in apps:
        acts = [a for a in app.device.dom.acts() if a[0] in PLAY_ACTS]
        if acts:
            app.command(*rng.choice(acts))
            net.run()
            return True
    return False


def play_to_the_end(net, host, apps, rng, limit=4000):
    for _ in range(limit):
        if host.session.game.is_over:
            return
        assert play_a_click(net, apps, rng), [a.device.dom.text()[:300] for a in apps]
    raise AssertionError("the game did not end")


def received(net, app):
    """The host's messages `app` received over its channels (JSON texts, as sent), in order."""
    return [json.loads(text) for a, _, text in net.carried if a is app]
