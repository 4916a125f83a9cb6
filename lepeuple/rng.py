"""The game's random source, kept inside the state.

It wraps a private `random.Random` (Mersenne Twister, implemented in C, and
identical on CPython and Pyodide); the global `random` module is never used.
A seeded instance replays exactly, and `copy()` lets search clone it.
"""

import random


class Rng:
    """`below(n)`, `shuffle(items)` and `next64()` from one seeded generator."""

    __slots__ = ("_random",)

    def __init__(self, seed=0):
        self._random = random.Random(seed)

    def copy(self):
        twin = Rng.__new__(Rng)
        twin._random = generator = random.Random.__new__(random.Random)
        generator.setstate(self._random.getstate())
        return twin

    def next64(self):
        """A fresh 64-bit number (to seed another source)."""
        return self._random.getrandbits(64)

    def below(self, n):
        """A whole number in 0..n-1."""
        return int(self._random.random() * n)

    def shuffle(self, items):
        """Shuffle a list in place (Fisher–Yates)."""
        uniform = self._random.random
        for i in range(len(items) - 1, 0, -1):
            j = int(uniform() * (i + 1))
            items[i], items[j] = items[j], items[i]
