"""The seed schedule and seat rotation of a simulation: which deal and seating each game gets.

Games are numbered 0, 1, 2, ... With ``n`` seats and rotation on, game ``i`` plays deal
``d = i // n`` with seed ``S + d`` and rotation ``r = i % n``: the seat kind listed ``k``-th sits
at seat ``(k + r) % n``. So every deal is played once in every seating, and each seat kind sits in
every position equally often (whenever the number of games is a multiple of ``n``). Without
rotation, game ``i`` has seed ``S + i`` and the seats as listed. The schedule depends only on
``(S, seat kinds, N)``, never on the backend or the number of workers.

The schedule is lazy: a :class:`Schedule` of a billion games costs no more than one of ten; each
job is computed when it is asked for (``job_for``), so a run generates its games as it hands them
to the workers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

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


class Schedule(Sequence[Job]):
    """Some games of a schedule (all of them, or a slice), computed on demand like a ``range``.

    It compares equal to any sequence of the same jobs in the same order (a list of jobs too)."""

    __slots__ = ("_games", "_kinds", "_rotation", "_seed")

    def __init__(
        self, kinds: Sequence[str], seed: int, rotation: bool = True, games: range = range(0)
    ) -> None:
        self._kinds = tuple(kinds)
        self._seed = seed
        self._rotation = rotation
        self._games = games

    @property
    def indices(self) -> range:
        """The game numbers this schedule holds, in order."""
        return self._games

    def __len__(self) -> int:
        return len(self._games)

    @overload
    def __getitem__(self, item: int) -> Job: ...

    @overload
    def __getitem__(self, item: slice) -> Schedule: ...

    def __getitem__(self, item: int | slice) -> Job | Schedule:
        if isinstance(item, slice):
            return Schedule(self._kinds, self._seed, self._rotation, self._games[item])
        return job_for(self._games[item], self._kinds, self._seed, self._rotation)

    def __iter__(self) -> Iterator[Job]:
        kinds, seed, rotation = self._kinds, self._seed, self._rotation
        for index in self._games:
            yield job_for(index, kinds, seed, rotation)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Schedule) and (self._kinds, self._seed, self._rotation) == (
            other._kinds,
            other._seed,
            other._rotation,
        ):
            return self._games == other._games
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        games = self._games
        return (
            f"Schedule(kinds={self._kinds!r}, seed={self._seed}, rotation={self._rotation}, "
            f"games=range({games.start}, {games.stop}, {games.step}))"
        )


def schedule(games: int, kinds: Sequence[str], seed: int, rotation: bool = True) -> Schedule:
    """The ``games`` jobs of a simulation, in order (lazy: nothing is computed up front)."""
    return Schedule(kinds, seed, rotation, range(max(0, games)))


class Chunks(Sequence[Sequence[Job]]):
    """Consecutive chunks of at most ``size`` jobs of ``jobs``, each sliced when asked for."""

    __slots__ = ("_jobs", "_size")

    def __init__(self, jobs: Sequence[Job], size: int) -> None:
        self._jobs = jobs
        self._size = max(1, size)

    def __len__(self) -> int:
        return -(-len(self._jobs) // self._size)

    @overload
    def __getitem__(self, item: int) -> Sequence[Job]: ...

    @overload
    def __getitem__(self, item: slice) -> list[Sequence[Job]]: ...

    def __getitem__(self, item: int | slice) -> Sequence[Job] | list[Sequence[Job]]:
        if isinstance(item, slice):
            return [self[i] for i in range(len(self))[item]]
        start = range(0, len(self._jobs), self._size)[item]
        return self._jobs[start : start + self._size]

    def __iter__(self) -> Iterator[Sequence[Job]]:
        for start in range(0, len(self._jobs), self._size):
            yield self._jobs[start : start + self._size]

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(
            list(a) == list(b) for a, b in zip(self, other, strict=True)
        )

    __hash__ = None  # type: ignore[assignment]


def chunked(jobs: Sequence[Job], size: int) -> Chunks:
    """Consecutive chunks of at most ``size`` jobs (the unit of work sent to a worker), lazily."""
    return Chunks(jobs, size)
