"""``mailbag rules`` and ``mailbag learn``: a game's rules in mailbag's own words, and its guided
first game in the terminal.

``mailbag rules GAME`` lists the sections of the game's rules reference (chapters and their
sections, each with the id that opens it); ``mailbag rules GAME TOPIC`` prints one — by its id
(``PC-7``, ``setup``), its title or the words it holds — with its sections when it is a chapter.
``mailbag learn GAME`` plays the game's lesson (:mod:`mailbag.table.tutorial`) in line mode.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console

from mailbag.cli.play import RecordOption
from mailbag.cli.util import friendly
from mailbag.core import MailbagError
from mailbag.core.i18n import _
from mailbag.core.rulebook import Reference
from mailbag.games import get
from mailbag.terminal_lesson import print_section

console = Console(highlight=False, emoji=False)


class RulesNotFound(MailbagError):
    """A topic no section of a reference names."""


def reference_of(game_name: str) -> tuple[Any, Reference]:
    game = get(game_name)
    reference = game.presentation.rules_reference()
    if reference is None:
        raise RulesNotFound(_("{game} has no rules reference", game=_(game.spec.title)))
    return game, reference


def contents_lines(reference: Reference) -> list[str]:
    lines = [reference.title, ""]
    for section in reference.sections:
        indent = "  " if section.level == 2 else "      "
        lines.append(f"{indent}{section.id:<22} {section.title}")
    return lines


@friendly
def rules_command(
    game: Annotated[
        str, typer.Argument(metavar=_("GAME"), help=_("the game (see `mailbag games`)"))
    ],
    topic: Annotated[
        list[str] | None,
        typer.Argument(
            metavar=_("TOPIC"),
            help=_("a section's id (PC-7, setup), its title, or words to look for"),
        ),
    ] = None,
) -> None:
    """Print a game's rules in mailbag's own words: the list of sections, or one of them."""
    _game, reference = reference_of(game)
    if not topic:
        console.print("\n".join(contents_lines(reference)), markup=False)
        console.print()
        console.print(_("`mailbag rules {game} TOPIC` prints a section.", game=game), markup=False)
        return
    words = " ".join(topic)
    exact = reference.find(words)
    hits = reference.search(words)
    if exact is None:
        raise RulesNotFound(
            _(
                "no section of the rules of {game} is about {topic}; "
                "`mailbag rules {game}` lists them",
                game=game,
                topic=repr(words),
            )
        )
    print_section(reference, exact)
    others = [hit for hit in hits if hit.id != exact.id][:6]
    if others:
        console.print()
        console.print(
            _("Also about this: {sections}", sections=", ".join(f"{s.id}" for s in others)),
            markup=False,
        )


@friendly
def learn_command(
    game: Annotated[
        str, typer.Argument(metavar=_("GAME"), help=_("the game to learn (see `mailbag games`)"))
    ],
    record: RecordOption = None,
) -> None:
    """Learn a game by playing a guided first game in the terminal: each step says what to do
    and why; then the game goes on against the same opponents."""
    from mailbag.table.tutorial import require_tutorial
    from mailbag.terminal import play_in_terminal

    lesson = require_tutorial(get(game))
    new_record = lesson.record()
    if record is None:
        from mailbag.paths import new_record_path

        record = new_record_path(new_record.game, new_record.game_id)
    status = play_in_terminal(
        new_record, save_path=record, json_out=False, resumed=False, hints=False, lesson=lesson
    )
    raise typer.Exit(status)


def register(app: typer.Typer) -> None:
    """Add ``rules`` and ``learn`` to the main command line."""
    app.command(
        "rules",
        help=_("Print a game's rules in mailbag's own words: the list of sections, or one."),
    )(rules_command)
    app.command(
        "learn",
        help=_(
            "Learn a game by playing a guided first game in the terminal: each step says what "
            "to do and why; then the game goes on against the same opponents."
        ),
    )(learn_command)
