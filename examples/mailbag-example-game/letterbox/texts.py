"""Letterbox's words (its name, its options, its actions, its board's words), in English, marked for
translation with mailbag's ``_`` / ``N_``; the terminal's view is in render.py. (mailbag reads its
catalogs from its own ``i18n/`` folder only: a plug-in's texts show in English in every language
until mailbag reads a plug-in's catalogs too.)"""

from __future__ import annotations

from typing import Final

from mailbag.core.i18n import N_, _

TITLE: Final = N_("Letterbox")
SUMMARY: Final = N_(
    "Sort the mail: post letters in rising postcodes before the postman empties the "
    "letterbox (2–4 seats)."
)
HAND_HELP: Final = N_("letters dealt to each seat")
SCORE_POSTED: Final = N_("letters in the letterbox")


def board_words() -> dict[str, str]:
    """The browser board's words, by key (web/board.js looks them up with ``word``)."""
    return {
        "letterbox": _("Letterbox"),
        "empty": _("empty: any letter scores"),
        "top": _("top {letter}: post higher to score"),
        "bag": _("Mail bag"),
        "bag_count": _("{count} letters"),
        "hand": _("Your hand"),
        "sorted": _("Sorted by the postman: {count}"),
        "seat_line": _("{name}: {size} in hand, {points} points"),
        "letter": _("letter {letter}"),
    }


def describe_post(code: int) -> str:
    return _("post letter {letter}", letter=code)


def describe_draw() -> str:
    return _("draw a letter from the mail bag")
