"""A game of Le Dernier Peuple: its state and its one way in.

Everything else reads: `legal_actions()` lists what `to_move` may do, and
`apply(action)` validates an action, plays it and returns the events it caused.
`push` is the unchecked path for search. Rule ids refer to docs/rules.md.
"""

import json

from . import ring
from .actions import DEFEND_NO, DEFEND_YES, DRAW, PASS, Defend, Draw, Move, Partner, Pass, Power, from_json, to_json, words
from .cards import GAINS, MOVEMENT, TARGETED
from .errors import IllegalAction, SetupError, known_object, show
from .resolve import PICKAXE, hops, is_offensive, points, resolve
from .undo import undo, undoable
from .view import view

HAND_LIMIT = 7  # R8
RECORD_FORMAT = 1  # the format of the game record (lepeuple/core/record.py reads it)
DEFAULT_OPTIONS = {"defense": "reaction", "scores": "visible", "target": 12}
OPTION_CHOICES = {"defense": ("reaction", "shield"), "scores": ("visible", "hidden")}  # docs/rules.md, Options
TARGETS = (6, 30)  # the lowest and highest target score
ACTION_TYPES = frozenset(type(a) for a in (PASS, DRAW, DEFEND_NO)) | {Move, Partner, Power}
RECORD_TEXT = 1_900_000
"""The most characters a game record's actions take (their compact JSON notation, a comma
after each): what a saved game holds beside its seats (web/model/storage.py). "Draw two" stays
legal with a full hand (R8), so a game can be made endless; it ends when its record is
full, after the action that leaves no room for another (docs/rules-readings.md)."""


def reaches_target(score, options):
    """Does `score` reach the game's target (R21: the target score or more ends the game
    at the end of the turn)? `options`: the game's (Game.options, a view's "options")."""
    return score >= options["target"]


def check_options(options):
    """Options with defaults filled in; raise SetupError for unknown ones (docs/rules.md, Options)."""
    options = dict(known_object({} if options is None else options, DEFAULT_OPTIONS, SetupError,
                                "options are", "option"))
    out = {**DEFAULT_OPTIONS, **options}
    for key, choices in OPTION_CHOICES.items():
        if out[key] not in choices:
            raise SetupError(f"option {key} is {' or '.join(choices)}, not {show(out[key])}")
    low, high = TARGETS
    if type(out["target"]) is not int or not low <= out["target"] <= high:
        raise SetupError(f"option target is a whole number from {low} to {high}, not {show(out['target'])}")
    return out


def check_players(players):
    if type(players) is not int or not 3 <= players <= 5:
        raise SetupError(f"a game has 3 to 5 players, not {show(players)}")
    return players


# Every action the engine can list is built once here; legal_actions() only
# picks from these tables, which keeps move generation cheap for search.
def _moves_of(players, seat, card):
    """Every Move of one movement card for one seat: each meeple it may move, each way."""
    hows = ("circle", "square", "split") if card.split else ("circle", "square")
    meeples = [m for m in range(2 * players) if (m >> 1 == seat) == card.own]
    return tuple(Move(card.id, (m >> 1, m & 1), how) for m in meeples for how in hows)


def _targeted_of(players, seat, card):
    return tuple(Power(card, target) for target in range(players) if target != seat)


def _per_players(table_of):
    """[None, None, None, table_of(3), table_of(4), table_of(5)]: indexed by the number of
    players (a list index is cheaper than a dict lookup, in Pyodide most of all)."""
    return [table_of(n) if n >= 3 else None for n in range(6)]


# _MOVES[players][seat][card] and _AT[players][seat][card]: the tables that
# legal_actions() concatenates.
_MOVES = _per_players(lambda n: [[_moves_of(n, s, MOVEMENT[c]) if c in MOVEMENT else () for c in range(41)]
                                 for s in range(n)])
_AT = _per_players(lambda n: [{c: _targeted_of(n, s, c) for c in TARGETED} for s in range(n)])


def card_moves(players, seat, card):
    """Every Move of movement card `card` for `seat`: the objects legal_actions() lists."""
    return _MOVES[players][seat][card]


def _route(move, seat, tiles):
    """(card, meeple number, steps, its "play" event): the fields of a Move, read once here
    (NamedTuple fields are slow in Pyodide). `steps[t]` is the tiles the move steps to from
    tile t (resolve.hops)."""
    m = move.meeple[0] * 2 + move.meeple[1]
    steps = tuple(hops(move.card, move.how, t, tiles) if t else None for t in range(tiles + 1))
    return move.card, m, steps, ("play", seat, move.card, move.meeple, move.how)


# _ROUTES[players][seat]: every Move of the seat -> its route, decoded once; the Move is
# legal when the route's card (route[0]) is in hand in the movement phase.
_ROUTES = _per_players(lambda n: [{a: _route(a, s, 4 * n) for moves in table for a in moves}
                                  for s, table in enumerate(_MOVES[n])])
# _LISTED_ROUTES[players][seat]: the same routes keyed by the id() of the very Move objects
# that legal_actions() lists. `apply` looks a Move up here first: an object found here is
# one of those (they live as long as the module, so no other object has their id), its
# fields of the right types, and an int key hashes faster than a Move. A Move built
# elsewhere (equal or not) takes the checked path, since NamedTuples compare by value:
# Move(11.0, (True, 0), "circle") == Move(11, (1, 0), "circle").
_LISTED_ROUTES = _per_players(lambda n: [{id(a): route for a, route in table.items()} for table in _ROUTES[n]])
# The commonest events, built once: _TURN_EVENTS[seat][extra], _DRAW_EVENTS[seat][movement card].
_TURN_EVENTS = [(("turn", s, False), ("turn", s, True)) for s in range(5)]
_DRAW_EVENTS = [[("draw", s, "movement", c) for c in range(41)] for s in range(5)]
# _NEXT_SEAT[players][seat]: the seat after, round the table (R10).
_NEXT_SEAT = _per_players(lambda n: [(s + 1) % n for s in range(n)])
_PARTNERS = [Partner((m >> 1, m & 1)) for m in range(10)]
_UNTARGETED = {card: Power(card) for card in ("force", "soin", "vitesse", "chance", "defense")}

MEEPLES = tuple((m >> 1, m & 1) for m in range(10))
"""The (seat, index) pair of meeple number m = seat * 2 + index."""

# The hot paths read small tables by list index rather than compute: in Pyodide
# (CPython 3.14) a list index is a specialised instruction, `m >> 1` or `t % 4` a
# generic one (see docs/engine-speed.md). _OWNER[m]: the seat of meeple m;
# _SQUARE[card]: a movement card's square tile (R4).
_OWNER = [m >> 1 for m in range(10)]
_SQUARE = [MOVEMENT[c].square if c in MOVEMENT else 0 for c in range(41)]


def _swaps_of(players, seat):
    """Every Permutation a seat could play: (its meeple, the other meeple, the action).

    Your own two meeples swapped either way are one swap: listed once.
    """
    return tuple((m, o, Power("permutation", None, MEEPLES[m], MEEPLES[o]))
                 for m in (2 * seat, 2 * seat + 1) for o in range(2 * players)
                 if o != m and not (o >> 1 == seat and o < m))


# _SWAPS[players][seat]: the Permutations that legal_actions() filters by the meeples' tiles.
_SWAPS = _per_players(lambda n: [_swaps_of(n, s) for s in range(n)])

# The id of every action object legal_actions() can return. Those objects are built
# here, once, with fields of the right types, and live as long as the module: an
# action that is one of them needs no check of its fields' types. Any other object
# is parsed again through the strict JSON notation (actions.from_json) first.
_LISTABLE = ([PASS, DRAW, DEFEND_YES, DEFEND_NO, *_PARTNERS, *_UNTARGETED.values()]
             + [a for table in _AT[3:] for seat in table for actions in seat.values() for a in actions]
             + [swap for table in _SWAPS[3:] for seat in table for _, _, swap in seat]
             + [a for table in _MOVES[3:] for seat in table for moves in seat for a in moves])
_LISTED = frozenset(id(a) for a in _LISTABLE)


def action_text(action):
    """The characters `action` takes in a record: its compact JSON notation and a comma."""
    return len(json.dumps(to_json(action), separators=(",", ":"), ensure_ascii=False)) + 1


# The characters of each action object legal_actions() can return, by id() as _LISTED; any
# other (a record's action, read through from_json) by value, worked out once.
_LISTED_TEXT = {id(a): action_text(a) for a in _LISTABLE}
_TEXT: dict = {}
LONGEST_ACTION = max(_LISTED_TEXT.values())
SHORTEST_ACTION = min(_LISTED_TEXT.values())
_FULL = RECORD_TEXT - LONGEST_ACTION  # written beyond this, the next action might not fit


def _text_of(action):
    text = _TEXT.get(action)
    if text is None:
        text = _TEXT[action] = action_text(action)
    return text


class Game:
    """The full, true state of one game. Bots and the UI read `view(seat)` instead.

    `pos[seat * 2 + index]` is the tile of each meeple (a list: reading and
    writing a list item are specialised instructions, a bytearray's are not).
    `is_over` is True once the phase is "over" (R21).
    """

    __slots__ = (
        "players", "options", "seed", "tiles", "pos", "moves", "powers", "scores",
        "mdeck", "mdisc", "pdeck", "pdisc", "active", "phase", "to_move", "skips",
        "extra", "shields", "winners", "rng", "pending", "known", "history", "setup",
        "is_over", "made_by", "_legal", "_events", "_reached",
        "origins",  # lepeuple.core.decks: the public count of each hand's cards by deck generation
        "written",  # characters the actions played take in the record (RECORD_TEXT; a search's
        # copies dealt from a view count from 0: a view does not say it, and no real game gets there)
        "shadow",  # lepeuple.core.undo's replay of the history: left unset until undo is asked about
    )

    def __init__(self, *, players, options, seed, pos, moves, powers, scores, mdeck, mdisc, pdeck, pdisc,
                 active, phase, to_move, skips, extra, shields, winners, rng, pending, known,
                 history=None, setup=None, made_by=None, legal=None, reached=False, origins=None, written=0):
        """The one way to build a state: new_game (lepeuple.core.setup), clone and the view's
        resampler (lepeuple.core.view) all come here, so a new field is added here and in
        __slots__ only. Nothing is checked: callers pass a consistent state (new_game
        is the checked way to make a game)."""
        self.players, self.options, self.seed, self.tiles = players, options, seed, 4 * players
        self.pos, self.moves, self.powers, self.scores = pos, moves, powers, scores
        self.mdeck, self.mdisc, self.pdeck, self.pdisc = mdeck, mdisc, pdeck, pdisc
        self.active, self.phase, self.to_move, self.is_over = active, phase, to_move, phase == "over"
        self.skips, self.extra, self.shields, self.winners = skips, extra, shields, winners
        self.rng, self.pending, self.known = rng, pending, known  # known: per holder, card -> seats that know
        self.history, self.setup, self.made_by = history, setup, made_by
        self._legal, self._events, self._reached = legal, [], reached
        self.origins = origins  # None in a search's copies: nothing there reads it
        self.written = written

    # ----- reading -------------------------------------------------------

    def hand(self, seat):
        """(movement cards, power cards) of a seat, in the order gained."""
        return self.moves[seat], self.powers[seat]

    def hand_size(self, seat):
        return len(self.moves[seat]) + len(self.powers[seat])

    def meeple_tile(self, meeple):
        return self.pos[meeple[0] * 2 + meeple[1]]

    def path(self, action):
        """The tiles a move action steps to, in order (a split may stop after its first)."""
        return list(hops(action.card, action.how, self.meeple_tile(action.meeple), self.tiles))

    def last_events(self):
        """The events of the last `apply`, or of setting the game up (its first turn)."""
        return list(self._events)

    def legal_actions(self):
        """A tuple of the actions `to_move` may take now (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            if self.phase == "move":  # the common case: draw, or the hand's moves
                table = _MOVES[self.players][self.active]
                out = [DRAW]
                for card in self.moves[self.active]:
                    out += table[card]
                legal = tuple(out)
            else:
                legal = self._list_legal()
            self._legal = legal
        return legal

    def view(self, seat):
        """What `seat` may see (R9), as plain JSON-able data."""
        return view(self, seat)

    def record(self):
        """The JSON game record: replaying it (lepeuple.core.record.load) gives this game again."""
        out = {
            "format": RECORD_FORMAT,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [to_json(a) for a in self.history],
        }
        if self.setup:
            out["setup"] = self.setup
        return out

    def record_used(self):
        """The share of RECORD_TEXT the record's actions take (0 to 1): once no further
        action fits, the game is over."""
        return self.written / RECORD_TEXT

    def undoable(self, seat):
        """How many of the most recent actions `seat` may take back now (docs/engine.md, Undo):
        the run at the end of the history that `seat` decided, none of which revealed
        something hidden or decided something at random (see lepeuple.core.undo)."""
        return undoable(self, seat)

    def fresh(self):
        """A new game set up as this one was (by `made_by`, see `begin`), keeping no
        history: what replays of the history start from (lepeuple/core/shadow.py)."""
        game = self.made_by(self.players, self.options, self.seed, self.setup)
        game.history = None
        return game

    # ----- changing ------------------------------------------------------

    def undo(self, count=1):
        """Take back the last `count` actions exactly (record, views, legal actions, the
        random source); `last_events()` is then the new last action's events. Raises
        UndoError (a ValueError) and changes nothing unless 1 <= count <=
        undoable(seat that decided the last action)."""
        undo(self, count)

    def begin(self, seat, made_by):
        """Start the game, set up, with `seat`'s turn: new_game's last step, which passes
        itself as `made_by` for `fresh`. The set-up's events are then `last_events()`."""
        self._events = []
        self.note_scores()
        self._start_turn(seat)
        self.made_by = made_by

    def apply(self, action):
        """Validate and play an action (object or JSON); return its events.

        Raises IllegalAction / InvalidAction (ValueError) and changes nothing
        when the action is not legal now.
        """
        # _legal_route, inlined: most actions are listed Moves, checked and decoded at once.
        route = _LISTED_ROUTES[self.players][self.active].get(id(action))
        if route is not None and self.phase == "move" and route[0] in self.moves[self.active]:
            self._legal = None  # push, inlined too
            events: list  # a declaration only: no code runs
            self._events = events = []
            if self.history is not None:
                self.history.append(action)
            self._play_move(route)
            self.written += _LISTED_TEXT[id(action)]
            if self.written > _FULL:
                self._record_full()
            if self.origins is not None:
                self.origins.consume(events)
            return events
        # Not the engine's own object (draw and pass, the commonest, tested first): check
        # every field before anything changes.
        if action is not DRAW and action is not PASS and id(action) not in _LISTED:
            action = from_json(action if isinstance(action, dict) else _as_json(action))
        if not self._allows(action):
            action = self._other_spelling(action)
        return self.push(action)

    def _other_spelling(self, action):
        """A well-formed action that legal_actions() does not list but that names a
        legal decision another way (docs/engine.md, Actions): Permutation of one's
        own two meeples named in the other order, or as the partner the second meeple
        of an owner who stands opposite with both. Returned as named, so that it is
        recorded and played exactly so; anything else raises IllegalAction."""
        seat = self.active
        if (type(action) is Power and action.card == "permutation" and action.target is None
                and action.meeple is not None and action.other is not None
                and action.meeple[0] == action.other[0] == seat
                and Power("permutation", None, action.other, action.meeple) in self.legal_actions()):
            return action
        if type(action) is Partner and self.phase == "partner":
            k = action.meeple[0] * 2 + action.meeple[1]
            pos = self.pos
            if k < len(pos) and any(_OWNER[c] == _OWNER[k] and pos[c] == pos[k] for c in self.pending[1]):
                return action
        raise IllegalAction(self._why_illegal(action))

    def _allows(self, action):
        """Is `action` (any object) one of `legal_actions()`?"""
        kind = type(action)
        if kind is Move:  # a dict lookup, not a scan of the legal tuple
            return self._legal_route(action) is not None
        if kind is Draw:
            return self.phase == "move" and action == DRAW
        return kind in ACTION_TYPES and action in self.legal_actions()

    def _legal_route(self, move):
        """The route of a Move that is legal now, else None."""
        try:
            route = _ROUTES[self.players][self.active].get(move)
        except TypeError:  # a Move built by hand with an unhashable field
            return None
        return route if route is not None and self.phase == "move" and route[0] in self.moves[self.active] else None

    def push(self, action):
        """Play an action WITHOUT checking it and return its events: the fast path for
        search, as python-chess's `push` next to its validated `push_uci`.

        It does not check that the action is legal now, that its fields have the right
        types, or that it is one of the objects `legal_actions()` returned (pass one of
        those): an illegal action leaves the state inconsistent. People's input goes
        through `apply`, which validates and changes nothing when it refuses."""
        self._legal = None
        events: list
        self._events = events = []
        if self.history is not None:
            self.history.append(action)
        if type(action) is Move:
            self._play_move(_ROUTES[self.players][self.active][action])
        else:
            _PLAY[type(action)](self, action)
        try:
            self.written += _LISTED_TEXT[id(action)]
        except KeyError:  # not one of the listed objects (a record's action, read through from_json)
            self.written += _text_of(action)
        if self.written > _FULL:
            self._record_full()
        if self.origins is not None:
            self.origins.consume(events)
        return events

    def _pass(self, action):
        self._events.append(("pass", self.active))
        self._movement_phase()

    def clone(self, history=False, origins=True):
        """An independent copy; search clones skip the action history, and with
        `origins=False` the deck generations (lepeuple.core.decks) too."""
        return Game(
            players=self.players, options=self.options, seed=self.seed, pos=self.pos[:],
            moves=[h[:] for h in self.moves], powers=[h[:] for h in self.powers], scores=self.scores[:],
            mdeck=self.mdeck[:], mdisc=self.mdisc[:], pdeck=self.pdeck[:], pdisc=self.pdisc[:],
            active=self.active, phase=self.phase, to_move=self.to_move, skips=self.skips[:], extra=self.extra,
            shields=self.shields[:], winners=self.winners, rng=self.rng.copy(), pending=self.pending,
            known=[dict(cards) for cards in self.known],
            history=self.history[:] if history and self.history is not None else None,
            setup=self.setup, made_by=self.made_by, legal=self._legal, reached=self._reached,
            origins=self.origins.copy() if origins and self.origins is not None else None, written=self.written)

    # ----- legal actions -------------------------------------------------

    def _list_legal(self):
        """Legal actions outside the movement phase."""
        phase = self.phase
        if phase == "power":
            return self._legal_powers()
        if phase == "partner":
            return tuple(_PARTNERS[k] for k in self.pending[1])
        if phase == "defend":
            return (DEFEND_YES, DEFEND_NO)
        return ()

    def _legal_powers(self):
        seat = self.active
        targeted = _AT[self.players][seat]
        out: list = [PASS]
        for card in self.powers[seat]:
            if card in targeted:
                out += targeted[card]
            elif card == "permutation":  # one of your meeples and a meeple on another tile
                pos = self.pos
                out += [swap for m, o, swap in _SWAPS[self.players][seat] if pos[m] != pos[o]]
            elif card != "defense" or self.options["defense"] == "shield":
                out.append(_UNTARGETED[card])
        return tuple(out)

    def _can_play_power(self, seat):
        for card in self.powers[seat]:
            if card == "defense":
                if self.options["defense"] == "shield":
                    return True
            # Permutation needs a meeple on another tile than one of yours: not all on one tile.
            elif card != "permutation" or self.pos.count(self.pos[0]) != len(self.pos):
                return True
        return False

    def _why_illegal(self, action):
        """A sentence saying why a well-formed action is not legal now."""
        text = words(action)
        if self.phase == "over":
            return f"{text}: the game is over"
        wanted = {"power": ("pass", "power"), "move": ("draw", "move")}.get(self.phase, (self.phase,))
        if action.type not in wanted:
            return f"{text}: seat {self.to_move} must {self.phase_prompt()}"
        seat = self.active
        if action.type == "move" and action.card not in self.moves[seat]:
            return f"{text}: movement card {action.card} is not in seat {seat}'s hand"
        if action.type == "power" and action.card not in self.powers[seat]:
            return f"{text}: power card {action.card} is not in seat {seat}'s hand"
        return f"{text}: not one of the {len(self.legal_actions())} legal actions now"

    def phase_prompt(self):
        return {
            "power": "play a power card or pass",
            "move": "draw two or play a movement card",
            "partner": "choose the partner meeple",
            "defend": "decide whether to play Défense",
            "over": "nothing: the game is over",
        }[self.phase]

    # ----- the turn (R10, R19-R21) ---------------------------------------

    def _start_turn(self, seat, extra=False):
        self.active = self.to_move = seat
        self._events.append(_TURN_EVENTS[seat][extra])
        self.phase = "power" if self.powers[seat] and self._can_play_power(seat) else "move"

    def _movement_phase(self):
        self.phase = "move"
        self.to_move = self.active

    def _end_turn(self):
        seat = self.active
        if self.extra:  # R19: Vitesse — one more complete turn, no end check between
            self.extra -= 1
            extra = 1  # an index of _TURN_EVENTS[seat]: an int, not a bool, keeps it specialised
        elif self._reached:  # R21
            self._finish()
            return
        else:
            extra = 0
            skips, after = self.skips, _NEXT_SEAT[self.players]
            seat = after[seat]
            while skips[seat]:  # R20
                skips[seat] -= 1
                self._events.append(("skip", seat))
                seat = after[seat]
        # _start_turn, inlined: this runs after every turn
        self.active = self.to_move = seat
        self._events.append(_TURN_EVENTS[seat][extra])
        self.phase = "power" if self.powers[seat] and self._can_play_power(seat) else "move"

    def _record_full(self):
        """The record holds no further action (RECORD_TEXT): the game ends here, as R21 ends it."""
        if not self.is_over:
            self._events.append(("record_full",))
            self._finish()

    def _finish(self):
        best = max(self.scores)
        self.winners = [s for s in range(self.players) if self.scores[s] == best]
        self.phase, self.to_move, self.pending, self.is_over = "over", None, None, True
        self._events.append(("over", tuple(self.winners), tuple(self.scores)))

    # ----- cards (R7, R8) ------------------------------------------------

    def _take(self, deck, discard, kind):
        """The top card of a deck, reshuffling its discard pile when empty; None if both are."""
        if not deck:
            if not discard:
                self._events.append(("deck_empty", kind))
                return None
            deck += discard
            discard.clear()
            if self.origins is not None:
                self.origins.reshuffled(kind, deck)
            self.rng.shuffle(deck)
            self._events.append(("reshuffle", kind))
        return deck.pop()

    def _draw_movement(self, seat):
        """Draw one movement card into a hand, unless it already holds 7 (R8)."""
        moves = self.moves[seat]
        if len(moves) + len(self.powers[seat]) >= HAND_LIMIT:
            self._events.append(("hand_full", seat, "movement"))
            return
        deck = self.mdeck
        card = deck.pop() if deck else self._take(deck, self.mdisc, "movement")
        if card is not None:
            moves.append(card)
            self._events.append(_DRAW_EVENTS[seat][card])

    def _draw_power(self, seat):
        powers = self.powers[seat]
        if len(self.moves[seat]) + len(powers) >= HAND_LIMIT:
            self._events.append(("hand_full", seat, "power"))
            return
        deck = self.pdeck
        card = deck.pop() if deck else self._take(deck, self.pdisc, "power")
        if card is not None:
            powers.append(card)
            self._events.append(("draw", seat, "power", card))

    def _draw_two(self, action=DRAW):
        """R10: the movement phase's "draw two" (`action`: the Draw, as push passes it)."""
        seat = self.active
        self._events.append(("draw_two", seat))
        self._draw_movement(seat)
        self._draw_movement(seat)
        self._end_turn()

    def _forget(self, holder, card):
        """A card left `holder`'s hand: nobody knows it is there any more (R9)."""
        self.known[holder].pop(card, None)

    def _learn(self, viewer, holder, cards):
        """`viewer` now knows these cards are in `holder`'s hand (R9)."""
        known = self.known[holder]
        for card in cards:
            known[card] = known.get(card, frozenset()) | {viewer}

    # ----- movement (R11-R18) --------------------------------------------

    def _play_move(self, route):
        seat = self.active
        card, m, steps, played = route
        self.moves[seat].remove(card)
        self.mdisc.append(card)  # R7: discarded before it is resolved
        known = self.known[seat]
        if known:  # _forget, inlined on the hot path: most hands hold no known card
            known.pop(card, None)
        events = self._events
        events.append(played)
        pos = self.pos
        for to, stop in resolve(pos, m, steps[pos[m]], seat):
            events.append(("move", MEEPLES[m], pos[m], to))
            pos[m] = to
            if stop is PICKAXE:  # R12: the owner of the moved meeple draws a power card
                events.append(("pickaxe", MEEPLES[m], to))
                self._draw_power(_OWNER[m])
            elif stop is not None:  # R13: an event, the partner settled or to choose
                self._meet(m, stop)
                return
        self._draw_movement(seat)  # _end_move, inlined on the hot path
        self._end_turn()

    def _meet(self, m, choices):
        """An event with the one partner R13 leaves, or the mover chooses among `choices`."""
        if len(choices) == 1:
            self._event(m, choices[0])
        else:
            self.phase, self.to_move, self.pending = "partner", self.active, (m, choices)

    def _choose_partner(self, action):
        m = self.pending[0]
        meeple = action.meeple
        self.pending = None
        self.phase = "move"
        self._event(m, meeple[0] * 2 + meeple[1])

    def _event(self, m, k):
        """Score the event of moved meeple m with partner k (R14-R16), then redeploy (R17)."""
        active = self.active
        kind, home, deltas = points(m, k, self.pos[m], active, self.players)
        victim = ring.home_owner(home)
        self._events.append(("event", kind, home, MEEPLES[m], MEEPLES[k], tuple(deltas)))
        if is_offensive(kind, victim, active):  # the victim may defend (R16)
            if self._ask_defense(victim, ("event", m, k, deltas)):
                return
            if self.shields[victim]:
                self._spend_shield(victim, "event")
                deltas[victim] += 1  # a shield cancels only the victim's −1
        self._score(deltas)
        self._redeploy(m, k)
        self._end_move()

    def _score(self, deltas):
        """Apply per-player changes at once; no score goes below 0 (R15)."""
        scores = self.scores
        for seat in range(len(deltas)):  # range and an index: specialised, unlike enumerate
            delta = deltas[seat]
            if delta:
                new = max(0, scores[seat] + delta)
                self._events.append(("score", seat, new - scores[seat], new))
                scores[seat] = new
        self.note_scores()

    def note_scores(self):
        """Remember whether a score has reached the target, for the end check (R21).

        Scores change rarely and turns end often, so the check reads a flag.
        """
        self._reached = reaches_target(max(self.scores), self.options)

    def _redeploy(self, m, k):
        """R17: the active player's meeple first (else the moved one), each to a drawn card's square."""
        first, second = (k, m) if _OWNER[k] == self.active and _OWNER[m] != self.active else (m, k)
        for n in (first, second):
            card = self._take(self.mdeck, self.mdisc, "movement")
            if card is None:
                self._events.append(("redeploy", MEEPLES[n], None, self.pos[n], self.pos[n]))
                continue
            to = _SQUARE[card]
            self._events.append(("redeploy", MEEPLES[n], card, self.pos[n], to))
            self.pos[n] = to
            self.mdisc.append(card)

    def _end_move(self):
        """R18: after the move the active player draws one movement card; the turn ends."""
        self._draw_movement(self.active)
        self._end_turn()

    # ----- Défense (R16 and option shield) -------------------------------

    def _ask_defense(self, target, pending):
        """With option reaction, wait for `target`'s decision if they hold Défense."""
        if self.options["defense"] != "reaction" or "defense" not in self.powers[target]:
            return False
        self.phase, self.to_move, self.pending = "defend", target, pending
        self._events.append(("ask_defense", target))
        for viewer in range(self.players):  # the question shows everyone the card
            if viewer != target:
                self._learn(viewer, target, ("defense",))
        return True

    def _spend_shield(self, seat, against):
        self.shields[seat] = False
        self.pdisc.append("defense")
        self._events.append(("defend", seat, True, against))

    def _answer_defense(self, action):
        target, pending, play = self.to_move, self.pending, action.play
        self.pending = None
        if play:
            self.powers[target].remove("defense")
            self.pdisc.append("defense")
            self._forget(target, "defense")
        self._events.append(("defend", target, play, pending[0]))
        self.to_move = self.active
        if pending[0] == "event":
            _, m, k, deltas = pending
            if not play:
                self._score(deltas)
            self._redeploy(m, k)  # defended or not, both meeples go (R16, R17)
            self._end_move()
        else:
            if not play:
                action = pending[1]
                self._power_effect(action, action.card, action.target)
            self._movement_phase()

    # ----- power cards (R5) ----------------------------------------------

    def _play_power(self, action):
        seat, card, target = self.active, action.card, action.target  # fields read once: slow in Pyodide
        self.powers[seat].remove(card)
        self._forget(seat, card)
        self._events.append(("power", seat, card, target))
        if card == "defense":  # option shield: it lies face down, in no hand or pile
            self.shields[seat] = True
            self._events.append(("shield", seat))
            self._movement_phase()
            return
        self.pdisc.append(card)
        if card in TARGETED:
            if self._ask_defense(target, ("power", action)):
                return
            if self.shields[target]:
                self._spend_shield(target, "power")
                self._movement_phase()
                return
        self._power_effect(action, card, target)
        self._movement_phase()

    def _power_effect(self, action, card, target):
        seat = self.active
        if card in GAINS:  # Force, Soin
            self._score(self._one(seat, GAINS[card]))
        elif card == "voleur":
            if self.scores[target]:
                deltas = self._one(seat, 1)
                deltas[target] = -1
                self._score(deltas)
            else:
                self._events.append(("no_effect", seat, card))
        elif card == "sortilege":
            self._score(self._one(target, -1))
        elif card == "bandit":
            self._steal(seat, target)
        elif card == "magie_noire":
            self._black_magic(seat, target)
        elif card == "troc":
            self._barter(seat, target)
        elif card == "vitesse":
            self.extra += 1
            self._events.append(("extra_turn", seat))
        elif card == "massue":
            self.skips[target] += 1
        elif card == "permutation":
            m = action.meeple[0] * 2 + action.meeple[1]
            o = action.other[0] * 2 + action.other[1]
            self.pos[m], self.pos[o] = self.pos[o], self.pos[m]  # nothing triggers
            self._events.append(("swap_meeples", action.meeple, action.other))
        else:  # chance
            self._draw_movement(seat)
            self._draw_power(seat)

    def _one(self, seat, delta):
        deltas = [0] * self.players
        deltas[seat] = delta
        return deltas

    def _random_card(self, seat):
        """Remove and return a card chosen uniformly from a whole hand, or None."""
        moves, powers = self.moves[seat], self.powers[seat]
        size = len(moves) + len(powers)
        if not size:
            return None
        i = self.rng.below(size)
        return moves.pop(i) if i < len(moves) else powers.pop(i - len(moves))

    def _steal(self, seat, target):
        card = self._random_card(target)
        if card is None:
            self._events.append(("no_effect", seat, "bandit"))
            return
        (self.powers if isinstance(card, str) else self.moves)[seat].append(card)
        self._forget(target, card)
        self._learn(target, seat, (card,))  # both players involved saw the card (R9)
        self._events.append(("steal", seat, target, card))

    def _black_magic(self, seat, target):
        card = self._random_card(target)
        if card is None:
            self._events.append(("no_effect", seat, "magie_noire"))
            return
        (self.pdisc if isinstance(card, str) else self.mdisc).append(card)
        self._forget(target, card)
        self._events.append(("discard", target, card))

    def _barter(self, seat, target):
        self.moves[seat], self.moves[target] = self.moves[target], self.moves[seat]
        self.powers[seat], self.powers[target] = self.powers[target], self.powers[seat]
        # Everyone saw the hands change places, so what they knew moves along;
        # and each side now knows the whole hand it gave away (R9).
        known = self.known
        known[seat], known[target] = known[target], known[seat]
        self._learn(seat, target, self.moves[target] + self.powers[target])
        self._learn(target, seat, self.moves[seat] + self.powers[seat])
        self._events.append(("swap_hands", seat, target))


# How push plays each type of action but Move.
_PLAY = {Draw: Game._draw_two, Pass: Game._pass, Power: Game._play_power,
         Partner: Game._choose_partner, Defend: Game._answer_defense}


def _as_json(action):
    """Anything that is not already an action object, handed to from_json as is."""
    return to_json(action) if type(action) in ACTION_TYPES else action
