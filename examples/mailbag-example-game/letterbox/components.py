"""Letterbox's components: letter cards with postcodes 1 to 9, two of each."""

from __future__ import annotations

from collections import Counter
from typing import Final

POSTCODES: Final = tuple(range(1, 10))
COPIES: Final = 2
HAND_LIMIT: Final = 4


def all_letters() -> list[int]:
    """Every letter of the game, in a fixed order."""
    return [code for code in POSTCODES for _ in range(COPIES)]


def letters(cards: list[int]) -> Counter[str]:
    return Counter(f"letter:{code}" for code in cards)
