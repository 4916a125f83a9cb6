"""A stand-in for the browser's WebRTC side (web/page/rtc.mjs, docs/remote.md) between
Apps in one process: what each App asks with `dom.net`, answered through `App.net_event`.

Offers and answers are SDP texts as Chromium writes them for a data channel, each named
by its ICE user fragment (which survives the links' packing, web/remote/invite.py); a
data channel carries strings only, as the real one does (the host's messages are
JSON text: web/remote/protocol.dumps). The BroadcastChannel of replies reaches every
App of the same `browser`. Messages are delivered when `run` pumps them, in order.
"""

import itertools
import re

from web.contract import check


def chrome_sdp(n, kind):
    """A description as Chromium makes it for a data channel on one network: its mDNS host
    candidate and a TCP one (never carried), its user fragment naming it (`n`)."""
    return "\r\n".join([
        "v=0", f"o=- 46117317{n:04d} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
        "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
        f"a=candidate:3410125471 1 udp 2113937151 6f1c2c1e-9b0a-4d7e-8a51-{n:012d}.local 5{n:04d} typ host "
        "generation 0 network-cost 999",
        "a=candidate:2310232131 1 tcp 1518157055 6f1c2c1e-9b0a-4d7e-8a51-000000000000.local 9 typ host tcptype active "
        "generation 0 network-cost 999",
        f"a=ice-ufrag:u{n:03d}", "a=ice-pwd:k4Mq9bG0sT2xZ8yV1nW3eR5a", "a=ice-options:trickle",
        "a=fingerprint:sha-256 " + ":".join(f"{(n * 7 + i) % 256:02X}" for i in range(32)),
        f"a=setup:{'actpass' if kind == 'offer' else 'active'}", "a=mid:0", "a=sctp-port:5000",
        "a=max-message-size:262144"]) + "\r\n"


def ufrag(sdp):
    m = re.search(r"a=ice-ufrag:(\S+)", sdp)
    return m.group(1) if m else None



class Net:
    def __init__(self):
        self.apps = []  # (app, browser)
        self.queue = []  # (app, message) to deliver
        self.ends = {}  # (app, peer) -> the other end (app, peer) once accepted
        self.offers = {}  # ufrag -> (app, peer) that made it
        self.answers = {}  # ufrag -> (app, peer) that made it, answering offers[its offer's ufrag]
        self.listening = set()  # apps listening for replies
        self.carried = []  # (app, peer, text) of every data-channel message delivered, in order
        self.count = itertools.count(1)
        self.down = set()  # apps whose network is off: nothing they send arrives

    def add(self, app, browser="a"):
        """Plug an App in: its dom's net messages go through this network."""
        self.apps = [(a, b) for a, b in self.apps if a is not app] + [(app, browser)]
        # what it asks and hears is checked against the contract, as web/dom.py and the page check it
        app.device.dom.net = lambda message, app=app: self._asked(app, check("NET_COMMANDS", dict(message)))
        return app

    def remove(self, app):
        """The App's page is gone (closed, reloaded): its channels close at the other end."""
        for (a, peer), (b, other) in list(self.ends.items()):
            if a is app:
                del self.ends[(a, peer)]
                self.ends.pop((b, other), None)
                self.queue.append((b, {"op": "closed", "peer": other}))
        self.apps = [(a, b) for a, b in self.apps if a is not app]
        self.listening.discard(app)

    def _browser(self, app):
        return next(b for a, b in self.apps if a is app)

    def _asked(self, app, m):
        op, peer = m["op"], m.get("peer")
        if op == "offer":
            sdp = chrome_sdp(next(self.count), "offer")
            self.offers[ufrag(sdp)] = (app, peer)
            self.queue.append((app, {"op": "offer", "peer": peer, "sdp": sdp}))
        elif op == "answer":
            if ufrag(m["offer"]) not in self.offers:
                self.queue.append((app, {"op": "error", "peer": peer, "reason": "unknown offer"}))
                return
            sdp = chrome_sdp(next(self.count), "answer")
            self.answers[ufrag(sdp)] = (app, peer, ufrag(m["offer"]))
            self.queue.append((app, {"op": "answer", "peer": peer, "sdp": sdp}))
        elif op == "accept":
            self._accept(app, peer, m["answer"])
        elif op == "send":
            assert isinstance(m["data"], str)
            other = self.ends.get((app, peer))
            if other is not None and app not in self.down:
                self.queue.append((other[0], {"op": "message", "peer": other[1], "data": m["data"]}))
        elif op == "close":
            other = self.ends.pop((app, peer), None)
            if other is not None:
                self.ends.pop(other, None)
                self.queue.append((other[0], {"op": "closed", "peer": other[1]}))
        elif op == "listen-replies":
            self.listening.add(app)
        elif op == "post-reply":
            heard = [a for a in self.listening if a is not app and self._browser(a) == self._browser(app)]
            for other in heard:
                self.queue.append((other, {"op": "reply", "text": m["text"]}))
            self.queue.append((app, {"op": "reply-posted", "heard": bool(heard)}))

    def _accept(self, app, peer, answer):
        made = self.answers.get(ufrag(answer))
        offerer = self.offers.get(made[2]) if made else None
        gone = made is not None and not any(a is made[0] for a, _ in self.apps)  # the answering page closed
        if made is None or offerer != (app, peer) or gone:
            self.queue.append((app, {"op": "error", "peer": peer, "reason": "bad answer"}))
            return
        other = (made[0], made[1])
        self.ends[(app, peer)], self.ends[other] = other, (app, peer)
        self.queue.append((app, {"op": "open", "peer": peer}))
        self.queue.append((other[0], {"op": "open", "peer": other[1]}))

    def drop(self, app):
        """The App's connections fail (its network is gone): both ends hear "closed"."""
        for (a, peer), (b, other) in list(self.ends.items()):
            if a is app:
                self.ends.pop((a, peer), None)
                self.ends.pop((b, other), None)
                self.queue += [(a, {"op": "closed", "peer": peer}), (b, {"op": "closed", "peer": other})]

    def run(self, limit=100_000):
        """Deliver everything queued (and what it causes), each App's tasks run after each message."""
        for _ in range(limit):
            if not self.queue:
                for app, _ in self.apps:
                    app.device.dom.run_tasks()
                if not self.queue:
                    return
                continue
            app, message = self.queue.pop(0)
            if not any(a is app for a, _ in self.apps):
                continue
            if message["op"] == "message":
                self.carried.append((app, message["peer"], message["data"]))
            app.net_event(check("NET_EVENTS", message))
            app.device.dom.run_tasks()
        raise AssertionError("the network never went quiet")
