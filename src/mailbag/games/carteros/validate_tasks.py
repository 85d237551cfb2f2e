"""Carteros task stack invariants: the pending decisions and automatic steps of a state fit the
phase of play — a turn in progress (a delivery, a ride, a reaction window), the end of a turn
with Stampy, or the tie-break — and whoever owes the decision at the top can take it.

Part of :mod:`validate` (which calls :func:`check_tasks` once the cards and counters are known to
be sound). Every task kind, and what play can leave on the stack under it, is listed here once.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import NoReturn

from mailbag.core.errors import StateError
from mailbag.core.i18n import NC_, _, pgettext
from mailbag.games.carteros import legal
from mailbag.games.carteros.apply import AUTO
from mailbag.games.carteros.board import (
    ADJACENT,
    HOUSE_NAMES,
    POST_OFFICE,
    SHOPS,
    STEP,
    position_name,
)
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.decisions import DECISIONS, NO_FIELDS, TaskFields
from mailbag.games.carteros.effects import flooded_mask
from mailbag.games.carteros.scoring import totals
from mailbag.games.carteros.state import ACTIONS_PER_TURN, CAUSES, GOAL, CarterosState, Task

#: automatic steps (resolved by the engine); the card that cancels one is in the component set
AUTOMATIC = frozenset(AUTO)

_ASKABLE = frozenset({"", "asked"})
Fields = dict[str, TaskFields]


def _askable(cancel: Mapping[str, int], step: str) -> frozenset[str]:
    """A step's reaction window is asked only when some card cancels it (CA-103)."""
    return _ASKABLE if cancel[step] >= 0 else frozenset({""})


@lru_cache(maxsize=16)
def task_fields(components: Components) -> Fields:
    """Per task kind: the values of ``n``, ``arg`` and ``cause`` play can give it, for the
    component set ``components`` (which card cancels what, how many cards a house delivers):
    a decision's from its entry (:data:`DECISIONS`), the automatic steps' here."""
    cancel = components.cancel_card
    fields: Fields = {kind: decision.fields(components) for kind, decision in DECISIONS.items()}
    fields["next_turn"] = NO_FIELDS
    fields["stampy_card"] = (
        frozenset({0, 1}),
        frozenset({cancel["stampy_card"]}),
        _askable(cancel, "stampy_card"),
    )
    for step in ("catch", "lost_card", "soak", "debt"):
        fields[step] = (frozenset({0}), frozenset({cancel[step]}), _askable(cancel, step))
    assert set(fields) == AUTOMATIC | set(DECISIONS)
    return fields


#: the four directions of a ride, by ``Task.arg``
DIRECTIONS = (
    NC_("carteros direction", "up"),
    NC_("carteros direction", "down"),
    NC_("carteros direction", "left"),
    NC_("carteros direction", "right"),
)


def fail(message: str) -> NoReturn:
    """Refuse the state: ``message`` names the broken invariant."""
    raise StateError(message)


def check_task_fields(fields: Fields, task: Task, index: int, n: int) -> None:
    """Task ``index`` (from the bottom of the stack) is a known kind with its fields in range
    (``fields``: :func:`task_fields` of the component set)."""
    what = _("pending task {index} ({kind})", index=index, kind=repr(task.kind))
    if task.kind not in fields:
        fail(
            _(
                "{what} is not a Carteros task; tasks are {kinds}",
                what=what,
                kinds=", ".join(sorted(fields)),
            )
        )
    if not 0 <= task.seat < n:
        fail(
            _(
                "{what} belongs to seat {seat}, which is not one of the seats 0–{last}",
                what=what,
                seat=task.seat,
                last=n - 1,
            )
        )
    ns, args, causes = fields[task.kind]
    for field, value, allowed in (("n", task.n, ns), ("arg", task.arg, args)):
        if value not in allowed:
            fail(
                _(
                    "{what} has {field} = {value}; a {kind} task has {allowed}",
                    what=what,
                    field=field,
                    value=value,
                    kind=task.kind,
                    allowed=sorted(allowed),
                )
            )
    if task.cause not in causes:
        fail(
            _(
                "{what} has cause {cause}; a {kind} task has {allowed}",
                what=what,
                cause=repr(task.cause),
                kind=task.kind,
                allowed=sorted(causes),
            )
        )


# -- the task stack and the phase of play ----------------------------------------------------------


def check_tasks(components: Components, state: CarterosState, n: int) -> None:
    """The stack fits the phase: in a turn, between turns (Stampy), or after play (tie-break)."""
    tasks = state.tasks
    open_floods = state.floods.count(-1)
    flooding = bool(tasks) and tasks[0].kind == "flood" and not state.final
    if open_floods != int(flooding):
        fail(
            _(
                "{open_floods} Rain card(s) on the table wait for their block to be chosen, but a "
                "flood is being chosen (CA-6)",
                open_floods=open_floods,
            )
            if flooding
            else _(
                "{open_floods} Rain card(s) on the table wait for their block to be chosen, but no "
                "flood is being chosen (CA-6)",
                open_floods=open_floods,
            )
        )
    if tasks and tasks[-1].kind in AUTOMATIC:
        fail(
            _(
                "the last pending task is the automatic {kind} step, which the engine resolves at "
                "once: nobody would owe a decision",
                kind=repr(tasks[-1].kind),
            )
        )
    for task in tasks[:-1]:
        if task.kind not in AUTOMATIC and task.kind not in ("ride", "flood", "tiebreak"):
            fail(
                _(
                    "a {kind} decision waits under another task; it is only ever the decision at "
                    "the top",
                    kind=repr(task.kind),
                )
            )
    if state.final:
        _check_final(components, state, n)
    elif not tasks:
        if state.actions_used >= ACTIONS_PER_TURN:
            fail(
                _(
                    "seat {seat} has used all {actions} actions, but the turn was not handed on "
                    "(CA-1)",
                    seat=state.current,
                    actions=ACTIONS_PER_TURN,
                )
            )
    elif tasks[0].kind == "next_turn":
        _check_turn_end(components, state, n)
    else:
        _check_turn_tasks(components, state, n)
    for s in range(n):
        if state.pos[s] == SHOPS and not state.mission[s]:
            choosing = bool(tasks) and tasks[-1].kind == "take_mission" and tasks[-1].seat == s
            if not choosing:
                fail(_("seat {seat} is at the shops without a mission card (CA-10)", seat=s))


def _check_final(components: Components, state: CarterosState, n: int) -> None:
    """Play has ended (CA-8, CA-102): only the bicycle tie-break may remain (CA-109)."""
    if state.current != n - 1 or state.actions_used or state.replaced:
        fail(
            _(
                "play has ended, which happens after the last seat's ({last}) turn, but seat "
                "{seat} is still in a turn with {used} action(s) used",
                last=n - 1,
                seat=state.current,
                used=state.actions_used,
            )
        )
    if state.finisher < 0 and state.round < state.max_rounds:
        fail(
            _(
                "play has ended in round {round} of {max_rounds}, but nobody has delivered {goal} "
                "Mail cards (CA-8, CA-102)",
                round=state.round,
                max_rounds=state.max_rounds,
                goal=GOAL,
            )
        )
    points = totals(components, state)
    best = max(points)
    tied = [s for s in range(n) if points[s] == best]
    for s in range(n):
        if state.tiebreak[s] and (len(tied) < 2 or s not in tied):
            fail(
                _(
                    "seat {seat} has a tie-break result, but only carriers tied for the most "
                    "points ride the tie-break (CA-109)",
                    seat=s,
                )
            )
    tasks = state.tasks
    if state.over:
        if tasks:
            fail(
                _(
                    "the game is over, but a {kind} decision is still pending",
                    kind=repr(tasks[-1].kind),
                )
            )
        return
    if not tasks:
        fail(_("play has ended and nobody rides the tie-break, but the game is not marked over"))
    for task in tasks:
        if task.kind != "tiebreak":
            fail(
                _(
                    "play has ended, but a {kind} task is pending; only the tie-break is",
                    kind=repr(task.kind),
                )
            )
    riders = [t.seat for t in reversed(tasks)]
    if len(tied) < 2 or riders != tied[len(tied) - len(riders) :]:
        fail(
            _(
                "seats {riders} wait to ride the tie-break; they must be the last of the carriers "
                "tied for the most points ({tied}), in turn order (CA-109)",
                riders=riders,
                tied=tied,
            )
        )
    for s in riders:
        if state.tiebreak[s]:
            fail(
                _(
                    "seat {seat} waits to ride the tie-break but already has a result (CA-109)",
                    seat=s,
                )
            )


def _check_turn_end(components: Components, state: CarterosState, n: int) -> None:
    """The end of a turn with Stampy (CA-9): he is placed or moves, and bites (CA-107)."""
    tasks = state.tasks
    following = (state.current + 1) % n
    if not state.stampy_mode:
        fail(_("Stampy moves between two turns, but Stampy mode is off (CA-9)"))
    if tasks[0].seat != following:
        fail(
            _(
                "the next turn goes to seat {next}, but seat {following} follows seat {seat}",
                next=tasks[0].seat,
                following=following,
                seat=state.current,
            )
        )
    if state.actions_used or state.replaced or state.fresh:
        fail(
            _(
                "seat {seat}'s turn is over, but its actions, replacement or replaced houses were "
                "not reset",
                seat=state.current,
            )
        )
    if following == 0 and (state.finisher >= 0 or state.round >= state.max_rounds):
        fail(
            _(
                "a new round would start after round {round}, but play ends after it (CA-8, "
                "CA-102)",
                round=state.round,
            )
        )
    rest = tasks[1:]
    kind = rest[0].kind
    if kind == "place_stampy":
        if len(rest) != 1 or rest[0].seat != 0 or state.round != 1 or state.stampy >= 0:
            fail(
                _(
                    "Stampy is put on a corner by seat 0 once, at the end of round 1, while he is "
                    "not yet out (CA-9, CA-107)"
                )
            )
    elif kind == "move_stampy":
        if len(rest) != 1 or rest[0].seat != following or state.stampy < 0:
            fail(
                _(
                    "Stampy is moved by the next carrier (seat {following}) when he is on a house "
                    "(CA-9)",
                    following=following,
                )
            )
    elif kind == "catch":
        if state.stampy < 0:
            fail(_("Stampy bites, but he is not in the neighbourhood (CA-9)"))
        victims = [v for v in _turn_order(following, n) if state.pos[v] == state.stampy]
        _check_window(components, state, rest, "catch", victims, following, n)
    else:
        fail(
            _(
                "a {kind} task is pending between two turns; only Stampy acts then (CA-9)",
                kind=repr(kind),
            )
        )


def _turn_order(first: int, n: int) -> list[int]:
    return [(first + i) % n for i in range(n)]


def _check_window(
    components: Components,
    state: CarterosState,
    chain: list[Task],
    kind: str,
    victims: list[int],
    first: int,
    n: int,
) -> None:
    """``chain``: the ``kind`` steps still to strike, in turn order from ``first`` (the top one
    strikes next), and the reaction window open for the top one (CA-103)."""
    *steps, window = chain
    if window.kind != "react" or not steps or any(t.kind != kind for t in steps):
        fail(
            _(
                "pending {kind} steps must lie under the reaction window of the one that strikes "
                "next; found {found} (CA-103)",
                kind=repr(kind),
                found=[t.kind for t in chain],
            )
        )
    top = steps[-1]
    _check_react(components, state, top, window)
    for task in steps[:-1]:
        if task.cause:
            fail(
                _(
                    "a {kind} step waiting its turn already asked seat {seat} (CA-103)",
                    kind=repr(kind),
                    seat=task.seat,
                )
            )
    seats = [t.seat for t in reversed(steps)]
    if top.seat not in victims:
        fail(
            _(
                "seat {seat} is not struck by the {cause} it answers (CA-103)",
                seat=top.seat,
                cause=CAUSES[kind],
            )
        )
    distance = (top.seat - first) % n
    due = [v for v in victims if (v - first) % n >= distance]
    if seats != due:
        fail(
            _(
                "the {cause} still has to strike seats {due} in turn order from seat {first}; "
                "pending are {seats} (CA-103)",
                cause=CAUSES[kind],
                due=due,
                first=first,
                seats=seats,
            )
        )


def _check_react(components: Components, state: CarterosState, step: Task, window: Task) -> None:
    card = components.cancel_card[step.kind]
    names = components.action_names
    if card < 0:
        fail(
            _(
                "a reaction window answers {cause}, but no card cancels it (CA-103)",
                cause=CAUSES[step.kind],
            )
        )
    if step.cause != "asked" or window.seat != step.seat:
        fail(
            _(
                "a reaction window is open for seat {seat}, but not over the effect that strikes "
                "it ({step} of seat {struck}) (CA-103)",
                seat=window.seat,
                step=repr(step.kind),
                struck=step.seat,
            )
        )
    if window.arg != card or window.cause != CAUSES[step.kind]:
        fail(
            _(
                "the reaction window against {cause} offers {offered} for {asked}; it offers "
                "{card} (CA-103)",
                cause=CAUSES[step.kind],
                offered=names[window.arg],
                asked=repr(window.cause),
                card=names[card],
            )
        )
    if not state.hand[window.seat][card]:
        fail(
            _(
                "a reaction window offers seat {seat} its {card}, but it holds none (CA-103)",
                seat=window.seat,
                card=names[card],
            )
        )


def _check_turn_tasks(components: Components, state: CarterosState, n: int) -> None:
    """Decisions inside the current carrier's turn, left by the action just taken."""
    tasks = state.tasks
    base = tasks[0]
    p = state.current
    where = state.pos[p]
    if base.kind in ("react", "soak", "catch", "move_stampy", "place_stampy", "tiebreak"):
        fail(
            _(
                "a {kind} task is pending, but no action of this turn leads to it",
                kind=repr(base.kind),
            )
        )
    if base.seat != p:
        fail(
            _(
                "a {kind} decision belongs to seat {owner}, but it is seat {seat}'s turn",
                kind=repr(base.kind),
                owner=base.seat,
                seat=p,
            )
        )
    if not state.actions_used:
        fail(
            _(
                "seat {seat} faces a {kind} decision without having taken an action (CA-1)",
                seat=p,
                kind=repr(base.kind),
            )
        )
    if base.kind not in ("take_mission", "debt") and where < 0:
        fail(
            _(
                "seat {seat} faces a {kind} decision at the {place}; it only arises in the "
                "neighbourhood",
                seat=p,
                kind=repr(base.kind),
                place=position_name(where),
            )
        )
    kind = base.kind
    if kind == "give":
        _single(tasks)
        _check_give(state, base)
    elif kind == "ride":
        _check_ride(state, base)
        if len(tasks) > 1:
            if len(tasks) != 2 or tasks[1].kind != "give" or tasks[1].seat != p or not base.n:
                fail(_("only a delivery can interrupt a bicycle ride, after a house (CA-4)"))
            _check_give(state, tasks[1])
    elif kind == "discard":
        _single(tasks)
        if not any(state.mail[p]):
            fail(_("seat {seat} must discard a Mail card but holds none (CA-2)", seat=p))
        if base.cause == "stampy" and state.actions_used < ACTIONS_PER_TURN:
            fail(
                _(
                    "seat {seat} discards a Mail card to Stampy with actions left; those actions "
                    "are lost instead (CA-2)",
                    seat=p,
                )
            )
    elif kind in ("stampy_card", "lost_card", "debt"):
        if len(tasks) != 2 or tasks[1].kind != "react":
            fail(
                _("the {kind} step waits only under its reaction window (CA-103)", kind=repr(kind))
            )
        _check_react(components, state, base, tasks[1])
        if kind == "stampy_card" and base.n:
            number = state.mission[p]
            if not (state.missions_mode and number and components.mission(number).house == where):
                fail(
                    _(
                        "seat {seat} revealed Stampy on a mission delivery, but holds no mission "
                        "for {place} (CA-108)",
                        seat=p,
                        place=position_name(where),
                    )
                )
        if kind == "debt" and (where != POST_OFFICE or not state.debt[p] or not any(state.mail[p])):
            fail(
                _(
                    "seat {seat} pays Stampy a Mail card only right after a refill at the Post "
                    "Office, owing one and holding new Mail cards (CA-107)",
                    seat=p,
                )
            )
    elif kind == "peek":
        _single(tasks)
        _check_peek(state, base)
    elif kind == "take_mission":
        _single(tasks)
        if where != SHOPS or state.mission[p] or not any(state.mission_decks):
            fail(
                _(
                    "seat {seat} takes a mission only at the shops, holding none, with a mission "
                    "card on offer (CA-108)",
                    seat=p,
                )
            )
    elif kind == "flood":
        if len(tasks) > 1:
            victims = [v for v in _turn_order(p, n)[1:] if state.pos[v] >= 0 and any(state.mail[v])]
            _check_window(components, state, tasks[1:], "soak", victims, p, n)
    else:  # a decision of an effect no rule above knows: asked alone, on top of nothing
        _single(tasks)


def _single(tasks: list[Task]) -> None:
    if len(tasks) != 1:
        fail(
            _(
                "a {kind} decision is pending with {others} other tasks on top of it; nothing "
                "interrupts it",
                kind=repr(tasks[0].kind),
                others=len(tasks) - 1,
            )
        )


def _check_give(state: CarterosState, task: Task) -> None:
    held = sum(state.mail[task.seat])
    if task.n > held:
        fail(
            _(
                "seat {seat} is to deliver {count} Mail cards but holds {held}; Double with one "
                "card delivers one (CA-2)",
                seat=task.seat,
                count=task.n,
                held=held,
            )
        )


def _check_ride(state: CarterosState, task: Task) -> None:
    house = state.pos[task.seat]
    if (task.n == 0) != (task.arg < 0):
        fail(
            _(
                "the bicycle has ridden {count} houses with direction {arg}: the first house sets "
                "the direction (CA-106)",
                count=task.n,
                arg=task.arg,
            )
        )
    if task.n:
        start = house
        for _step in range(task.n):  # back along the ride: the opposite direction is arg ^ 1
            start = STEP[start][task.arg ^ 1] if start >= 0 else -1
        if start < 0:
            fail(
                _(
                    "seat {seat} cannot have ridden {count} houses {direction} to {house} (CA-4)",
                    seat=task.seat,
                    count=task.n,
                    direction=pgettext("carteros direction", DIRECTIONS[task.arg]),
                    house=HOUSE_NAMES[house],
                )
            )
    else:
        mask = flooded_mask(state)
        if all(mask >> q & 1 for q in ADJACENT[house]):
            fail(
                _(
                    "seat {seat} rides the bicycle from {house}, but every house next to it is "
                    "flooded (CA-4)",
                    seat=task.seat,
                    house=HOUSE_NAMES[house],
                )
            )


def _check_peek(state: CarterosState, task: Task) -> None:
    seat, house = task.seat, state.pos[task.seat]
    if state.actions_used >= ACTIONS_PER_TURN:
        fail(_("seat {seat} uses GPS as the last action of the turn (CA-7)", seat=seat))
    if (task.n == 2) != (task.arg < 0):
        fail(
            _(
                "GPS has {count} looks left after looking at house {arg}; it looks at two houses "
                "(CA-7)",
                count=task.n,
                arg=task.arg,
            )
        )
    if task.arg >= 0:
        if task.arg not in ADJACENT[house]:
            fail(
                _(
                    "seat {seat} looked with GPS at {looked}, which is not next to {house} (CA-7)",
                    seat=seat,
                    looked=HOUSE_NAMES[task.arg],
                    house=HOUSE_NAMES[house],
                )
            )
        if state.known[seat][task.arg] < 0:
            fail(
                _(
                    "seat {seat} looked with GPS at {looked} but does not remember it (CA-7)",
                    seat=seat,
                    looked=HOUSE_NAMES[task.arg],
                )
            )


# -- somebody can always act -----------------------------------------------------------------------


def check_deciders(components: Components, state: CarterosState) -> None:
    """A safety net under the checks above: whoever owes a decision has a legal action."""
    for seat in legal.deciders(components, state):
        if not legal.legal_actions(components, state, seat):
            kind = state.tasks[-1].kind if state.tasks else "turn"
            fail(
                _(
                    "seat {seat} owes a {kind} decision but has no legal choice",
                    seat=seat,
                    kind=repr(kind),
                )
            )
