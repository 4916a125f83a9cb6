"""The host: the one authority over a game, and the tables it tells (docs/remote.md).

The host holds the engine's true state (the Session), decides what is legal and what
may be taken back; the device that hosts keeps the save. Every table is a `Link`: the
table at the host's own device, or a friend's device over a WebRTC data channel
(web/remote/controller.py). A link is told, for each seat it draws (its "streams"),
what that seat may see (web/model/eyes.told, events_for, why_for), and may act for
the seats it holds (`acts`). A person at this device, a person on a friend's device
and a bot are the same to the host: each decision comes in through `receive` (a bot's
through `bot_plays`) and is checked the same way (web/remote/protocol.py: size, rate,
shape; here: seat, turn, moment, legality). A refused message changes nothing and
its table is told why.

As boardgame.io's Master with its playerView: the host sends each player only its view.
"""

import time

from lepeuple import ActionError, Positions

from ..model import botrunner
from ..model.eyes import events_for, told, why_for
from . import protocol
from .protocol import Refused
from .seatgame import MAX_SEEN


class Link:
    """A table the host talks to: `send(message)` reaches it; `streams` are the seats it
    is told about (None: a spectator's view), `acts` the seats it may decide for. A
    friend's link (`remote`) is told nothing until it joins, and its messages are counted
    (protocol.Bucket)."""

    def __init__(self, send, streams, acts, remote=False, clock=time.monotonic):
        self.send, self.streams, self.acts = send, list(streams), set(acts)
        self.remote, self.joined = remote, not remote
        self.bucket = protocol.Bucket(clock) if remote else None


class Host:
    """The Session and its links. `changed(kind)` is called after each change the device
    that hosts must save: "played", "undone", "seats"."""

    def __init__(self, session, changed=lambda kind: None):
        self.session, self.changed = session, changed
        self.links = []
        self.thinking = None  # the bot seat thinking now

    @property
    def table(self):
        """The table's id (the friends' seats carry it; None with no friend's seat)."""
        return next((s.table for s in self.session.seats if s.table), None)

    @property
    def hidden(self):
        return self.session.game.options["scores"] == "hidden"

    # ----- tables coming and going -----------------------------------------

    def attach(self, link):
        """A table joins the game: a link of this device is told everything at once."""
        self.links.append(link)
        if link.joined:
            self._sync(link)

    def detach(self, link):
        """A table is gone (a friend's channel closed): the others are told who is away."""
        if link in self.links:
            self.links.remove(link)
            if link.remote and link.joined:
                self._status()

    def away(self):
        """The friends' seats with no table joined: the game waits on them."""
        here = {s for link in self.links if link.remote and link.joined for s in link.acts}
        return [i for i, s in enumerate(self.session.seats) if s.is_remote and i not in here]

    def seat_as(self, seat, kind):
        """A friend's seat given to a bot ("bot"), or back to the friend ("remote")."""
        s = self.session.seats[seat]
        if s.token is None or kind not in ("bot", "remote") or (kind == "bot") == s.is_bot:
            return False
        self.session.seat_as(seat, kind)
        for link in [x for x in self.links if x.remote and seat in x.acts]:
            self.links.remove(link)  # its friend's device is told the seat is a bot's now
            link.send({"v": protocol.VERSION, "t": "status", "away": [seat], "thinking": None,
                       "seats": self._seats()})
        self._status()
        self.changed("seats")
        return True

    # ----- messages from tables --------------------------------------------

    def receive(self, link, message):
        """A table's message (text, or the object from this device's table): acted on, or
        refused with a typed message to that table (nothing changed). Returns the refusal's
        code, or None."""
        try:
            if link.bucket is not None:
                link.bucket.take()
            message = protocol.from_table(message)
            {"join": self._join, "act": self._act, "undo": self._undo}[message["t"]](link, message)
        except Refused as refused:
            link.send(refused.message())
            return refused.code
        return None

    def _join(self, link, message):
        seat, seats = message["seat"], self.session.seats
        if not link.remote or message["table"] != self.table or seat not in link.acts:
            raise Refused("not-your-seat", "this invitation is for another table or seat")
        if not seats[seat].is_remote:
            raise Refused("not-seated", "a bot plays this seat now")
        if message["token"] != seats[seat].token:
            raise Refused("not-your-seat", "this is not the token of that seat")
        for old in [x for x in self.links if x is not link and x.remote and seat in x.acts]:
            self.links.remove(old)  # the seat's earlier table (a page reloaded) is replaced
        link.joined = True
        self._sync(link)
        self._status()

    def _mine(self, link, seat, at):
        """Refused unless `link` may decide for `seat` now, at the moment `at`."""
        game = self.session.game
        if not link.joined:
            raise Refused("not-seated", "join first")
        if seat not in link.acts:
            raise Refused("not-your-seat", f"this table decides for {sorted(link.acts)}, not seat {seat}")
        if game.is_over:
            raise Refused("over", "the game is over")
        if at != len(game.history):
            raise Refused("stale", f"the game is at action {len(game.history)}, not {at}")

    def _act(self, link, message):
        seat = message["seat"]
        self._mine(link, seat, message["at"])
        if self.session.game.to_move != seat:
            raise Refused("not-your-turn", f"seat {self.session.game.to_move} is to move")
        try:
            self.play(message["action"])
        except ActionError as e:
            raise Refused("illegal", str(e)[:200]) from None

    def _undo(self, link, message):
        seat = message["seat"]
        self._mine(link, seat, message["at"])
        if self.session.undoable(seat) <= 0:
            raise Refused("no-undo", "nothing of yours can be taken back now")
        cut = self.session.undo()
        self._update(cut, self.session.log[cut:], len(self.session.actors), [], [], [])
        self.changed("undone")

    # ----- playing ---------------------------------------------------------------

    def play(self, action, why=None):
        """Play the action of the seat to move (validated by the engine; ActionError if
        illegal, nothing changed) and tell every table."""
        s = self.session
        seat = s.game.to_move
        events = s.apply(action, why)
        start = s.starts[-1]
        self._update(start, events, len(s.actors) - 1, [start], [seat], [why])
        self.changed("played")

    def bot_to_move(self):
        g = self.session.game
        return not g.is_over and self.session.is_bot(g.to_move)

    async def bot_plays(self, cancelled):
        """The bot to move decides from its view (web/model/botrunner) and plays; False when
        it was cancelled or the game moved on meanwhile (a take back)."""
        s = self.session
        seat, at = s.game.to_move, len(s.game.history)
        self.set_thinking(seat)
        decision = await botrunner.decide(s.game.view(seat), s.seats[seat].level, s.bot_seed(), cancelled)
        self.set_thinking(None)
        if decision is None or cancelled() or len(s.game.history) != at:
            return False
        self.play(decision.action, decision.why)
        return True

    def set_thinking(self, seat):
        """A bot thinks now (None: no more): friends' tables are told."""
        if seat != self.thinking:
            self.thinking = seat
            self._status(remote_only=True)

    # ----- telling tables ----------------------------------------------------------

    def _seats(self):
        return [s.public_json() for s in self.session.seats]

    def _update(self, cut, events, acts, starts, actors, whys):
        hidden = self.hidden
        for link in [x for x in self.links if x.joined]:
            for seat in link.streams:
                link.send({"v": protocol.VERSION, "t": "update", "seat": seat, "cut": cut,
                           "events": events_for(events, seat, hidden), "acts": acts, "starts": starts,
                           "actors": actors, "whys": [why_for(w, seat, hidden) for w in whys],
                           "state": told(self.session, seat)})

    def _sync(self, link):
        s, hidden = self.session, self.hidden
        for seat in link.streams:
            link.send({"v": protocol.VERSION, "t": "sync", "seat": seat, "table": self.table, "seats": self._seats(),
                       "log": events_for(s.log, seat, hidden), "starts": list(s.starts), "actors": list(s.actors),
                       "whys": [why_for(w, seat, hidden) for w in s.whys],
                       "seen": self._seen(seat) if link.remote else None,
                       "state": told(s, seat), "away": self.away(), "thinking": self.thinking})

    def _seen(self, seat):
        """What `seat` was shown after each of the last MAX_SEEN actions (its replay)."""
        record = self.session.record()
        positions = Positions(record)
        first = max(0, positions.total - MAX_SEEN + 1)
        return {"from": first, "views": [positions.at(i).view(seat) for i in range(first, positions.total + 1)]}

    def _status(self, remote_only=False):
        message = {"v": protocol.VERSION, "t": "status", "away": self.away(), "thinking": self.thinking,
                   "seats": self._seats()}
        for link in self.links:
            if link.joined and (link.remote or not remote_only):
                link.send(message)
