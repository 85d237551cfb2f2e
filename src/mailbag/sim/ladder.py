"""A rating ladder: a round-robin between seat kinds, then ratings with confidence intervals.

**Schedule.** Every combination of ``table`` distinct entries (pairs by default; ``table=3`` or
``4`` plays full Post Office or Carteros tables) is a *pairing*; combinations made only of engine
seats (two Automa levels) are skipped, so in solo Postcards each Automa level is rated from its
games against the bots. Each pairing plays ``games`` games: game ``g`` of a pairing of ``n``
seats uses deal ``g // n`` (seed ``S + g // n``) and rotation ``g % n`` (the ``k``-th kind sits at
seat ``(k + rotation) % n``, as in ``mailbag sim``), so every deal is played in every seating and
every pairing plays the same deals. A multiple of ``n`` games per pairing keeps the seats exactly
balanced. Game numbers run pairing after pairing, so the results never depend on the number of
workers.

**Ratings.** See :mod:`mailbag.sim.rating` (Bradley–Terry by MM iterations, Elo scale, stratified
bootstrap intervals).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mailbag.core.errors import MailbagError, SeatError
from mailbag.core.game import Game
from mailbag.core.i18n import _, ngettext
from mailbag.core.registry import get
from mailbag.sim.backends import chunk_size, run_local
from mailbag.sim.interrupt import CtrlC
from mailbag.sim.rating import rate
from mailbag.sim.schedule import Job, chunked, rotate
from mailbag.sim.tournament import SimConfig, validate
from mailbag.sim.worker import Chunk, Outcome

METHOD = (
    "Bradley-Terry (MM iterations, prior of 1 virtual comparison), Elo scale, "
    "stratified bootstrap 95% percentile intervals"
)


@dataclass
class LadderConfig:
    game: str | Game[Any]
    entries: list[str]
    #: games per pairing
    games: int = 20
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    workers: int = 1
    #: seats per table (default: 2, or the game's minimum when more)
    table: int | None = None
    bootstrap: int = 200
    #: the entry rated 0 (default: the mean of all entries is 0)
    anchor: str | None = None


def table_size(game: Game[Any], requested: int | None) -> int:
    size = requested if requested is not None else max(2, game.spec.min_seats)
    if not max(2, game.spec.min_seats) <= size <= game.spec.max_seats:
        raise MailbagError(
            _(
                "{game} tables seat {low}–{high}, not {count}",
                game=game.spec.name,
                low=max(2, game.spec.min_seats),
                high=game.spec.max_seats,
                count=size,
            )
        )
    return size


def pairings(game: Game[Any], entries: Sequence[str], size: int) -> list[tuple[str, ...]]:
    """Every combination of ``size`` entries in listed order, except all-engine ones."""
    engines = set(game.spec.engine_seats)
    return [
        combo
        for combo in itertools.combinations(entries, size)
        if not all(kind in engines for kind in combo)
    ]


def ladder_jobs(tables: Sequence[tuple[str, ...]], games: int, seed: int) -> list[Job]:
    """The games of the round-robin, pairing after pairing (see the module)."""
    jobs = []
    for t, kinds in enumerate(tables):
        n = len(kinds)
        for g in range(games):
            deal, turn = divmod(g, n)
            jobs.append(Job(t * games + g, seed + deal, turn, rotate(kinds, turn)))
    return jobs


def check(config: LadderConfig) -> tuple[Game[Any], dict[str, Any], list[tuple[str, ...]]]:
    """Validate the whole ladder before any game: entries, table size, every pairing's seats."""
    game = get(config.game) if isinstance(config.game, str) else config.game
    if config.games < 1:
        raise MailbagError(_("--games must be at least 1, not {count}", count=config.games))
    if config.workers < 1:
        raise MailbagError(_("--workers must be at least 1, not {count}", count=config.workers))
    if config.bootstrap < 0:
        raise MailbagError(_("--bootstrap must be 0 or more, not {count}", count=config.bootstrap))
    duplicates = sorted({e for e in config.entries if config.entries.count(e) > 1})
    if duplicates:
        raise SeatError(_("an entry is listed twice: {kinds}", kinds=", ".join(duplicates)))
    size = table_size(game, config.table)
    if len(config.entries) < size:
        raise SeatError(
            _(
                "a ladder needs at least {count} entries for tables of {count}",
                count=size,
            )
        )
    if config.anchor is not None and config.anchor not in config.entries:
        raise SeatError(_("the anchor {kind} is not an entry", kind=repr(config.anchor)))
    tables = pairings(game, config.entries, size)
    if not tables:
        raise SeatError(_("no pairing has a seat that is not an engine seat"))
    options: dict[str, Any] = {}
    for kinds in tables:
        _game, options = validate(
            SimConfig(game=game, seats=list(kinds), games=1, options=dict(config.options))
        )
    return game, options, tables


@dataclass
class LadderResult:
    summary: dict[str, Any]
    outcomes: list[Outcome]
    interrupted: bool


def run_ladder(
    config: LadderConfig,
    on_result: Callable[[int, int], None] | None = None,
    on_start: Callable[[], None] | None = None,
) -> LadderResult:
    """Play the round-robin and fit the ratings. Ctrl-C stops the games; the finished ones are
    rated. ``on_result(finished, total)`` after every game; ``on_start`` once the workers are up."""
    game, options, tables = check(config)
    jobs = ladder_jobs(tables, config.games, config.seed)
    module = type(game).__module__
    size = chunk_size(len(jobs), config.workers)
    chunks = (
        Chunk(game.spec.name, module, options, list(part), False) for part in chunked(jobs, size)
    )
    finished: list[Outcome] = []
    interrupted = False
    start = time.perf_counter()
    with CtrlC():
        stream = None
        try:
            stream = run_local(chunks, config.workers)
            if on_start is not None:
                on_start()
            for outcomes in stream:
                finished.extend(outcomes)
                if on_result is not None:
                    on_result(len(finished), len(jobs))
        except KeyboardInterrupt:
            interrupted = True
        finally:
            if stream is not None:
                stream.close()
    elapsed = time.perf_counter() - start
    finished.sort(key=lambda o: o.index)
    summary = summarise(config, game.spec.name, options, tables, finished)
    summary.update(interrupted=interrupted, elapsed_seconds=elapsed)
    return LadderResult(summary, finished, interrupted)


def summarise(
    config: LadderConfig,
    name: str,
    options: dict[str, Any],
    tables: Sequence[tuple[str, ...]],
    outcomes: Sequence[Outcome],
) -> dict[str, Any]:
    """The ladder as JSON-able data: set-up, ratings (best first) and each pairing's results."""
    by_table: list[list[list[tuple[str, int]]]] = [[] for _ in tables]
    for outcome in outcomes:
        by_table[outcome.index // config.games].append(
            list(zip(outcome.seats, outcome.ranking, strict=True))
        )
    ratings = rate(
        config.entries,
        by_table,
        anchor=config.anchor,
        bootstrap=config.bootstrap,
        seed=config.seed,
    )
    pairs = []
    for kinds, games in zip(tables, by_table, strict=True):
        wins = dict.fromkeys(kinds, 0.0)
        for game in games:
            first = [entry for entry, place in game if place == 1]
            for entry in first:
                wins[entry] += 1.0 / len(first)
        pairs.append({"seats": list(kinds), "games": len(games), "wins": wins})
    return {
        "game": name,
        "options": options,
        "entries": list(config.entries),
        "table": len(tables[0]) if tables else 0,
        "games_per_pairing": config.games,
        "seed": config.seed,
        "games_finished": len(outcomes),
        "method": METHOD,
        "bootstrap": config.bootstrap,
        "anchor": config.anchor,
        "ratings": [
            {
                "entry": r.entry,
                "rating": r.rating,
                "low": r.low,
                "high": r.high,
                "comparisons": r.comparisons,
                "score": r.score,
            }
            for r in ratings
        ],
        "pairings": pairs,
    }


def plot(summary: dict[str, Any], path: Any) -> None:
    """The ladder as a horizontal bar plot with the 95% intervals (matplotlib, imported here)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ratings = list(reversed(summary["ratings"]))
    names = [r["entry"] for r in ratings]
    values = [r["rating"] for r in ratings]
    # a percentile interval from few resamples can miss the estimate: no negative bar
    errors = [
        [max(0.0, r["rating"] - r["low"]) for r in ratings],
        [max(0.0, r["high"] - r["rating"]) for r in ratings],
    ]
    figure, axes = plt.subplots(figsize=(7, 0.5 * len(names) + 1.5))
    axes.errorbar(values, range(len(names)), xerr=errors, fmt="o", capsize=4, color="#1f5f8b")
    axes.set_yticks(range(len(names)), names)
    axes.axvline(0.0, color="#999999", linewidth=0.8)
    axes.set_xlabel(_("rating (Elo scale) with 95% interval"))
    axes.set_title(
        ngettext(
            "{game}: ladder of {count} game",
            "{game}: ladder of {count} games",
            summary["games_finished"],
            game=summary["game"],
            count=summary["games_finished"],
        )
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
