"""Joining a friend's game with nothing of ours in between: the links people send each other.

A WebRTC connection needs an offer from one side and an answer from the other. They
travel as links (docs/remote.md), zlib-compressed and base64url-encoded as a shared
game's link is (web/model/replay_game.pack):

- `#join=…`   the host's invitation for one seat: its offer, the table, the seat, the
              seat's token and name, the STUN servers the host uses;
- `#reply=…`  an answer, sent back to whoever made the offer (it names their peer);
- `#rejoin=…` a guest's offer, to take its seat again (its page reloaded, or the host's):
              the host answers it with a `#reply=` link.

The part after "=" is also the code a person may paste instead of opening the link.
What a guest's device keeps (`GUEST_KEY`): the table, its seat and token, and which
invitations it has already used; never a hand, never the record. The STUN setting
(`STUN_KEY`, off by default) names the servers that let two devices find each other
over the internet; with none, only devices on one network connect.
"""

import base64
import json
import re
import zlib

from ..model.newgame import MAX_NAME, is_id
from ..model.storage import parse

KINDS = ("join", "reply", "rejoin")
MAX_CODE = 16_000  # characters of a link's code (an offer is about 600 once packed)
MAX_PACKED = 64_000  # bytes a code unpacks to
GUEST_KEY = "lepeuple.guest"
STUN_KEY = "lepeuple.stun"
MAX_STUN = 4  # servers named at most
STUN_URL = re.compile(r"stuns?:[A-Za-z0-9.\-]{1,200}(:[0-9]{1,5})?")
_FIELDS = {"join": ("table", "seat", "token", "peer", "sdp", "ice", "name"),
           "reply": ("table", "seat", "peer", "sdp"),
           "rejoin": ("table", "seat", "token", "peer", "sdp", "ice")}


class LinkError(ValueError):
    """A link or code that is not one of ours (said to the person who pasted or opened it)."""


def pack(kind, data):
    """The fragment of a link of `kind` (one of KINDS) carrying `data`: #kind=code."""
    raw = zlib.compress(json.dumps({"k": kind, **data}, separators=(",", ":")).encode("utf-8"), 9)
    return f"#{kind}=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def kind_of(fragment):
    """Which of KINDS a location's fragment is (None: none of them)."""
    head = fragment.lstrip("#").partition("=")[0]
    return head if head in KINDS else None


def unpack(text):
    """The data of a link, its fragment, or its bare code; LinkError saying what is wrong.
    Its fields are checked: ids, a seat number, a peer, an SDP text, STUN urls."""
    code = text.strip().rpartition("#")[2]
    code = code.partition("=")[2] if kind_of(code) else code
    if not code or len(code) > MAX_CODE or not re.fullmatch(r"[A-Za-z0-9_\-]+", code):
        raise LinkError("this is not a link or code of the game")
    try:
        inflate = zlib.decompressobj()
        raw = inflate.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)), MAX_PACKED)
        if inflate.unconsumed_tail or not inflate.eof:
            raise ValueError("cut short or too long")
        data = parse(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError) as e:
        raise LinkError(f"this code is damaged or cut short ({e})") from None
    return checked(data)


def checked(data):
    if not isinstance(data, dict) or data.get("k") not in KINDS:
        raise LinkError("this is not a link or code of the game")
    fields = _FIELDS[data["k"]]
    if set(data) != set(fields) | {"k"}:
        raise LinkError("this code is not complete")
    ok = (is_id(data["table"]) and type(data["seat"]) is int and 0 <= data["seat"] < 5
          and isinstance(data["peer"], str) and 0 < len(data["peer"]) <= 40
          and isinstance(data["sdp"], str) and len(data["sdp"]) <= MAX_PACKED
          and ("token" not in data or is_id(data["token"])) and stun_ok(data.get("ice", []))
          and (data.get("name") is None or isinstance(data["name"], str) and len(data["name"]) <= 4 * MAX_NAME))
    if not ok:
        raise LinkError("this code is damaged")
    return data


def stun_ok(urls):
    return isinstance(urls, list) and len(urls) <= MAX_STUN and all(
        isinstance(u, str) and STUN_URL.fullmatch(u) for u in urls)


def read_stun(text):
    """(STUN urls, the words that are not one) of a setting as typed: urls separated by
    spaces or commas (stun:host:port or stuns:host:port)."""
    words = [w for w in re.split(r"[\s,]+", text or "") if w]
    good = [w for w in words if STUN_URL.fullmatch(w)]
    return good[:MAX_STUN], [w for w in words if not STUN_URL.fullmatch(w)] + good[MAX_STUN:]


def stored_stun(backend):
    """The STUN urls this device was set to use ([]: none, the default)."""
    try:
        urls = parse(backend.getItem(STUN_KEY) or "[]")
    except ValueError:
        return []
    return urls if stun_ok(urls) else []


def stored_guest(backend):
    """What this device keeps of the table it sits at as a friend: {"table", "seat",
    "token", "used": [invitations' peers already used]}, or None."""
    try:
        data = parse(backend.getItem(GUEST_KEY) or "null")
    except ValueError:
        return None
    if not (isinstance(data, dict) and set(data) == {"table", "seat", "token", "used"} and is_id(data["table"])
            and is_id(data["token"]) and type(data["seat"]) is int and 0 <= data["seat"] < 5
            and isinstance(data["used"], list) and all(isinstance(p, str) and len(p) <= 40 for p in data["used"])):
        return None
    return data


def guest_json(table, seat, token, used):
    return json.dumps({"table": table, "seat": seat, "token": token, "used": list(used)[-20:]})
