"""The decisions inside an effect, one entry per kind of task: its verbs, the rule it applies,
what the seat is asked, its legal actions, how a choice is carried out, and why anything else
is refused — read by the legal-action menu, the engine, the refusals and the board.

A task on top of the stack that is no decision is an automatic step (:data:`apply.AUTO`). An
effect that needs a new kind of decision adds one :class:`Decision` to :data:`DECISIONS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.core.game import Event
from mailbag.core.i18n import N_, _
from mailbag.games.carteros import actions as A
from mailbag.games.carteros import effects
from mailbag.games.carteros.board import (
    ADJACENT,
    BLOCK_CORNERS,
    CORNERS,
    DIRECTION_OF,
    HOUSE_INDEX,
    HOUSE_NAMES,
    HOUSES,
    LINE_INDEX,
    LINES,
    STEP,
)
from mailbag.games.carteros.effects import flooded_mask
from mailbag.games.carteros.state import CAUSES, CarterosState, Task
from mailbag.games.carteros.texts import action_title, cause, mail_title, seat_name

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components

Menu = Callable[["Components", CarterosState, Task], list[Action]]
Resolve = Callable[["Components", CarterosState, int, Task, Action, list[Event]], None]
Refuse = Callable[["Components", CarterosState, Task, Action], IllegalAction]
#: the values play can give a task's ``n``, ``arg`` and ``cause``
TaskFields = tuple[frozenset[int], frozenset[int], frozenset[str]]
Universe = Callable[["Components"], Sequence[Action]]
FieldsOf = Callable[["Components"], TaskFields]
#: a task that uses none of them
NO_FIELDS: Final[TaskFields] = (frozenset({0}), frozenset({-1}), frozenset({""}))

BLOCK_OF: Final = {HOUSE_NAMES[h]: b for b, h in enumerate(BLOCK_CORNERS)}


@dataclass(frozen=True)
class Decision:
    """A kind of decision owed inside an effect."""

    kind: str
    verbs: frozenset[str]
    rule: str
    #: what the seat must do, for a refusal ("seat 1 must first …"); ``{mail}`` lists the Mail
    #: cards' names (English, marked with ``N_``: translated where shown, like the next two)
    prompt: str
    #: what the table waits for, after "seat N" on the board; ``{card}`` and ``{cause}`` name a
    #: reaction window's card and what it answers
    waiting: str
    #: menu labels per verb; ``{arg}`` is the argument (``{first}`` and ``{last}`` the two of a
    #: tie-break line), ``{card}`` an Action card's title, ``{mail}`` one Mail card with its
    #: article, ``{block}`` the houses of a flooded block
    labels: Mapping[str, str]
    menu: Menu
    resolve: Resolve
    refuse: Refuse
    #: every action it can ever offer (the encoder's action universe is made of these)
    actions: Universe
    #: the values play can give its task's fields (the state check reads them)
    fields: FieldsOf


def _no_fields(components: Components) -> TaskFields:
    return NO_FIELDS


def _give_fields(components: Components) -> TaskFields:
    """How many Mail cards the house turned still takes (CA-2)."""
    return (frozenset(range(1, components.max_delivers + 1)), frozenset({-1}), frozenset({""}))


def _discard_fields(components: Components) -> TaskFields:
    """Why the card is discarded (CA-2, CA-9)."""
    return (frozenset({0}), frozenset({-1}), frozenset({"stampy", "change_of_direction"}))


def _react_fields(components: Components) -> TaskFields:
    """The card that answers, and the cause it answers (CA-103)."""
    cards = frozenset(card for card in components.cancel_card.values() if card >= 0)
    return (frozenset({0}), cards, frozenset(CAUSES.values()))


#: a ride: houses ridden so far and the direction once taken (CA-4); GPS: looks left and the
#: house seen first (CA-7)
_RIDE: Final[TaskFields] = (frozenset({0, 1, 2}), frozenset({-1, 0, 1, 2, 3}), frozenset({""}))
_PEEK: Final[TaskFields] = (frozenset({1, 2}), frozenset({-1, *range(HOUSES)}), frozenset({""}))


def _arg(action: Action, index: int = 0) -> str:
    return str(action.args[index]) if len(action.args) > index else ""


def _house(action: Action, index: int = 0) -> int | None:
    return HOUSE_INDEX.get(_arg(action, index)) if len(action.args) > index else None


# -- give and discard a Mail card (CA-2, CA-112: always asked, even with one kind held) -----------


def _give_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    return [components.give[k] for k, c in enumerate(state.mail[task.seat]) if c]


def _give(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    task.n -= 1
    if task.n <= 0:
        state.tasks.pop()
    effects.give_mail(components, state, seat, components.mail_index[_arg(action)], ev)


def _discard_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    return [components.discard[k] for k, c in enumerate(state.mail[task.seat]) if c]


def _discard(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    state.tasks.pop()
    kind = components.mail_index[_arg(action)]
    effects.discard_mail(state, seat, kind)
    name = components.mail_names[kind]
    ev.append(
        Event(
            "discard",
            N_("{seat} discards {mail} ({cause})"),
            {"seat": seat, "mail": name, "cause": task.cause},
        )
    )


def _refuse_mail(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    if len(action.args) != 1 or _arg(action) not in components.mail_index:
        return IllegalAction(
            "CA-2",
            _(
                "{verb} takes one of {names}",
                verb=action.verb,
                names=", ".join(components.mail_names),
            ),
        )
    return IllegalAction(
        "CA-2",
        _(
            "{seat} holds no {mail}",
            seat=seat_name(task.seat),
            mail=mail_title(components, _arg(action)),
        ),
    )


# -- reaction windows (CA-103) -------------------------------------------------------------------


def _react_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    return [components.use[task.arg], A.PASS]


def _react(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    state.tasks.pop()
    if action.verb == "pass":
        ev.append(Event("pass", N_("{seat} does not react"), {"seat": seat, "cause": task.cause}))
        return
    cancelled = state.tasks.pop()
    kind = task.arg
    effects.discard_action(state, seat, kind)
    state.played[seat][kind] += 1
    if cancelled.kind == "debt":
        state.debt[seat] = 0
    name = components.action_names[kind]
    ev.append(
        Event(
            "react",
            N_("{seat} answers {cause} with {card}"),
            {"seat": seat, "card": name, "cause": task.cause},
        )
    )


def _refuse_react(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction(
        "CA-103",
        _(
            "this window offers only {card} against {cause}",
            card=action_title(components, components.action_names[task.arg]),
            cause=cause(task.cause),
        ),
    )


# -- Rain: the flooded block (CA-6) --------------------------------------------------------------


def _flood_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    return list(A.FLOOD)


def _flood(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    state.tasks.pop()
    arg = _arg(action)
    state.floods[state.floods.index(-1)] = BLOCK_OF[arg]
    ev.append(
        Event("flood", N_("{seat} floods the block at {block}"), {"seat": seat, "block": arg})
    )


def _refuse_flood(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction(
        "CA-6",
        _(
            "flood a 2×2 block named by its top-left house: {houses}",
            houses=", ".join(HOUSE_NAMES[h] for h in BLOCK_CORNERS),
        ),
    )


# -- Bicycle: the ride (CA-4, CA-106) ------------------------------------------------------------


def ride_targets(state: CarterosState, seat: int, task: Task) -> list[int]:
    house = state.pos[seat]
    mask = flooded_mask(state)
    if task.arg < 0:
        return [q for q in ADJACENT[house] if not mask >> q & 1]
    q = STEP[house][task.arg]
    return [q] if q >= 0 and not mask >> q & 1 else []


def _ride_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    result = [A.RIDE[q] for q in ride_targets(state, task.seat, task)]
    if task.n >= 1:
        result.append(A.STOP)
    return result


def _ride(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    """CA-4 (CA-106): one house further in a straight line; the house is turned unless Stampy
    is on it or its card was replaced this turn; it delivers what its kind ``delivers`` (Received
    and Double), any other card is ignored (Stampy's meeple does not move)."""
    if action.verb == "stop":
        state.tasks.pop()
        ev.append(Event("stop", N_("{seat} gets off the bicycle"), {"seat": seat}))
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
                N_("{seat} rides past {house}"),
                {"seat": seat, "house": name, "card": None},
            )
        )
    else:
        kind = effects.turn_house(state, house)
        card = components.house_names[kind]
        ev.append(
            Event(
                "ride",
                N_("{seat} rides to {house}: {card}"),
                {"seat": seat, "house": name, "card": card},
            )
        )
        count = min(sum(state.mail[seat]), components.house_delivers[kind])
    if task.n >= 3:
        state.tasks.pop()
    if count:
        state.tasks.append(Task("give", seat, n=count))


def _refuse_ride(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    if action.verb == "stop":
        return IllegalAction("CA-4", _("ride at least one house first"))
    target = _house(action)
    if target is not None and flooded_mask(state) >> target & 1:
        return IllegalAction("CA-4", _("the bicycle cannot enter a flooded house"))
    return IllegalAction("CA-4", _("the bicycle rides one house on, in a straight line"))


# -- GPS: the peeks (CA-7) -----------------------------------------------------------------------


def _peek_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    result = [A.PEEK[q] for q in ADJACENT[state.pos[task.seat]] if q != task.arg]
    if task.arg >= 0:
        result.append(A.STOP)  # CA-7: up to two houses
    return result


def _peek(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    """CA-7: look privately at an adjacent house; after the second (or ``stop``) the turn
    ends."""
    if action.verb == "stop":
        state.tasks.pop()
        state.turn_over = True
        ev.append(Event("stop", N_("{seat} puts the GPS away"), {"seat": seat}))
        return
    house = HOUSE_INDEX[_arg(action)]
    state.known[seat][house] = state.grid[house]
    name = HOUSE_NAMES[house]
    ev.append(Event("peek", N_("{seat} looks at {house}"), {"seat": seat, "house": name}))
    card = components.house_names[state.grid[house]]
    ev.append(
        Event("peeked", N_("{house} hides {card}"), {"house": name, "card": card}, to=(seat,))
    )
    task.n -= 1
    task.arg = house
    if task.n <= 0:
        state.tasks.pop()
        state.turn_over = True


def _refuse_peek(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    if action.verb == "stop":
        return IllegalAction("CA-7", _("look at one house at least first"))
    return IllegalAction("CA-7", _("GPS looks at two different houses next to you"))


# -- Delivery Missions: the shops (CA-10) --------------------------------------------------------


def _mission_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    return [components.take_mission[deck[-1]] for deck in state.mission_decks if deck]


def _take_mission(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
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
            N_("{seat} takes mission {mission}"),
            {"seat": seat, "mission": number},
        )
    )


def _refuse_mission(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    tops = [str(d[-1]) for d in state.mission_decks if d]
    return IllegalAction(
        "CA-10", _("the face-up missions are {missions}", missions=", ".join(tops))
    )


# -- Stampy's meeple (CA-9) ----------------------------------------------------------------------


def _place_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    return [A.PLACE_STAMPY[c] for c in CORNERS]


def _place_stampy(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    state.tasks.pop()
    arg = _arg(action)
    state.stampy = HOUSE_INDEX[arg]
    ev.append(Event("stampy", N_("{seat} puts Stampy on {house}"), {"seat": seat, "house": arg}))


def _refuse_place(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction("CA-9", _("Stampy starts on a corner house: A1, C1, A4 or C4"))


def _move_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    return [A.MOVE_STAMPY[q] for q in ADJACENT[state.stampy]]


def _move_stampy(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    state.tasks.pop()
    arg = _arg(action)
    state.stampy = HOUSE_INDEX[arg]
    ev.append(Event("stampy", N_("{seat} moves Stampy to {house}"), {"seat": seat, "house": arg}))
    effects.stampy_arrives(components, state, seat, ev)


def _refuse_move(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction("CA-9", _("Stampy moves one house up, down, left or right"))


# -- the bicycle tie-break (CA-8, CA-109) --------------------------------------------------------


def _tiebreak_menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    return list(A.TIEBREAK)


def _tiebreak(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    ev: list[Event],
) -> None:
    state.tasks.pop()
    first, last = _arg(action), _arg(action, 1)
    line = LINES[LINE_INDEX[(HOUSE_INDEX[first], HOUSE_INDEX[last])]]
    cards = [effects.turn_house(state, h) for h in line]
    points = sum(components.house_delivers[k] for k in cards)
    state.tiebreak[seat] = points
    ev.append(
        Event(
            "tiebreak",
            N_("{seat} rides {first}–{last}: {points} delivered"),
            {
                "seat": seat,
                "cards": [components.house_names[k] for k in cards],
                "points": points,
                "first": first,
                "last": last,
            },
        )
    )


def _refuse_tiebreak(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    lines = ", ".join(f"{HOUSE_NAMES[ln[0]]} {HOUSE_NAMES[ln[2]]}" for ln in LINES)
    return IllegalAction("CA-8", _("a line of 3 houses, first and last: {lines}", lines=lines))


DECISIONS: Final[dict[str, Decision]] = {
    d.kind: d
    for d in (
        Decision(
            "give",
            frozenset({"give"}),
            "CA-2",
            N_("choose the Mail card to deliver (give {mail})"),
            N_("to choose the Mail card(s) to deliver"),
            {"give": N_("deliver {mail}")},
            _give_menu,
            _give,
            _refuse_mail,
            actions=lambda components: components.give,
            fields=_give_fields,
        ),
        Decision(
            "discard",
            frozenset({"discard"}),
            "CA-2",
            N_("choose the Mail card to discard (discard {mail})"),
            N_("to choose a Mail card to discard"),
            {"discard": N_("discard {mail}")},
            _discard_menu,
            _discard,
            _refuse_mail,
            actions=lambda components: components.discard,
            fields=_discard_fields,
        ),
        Decision(
            "react",
            frozenset({"use", "pass"}),
            "CA-103",
            N_("answer the reaction window (use CARD or pass)"),
            N_("may answer {cause} with {card}"),
            {"use": N_("use {card}"), "pass": N_("do not react")},
            _react_menu,
            _react,
            _refuse_react,
            actions=lambda components: (*components.use, A.PASS),
            fields=_react_fields,
        ),
        Decision(
            "flood",
            frozenset({"flood"}),
            "CA-6",
            N_("choose the block to flood (flood A1 … B3)"),
            N_("to choose the block to flood"),
            {"flood": N_("flood the houses {block}")},
            _flood_menu,
            _flood,
            _refuse_flood,
            actions=lambda components: A.FLOOD,
            fields=_no_fields,
        ),
        Decision(
            "ride",
            frozenset({"ride", "stop"}),
            "CA-4",
            N_("ride on or stop the bicycle (ride HOUSE or stop)"),
            N_("to ride the bicycle on"),
            {"ride": N_("ride to {arg}"), "stop": N_("get off the bicycle")},
            _ride_menu,
            _ride,
            _refuse_ride,
            actions=lambda components: (*A.RIDE, A.STOP),
            fields=lambda components: _RIDE,
        ),
        Decision(
            "peek",
            frozenset({"peek", "stop"}),
            "CA-7",
            N_("choose an adjacent house to look at (peek HOUSE, or stop after one)"),
            N_("to look at a house with GPS"),
            {"peek": N_("look at {arg}"), "stop": N_("put the GPS away (your turn ends)")},
            _peek_menu,
            _peek,
            _refuse_peek,
            actions=lambda components: (*A.PEEK, A.STOP),
            fields=lambda components: _PEEK,
        ),
        Decision(
            "take_mission",
            frozenset({"take_mission"}),
            "CA-10",
            N_("take one of the face-up missions (take_mission N)"),
            N_("to take a mission"),
            {"take_mission": N_("take mission {arg}")},
            _mission_menu,
            _take_mission,
            _refuse_mission,
            actions=lambda components: components.take_mission,
            fields=_no_fields,
        ),
        Decision(
            "place_stampy",
            frozenset({"place_stampy"}),
            "CA-9",
            N_("put Stampy on a corner house (place_stampy HOUSE)"),
            N_("to put Stampy on a corner"),
            {"place_stampy": N_("put Stampy on {arg}")},
            _place_menu,
            _place_stampy,
            _refuse_place,
            actions=lambda components: A.PLACE_STAMPY,
            fields=_no_fields,
        ),
        Decision(
            "move_stampy",
            frozenset({"move_stampy"}),
            "CA-9",
            N_("move Stampy one house (move_stampy HOUSE)"),
            N_("to move Stampy"),
            {"move_stampy": N_("move Stampy to {arg}")},
            _move_menu,
            _move_stampy,
            _refuse_move,
            actions=lambda components: A.MOVE_STAMPY,
            fields=_no_fields,
        ),
        Decision(
            "tiebreak",
            frozenset({"tiebreak"}),
            "CA-8",
            N_("choose a line of 3 houses (tiebreak FIRST LAST)"),
            N_("to ride the tie-break line"),
            {"tiebreak": N_("ride the line {first}–{last}")},
            _tiebreak_menu,
            _tiebreak,
            _refuse_tiebreak,
            actions=lambda components: A.TIEBREAK,
            fields=_no_fields,
        ),
    )
}

#: each decision's menu and how a choice is carried out, by task kind (the engine's fast path)
MENUS: Final = {kind: d.menu for kind, d in DECISIONS.items()}
RESOLVE: Final = {kind: d.resolve for kind, d in DECISIONS.items()}
#: every verb of the notation: turn actions and the decisions inside effects
VERBS: Final = A.TURN_VERBS.union(*(d.verbs for d in DECISIONS.values()))
