"""The real games registered: every one must load (a game that fails to load is a failure here,
never silently skipped)."""

from __future__ import annotations

from typing import Any

from mailbag.core import Game
from mailbag.core.registry import get, names


def loadable_games() -> list[Game[Any]]:
    """Every registered game, loaded; a game that fails to load raises."""
    return [get(name) for name in names()]


def default_players(game: Game[Any]) -> int:
    return min(max(2, game.spec.min_seats), game.spec.max_seats)
