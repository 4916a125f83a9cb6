"""A game to step through: every position of a record, its log, and who may see what.

A Replay is built from a save's seats and an engine record. It costs time and
memory linear in the game's length (`lepeuple.core.positions`: a checkpoint every few
actions, a position replayed from the nearest one), and the record is checked —
its size, counts and length by the engine before any action is replayed — so no
link or file can make the page work without end. The log comes from the same
replay (web/session.Played), so a game is replayed once when opened. The live
game is never touched: a replay of the game in progress works on its own copy of
the record.

Who sees what: a finished game can be watched by "everyone" (every hand shown);
a game still in progress only through the eyes of one seat — never another
person's hidden cards.

Records travel as files and links (the save's JSON; a link carries it in its
fragment, zlib-compressed and base64url-encoded): `pack` and `unpack`.
"""

import base64
import zlib
from bisect import bisect_right

from lepeuple import Positions, RecordError, SetupError, dropped_actions as dropped

from .newgame import Setup, seats_from_json
from .session import Played, Session
from .storage import MAX_TEXT, SaveError, decode, encode, parse

LINK_KEY = "g"  # the fragment of a shared game: #g=<base64url of zlib(save JSON)>
MAX_UNPACKED = MAX_TEXT  # bytes a link may unpack to (2,000,000; a whole game is about 10 000): a save without whys
MAX_LINK = 1_000_000  # characters of a link's data (a whole game is about 2 000)
EVERYONE = "all"


class Replay:
    """Every position of one game; `index` is how many actions have been played."""

    def __init__(self, seats_json, record, levels, viewer=None, text=""):
        played = Played()  # the log, from the same replay
        try:
            # RecordError before any action if too long or ill-set; past its end, read up to it
            self.positions = Positions(record, watch=played.step, past_end=True)
            seats = seats_from_json(seats_json, levels)
            if len(seats) != record["players"]:
                raise ValueError(f"the save has {len(seats)} seats for {record['players']} players")
        except (RecordError, SetupError, ValueError) as e:
            raise SaveError(str(e), text) from e
        final = self.positions.final
        self.seats, self.setup = seats, Setup(seats, dict(final.options), final.seed)
        self.finished = final.is_over
        self.dropped = dropped(record, final)  # recorded after the game was over by an earlier version: left out
        self.record = {**record, "actions": record["actions"][:self.total]} if self.dropped else record
        self.index = self.total
        self.viewer = viewer if viewer is not None else (EVERYONE if self.finished else None)
        self.marks = None  # (played action, better action) to draw, from a review
        self._seats_json, self._levels, self._text = seats_json, levels, text
        self._played = played
        self._log = None
        self._turns = None

    @property
    def total(self):
        return self.positions.total

    @property
    def log(self):
        """Every event of the game, named (web/model/session.py), replayed when first asked."""
        return self._history()[0]

    @property
    def starts(self):
        """Where each action's events begin in `log`."""
        return self._history()[1]

    def _history(self):
        if self._log is None:
            session = Session.resume(self._seats_json, self.record, self._levels, self._text, self._played)
            self._log = (session.log, session.starts)
            self._played = None
        return self._log

    def game(self):
        """The engine state after `index` actions (do not change it)."""
        return self.positions.at(self.index)

    def go(self, index):
        self.index = max(0, min(self.total, index))
        self.marks = None

    def events(self):
        """The log up to this position (the events of the actions played so far)."""
        return self.log if self.index >= len(self.starts) else self.log[:self.starts[self.index]]

    def last(self):
        """The events of the action that led here (for highlights)."""
        if self.index == 0:
            return []
        end = self.starts[self.index] if self.index < len(self.starts) else len(self.log)
        return self.log[self.starts[self.index - 1]:end]

    def turn_starts(self):
        """(index, seat) of each turn's first action: where "jump to a turn" goes
        (found once: the replay bar asks at every step)."""
        if self._turns is None:
            self._turns = self._find_turns()
        return self._turns

    def _find_turns(self):
        """A turn begun among the events before action i's (those of the set-up, or of
        action i - 1) begins with action i; the last one begun there is its seat's."""
        starts, seat_at = self.starts, {}
        for p, e in enumerate(self.log):
            if e.type == "turn":  # the log's events are named (lepeuple.core.events.named)
                i = bisect_right(starts, p)
                if i < len(starts):
                    seat_at[i] = e.seat
        return sorted(seat_at.items())

    def view(self, seat=None):
        """The engine view at this position for `seat` (default: the replay's viewer;
        "all" sees the board as a spectator, and every hand separately)."""
        seat = self.viewer if seat is None else seat
        return self.game().view(None if seat == EVERYONE else seat)


# ----- files and links ---------------------------------------------------

def file_name(now):
    """lepeuple-YYYYMMDD-HHMM.json for a time.struct_time."""
    return "lepeuple-{:04d}{:02d}{:02d}-{:02d}{:02d}.json".format(*now[:5])


def pack(seats, record):
    """The fragment of a link to a game: #g=… (zlib, base64url, no padding)."""
    raw = zlib.compress(encode(seats, record).encode("utf-8"), 9)
    return f"#{LINK_KEY}=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def fits_link(link):
    """Does `unpack` read the data of this link (MAX_LINK)? A record's text always unpacks
    within MAX_UNPACKED; how small it packs depends on the game."""
    return len(link.rpartition(f"#{LINK_KEY}=")[2]) <= MAX_LINK


def unpack(fragment):
    """(seats JSON, record, text) of a link's fragment; SaveError saying what is wrong."""
    body = fragment.lstrip("#")
    if not body.startswith(LINK_KEY + "="):
        raise SaveError("this link holds no game", fragment)
    data = body[len(LINK_KEY) + 1:]
    if len(data) > MAX_LINK:
        raise SaveError(f"this link is too long to be a game ({len(data):,} characters)", fragment[:200])
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflate = zlib.decompressobj()
        text = inflate.decompress(raw, MAX_UNPACKED)
        if inflate.unconsumed_tail or not inflate.eof:
            raise ValueError("cut short" if not inflate.unconsumed_tail else "too large")
        text = text.decode("utf-8")
    except (ValueError, zlib.error, UnicodeDecodeError) as e:
        raise SaveError(f"this link's game is damaged or cut short ({e})", fragment) from e
    seats, record = decode(text)
    return seats, record, text


def read_file(text):
    """(seats JSON, record) of an exported file: a save, or a bare engine record."""
    try:
        return decode(text)
    except SaveError as first:
        try:
            data = parse(text)
        except ValueError:
            raise first from None
        if isinstance(data, dict) and "actions" in data and "players" in data:
            players = data["players"] if type(data["players"]) is int and 3 <= data["players"] <= 5 else 0
            if players:
                return [{"kind": "human"} for _ in range(players)], data
        raise first from None
