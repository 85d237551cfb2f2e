"""The ``mailbag`` command line: one typer app, its commands in the modules beside this one.

- :mod:`mailbag.cli.play`: ``games``, ``play`` and ``replay`` (the terminal game and records);
- :mod:`mailbag.cli.research`: ``sim``, ``bench`` and ``ladder``;
- :mod:`mailbag.cli.server`: ``serve`` and ``bench-server`` (the browser server; the ``web``
  extra);
- :mod:`mailbag.cli.util`: what every command shares (clean error lines, typer's words
  translated).

Every error a user can cause is one clean line, never a traceback. ``mailbag`` (the entry point,
:mod:`mailbag.__main__`) chooses the language before importing this package: the commands'
help is text too.
"""

from __future__ import annotations

import importlib
import sys
from typing import Annotated

import typer

from mailbag.cli.util import plain_help, usage_message
from mailbag.core.i18n import _

plain_help()
#: what ``mailbag --help`` says first (the language is chosen before this module is imported)
ABOUT = _("mailbag: Postcards, Post Office and Carteros by their printed rules.")
app = typer.Typer(
    help=ABOUT,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"mailbag {version('mailbag')}")
        except PackageNotFoundError:
            typer.echo(_("mailbag (not installed)"))
        raise typer.Exit()


@app.callback(help=ABOUT)
def _main(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help=_("print mailbag's version and exit"),
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="en|nl|es",
            help=_("language of everything shown (else MAILBAG_LANG, else the locale)"),
        ),
    ] = None,
) -> None:
    """mailbag: Postcards, Post Office and Carteros by their printed rules."""
    if lang is not None:
        from mailbag.core.i18n import LanguageError, set_language

        try:
            set_language(lang)
        except LanguageError as exc:
            raise typer.BadParameter(str(exc), param_hint="--lang") from None


#: the modules whose ``register(app)`` adds their commands, in the order ``--help`` lists them;
#: one that is not there (a trimmed install) leaves its commands out
COMMANDS = (
    "mailbag.cli.play",
    "mailbag.cli.learn",
    "mailbag.cli.research",
    "mailbag.cli.review",
    "mailbag.cli.server",
)


def _register() -> None:
    for name in COMMANDS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(app)


_register()


def main() -> None:
    """Entry point: usage errors too are one clean line (``error: ...``), exit status 2."""
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        typer.echo(_("interrupted"), err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        typer.echo(_("interrupted"), err=True)
        sys.exit(130)
    except Exception as exc:
        # typer's usage errors (bad option value, unknown option or command) carry
        # ``format_message`` and ``exit_code``; print them as one line instead of a box
        if not (hasattr(exc, "format_message") and hasattr(exc, "exit_code")):
            raise
        if type(exc).__name__ == "NoArgsIsHelpError":
            typer.echo(exc.format_message())
            sys.exit(0)
        ctx = getattr(exc, "ctx", None)
        where = f"mailbag {ctx.info_name}" if ctx is not None and ctx.parent else "mailbag"
        typer.echo(
            _(
                "error: {message} (see `{command} --help`)",
                message=usage_message(exc),
                command=where,
            ),
            err=True,
        )
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)
