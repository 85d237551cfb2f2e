"""Carteros scoring (CA-8): each Mail card its points (letters 1, parcels 2), completed missions
their points, +3 for the first carrier to deliver 10 Mail cards; ties go to the bicycle
tie-break."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mailbag.core.game import Score
from mailbag.games.carteros.state import FINISH_BONUS, CarterosState

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components


def score(comps: Components, state: CarterosState, seat: int) -> Score:
    breakdown = {
        f"{name}s": state.delivered[seat][k] * comps.mail_points[k]
        for k, name in enumerate(comps.mail_names)
    }
    breakdown["missions"] = sum(comps.mission(n).points for n in state.missions_done[seat])
    breakdown["first to finish"] = FINISH_BONUS if state.finisher == seat else 0
    return Score(sum(breakdown.values()), breakdown)


def points(comps: Components, state: CarterosState, seat: int) -> int:
    """The total of :func:`score`, computed without building the breakdown."""
    total = sum(c * p for c, p in zip(state.delivered[seat], comps.mail_points, strict=True))
    for number in state.missions_done[seat]:
        total += comps.mission(number).points
    return total + (FINISH_BONUS if state.finisher == seat else 0)


def totals(comps: Components, state: CarterosState) -> list[int]:
    return [points(comps, state, seat) for seat in range(len(state.pos))]


def rank_key(comps: Components, state: CarterosState, seat: int) -> tuple[int, int]:
    """Points, then the bicycle tie-break (only ridden by the carriers tied for first)."""
    return (points(comps, state, seat), state.tiebreak[seat])
