"""Every position of a game record, in time and memory linear in its length.

One replay keeps a checkpoint (a clone of the state) every `EVERY` actions;
`at(i)` clones the nearest checkpoint at or before i and replays the rest of
the way. The last position asked for is kept, so stepping forward one action
costs one action. A record of n actions keeps n / EVERY clones, never a
history per position.
"""

from .cards import MOVEMENT
from .record import replay
from .ring import step

EVERY = 64  # actions between checkpoints: at most 63 replayed for any position


class Positions:
    """The state after i actions of `record`, for 0 <= i <= total. `watch(game, events,
    seat)`, when given, sees each step of the one replay (lepeuple.core.record.replay), so
    that a caller needing the events too need not replay it again.
    Raises RecordError (a ValueError) naming what is wrong with the record."""

    def __init__(self, record, every=EVERY, watch=None):
        self.every = every
        self._checkpoints = []
        game = None
        for game, events, seat in replay(record):  # checks the record first
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


def walk(card, how, steps, tiles, first=0):
    """The tiles a meeple passes through, in order, on each step of a move of movement card
    `card` (an id) by `how`, its steps being [(from, to), ...] as the "move" events give
    them (`first`: the index of the first of them among the move's steps): along the ring
    in the direction of the step's shift (R11), so that it can be shown walking; a
    square's step is a jump straight to its tile.

    >>> walk(7, "split", [(2, 4), (4, 5)], 12)  # card 7: 2 then +1
    [3, 4, 5]
    """
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
