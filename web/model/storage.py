"""Saving as you go: the game record and seat setup in the browser's localStorage.

The save is one JSON text under SAVE_KEY:
    {"app": "lepeuple", "version": 1, "seats": [...], "record": {engine record}}
The engine record ({format, players, options, seed, actions}) replays the game
exactly, bots included (their seeds derive from it). A save that cannot be
read is never deleted by the page: it stays where it is until the player
starts a new game, and then moves to a backup key (BROKEN_PREFIX + time).

What is written here is read back: a record's actions take at most the engine's
RECORD_TEXT characters (a game ends when its record is full), MAX_TEXT leaves
room beside them for the seats, options and setup, and the bots' reasons for
their decisions ("whys", which only explain) keep the newest that fit: the
oldest are left out first ("whys_start": the action the kept ones begin at).
"""

import json
import re

from lepeuple import RECORD_TEXT

SAVE_KEY = "lepeuple.save"
PREFS_KEY = "lepeuple.prefs"
BROKEN_PREFIX = "lepeuple.save.broken."
APP, VERSION = "lepeuple", 1
MAX_TEXT = RECORD_TEXT + 100_000  # characters (2,000,000): a whole saved game is about 10 000
MAX_DEPTH = 40  # nesting of a save: a record needs 6
# A save is named by its last characters where its whole text would be too long to
# carry (the kept table, web/startup/firstscreen.mjs; a guarded write, the page's store).
SAVE_END = 64
ANY = object()  # put() with no expectation of what is there
CHANGED = "changed"  # put() refused: the key does not hold what was expected
UNREADABLE = "unreadable"  # save() refused: a new game would overwrite a save that cannot be read
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


class Changed(Exception):
    """A guarded write found something else than expected at its key."""


def parse(text):
    """JSON text to data, refusing what could exhaust the runtime: raises ValueError
    for text over MAX_TEXT characters or nested deeper than MAX_DEPTH (in Pyodide a
    deep enough document overflows the WebAssembly stack: a fatal error, not an
    exception). The depth is counted on the brackets outside strings."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"{len(text)} characters is more than a save can hold")
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise ValueError(f"nested more than {MAX_DEPTH} deep")
    return json.loads(text)


class SaveError(ValueError):
    """A save that cannot be read; `text` is the raw save, kept for export."""

    def __init__(self, reason, text):
        super().__init__(reason)
        self.reason, self.text = reason, text


def encode(seats, record, whys=None):
    """The save text of a game: its seats (list of Seat), its engine record and, when
    given, the bots' reasons for their decisions (one per action, None for a person),
    as many of the newest as fit in MAX_TEXT."""
    seats = [s if isinstance(s, dict) else s.to_json() for s in seats]  # Seat objects or their JSON
    data = {"app": APP, "version": VERSION, "seats": seats, "record": record}
    if whys and any(whys):
        data["whys"] = whys
        text = _dumps(data)
        if len(text) <= MAX_TEXT:
            return text
        del data["whys"]
        start = _newest_that_fit(whys, MAX_TEXT - len(_dumps(data)) - len(',"whys":[],"whys_start":') - 7)
        if any(whys[start:]):
            data["whys"], data["whys_start"] = whys[start:], start
    return _dumps(data)


def _dumps(data):
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _newest_that_fit(whys, room):
    """Where the newest reasons that take at most `room` characters (with their commas) begin."""
    start = len(whys)
    while start > 0:
        size = 5 if whys[start - 1] is None else len(_dumps(whys[start - 1])) + 1
        if size > room:
            break
        room -= size
        start -= 1
    return start


def whys_of(text):
    """The bots' reasons kept in a save text (a list, one per action from the first), or []
    when there are none or they cannot be read: they only explain, the record alone
    replays the game."""
    if '"whys"' not in (text or ""):
        return []  # none kept: not worth reading a long game's save again
    try:
        data = parse(text or "{}")
        whys, start = data.get("whys"), data.get("whys_start", 0)
    except (ValueError, AttributeError):
        return []
    if not isinstance(whys, list) or type(start) is not int or not 0 <= start <= MAX_TEXT:
        return []
    return [None] * start + [w if isinstance(w, dict) and isinstance(w.get("kind"), str) else None for w in whys]


def decode(text):
    """(seats JSON, record) of a save text; raises SaveError naming what is wrong.

    Only the envelope is checked here; the seats and the record are checked by
    whoever turns them into a game (web/model/session.py), which raises SaveError too."""
    try:
        data = parse(text)
    except ValueError as e:
        raise SaveError(f"not a readable save: {e}", text) from e
    if not isinstance(data, dict) or data.get("app") != APP:
        raise SaveError("not a save of this game", text)
    if data.get("version") != VERSION:
        raise SaveError(f"unknown save version {data.get('version')!r}", text)
    if "seats" not in data or "record" not in data:
        raise SaveError("the save lacks its seats or its record", text)
    return data["seats"], data["record"]


class Store:
    """localStorage (or any object with getItem/setItem/removeItem) for saves and prefs.

    Writes can fail (private mode, a full quota): `save` returns the reason
    instead of raising, so the game goes on and the page can say it.

    Two tabs: the store remembers the save text it last read or wrote (`known`)
    and never overwrites a save that has changed since — another tab played on.
    It sets `stale` instead, and the page offers to continue the newer game."""

    def __init__(self, backend, clock=None):
        self.backend = backend
        self.clock = clock or (lambda: 0)
        self.known = None
        self.stale = False

    def load_text(self):
        """The raw save, or None when there is none (remembered as the version this tab has)."""
        value = self._get(SAVE_KEY)
        self.known, self.stale = value, False
        return value

    def _get(self, key):
        value = self.backend.getItem(key)
        return None if value is None else str(value)

    def changed_elsewhere(self):
        """Has the save changed since this tab last read or wrote it?"""
        return self._get(SAVE_KEY) != self.known

    def save(self, seats, record, replace=False, whys=None):
        """Write the game; None, or why it was not written. Unless `replace` (a new game
        the player asked for), a save changed by another tab is left alone: `stale`.
        Never over a save that cannot be read ("unreadable"): it is the player's to keep.
        The write is made only over the save it expects (the browser checks it where it
        writes: storage of the page's worker is written by the page, a moment later)."""
        if not replace and self.changed_elsewhere():
            self.stale = True
            return "stale"
        there = self._get(SAVE_KEY)
        if replace and there is not None and not readable(there):
            return UNREADABLE
        text = encode(seats, record, whys)
        error = self.put(SAVE_KEY, text, expect=there)
        if error == CHANGED:
            self.stale = True
            return "stale"
        if error is None:
            self.known = text
        return error

    def clear(self):
        """Forget a readable save (the player chose to discard it)."""
        self.backend.removeItem(SAVE_KEY)
        self.known = None

    def set_aside_broken(self, done):
        """Move an unreadable save to a backup key, so that a new game cannot overwrite it;
        then done(None), or done(why) when the browser refused (its storage is full): the
        save then stays where it is. `done` may be called later (the page's worker)."""
        text = self.load_text()
        if text is None:
            done(None)
            return
        key = f"{BROKEN_PREFIX}{int(self.clock())}"
        self.backend.move(SAVE_KEY, key, lambda error: self._set_aside(error, done))

    def _set_aside(self, error, done):
        if error is None:
            self.known = None
        done(error)

    def set_aside(self):
        """{key: text} of the unreadable saves kept under backup keys, oldest first."""
        keys = [k for k in self.backend.stored_keys() if k.startswith(BROKEN_PREFIX)]
        return {k: self._get(k) for k in sorted(keys, key=_kept_at)}

    def forget(self, key):
        """Remove a kept copy (the player said so)."""
        self.backend.removeItem(key)

    def prefs(self):
        """The stored preferences as a dict, or None when they cannot be read."""
        try:
            data = parse(self._get(PREFS_KEY) or "{}")
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def replace_prefs(self, prefs):
        return self.put(PREFS_KEY, json.dumps(prefs))

    def set_pref(self, key, value):
        prefs = self.prefs() or {}
        prefs[key] = value
        return self.put(PREFS_KEY, json.dumps(prefs))

    def put(self, key, text, expect=ANY):
        """Write `text` at `key` (over `expect` only, when given: else CHANGED): None, or why
        it could not be written (in the page's words)."""
        try:
            if expect is ANY:
                self.backend.setItem(key, text)
            else:
                self.backend.setItem(key, text, expect=expect)
        except Changed:
            return CHANGED
        except Exception:  # a full quota: say it in plain words
            from ..i18n import t

            return t("save.failed.full")
        return None


def readable(text):
    """Could this save text be read (its envelope: a save of this game, of this version)?"""
    try:
        decode(text)
    except SaveError:
        return False
    return True


def _kept_at(key):
    """When a backup key was made (its number), for sorting."""
    stamp = key[len(BROKEN_PREFIX):]
    return int(stamp) if stamp.isdigit() else 0



class PageStorage:
    """localStorage as the page's Python sees it from its Web Worker, where there is
    none: a copy of the page's items (sent at start-up), kept up to date by what
    other tabs write (`heard`). A write changes the copy at once and is sent to the
    page (`send`: web/dom.WorkerDom.send), which writes it in order; a write the
    browser refuses comes back with the value really kept (`refused`): a full quota,
    or a guarded write (`expect`) that found something else there, which the page
    checks by its length and end (SAVE_END characters). A move (`move`) is done by
    the page whole or not at all, and answered either way (`moved`)."""

    def __init__(self, items, send):
        self.items = {str(k): str(v) for k, v in (items or {}).items()}
        self.send = send
        self.moving = {}  # move id -> (from, to, done)

    def getItem(self, key):
        return self.items.get(key)

    def stored_keys(self):
        return list(self.items)

    def setItem(self, key, value, expect=ANY):
        message = {"type": "store", "key": key, "value": str(value)}
        if expect is not ANY:
            message["expect"] = None if expect is None else [len(expect), expect[-SAVE_END:]]
        self.items[key] = str(value)
        self.send(message)

    def removeItem(self, key):
        self.items.pop(key, None)
        self.send({"type": "store", "key": key, "value": None})

    def move(self, source, target, done):
        """The value at `source` moved to `target` by the page; done(None), or done(why)."""
        ident = len(self.moving) + 1
        while ident in self.moving:
            ident += 1
        self.moving[ident] = (source, target, done)
        self.send({"type": "move", "id": ident, "from": source, "to": target})

    def moved(self, ident, refused):
        """The page's answer to a move: done, or `refused` (why, in the browser's words)."""
        source, target, done = self.moving.pop(ident)
        if not refused and source in self.items:
            self.items[target] = self.items.pop(source)
        from ..i18n import t

        done(t("save.failed.full") if refused else None)

    def heard(self, key, value):
        """Another tab wrote `value` at `key` (None: removed it; key None: cleared all)."""
        if key is None:
            self.items.clear()
        elif value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = str(value)

    refused = heard  # the page kept `value` at `key`, not what was written


class MemoryBackend:
    """A dict with localStorage's methods (tests, and a browser that has none), and
    the page's guarded write and move, done at once."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    def getItem(self, key):
        return self.items.get(key)

    def stored_keys(self):
        return list(self.items)

    def setItem(self, key, value, expect=ANY):
        if expect is not ANY and self.items.get(key) != expect:
            raise Changed(key)
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)

    def move(self, source, target, done):
        try:
            self.setItem(target, self.items[source])
        except Exception:  # a full quota: the value stays where it was
            from ..i18n import t

            done(t("save.failed.full"))
            return
        self.removeItem(source)
        done(None)
