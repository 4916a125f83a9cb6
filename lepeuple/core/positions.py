"""Every position of a game record, in time and memory linear in its length.

One replay keeps a checkpoint (a clone of the state) every `EVERY` actions;
`at(i)` clones the nearest checkpoint at or before i and replays the rest of
the way. The last position asked for is kept, so stepping forward one action
costs one action. A record of n actions keeps n / EVERY clones, never a
history per position.
"""

from .record import replay

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
