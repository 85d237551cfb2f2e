"""Who decides, what they may do (complete and exact), and why anything else is refused.

``legal_actions`` and ``explain_illegal`` read the same conditions, so every refusal names the
rule it breaks (a ruling id or a rulebook section) in plain words.
"""

from __future__ import annotations

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.games.carteros import actions as A
from mailbag.games.carteros.board import (
    ADJACENT,
    BLOCK_CORNERS,
    CORNERS,
    HOUSE_INDEX,
    HOUSE_NAMES,
    LINES,
    STEP,
)
from mailbag.games.carteros.components import (
    ACTION_KINDS,
    BICYCLE,
    BOOTS,
    GPS,
    MAIL_KINDS,
    RAIN,
    SUNNY,
    WIND,
    Components,
)
from mailbag.games.carteros.effects import flooded_mask
from mailbag.games.carteros.state import (
    GOAL,
    HAND_LIMIT,
    MISSION_LIMIT,
    CarterosState,
    Task,
)

#: Action cards that are played as an action (Bone and Umbrella are reactions only, CA-110)
PLAYABLE = (BICYCLE, WIND, RAIN, BOOTS, SUNNY, GPS)


def deciders(state: CarterosState) -> tuple[int, ...]:
    if state.over:
        return ()
    if state.tasks:
        return (state.tasks[-1].seat,)
    return (state.current,)


def can_deliver(comps: Components, state: CarterosState, seat: int) -> bool:
    return delivery_problem(comps, state, seat) is None


def delivery_problem(comps: Components, state: CarterosState, seat: int) -> tuple[str, str] | None:
    """Why the carrier cannot deliver where they stand (rule, reason), or None (CA-2)."""
    house = state.pos[seat]
    if house < 0:
        return ("CA-2", "you are not in the neighbourhood")
    if state.fresh >> house & 1:
        return ("CA-2", f"the card at {HOUSE_NAMES[house]} was placed this turn")
    if house == state.stampy:
        return ("CA-9", f"Stampy blocks {HOUSE_NAMES[house]}")
    if flooded_mask(state) >> house & 1 and not state.boots[seat]:
        return ("CA-6", f"{HOUSE_NAMES[house]} is flooded and you wear no Rubber Boots")
    if not any(state.mail[seat]):
        number = state.mission[seat]
        if not (state.missions_mode and number and comps.mission(number).house == house):
            return ("CA-2", "you hold no Mail card")
    return None


def can_ride(state: CarterosState, seat: int) -> bool:
    mask = flooded_mask(state)
    return any(not mask >> q & 1 for q in ADJACENT[state.pos[seat]])


def play_problem(state: CarterosState, seat: int, kind: int) -> tuple[str, str] | None:
    if not state.hand[seat][kind]:
        return ("CA-1", f"you hold no {ACTION_KINDS[kind]} card")
    if kind not in PLAYABLE:
        return ("CA-110", f"{ACTION_KINDS[kind]} is only used as a reaction")
    if state.pos[seat] < 0:
        return ("CA-1", "Action cards are played only inside the neighbourhood")
    if kind == BICYCLE and not can_ride(state, seat):
        return ("CA-4", "every house next to you is flooded")
    if kind == BOOTS and state.boots[seat]:
        return ("CA-110", "you already wear Rubber Boots")
    if kind == GPS and state.actions_used >= 2:
        return ("CA-7", "GPS cannot be the last action of the turn")
    return None


def can_draw(state: CarterosState, seat: int) -> bool:
    """CA-1: fewer than 3 Action cards; anywhere, also at the Post Office (CA-111)."""
    return sum(state.hand[seat]) < HAND_LIMIT and (
        bool(state.action_deck) or any(state.action_discard)
    )


def can_refill(state: CarterosState, seat: int) -> bool:
    """CA-3, CA-111: from anywhere, with no Mail card in hand and fewer than 10 delivered."""
    return not any(state.mail[seat]) and sum(state.delivered[seat]) < GOAL


def can_go_shopping(state: CarterosState, seat: int) -> bool:
    return (
        state.missions_mode
        and state.pos[seat] >= 0
        and state.mission[seat] == 0
        and len(state.missions_done[seat]) < MISSION_LIMIT
        and any(state.mission_decks)
    )


#: precomputed menus: the moves from each house, and the corners to enter on
_MOVES_FROM = tuple(tuple(A.MOVE[q] for q in ADJACENT[h]) for h in range(len(ADJACENT)))
_ENTER = tuple(A.MOVE[c] for c in CORNERS)


def turn_actions(comps: Components, state: CarterosState, seat: int) -> list[Action]:
    """The main menu of a turn (CA-1). Written for speed; it must agree with the ``*_problem``
    and ``can_*`` checks above, which ``explain`` uses (the tests compare them)."""
    house = state.pos[seat]
    hand = state.hand[seat]
    mail = state.mail[seat]
    held = sum(hand)
    if house >= 0:
        result = list(_MOVES_FROM[house])
        flooded = flooded_mask(state) if state.floods else 0
        if (
            not state.fresh >> house & 1
            and house != state.stampy
            and (not flooded >> house & 1 or state.boots[seat])
            and (
                any(mail)
                or (
                    state.missions_mode
                    and state.mission[seat] > 0
                    and comps.mission(state.mission[seat]).house == house
                )
            )
        ):
            result.append(A.DELIVER)
    else:
        result = list(_ENTER)
    if held < HAND_LIMIT and (state.action_deck or any(state.action_discard)):
        result.append(A.DRAW)
    if held:
        if house >= 0:
            play = A.PLAY
            if hand[BICYCLE] and any(not flooded >> q & 1 for q in ADJACENT[house]):
                result.append(play[BICYCLE])
            if hand[WIND]:
                result.append(play[WIND])
            if hand[RAIN]:
                result.append(play[RAIN])
            if hand[BOOTS] and not state.boots[seat]:
                result.append(play[BOOTS])
            if hand[SUNNY]:
                result.append(play[SUNNY])
            if hand[GPS] and state.actions_used < 2:
                result.append(play[GPS])
        if not state.replaced:
            replace = A.REPLACE
            result.extend(replace[k] for k, c in enumerate(hand) if c)
    if not any(mail) and sum(state.delivered[seat]) < GOAL:
        result.append(A.REFILL)
    if state.missions_mode and can_go_shopping(state, seat):
        result.append(A.SHOPS)
    result.append(A.END)
    return result


def ride_targets(state: CarterosState, seat: int, task: Task) -> list[int]:
    house = state.pos[seat]
    mask = flooded_mask(state)
    if task.arg < 0:
        return [q for q in ADJACENT[house] if not mask >> q & 1]
    q = STEP[house][task.arg]
    return [q] if q >= 0 and not mask >> q & 1 else []


def task_actions(comps: Components, state: CarterosState, task: Task) -> list[Action]:
    seat = task.seat
    kind = task.kind
    # CA-112: which Mail card is always asked, even when only one kind is held
    if kind == "give":
        return [A.GIVE[k] for k, c in enumerate(state.mail[seat]) if c]
    if kind == "discard":
        return [A.DISCARD[k] for k, c in enumerate(state.mail[seat]) if c]
    if kind == "react":
        return [A.USE[task.arg], A.PASS]
    if kind == "flood":
        return list(A.FLOOD)
    if kind == "ride":
        result = [A.RIDE[q] for q in ride_targets(state, seat, task)]
        if task.n >= 1:
            result.append(A.STOP)
        return result
    if kind == "peek":
        result = [A.PEEK[q] for q in ADJACENT[state.pos[seat]] if q != task.arg]
        if task.arg >= 0:
            result.append(A.STOP)  # CA-7: up to two houses
        return result
    if kind == "take_mission":
        return [A.TAKE_MISSION[deck[-1]] for deck in state.mission_decks if deck]
    if kind == "place_stampy":
        return [A.PLACE_STAMPY[c] for c in CORNERS]
    if kind == "move_stampy":
        return [A.MOVE_STAMPY[q] for q in ADJACENT[state.stampy]]
    if kind == "tiebreak":
        return list(A.TIEBREAK)
    raise AssertionError(f"no decision for task {kind}")  # pragma: no cover


def legal_actions(comps: Components, state: CarterosState, seat: int) -> list[Action]:
    if state.over:
        return []
    if state.tasks:
        task = state.tasks[-1]
        return task_actions(comps, state, task) if task.seat == seat else []
    return turn_actions(comps, state, seat) if seat == state.current else []


# -- explaining refusals -----------------------------------------------------------------------

_TASK_RULES = {
    "give": ("CA-2", "choose the Mail card to deliver (give letter|parcel)"),
    "discard": ("CA-2", "choose the Mail card to discard (discard letter|parcel)"),
    "react": ("CA-103", "answer the reaction window (use CARD or pass)"),
    "flood": ("CA-6", "choose the block to flood (flood A1 … B3)"),
    "ride": ("CA-4", "ride on or stop the bicycle (ride HOUSE or stop)"),
    "peek": ("CA-7", "choose an adjacent house to look at (peek HOUSE, or stop after one)"),
    "take_mission": ("CA-10", "take one of the face-up missions (take_mission N)"),
    "place_stampy": ("CA-9", "put Stampy on a corner house (place_stampy HOUSE)"),
    "move_stampy": ("CA-9", "move Stampy one house (move_stampy HOUSE)"),
    "tiebreak": ("CA-8", "choose a line of 3 houses (tiebreak FIRST LAST)"),
}


def _house_arg(action: Action, index: int = 0) -> int | None:
    if len(action.args) <= index:
        return None
    return HOUSE_INDEX.get(str(action.args[index]))


def explain(comps: Components, state: CarterosState, seat: int, action: Action) -> IllegalAction:
    """Why ``action`` is refused: the rule and the reason."""
    if state.over:
        return IllegalAction("End of the Game", "the game is over")
    if action.verb not in A.VERBS:
        return IllegalAction(
            "notation", f"{action.verb!r} is not a Carteros action; actions: {sorted(A.VERBS)}"
        )
    if state.tasks:
        task = state.tasks[-1]
        rule, what = _TASK_RULES[task.kind]
        if action.verb not in A.TASK_VERBS[task.kind]:
            return IllegalAction(rule, f"seat {task.seat} must first {what}")
        return _explain_task(comps, state, task, action, rule)
    if action.verb not in A.TURN_VERBS:
        return IllegalAction("CA-1", f"{action.verb} is only a decision inside an effect")
    return _explain_turn(comps, state, seat, action)


def _explain_task(
    comps: Components, state: CarterosState, task: Task, action: Action, rule: str
) -> IllegalAction:
    verb, seat = action.verb, task.seat
    if verb in ("give", "discard"):
        if len(action.args) != 1 or action.args[0] not in MAIL_KINDS:
            return IllegalAction(rule, f"{verb} takes one of {', '.join(MAIL_KINDS)}")
        return IllegalAction(rule, f"seat {seat} holds no {action.args[0]}")
    if verb == "use":
        return IllegalAction(
            "CA-103", f"this window offers only {ACTION_KINDS[task.arg]} against {task.cause}"
        )
    if verb == "ride":
        target = _house_arg(action)
        mask = flooded_mask(state)
        if target is not None and mask >> target & 1:
            return IllegalAction("CA-4", "the bicycle cannot enter a flooded house")
        return IllegalAction("CA-4", "the bicycle rides one house on, in a straight line")
    if verb == "stop":
        if task.kind == "peek":
            return IllegalAction("CA-7", "look at one house at least first")
        return IllegalAction("CA-4", "ride at least one house first")
    if verb == "peek":
        return IllegalAction("CA-7", "GPS looks at two different houses next to you")
    if verb == "flood":
        return IllegalAction(
            "CA-6",
            "flood a 2×2 block named by its top-left house: "
            + ", ".join(HOUSE_NAMES[h] for h in BLOCK_CORNERS),
        )
    if verb == "take_mission":
        tops = [str(d[-1]) for d in state.mission_decks if d]
        return IllegalAction("CA-10", f"the face-up missions are {', '.join(tops)}")
    if verb == "place_stampy":
        return IllegalAction("CA-9", "Stampy starts on a corner house: A1, C1, A4 or C4")
    if verb == "move_stampy":
        return IllegalAction("CA-9", "Stampy moves one house up, down, left or right")
    if verb == "tiebreak":
        lines = ", ".join(f"{HOUSE_NAMES[ln[0]]} {HOUSE_NAMES[ln[2]]}" for ln in LINES)
        return IllegalAction("CA-8", f"a line of 3 houses, first and last: {lines}")
    return IllegalAction(rule, f"{action} is not possible now")


def _explain_turn(
    comps: Components, state: CarterosState, seat: int, action: Action
) -> IllegalAction:
    verb = action.verb
    house = state.pos[seat]
    if verb == "move":
        target = _house_arg(action)
        if target is None or len(action.args) != 1:
            return IllegalAction("CA-1", "move to a house named A1 … C4")
        if house < 0:
            return IllegalAction("Turn Order 3", "you enter the neighbourhood on a corner house")
        return IllegalAction("CA-1", "a move goes one house up, down, left or right")
    if action.args and verb in ("deliver", "draw", "refill", "shops", "end"):
        return IllegalAction("notation", f"{verb} takes no arguments")
    if verb == "deliver":
        problem = delivery_problem(comps, state, seat)
        return IllegalAction(*(problem or ("CA-2", "you cannot deliver now")))
    if verb == "draw":
        if sum(state.hand[seat]) >= HAND_LIMIT:
            return IllegalAction("CA-1", "you may draw only while holding fewer than 3 cards")
        return IllegalAction("Turn Order 9", "the Action deck and its discard pile are empty")
    if verb in ("play", "replace"):
        if len(action.args) != 1 or action.args[0] not in ACTION_KINDS:
            return IllegalAction("notation", f"{verb} takes one of {', '.join(ACTION_KINDS)}")
        kind = ACTION_KINDS.index(str(action.args[0]))
        if verb == "replace":
            if state.replaced:
                return IllegalAction("CA-1", "you may discard and replace once per turn")
            return IllegalAction("CA-1", f"you hold no {action.args[0]} card")
        problem = play_problem(state, seat, kind)
        return IllegalAction(*(problem or ("CA-1", "you cannot play that card now")))
    if verb == "refill":
        if any(state.mail[seat]):
            return IllegalAction("CA-3", "you refill only when you hold no Mail card")
        return IllegalAction("CA-3", "you have already delivered 10 Mail cards")
    if verb == "shops":
        if not state.missions_mode:
            return IllegalAction("CA-10", "the shops are only open in Delivery Missions mode")
        if house < 0:
            return IllegalAction("CA-10", "you go to the shops from the neighbourhood")
        if state.mission[seat]:
            return IllegalAction("CA-10", "you already hold a mission card")
        if len(state.missions_done[seat]) >= MISSION_LIMIT:
            return IllegalAction("CA-10", "you have completed 3 missions already")
        return IllegalAction("CA-10", "no mission card is left")
    return IllegalAction("CA-1", f"{action} is not possible now")
