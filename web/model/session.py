"""One game being played: the engine game, its seats and its log, as the host holds it.

No DOM here. The host (web/remote/host.py) asks the Session who must act and plays
what a seat decided; the engine decides every rule. Who holds a device and what
each seat may see are the tables' and web/model/eyes.py's business, not this one's.
"""

import random
from collections import namedtuple

import lepeuple
from lepeuple import ActionError, RecordError, SetupError, dropped_actions as dropped, named_event as named, replay_record

from .newgame import Seat, Setup, seated, seats_from_json
from .storage import SaveError, whys_of

# A line the page adds to the log (no engine event): `seat` took back `action`.
TookBack = namedtuple("TookBack", ("type", "seat", "action"))


class Told:
    """A game's log as it was told: `log` (named events, oldest first), `starts[i]` where
    action i's events begin in it, `actors[i]` the seat that decided action i and
    `whys[i]` why, when a bot did (None for a person). The host's Session and each
    table's SeatGame (web/remote/seatgame.py) keep one; what follows reads it."""

    def log_whys(self):
        """Index in `log` of the first event of each bot decision -> its reason."""
        return {start: why for start, why in zip(self.starts, self.whys) if why}

    def looked(self, seat):
        """Where the log stood when `seat` last decided (a spectator: before the last action)."""
        for i in range(len(self.actors) - 1, -1, -1):
            if self.actors[i] == seat:
                return self.starts[i + 1] if i + 1 < len(self.starts) else len(self.log)
        return 0 if seat is not None or not self.starts else self.starts[-1]

    def score_changes(self, seat, upto=None):
        """seat -> points gained or lost (as applied, the floor at 0 included) since
        `seat` last decided, over the log up to `upto`."""
        start = self.looked(seat)
        out = {}
        for e in self.log[start:upto]:
            if e.type == "score" and e.delta is not None and e.delta:
                out[e.seat] = out.get(e.seat, 0) + e.delta
        return out


class Session(Told):
    """A game with its seats. `log` holds every event in order, with named fields
    (lepeuple.core.events.named: converted once, here, as they enter); the page shows
    them only through `events.redact` for the viewer.

    `starts[i]` is where action i's events begin in `log` (the events before
    `starts[0]` set the game up), so the log can be cut back on undo and each
    action's events found again; `actors[i]` is the seat that decided action i and
    `whys[i]` why, when a bot did (lepeuple.coach.reason; None for a person)."""

    def __init__(self, setup, game, log=None, starts=None, actors=None, whys=None):
        self.setup = setup
        self.game = game
        self.log = log if log is not None else _named(game.last_events())  # the first turn
        self.starts = starts if starts is not None else []
        self.actors = actors if actors is not None else []
        self.whys = (list(whys or []) + [None] * len(self.actors))[:len(self.actors)]
        self.last = []  # events of the last action (for highlights)

    # ----- making one ----------------------------------------------------

    @classmethod
    def start(cls, setup, rng=random):
        """A new game from a setup; a missing seed is drawn here (and then recorded), and
        the seats of friends on their own devices get their table and tokens (newgame.seated)."""
        seed = setup.seed if setup.seed is not None else rng.randrange(1, 2**31)
        setup = Setup(seated(setup.seats, rng), dict(setup.options), seed)
        game = lepeuple.new_game(len(setup.seats), setup.options, seed)
        return cls(setup, game, _named(game.last_events()))

    @classmethod
    def resume(cls, seats_json, record, levels, text="", played=None):
        """Replay a saved game once, collecting its events for the log; SaveError if unreadable.
        `played`: the record's replay, already followed by the caller (a Played)."""
        try:
            seats = seats_from_json(seats_json, levels)
            if played is None:
                played = Played()
                for step in replay_record(record, past_end=True):  # checks it and names what is wrong
                    played.step(*step)
            game, log, last, starts, actors = played.game, played.log, played.last, played.starts, played.actors
            if game.players != len(seats):
                raise ValueError(f"the save has {len(seats)} seats for {game.players} players")
        except (RecordError, SetupError, ActionError, ValueError, KeyError, TypeError) as e:
            raise SaveError(str(e), text) from e
        setup = Setup(seated(seats, random), dict(game.options), game.seed)
        session = cls(setup, game, log, starts, actors, whys_of(text))
        session.dropped = dropped(record, game)  # an earlier version's save that went on past the end
        session.last = last if starts else []  # the last action's highlights survive a reload
        return session

    # ----- reading -------------------------------------------------------

    @property
    def seats(self):
        return self.setup.seats

    def is_bot(self, seat):
        return seat is not None and self.seats[seat].is_bot

    def bot_seed(self, salt=0):
        """A bot's seed for the current decision: the same after a reload, so a
        resumed game goes on exactly as it would have."""
        return (self.game.seed * 1_000_003 + len(self.game.history) * 7919 + salt) % (2**31)

    # ----- changing ------------------------------------------------------

    def apply(self, action, why=None):
        """Play an action (validated by the engine); returns its events. `why`: a bot's reason."""
        seat = self.game.to_move
        events = _named(self.game.apply(action))
        self.starts.append(len(self.log))
        self.actors.append(seat)
        self.whys.append(why)
        self.log += events
        self.last = events
        return events

    def record(self):
        return self.game.record()

    def seat_as(self, seat, kind):
        """Seat `seat` is played by a bot now (kind "bot", the middle level) or by its friend
        again (kind "remote"); the friend's name and tokens stay with the seat."""
        s = self.seats[seat]
        level = (s.level or "normal") if kind == "bot" else None
        self.setup.seats[seat] = Seat(kind, s.name, level, s.token, s.table)

    # ----- taking back a slip --------------------------------------------

    def undoable(self, seat):
        """How many decisions `seat` may take back now (the engine's policy: nothing hidden
        revealed, nothing random, nobody else acted)."""
        if seat is None or self.game.is_over or not self.game.history:
            return 0
        return self.game.undoable(seat)

    def undoable_by_person(self):
        """True when the last decision was a person's and they may still take it back."""
        if not self.actors or self.is_bot(self.actors[-1]) or self.game.is_over:
            return False
        return self.game.undoable(self.actors[-1]) > 0

    def undo(self):
        """Take back the last decision: the log loses its events and says so ("Ann took
        back: Force at Bob"); earlier such lines stay. Returns where the log was cut."""
        action = self.game.history[-1]
        self.game.undo(1)
        cut = self.starts.pop()
        seat = self.actors.pop()
        self.whys.pop()
        kept = [e for e in self.log[cut:] if e.type == "took_back"]
        del self.log[cut:]
        self.log += kept + [TookBack("took_back", seat, action)]
        self.last = self.log[self.starts[-1]:] if self.starts else []
        return cut


class Played:
    """A record's replay followed step by step (`step`, with what lepeuple.core.record.replay
    yields): the game, its log of named events, where each action's events start, who
    decided each, and the last action's events — what a Session is resumed from."""

    def __init__(self):
        self.game, self.log, self.last, self.starts, self.actors = None, [], [], [], []

    def step(self, game, events, seat):
        if seat is not None:
            self.starts.append(len(self.log))
            self.actors.append(seat)
        self.game, self.last = game, _named(events)
        self.log += self.last


def _named(events):
    return [named(e) for e in events]
