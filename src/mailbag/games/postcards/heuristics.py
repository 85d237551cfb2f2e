"""Greedy-bot evaluation for Postcards."""

from __future__ import annotations

from mailbag.games.postcards import scoring
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import PostcardsState


def heuristic(comps: Components, state: PostcardsState, seat: int) -> float:
    return float(scoring.score_of(comps, state, seat).total)
