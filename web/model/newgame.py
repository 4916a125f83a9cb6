"""A game's setup as the page knows it: who sits where (a person at this device, a
friend on their own device, or a bot), the rule options and the seed; read from the
new-game form, the URL or a save.

Problems are returned as (message key, fields) pairs, not raised, so the page
can show every one of them in the player's language (web/i18n.py).
"""

import re
import unicodedata
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from lepeuple import (  # the engine's options, not a copy
    DEFAULT_OPTIONS,
    MAX_SEED,
    OPTION_CHOICES,
    TARGETS,
    error_text as show,  # a bad value quoted short, as JSON writes it
)

MAX_NAME = 32
WHOLE = " *[0-9]* *"
"""A whole number as a field or a link may write it: ASCII digits, spaces around (none:
the default). The one rule of both: Python reads the fields and links with it, and the
early form (web/startup/firstscreen.mjs, through web/startup/keys.mjs) checks the fields
with it before Python is ready. Python's int() alone would also take １２, ٣ and 1_000."""
SEEDS = (0, MAX_SEED)  # the engine's seeds: JSON numbers that JavaScript reads exactly too


def at_most(high):
    """A regular expression of the whole numbers from 0 to `high` in WHOLE's digits, spaces
    around and leading zeros allowed (or nothing at all): the same in Python's re and in a
    field's `pattern` (which a browser anchors), so the early form refuses what Python does."""
    digits = str(high)
    shorter = [f"[0-9]{{1,{len(digits) - 1}}}"] if len(digits) > 1 else []
    # As many digits, the same up to position i and lower there, anything after.
    lower = [digits[:i] + ("0" if d == "1" else f"[0-{int(d) - 1}]") + _any_digits(len(digits) - i - 1)
             for i, d in enumerate(digits) if d != "0"]
    return " *(?:0*(?:" + "|".join([*shorter, *lower, digits]) + "))? *"


def _any_digits(count):
    return f"[0-9]{{{count}}}" if count else ""


SEED_PATTERN = at_most(SEEDS[1])  # drawn into the seed field: the seeds the engine takes
JOINERS = "\u200c\u200d"  # zero-width non-joiner and joiner: part of how some names are written
SPEEDS = ("slow", "normal", "fast")  # offered in the menu
# The URL also takes "instant" (no pauses between bot steps): for the tests.
URL_SPEEDS = SPEEDS + ("instant",)
LANGS = ("en", "fr", "ja")
# Query keys that set up a game (others, like speed or lang, are preferences).
SETUP_KEYS = ("players", "names", "seed", "defense", "scores", "target")
KNOWN_KEYS = SETUP_KEYS + ("speed", "lang")


@dataclass
class Seat:
    """One seat: a person at this device ("human"; name None means the default "Player N"),
    a friend on their own device ("remote", docs/remote.md), or a bot of a level.

    A friend's seat carries the `table` it belongs to and its `token`, the secret its
    invitation hands over and its device rejoins with; a bot given a friend's seat keeps
    them, so the seat can be given back."""

    kind: str = "human"
    name: str | None = None
    level: str | None = None
    token: str | None = None
    table: str | None = None

    @property
    def is_bot(self):
        return self.kind == "bot"

    @property
    def is_remote(self):
        return self.kind == "remote"

    def to_json(self):
        """The seat as a save holds it (tokens included: the save stays on the host's device)."""
        out = self.public_json()
        if self.token is not None:
            out.update(name=self.name, table=self.table, token=self.token)
        return out

    def public_json(self):
        """The seat as every table is told it: no token."""
        if self.is_bot:
            return {"kind": "bot", "level": self.level}
        return {"kind": self.kind, "name": self.name}


@dataclass
class Setup:
    """Seats (3–5), rule options (docs/rules.md, Options) and a seed (None: pick one at start)."""

    seats: list = field(default_factory=lambda: [Seat(), Seat("bot", level="normal"), Seat("bot", level="normal")])
    options: dict = field(default_factory=lambda: dict(DEFAULT_OPTIONS))
    seed: int | None = None

    @property
    def humans(self):
        """The people's seats: at this device or on their own."""
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def here(self):
        """The seats of the people at this device (the host's)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def to_json(self):
        return {"seats": [s.to_json() for s in self.seats], "options": dict(self.options), "seed": self.seed}


def clean_name(text):
    """A player name as typed, trimmed to one line of MAX_NAME characters; None if blank.

    Control and format characters (Unicode categories Cc and Cf, such as the
    right-to-left override U+202E that would turn the page's text around) are
    removed; the joiners U+200C and U+200D stay, as some scripts need them."""
    text = "".join(ch for ch in str(text or "") if ch in JOINERS or unicodedata.category(ch) not in ("Cc", "Cf"))
    text = cut(" ".join(text.split()), MAX_NAME)
    return text or None


MAX_ECHO = 24  # characters of a bad value said back in a message ("the seed is … not “…”")


def echo(value):
    """A value as a message says it back: whole if short, else its start and "…"."""
    return value if len(value) <= MAX_ECHO else cut(value, MAX_ECHO - 1) + "…"


def cut(text, most):
    """`text` cut to at most `most` code points at a grapheme boundary: an emoji
    sequence, a letter and its accents or a flag are kept whole or left out whole."""
    out = 0
    for end in _grapheme_ends(text):
        if end > most:
            break
        out = end
    return text[:out]


def _grapheme_ends(text):
    """Where each user-perceived character of `text` ends: an approximation of the
    extended grapheme clusters of Unicode (UAX #29) from unicodedata, which has no
    segmenter. A character joins the one before when it is a combining mark or
    other extender (accents, variation selectors, emoji skin tones, U+200C), when
    it follows a zero-width joiner (emoji ZWJ sequences), when it is the second
    regional indicator of a flag, or a Hangul jamo vowel or final."""
    ends, flag_open = [], False
    for i, ch in enumerate(text):
        joins = i > 0 and (_extends(ch) or text[i - 1] == "\u200d" or flag_open and _regional(ch))
        flag_open = _regional(ch) and not (joins and flag_open)
        if joins:
            ends[-1] = i + 1
        else:
            ends.append(i + 1)
    return ends


def _extends(ch):
    code = ord(ch)
    return (unicodedata.category(ch) in ("Mn", "Me", "Mc") or ch in JOINERS
            or 0x1F3FB <= code <= 0x1F3FF  # skin tones (category Sk)
            or 0x1160 <= code <= 0x11FF or 0xD7B0 <= code <= 0xD7FF  # Hangul jamo vowels and finals
            or 0xE0020 <= code <= 0xE007F)  # tags (subdivision flags)


def _regional(ch):
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
ID_LENGTH = 12  # a table's id and a seat's token: 72 random bits


def new_id(rng):
    """A table id or a seat token: ID_LENGTH characters of ID_CHARS."""
    return "".join(rng.choice(ID_CHARS) for _ in range(ID_LENGTH))


def is_id(value):
    return isinstance(value, str) and len(value) == ID_LENGTH and all(ch in ID_CHARS for ch in value)


def seated(seats, rng):
    """The seats with every friend's seat given its table (one id for the game) and a token."""
    table = next((s.table for s in seats if s.table), None) or new_id(rng)
    return [Seat(s.kind, s.name, s.level, s.token or new_id(rng), s.table or table) if s.is_remote else s
            for s in seats]


def seats_from_json(data, levels):
    """Seats of a save; raises ValueError naming what is wrong."""
    if not isinstance(data, list) or not 3 <= len(data) <= 5:
        raise ValueError("the save's seats are not a list of 3 to 5 seats")
    return [_seat_from_json(item, levels) for item in data]


def _seat_from_json(item, levels):
    if not isinstance(item, dict):
        raise ValueError("a seat of the save is not an object")  # ValueError, not TypeError: read as a broken save
    kind, name = item.get("kind"), item.get("name")
    name = clean_name(name) if isinstance(name, str) else None
    token, table = item.get("token"), item.get("table")
    if token is not None and not (is_id(token) and is_id(table)):  # a friend's seat (or one given to a bot)
        raise ValueError("a friend's seat of the save has a damaged table or token")
    if kind == "bot":
        level = item.get("level")
        if level not in levels:
            raise ValueError(f"the save names an unknown bot level {show(level)}")
        return Seat("bot", name if token else None, level, token, table)
    if kind in ("human", "remote"):
        return Seat(kind, name, None, token if kind == "remote" else None, table if kind == "remote" else None)
    raise ValueError(f"a seat of the save is neither a person nor a bot: {show(kind)}")


@dataclass
class Query:
    """What a page URL asks for: a setup to start (or None), preferences, and problems."""

    setup: Setup | None = None
    speed: str | None = None
    lang: str | None = None
    errors: list = field(default_factory=list)  # (key, fields): the setup was not used
    notices: list = field(default_factory=list)  # (key, fields): ignored, the rest was used
    draft: Setup | None = None  # what could be read, to prefill the form after errors


def parse_query(search, levels):
    """Read `?players=human,bot:hard&names=Ann&seed=7&...` (location.search)."""
    params = parse_qs(search.lstrip("?"), keep_blank_values=True)
    q = Query()
    for key, values in params.items():
        if key not in KNOWN_KEYS:
            q.notices.append(("err.unknown_param", {"name": echo(key)}))
        elif len(values) > 1:  # the last one is used
            q.notices.append(("err.repeated_param", {"name": key}))
    get = lambda key: params[key][-1].strip() if key in params else None
    # Preferences: a bad one is noted and ignored; it does not stop the game.
    q.speed = _choice(get("speed"), URL_SPEEDS, "err.speed", q.notices)
    q.lang = _choice(get("lang"), LANGS, "err.lang", q.notices)
    if not any(key in params for key in SETUP_KEYS):
        return q
    draft = Setup()
    if get("players") is None:
        q.errors.append(("err.players.missing", {}))
    else:
        draft.seats = _seats(get("players"), levels, q.errors) or draft.seats
    _names(get("names"), draft, q.errors)
    for key, choices in OPTION_CHOICES.items():
        draft.options[key] = _choice(get(key), choices, "err." + key, q.errors) or DEFAULT_OPTIONS[key]
    draft.options["target"] = _whole(get("target"), "err.target", q.errors, *TARGETS) or DEFAULT_OPTIONS["target"]
    draft.seed = _whole(get("seed"), "err.seed", q.errors, *SEEDS)
    if q.errors:
        q.draft = draft
    else:
        q.setup = draft
    return q


def _choice(value, allowed, key, errors):
    if value is None or value == "":
        return None
    if value.lower() in allowed:
        return value.lower()
    errors.append((key, {"value": echo(value)}))
    return None


def _whole(value, key, errors, low, high):
    """A whole number from `low` to `high` written as WHOLE says (None when blank); else
    the error `key`, quoting the value."""
    if value is None or value.strip(" ") == "":
        return None
    number = None
    if re.fullmatch(WHOLE, value):
        try:
            number = int(value)
        except ValueError:  # more digits than Python converts: out of any range
            number = None
    if number is None or not low <= number <= high:
        errors.append((key, {"value": echo(value)}))
        return None
    return number


def _seats(text, levels, errors):
    """Seats from `human,remote,bot:hard` (a bare `bot` is the middle level; `remote`: a
    friend on their own device)."""
    items = [s.strip().lower() for s in text.split(",")] if text else []
    count_ok = 3 <= len(items) <= 5
    if not count_ok:
        errors.append(("err.players.count", {"count": len(items)}))
    seats = []
    for n, item in enumerate(items, 1):
        kind, _, level = item.partition(":")
        if kind in ("human", "remote") and not level:
            seats.append(Seat(kind))
        elif kind == "bot" and (level or default_level(levels)) in levels:
            seats.append(Seat("bot", level=level or default_level(levels)))
        elif kind == "bot":
            errors.append(("err.players.level", {"n": n, "value": echo(level), "levels": ", ".join(levels)}))
        else:
            errors.append(("err.players.kind", {"n": n, "value": echo(item), "levels": ", ".join(levels)}))
    return seats if count_ok and len(seats) == len(items) else None


def _names(text, draft, errors):
    """Names for the human seats, in seat order."""
    if text is None:
        return
    names = [clean_name(n) for n in text.split(",")] if text else []
    humans = draft.humans
    if len(names) > len(humans):
        errors.append(("err.names.count", {"count": len(names), "humans": len(humans)}))
        return
    for seat, name in zip(humans, names):
        draft.seats[seat].name = name


def same_game(link, saved):
    """Does a link's setup name the saved game's: the same seats (kinds, levels, names), the
    same options and the same seed (a link without a seed names a game of any seed)?"""
    return (link.seats == saved.seats and link.options == saved.options
            and (link.seed is None or link.seed == saved.seed))


def default_level(levels):
    """The level a bare "bot" means: the middle one of the levels offered."""
    levels = list(levels)
    return "normal" if "normal" in levels else levels[len(levels) // 2]


def setup_from_form(fields, levels, count=None):
    """(Setup, errors) from the new-game form's fields (name -> value, as strings).

    `count` overrides the number of seats (the 3/4/5 buttons); new seats are bots."""
    errors = []
    seats = []
    n = count or sum(1 for key in fields if key.startswith("kind-"))
    for i in range(n):
        kind = fields.get(f"kind-{i}")
        if kind is None:
            seats.append(Seat("bot", level=default_level(levels)))
        elif kind.startswith("bot:") and kind[4:] in levels:
            seats.append(Seat("bot", level=kind[4:]))
        elif kind == "remote":
            seats.append(Seat("remote", name=clean_name(fields.get(f"name-{i}"))))
        else:
            seats.append(Seat("human", name=clean_name(fields.get(f"name-{i}"))))
    setup = Setup(seats)
    for key, choices in OPTION_CHOICES.items():
        setup.options[key] = fields.get(key) if fields.get(key) in choices else DEFAULT_OPTIONS[key]
    setup.options["target"] = _whole(fields.get("target"), "err.target", errors, *TARGETS) or DEFAULT_OPTIONS["target"]
    setup.seed = _whole(fields.get("seed"), "err.seed", errors, *SEEDS)
    return setup, errors
