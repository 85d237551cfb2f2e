"""``mailbag review RECORD``: every decision of a recorded game judged by the bots' search from
what its player knew then (:mod:`mailbag.review`): a table of the decisions with their marks and
the better choice, a text graph of each seat's expected result, each seat's accuracy; ``--json``
for programs."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from mailbag.cli.util import friendly
from mailbag.core.i18n import _
from mailbag.core.names import printable
from mailbag.core.records import load
from mailbag.review import DEPTHS, Review, ReviewError, Settings, review_record
from mailbag.review.engine import MARK_WORDS, SHOWN_LOSS
from mailbag.review.report import SIGNS, graph_lines, settings_line, summary_lines, thresholds_line

console = Console(highlight=False, emoji=False)
err_console = Console(stderr=True, highlight=False, emoji=False)


def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def decisions_table(review: Review, marked: bool, seat: int | None) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column(_("step"), justify="right", style="dim")
    table.add_column(_("seat"))
    table.add_column(_("choice made"))
    table.add_column(_("mark"))
    table.add_column(_("lost"), justify="right")
    table.add_column(_("better choice"))
    for d in review.decisions:
        if marked and d.mark is None:
            continue
        if seat is not None and d.seat != seat:
            continue
        mark = f"{SIGNS[d.mark]} {_(MARK_WORDS[d.mark])}" if d.mark else ""
        shown = d.played != d.best and (d.loss >= SHOWN_LOSS or d.mark is not None)
        lost = f"{d.loss:.2f} ±{d.spread:.2f}" if shown else ""
        better = printable(d.best_text) if shown else ""
        table.add_row(
            str(d.index),
            escape(printable(review.seats[d.seat])),
            escape(printable(d.played_text)),
            mark,
            lost,
            escape(better),
        )
    return table


@friendly
def review_command(
    file: Annotated[
        Path, typer.Argument(metavar=_("RECORD"), help=_("a game record (JSON Lines)"))
    ],
    depth: Annotated[
        str,
        typer.Option(
            "--depth",
            help=_("how hard each decision is searched: {depths}", depths=", ".join(DEPTHS)),
        ),
    ] = "default",
    iters: Annotated[
        int | None,
        typer.Option(
            "--iters", help=_("the search's iterations per decision (instead of a depth)")
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", help=_("processes that judge decisions side by side")),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("print the review as JSON"))] = False,
    marked: Annotated[
        bool, typer.Option("--marked", help=_("list only the marked decisions"))
    ] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", help=_("list only this seat's decisions (0, 1, …)"))
    ] = None,
) -> None:
    """Judge every decision of a recorded game from what its player knew, as the bots would."""
    from mailbag.table import game_for_record

    settings = Settings.of(depth, iters)
    count = default_workers() if workers is None else workers
    if not 1 <= count <= 64:
        raise ReviewError(_("--workers must be 1 to 64, not {n}", n=count))
    record = load(file)
    if seat is not None and not 0 <= seat < len(record.seats):
        raise ReviewError(
            _("--seat must be 0 to {last}, not {seat}", last=len(record.seats) - 1, seat=seat)
        )
    for warning in record.warnings:
        err_console.print(_("warning: {warning}", warning=warning), markup=False)
    game = game_for_record(record)
    show = sys.stderr.isatty()
    with Progress(
        TextColumn(_("reviewing")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
        disable=not show,
    ) as bar:
        task = bar.add_task("review", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        review = review_record(game, record, settings, workers=count, progress=progress)
    if as_json:
        console.print_json(json.dumps(review.to_json(), ensure_ascii=False))
        return
    title = _(game.spec.title)
    console.print(f"[bold]{escape(title)}[/bold] " + escape(printable(record.game_id)))
    console.print(escape(settings_line(review)), style="dim")
    console.print(escape(thresholds_line()), style="dim")
    console.print()
    console.print(decisions_table(review, marked, seat))
    console.print()
    for line in graph_lines(review, width=min(72, max(20, console.width - 20))):
        console.print(escape(line))
    console.print()
    for line in summary_lines(review):
        console.print(escape(printable(line)))


def register(app: typer.Typer) -> None:
    app.command(
        "review", help=_("Judge every decision of a recorded game from what its player knew.")
    )(review_command)
