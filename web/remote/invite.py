"""Joining a friend's game with nothing of ours in between: the links people send each other.

A WebRTC connection needs an offer from one side and an answer from the other. They
travel as links (docs/remote.md): of each description only what WebRTC needs (ICE
user fragment and password, DTLS fingerprint, setup role, candidates), with the table,
the seat and its token, as bytes in base64url after the format's version ("2."), so
that a link is about 250 characters and its QR code small enough to scan from a screen:

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
import ipaddress
import json
import re

from ..model.newgame import MAX_NAME, is_id
from ..model.storage import parse

KINDS = ("join", "reply", "rejoin")
VERSION = "2"  # the links' format: each code starts "2."; a code of another version is refused in words
MAX_CODE = 400  # characters of a link's code (one is about 200: the QR code of a link stays at version 11)
GUEST_KEY = "lepeuple.guest"
STUN_KEY = "lepeuple.stun"
MAX_STUN = 4  # servers named at most
MAX_CANDIDATES = 3  # the addresses a description carries (UDP; a device has one per network)
NAME_BYTES = 15  # of the seat's name in an invitation (UTF-8; the host's save has it whole)
STUN_URL = re.compile(r"stuns?:[A-Za-z0-9.\-]{1,200}(:[0-9]{1,5})?")
MDNS = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local")
SETUPS = ("actpass", "active", "passive")
# A candidate's kind: (its type in the SDP, how its address is written)
ADDRESSES = (("host", "mdns"), ("host", "ipv4"), ("host", "ipv6"), ("srflx", "ipv4"), ("srflx", "ipv6"))


class LinkError(ValueError):
    """A link or code that is not one of ours: its args[0] is the id of the words said to
    the person who pasted, scanned or opened it (web/locales)."""


# ----- the description: only what WebRTC needs -----------------------------------
# A browser's description (SDP) is about 600 characters; what the other side needs of
# it is the ICE user fragment and password, the DTLS fingerprint, the setup role and
# the candidates. The rest is the same for every data channel, and is written back.

def sdp_fields(sdp):
    """{"setup", "ufrag", "pwd", "fingerprint" (32 bytes), "candidates": [(type, address, port)]} of an SDP."""
    lines = [line.strip() for line in sdp.splitlines()]
    attr = lambda name: next((line[len(name) + 3:] for line in lines if line.startswith(f"a={name}:")), None)
    algorithm, _, digest = (attr("fingerprint") or "").partition(" ")
    if algorithm.lower() != "sha-256":
        raise ValueError("no sha-256 fingerprint")
    candidates = []
    for line in lines:
        parts = line[len("a=candidate:"):].split() if line.startswith("a=candidate:") else []
        if len(parts) >= 8 and parts[1] == "1" and parts[2].lower() == "udp" and parts[7] in ("host", "srflx") \
                and _readable(parts[4]):
            candidates.append((parts[7], parts[4], int(parts[5])))
    return {"setup": attr("setup"), "ufrag": attr("ice-ufrag"), "pwd": attr("ice-pwd"),
            "fingerprint": bytes.fromhex(digest.replace(":", "")), "candidates": candidates[:MAX_CANDIDATES]}


def _readable(address):
    try:
        return bool(MDNS.fullmatch(address) or ipaddress.ip_address(address))
    except ValueError:
        return False


def sdp_text(fields, kind):
    """The SDP of a data channel's offer (`kind` "offer") or answer rebuilt from sdp_fields."""
    fingerprint = ":".join(f"{b:02X}" for b in fields["fingerprint"])
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for i, (kind_, address, port) in enumerate(fields["candidates"]):
        priority = (2122260223 if kind_ == "host" else 1686052607) - i
        extra = " raddr 0.0.0.0 rport 0" if kind_ == "srflx" else ""
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {address} {port} typ {kind_}{extra} generation 0")
    lines += [f"a=ice-ufrag:{fields['ufrag']}", f"a=ice-pwd:{fields['pwd']}", "a=ice-options:trickle",
              f"a=fingerprint:sha-256 {fingerprint}", f"a=setup:{fields['setup']}", "a=mid:0",
              "a=sctp-port:5000", "a=max-message-size:262144"]
    assert kind in ("offer", "answer")
    return "\r\n".join(lines) + "\r\n"


# ----- bytes ------------------------------------------------------------------

def _text(out, value, limit=255):
    raw = value.encode("utf-8")[:limit]
    out += bytes([len(raw)]) + raw


def _address(out, kind, address):
    if MDNS.fullmatch(address):
        out.append(ADDRESSES.index((kind, "mdns")))
        out += bytes.fromhex(address[:-6].replace("-", ""))
        return
    ip = ipaddress.ip_address(address)
    out.append(ADDRESSES.index((kind, f"ipv{ip.version}")))
    out += ip.packed


def _binary(kind, data):
    out = bytearray([KINDS.index(kind), data["seat"]])
    for name in ("table", "peer") + (("token",) if kind != "reply" else ()):
        _text(out, data[name])
    f = sdp_fields(data["sdp"])
    out.append(SETUPS.index(f["setup"]))
    _text(out, f["ufrag"])
    _text(out, f["pwd"])
    out += f["fingerprint"]
    out.append(len(f["candidates"]))
    for kind_, address, port in f["candidates"]:
        _address(out, kind_, address)
        out += port.to_bytes(2, "big")
    if kind != "reply":
        out.append(len(data["ice"]))
        for url in data["ice"]:
            _text(out, url)
    if kind == "join":
        name = data["name"].encode("utf-8")[:NAME_BYTES].decode("utf-8", "ignore")  # whole characters
        _text(out, name)
    return bytes(out)


class _Bytes:
    """Reads a code's bytes in order; IndexError when they run out."""

    def __init__(self, raw):
        self.raw, self.at = raw, 0

    def take(self, n):
        if self.at + n > len(self.raw):
            raise IndexError("cut short")
        self.at += n
        return self.raw[self.at - n:self.at]

    def byte(self):
        return self.take(1)[0]

    def text(self):
        return self.take(self.byte()).decode("utf-8")

    def address(self):
        kind, how = ADDRESSES[self.byte()]
        if how == "mdns":
            h = self.take(16).hex()
            return kind, f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"
        return kind, str(ipaddress.ip_address(self.take(4 if how == "ipv4" else 16)))


def _read(raw):
    r = _Bytes(raw)
    kind = KINDS[r.byte()]
    data = {"k": kind, "seat": r.byte(), "table": r.text(), "peer": r.text()}
    if kind != "reply":
        data["token"] = r.text()
    f = {"setup": SETUPS[r.byte()], "ufrag": r.text(), "pwd": r.text(), "fingerprint": r.take(32), "candidates": []}
    for _ in range(r.byte()):
        f["candidates"].append((*r.address(), int.from_bytes(r.take(2), "big")))
    data["sdp"] = sdp_text(f, "answer" if kind == "reply" else "offer")
    if kind != "reply":
        data["ice"] = [r.text() for _ in range(r.byte())]
    if kind == "join":
        data["name"] = r.text()
    if r.at != len(raw):
        raise ValueError("too long")
    return data


def pack(kind, data):
    """The fragment of a link of `kind` (one of KINDS) carrying `data`: #kind=VERSION.code."""
    code = base64.urlsafe_b64encode(_binary(kind, data)).decode("ascii").rstrip("=")
    return f"#{kind}={VERSION}.{code}"


def kind_of(fragment):
    """Which of KINDS a location's fragment is (None: none of them)."""
    head = fragment.lstrip("#").partition("=")[0]
    return head if head in KINDS else None


def unpack(text):
    """The data of a link, its fragment, or its bare code (its description rebuilt as an
    SDP); LinkError naming the words to say when it is not one of ours."""
    code = (text or "").strip().rpartition("#")[2]
    code = code.partition("=")[2] if kind_of(code) else code
    if not code or len(code) > MAX_CODE or not re.fullmatch(r"[A-Za-z0-9_\-.]+", code):
        raise LinkError("net.link.foreign")
    version, dot, body = code.partition(".")
    if not dot:
        raise LinkError("net.link.version" if len(code) > 40 else "net.link.foreign")  # a link before versions
    if version != VERSION:
        raise LinkError("net.link.version")
    try:
        data = _read(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (ValueError, IndexError, UnicodeDecodeError):
        raise LinkError("net.link.damaged") from None
    return checked(data)


def checked(data):
    ok = (is_id(data["table"]) and 0 <= data["seat"] < 5 and 0 < len(data["peer"]) <= 40
          and ("token" not in data or is_id(data["token"])) and stun_ok(data.get("ice", []))
          and len(data.get("name", "")) <= MAX_NAME)
    if not ok:
        raise LinkError("net.link.damaged")
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
