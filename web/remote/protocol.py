"""The messages between a game's host and its tables: JSON objects with a version.

One protocol for every transport (boardgame.io's Master and its transports): the table
at the host's own device gets these messages as Python objects, a friend's table gets
them as JSON text over a WebRTC data channel (web/remote/controller.py). Every message
is an object with "v" (VERSION) and "t" (its type).

A table sends (each checked here, then by the host: its seat, its turn):
    {"t": "join", "table": id, "seat": s, "token": secret}   take (again) one's seat
    {"t": "act", "seat": s, "at": n, "action": {...}}         a decision (the action notation)
    {"t": "undo", "seat": s, "at": n}                         take back one's last decision
`at` is how many actions the table has seen: a message about another moment is stale.

The host sends each seat (web/model/eyes.told: what that seat may see):
    {"t": "sync", "seat", "table", "seats", "options", "log", "starts", "actors", "whys",
     "seen", "state", "away", "thinking"}                     everything, on joining
    {"t": "update", "seat", "cut", "events", "acts", "starts", "actors", "whys", "state"}
                                                              the log cut at `cut` and these
                                                              events added; the actions cut at
                                                              `acts` and these added
    {"t": "status", "away": [seats], "thinking": seat, "seats"} who is not connected, who thinks
    {"t": "refused", "code": CODE, "detail": text}            a message of the table's, refused
    {"t": "part", "id", "i", "of", "text"}                    a piece of a long message's text
`state` is {"view", "legal", "undo", "record"}. Events travel as arrays, the engine's
tuples (lepeuple.core.events), a take-back line as ["took_back", seat, action].
"""

import json

from lepeuple import EVENT_FIELDS as FIELDS, InvalidAction, action_from_json, action_to_json, named_event as named

from ..model.session import TookBack
from ..model.storage import parse

VERSION = 1
MAX_BYTES = 64 * 1024  # the longest message a table may send (bytes of its JSON text)
CHUNK = 48_000  # characters of a host's message per data-channel message (browsers take 64 KiB at least)
MAX_PARTS = 2_000  # pieces of one message a table puts back together (96 MB at most)
BURST, PER_SECOND = 20, 10  # a table may send BURST messages at once, then PER_SECOND a second

# Why a table's message is refused (the "code" of a "refused" message).
REFUSALS = ("too-large", "too-fast", "not-json", "version", "shape", "not-your-seat", "not-seated",
            "not-your-turn", "stale", "illegal", "no-undo", "over")

# What a table may send: type -> its fields and their JSON types (whole numbers are ints, not bools).
_INT, _STR, _OBJ = (lambda v: type(v) is int), (lambda v: isinstance(v, str)), (lambda v: isinstance(v, dict))
FROM_TABLE = {
    "join": {"table": _STR, "seat": _INT, "token": _STR},
    "act": {"seat": _INT, "at": _INT, "action": _OBJ},
    "undo": {"seat": _INT, "at": _INT},
}
FROM_HOST = ("sync", "update", "status", "refused", "part")


class Refused(ValueError):
    """A table's message the host will not act on: `code` (one of REFUSALS) and a detail."""

    def __init__(self, code, detail=""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code, self.detail = code, detail

    def message(self):
        return {"v": VERSION, "t": "refused", "code": self.code, "detail": self.detail}


class Unreadable(ValueError):
    """A host's message a table cannot read (said on the table, in words)."""


class Bucket:
    """A bounded rate: BURST messages at once, refilled at PER_SECOND (`clock`: seconds)."""

    def __init__(self, clock, burst=BURST, per_second=PER_SECOND):
        self.clock, self.burst, self.per_second = clock, burst, per_second
        self.tokens, self.when = float(burst), clock()

    def take(self):
        """Count one message; Refused("too-fast") when the table sends faster than allowed."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.per_second)
        self.when = now
        if self.tokens < 1:
            raise Refused("too-fast", f"at most {self.per_second} messages a second")
        self.tokens -= 1


# ----- a table's messages, as the host reads them ---------------------------

def size_of(text):
    """The bytes of a message's text (UTF-8); Refused when over MAX_BYTES."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise Refused("too-large", f"a message is at most {MAX_BYTES} bytes")
    return text


def from_table(message):
    """A table's message (JSON text, or the object itself from this device's table),
    checked: its version, its type and exactly its fields; Refused saying what is wrong.
    An "act" comes back with its action read (lepeuple.action_from_json)."""
    if isinstance(message, str):
        size_of(message)
        try:
            message = parse(message)
        except ValueError as e:
            raise Refused("not-json", str(e)[:120]) from None
    if not isinstance(message, dict):
        raise Refused("shape", "a message is a JSON object")
    if message.get("v") != VERSION:
        raise Refused("version", f"this host reads protocol version {VERSION}")
    fields = FROM_TABLE.get(message.get("t"))
    if fields is None:
        raise Refused("shape", "a table sends join, act or undo")
    if set(message) != set(fields) | {"v", "t"} or not all(ok(message[key]) for key, ok in fields.items()):
        raise Refused("shape", f"{message['t']} has exactly {', '.join(sorted(fields))}")
    if message["t"] == "act":
        try:
            return {**message, "action": action_from_json(message["action"])}
        except InvalidAction as e:
            raise Refused("shape", str(e)[:200]) from None
    return message


def act(seat, at, action):
    return {"v": VERSION, "t": "act", "seat": seat, "at": at, "action": action_to_json(action)}


def undo(seat, at):
    return {"v": VERSION, "t": "undo", "seat": seat, "at": at}


def join(table, seat, token):
    return {"v": VERSION, "t": "join", "table": table, "seat": seat, "token": token}


# ----- the host's messages ----------------------------------------------------

def dumps(message):
    """A message's JSON text (events written as arrays, a take-back line's action in its notation)."""
    out = dict(message)
    for key in ("log", "events"):
        if key in out:
            out[key] = [_event_out(e) for e in out[key]]
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def _event_out(e):
    return ["took_back", e.seat, action_to_json(e.action)] if e[0] == "took_back" else e


def pieces(text, ident):
    """A message's text as data-channel messages: itself, or "part" messages of CHUNK characters."""
    if len(text) <= CHUNK:
        return [text]
    parts = [text[i:i + CHUNK] for i in range(0, len(text), CHUNK)]
    return [json.dumps({"v": VERSION, "t": "part", "id": ident, "i": i, "of": len(parts), "text": part},
                       ensure_ascii=False, separators=(",", ":")) for i, part in enumerate(parts)]


class Reader:
    """A table's reading of the host's messages: texts in, messages out (None while a
    long message's parts are still coming); Unreadable saying why a text cannot be read."""

    def __init__(self):
        self.parts = None  # (id, count, [texts]) of the message being put back together

    def read(self, text):
        message = self._json(text)
        if message.get("t") != "part":
            return checked(message)
        ident, i, count, piece = (message.get(k) for k in ("id", "i", "of", "text"))
        if not (type(i) is int and type(count) is int and 0 <= i < count <= MAX_PARTS and isinstance(piece, str)):
            raise Unreadable("a piece of a message is damaged")
        if self.parts is None or self.parts[0] != ident or i != len(self.parts[2]):
            if i != 0:
                raise Unreadable("pieces of a message arrived out of order")
            self.parts = (ident, count, [])
        self.parts[2].append(piece)
        if len(self.parts[2]) < count:
            return None
        whole, self.parts = "".join(self.parts[2]), None
        return checked(self._json(whole))

    @staticmethod
    def _json(text):
        try:
            message = json.loads(text)
        except (TypeError, ValueError) as e:
            raise Unreadable(f"not JSON ({e})") from None
        if not isinstance(message, dict):
            raise Unreadable("not a message")
        if message.get("v") != VERSION:
            raise Unreadable(f"protocol version {message.get('v')!r}; this page reads {VERSION}")
        return message


def checked(message):
    """A host's message as a table uses it (its events named); Unreadable when it is not one."""
    if message.get("v") != VERSION:
        raise Unreadable(f"protocol version {message.get('v')!r}; this page reads {VERSION}")
    if message.get("t") not in FROM_HOST:
        raise Unreadable(f"an unknown message {str(message.get('t'))[:40]!r}")
    try:
        out = dict(message)
        for key in ("log", "events"):
            if key in out:
                out[key] = [event_in(e) for e in out[key]]
        return out
    except (TypeError, ValueError, KeyError, IndexError) as e:
        raise Unreadable(f"a damaged event ({e})") from None


def event_in(e):
    """An event as a table keeps it: the engine's named tuple (given one, itself)."""
    if isinstance(e, tuple):
        return e  # from the host at this device: already as the host keeps it
    kind = e[0]
    if kind == "took_back":
        return TookBack("took_back", e[1], action_from_json(e[2]))
    if kind not in FIELDS or len(e) != len(FIELDS[kind]) + 1:
        raise ValueError(f"{str(kind)[:40]!r}")
    return named(tuple(_tuples(v) for v in e))


def _tuples(value):
    """JSON arrays back as the engine's tuples (a meeple, the points of an event)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value
