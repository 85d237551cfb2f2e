"""Every text of Letterbox a person reads, in English, marked for translation with mailbag's
``_`` / ``N_``. (mailbag reads its catalogs from its own ``i18n/`` folder only: a plug-in's texts
show in English in every language until mailbag reads a plug-in's catalogs too.)"""

from __future__ import annotations

from typing import Final

from mailbag.core import Observation
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


def render(observation: Observation) -> str:
    """The seat's view as text for the terminal: the letterbox, the bag, the hands, the points."""
    pile = observation["pile"]
    lines = [
        _("Letterbox: {letters} (top {top})", letters=" ".join(map(str, pile)) or "-",
          top=pile[-1] if pile else "-"),
        _("Mail bag: {count} letters; sorted by the postman: {sorted}",
          count=observation["bag"], sorted=len(observation["sorted"])),
    ]
    hand = observation["hand"]
    if hand is not None:
        lines.append(_("Your hand: {letters}", letters=" ".join(map(str, hand)) or "-"))
    for seat, (size, points) in enumerate(
        zip(observation["hand_sizes"], observation["points"], strict=True)
    ):
        turn = " *" if seat == observation["current"] else ""
        lines.append(_("Seat {seat}: {size} letters in hand, {points} points", seat=seat,
                       size=size, points=points) + turn)
    return "\n".join(lines)
