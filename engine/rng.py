"""A small seeded RNG whose whole state is one integer kept inside the game state.

SplitMix64: fast in pure Python, JSON-friendly (``state["rng"]`` is an int), and the
same seed always yields the same sequence on every machine and Python version.
"""
from __future__ import annotations

from typing import MutableMapping, MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """Random numbers drawn from, and written back to, ``holder[key]``.

    ``Rng(state)`` reads ``state["rng"]`` and stores the advanced value after every
    draw, so the game state always holds the current RNG position.
    """

    __slots__ = ("_holder", "_key")

    def __init__(self, holder: MutableMapping, key: str = "rng") -> None:
        self._holder = holder
        self._key = key

    @staticmethod
    def seed_value(seed: int) -> int:
        """The initial integer to store for ``seed``."""
        return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    def next64(self) -> int:
        s = (self._holder[self._key] + 0x9E3779B97F4A7C15) & _MASK
        self._holder[self._key] = s
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (n >= 1), without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]``."""
        return lo + self.randrange(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
