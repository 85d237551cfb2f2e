"""The graphical board's data and click paths: a letter of the hand is clicked to post it, the
mail bag to draw (web/board.js draws the things these ids name)."""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Observation

from letterbox.components import HAND_LIMIT, POSTCODES
from letterbox.texts import board_words


def board_data() -> dict[str, Any]:
    """What web/board.js draws from: the postcodes and the board's words (in the reader's
    language: the server calls this inside it)."""
    return {"postcodes": list(POSTCODES), "hand_limit": HAND_LIMIT, "words": board_words()}


def click_path(observation: Observation, action: Action) -> tuple[str, ...]:
    if action.verb == "post":
        return (f"hand:{action.args[0]}",)
    return ("bag",)
