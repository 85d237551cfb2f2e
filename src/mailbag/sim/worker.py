"""What a simulation worker does: play a chunk of scheduled games and report their outcomes.

Runs in the main process, in a local process-pool worker or on a dask worker alike; everything it
needs travels in a :class:`Chunk` (plain picklable data), and the game is looked up by name in
the worker's own registry.
"""

from __future__ import annotations

import importlib
from typing import Any

import msgspec

from mailbag.core.errors import MailbagError
from mailbag.core.game import Game
from mailbag.core.i18n import _
from mailbag.core.registry import get
from mailbag.sim.runner import play_game
from mailbag.sim.schedule import Job


class Outcome(msgspec.Struct):
    """The result of one simulated game: everything the statistics need, plus its record."""

    index: int
    seed: int
    rotation: int
    seats: list[str]
    scores: list[int]
    breakdown: list[dict[str, int]]
    ranking: list[int]
    #: decisions taken in the game (its length)
    decisions: int
    #: per seat: balance tags (category -> components) from ``game.balance_tags``
    tags: list[dict[str, list[str]]]
    #: the game record as JSON Lines text (``GameRecord.dumps()``), when records are kept
    record: str | None = None
    #: per seat: CPU seconds its bot spent choosing (not in ``games.jsonl``: it is not
    #: reproducible), and its decisions
    cpu: list[float] = msgspec.field(default_factory=list)
    moves: list[int] = msgspec.field(default_factory=list)

    def summary_line(self) -> dict[str, Any]:
        """The outcome without its record and timings, as JSON-able data (one line of
        ``games.jsonl``)."""
        data = msgspec.to_builtins(self)
        data.pop("record", None)
        # measured, not reproducible: in the summary's cpu_per_move, not in the games' lines
        data.pop("cpu", None)
        return data  # type: ignore[no-any-return]


class Chunk(msgspec.Struct, frozen=True):
    """A unit of work: some jobs of one game with one option set."""

    game: str
    #: the module defining ``GAME``, for games registered at run time (plug-ins, tests)
    module: str
    options: dict[str, Any]
    jobs: list[Job]
    keep_records: bool = True


#: games not in the registry, found through their module (plug-ins, test games)
_BY_MODULE: dict[tuple[str, str], Game[Any]] = {}


def resolve_game(name: str, module: str) -> Game[Any]:
    """The game by name; when the registry does not know it, the ``GAME`` of ``module``."""
    key = (name, module)
    if key in _BY_MODULE:
        return _BY_MODULE[key]
    try:
        return get(name)
    except MailbagError:
        game: Game[Any] = importlib.import_module(module).GAME
        if game.spec.name != name:
            raise MailbagError(
                _(
                    "module {module} defines {found}, not {game}",
                    module=module,
                    found=repr(game.spec.name),
                    game=repr(name),
                )
            ) from None
        _BY_MODULE[key] = game
        return game


def play_job(game: Game[Any], options: dict[str, Any], job: Job, keep_record: bool) -> Outcome:
    """Play one scheduled game on the fast in-place path."""
    result = play_game(game, list(job.seats), options, job.seed, fast=True, timed=True)
    state = result.state
    n = len(job.seats)
    assert result.record.result is not None
    return Outcome(
        index=job.index,
        seed=job.seed,
        rotation=job.rotation,
        seats=list(job.seats),
        scores=list(result.scores),
        breakdown=list(result.record.result["breakdown"]),
        ranking=list(result.ranking),
        decisions=result.turns,
        tags=[game.balance_tags(state, seat) for seat in range(n)],
        record=result.record.dumps() if keep_record else None,
        cpu=[round(x, 6) for x in result.cpu],
        moves=list(result.moves),
    )


def play_chunk(chunk: Chunk) -> list[Outcome]:
    """Play every job of ``chunk`` (the function the backends run remotely)."""
    game = resolve_game(chunk.game, chunk.module)
    return [play_job(game, chunk.options, job, chunk.keep_records) for job in chunk.jobs]
