"""What every command of the ``mailbag`` CLI shares: mailbag's own errors as one clean line."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

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
