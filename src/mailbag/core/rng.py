"""A small deterministic random generator that lives inside a game state.

SplitMix64: one 64-bit integer of state, so copying and serialising a state is cheap and the same
seed gives the same game on every machine and Python version. No global ``random`` anywhere.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
#: rejection limits of ``randbelow`` for small n (no modulo bias)
_LIMITS = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, 257)]


class Rng(msgspec.Struct):
    """Deterministic generator; ``state`` is its whole state (plain data)."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int, *salt: int) -> Rng:
        """A generator for ``seed``; ``salt`` derives independent streams from one seed."""
        rng = cls((seed * 0x2545F4914F6CDD1D) & _MASK)
        for s in salt:
            rng.state = (rng.state ^ ((s + 1) * 0xD1B54A32D192ED03)) & _MASK
            rng.next64()
        return rng

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """Uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place: exactly ``j = randbelow(i + 1)`` for i from the top,
        with the generator's steps written out in the loop (dealing and ``determinize`` spend
        much of their time here)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < len(_LIMITS) else (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())
