"""What Letterbox tells mailbag's search bots (``Game.search``): how good a position looks for a
seat, and the search settings that suit the game.

A seat's value is its lead in points over the best other seat, plus a little for each letter of
its hand that would still score on the letterbox's top (a letter that can score is worth
something; one that would call the postman is not yet).
"""

from __future__ import annotations

from typing import Final

from letterbox.state import LetterboxState

#: what a letter of the hand that would score now is worth, in points
SCORING_LETTER: Final = 0.5
#: the mcts bot's settings for Letterbox: short games, so plan the whole game, guided by the
#: heuristic in the rollouts
SEARCH_SETTINGS: Final[dict[str, str]] = {"rollout": "guided"}


def _hand_value(state: LetterboxState, seat: int) -> float:
    top = state.pile[-1] if state.pile else 0
    return SCORING_LETTER * sum(1 for code in state.hands[seat] if code > top)


def heuristic(state: LetterboxState, seat: int) -> float:
    """How good ``state`` looks for ``seat``: its lead in points, plus its scoring letters."""
    best_other = max((p for i, p in enumerate(state.points) if i != seat), default=0)
    return float(state.points[seat] - best_other) + _hand_value(state, seat)


def heuristics(state: LetterboxState) -> list[float]:
    """:func:`heuristic` for every seat at once (the two best point totals found once)."""
    points = state.points
    order = sorted(range(len(points)), key=points.__getitem__, reverse=True)
    first = points[order[0]] if order else 0
    second = points[order[1]] if len(order) > 1 else 0
    return [
        float(p - (second if seat == order[0] else first)) + _hand_value(state, seat)
        for seat, p in enumerate(points)
    ]
