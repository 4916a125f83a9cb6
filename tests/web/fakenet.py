"""A stand-in for the browser's WebRTC side (web/page/rtc.mjs, docs/remote.md) between
Apps in one process: what each App asks with `dom.net`, answered through `App.net_event`.

Offers and answers are made-up SDP texts that name the connection they belong to; a
data channel carries strings only, as the real one does (the host's messages are
JSON text: web/remote/protocol.dumps). The BroadcastChannel of replies reaches every
App of the same `browser`. Messages are delivered when `run` pumps them, in order.
"""

import itertools


class Net:
    def __init__(self):
        self.apps = []  # (app, browser)
        self.queue = []  # (app, message) to deliver
        self.ends = {}  # (app, peer) -> the other end (app, peer) once accepted
        self.offers = {}  # sdp -> (app, peer) that made it
        self.answers = {}  # sdp -> (app, peer) that made it, answering offers[...]
        self.listening = set()  # apps listening for replies
        self.carried = []  # (app, peer, text) of every data-channel message delivered, in order
        self.count = itertools.count(1)
        self.down = set()  # apps whose network is off: nothing they send arrives

    def add(self, app, browser="a"):
        """Plug an App in: its dom's net messages go through this network."""
        self.apps = [(a, b) for a, b in self.apps if a is not app] + [(app, browser)]
        app.device.dom.net = lambda message, app=app: self._asked(app, dict(message))
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
            sdp = f"offer-{next(self.count)}"
            self.offers[sdp] = (app, peer)
            self.queue.append((app, {"op": "offer", "peer": peer, "sdp": sdp}))
        elif op == "answer":
            if m["offer"] not in self.offers:
                self.queue.append((app, {"op": "error", "peer": peer, "reason": "unknown offer"}))
                return
            sdp = f"answer-{next(self.count)}"
            self.answers[sdp] = (app, peer, m["offer"])
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
        made = self.answers.get(answer)
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
            app.net_event(message)
            app.device.dom.run_tasks()
        raise AssertionError("the network never went quiet")
