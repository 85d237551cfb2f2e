"""A simulation run: validate the set-up, play the scheduled games on a backend, write every
record and the summary as games finish, and keep what finished when interrupted.

Output directory layout (``--out DIR``)::

    DIR/records/game-000000.jsonl   one game record per game (GameRecord.dumps())
    DIR/games.jsonl                 one line per finished game: seats, scores, ranking, tags...
    DIR/summary.json                the set-up, timing and the statistics (see stats.py)
    DIR/report.md | report.html     the report, with plots in DIR/plots/*.png
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mailbag.bots.base import make_bot
from mailbag.core.errors import MailbagError, SeatError
from mailbag.core.game import Game
from mailbag.core.i18n import _
from mailbag.core.records import engine_seat_kinds
from mailbag.core.registry import get
from mailbag.sim.backends import BACKENDS, OutcomeStream, chunk_size, run_dask, run_local
from mailbag.sim.interrupt import CtrlC
from mailbag.sim.schedule import chunked, schedule
from mailbag.sim.stats import cpu_per_move, summarise
from mailbag.sim.worker import Chunk, Outcome

#: seconds a finished game's line in games.jsonl may wait in the buffer before it is flushed
FLUSH_SECONDS = 1.0

#: called after every finished game: (outcome, games finished, games requested)
ResultHook = Callable[[Outcome, int, int], None]


@dataclass
class SimConfig:
    #: a registered game's name, or a game object (plug-ins and tests)
    game: str | Game[Any]
    seats: list[str]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    workers: int = 1
    backend: str = "local"
    scheduler: str | None = None
    #: where records, summary and report go (``None``: keep everything in memory only)
    out: Path | None = None
    #: "md", "html" or None (no report)
    report: str | None = "md"
    rotate: bool = True
    keep_records: bool = True
    #: keep each game's record text in ``SimResult.outcomes`` too (False: once it is written to
    #: ``out``, only the file keeps it — what a long run from the command line wants)
    records_in_memory: bool = True
    #: dask LocalCluster with worker processes (False: threads, for tests)
    dask_processes: bool = True


@dataclass
class SimResult:
    config: SimConfig
    outcomes: list[Outcome]
    summary: dict[str, Any]
    interrupted: bool
    elapsed: float
    report_path: Path | None = None


def validate(config: SimConfig) -> tuple[Game[Any], dict[str, Any]]:
    """Check the whole set-up before any game is played; every problem is a one-line error."""
    if config.games < 1:
        raise MailbagError(_("--games must be at least 1, not {count}", count=config.games))
    if config.workers < 1:
        raise MailbagError(_("--workers must be at least 1, not {count}", count=config.workers))
    if config.backend not in BACKENDS:
        raise MailbagError(
            _(
                "unknown backend {backend}; backends: {backends}",
                backend=repr(config.backend),
                backends=", ".join(BACKENDS),
            )
        )
    if config.scheduler and config.backend != "dask":
        raise MailbagError(_("--scheduler is for the dask backend: add --backend dask"))
    if config.report not in (None, "md", "html"):
        raise MailbagError(
            _("unknown report format {format}; formats: md, html", format=repr(config.report))
        )
    game = get(config.game) if isinstance(config.game, str) else config.game
    options = game.spec.resolve_options(config.options)
    if not config.seats:
        raise SeatError(_("no seats given"))
    for seat, kind in enumerate(config.seats):
        if kind in game.spec.engine_seats:
            continue
        if kind in ("human", "player"):
            raise SeatError(
                _(
                    "seat kind {kind} cannot be simulated; use a bot or engine seat",
                    kind=repr(kind),
                )
            )
        if kind.split(":")[0] in {k.split(":")[0] for k in game.spec.engine_seats}:
            valid = ", ".join(game.spec.engine_seats)
            raise SeatError(
                _(
                    "unknown seat kind {kind}; this game's engine seats: {valid}",
                    kind=repr(kind),
                    valid=valid,
                )
            )
        make_bot(kind, game, seat, 0)
    game.spec.check_seats(engine_seat_kinds(game, list(config.seats)))
    return game, options


def plan(config: SimConfig, game: Game[Any], options: dict[str, Any]) -> Iterator[Chunk]:
    """The run's chunks of work, generated one by one as the backend asks for them."""
    jobs = schedule(config.games, config.seats, config.seed, config.rotate)
    size = chunk_size(config.games, config.workers)
    module = type(game).__module__
    for part in chunked(jobs, size):
        yield Chunk(game.spec.name, module, options, list(part), config.keep_records)


def run_sim(
    config: SimConfig,
    on_result: ResultHook | None = None,
    on_start: Callable[[], None] | None = None,
    *,
    on_end: Callable[[bool], None] | None = None,
    on_interrupt_again: Callable[[int], Any] | None = None,
) -> SimResult:
    """Play the simulation. Ctrl-C (or a ``KeyboardInterrupt`` from ``on_result``) stops it;
    the games finished so far are kept, summarised and written.

    The games are generated as the workers take them (a few chunks per worker in flight), so
    the number of games costs nothing up front. ``on_start`` is called once the workers are up
    (start a progress display there, not before: the pool forks), ``on_end(interrupted)`` as soon
    as the playing stops, before the summary and report are written. A second Ctrl-C calls
    ``on_interrupt_again(games written)`` (the command line exits there); without it, it raises
    ``KeyboardInterrupt`` out of the run (see :mod:`mailbag.sim.interrupt`)."""
    game, options = validate(config)
    with CtrlC(on_interrupt_again) as ctrl_c:
        return _run(config, game, options, ctrl_c, on_result, on_start, on_end)


def _run(
    config: SimConfig,
    game: Game[Any],
    options: dict[str, Any],
    ctrl_c: CtrlC,
    on_result: ResultHook | None,
    on_start: Callable[[], None] | None,
    on_end: Callable[[bool], None] | None,
) -> SimResult:
    writer = _Writer(config.out) if config.out is not None else None
    finished: list[Outcome] = []
    interrupted = False
    start = time.perf_counter()
    stream: OutcomeStream | None = None
    try:
        chunks = plan(config, game, options)
        if config.backend == "dask":
            stream = run_dask(
                chunks, config.workers, config.scheduler, processes=config.dask_processes
            )
        else:
            stream = run_local(chunks, config.workers)
        if on_start is not None:
            on_start()
        for outcomes in stream:
            for outcome in outcomes:
                with ctrl_c.hold():
                    if writer is not None:
                        writer.add(outcome)
                        if not config.records_in_memory:
                            outcome.record = None
                    finished.append(outcome)
                    ctrl_c.written = len(finished)
                    if on_result is not None:
                        on_result(outcome, len(finished), config.games)
    except KeyboardInterrupt:
        interrupted = True
    except BaseException:
        if writer is not None:
            writer.close()
        raise
    finally:
        # from here on the games are over: a first Ctrl-C changes nothing, a second stops now
        ctrl_c.finishing = True
        if stream is not None:
            stream.close()
    elapsed = time.perf_counter() - start
    if on_end is not None:
        on_end(interrupted)
    finished.sort(key=lambda o: o.index)
    summary = {
        "game": game.spec.name,
        "options": options,
        "seats": list(config.seats),
        "seed": config.seed,
        "rotation": config.rotate,
        "games_requested": config.games,
        "games_finished": len(finished),
        "interrupted": interrupted,
        "backend": config.backend,
        "workers": config.workers,
        "elapsed_seconds": elapsed,
        "games_per_second": len(finished) / elapsed if elapsed > 0 else 0.0,
        # each seat kind's CPU seconds per decision: measured, so (like the elapsed time) not
        # reproducible, and kept out of the statistics
        "cpu_per_move": cpu_per_move(finished),
        "stats": summarise(finished),
    }
    result = SimResult(config, finished, summary, interrupted, elapsed)
    if writer is not None:
        writer.finish(finished, summary)
        if config.report and finished:
            from mailbag.sim.report import write_report

            result.report_path = write_report(summary, finished, writer.out, config.report)
    return result


class _Writer:
    """Writes records and outcome lines as games finish, then the sorted files at the end.

    Starting a run in a folder removes the previous run's records, summary and report; the files
    written at the end replace their old versions atomically (never half-written)."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.records = out / "records"
        try:
            self.records.mkdir(parents=True, exist_ok=True)
            for old in self.records.glob("game-*.jsonl"):
                old.unlink()
            for name in ("summary.json", "report.md", "report.html"):
                (out / name).unlink(missing_ok=True)
        except OSError as exc:
            raise MailbagError(
                _("cannot write to {folder}: {reason}", folder=str(out), reason=exc.strerror)
            ) from None
        self.games_path = out / "games.jsonl"
        self.games_file = self.games_path.open("w", encoding="utf-8")
        self._flushed = time.monotonic()

    def add(self, outcome: Outcome) -> None:
        if outcome.record is not None:
            path = self.records / f"game-{outcome.index:06d}.jsonl"
            path.write_text(outcome.record, encoding="utf-8")
        self.games_file.write(json.dumps(outcome.summary_line(), sort_keys=True) + "\n")
        # on disk within a second of finishing (a run killed outright loses at most that);
        # a flush per game cost the main process as much as receiving the games
        now = time.monotonic()
        if now - self._flushed >= FLUSH_SECONDS:
            self.games_file.flush()
            self._flushed = now

    def close(self) -> None:
        self.games_file.close()

    def finish(self, outcomes: list[Outcome], summary: dict[str, Any]) -> None:
        self.close()
        # rewrite in game order, so the file does not depend on the backend's timing
        lines = [json.dumps(o.summary_line(), sort_keys=True) for o in outcomes]
        _replace(self.games_path, "".join(line + "\n" for line in lines))
        _replace(self.out / "summary.json", json.dumps(summary, indent=2, sort_keys=True) + "\n")


def _replace(path: Path, text: str) -> None:
    """Write ``path`` through a temporary file and a rename: the old file or the new, whole."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
