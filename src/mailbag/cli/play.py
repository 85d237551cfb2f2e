"""``mailbag games``, ``mailbag play`` and ``mailbag replay``: list the games, play in the
terminal, replay records.

``mailbag play GAME --seats human,random`` seats people and bots; a person sees their view as
text and its choices, each with a letter key. ``register(app)`` adds these commands to the
command line (:mod:`mailbag.cli`). Every error a user can cause is one clean line, never a
traceback.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer._click import Context, HelpFormatter
from typer.core import TyperCommand

from mailbag.cli.util import friendly
from mailbag.core import MailbagError, SeatError
from mailbag.core.game import read_component_file
from mailbag.core.i18n import _, ngettext
from mailbag.core.names import printable
from mailbag.core.records import (
    ComponentData,
    GameRecord,
    load,
    replay_steps,
    result_of,
    seat_kind_label,
    seat_label,
)
from mailbag.core.spec import parse_option_pairs
from mailbag.games import get, names

#: ``--record FILE``, where a game played in the terminal is saved (``play``, ``learn``)
RecordOption = Annotated[
    Path | None,
    typer.Option(
        metavar=_("FILE"),
        help=_("save the game record here (default: a new file in your data folder)"),
    ),
]

console = Console(highlight=False, emoji=False)
err_console = Console(stderr=True, highlight=False, emoji=False)


@friendly
def games_command() -> None:
    """List the games with their seat counts and options."""
    table = Table(title=_("mailbag games"))
    table.add_column(_("game"))
    table.add_column(_("seats"))
    table.add_column(_("options (default; valid values)"))
    table.add_column(_("engine seats"))
    for name in names():
        try:
            spec = get(name).spec
        except MailbagError as exc:  # a broken plug-in is listed with its error
            table.add_row(name, "-", f"[red]{exc}[/red]", "-")
            continue
        options = "\n".join(f"{n}={d}  ({v})" for n, d, v in spec.describe_options()) or "-"
        table.add_row(
            f"{name}\n[dim]{_(spec.title)}[/dim]",
            f"{spec.min_seats}–{spec.max_seats}",
            options,
            ", ".join(spec.engine_seats) or "-",
        )
    console.print(table)
    from mailbag.cli.seats import seat_kind_lines

    for line in seat_kind_lines(console.width):
        console.print(line, markup=False, soft_wrap=True)


class PlayCommand(TyperCommand):
    """``mailbag play``: its help ends with every seat kind, made from the registries as it is
    shown (:mod:`mailbag.cli.seats`)."""

    def format_epilog(self, ctx: Context, formatter: HelpFormatter) -> None:
        from mailbag.cli.seats import seat_kind_lines

        super().format_epilog(ctx, formatter)
        formatter.write_paragraph()
        for line in seat_kind_lines(formatter.width or 80):
            formatter.write(line + "\n")


def parse_seats(text: str) -> list[str]:
    """``--seats``: a comma list of seat kinds; ``mcts:iters=500,depth=4`` stays one seat."""
    from mailbag.bots import split_seats

    if not text.strip():
        raise SeatError(_("--seats is empty: give a comma list of seat kinds, e.g. human,random"))
    try:
        return split_seats(text)
    except SeatError as exc:
        raise SeatError(
            _(
                "--seats {seats}: {detail}; give a comma list, e.g. human,random",
                seats=repr(text),
                detail=str(exc),
            )
        ) from None


def split_names(seats: list[str]) -> tuple[list[str] | None, list[str]]:
    """Names given in ``--seats`` (``alice=human,bob=human,greedy``) and the seat kinds; a seat
    without a name is called by its number. Names are unique."""
    from mailbag.bots.base import split_name
    from mailbag.core.names import check_name, printable
    from mailbag.core.records import seat_label

    pairs = [split_name(seat) for seat in seats]
    for seat, (name, kind) in enumerate(pairs):
        given, equals, _rest = kind.partition("=")
        if name is None and equals and ":" not in given:  # a name that split_name refused
            where = _("--seats: the name of seat {seat}", seat=seat)
            check_name(given, where)  # the one name rule, as in the lobby and in records
            if re.fullmatch(r"[A-Za-z][A-Za-z0-9_.\-]*", given):
                continue  # the name is fine: its kind is not (said by check_seat_kinds)
            raise SeatError(
                _(
                    "{where} ({name}): a name in --seats starts with a letter and holds only "
                    "letters, digits, '_', '.' and '-'",
                    where=where,
                    name=printable(repr(given)),
                )
            )
    if all(name is None for name, _ in pairs):
        return None, seats
    names = [name or seat_label(i) for i, (name, _kind) in enumerate(pairs)]
    if len(set(names)) != len(names):
        raise SeatError(
            _("--seats: two seats have the same name ({names})", names=", ".join(names))
        )
    return names, [kind for _name, kind in pairs]


def check_seat_kinds(game_name: str, seats: list[str]) -> None:
    """Every seat is ``human``, a bot kind, or one of the game's engine seats."""
    from mailbag.bots import bot_kinds, is_bot_kind

    game = get(game_name)
    for kind in seats:
        if kind == "human" or kind in game.spec.engine_seats or is_bot_kind(kind):
            continue
        valid = ", ".join(["human", *bot_kinds(), *game.spec.engine_seats])
        raise SeatError(
            _("unknown seat kind {kind}; valid seat kinds: {valid}", kind=repr(kind), valid=valid)
        )


@friendly
def play_command(
    game: Annotated[
        str | None,
        typer.Argument(metavar=_("GAME"), help=_("game to play (see `mailbag games`)")),
    ] = None,
    seats: Annotated[
        str,
        typer.Option(
            metavar=_("KINDS"),
            help=_("comma list of seat kinds, each maybe named (alice=human); listed below"),
        ),
    ] = "human,random",
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help=_("random seed (default: chosen at random)")),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar=_("KEY=VALUE"), help=_("game option (repeatable)")),
    ] = None,
    record: RecordOption = None,
    json_out: Annotated[bool, typer.Option("--json", help=_("print the result as JSON"))] = False,
    components: Annotated[
        Path | None,
        typer.Option(metavar=_("FILE"), help=_("play with your own component data file")),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(metavar=_("FILE"), help=_("resume a saved game record"))
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help=_("line mode, not the full-screen game"))
    ] = False,
    hints: Annotated[
        bool | None,
        typer.Option(
            "--hints/--no-hints",
            help=_(
                "allow hints (the best choices of a search on your view); default: on for one "
                "person against bots, off between people"
            ),
        ),
    ] = None,
) -> None:
    """Play a game in the terminal: people and bots, or bots only (runs unattended).

    In a terminal, people play full screen (with the `tui` extra installed); `--plain`, or input
    or output that is not a terminal, plays in line mode. Every decision is saved as it is made;
    `mailbag play --resume FILE` continues a game."""

    if resume is not None:
        if game is not None or seed is not None or option or components is not None:
            raise SeatError(
                _("--resume continues a saved game: give no game, seed, option or components")
            )
        saved = load(resume)
        check_seat_kinds(saved.game, saved.seats)
        status = play_record(
            saved,
            plain=plain,
            save_path=record or resume,
            json_out=json_out,
            resumed=True,
            hints=hints,
        )
        raise typer.Exit(status)
    if game is None:
        raise SeatError(_("name a game to play (see `mailbag games`) or give --resume FILE"))
    spec_game = get(game)
    seat_list = parse_seats(seats)
    check_seat_kinds(spec_game.spec.name, split_names(seat_list)[1])
    options = spec_game.spec.resolve_options(parse_option_pairs(option))
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**63)
    elif not 0 <= seed < 2**64:
        raise SeatError(_("--seed must be from 0 to 2**64-1, not {seed}", seed=seed))
    data = None
    if components is not None:
        data = ComponentData(components.name, read_component_file(components))
        spec_game.with_component_text(data.text, str(components))  # refuse a bad file now
    names, seat_list = split_names(seat_list)
    new_record = GameRecord(
        spec_game.spec.name, options, seed, seat_list, components=data, names=names
    )
    if record is None:
        from mailbag.paths import new_record_path

        record = new_record_path(new_record.game, new_record.game_id)
    status = play_record(
        new_record, plain=plain, save_path=record, json_out=json_out, resumed=False, hints=hints
    )
    raise typer.Exit(status)


def play_record(
    record: GameRecord,
    *,
    plain: bool,
    save_path: Path,
    json_out: bool,
    resumed: bool,
    hints: bool | None = None,
) -> int:
    """Play the game of ``record`` full screen or in line mode (see :func:`full_screen`);
    ``hints``: allowed or not (``None``: the default, see mailbag.table.hints)."""
    if full_screen(plain, record.seats):
        from mailbag.tui.run import play_full_screen

        return play_full_screen(
            record, save_path=save_path, json_out=json_out, resumed=resumed, hints=hints
        )
    from mailbag.terminal import play_in_terminal

    return play_in_terminal(
        record, save_path=save_path, json_out=json_out, resumed=resumed, hints=hints
    )


def full_screen(plain: bool, seats: list[str]) -> bool:
    """Whether ``mailbag play`` opens the full-screen game: someone plays, both ends of the
    session are a terminal, Textual is installed, and ``--plain`` was not asked for."""
    if plain or "human" not in seats:
        return False
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    from mailbag.tui import available

    return available()


@friendly
def replay_command(
    file: Annotated[Path, typer.Argument(metavar=_("FILE"), help=_("a game record (JSON Lines)"))],
    step: Annotated[
        bool, typer.Option("--step", help=_("walk through it one step at a time"))
    ] = False,
) -> None:
    """Re-run a game record, verify every step, and print the readable log."""
    from mailbag.table import game_for_record

    saved = load(file)
    for warning in saved.warnings:
        err_console.print(_("warning: {warning}", warning=warning), markup=False)
    game = game_for_record(saved)
    state: Any = None
    for entry in replay_steps(game, saved):
        state = entry.state
        if entry.index == 0:
            # what came from the file is shown escaped (never as markup or control characters)
            seats = ", ".join(f"{i}:{seat_kind_label(k)}" for i, k in enumerate(saved.seats))
            heading = _("game {id}, seats: {seats}", id=saved.game_id, seats=seats)
            console.print(f"[bold]{_(game.spec.title)}[/bold] " + escape(printable(heading)))
        else:
            console.print(
                f"[dim]{entry.index:4d}[/dim] {seat_label(entry.seat)}: {entry.action}",
            )
        for event in entry.events:
            if event.to is None:
                labels = [printable(saved.label(s)) for s in range(len(saved.seats))]
                console.print(f"       {game.presentation.event_text(event, labels)}", markup=False)
        if step and entry.index > 0:
            console.print(game.presentation.render(game.view(state, None)), markup=False)
            try:
                input(_("-- enter for the next step --"))
            except (EOFError, KeyboardInterrupt):
                console.print()
                return
    if saved.result is not None:
        if not game.is_over(state):
            raise MailbagError(_("record has a result but its actions do not finish the game"))
        if result_of(game, state) != saved.result:
            raise MailbagError(_("replayed result differs from the recorded result"))
    steps = len(saved.steps)
    if game.is_over(state):
        verdict = ngettext(
            "verified: {count} step replays exactly (finished game)",
            "verified: {count} steps replay exactly (finished game)",
            steps,
            count=steps,
        )
    else:
        verdict = ngettext(
            "verified: {count} step replays exactly (unfinished game)",
            "verified: {count} steps replay exactly (unfinished game)",
            steps,
            count=steps,
        )
    console.print(verdict, markup=False)
    if game.is_over(state):
        from mailbag.terminal import print_scoreboard

        print_scoreboard(game, state, saved)


def register(app: typer.Typer) -> None:
    """Add ``games``, ``play`` and ``replay`` to the main command line."""
    app.command("games", help=_("List the games with their seat counts and options."))(
        games_command
    )
    app.command(
        "play",
        cls=PlayCommand,
        help=_(
            "Play a game in the terminal: people and bots, or bots only (runs unattended).\n\n"
            "In a terminal, people play full screen (with the `tui` extra installed); `--plain`, "
            "or input or output that is not a terminal, plays in line mode. Every decision is "
            "saved as it is made; `mailbag play --resume FILE` continues a game."
        ),
    )(play_command)
    app.command(
        "replay", help=_("Re-run a game record, verify every step, and print the readable log.")
    )(replay_command)
