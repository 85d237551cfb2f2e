"""Letterbox (2–4 seats): sort the mail — an example of a game for mailbag in a package of its
own, installed through the ``mailbag.games`` entry point (see its pyproject.toml).

Rules: 18 letter cards, postcodes 1 to 9, two of each, shuffled into the mail bag; each seat is
dealt ``hand`` letters (default 3) and a random seat begins. On your turn either post a letter
of your hand into the letterbox — it scores its postcode if it is higher than the letter on top
(or the letterbox is empty); otherwise the postman empties the letterbox onto the sorted heap
and the letter scores nothing — or draw a letter from the bag (while it holds any and your hand
has fewer than four). A seat with no letter and no bag to draw from is skipped. When the bag
and every hand are empty, the most points wins; a tie goes to the seat that posted fewer.
"""

from __future__ import annotations

from typing import Final

from mailbag.core.spec import GameSpec, OptionSpec

from letterbox.game import LetterboxGame
from letterbox.texts import HAND_HELP, SUMMARY, TITLE

SPEC: Final = GameSpec(
    name="letterbox",
    title=TITLE,
    min_seats=2,
    max_seats=4,
    options=(OptionSpec("hand", int, 3, HAND_HELP, minimum=2, maximum=4),),
    summary=SUMMARY,
    verbs=frozenset({"post", "draw"}),
)

GAME: Final = LetterboxGame(SPEC)

__all__ = ["GAME", "SPEC", "LetterboxGame"]
