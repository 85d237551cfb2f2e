"""The Carteros engine: carrying out one decision, then running automatic steps and turn ends
until someone owes the next decision.

A turn is up to three actions (CA-1) taken with an empty task stack; an effect that needs more
decisions (which card to deliver, a reaction, the Bicycle's ride, GPS peeks, Stampy's move, the
tie-break) pushes :class:`Task`\\ s, and :func:`run` resolves automatic tasks until the top of the
stack is a decision again, or the turn ends.
"""

from __future__ import annotations

from collections.abc import Callable

from mailbag.core.actions import Action
from mailbag.core.game import Event
from mailbag.games.carteros import effects
from mailbag.games.carteros.board import (
    BLOCK_CORNERS,
    DIRECTION_OF,
    HOUSE_INDEX,
    HOUSE_NAMES,
    LINE_INDEX,
    LINES,
    POST_OFFICE,
    SHOPS,
    position_name,
)
from mailbag.games.carteros.components import (
    ACTION_KINDS,
    BICYCLE,
    BONE,
    BOOTS,
    DOUBLE,
    GPS,
    HOUSE_KINDS,
    MAIL_KINDS,
    RAIN,
    RECEIVED,
    SUNNY,
    WIND,
    Components,
)
from mailbag.games.carteros.scoring import totals
from mailbag.games.carteros.state import (
    ACTIONS_PER_TURN,
    BAG_LIMIT,
    GOAL,
    CarterosState,
    Task,
)

ACTION_INDEX = {name: k for k, name in enumerate(ACTION_KINDS)}
MAIL_INDEX = {name: k for k, name in enumerate(MAIL_KINDS)}
BLOCK_OF = {HOUSE_NAMES[h]: b for b, h in enumerate(BLOCK_CORNERS)}

AutoStep = Callable[[CarterosState, Task, list[Event]], None]


def _next_turn(state: CarterosState, task: Task, events: list[Event]) -> None:
    state.current = task.seat
    if task.seat == 0:
        state.round += 1
    events.append(
        Event(
            "turn",
            f"round {state.round}: seat {task.seat} to play",
            {"seat": task.seat, "round": state.round},
        )
    )


#: the effects a reaction can cancel, and how the reaction window names them (CA-103)
CAUSES = {
    "stampy_card": "stampy_card",
    "lost_card": "lost_card",
    "soak": "rain",
    "catch": "catch",
    "debt": "debt",
}

AUTO: dict[str, AutoStep] = {
    "next_turn": _next_turn,
    "stampy_card": effects.stampy_card,
    "lost_card": effects.lost_card,
    "soak": effects.soak,
    "catch": effects.catch,
    "debt": effects.debt,
}


def run(comps: Components, state: CarterosState, events: list[Event]) -> None:
    """Resolve automatic steps and turn ends until a decision is owed or the game is over."""
    tasks = state.tasks
    while not state.over:
        if tasks:
            task = tasks[-1]
            step = AUTO.get(task.kind)
            if step is not None:
                if task.arg >= 0 and not task.cause and state.hand[task.seat][task.arg]:
                    # CA-103: the seat holds the card that cancels this effect: ask it first
                    task.cause = "asked"
                    tasks.append(Task("react", task.seat, arg=task.arg, cause=CAUSES[task.kind]))
                    return
                tasks.pop()
                step(state, task, events)
                continue
            if task.kind == "give" and (task.n <= 0 or not any(state.mail[task.seat])):
                tasks.pop()
                continue
            return
        if state.final:
            state.over = True
            events.append(Event("game_over", "the game is over", {}))
            return
        if state.turn_over or state.actions_used >= ACTIONS_PER_TURN:
            end_turn(comps, state, events)
            continue
        return


def end_turn(comps: Components, state: CarterosState, events: list[Event]) -> None:
    """CA-8: after the last seat's turn of a round in which someone reached 10 deliveries (or
    of the last round allowed, CA-102) the game ends; otherwise Stampy moves (CA-9) and the next
    carrier plays."""
    n = len(state.pos)
    seat = state.current
    events.append(Event("end_turn", f"seat {seat} ends their turn", {"seat": seat}))
    state.turn_over = False
    state.actions_used = 0
    state.replaced = False
    state.fresh = 0
    last = seat == n - 1
    if last and (state.finisher >= 0 or state.round >= state.max_rounds):
        finish(comps, state, events)
        return
    following = (seat + 1) % n
    state.tasks.append(Task("next_turn", following))
    if state.stampy_mode:
        if state.stampy >= 0:
            state.tasks.append(Task("move_stampy", following))
        elif last and state.round == 1:
            state.tasks.append(Task("place_stampy", 0))


def finish(comps: Components, state: CarterosState, events: list[Event]) -> None:  # CA-109
    """Play is over; carriers tied for the most points ride the bicycle tie-break (CA-8,
    CA-109), in turn order."""
    state.final = True
    points = totals(comps, state)
    best = max(points)
    tied = [seat for seat, p in enumerate(points) if p == best]
    text = "play ends" if state.finisher >= 0 else f"play ends after round {state.round} (CA-102)"
    events.append(Event("final", text, {"scores": points}))
    if len(tied) > 1:
        for seat in reversed(tied):
            state.tasks.append(Task("tiebreak", seat))
        events.append(Event("tie", f"seats {tied} are tied: bicycle tie-break", {"seats": tied}))


# -- turn actions ------------------------------------------------------------------------------


def turn_action(
    comps: Components, state: CarterosState, seat: int, action: Action, events: list[Event]
) -> None:
    verb = action.verb
    if verb == "end":
        state.turn_over = True
        return
    state.actions_used += 1
    if verb == "move":
        start = state.pos[seat]
        house = HOUSE_INDEX[str(action.args[0])]
        state.pos[seat] = house
        word = "enters at" if start < 0 else "moves to"
        events.append(
            Event(
                "move",
                f"seat {seat} {word} {HOUSE_NAMES[house]}",
                {"seat": seat, "from": position_name(start), "to": HOUSE_NAMES[house]},
            )
        )
    elif verb == "deliver":
        effects.deliver(comps, state, seat, events)
    elif verb == "draw":
        _draw(state, seat, events)
    elif verb == "play":
        play(state, seat, ACTION_INDEX[str(action.args[0])], events)
    elif verb == "replace":
        kind = ACTION_INDEX[str(action.args[0])]
        state.replaced = True
        effects.discard_action(state, seat, kind)
        events.append(
            Event(
                "replace",
                f"seat {seat} discards {ACTION_KINDS[kind]} to draw a new Action card",
                {"seat": seat, "card": ACTION_KINDS[kind]},
            )
        )
        _draw(state, seat, events)
    elif verb == "refill":
        refill(state, seat, events)
    elif verb == "shops":
        state.pos[seat] = SHOPS
        state.tasks.append(Task("take_mission", seat))
        events.append(Event("shops", f"seat {seat} goes to the shops", {"seat": seat}))
    else:  # pragma: no cover - legal_actions lists no other verb
        raise AssertionError(f"unknown turn action {action}")


def _draw(state: CarterosState, seat: int, events: list[Event]) -> None:
    kind = effects.draw_action(state)
    if kind < 0:
        return
    state.hand[seat][kind] += 1
    events.append(Event("draw", f"seat {seat} draws an Action card", {"seat": seat}))
    events.append(
        Event(
            "drawn",
            f"you draw {ACTION_KINDS[kind]}",
            {"seat": seat, "card": ACTION_KINDS[kind]},
            to=(seat,),
        )
    )


def refill(state: CarterosState, seat: int, events: list[Event]) -> None:
    """CA-3: back to the Post Office, Mail cards up to 5, never beyond 10 − delivered; then a
    Mail card owed to Stampy is paid (CA-9)."""
    state.pos[seat] = POST_OFFICE
    want = min(BAG_LIMIT, GOAL - sum(state.delivered[seat])) - sum(state.mail[seat])
    drawn: list[str] = []
    for _ in range(want):
        kind = effects.draw_mail(state)
        if kind < 0:
            break
        state.mail[seat][kind] += 1
        drawn.append(MAIL_KINDS[kind])
    events.append(
        Event(
            "refill",
            f"seat {seat} refills at the Post Office: {len(drawn)} Mail card(s)",
            {"seat": seat, "count": len(drawn)},
        )
    )
    events.append(
        Event("refilled", f"you draw {', '.join(drawn) or 'nothing'}", {"mail": drawn}, to=(seat,))
    )
    if state.debt[seat] and drawn:
        state.tasks.append(Task("debt", seat, arg=BONE))


def play(state: CarterosState, seat: int, kind: int, events: list[Event]) -> None:
    """Play an Action card from the hand (CA-4 … CA-7)."""
    state.played[seat][kind] += 1
    events.append(
        Event(
            "play",
            f"seat {seat} plays {ACTION_KINDS[kind]}",
            {"seat": seat, "card": ACTION_KINDS[kind]},
        )
    )
    if kind == BOOTS:
        state.hand[seat][kind] -= 1
        state.boots[seat] = True
        return
    if kind == RAIN:
        state.hand[seat][kind] -= 1  # the card goes on the table as the flood
        effects.rain(state, seat, events)
        return
    effects.discard_action(state, seat, kind)
    if kind == BICYCLE:
        state.tasks.append(Task("ride", seat, n=0, arg=-1))
    elif kind == WIND:
        effects.wind(state, seat, events)
    elif kind == SUNNY:
        effects.sunny_day(state, events)
    elif kind == GPS:
        state.tasks.append(Task("peek", seat, n=2, arg=-1))


# -- decisions inside effects ------------------------------------------------------------------


def task_action(
    comps: Components, state: CarterosState, seat: int, action: Action, events: list[Event]
) -> None:
    task = state.tasks[-1]
    verb = action.verb
    arg = action.args[0] if action.args else None
    if verb == "give":
        task.n -= 1
        if task.n <= 0:
            state.tasks.pop()
        effects.give_mail(state, seat, MAIL_INDEX[str(arg)], events)
    elif verb == "discard":
        state.tasks.pop()
        kind = MAIL_INDEX[str(arg)]
        effects.discard_mail(state, seat, kind)
        events.append(
            Event(
                "discard",
                f"seat {seat} discards a {MAIL_KINDS[kind]} ({task.cause})",
                {"seat": seat, "mail": MAIL_KINDS[kind], "cause": task.cause},
            )
        )
    elif verb == "use":
        state.tasks.pop()
        cancelled = state.tasks.pop()
        kind = task.arg
        effects.discard_action(state, seat, kind)
        state.played[seat][kind] += 1
        if cancelled.kind == "debt":
            state.debt[seat] = 0
        events.append(
            Event(
                "react",
                f"seat {seat} answers {task.cause} with {ACTION_KINDS[kind]}",
                {"seat": seat, "card": ACTION_KINDS[kind], "cause": task.cause},
            )
        )
    elif verb == "pass":
        state.tasks.pop()
        events.append(
            Event("pass", f"seat {seat} does not react", {"seat": seat, "cause": task.cause})
        )
    elif verb == "flood":
        state.tasks.pop()
        block = BLOCK_OF[str(arg)]
        state.floods[state.floods.index(-1)] = block
        events.append(
            Event("flood", f"seat {seat} floods the block at {arg}", {"seat": seat, "block": arg})
        )
    elif verb == "ride":
        ride(state, seat, task, HOUSE_INDEX[str(arg)], events)
    elif verb == "stop":
        state.tasks.pop()
        if task.kind == "peek":
            state.turn_over = True  # CA-7: GPS ends the turn
            events.append(Event("stop", f"seat {seat} puts the GPS away", {"seat": seat}))
        else:
            events.append(Event("stop", f"seat {seat} gets off the bicycle", {"seat": seat}))
    elif verb == "peek":
        peek(state, seat, task, HOUSE_INDEX[str(arg)], events)
    elif verb == "take_mission":
        state.tasks.pop()
        number = int(str(arg))
        for deck in state.mission_decks:
            if deck and deck[-1] == number:
                deck.pop()
                break
        state.mission[seat] = number
        events.append(
            Event(
                "take_mission",
                f"seat {seat} takes mission {number}",
                {"seat": seat, "mission": number},
            )
        )
    elif verb == "place_stampy":
        state.tasks.pop()
        state.stampy = HOUSE_INDEX[str(arg)]
        events.append(
            Event("stampy", f"seat {seat} puts Stampy on {arg}", {"seat": seat, "house": arg})
        )
    elif verb == "move_stampy":
        state.tasks.pop()
        state.stampy = HOUSE_INDEX[str(arg)]
        events.append(
            Event("stampy", f"seat {seat} moves Stampy to {arg}", {"seat": seat, "house": arg})
        )
        effects.stampy_arrives(state, seat, events)
    elif verb == "tiebreak":
        state.tasks.pop()
        line = LINES[LINE_INDEX[(HOUSE_INDEX[str(arg)], HOUSE_INDEX[str(action.args[1])])]]
        cards = [effects.turn_house(state, h) for h in line]
        points = sum(1 if k == RECEIVED else 2 if k == DOUBLE else 0 for k in cards)
        state.tiebreak[seat] = points
        events.append(
            Event(
                "tiebreak",
                f"seat {seat} rides {arg}–{action.args[1]}: {points} delivered",
                {"seat": seat, "cards": [HOUSE_KINDS[k] for k in cards], "points": points},
            )
        )
    else:  # pragma: no cover - legal_actions lists no other verb
        raise AssertionError(f"unknown decision {action}")


def ride(state: CarterosState, seat: int, task: Task, house: int, events: list[Event]) -> None:
    """CA-4 (CA-106): one house further in a straight line; the house is turned unless Stampy
    is on it or its card was replaced this turn; Received and Double deliver, the rest is
    ignored (Stampy's meeple does not move)."""
    task.arg = DIRECTION_OF[(state.pos[seat], house)]
    task.n += 1
    state.pos[seat] = house
    count = 0
    if house == state.stampy or state.fresh >> house & 1:
        events.append(
            Event(
                "ride",
                f"seat {seat} rides past {HOUSE_NAMES[house]}",
                {"seat": seat, "house": HOUSE_NAMES[house], "card": None},
            )
        )
    else:
        kind = effects.turn_house(state, house)
        events.append(
            Event(
                "ride",
                f"seat {seat} rides to {HOUSE_NAMES[house]}: {HOUSE_KINDS[kind]}",
                {"seat": seat, "house": HOUSE_NAMES[house], "card": HOUSE_KINDS[kind]},
            )
        )
        held = sum(state.mail[seat])
        if kind == RECEIVED:
            count = min(held, 1)
        elif kind == DOUBLE:
            count = min(held, 2)
    if task.n >= 3:
        state.tasks.pop()
    if count:
        state.tasks.append(Task("give", seat, n=count))


def peek(state: CarterosState, seat: int, task: Task, house: int, events: list[Event]) -> None:
    """CA-7: look privately at an adjacent house; after the second the turn ends."""
    state.known[seat][house] = state.grid[house]
    events.append(
        Event(
            "peek",
            f"seat {seat} looks at {HOUSE_NAMES[house]}",
            {"seat": seat, "house": HOUSE_NAMES[house]},
        )
    )
    events.append(
        Event(
            "peeked",
            f"{HOUSE_NAMES[house]} hides {HOUSE_KINDS[state.grid[house]]}",
            {"house": HOUSE_NAMES[house], "card": HOUSE_KINDS[state.grid[house]]},
            to=(seat,),
        )
    )
    task.n -= 1
    task.arg = house
    if task.n <= 0:
        state.tasks.pop()
        state.turn_over = True
