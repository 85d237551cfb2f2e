"""The decisions inside an effect, one entry per kind of task: its verbs, the rule it applies,
what the seat is asked, its legal actions, how a choice is carried out, and why anything else
is refused — read by the legal-action menu, the engine, the refusals and the board.

A task on top of the stack that is no decision is an automatic step (:data:`rules.AUTO`). An
effect that needs a new kind of decision adds one :class:`Decision` to :data:`DECISIONS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.core.game import Event
from mailbag.games.carteros import actions as A
from mailbag.games.carteros import effects
from mailbag.games.carteros.board import (
    ADJACENT,
    BLOCK_CORNERS,
    CORNERS,
    DIRECTION_OF,
    HOUSE_INDEX,
    HOUSE_NAMES,
    LINE_INDEX,
    LINES,
    STEP,
)
from mailbag.games.carteros.effects import flooded_mask
from mailbag.games.carteros.state import CarterosState, Task

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components

Menu = Callable[["Components", CarterosState, Task], list[Action]]
Resolve = Callable[["Components", CarterosState, int, Task, Action, list[Event]], None]
Refuse = Callable[["Components", CarterosState, Task, Action], IllegalAction]

BLOCK_OF = {HOUSE_NAMES[h]: b for b, h in enumerate(BLOCK_CORNERS)}


@dataclass(frozen=True)
class Decision:
    """A kind of decision owed inside an effect."""

    kind: str
    verbs: frozenset[str]
    rule: str
    #: what the seat must do, for a refusal ("seat 1 must first …"); ``{mail}`` lists the Mail
    #: cards' names
    prompt: str
    #: what the table waits for, after "seat N" on the board; ``{card}`` and ``{cause}`` name a
    #: reaction window's card and what it answers
    waiting: str
    #: menu labels per verb; ``{0}``, ``{1}`` are the arguments, ``{title}`` a card's title,
    #: ``{block}`` the houses of a flooded block
    labels: Mapping[str, str]
    menu: Menu
    resolve: Resolve
    refuse: Refuse


def _arg(action: Action, index: int = 0) -> str:
    return str(action.args[index]) if len(action.args) > index else ""


def _house(action: Action, index: int = 0) -> int | None:
    return HOUSE_INDEX.get(_arg(action, index)) if len(action.args) > index else None


# -- give and discard a Mail card (CA-2, CA-112: always asked, even with one kind held) -----------


def _give_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    return [comps.give[k] for k, c in enumerate(state.mail[task.seat]) if c]


def _give(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    task.n -= 1
    if task.n <= 0:
        state.tasks.pop()
    effects.give_mail(comps, state, seat, comps.mail_index[_arg(action)], ev)


def _discard_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    return [comps.discard[k] for k, c in enumerate(state.mail[task.seat]) if c]


def _discard(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    state.tasks.pop()
    kind = comps.mail_index[_arg(action)]
    effects.discard_mail(state, seat, kind)
    name = comps.mail_names[kind]
    ev.append(
        Event(
            "discard",
            f"seat {seat} discards a {name} ({task.cause})",
            {"seat": seat, "mail": name, "cause": task.cause},
        )
    )


def _refuse_mail(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    if len(action.args) != 1 or _arg(action) not in comps.mail_index:
        return IllegalAction("CA-2", f"{action.verb} takes one of {', '.join(comps.mail_names)}")
    return IllegalAction("CA-2", f"seat {task.seat} holds no {_arg(action)}")


# -- reaction windows (CA-103) -------------------------------------------------------------------


def _react_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    return [comps.use[task.arg], A.PASS]


def _react(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    state.tasks.pop()
    if action.verb == "pass":
        ev.append(Event("pass", f"seat {seat} does not react", {"seat": seat, "cause": task.cause}))
        return
    cancelled = state.tasks.pop()
    kind = task.arg
    effects.discard_action(state, seat, kind)
    state.played[seat][kind] += 1
    if cancelled.kind == "debt":
        state.debt[seat] = 0
    name = comps.action_names[kind]
    ev.append(
        Event(
            "react",
            f"seat {seat} answers {task.cause} with {name}",
            {"seat": seat, "card": name, "cause": task.cause},
        )
    )


def _refuse_react(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction(
        "CA-103", f"this window offers only {comps.action_names[task.arg]} against {task.cause}"
    )


# -- Rain: the flooded block (CA-6) --------------------------------------------------------------


def _flood_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    return list(A.FLOOD)


def _flood(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    state.tasks.pop()
    arg = _arg(action)
    state.floods[state.floods.index(-1)] = BLOCK_OF[arg]
    ev.append(
        Event("flood", f"seat {seat} floods the block at {arg}", {"seat": seat, "block": arg})
    )


def _refuse_flood(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction(
        "CA-6",
        "flood a 2×2 block named by its top-left house: "
        + ", ".join(HOUSE_NAMES[h] for h in BLOCK_CORNERS),
    )


# -- Bicycle: the ride (CA-4, CA-106) ------------------------------------------------------------


def ride_targets(state: CarterosState, seat: int, task: Task) -> list[int]:
    house = state.pos[seat]
    mask = flooded_mask(state)
    if task.arg < 0:
        return [q for q in ADJACENT[house] if not mask >> q & 1]
    q = STEP[house][task.arg]
    return [q] if q >= 0 and not mask >> q & 1 else []


def _ride_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    result = [A.RIDE[q] for q in ride_targets(state, task.seat, task)]
    if task.n >= 1:
        result.append(A.STOP)
    return result


def _ride(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    """CA-4 (CA-106): one house further in a straight line; the house is turned unless Stampy
    is on it or its card was replaced this turn; it delivers what its kind ``delivers`` (Received
    and Double), any other card is ignored (Stampy's meeple does not move)."""
    if action.verb == "stop":
        state.tasks.pop()
        ev.append(Event("stop", f"seat {seat} gets off the bicycle", {"seat": seat}))
        return
    house = HOUSE_INDEX[_arg(action)]
    task.arg = DIRECTION_OF[(state.pos[seat], house)]
    task.n += 1
    state.pos[seat] = house
    count = 0
    name = HOUSE_NAMES[house]
    if house == state.stampy or state.fresh >> house & 1:
        ev.append(
            Event(
                "ride",
                f"seat {seat} rides past {name}",
                {"seat": seat, "house": name, "card": None},
            )
        )
    else:
        kind = effects.turn_house(state, house)
        card = comps.house_names[kind]
        ev.append(
            Event(
                "ride",
                f"seat {seat} rides to {name}: {card}",
                {"seat": seat, "house": name, "card": card},
            )
        )
        count = min(sum(state.mail[seat]), comps.house_delivers[kind])
    if task.n >= 3:
        state.tasks.pop()
    if count:
        state.tasks.append(Task("give", seat, n=count))


def _refuse_ride(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    if action.verb == "stop":
        return IllegalAction("CA-4", "ride at least one house first")
    target = _house(action)
    if target is not None and flooded_mask(state) >> target & 1:
        return IllegalAction("CA-4", "the bicycle cannot enter a flooded house")
    return IllegalAction("CA-4", "the bicycle rides one house on, in a straight line")


# -- GPS: the peeks (CA-7) -----------------------------------------------------------------------


def _peek_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    result = [A.PEEK[q] for q in ADJACENT[state.pos[task.seat]] if q != task.arg]
    if task.arg >= 0:
        result.append(A.STOP)  # CA-7: up to two houses
    return result


def _peek(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    """CA-7: look privately at an adjacent house; after the second (or ``stop``) the turn
    ends."""
    if action.verb == "stop":
        state.tasks.pop()
        state.turn_over = True
        ev.append(Event("stop", f"seat {seat} puts the GPS away", {"seat": seat}))
        return
    house = HOUSE_INDEX[_arg(action)]
    state.known[seat][house] = state.grid[house]
    name = HOUSE_NAMES[house]
    ev.append(Event("peek", f"seat {seat} looks at {name}", {"seat": seat, "house": name}))
    card = comps.house_names[state.grid[house]]
    ev.append(Event("peeked", f"{name} hides {card}", {"house": name, "card": card}, to=(seat,)))
    task.n -= 1
    task.arg = house
    if task.n <= 0:
        state.tasks.pop()
        state.turn_over = True


def _refuse_peek(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    if action.verb == "stop":
        return IllegalAction("CA-7", "look at one house at least first")
    return IllegalAction("CA-7", "GPS looks at two different houses next to you")


# -- Delivery Missions: the shops (CA-10) --------------------------------------------------------


def _mission_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    return [comps.take_mission[deck[-1]] for deck in state.mission_decks if deck]


def _take_mission(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    state.tasks.pop()
    number = int(_arg(action))
    for deck in state.mission_decks:
        if deck and deck[-1] == number:
            deck.pop()
            break
    state.mission[seat] = number
    ev.append(
        Event(
            "take_mission",
            f"seat {seat} takes mission {number}",
            {"seat": seat, "mission": number},
        )
    )


def _refuse_mission(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    tops = [str(d[-1]) for d in state.mission_decks if d]
    return IllegalAction("CA-10", f"the face-up missions are {', '.join(tops)}")


# -- Stampy's meeple (CA-9) ----------------------------------------------------------------------


def _place_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    return [A.PLACE_STAMPY[c] for c in CORNERS]


def _place_stampy(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    state.tasks.pop()
    arg = _arg(action)
    state.stampy = HOUSE_INDEX[arg]
    ev.append(Event("stampy", f"seat {seat} puts Stampy on {arg}", {"seat": seat, "house": arg}))


def _refuse_place(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction("CA-9", "Stampy starts on a corner house: A1, C1, A4 or C4")


def _move_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    return [A.MOVE_STAMPY[q] for q in ADJACENT[state.stampy]]


def _move_stampy(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    state.tasks.pop()
    arg = _arg(action)
    state.stampy = HOUSE_INDEX[arg]
    ev.append(Event("stampy", f"seat {seat} moves Stampy to {arg}", {"seat": seat, "house": arg}))
    effects.stampy_arrives(comps, state, seat, ev)


def _refuse_move(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction("CA-9", "Stampy moves one house up, down, left or right")


# -- the bicycle tie-break (CA-8, CA-109) --------------------------------------------------------


def _tiebreak_menu(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    return list(A.TIEBREAK)


def _tiebreak(
    comps: Components, state: CarterosState, seat: int, task: Task, action: Action, ev: list[Event]
) -> None:
    state.tasks.pop()
    first, last = _arg(action), _arg(action, 1)
    line = LINES[LINE_INDEX[(HOUSE_INDEX[first], HOUSE_INDEX[last])]]
    cards = [effects.turn_house(state, h) for h in line]
    points = sum(comps.house_delivers[k] for k in cards)
    state.tiebreak[seat] = points
    ev.append(
        Event(
            "tiebreak",
            f"seat {seat} rides {first}–{last}: {points} delivered",
            {"seat": seat, "cards": [comps.house_names[k] for k in cards], "points": points},
        )
    )


def _refuse_tiebreak(
    comps: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    lines = ", ".join(f"{HOUSE_NAMES[ln[0]]} {HOUSE_NAMES[ln[2]]}" for ln in LINES)
    return IllegalAction("CA-8", f"a line of 3 houses, first and last: {lines}")


DECISIONS: dict[str, Decision] = {
    d.kind: d
    for d in (
        Decision(
            "give",
            frozenset({"give"}),
            "CA-2",
            "choose the Mail card to deliver (give {mail})",
            "to choose the Mail card(s) to deliver",
            {"give": "deliver a {0}"},
            _give_menu,
            _give,
            _refuse_mail,
        ),
        Decision(
            "discard",
            frozenset({"discard"}),
            "CA-2",
            "choose the Mail card to discard (discard {mail})",
            "to choose a Mail card to discard",
            {"discard": "discard a {0}"},
            _discard_menu,
            _discard,
            _refuse_mail,
        ),
        Decision(
            "react",
            frozenset({"use", "pass"}),
            "CA-103",
            "answer the reaction window (use CARD or pass)",
            "may answer {cause} with {card}",
            {"use": "use {title}", "pass": "do not react"},
            _react_menu,
            _react,
            _refuse_react,
        ),
        Decision(
            "flood",
            frozenset({"flood"}),
            "CA-6",
            "choose the block to flood (flood A1 … B3)",
            "to choose the block to flood",
            {"flood": "flood {block}"},
            _flood_menu,
            _flood,
            _refuse_flood,
        ),
        Decision(
            "ride",
            frozenset({"ride", "stop"}),
            "CA-4",
            "ride on or stop the bicycle (ride HOUSE or stop)",
            "to ride the bicycle on",
            {"ride": "ride to {0}", "stop": "get off the bicycle"},
            _ride_menu,
            _ride,
            _refuse_ride,
        ),
        Decision(
            "peek",
            frozenset({"peek", "stop"}),
            "CA-7",
            "choose an adjacent house to look at (peek HOUSE, or stop after one)",
            "to look at a house with GPS",
            {"peek": "look at {0}", "stop": "put the GPS away (your turn ends)"},
            _peek_menu,
            _peek,
            _refuse_peek,
        ),
        Decision(
            "take_mission",
            frozenset({"take_mission"}),
            "CA-10",
            "take one of the face-up missions (take_mission N)",
            "to take a mission",
            {"take_mission": "take mission {0}"},
            _mission_menu,
            _take_mission,
            _refuse_mission,
        ),
        Decision(
            "place_stampy",
            frozenset({"place_stampy"}),
            "CA-9",
            "put Stampy on a corner house (place_stampy HOUSE)",
            "to put Stampy on a corner",
            {"place_stampy": "put Stampy on {0}"},
            _place_menu,
            _place_stampy,
            _refuse_place,
        ),
        Decision(
            "move_stampy",
            frozenset({"move_stampy"}),
            "CA-9",
            "move Stampy one house (move_stampy HOUSE)",
            "to move Stampy",
            {"move_stampy": "move Stampy to {0}"},
            _move_menu,
            _move_stampy,
            _refuse_move,
        ),
        Decision(
            "tiebreak",
            frozenset({"tiebreak"}),
            "CA-8",
            "choose a line of 3 houses (tiebreak FIRST LAST)",
            "to ride the tie-break line",
            {"tiebreak": "ride the line {0}–{1}"},
            _tiebreak_menu,
            _tiebreak,
            _refuse_tiebreak,
        ),
    )
}

#: each decision's menu and how a choice is carried out, by task kind (the engine's fast path)
MENUS = {kind: d.menu for kind, d in DECISIONS.items()}
RESOLVE = {kind: d.resolve for kind, d in DECISIONS.items()}
#: every verb of the notation: turn actions and the decisions inside effects
VERBS = A.TURN_VERBS.union(*(d.verbs for d in DECISIONS.values()))
