"""Carteros scoring (CA-8): each Mail card its points (letters 1, parcels 2), completed missions
their points, +3 for the first carrier to deliver 10 Mail cards; ties go to the bicycle
tie-break."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mailbag.core.game import Score
from mailbag.games.carteros.state import FINISH_BONUS, CarterosState

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components


def score(components: Components, state: CarterosState, seat: int) -> Score:
    breakdown = {
        f"{name}s": state.delivered[seat][k] * components.mail_points[k]
        for k, name in enumerate(components.mail_names)
    }
    breakdown["missions"] = sum(components.mission(n).points for n in state.missions_done[seat])
    breakdown["first to finish"] = FINISH_BONUS if state.finisher == seat else 0
    return Score(sum(breakdown.values()), breakdown)


def scores(components: Components, state: CarterosState) -> list[Score]:
    """Every carrier's score, in seat order."""
    return [score(components, state, seat) for seat in range(len(state.pos))]


def points(components: Components, state: CarterosState, seat: int) -> int:
    """The total of :func:`score`, computed without building the breakdown."""
    total = sum(c * p for c, p in zip(state.delivered[seat], components.mail_points, strict=True))
    for number in state.missions_done[seat]:
        total += components.mission(number).points
    return total + (FINISH_BONUS if state.finisher == seat else 0)


def totals(components: Components, state: CarterosState) -> list[int]:
    return [points(components, state, seat) for seat in range(len(state.pos))]


def rank_key(components: Components, state: CarterosState, seat: int) -> tuple[int, int]:
    """Points, then the bicycle tie-break (only ridden by the carriers tied for first)."""
    return (points(components, state, seat), state.tiebreak[seat])
