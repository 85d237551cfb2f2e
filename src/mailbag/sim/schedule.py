"""The seed schedule and seat rotation of a simulation: which deal and seating each game gets.

Games are numbered 0, 1, 2, ... With ``n`` seats and rotation on, game ``i`` plays deal
``d = i // n`` with seed ``S + d`` and rotation ``r = i % n``: the seat kind listed ``k``-th sits
at seat ``(k + r) % n``. So every deal is played once in every seating, and each seat kind sits in
every position equally often (whenever the number of games is a multiple of ``n``). Without
rotation, game ``i`` has seed ``S + i`` and the seats as listed. The schedule depends only on
``(S, seat kinds, N)``, never on the backend or the number of workers.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec


class Job(msgspec.Struct, frozen=True):
    """One game to play: its number, seed, rotation and the seat kinds in seat order."""

    index: int
    seed: int
    rotation: int
    seats: tuple[str, ...]


def rotate(kinds: Sequence[str], rotation: int) -> tuple[str, ...]:
    """The seating for ``rotation``: listed kind ``k`` sits at seat ``(k + rotation) % n``."""
    n = len(kinds)
    seats = [""] * n
    for k, kind in enumerate(kinds):
        seats[(k + rotation) % n] = kind
    return tuple(seats)


def job_for(index: int, kinds: Sequence[str], seed: int, rotation: bool = True) -> Job:
    """Game ``index`` of the schedule."""
    if not rotation or len(kinds) <= 1:
        return Job(index, seed + index, 0, tuple(kinds))
    n = len(kinds)
    deal, turn = divmod(index, n)
    return Job(index, seed + deal, turn, rotate(kinds, turn))


def schedule(games: int, kinds: Sequence[str], seed: int, rotation: bool = True) -> list[Job]:
    """The ``games`` jobs of a simulation, in order."""
    return [job_for(i, kinds, seed, rotation) for i in range(games)]


def chunked(jobs: Sequence[Job], size: int) -> list[list[Job]]:
    """Consecutive chunks of at most ``size`` jobs (the unit of work sent to a worker)."""
    size = max(1, size)
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]
