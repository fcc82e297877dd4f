"""A tiny deterministic random generator whose whole state is one integer.

`random.Random` carries a 2.5 KB Mersenne-Twister state; search clones a game thousands of times per move, so the
core uses SplitMix64 instead: copying the generator is copying an int, and the sequence is identical on every
platform and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n). The modulo bias is below 2**-58 for the sizes used here."""
        return self.next64() % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.next64() % len(seq)]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        s = self.state
        for i in range(len(seq) - 1, 0, -1):  # next64 inlined (the deck's 60-odd draws at every game's start)
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
