"""Carteros action notation: every decision as a small :class:`Action`, built once here.

Turn actions (CA-1): ``move B2``, ``deliver``, ``draw``, ``play bicycle``, ``replace wind``,
``refill``, ``shops`` (Delivery Missions), ``end``. Decisions inside an effect: ``give letter``,
``discard parcel``, ``use umbrella`` / ``pass`` (reactions), ``flood B2``, ``ride B3`` / ``stop``
(Bicycle), ``peek A2`` / ``stop`` (GPS), ``take_mission 7``, ``place_stampy A1``,
``move_stampy B1``, ``tiebreak A1 C1`` (the bicycle tie-break).
"""

from __future__ import annotations

from mailbag.core.actions import Action
from mailbag.games.carteros.board import BLOCK_CORNERS, HOUSE_NAMES, HOUSES, LINES
from mailbag.games.carteros.components import ACTION_KINDS, MAIL_KINDS, TOTALS

MOVE = tuple(Action("move", (HOUSE_NAMES[h],)) for h in range(HOUSES))
DELIVER = Action("deliver")
DRAW = Action("draw")
PLAY = tuple(Action("play", (name,)) for name in ACTION_KINDS)
REPLACE = tuple(Action("replace", (name,)) for name in ACTION_KINDS)
REFILL = Action("refill")
SHOPS = Action("shops")
END = Action("end")
GIVE = tuple(Action("give", (name,)) for name in MAIL_KINDS)
DISCARD = tuple(Action("discard", (name,)) for name in MAIL_KINDS)
USE = tuple(Action("use", (name,)) for name in ACTION_KINDS)
PASS = Action("pass")
#: FLOOD[block] (the block named by its top-left house)
FLOOD = tuple(Action("flood", (HOUSE_NAMES[h],)) for h in BLOCK_CORNERS)
RIDE = tuple(Action("ride", (HOUSE_NAMES[h],)) for h in range(HOUSES))
STOP = Action("stop")
PEEK = tuple(Action("peek", (HOUSE_NAMES[h],)) for h in range(HOUSES))
TAKE_MISSION = tuple(Action("take_mission", (n,)) for n in range(TOTALS["mission"] + 1))
PLACE_STAMPY = tuple(Action("place_stampy", (HOUSE_NAMES[h],)) for h in range(HOUSES))
MOVE_STAMPY = tuple(Action("move_stampy", (HOUSE_NAMES[h],)) for h in range(HOUSES))
TIEBREAK = tuple(Action("tiebreak", (HOUSE_NAMES[ln[0]], HOUSE_NAMES[ln[2]])) for ln in LINES)

#: turn actions (taken with an empty task stack) and the decision verbs of each task kind
TURN_VERBS = frozenset({"move", "deliver", "draw", "play", "replace", "refill", "shops", "end"})
TASK_VERBS: dict[str, frozenset[str]] = {
    "give": frozenset({"give"}),
    "discard": frozenset({"discard"}),
    "react": frozenset({"use", "pass"}),
    "flood": frozenset({"flood"}),
    "ride": frozenset({"ride", "stop"}),
    "peek": frozenset({"peek", "stop"}),
    "take_mission": frozenset({"take_mission"}),
    "place_stampy": frozenset({"place_stampy"}),
    "move_stampy": frozenset({"move_stampy"}),
    "tiebreak": frozenset({"tiebreak"}),
}
VERBS = TURN_VERBS.union(*TASK_VERBS.values())
