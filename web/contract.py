"""Every message between the page's thread, its worker and the network, declared once.

The page's thread (web/page/*.mjs, JavaScript) and the page's Python (in PyScript's
worker: web/main.py) speak in JSON texts, each an object whose `type` names one of
the messages below; the page's Python and the page's WebRTC module (web/page/rtc.mjs)
speak in objects whose `op` names one of NET_COMMANDS or NET_EVENTS. Each message is
declared here with its fields: a field ending in "?" may be left out.

- The build writes the JavaScript's side of these names (web/page/contract.mjs, as
  `contract_module` gives it), and the page checks its handlers against it as it starts.
- The Python checks each message it sends against it (`check`), and tests/web/test_contract.py
  holds the JavaScript's handlers, the Python's and docs/web.md's lists equal to it.
"""

import json
from dataclasses import dataclass


class ContractError(ValueError):
    """A message that the contract does not declare, or with fields it does not declare."""


@dataclass(frozen=True)
class Message:
    name: str
    fields: tuple[str, ...]  # besides its `type` (or `op`); "x?": may be left out
    says: str  # what it is for, in a few words (docs/web.md quotes it)

    def required(self):
        return {f for f in self.fields if not f.endswith("?")}

    def allowed(self):
        return {f.rstrip("?") for f in self.fields}


def _table(*messages):
    return {m.name: m for m in messages}


# The page's thread -> the worker's Python (web/startup/boot.py's Link). Each carries
# `seq`, the page's newest drawing (web/page/page.mjs adds it to every message).
TO_WORKER = _table(
    Message("boot", ("url", "search", "hash", "languages", "storage", "saving", "first", "share"),
            "the facts only the page knows: its address, languages, what localStorage holds, the first screen"),
    Message("command", ("act", "arg", "form"), "a click on a control (data-act), with the form's fields"),
    Message("change", ("name", "value", "form"), "a field changed (data-change)"),
    Message("file", ("text",), "a file the player opened"),
    Message("hash", ("hash",), "the address's fragment changed: one of our links opened in this tab"),
    Message("storage", ("key", "value"), "another tab wrote localStorage"),
    Message("refused", ("key", "value", "reason"), "the browser refused a write: its value, and why"),
    Message("moved", ("id", "refused"), "the answer to a move of a stored value"),
    Message("redraw", (), "the page lost what was drawn: send it all again"),
    Message("net", ("message",), "an event of WebRTC or of the other tabs (one of NET_EVENTS)"),
    Message("scan", ("target", "text?", "trouble?"),
            "the camera read a QR code for the box `target` (its text), or could not (why)"),
)

# The player's input: the page is busy until the worker answers it "done".
INPUTS = ("command", "change", "file", "hash", "scan")

# The worker -> the page's thread (web/page/page.mjs's HANDLERS). A text may hold one
# message or a list of them (what one input caused, sent at once).
TO_PAGE = _table(
    Message("progress", ("detail",), "the downloads' progress, before Python runs (the loading bar)"),
    Message("marks", ("marks",), "the worker's performance marks, for the page's timeline"),
    Message("fetched", (), "the first visit's downloads are stashed: the service worker may install"),
    Message("beat", (), "still here, each second once Pyodide runs (watched once web/main.py has run)"),
    Message("warn", ("text",), "a warning of the worker, said in the page's console"),
    Message("python", (), "the worker's Python hears the page: send \"boot\""),
    Message("render", ("seq", "regions", "focus", "keep", "skeleton?"), "the regions that changed, to patch"),
    Message("flag", ("name", "value"), "body[data-NAME] set, or removed (null)"),
    Message("store", ("key", "value", "expect?"), "write (or remove: null) a localStorage value, if it is still as expected"),
    Message("move", ("id", "from", "to"), "move a stored value whole, answered \"moved\""),
    Message("lang", ("code", "words"), "the page's language and the few words its JavaScript says"),
    Message("sound", ("on",), "sounds on or off"),
    Message("query", ("query",), "the address's query, replaced"),
    Message("fragment", ("hash?",), "the address's fragment, set to `hash` (a link scanned) or dropped"),
    Message("copy", ("text",), "text to the clipboard"),
    Message("share", ("text",), "text to the device's share sheet"),
    Message("download", ("text", "name"), "a file to save"),
    Message("fields", ("fields",), "the first screen's text fields, as typed before Python ran"),
    Message("error", ("text",), "an error, shown on the page"),
    Message("ready", (), "the first screen is drawn: body[data-ready]"),
    Message("done", (), "an input (INPUTS) is handled"),
    Message("net", ("message",), "a command to WebRTC or the other tabs (one of NET_COMMANDS)"),
)

# The page's Python -> web/page/rtc.mjs (through "net" to the page).
NET_COMMANDS = _table(
    Message("offer", ("peer", "ice?"), "host: a connection and its offer"),
    Message("answer", ("peer", "offer", "ice?"), "guest: take the offer, make an answer"),
    Message("accept", ("peer", "answer"), "host: take the guest's answer"),
    Message("send", ("peer", "data"), "a string on the open channel"),
    Message("close", ("peer",), "close the channel and the connection"),
    Message("listen-replies", (), "hear the replies other tabs post"),
    Message("post-reply", ("text",), "hand a reply to the tab listening"),
)

# web/page/rtc.mjs -> the page's Python (through "net" to the worker).
NET_EVENTS = _table(
    Message("offer", ("peer", "sdp"), "the host's offer, made"),
    Message("answer", ("peer", "sdp"), "the guest's answer, made"),
    Message("open", ("peer",), "the channel is open"),
    Message("message", ("peer", "data"), "a string came on the channel"),
    Message("closed", ("peer",), "the channel or the connection closed"),
    Message("error", ("peer", "reason"), "a command failed, or the connection did"),
    Message("reply", ("text",), "a reply another tab posted"),
    Message("reply-posted", ("heard",), "whether a tab heard the reply posted"),
)

TABLES = {"TO_WORKER": TO_WORKER, "TO_PAGE": TO_PAGE, "NET_COMMANDS": NET_COMMANDS, "NET_EVENTS": NET_EVENTS}
KEYS = {"TO_WORKER": "type", "TO_PAGE": "type", "NET_COMMANDS": "op", "NET_EVENTS": "op"}
COMMON = {"TO_WORKER": {"seq"}}  # fields every message of that table may carry


def check(table, message):
    """`message` as given, if `table` (a name of TABLES) declares it; else ContractError."""
    key = KEYS[table]
    if not isinstance(message, dict):
        raise ContractError(f"{table}: a message is an object with a {key!r}, not {type(message).__name__}")
    declared = TABLES[table].get(message.get(key))
    if declared is None:
        raise ContractError(f"{table}: no message {message.get(key)!r}")
    fields = set(message) - {key} - COMMON.get(table, set())
    if fields - declared.allowed() or declared.required() - fields:
        raise ContractError(f"{table}: {declared.name!r} has fields {sorted(fields)}, "
                            f"declared {list(declared.fields)}")
    return message


def contract_module():
    """The JavaScript side of the contract (web/page/contract.mjs): the names of each table."""
    head = ("// Written by scripts/build_site.py from web/contract.py (edit that, not this): the names\n"
            "// of the messages between the page's thread, its worker and the network.\n")
    lines = [f"export const {name} = {json.dumps(list(table))};\n" for name, table in TABLES.items()]
    lines.append(f"export const INPUTS = {json.dumps(list(INPUTS))};\n")
    return head + "".join(lines)
