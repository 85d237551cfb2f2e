"""The Carteros engine: carrying out one decision, then running automatic steps and turn ends
until someone owes the next decision.

A turn is up to three actions (CA-1) taken with an empty task stack; an effect that needs more
decisions (which card to deliver, a reaction, the Bicycle's ride, GPS peeks, Stampy's move, the
tie-break) pushes :class:`Task`\\ s, and :func:`run` resolves automatic tasks until the top of the
stack is a decision again, or the turn ends. A card played runs the effect its component entry
names (:mod:`action_cards`); a decision is carried out by its entry in :mod:`decisions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mailbag.core.actions import Action
from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.carteros import effects
from mailbag.games.carteros.board import HOUSE_INDEX, HOUSE_NAMES, POST_OFFICE, SHOPS, position_name
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.decisions import RESOLVE
from mailbag.games.carteros.scoring import totals
from mailbag.games.carteros.state import (
    ACTIONS_PER_TURN,
    BAG_LIMIT,
    CAUSES,
    GOAL,
    CarterosState,
    Task,
)

AutoStep = Callable[[Components, CarterosState, Task, list[Event]], None]


def _next_turn(
    components: Components, state: CarterosState, task: Task, events: list[Event]
) -> None:
    state.current = task.seat
    if task.seat == 0:
        state.round += 1
    events.append(
        Event(
            "turn",
            N_("round {round}: {seat} to play"),
            {"seat": task.seat, "round": state.round},
        )
    )


#: the automatic steps; for those in ``CAUSES`` ``task.arg`` is the card that cancels them
AUTO: Final[dict[str, AutoStep]] = {
    "next_turn": _next_turn,
    "stampy_card": effects.stampy_card,
    "lost_card": effects.lost_card,
    "soak": effects.soak,
    "catch": effects.catch,
    "debt": effects.debt,
}


def apply_action(
    components: Components, state: CarterosState, seat: int, action: Action
) -> list[Event]:
    """Carry out a legal action (a reply to the pending task, or a turn action), then the
    automatic steps that follow (``run``)."""
    events: list[Event] = []
    if state.tasks:
        task_action(components, state, seat, action, events)
    else:
        turn_action(components, state, seat, action, events)
    run(components, state, events)
    return events


def run(components: Components, state: CarterosState, events: list[Event]) -> None:
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
                step(components, state, task, events)
                continue
            if task.kind == "give" and (task.n <= 0 or not any(state.mail[task.seat])):
                tasks.pop()
                continue
            return
        if state.final:
            state.over = True
            events.append(Event("game_over", N_("the game is over"), {}))
            return
        if state.turn_over or state.actions_used >= ACTIONS_PER_TURN:
            end_turn(components, state, events)
            continue
        return


def end_turn(components: Components, state: CarterosState, events: list[Event]) -> None:
    """CA-8: after the last seat's turn of a round in which someone reached 10 deliveries (or
    of the last round allowed, CA-102) the game ends; otherwise Stampy moves (CA-9) and the next
    carrier plays."""
    n = len(state.pos)
    seat = state.current
    events.append(Event("end_turn", N_("{seat} ends their turn"), {"seat": seat}))
    state.turn_over = False
    state.actions_used = 0
    state.replaced = False
    state.fresh = 0
    last = seat == n - 1
    if last and (state.finisher >= 0 or state.round >= state.max_rounds):
        finish(components, state, events)
        return
    following = (seat + 1) % n
    state.tasks.append(Task("next_turn", following))
    if state.stampy_mode:
        if state.stampy >= 0:
            state.tasks.append(Task("move_stampy", following))
        elif last and state.round == 1:
            state.tasks.append(Task("place_stampy", 0))


def finish(components: Components, state: CarterosState, events: list[Event]) -> None:  # CA-109
    """Play is over; carriers tied for the most points ride the bicycle tie-break (CA-8,
    CA-109), in turn order."""
    state.final = True
    points = totals(components, state)
    best = max(points)
    tied = [seat for seat, p in enumerate(points) if p == best]
    text = N_("play ends") if state.finisher >= 0 else N_("play ends after round {round} (CA-102)")
    events.append(Event("final", text, {"scores": points, "round": state.round}))
    if len(tied) > 1:
        for seat in reversed(tied):
            state.tasks.append(Task("tiebreak", seat))
        events.append(Event("tie", N_("{seats} are tied: bicycle tie-break"), {"seats": tied}))


# -- turn actions ------------------------------------------------------------------------------


def turn_action(
    components: Components, state: CarterosState, seat: int, action: Action, events: list[Event]
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
        events.append(
            Event(
                "move",
                N_("{seat} enters at {to}") if start < 0 else N_("{seat} moves to {to}"),
                {"seat": seat, "from": position_name(start), "to": HOUSE_NAMES[house]},
            )
        )
    elif verb == "deliver":
        effects.deliver(components, state, seat, events)
    elif verb == "draw":
        _draw(components, state, seat, events)
    elif verb == "play":
        play(components, state, seat, components.action_index[str(action.args[0])], events)
    elif verb == "replace":
        kind = components.action_index[str(action.args[0])]
        state.replaced = True
        effects.discard_action(state, seat, kind)
        events.append(
            Event(
                "replace",
                N_("{seat} discards {card} to draw a new Action card"),
                {"seat": seat, "card": components.action_names[kind]},
            )
        )
        _draw(components, state, seat, events)
    elif verb == "refill":
        refill(components, state, seat, events)
    elif verb == "shops":
        state.pos[seat] = SHOPS
        state.tasks.append(Task("take_mission", seat))
        events.append(Event("shops", N_("{seat} goes to the shops"), {"seat": seat}))
    else:  # pragma: no cover - legal_actions lists no other verb
        raise AssertionError(f"unknown turn action {action}")


def _draw(components: Components, state: CarterosState, seat: int, events: list[Event]) -> None:
    kind = effects.draw_action(state)
    if kind < 0:
        return
    state.hand[seat][kind] += 1
    events.append(Event("draw", N_("{seat} draws an Action card"), {"seat": seat}))
    events.append(
        Event(
            "drawn",
            N_("you draw {card}"),
            {"seat": seat, "card": components.action_names[kind]},
            to=(seat,),
        )
    )


def refill(components: Components, state: CarterosState, seat: int, events: list[Event]) -> None:
    """CA-3: back to the Post Office, Mail cards up to 5, never beyond 10 − delivered; then a
    Mail card owed to Stampy is paid (CA-9)."""
    state.pos[seat] = POST_OFFICE
    want = min(BAG_LIMIT, GOAL - sum(state.delivered[seat])) - sum(state.mail[seat])
    drawn: list[str] = []
    for _step in range(want):
        kind = effects.draw_mail(state)
        if kind < 0:
            break
        state.mail[seat][kind] += 1
        drawn.append(components.mail_names[kind])
    refilled = (
        N_("{seat} refills at the Post Office: 1 Mail card")
        if len(drawn) == 1
        else N_("{seat} refills at the Post Office: {count} Mail cards")
    )
    events.append(Event("refill", refilled, {"seat": seat, "count": len(drawn)}))
    text = N_("you draw {mail}") if drawn else N_("you draw no Mail card")
    events.append(Event("refilled", text, {"mail": drawn}, to=(seat,)))
    if state.debt[seat] and drawn:
        state.tasks.append(Task("debt", seat, arg=components.cancel_card["debt"]))


def play(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """Play an Action card from the hand: the effect its component entry names (CA-4 … CA-7)."""
    state.played[seat][kind] += 1
    name = components.action_names[kind]
    events.append(Event("play", N_("{seat} plays {card}"), {"seat": seat, "card": name}))
    effect = components.action_effects[kind]
    assert effect is not None, "legal_actions offers only cards played as an action"
    effect(components, state, seat, kind, events)


# -- decisions inside effects ------------------------------------------------------------------


def task_action(
    components: Components, state: CarterosState, seat: int, action: Action, events: list[Event]
) -> None:
    """Carry out the decision owed at the top of the task stack."""
    task = state.tasks[-1]
    RESOLVE[task.kind](components, state, seat, task, action, events)
