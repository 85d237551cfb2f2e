"""Who decides, what they may do (complete and exact), and why anything else is refused.

Every condition is written once, as a ``*_problem`` or ``can_*`` check (a card's own conditions
are the requirements its component entry names, :mod:`action_cards`): the turn menu lists an
action when its check passes, and ``explain`` returns the check's rule (a ruling id or a
rulebook section) and reason in plain words. Decisions inside effects come from
:mod:`decisions`.
"""

from __future__ import annotations

import re
from typing import Final

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.core.i18n import N_, _
from mailbag.games.carteros import actions as A
from mailbag.games.carteros.board import ADJACENT, CORNERS, HOUSE_NAMES
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.decisions import DECISIONS, MENUS, VERBS
from mailbag.games.carteros.effects import flooded_mask
from mailbag.games.carteros.state import (
    GOAL,
    HAND_LIMIT,
    MISSION_LIMIT,
    CarterosState,
)
from mailbag.games.carteros.texts import action_title, seat_name


def deciders(components: Components, state: CarterosState) -> tuple[int, ...]:
    """Who owes the next decision: the seat of the task on top, else the turn's carrier."""
    if state.over:
        return ()
    if state.tasks:
        return (state.tasks[-1].seat,)
    return (state.current,)


def can_deliver(components: Components, state: CarterosState, seat: int) -> bool:
    return delivery_problem(components, state, seat) is None


def delivery_problem(
    components: Components, state: CarterosState, seat: int
) -> tuple[str, str] | None:
    """Why the carrier cannot deliver where they stand (rule, reason with ``{house}``, in
    English: translated where shown), or None (CA-2)."""
    house = state.pos[seat]
    if house < 0:
        return ("CA-2", N_("you are not in the neighbourhood"))
    if state.fresh >> house & 1:
        return ("CA-2", N_("the card at {house} was placed this turn"))
    if house == state.stampy:
        return ("CA-9", N_("Stampy blocks {house}"))
    if state.floods and flooded_mask(state) >> house & 1 and not state.boots[seat]:
        return ("CA-6", N_("{house} is flooded and you wear no Rubber Boots"))
    if not any(state.mail[seat]):
        number = state.mission[seat]
        if not (state.missions_mode and number and components.mission(number).house == house):
            return ("CA-2", N_("you hold no Mail card"))
    return None


def play_problem(
    components: Components, state: CarterosState, seat: int, kind: int
) -> tuple[str, str] | None:
    """Why the carrier cannot play their Action card of ``kind`` (rule, reason with ``{card}``,
    in English: translated where shown), or None: held (CA-1), played as an action at all
    (CA-110), inside the neighbourhood (CA-1), and the requirements of its component entry."""
    if not state.hand[seat][kind]:
        return ("CA-1", N_("you hold no {card} card"))
    card = components.actions[kind]
    if card.function is None:
        return ("CA-110", N_("{card} is only used as a reaction"))
    if state.pos[seat] < 0:
        return ("CA-1", N_("Action cards are played only inside the neighbourhood"))
    for requirement in card.checks:
        problem = requirement(state, seat)
        if problem is not None:
            return problem
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
    """CA-10, CA-108: from the neighbourhood, holding no mission, fewer than 3 completed and a
    mission card on offer."""
    return (
        state.missions_mode
        and state.pos[seat] >= 0
        and state.mission[seat] == 0
        and len(state.missions_done[seat]) < MISSION_LIMIT
        and any(state.mission_decks)
    )


#: precomputed menus: the moves from each house, and the corners to enter on
_MOVES_FROM: Final = tuple(tuple(A.MOVE[q] for q in ADJACENT[h]) for h in range(len(ADJACENT)))
_ENTER: Final = tuple(A.MOVE[c] for c in CORNERS)
#: a decision's prompt ends with its notation in brackets, which a refusal leaves out
_NOTATION_HINT: Final = re.compile(r"\s*\([^()]*\)\s*$")


def turn_actions(components: Components, state: CarterosState, seat: int) -> list[Action]:
    """The main menu of a turn (CA-1). A card is offered when its entry in the component set's
    ``play_table`` says it is played as an action and its requirements pass — the same checks
    ``play_problem`` makes. Delivering, drawing and refilling are written out here for speed
    (this is the engine's hottest function); they must agree with ``delivery_problem``,
    ``can_draw`` and ``can_refill``, which ``explain`` uses (the tests compare them)."""
    house = state.pos[seat]
    hand = state.hand[seat]
    mail = state.mail[seat]
    if house >= 0:
        result = list(_MOVES_FROM[house])
        if (
            not state.fresh >> house & 1
            and house != state.stampy
            and (not state.floods or not flooded_mask(state) >> house & 1 or state.boots[seat])
            and (
                any(mail)
                or (
                    state.missions_mode
                    and state.mission[seat] > 0
                    and components.mission(state.mission[seat]).house == house
                )
            )
        ):
            result.append(A.DELIVER)
    else:
        result = list(_ENTER)
    held = [k for k, c in enumerate(hand) if c]
    if sum(hand) < HAND_LIMIT and (state.action_deck or any(state.action_discard)):
        result.append(A.DRAW)
    if held:
        if house >= 0:
            plays = components.play_table
            for k in held:
                entry = plays[k]
                if entry is not None:
                    for requirement in entry[1]:
                        if requirement(state, seat) is not None:
                            break
                    else:
                        result.append(entry[0])
        if not state.replaced:
            replace = components.replace
            result += [replace[k] for k in held]
    if not any(mail) and sum(state.delivered[seat]) < GOAL:
        result.append(A.REFILL)
    if state.missions_mode and can_go_shopping(state, seat):
        result.append(A.SHOPS)
    result.append(A.END)
    return result


def legal_actions(components: Components, state: CarterosState, seat: int) -> list[Action]:
    if state.over:
        return []
    if state.tasks:
        task = state.tasks[-1]
        if task.seat != seat:
            return []
        return MENUS[task.kind](components, state, task)
    return turn_actions(components, state, seat) if seat == state.current else []


# -- explaining refusals -----------------------------------------------------------------------


def explain(
    components: Components, state: CarterosState, seat: int, action: Action
) -> IllegalAction:
    """Why ``action`` is refused: the rule and the reason."""
    if state.over:
        return IllegalAction("End of the Game", _("the game is over"))
    if action.verb not in VERBS:
        return IllegalAction(
            "notation",
            _(
                "{verb} is not a Carteros action; actions: {verbs}",
                verb=repr(action.verb),
                verbs=", ".join(sorted(VERBS)),
            ),
        )
    if state.tasks:
        task = state.tasks[-1]
        decision = DECISIONS[task.kind]
        if action.verb not in decision.verbs:
            # the prompt in words, without its notation in brackets ("(give letter|parcel)")
            what = _NOTATION_HINT.sub("", _(decision.prompt, mail="|".join(components.mail_names)))
            return IllegalAction(
                decision.rule, _("{seat} must first {what}", seat=seat_name(task.seat), what=what)
            )
        return decision.refuse(components, state, task, action)
    if action.verb not in A.TURN_VERBS:
        return IllegalAction(
            "CA-1", _("{verb} is only a decision inside an effect", verb=action.verb)
        )
    return _explain_turn(components, state, seat, action)


def _explain_turn(
    components: Components, state: CarterosState, seat: int, action: Action
) -> IllegalAction:
    verb = action.verb
    house = state.pos[seat]
    if verb == "move":
        if len(action.args) != 1 or str(action.args[0]) not in HOUSE_NAMES:
            return IllegalAction("CA-1", _("move to a house named A1 … C4"))
        if house < 0:
            return IllegalAction("Turn Order 3", _("you enter the neighbourhood on a corner house"))
        return IllegalAction("CA-1", _("a move goes one house up, down, left or right"))
    if action.args and verb in ("deliver", "draw", "refill", "shops", "end"):
        return IllegalAction("notation", _("{verb} takes no arguments", verb=verb))
    if verb == "deliver":
        problem = delivery_problem(components, state, seat) or (
            "CA-2",
            N_("you cannot deliver now"),
        )
        where = HOUSE_NAMES[house] if house >= 0 else ""
        return IllegalAction(problem[0], _(problem[1], house=where))
    if verb == "draw":
        if sum(state.hand[seat]) >= HAND_LIMIT:
            return IllegalAction(
                "CA-1",
                _("you may draw only while holding fewer than {limit} cards", limit=HAND_LIMIT),
            )
        return IllegalAction("Turn Order 9", _("the Action deck and its discard pile are empty"))
    if verb in ("play", "replace"):
        name = str(action.args[0]) if len(action.args) == 1 else ""
        if name not in components.action_index:
            names = ", ".join(components.action_names)
            return IllegalAction(
                "notation", _("{verb} takes one of {names}", verb=verb, names=names)
            )
        kind = components.action_index[name]
        title = action_title(components, name)
        if verb == "replace":
            if state.replaced:
                return IllegalAction("CA-1", _("you may discard and replace once per turn"))
            return IllegalAction("CA-1", _("you hold no {card} card", card=title))
        problem = play_problem(components, state, seat, kind) or (
            "CA-1",
            N_("you cannot play that now"),
        )
        return IllegalAction(problem[0], _(problem[1], card=title))
    if verb == "refill":
        if any(state.mail[seat]):
            return IllegalAction("CA-3", _("you refill only when you hold no Mail card"))
        return IllegalAction("CA-3", _("you have already delivered {goal} Mail cards", goal=GOAL))
    if verb == "shops":
        if not state.missions_mode:
            return IllegalAction("CA-10", _("the shops are only open in Delivery Missions mode"))
        if house < 0:
            return IllegalAction("CA-10", _("you go to the shops from the neighbourhood"))
        if state.mission[seat]:
            return IllegalAction("CA-10", _("you already hold a mission card"))
        if len(state.missions_done[seat]) >= MISSION_LIMIT:
            return IllegalAction(
                "CA-10", _("you have completed {limit} missions already", limit=MISSION_LIMIT)
            )
        return IllegalAction("CA-10", _("no mission card is left"))
    return IllegalAction("CA-1", _("{action} is not possible now", action=str(action)))
