"""The research commands of the ``mailbag`` command line: ``sim``, ``bench`` and ``ladder``.

``register(app)`` adds them to the main typer app. Every error a user can cause (unknown game,
bad seat kind, bad option, ``--games 0``...) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from mailbag.cli.util import friendly
from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _, ngettext, pgettext
from mailbag.core.records import seat_kind_label
from mailbag.core.spec import parse_option_pairs


class _RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        shown = "  ?  " if speed is None else f"{speed:6.2f}"
        return Text(_("{speed} games/s", speed=shown), style="cyan")


@friendly
def sim_command(
    game: Annotated[str, typer.Argument(help=_("The game to simulate (see `mailbag games`)."))],
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help=_(
                "Seat kinds, comma-separated: random, greedy, mcts[:iters=N|time=S], or an "
                "engine seat such as automa:normal. E.g. greedy,random or mcts:time=1,greedy."
            ),
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help=_("Number of games."))] = 100,
    seed: Annotated[int, typer.Option(help=_("First seed of the seed schedule."))] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=_("Game option key=value."))
    ] = None,
    workers: Annotated[
        int, typer.Option(help=_("Worker processes (local) or workers (dask)."))
    ] = 1,
    backend: Annotated[str, typer.Option(help=_("local (process pool) or dask."))] = "local",
    scheduler: Annotated[
        str | None,
        typer.Option(help=_("dask scheduler address; without it a LocalCluster on 127.0.0.1.")),
    ] = None,
    out: Annotated[Path | None, typer.Option(help=_("Output folder (default: sim-GAME)."))] = None,
    report: Annotated[str, typer.Option(help=_("Report format: md, html or none."))] = "md",
    rotate: Annotated[
        bool, typer.Option("--rotate/--no-rotate", help=_("Rotate the seats over each deal."))
    ] = True,
    records: Annotated[
        bool, typer.Option("--records/--no-records", help=_("Write every game record."))
    ] = True,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_("No progress bar."))] = False,
) -> None:
    """Play many games between bots and write records, statistics and a report."""
    from mailbag.bots import split_seats
    from mailbag.core.registry import get
    from mailbag.sim.tournament import SimConfig, run_sim

    if report not in ("md", "html", "none"):
        raise MailbagError(
            _("unknown report format {format}; formats: md, html, none", format=repr(report))
        )
    name = get(game).spec.name
    config = SimConfig(
        game=name,
        seats=split_seats(seats),
        games=games,
        seed=seed,
        options=parse_option_pairs(option),
        workers=workers,
        backend=backend,
        scheduler=scheduler,
        out=out if out is not None else Path(f"sim-{name}"),
        report=None if report == "none" else report,
        rotate=rotate,
        keep_records=records,
        records_in_memory=False,
    )
    err = Console(stderr=True, highlight=False)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn(_("ETA")),
        TimeRemainingColumn(),
        console=err,
        disable=quiet,
        speed_estimate_period=60.0,
    )
    task = progress.add_task(f"{name} {seats}", total=games)

    def on_result(_outcome: Any, done: int, _total: int) -> None:
        progress.update(task, completed=done)

    def stop_progress(_interrupted: bool = False) -> None:
        if progress.live.is_started:  # stop() twice would print a second line break
            progress.stop()

    try:
        result = run_sim(
            config,
            on_result=on_result,
            on_start=progress.start,
            on_end=stop_progress,
            on_interrupt_again=lambda written: _stop_now(written, config.out),
        )
    finally:
        stop_progress()
    _print_summary(result.summary, config.out, result.report_path)
    if result.interrupted:
        typer.echo(
            ngettext(
                "interrupted: kept the {count} finished game",
                "interrupted: kept the {count} finished games",
                result.summary["games_finished"],
                count=result.summary["games_finished"],
            ),
            err=True,
        )
        raise typer.Exit(130)


def _stop_now(written: int, out: Path | None) -> NoReturn:
    """A second Ctrl-C: kill the workers, say what is on disk in one line, exit at once (130).

    Runs in a signal handler, so it neither flushes Python's streams nor waits for threads."""
    from mailbag.sim.backends import kill_workers

    kill_workers()
    if out is None:
        where = ngettext(
            "{count} finished game was not written",
            "{count} finished games were not written",
            written,
            count=written,
        )
    else:
        where = ngettext(
            "{count} finished game was written to {folder}",
            "{count} finished games were written to {folder}",
            written,
            count=written,
            folder=str(out),
        )
    line = _("interrupted again: stopping now; {what}", what=where) + "\n"
    if os.isatty(2):
        line = "\x1b[?25h\n" + line  # the progress display hid the cursor: show it again
    with contextlib.suppress(OSError):
        os.write(2, line.encode("utf-8", "replace"))
    os._exit(130)


def _print_summary(summary: dict[str, Any], out: Path | None, report: Path | None) -> None:
    from mailbag.sim.stats import cpu_text

    console = Console(highlight=False)
    stats = summary["stats"]
    if not stats.get("games"):
        console.print(_("no game finished"))
        return
    table = Table(
        title=ngettext(
            "{game}: {count} game",
            "{game}: {count} games",
            stats["games"],
            game=summary["game"],
            count=stats["games"],
        )
    )
    table.add_column(_("seat kind"), overflow="fold")
    for column in (
        _("seat-games"),
        _("win rate"),
        _("95% CI"),
        _("mean place"),
        _("mean score"),
        _("CPU per move"),
    ):
        table.add_column(column, justify="right")
    for kind, entry in stats["by_kind"].items():
        low, high = entry["ci95"]
        table.add_row(
            seat_kind_label(kind),
            str(entry["n"]),
            f"{100 * entry['win_rate']:.1f}%",
            f"{100 * low:.1f}–{100 * high:.1f}%",
            f"{entry['mean_place']:.2f}",
            f"{entry['scores']['total']['mean']:.1f}",
            cpu_text(summary.get("cpu_per_move", {}).get(kind, {}).get("per_move")),
        )
    console.print(table)
    length = stats["length"]
    console.print(
        _(
            "first-player advantage {advantage:+.1f} points · game length {mean:.1f} decisions "
            "(sd {sd:.1f}) · {speed:.2f} games/s",
            advantage=100 * stats["first_player_advantage"],
            mean=length["mean"],
            sd=length["sd"],
            speed=summary["games_per_second"],
        )
    )
    if out is not None:
        where = _("records and summary in {folder}", folder=str(out))
        if report:
            where += " · " + _("report {path}", path=str(report))
        console.print(where)


@friendly
def bench_command(
    game: Annotated[str, typer.Argument(help=_("The game to benchmark."))],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the results as JSON."))] = False,
    seconds: Annotated[
        float,
        typer.Option(help=_("CPU seconds for each timed part (playouts, MCTS) in each round.")),
    ] = 1.0,
    rounds: Annotated[
        int,
        typer.Option(
            help=_("Rounds of the timed parts: the median round is shown, with the range.")
        ),
    ] = 3,
    players: Annotated[
        int | None, typer.Option(help=_("Number of seats (default: 2, or the minimum)."))
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=_("Game option key=value."))
    ] = None,
    seed: Annotated[int, typer.Option(help=_("Seed of the benchmark games."))] = 0,
    rl: Annotated[
        bool,
        typer.Option(
            "--rl",
            help=_(
                "Measure the reinforcement-learning environment instead: its steps/s against "
                "the raw engine's decisions/s (needs mailbag[rl])."
            ),
        ),
    ] = False,
    review: Annotated[
        bool,
        typer.Option(
            "--review",
            help=_(
                "Measure a whole game's review instead: a game between greedy bots reviewed "
                "at --depth with --workers processes (wall-clock and CPU seconds)."
            ),
        ),
    ] = False,
    depth: Annotated[
        str, typer.Option("--depth", help=_("With --review: the review's depth."))
    ] = "default",
    workers: Annotated[
        int, typer.Option("--workers", help=_("With --review: the processes judging decisions."))
    ] = 2,
) -> None:
    """Measure the speed of a game's rules on one core, per CPU-second of this process:
    playouts, operations, MCTS."""
    from mailbag.bench.rl import run_rl_bench
    from mailbag.bench.rules import run_bench
    from mailbag.core.registry import get

    if seconds <= 0:
        raise MailbagError(_("--seconds must be more than 0, not {seconds}", seconds=seconds))
    if not 1 <= rounds <= 100:
        raise MailbagError(_("--rounds must be 1 to 100, not {n}", n=rounds))
    rules = get(game)
    if players is not None and not rules.spec.min_seats <= players <= rules.spec.max_seats:
        raise MailbagError(
            _(
                "{game} seats {low}–{high}, not {count}",
                game=rules.spec.name,
                low=rules.spec.min_seats,
                high=rules.spec.max_seats,
                count=players,
            )
        )
    if review:
        from mailbag.bench.review import run_review_bench
        from mailbag.bench.rules import default_seats

        if not 1 <= workers <= 64:
            raise MailbagError(_("--workers must be 1 to 64, not {n}", n=workers))
        found = run_review_bench(rules, players or default_seats(rules), seed, depth, workers)
        if as_json:
            sys.stdout.write(json.dumps(found, indent=2, sort_keys=True) + "\n")
        else:
            _print_review_bench(found)
        return
    if rl:
        result = run_rl_bench(rules, players, parse_option_pairs(option), seconds, seed)
        if as_json:
            sys.stdout.write(json.dumps(result, indent=2, sort_keys=True) + "\n")
        else:
            _print_rl_bench(result)
        return
    result = run_bench(rules, players, parse_option_pairs(option), seconds, seed, rounds)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2, sort_keys=True) + "\n")
        return
    _print_bench(result)


def _print_review_bench(result: dict[str, Any]) -> None:
    console = Console(highlight=False)
    console.print(
        _(
            "mailbag bench {game} --review: {decisions} decisions of a {steps}-step game "
            "({seats}), depth {depth} ({iters} iterations), {workers} workers, {build} build",
            game=result["game"],
            decisions=result["decisions"],
            steps=result["steps"],
            seats=", ".join(result["seats"]),
            depth=result["depth"],
            iters=result["iters"],
            workers=result["workers"],
            build=result["build"],
        ),
        markup=False,
    )
    verdict = _("meets") if result["meets_target"] else _("misses")
    console.print(
        _(
            "whole review {wall} s (target under {target} s: {verdict}); CPU {cpu} s, "
            "{per} ms per decision",
            wall=result["wall_s"],
            target=int(result["target_s"]),
            verdict=verdict,
            cpu=result["cpu_s"],
            per=result["cpu_per_decision_ms"],
        ),
        markup=False,
    )


def _print_rl_bench(result: dict[str, Any]) -> None:
    console = Console(highlight=False)
    env = result["env"]
    table = Table(
        title=ngettext(
            "mailbag bench {game} --rl ({count} seat, one core, {build} build)",
            "mailbag bench {game} --rl ({count} seats, one core, {build} build)",
            result["seats"],
            game=result["game"],
            count=result["seats"],
            build=result["build"],
        )
    )
    table.add_column(_("measure"))
    table.add_column(_("value"), justify="right")
    table.add_column(_("target"), justify="right")
    table.add_column(_("met"), justify="center")
    ok = result["meets_target"]
    table.add_row(_("raw engine decisions/s"), f"{result['raw_decisions_per_s']:,.0f}", "", "")
    table.add_row(
        _("environment steps/s"),
        f"{env['steps_per_s']:,.0f}",
        f"{result['target_share']:.0%}",
        f"[green]{_('yes')}[/green]" if ok else f"[red]{_('no')}[/red]",
    )
    table.add_row(_("share of the raw engine"), f"{result['share']:.0%}", "", "")
    table.add_row(
        _("steps/s with a blank observation"),
        f"{result['unencoded_steps_per_s']:,.0f} ({result['unencoded_share']:.0%})",
        "",
        "",
    )
    table.add_row(
        _("steps/s, the agent's pick timed in"),
        f"{env['loop_steps_per_s']:,.0f} ({result['loop_share']:.0%})",
        "",
        "",
    )
    table.add_row(
        _("raw decisions/s, the pick timed in"),
        f"{result['loop_raw_decisions_per_s']:,.0f}",
        "",
        "",
    )
    table.add_section()
    table.add_row(_("view per step"), f"{env['view_us']:,.1f} µs", "", "")
    table.add_row(_("encoding per step"), f"{env['encode_us']:,.1f} µs", "", "")
    table.add_row(_("the agent's pick per step"), f"{env['pick_us']:,.1f} µs", "", "")
    table.add_row(_("mask per step (legal actions included)"), f"{env['mask_us']:,.1f} µs", "", "")
    table.add_row(_("the environment's hot path in"), "C" if env["native"] else "Python", "", "")
    table.add_row(_("actions in the table"), f"{env['actions']:,}", "", "")
    table.add_row(_("observation size"), f"{env['observation_size']:,}", "", "")
    console.print(table)


def _print_bench(result: dict[str, Any]) -> None:
    console = Console(highlight=False)
    playout, mcts, costs = result["random_playout"], result["mcts"], result["costs_us"]
    targets, meets = result["targets"], result["meets_targets"]

    def mark(ok: bool) -> str:
        return f"[green]{_('yes')}[/green]" if ok else f"[red]{_('no')}[/red]"

    table = Table(
        title=ngettext(
            "mailbag bench {game} ({count} seat, one core, {build} build)",
            "mailbag bench {game} ({count} seats, one core, {build} build)",
            result["seats"],
            game=result["game"],
            count=result["seats"],
            build=result["build"],
        ),
        caption=ngettext(
            "per CPU-second of this process; the median of {rounds} round, with its range",
            "per CPU-second of this process; the median of {rounds} rounds, with their range",
            result["rounds"],
            rounds=result["rounds"],
        ),
    )
    table.add_column(_("measure"))
    table.add_column(_("value"), justify="right")
    table.add_column(_("range"), justify="right")
    table.add_column(_("target"), justify="right")
    table.add_column(_("met"), justify="center")

    def spread(low_high: list[float]) -> str:
        return f"{low_high[0]:,.0f}–{low_high[1]:,.0f}"

    table.add_row(
        _("random playout decisions/s"),
        f"{playout['decisions_per_s']:,.0f}",
        spread(playout["range"]),
        f"{targets['decisions_per_s']:,}",
        mark(meets["decisions_per_s"]),
    )
    table.add_row(_("random playout games/s"), f"{playout['games_per_s']:,.1f}", "", "", "")
    table.add_row(_("decisions per game"), f"{playout['decisions_per_game']:,.1f}", "", "", "")
    table.add_row(
        _("MCTS iterations/s (opening)"),
        f"{mcts['iterations_per_s']:,.0f}",
        spread(mcts["range"]),
        f"{targets['mcts_iterations_per_s']:,}",
        mark(meets["mcts_iterations_per_s"]),
    )
    table.add_section()
    table.add_row(_("new game"), f"{playout['new_game_us']:,.1f} µs", "", "", "")
    for name, value in costs.items():
        if name == "legal actions per position":
            table.add_row(pgettext("bench", name), f"{value:.1f}", "", "", "")
        elif name == "check_state" and "check_state_us" in targets:
            table.add_row(
                pgettext("bench", name),
                f"{value:,.1f} µs",
                "",
                f"{targets['check_state_us']:,.0f} µs",
                mark(meets["check_state_us"]),
            )
        else:
            table.add_row(pgettext("bench", name), f"{value:,.1f} µs", "", "", "")
    console.print(table)


@friendly
def ladder_command(
    game: Annotated[str, typer.Argument(help=_("The game of the ladder (see `mailbag games`)."))],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help=_(
                "The entries, comma-separated: seat kinds such as random, greedy, "
                "mcts:time=0.2, automa:expert (Postcards solo)."
            ),
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help=_("Games per pairing."))] = 20,
    table: Annotated[
        int | None,
        typer.Option(help=_("Seats per table (default 2): 3 or 4 plays full tables.")),
    ] = None,
    seed: Annotated[int, typer.Option(help=_("First seed of the seed schedule."))] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=_("Game option key=value."))
    ] = None,
    workers: Annotated[int, typer.Option(help=_("Worker processes."))] = 1,
    bootstrap: Annotated[
        int, typer.Option(help=_("Bootstrap resamples for the intervals (0: none)."))
    ] = 200,
    anchor: Annotated[
        str | None, typer.Option(help=_("The entry rated 0 (default: the mean is 0)."))
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help=_("Write a plot of the ladder (PNG, SVG...)."))
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the ladder as JSON."))] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_("No progress bar."))] = False,
) -> None:
    """Rate bots (and Automa levels) by a round-robin: ratings with 95% intervals."""
    from mailbag.bots import split_seats
    from mailbag.sim.ladder import LadderConfig, check, ladder_jobs, run_ladder

    config = LadderConfig(
        game=game,
        entries=split_seats(bots),
        games=games,
        seed=seed,
        options=parse_option_pairs(option),
        workers=workers,
        table=table,
        bootstrap=bootstrap,
        anchor=anchor,
    )
    rules, _options, tables = check(config)
    total = len(ladder_jobs(tables, games, seed))
    err = Console(stderr=True, highlight=False)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn(_("ETA")),
        TimeRemainingColumn(),
        console=err,
        disable=quiet,
    )
    task = progress.add_task(_("{game} ladder", game=rules.spec.name), total=total)
    try:
        result = run_ladder(
            config,
            on_result=lambda done, _total: progress.update(task, completed=done),
            on_start=progress.start,
        )
    finally:
        if progress.live.is_started:
            progress.stop()
    summary = result.summary
    if plot is not None and summary["games_finished"]:
        from mailbag.sim.ladder import plot as write_plot

        write_plot(summary, plot)
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=2, sort_keys=True) + "\n")
    else:
        _print_ladder(summary, plot)
    if result.interrupted:
        typer.echo(
            ngettext(
                "interrupted: rated the {count} finished game",
                "interrupted: rated the {count} finished games",
                summary["games_finished"],
                count=summary["games_finished"],
            ),
            err=True,
        )
        raise typer.Exit(130)


def _print_ladder(summary: dict[str, Any], plot: Path | None) -> None:
    console = Console(highlight=False)
    if not summary["games_finished"]:
        console.print(_("no game finished"))
        return
    table = Table(
        title=ngettext(
            "{game}: ladder of {count} game ({per} per pairing, tables of {seats})",
            "{game}: ladder of {count} games ({per} per pairing, tables of {seats})",
            summary["games_finished"],
            game=summary["game"],
            count=summary["games_finished"],
            per=summary["games_per_pairing"],
            seats=summary["table"],
        )
    )
    table.add_column("#", justify="right")
    table.add_column(_("entry"), overflow="fold")
    for column in (_("rating"), _("95% CI"), _("comparisons"), _("score")):
        table.add_column(column, justify="right")
    for place, entry in enumerate(summary["ratings"], start=1):
        table.add_row(
            str(place),
            seat_kind_label(entry["entry"]),
            f"{entry['rating']:+.0f}",
            f"{entry['low']:+.0f} … {entry['high']:+.0f}",
            str(entry["comparisons"]),
            f"{100 * entry['score']:.1f}%",
        )
    console.print(table)
    pairs = Table(title=_("results by pairing (wins)"))
    pairs.add_column(_("pairing"), overflow="fold")
    pairs.add_column(_("games"), justify="right")
    pairs.add_column(_("wins"), overflow="fold")
    for pairing in summary["pairings"]:
        wins = " · ".join(
            f"{seat_kind_label(kind)} {count:g}" for kind, count in pairing["wins"].items()
        )
        pairs.add_row(
            " – ".join(seat_kind_label(kind) for kind in pairing["seats"]),
            str(pairing["games"]),
            wins,
        )
    console.print(pairs)
    if summary["anchor"] is None:
        basis = _("0 is the mean of the entries")
    else:
        basis = _("{kind} is rated 0", kind=seat_kind_label(summary["anchor"]))
    console.print(
        ngettext(
            "Bradley–Terry ratings on the Elo scale (+400 = odds of 10 to 1); {basis}; "
            "95% intervals from {count} bootstrap resample of the games.",
            "Bradley–Terry ratings on the Elo scale (+400 = odds of 10 to 1); {basis}; "
            "95% intervals from {count} bootstrap resamples of the games.",
            summary["bootstrap"],
            basis=basis,
            count=summary["bootstrap"],
        )
    )
    if plot is not None:
        console.print(_("plot {path}", path=str(plot)))


def register(app: typer.Typer) -> None:
    """Add ``sim``, ``bench`` and ``ladder`` to the main command line."""
    app.command(
        "sim", help=_("Play many games between bots and write records, statistics and a report.")
    )(sim_command)
    app.command(
        "bench",
        help=_("Measure the speed of a game's rules on one core: playouts, operations, MCTS."),
    )(bench_command)
    app.command(
        "ladder",
        help=_("Rate bots (and Automa levels) by a round-robin: ratings with 95% intervals."),
    )(ladder_command)
