"""A seat's game as its table was told it: no engine game on the device.

The host (web/remote/host.py) tells each seat its view, the events as it may see them,
its legal actions, whether it may take back, the bots' reasons it may read
(web/model/eyes.told). A `SeatGame` keeps that, so the table draws, previews, hints,
logs and replays the seat's game from it alone: the same at the host's device and on a
friend's (web/remote/protocol.py). What the views showed after each action is kept too
(`Seen`): the replay through the seat's own eyes, while the record stays with the host.
"""

from lepeuple import action_from_json, hops
from lepeuple.coach.preview import preview

from ..model.newgame import Seat, Setup, clean_name
from ..model.replay_game import EVERYONE, Replay
from ..model.session import Told
from .protocol import Unreadable

MAX_SEEN = 1_000  # views kept for the replay (a whole real game has about 130 actions)
VIEW_KEYS = frozenset({"active", "bands", "decks", "extra_turns", "hand", "hand_sizes", "known", "meeples",
                       "movement_deck", "movement_discard", "options", "over", "pending", "phase", "players",
                       "power_deck", "power_discard", "scores", "seat", "shields", "skips", "tiles", "to_move",
                       "winners"})


class Change:
    """What an update changed: the log from `start` on (`events`), the meeples where they
    stood `before`, the seat that decided the new action (`by`, None after a take back)."""

    def __init__(self, start, events, before, by):
        self.start, self.events, self.before, self.by = start, events, before, by


class SeatGame(Told):
    """One seat's game (`seat`; None: a spectator) as told by the host: its seats, the
    log (web/model/session.Told), the view, the legal actions, how many decisions it may
    take back (`undo`), the record once the game is over, who is away, who thinks."""

    def __init__(self, message):
        try:
            self.seat, self.table = message["seat"], message.get("table")
            self.seats = seats_told(message["seats"])
            self.log, self.starts = list(message["log"]), list(message["starts"])
            self.actors, self.whys = list(message["actors"]), list(message["whys"])
            if not len(self.starts) == len(self.actors) == len(self.whys):
                raise ValueError("the actions' lists differ in length")
            self._state(message["state"])
            self.away, self.thinking = set(message.get("away") or ()), message.get("thinking")
            seen = message.get("seen")  # a friend's device (at the host's, the replay reads the record)
            self.seen = None if seen is None else Seen(seen["from"], seen["views"])
            if self.seen is not None:
                self.seen.note(len(self.actors), self.view)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise Unreadable(f"the game it sent is damaged ({e})") from None
        self.last = self.log[self.starts[-1]:] if self.starts else []

    def _state(self, state):
        view = state["view"]
        if not isinstance(view, dict) or set(view) != VIEW_KEYS or view["players"] != len(self.seats):
            raise ValueError("not a view of this game")
        if view["seat"] != self.seat:
            raise ValueError("a view of another seat")
        self.view, self.undo, self.record = view, int(state["undo"]), state.get("record")
        self.legal = tuple(action_from_json(a) for a in state["legal"])

    def update(self, message):
        """Take in an update (protocol: "update"); returns the Change, Unreadable if damaged."""
        try:
            cut, acts, added = message["cut"], message["acts"], list(message["starts"])
            if not (0 <= cut <= len(self.log) and 0 <= acts <= len(self.actors)):
                raise ValueError("it cuts what was never told")
            before = self.view["meeples"]
            del self.log[cut:], self.starts[acts:], self.actors[acts:], self.whys[acts:]
            self.log += message["events"]
            self.starts += added
            self.actors += message["actors"]
            self.whys += message["whys"]
            self._state(message["state"])
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise Unreadable(f"an update is damaged ({e})") from None
        if self.seen is not None:
            self.seen.note(len(self.actors), self.view)
        self.last = self.log[self.starts[-1]:] if self.starts else []
        return Change(cut, message["events"], before, self.actors[-1] if added else None)

    def status(self, message):
        """Who is away, who thinks, and the seats (a friend's seat given to a bot)."""
        self.away, self.thinking = set(message.get("away") or ()), message.get("thinking")
        if message.get("seats"):
            self.seats = seats_told(message["seats"])

    # ----- reading -------------------------------------------------------

    @property
    def players(self):
        return len(self.seats)

    @property
    def to_move(self):
        return self.view["to_move"]

    @property
    def over(self):
        return self.view["over"]

    @property
    def actions(self):
        """How many actions this seat has been told of (what its messages say as `at`)."""
        return len(self.actors)

    def is_bot(self, seat):
        return seat is not None and self.seats[seat].is_bot

    def path(self, action):
        """The tiles a move steps to, from the view (the engine's own steps, lepeuple.core.resolve)."""
        meeple = action.meeple
        return list(hops(action.card, action.how, self.view["meeples"][meeple[0]][meeple[1]], self.view["tiles"]))

    def preview(self, action):
        """What a move would do, worked out from this seat's view (lepeuple.preview)."""
        return preview(self.view, action)

    def setup(self):
        return Setup(self.seats, dict(self.view["options"]), None)

    def hint_seed(self, salt=1):
        """The hint's seed: the same for the same moment of the game (the table knows no game seed)."""
        return (len(self.actors) * 7919 + (self.seat or 0) * 104_729 + salt) % (2**31)


def seats_told(data):
    """The seats as a table is told them (Seat.public_json): no token."""
    if not isinstance(data, list) or not 3 <= len(data) <= 5:
        raise ValueError("not 3 to 5 seats")
    out = []
    for item in data:
        kind = item["kind"]
        if kind == "bot":
            out.append(Seat("bot", level=str(item["level"])))
        elif kind in ("human", "remote"):
            out.append(Seat(kind, clean_name(item["name"]) if isinstance(item.get("name"), str) else None))
        else:
            raise ValueError(f"a seat of kind {str(kind)[:20]!r}")
    return out


class Seen:
    """The views a seat was told after each number of actions, from `first` on (at most
    MAX_SEEN, the newest): what the seat's replay shows."""

    def __init__(self, first, views):
        if type(first) is not int or first < 0 or not isinstance(views, list):
            raise ValueError("seen views")
        self.first, self.views = first, list(views)[-MAX_SEEN:]
        self.first = first + len(views) - len(self.views)

    def note(self, actions, view):
        """The view after `actions` actions (a take back cuts the later ones)."""
        keep = actions - self.first
        if keep < 0:
            self.first, self.views = actions, []
            keep = 0
        del self.views[keep:]
        self.views.append(view)
        if len(self.views) > MAX_SEEN:
            del self.views[0]
            self.first += 1

    def at(self, actions):
        return self.views[actions - self.first]

    @property
    def last(self):
        return self.first + len(self.views) - 1


class Position:
    """One moment of a seat's replay: the view it was told then (a spectator's: no hand)."""

    def __init__(self, view):
        self.told, self.players = view, view["players"]

    def view(self, seat):
        if seat == self.told["seat"]:
            return self.told
        hidden = self.told["options"]["scores"] == "hidden" and not self.told["over"]
        return {**self.told, "seat": None, "hand": None, "known": [[] for _ in range(self.players)],
                "scores": [None] * self.players if hidden else self.told["scores"]}


class SeenReplay(Replay):
    """The replay of a game still going on, through one seat's eyes, from what that seat
    was told (web/model/replay_game.Replay's screen, with no record: the record stays
    with the host until the game is over)."""

    def __init__(self, game):
        self.seats, self.setup, self.finished, self.record = game.seats, game.setup(), False, None
        self._game = game
        self._log = (list(game.log), list(game.starts))
        self._turns = None
        self.marks = None
        self.viewer = game.seat
        self.index = self.total

    @property
    def total(self):
        return self._game.seen.last

    @property
    def first(self):
        return self._game.seen.first

    def game(self):
        return Position(self._game.seen.at(self.index))

    def go(self, index):
        self.index = max(self.first, min(self.total, index))
        self.marks = None

    def view(self, seat=None):
        seat = self.viewer if seat is None else seat
        return self.game().view(None if seat == EVERYONE else seat)
