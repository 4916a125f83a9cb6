"""Every position of a game record, in time and memory linear in its length.

One replay keeps a checkpoint (a clone of the state) every `EVERY` actions;
`at(i)` clones the nearest checkpoint at or before i and replays the rest of
the way. The last position asked for is kept, so stepping forward one action
costs one action. A record of n actions keeps n / EVERY clones, never a
history per position.
"""

from .cards import MOVEMENT
from .events import named
from .record import replay
from .ring import step

EVERY = 64  # actions between checkpoints: at most 63 replayed for any position


class Positions:
    """The state after i actions of `record`, for 0 <= i <= total. `watch(game, events,
    seat)`, when given, sees each step of the one replay (lepeuple.core.record.replay), so
    that a caller needing the events too need not replay it again; `past_end` as there.
    Raises RecordError (a ValueError) naming what is wrong with the record."""

    def __init__(self, record, every=EVERY, watch=None, past_end=False):
        self.every = every
        self._checkpoints = []
        game = None
        for game, events, seat in replay(record, past_end):  # checks the record first
            if watch is not None:
                watch(game, events, seat)
            if len(game.history) % every == 0:
                self._checkpoints.append(game.clone())
        assert game is not None  # replay yields the start position at least
        self.final = game
        """The game after every action (with its history)."""
        self.actions = game.history  # the actions as the engine played them
        self.total = len(self.actions)
        self._cursor = (self.total, game.clone())

    def at(self, index):
        """The state after `index` actions (no history): the caller must not change it."""
        if not 0 <= index <= self.total:
            raise IndexError(f"a position from 0 to {self.total}, not {index}")
        done, game = self._cursor
        if not done <= index < done + self.every:  # replaying from the cursor would not be shorter
            done = index - index % self.every
            game = self._checkpoints[done // self.every].clone()
        for action in self.actions[done:index]:
            game.push(action)
        self._cursor = (index, game)
        return game


def walk(card, how, steps, players, first=0):
    """The tiles a meeple passes through, in order, on each step of a move of movement card
    `card` (an id) by `how`, its steps being [(from, to), ...] as the "move" events give
    them (`first`: the index of the first of them among the move's steps): along the ring
    in the direction of the step's shift (R11), so that it can be shown walking; a
    square's step is a jump straight to its tile.

    >>> walk(7, "split", [(2, 4), (4, 5)], 3)  # card 7: 2 then +1, on the 12 tiles of 3 players
    [3, 4, 5]
    """
    tiles = 4 * players  # R1
    card = MOVEMENT[card]
    shifts = {"circle": (card.shift,), "split": card.split or (), "square": ()}[how]
    out = []
    for k, (src, dst) in enumerate(steps, first):
        if how == "square" or k >= len(shifts):
            out.append(dst)
            continue
        direction, here = (1 if shifts[k] > 0 else -1), src
        while here != dst:
            here = step(here, direction, tiles)
            out.append(here)
    return out


def rewind(view, later):
    """The view as it was before the events `later` (those that followed a moment of the
    game, oldest first) happened: scores, hand sizes, deck sizes and discard piles played
    backwards, so that a step shown after the game went on reads as it was then. The
    meeples and whose turn it is are the caller's (the step's own); the viewer's own hand
    is left as it is now. A deck's size before a reshuffle cannot be known from the view:
    when one happened, that deck's size is left as it is now.

    >>> v = {"scores": [3, 0], "hand_sizes": [{"movement": 2, "power": 0}, {"movement": 1, "power": 0}],
    ...      "movement_deck": 5, "power_deck": 4, "movement_discard": [7], "power_discard": [],
    ...      "options": {"defense": "reaction"}}
    >>> past = rewind(v, [("play", 0, 7, (0, 0), "circle"), ("score", 0, 3, 3), ("draw", 0, "movement", 9)])
    >>> past["scores"], past["hand_sizes"][0], past["movement_deck"], past["movement_discard"]
    ([0, 0], {'movement': 2, 'power': 0}, 6, [])
    """
    scores, sizes = list(view["scores"]), [dict(x) for x in view["hand_sizes"]]
    decks = {"movement": view["movement_deck"], "power": view["power_deck"]}
    discards = {"movement": list(view["movement_discard"]), "power": list(view["power_discard"])}
    reshuffled: set[str] = set()
    shield = view["options"]["defense"] == "shield"
    for e in map(named, reversed(later)):  # newest first: each taken back in turn
        if e.type == "defend" and e.play:  # Défense from the hand (R16), or a face-down one spent
            sizes[e.seat]["power"] += 0 if shield else 1
            _unplay(discards["power"], "defense")
        else:
            _undo(e, scores, sizes, decks, discards, reshuffled)
    past = {"scores": scores, "hand_sizes": sizes}
    for kind in ("movement", "power"):
        if kind not in reshuffled:  # a pile before a reshuffle is not in the view: left as it is
            past[f"{kind}_deck"], past[f"{kind}_discard"] = decks[kind], discards[kind]
    return {**view, **past}


def _kind(card):
    return "power" if isinstance(card, str) else "movement"


def _undo(e, scores, sizes, decks, discards, reshuffled):
    """Take back what event `e` changed of the public counts."""
    kind = e.type
    if kind == "score" and scores[e.seat] is not None and e.delta is not None:
        scores[e.seat] -= e.delta
    elif kind == "draw":
        sizes[e.seat][e.kind] -= 1
        decks[e.kind] += 1
    elif kind in ("play", "power"):
        pile = "power" if kind == "power" else "movement"
        sizes[e.seat][pile] += 1
        _unplay(discards[pile], e.card)
    elif kind == "redeploy" and e.card is not None:  # the top card, turned and discarded (R17)
        decks["movement"] += 1
        _unplay(discards["movement"], e.card)
    elif kind == "steal":
        sizes[e.seat][_kind(e.card)] -= 1
        sizes[e.target][_kind(e.card)] += 1
    elif kind == "discard":  # Magie Noire
        sizes[e.seat][_kind(e.card)] += 1
        _unplay(discards[_kind(e.card)], e.card)
    elif kind == "swap_hands":
        sizes[e.seat], sizes[e.target] = sizes[e.target], sizes[e.seat]
    elif kind == "reshuffle":
        reshuffled.add(e.kind)


def _unplay(pile, card):
    """Take the last copy of `card` off a discard pile (it was played after the moment asked for)."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == card:
            del pile[i]
            return
