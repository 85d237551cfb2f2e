"""Scores: the postcodes of the letters that went into the letterbox; ties go to the seat that
posted fewer letters."""

from __future__ import annotations

from mailbag.core import Score

from letterbox.state import LetterboxState
from letterbox.texts import SCORE_POSTED


def scores(state: LetterboxState) -> list[Score]:
    return [Score(p, {SCORE_POSTED: p}) for p in state.points]


def rank_key(state: LetterboxState, seat: int) -> tuple[int, ...]:
    return (state.points[seat], -state.posted[seat])
