"""A small deterministic random generator that lives inside a game state.

SplitMix64: one 64-bit integer of state, so copying and serialising a state is cheap and the same
seed gives the same game on every machine and Python version. No global ``random`` anywhere.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

import msgspec

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
#: 2**64 % n for small n, and the rejection limits of ``randbelow`` they give (no modulo bias)
_REMS: Final = [0] + [(1 << 64) % n for n in range(1, 257)]
_LIMITS: Final = [0] + [(1 << 64) - rem for rem in _REMS[1:]]
#: whether this module runs compiled (mypyc): a compiled module's file is an extension (.so)
NATIVE: Final = not __file__.endswith((".py", ".pyc"))
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
#: the draws the halves compute (below this bound the rejection test reads the high half only)
_HALVES_BELOW: Final = 1 << 31


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
        """Uniform integer in ``[0, n)`` without modulo bias (compiled, for n below 2**31, on
        32-bit halves: :func:`below_halves`, the same draw)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        if NATIVE and n < _HALVES_BELOW:
            state = self.state
            hi, lo, j = below_halves(state >> 32, state & _M32, n)
            self.state = (hi << 32) | lo
            return j
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
        much of their time here). The compiled build runs the same steps on 32-bit halves
        (:func:`shuffle_halves`), the pure one on whole 64-bit integers: the same result."""
        if NATIVE and isinstance(items, list) and len(items) < _HALVES_BELOW:
            self.state = shuffle_halves(self.state, items)
            return
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


# -- SplitMix64 on 32-bit halves ------------------------------------------------------------------
# Compiled, an integer is a machine word while it stays below 2**62 and a product is computed
# in one instruction only when both factors are below 2**30: the generator's steps on whole
# 64-bit integers allocate a Python integer at each operation. Here the state is two 32-bit
# halves, and each product is of 16-bit pieces. tests/core checks both forms give the same
# shuffles.

_GAMMA_HI: Final = _GAMMA >> 32
_GAMMA_LO: Final = _GAMMA & _M32
#: the two multipliers' 16-bit pieces, lowest first
_A0: Final = 0xE5B9
_A1: Final = 0x1CE4
_A2: Final = 0x476D
_A3: Final = 0xBF58
_B0: Final = 0x11EB
_B1: Final = 0x1331
_B2: Final = 0x49BB
_B3: Final = 0x94D0


def _xorshift_times(
    lo: int, hi: int, shift: int, c0: int, c1: int, c2: int, c3: int
) -> tuple[int, int]:
    """``(z ^ (z >> shift)) * c mod 2**64`` for z = (hi, lo) in halves (``shift`` < 32) and c in
    16-bit pieces c0..c3, lowest first: the product is summed from 16-bit pieces x0..x3 of z."""
    lo ^= ((lo >> shift) | (hi << (32 - shift))) & _M32
    hi ^= hi >> shift
    x0, x1, x2, x3 = lo & _M16, lo >> 16, hi & _M16, hi >> 16
    r0 = x0 * c0
    r1 = x0 * c1 + x1 * c0 + (r0 >> 16)
    r2 = x0 * c2 + x1 * c1 + x2 * c0 + (r1 >> 16)
    r3 = x0 * c3 + x1 * c2 + x2 * c1 + x3 * c0 + (r2 >> 16)
    return (r0 & _M16) | ((r1 & _M16) << 16), (r2 & _M16) | ((r3 & _M16) << 16)


def below_halves(hi: int, lo: int, n: int) -> tuple[int, int, int]:
    """``randbelow(n)`` (n below 2**31) from the generator state ``(hi, lo)`` in 32-bit halves:
    the state afterwards, in halves, and the number drawn."""
    #: z is rejected when z >= 2**64 - rem, rem = 2**64 % n < n: when its high half is all ones
    #: and its low half at least 2**32 - rem (never when n divides 2**64)
    rem = _REMS[n] if n < len(_REMS) else (1 << 64) % n
    while True:
        # state += gamma
        lo += _GAMMA_LO
        hi = (hi + _GAMMA_HI + (lo >> 32)) & _M32
        lo &= _M32
        # z = (state ^ (state >> 30)) * MUL1; z = (z ^ (z >> 27)) * MUL2; z ^= z >> 31
        zl, zh = _xorshift_times(lo, hi, 30, _A0, _A1, _A2, _A3)
        zl, zh = _xorshift_times(zl, zh, 27, _B0, _B1, _B2, _B3)
        zl ^= ((zl >> 31) | (zh << 1)) & _M32
        zh ^= zh >> 31
        if rem == 0 or zh != _M32 or zl < (1 << 32) - rem:
            # z % n, with z = zh * 2**32 + zl
            return hi, lo, ((zh % n) * ((1 << 32) % n) + zl) % n


def shuffle_halves(state: int, items: list[T]) -> int:
    """:meth:`Rng.shuffle` of ``items`` (fewer than 2**31) from generator ``state``, computed on
    32-bit halves; returns the generator's state afterwards."""
    hi = state >> 32
    lo = state & _M32
    for i in range(len(items) - 1, 0, -1):
        hi, lo, j = below_halves(hi, lo, i + 1)
        items[i], items[j] = items[j], items[i]
    return (hi << 32) | lo
