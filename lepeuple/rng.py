"""The game's random source: a seeded SplitMix64 kept inside the state.

A single integer of state makes the source cheap to copy (search clones the
game thousands of times a second), trivially JSON-able, and identical on
CPython and Pyodide; the global `random` module is never used.
"""

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: `below(n)` and `shuffle(items)`, all from one integer."""

    __slots__ = ("state",)

    def __init__(self, seed=0):
        self.state = seed & _MASK

    def copy(self):
        return Rng(self.state)

    def next64(self):
        """The next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n):
        """A whole number in 0..n-1 (multiply-shift; the bias is below 2**-58)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items):
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
