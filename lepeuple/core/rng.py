"""The game's random source, kept inside the state.

It wraps a private `random.Random` (Mersenne Twister, implemented in C, and
identical on CPython and Pyodide); the global `random` module is never used.
A seeded instance replays exactly, and `copy()` lets search clone it.

Search clones states by the thousand and most clones never draw a random
number, while seeding a Mersenne Twister or copying its 625-word state costs
as much as dozens of moves. So both are done lazily: the generator is built on
first use, and copies share it until one of them draws (copy on write).
"""

import random


class Rng:
    """`below(n)`, `shuffle(items)` and `next64()` from one seeded generator."""

    # _box is shared by copies: [generator or None until first use, seed, sharers]
    __slots__ = ("_box",)

    def __init__(self, seed=0):
        self._box = [None, seed, 1]

    def copy(self):
        box = self._box
        box[2] += 1
        twin = Rng.__new__(Rng)
        twin._box = box
        return twin

    def _generator(self):
        """This instance's own generator, built or copied off the shared one now."""
        box = self._box
        generator = box[0]
        if generator is None:
            generator = box[0] = random.Random(box[1])
        if box[2] > 1:  # shared with a copy: take a private one in the same state
            box[2] -= 1
            private = random.Random.__new__(random.Random)
            private.setstate(generator.getstate())
            self._box = [private, None, 1]
            return private
        return generator

    def state(self):
        """The generator's whole state, for comparing two sources (tests)."""
        return self._generator().getstate()

    def next64(self):
        """A fresh 64-bit number (to seed another source)."""
        return self._generator().getrandbits(64)

    def below(self, n):
        """A whole number in 0..n-1: int(random() * n)."""
        # float.__trunc__() is int() of a float without int()'s generic conversion
        # (a third of the cost); the same number, so saved games replay.
        return (self._generator().random() * n).__trunc__()

    def shuffle(self, items):
        """Shuffle a list in place (Fisher–Yates): for i = n-1 … 1, swap item i with
        item int(random() * (i + 1)) (computed as in `below`)."""
        uniform = self._generator().random
        for i in range(len(items) - 1, 0, -1):
            j = (uniform() * (i + 1)).__trunc__()
            items[i], items[j] = items[j], items[i]
