"""Scores and places as plain functions of the contract, like :func:`~mailbag.core.game.apply`:
``scores(game, state)`` and ``ranking(game, state)`` for a researcher's script, the same answers
as the game's own methods (which stay, and which these call)."""

from __future__ import annotations

from mailbag.core.game import Game, S, Score


def scores(game: Game[S], state: S) -> list[Score]:
    """Each seat's score with its breakdown by source, in the rulebook's terms (final scores
    once the game is over, the points so far before)."""
    return game.scores(state)


def ranking(game: Game[S], state: S) -> list[int]:
    """Each seat's place, 1 = winner, after the rulebook's tie-breaks; seats still tied share a
    place."""
    return game.ranking(state)
