"""What every command of the ``mailbag`` CLI shares: mailbag's own errors as one clean line, and
the command line's own words (usage, headings, usage errors) in the reader's language."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import typer

from mailbag.core.errors import MailbagError
from mailbag.core.i18n import N_, _

P = ParamSpec("P")
R = TypeVar("R")

#: the texts typer itself shows (looked up through its ``gettext`` call, or put in words here)
TYPER_TEXTS = (
    N_("Usage: "),
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("default: {default}"),
    N_("required"),
    N_("(dynamic)"),
    N_("env var: {var}"),
    N_("Show this message and exit."),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Aborted!"),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
)

#: what pydantic (through typer) says of a value of the wrong type
VALUE_TEXTS = (
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be a finite number"),
)

#: typer's usage errors, as it words them in English → the same in the reader's language
_USAGE = (
    (re.compile(r"Missing argument (?P<name>.+)\.", re.S), N_("Missing argument {name}.")),
    (re.compile(r"Missing option (?P<name>.+)\.", re.S), N_("Missing option {name}.")),
    (
        re.compile(r"Invalid value for (?P<name>.+?): (?P<value>.*)", re.S),
        N_("Invalid value for {name}: {value}"),
    ),
    (re.compile(r"Invalid value: (?P<value>.*)", re.S), N_("Invalid value: {value}")),
    (
        re.compile(r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.*)\)", re.S),
        N_("No such option: {name} (did you mean: {options})"),
    ),
    (re.compile(r"No such option: (?P<name>.+)", re.S), N_("No such option: {name}")),
    (
        re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<words>.*)\)", re.S),
        N_("Got unexpected extra arguments ({words})"),
    ),
    (
        re.compile(r"Option (?P<name>.+) requires an argument\.", re.S),
        N_("Option {name} requires an argument."),
    ),
    (
        re.compile(r"Option (?P<name>.+) requires (?P<count>[0-9]+) arguments\.", re.S),
        N_("Option {name} requires {count} arguments."),
    ),
    (
        re.compile(r"Option (?P<name>.+) does not take a value\.", re.S),
        N_("Option {name} does not take a value."),
    ),
)


def usage_message(exc: Any) -> str:
    """A usage error of typer's (bad option value, unknown option or command) in the reader's
    language; a message not known here is shown as typer words it."""
    message = str(exc.format_message())
    for pattern, text in _USAGE:
        match = pattern.fullmatch(message)
        if match is not None:
            fields = {key: _(value) for key, value in match.groupdict().items()}
            return _(text, **fields)
    return _(message)


def friendly(func: Callable[P, R]) -> Callable[P, R]:
    """Turn mailbag's own errors into one clean line on stderr and exit status 2."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except MailbagError as exc:
            typer.echo(_("error: {message}", message=str(exc)), err=True)
            raise typer.Exit(2) from None

    return wrapper


def plain_help() -> None:
    """Help texts in words, not Python types: an argument is shown by its name alone, an option
    without a metavar by its name in capitals (``--games GAMES``, not ``--games <int>``); and
    typer's own words (``Usage:``, ``Options``, the help option) in the reader's language."""
    from typer import core
    from typer._click import core as click_core
    from typer._click import formatting

    def argument_type(self: Any, ctx: Any) -> str | None:
        return None

    def option_type(self: Any, ctx: Any) -> str | None:
        if self.metavar is not None:
            return str(self.metavar)
        if self.is_flag or self.count:
            return None
        return str(self.name or "value").upper()

    core.TyperArgument.display_type_rich = argument_type  # type: ignore[method-assign]
    core.TyperOption.display_type_rich = option_type  # type: ignore[method-assign]
    _translate_typer(core, click_core, formatting)


def _translate_typer(core: Any, click_core: Any, formatting: Any) -> None:
    """typer's words through mailbag's catalogs: its ``gettext`` calls, the usage line's prefix
    and the help option's text (looked up each time they are shown)."""
    if getattr(formatting.HelpFormatter, "_mailbag_translated", False):
        return
    core._ = _  # typer's own texts ("Options", "default: {default}") are looked up by _()
    write_usage = formatting.HelpFormatter.write_usage

    def translated_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        for placeholder in ("COMMAND [ARGS]...", "[OPTIONS]"):
            args = args.replace(placeholder, _(placeholder))
        write_usage(self, prog, args, _("Usage: ") if prefix is None else prefix)

    get_help_option = click_core.Command.get_help_option

    def translated_help_option(self: Any, ctx: Any) -> Any:
        option = get_help_option(self, ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    formatting.HelpFormatter.write_usage = translated_usage
    formatting.HelpFormatter._mailbag_translated = True
    click_core.Command.get_help_option = translated_help_option
