"""Carteros action notation: the board's actions, built once here.

Turn actions (CA-1): ``move B2``, ``deliver``, ``draw``, ``play bicycle``, ``replace wind``,
``refill``, ``shops`` (Delivery Missions), ``end``. Decisions inside an effect: ``give letter``,
``discard parcel``, ``use umbrella`` / ``pass`` (reactions), ``flood B2``, ``ride B3`` / ``stop``
(Bicycle), ``peek A2`` / ``stop`` (GPS), ``take_mission 7``, ``place_stampy A1``,
``move_stampy B1``, ``tiebreak A1 C1`` (the bicycle tie-break).

Actions naming a card (``play``, ``replace``, ``use``, ``give``, ``discard``, ``take_mission``)
are built from the component data, one per kind, with its other tables (:mod:`kinds`); the
decisions' verbs are listed with the decisions (:mod:`decisions`).
"""

from __future__ import annotations

from typing import Final

from mailbag.core.actions import Action
from mailbag.games.carteros.board import BLOCK_CORNERS, HOUSE_NAMES, HOUSES, LINES

MOVE: Final = tuple(Action("move", (HOUSE_NAMES[h],)) for h in range(HOUSES))
DELIVER: Final = Action("deliver")
DRAW: Final = Action("draw")
REFILL: Final = Action("refill")
SHOPS: Final = Action("shops")
END: Final = Action("end")
PASS: Final = Action("pass")
#: FLOOD[block] (the block named by its top-left house)
FLOOD: Final = tuple(Action("flood", (HOUSE_NAMES[h],)) for h in BLOCK_CORNERS)
RIDE: Final = tuple(Action("ride", (HOUSE_NAMES[h],)) for h in range(HOUSES))
STOP: Final = Action("stop")
PEEK: Final = tuple(Action("peek", (HOUSE_NAMES[h],)) for h in range(HOUSES))
PLACE_STAMPY: Final = tuple(Action("place_stampy", (HOUSE_NAMES[h],)) for h in range(HOUSES))
MOVE_STAMPY: Final = tuple(Action("move_stampy", (HOUSE_NAMES[h],)) for h in range(HOUSES))
TIEBREAK: Final = tuple(
    Action("tiebreak", (HOUSE_NAMES[ln[0]], HOUSE_NAMES[ln[2]])) for ln in LINES
)

#: turn actions, taken with an empty task stack
TURN_VERBS: Final = frozenset(
    {"move", "deliver", "draw", "play", "replace", "refill", "shops", "end"}
)
