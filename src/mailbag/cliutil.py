"""What every command of the ``mailbag`` CLI shares: mailbag's own errors as one clean line."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import typer

from mailbag.core.errors import MailbagError

P = ParamSpec("P")
R = TypeVar("R")


def friendly(func: Callable[P, R]) -> Callable[P, R]:
    """Turn mailbag's own errors into one clean line on stderr and exit status 2."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except MailbagError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None

    return wrapper


def plain_help() -> None:
    """Help texts in words, not Python types: an argument is shown by its name alone, an option
    without a metavar by its name in capitals (``--games GAMES``, not ``--games <int>``)."""
    from typer import core

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
