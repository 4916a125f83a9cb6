"""Friends on their own devices (docs/remote.md): invitations, replies, the data channels.

Python never touches WebRTC: it asks the browser through `dom.net(message)` and hears
back through App.net_event (the ops of web/page/rtc.mjs: offer, answer, accept, send,
close, listen-replies, post-reply; and open, message, closed, error, reply,
reply-posted). Each connection attempt is a `Peer` with an id of its own.

On the host's device, each friend's seat gets an invitation (a `#join=` link with the
browser's offer); the friend's reply (a `#reply=` link or its code) is pasted here or
opened in this browser, whose other tab hands it over (a BroadcastChannel); the data
channel opens, the friend's page joins (web/remote/protocol.py) and the host tells it
its seat's game. A friend that drops is waited for: a new invitation is made at once,
and their seat can be given to a bot. On a friend's device, the invitation makes a
reply; later (the host reloaded, or this page did) the same link, or "Ask to rejoin",
makes a request to rejoin (`#rejoin=`) that the host answers with a reply.

Each of those can also be scanned: "Scan" beside a box where a code is pasted (and
"Scan the invitation" on a page with no game) shows the camera in place; the page reads
the QR code (web/page/scan.mjs) and hands its text here, taken as a pasted code is, or
for an invitation opened as its link would be.
"""

import json
import time

from ..controllers import UNCHANGED
from ..model.newgame import clean_name, new_id
from ..render import remote as view
from ..render.common import player_name
from . import protocol
from .host import Link
from .invite import GUEST_KEY, STUN_KEY, LinkError, guest_json, kind_of, pack, read_stun, stored_guest, stored_stun, unpack

# Why the camera could not read a code (web/page/scan.mjs): each said in one sentence (net.scan.*).
SCAN_TROUBLES = ("denied", "no-camera", "failed")


class Peer:
    """One connection attempt: its id, whose it is (`role`: "host" or "guest"), the seat,
    what it is for (`kind`: "invite", "answer" — a reply to an invitation or a request to
    rejoin —, or "rejoin"), its state (making, ready, open, closed, failed), the link to
    send once made (`text`), the other side's peer id (`their`)."""

    def __init__(self, ident, role, seat, kind):
        self.id, self.role, self.seat, self.kind = ident, role, seat, kind
        self.state, self.text, self.their, self.error, self.copied = "making", None, None, None, False
        self.link = None  # host: the host.Link of this channel
        self.reader = None  # guest: a protocol.Reader of the host's messages
        self.token = None  # host: the token the friend joined with
        self.messages = 0  # host: messages sent (the id of a long one's parts)


class RemoteController:
    """The peers of this page, the STUN setting, and on a friend's device its seat
    (`guest`: table, seat, token, invitations used), whether its host is here, and a
    link handed on from a tab of its own (`forward`)."""

    def __init__(self, app, fragment=""):
        self.app = app
        self.fragment = fragment
        self.peers = {}  # id -> Peer
        self.guest = None  # a friend's device: {"table", "seat", "token", "used"}
        self.ice = []  # a friend's device: the STUN urls of the invitation
        self.name = None  # a friend's device: the name the host gave its seat
        self.synced = False  # a friend's device: the host has told it its game over the open channel
        self.forward = None  # {"text", "heard"}: a reply or request opened in a tab of its own
        self.trouble = None  # words: the last thing that went wrong (a code pasted, the host's message)
        self.listening = False
        self.stun_refused = []
        self.sheet = None  # host: the seat whose invitation is open over the table
        self.joined = set()  # host: the seats whose friend has been connected in this game
        self.clock = time.monotonic  # seconds: how fast a friend's table sends (protocol.Bucket)
        self.scanning = None  # the box the camera reads a code for: "reply-N", "answer" or "invite"
        self.scans = 0  # how many times Scan was pressed: the page starts the camera once per press
        self.join_trouble = None  # words beside "Scan the invitation" (a page with no game)

    # ----- the setting --------------------------------------------------------

    def stun(self):
        return stored_stun(self.app.device.store.backend)

    def set_stun(self, text):
        urls, self.stun_refused = read_stun(text)
        self.app.device.store.put(STUN_KEY, json.dumps(urls))

    # ----- start-up: a link of ours opened -------------------------------------

    def opens(self, fragment):
        """A `#join=`, `#reply=` or `#rejoin=` link opened this page: True when it did (the
        page's own save is left alone)."""
        kind = kind_of(fragment or "")
        if kind is None:
            return False
        self.app.go("join")
        try:
            data = unpack(fragment)
        except LinkError as e:
            self.trouble = self._t(e.args[0])
            return True
        if kind == "join":
            self._invited(data)
        else:
            self.forward = {"text": fragment.lstrip("#").partition("=")[2], "heard": None}
            self._net({"op": "post-reply", "text": self.forward["text"]})
        return True

    def _invited(self, data):
        """An invitation opened on a friend's device: answer it, or (already used: the page
        was reloaded, the host gone) ask to rejoin."""
        known = stored_guest(self.app.device.store.backend)
        same = known is not None and (known["table"], known["seat"]) == (data["table"], data["seat"])
        used = known["used"] if same else []
        self.guest = {"table": data["table"], "seat": data["seat"], "token": data["token"], "used": used}
        self.ice, self.name = data["ice"], clean_name(data["name"])
        self._keep_guest()
        if data["peer"] in used:
            self.rejoin(None)
            return
        peer = self._peer("guest", data["seat"], "answer")
        peer.their = data["peer"]
        self._net({"op": "answer", "peer": peer.id, "offer": data["sdp"], "ice": self.ice})

    def _keep_guest(self):
        g = self.guest
        self.app.device.store.put(GUEST_KEY, guest_json(g["table"], g["seat"], g["token"], g["used"]))

    # ----- the host's side -----------------------------------------------------

    def hosting(self):
        """This device hosts a game (new, resumed or played again): every friend's seat has a
        table joined already (an open channel whose token still fits) or an invitation."""
        host = self.app.game.host
        if host is None:
            return
        seats = host.session.seats
        for peer in [p for p in self.peers.values() if p.role == "host"]:
            if peer.state == "open" and peer.link is not None and peer.link.joined and seats[peer.seat].is_remote \
                    and peer.token == seats[peer.seat].token:
                peer.link = self._link(peer)
                peer.link.joined = True
                host.attach(peer.link)  # the same friend, the next game: told it at once
            else:
                self._close(peer)
        for seat in host.away():
            self.invite(seat)

    def invite(self, seat):
        """A new invitation for a friend's seat (any earlier one not answered is dropped)."""
        host = self.app.game.host
        if host is None or not isinstance(seat, int) or not 0 <= seat < len(host.session.seats) \
                or not host.session.seats[seat].is_remote:
            return None
        for peer in [p for p in self.peers.values() if p.role == "host" and p.seat == seat and p.state != "open"]:
            self._close(peer)
        if self.scanning == f"reply-{seat}":
            self.scanning = None  # its box goes until the new invitation is made
        if not self.listening:
            self.listening = True
            self._net({"op": "listen-replies"})
        peer = self._peer("host", seat, "invite")
        self._net({"op": "offer", "peer": peer.id, "ice": self.stun()})
        return None

    def _link(self, peer):
        return Link(lambda message: self._send(peer, message), [peer.seat], [peer.seat], remote=True,
                    clock=self.clock)

    def game_dropped(self):
        """The game on the table is gone: every channel of it closes."""
        for peer in list(self.peers.values()):
            self._close(peer)
        self.guest, self.synced, self.trouble, self.sheet, self.scanning = None, False, None, None, None
        self.joined = set()

    def seat_to_bot(self, seat):
        """The host gives a friend's seat to a bot: its channels close."""
        self.app.game.seat_as(seat, "bot")
        self.sheet = self.scanning = None
        for peer in [p for p in self.peers.values() if p.role == "host" and p.seat == seat]:
            self._close(peer)

    def open_sheet(self, seat):
        """The host opens a friend's seat over the table: its invitation, its buttons."""
        host = self.app.game.host
        if host is not None and isinstance(seat, int) and 0 <= seat < len(host.session.seats) \
                and host.session.seats[seat].token is not None:
            self.sheet, self.trouble, self.scanning = seat, None, None

    def close_sheet(self, _=None):
        self.sheet = self.scanning = None

    def waiting_on(self, seat):
        """The game waits on `seat` (the one to move): (seat, the two ways on) when it is a
        friend's who is not connected, else None."""
        host = self.app.game.host
        if host is None or seat is None or seat not in host.away():
            return None
        return seat, view.away_actions(seat, player_name(host.session.seats, seat))

    def seat_back(self, seat):
        """The seat goes back to its friend: a new invitation."""
        self.app.game.seat_as(seat, "remote")
        self.invite(seat)

    # ----- pasted or handed over: a code -------------------------------------------

    def take(self, text, scanned=False):
        """A reply or a request to rejoin, pasted, scanned or handed over by another tab."""
        if not (text or "").strip():
            return
        try:
            data = unpack(text)
        except LinkError as e:
            self.trouble = self._t("net.scan.foreign" if scanned and e.args[0] == "net.link.foreign" else e.args[0])
            return
        self.trouble = None
        if data["k"] == "reply":
            self._replied(data)
        elif data["k"] == "rejoin":
            self._rejoining(data)
        else:
            self.trouble = self._t("net.trouble.invitation")

    def _replied(self, data):
        peer = self.peers.get(data["peer"])
        host = self.app.game.host
        table = host.table if host is not None and peer is not None and peer.role == "host" else \
            (self.guest or {}).get("table")
        if peer is not None and (data["table"] != table or peer.seat != data["seat"]):
            self.trouble = self._t("net.trouble.other_table")  # a reply meant for another game or seat
            return
        if peer is None or peer.kind not in ("invite", "rejoin") or peer.state != "ready" or peer.seat != data["seat"]:
            self.trouble = self._t("net.trouble.old_reply")
            return
        peer.state = "connecting"
        self._net({"op": "accept", "peer": peer.id, "answer": data["sdp"]})

    def _rejoining(self, data):
        """A friend asks to take their seat again: answered with a reply to send back."""
        host = self.app.game.host
        seats = host.session.seats if host is not None else []
        seat = data["seat"]
        if host is None or data["table"] != host.table or seat >= len(seats) or not seats[seat].is_remote \
                or data["token"] != seats[seat].token:
            self.trouble = self._t("net.trouble.not_this_table")
            return
        peer = self._peer("host", seat, "answer")
        peer.their = data["peer"]
        self._net({"op": "answer", "peer": peer.id, "offer": data["sdp"], "ice": self.stun()})

    def rejoin(self, _):
        """A friend's device asks to take its seat again: a request to send to the host."""
        if self.guest is None or any(p.role == "guest" and p.state in ("making", "ready", "connecting")
                                     and p.kind == "rejoin" for p in self.peers.values()):
            return
        peer = self._peer("guest", self.guest["seat"], "rejoin")
        if not self.listening:
            self.listening = True
            self._net({"op": "listen-replies"})
        self._net({"op": "offer", "peer": peer.id, "ice": self.ice or self.stun()})

    # ----- scanned with the camera ----------------------------------------------------

    def scan(self, target):
        """"Scan": the camera reads a QR code for the box `target`: a friend's reply (or request
        to rejoin) on the host's open sheet ("reply-N"), the host's answer to this device's
        request to rejoin ("answer"), an invitation on a page with no game ("invite"). The
        page asks for the camera only now, once per press (web/page/scan.mjs)."""
        if target not in ("invite", "answer", f"reply-{self.sheet}"):
            return None
        self.scanning, self.scans = target, self.scans + 1
        self.trouble = self.join_trouble = None
        return "[data-act=net-scan-stop]"  # the keyboard's focus where Scan was: on Cancel

    def scan_stop(self, _=None):
        """Cancel: the page stops the camera once its element is gone."""
        self.scanning = None

    def screen_left(self):
        """Another screen: its camera stops, and what was said of a scan there is old news."""
        self.scanning = self.join_trouble = None

    def scanned(self, target, text=None, trouble=None):
        """What the camera read for `target`, or why it could not (one of SCAN_TROUBLES). A
        reply or a request to rejoin goes where a pasted one goes, to the same checks and
        words; an invitation opens as its link would, the address then showing it."""
        if target != self.scanning:
            return  # cancelled meanwhile, or for a box no longer on screen
        self.scanning = None
        text = (text or "").strip()
        fragment = "#" + text.rpartition("#")[2]
        if trouble is not None:
            words = self._t("net.scan." + (trouble if trouble in SCAN_TROUBLES else "failed"))
        elif not text or (target == "invite" and kind_of(fragment) is None):
            words = self._t("net.scan.foreign")  # a QR code of something else
        elif target == "invite":
            self.app.device.dom.set_fragment(fragment)
            self.opens(fragment)
            return
        else:
            self.take(text, scanned=True)
            return
        if target == "invite":
            self.join_trouble = words
        else:
            self.trouble = words

    # ----- the browser's answers -------------------------------------------------

    def event(self, message):
        """What the browser's WebRTC side says (web/page/rtc.mjs)."""
        if not isinstance(message, dict):
            return
        op = message.get("op")
        if op == "reply":
            self.take(str(message.get("text", "")))
            return
        if op == "reply-posted":
            if self.forward is not None:
                self.forward["heard"] = bool(message.get("heard"))
            return
        peer = self.peers.get(message.get("peer"))
        handler = {"offer": self._made, "answer": self._made, "open": self._opened, "message": self._message,
                   "closed": self._closed, "error": self._failed}.get(op)
        if peer is not None and handler is not None:
            handler(peer, message)

    def _made(self, peer, message):
        """The browser made this peer's offer or answer: the link to send."""
        sdp = message.get("sdp")
        if not isinstance(sdp, str) or peer.state != "making":
            return
        url = self.app.device.dom.page_url()
        if peer.kind == "invite":
            host = self.app.game.host
            token = host.session.seats[peer.seat].token
            text = url + pack("join", {"table": host.table, "seat": peer.seat, "token": token, "peer": peer.id,
                                       "sdp": sdp, "ice": self.stun(), "name": host.session.seats[peer.seat].name})
        elif peer.kind == "rejoin":
            g = self.guest
            text = url + pack("rejoin", {"table": g["table"], "seat": g["seat"], "token": g["token"], "peer": peer.id,
                                         "sdp": sdp, "ice": self.ice or self.stun()})
        else:
            table = self.guest["table"] if peer.role == "guest" else self.app.game.host.table
            text = url + pack("reply", {"table": table, "seat": peer.seat, "peer": peer.their, "sdp": sdp})
        peer.text, peer.state = text, "ready"

    def _opened(self, peer, _):
        peer.state = "open"
        if peer.role == "host":
            host = self.app.game.host
            if host is None:
                self._close(peer)
                return
            self.joined.add(peer.seat)
            if self.sheet == peer.seat:
                self.sheet = self.scanning = None  # connected: the table comes back into view
            peer.link = self._link(peer)
            peer.token = host.session.seats[peer.seat].token
            host.attach(peer.link)
            return
        peer.reader = protocol.Reader()
        g = self.guest
        self._send(peer, protocol.join(g["table"], g["seat"], g["token"]))
        if peer.kind == "answer" and peer.their not in g["used"]:
            g["used"].append(peer.their)
            self._keep_guest()
        for other in [p for p in self.peers.values() if p.role == "guest" and p is not peer]:
            self._close(other)

    def _message(self, peer, message):
        data = message.get("data")
        if not isinstance(data, str) or peer.state != "open":
            return
        if peer.role == "host":
            host = self.app.game.host
            if host is not None and peer.link in host.links:
                host.receive(peer.link, data)
            return
        try:
            told = peer.reader.read(data)
            if told is not None:
                self._told(told)
        except protocol.Unreadable as e:
            self.trouble = self._t("net.trouble.unreadable", reason=str(e))

    def _told(self, message):
        """A message of the host's, read: to this device's table."""
        game = self.app.game
        if message["t"] == "sync" and not (game.guest and game.here == [self.guest["seat"]]):
            game.be_guest(self.guest["seat"])
        game.receive(message)
        if message["t"] == "sync":
            self.synced, self.trouble = True, None
            self.app.go("table")
        elif message["t"] == "refused" and message.get("code") == "not-seated" or \
                message["t"] == "status" and game.lead_game() is not None and game.lead_game().is_bot(self.guest["seat"]):
            self.trouble = self._t("net.trouble.bot_seat")  # the host gave this seat to a bot

    def _closed(self, peer, _):
        was = peer.state
        peer.state = "closed"
        self.peers.pop(peer.id, None)
        if peer.role == "host":
            host = self.app.game.host
            if host is not None and peer.link is not None:
                host.detach(peer.link)
                if was == "open" and peer.seat in host.away():
                    self.invite(peer.seat)  # the friend dropped: a new invitation, at once
        elif was == "open":
            self.synced = False  # the host is away: this table waits, and can ask to rejoin

    def _failed(self, peer, message):
        peer.state, peer.error = "failed", str(message.get("reason", ""))[:200] or "?"
        if peer.role == "guest":
            self.trouble = self._t("net.error", reason=peer.error)

    # ----- sending -----------------------------------------------------------------

    def to_host(self, message):
        """A message of this device's table to its host (a friend's device)."""
        peer = next((p for p in self.peers.values() if p.role == "guest" and p.state == "open"), None)
        if peer is not None:
            self._send(peer, message)

    def host_here(self):
        """A friend's device: is its host connected (the channel open and the game told)?"""
        return self.synced and any(p.role == "guest" and p.state == "open" for p in self.peers.values())

    def _send(self, peer, message):
        if peer.state != "open":
            return
        text = protocol.dumps(message)
        peer.messages += 1
        for piece in protocol.pieces(text, peer.messages):
            self._net({"op": "send", "peer": peer.id, "data": piece})

    def _close(self, peer):
        self.peers.pop(peer.id, None)
        if peer.state != "closed":
            peer.state = "closed"
            self._net({"op": "close", "peer": peer.id})

    def _peer(self, role, seat, kind):
        peer = Peer("p" + new_id(self.app.device.rng)[:8], role, seat, kind)
        self.peers[peer.id] = peer
        return peer

    def _net(self, message):
        self.app.device.dom.net(message)

    @staticmethod
    def _t(key, **fields):
        from ..i18n import t

        return t(key, **fields)

    # ----- commands ----------------------------------------------------------------

    def copy(self, ident):
        """Copy a link to send (or, in a tab of its own, the code to carry to the game's tab)."""
        if ident == "forward" and self.forward is not None:
            self.app.device.dom.copy_text(self.forward["text"])
            return None
        peer = self.peers.get(ident)
        if peer is not None and peer.text:
            peer.copied = bool(self.app.device.dom.copy_text(peer.text))
        return None

    def share(self, ident):
        """Share a link to send (the device's share sheet, where it has one; else copied)."""
        peer = self.peers.get(ident)
        if peer is not None and peer.text:
            peer.copied = not self.app.device.dom.share_text(peer.text) and bool(self.app.device.dom.copy_text(peer.text))
        return None

    def connect(self, _):
        """"Connect": the pasted code was taken when its field changed; nothing more to do."""
        return UNCHANGED

    def leave(self, _):
        """A friend's device leaves the table (or its joining screen): back to its own page."""
        self.forward = None
        if self.app.game.guest:
            self.app.game.drop()  # its channels close (game_dropped)
        else:
            self.game_dropped()
        self.app.device.dom.drop_fragment()
        self.app.resume_saved()

    def leave_table(self):
        """A friend's device leaves its table for good (the link it joined with takes it back)."""
        if self.app.game.guest:
            self.app.game.drop()  # its channels close (game_dropped)
        self.app.device.dom.drop_fragment()

    def change(self, name, value):
        if name == "net-paste":
            self.take(value)
        elif name == "net-stun":
            self.set_stun(value)

    # ----- what is on screen ---------------------------------------------------------

    def render(self):
        """The joining screen (a friend's device with no table yet, or a link handed on)."""
        joining = None
        if self.guest is not None:
            peer = next((p for p in self.peers.values() if p.role == "guest"), None)
            joining = {"kind": peer.kind if peer else "rejoin", "seat": self.guest["seat"], "peer": _shown(peer),
                       "name": self.name}
        return [view.join_screen(joining, self.trouble, self.forward, self._scan(), self.join_trouble)]

    def join_offer(self):
        """On the new-game screen: join a friend's game by scanning its invitation."""
        return view.join_offer(self._scan(), self.join_trouble)

    def _scan(self):
        return self.scanning, self.scans

    def table_bar(self):
        """Above a table: the host's friends' seats, or a friend's device's word on its host."""
        game = self.app.game
        if game.host is not None:
            rows = self._rows(game.host)
            sheet = next((r for r in rows if r["seat"] == self.sheet), None)
            return view.host_panel(rows, game.host.session.seats, (self.stun(), self.stun_refused), self.trouble,
                                   sheet, self._scan()) if rows else None
        if game.guest and self.guest is not None:
            peer = next((p for p in self.peers.values() if p.role == "guest" and p.kind == "rejoin"), None)
            rejoin = _shown(peer)
            state = "here" if self.host_here() else "away"
            name = player_name(game.seats(), self.guest["seat"])
            return view.guest_bar(state, name, rejoin, self.trouble, self._scan())
        return None

    def _rows(self, host):
        """One row per friend's seat (and per seat a friend left to a bot)."""
        away, rows = host.away(), []
        for seat, s in enumerate(host.session.seats):
            if s.token is None:
                continue
            peer = self._showing(seat)
            state = "bot" if s.is_bot else "here" if seat not in away else \
                "ready" if peer is not None and peer.text else "making"
            if state == "ready" and peer.state == "connecting":
                state = "connecting"
            rows.append({"seat": seat, "state": state, "name": s.name, "text": peer.text if peer and state != "here"
                         else None, "peer": peer.id if peer else None, "answer": peer is not None and peer.kind == "answer",
                         "copied": peer.copied if peer else False, "error": peer.error if peer else None,
                         "away": seat in self.joined})
        return rows

    def _showing(self, seat):
        """The seat's connection attempt to show: an answer to a request to rejoin, else its invitation."""
        peers = [p for p in self.peers.values() if p.role == "host" and p.seat == seat and p.state != "open"]
        return next((p for p in peers if p.kind == "answer"), peers[0] if peers else None)


def _shown(peer):
    """What a screen shows of a connection attempt: the link to send once made."""
    return None if peer is None else {"text": peer.text, "peer": peer.id, "copied": peer.copied}
