"""The real games registered: every one must load (a game that fails to load is a failure here,
never silently skipped)."""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Game, new_game
from mailbag.core.registry import get, names


def loadable_games() -> list[Game[Any]]:
    """Every registered game, loaded; a game that fails to load raises."""
    return [get(name) for name in names()]


def default_players(game: Game[Any]) -> int:
    return min(max(2, game.spec.min_seats), game.spec.max_seats)


def position(game: Game[Any], seed: int) -> tuple[Any, int, list[Action]]:
    """The first position of a two-seat game where the decider has a real choice."""
    state = new_game(game, 2, {}, seed)
    for _ in range(1000):
        seat = game.deciders(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            return state, seat, legal
        game.apply_in_place(state, seat, legal[0])
    raise AssertionError(f"{game.spec.name}: no choice in 1000 decisions")
