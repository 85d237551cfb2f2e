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
from mailbag.games.carteros import legal
from mailbag.games.carteros.board import (
    ADJACENT,
    HOUSE_NAMES,
    HOUSES,
    POST_OFFICE,
    SHOPS,
    STEP,
    position_name,
)
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.decisions import DECISIONS
from mailbag.games.carteros.effects import flooded_mask
from mailbag.games.carteros.rules import AUTO
from mailbag.games.carteros.scoring import totals
from mailbag.games.carteros.state import ACTIONS_PER_TURN, CAUSES, GOAL, CarterosState, Task

#: automatic steps (resolved by the engine); the card that cancels one is in the component set
AUTOMATIC = frozenset(AUTO)

_NONE = (frozenset({0}), frozenset({-1}), frozenset({""}))
_ASKABLE = frozenset({"", "asked"})
Fields = dict[str, tuple[frozenset[int], frozenset[int], frozenset[str]]]


def _askable(cancel: Mapping[str, int], step: str) -> frozenset[str]:
    """A step's reaction window is asked only when some card cancels it (CA-103)."""
    return _ASKABLE if cancel[step] >= 0 else frozenset({""})


@lru_cache(maxsize=16)
def task_fields(comps: Components) -> Fields:
    """Per task kind: the values of ``n``, ``arg`` and ``cause`` play can give it, for the
    component set ``comps`` (which card cancels what, how many cards a house delivers)."""
    cancel = comps.cancel_card
    fields: Fields = {
        "next_turn": _NONE,
        "move_stampy": _NONE,
        "place_stampy": _NONE,
        "flood": _NONE,
        "take_mission": _NONE,
        "tiebreak": _NONE,
        "stampy_card": (
            frozenset({0, 1}),
            frozenset({cancel["stampy_card"]}),
            _askable(cancel, "stampy_card"),
        ),
        "react": (
            frozenset({0}),
            frozenset(card for card in cancel.values() if card >= 0),
            frozenset(CAUSES.values()),
        ),
        "give": (frozenset(range(1, comps.max_delivers + 1)), frozenset({-1}), frozenset({""})),
        "discard": (frozenset({0}), frozenset({-1}), frozenset({"stampy", "change_of_direction"})),
        "ride": (frozenset({0, 1, 2}), frozenset({-1, 0, 1, 2, 3}), frozenset({""})),
        "peek": (frozenset({1, 2}), frozenset({-1, *range(HOUSES)}), frozenset({""})),
    }
    for step in ("catch", "lost_card", "soak", "debt"):
        fields[step] = (frozenset({0}), frozenset({cancel[step]}), _askable(cancel, step))
    assert set(fields) == AUTOMATIC | set(DECISIONS)
    return fields


def fail(message: str) -> NoReturn:
    """Refuse the state: ``message`` names the broken invariant."""
    raise StateError(message)


def check_task_fields(fields: Fields, task: Task, index: int, n: int) -> None:
    """Task ``index`` (from the bottom of the stack) is a known kind with its fields in range
    (``fields``: :func:`task_fields` of the component set)."""
    what = f"pending task {index} ({task.kind!r})"
    if task.kind not in fields:
        fail(f"{what} is not a Carteros task; tasks are {', '.join(sorted(fields))}")
    if not 0 <= task.seat < n:
        fail(f"{what} belongs to seat {task.seat}, which is not one of the seats 0–{n - 1}")
    ns, args, causes = fields[task.kind]
    for field, value, allowed in (("n", task.n, ns), ("arg", task.arg, args)):
        if value not in allowed:
            fail(f"{what} has {field} = {value}; a {task.kind} task has {sorted(allowed)}")
    if task.cause not in causes:
        fail(f"{what} has cause {task.cause!r}; a {task.kind} task has {sorted(causes)}")


# -- the task stack and the phase of play ----------------------------------------------------------


def check_tasks(comps: Components, state: CarterosState, n: int) -> None:
    """The stack fits the phase: in a turn, between turns (Stampy), or after play (tie-break)."""
    tasks = state.tasks
    open_floods = state.floods.count(-1)
    flooding = bool(tasks) and tasks[0].kind == "flood" and not state.final
    if open_floods != int(flooding):
        fail(
            f"{open_floods} Rain card(s) on the table wait for their block to be chosen, but "
            f"{'a' if flooding else 'no'} flood is being chosen (CA-6)"
        )
    if tasks and tasks[-1].kind in AUTOMATIC:
        fail(
            f"the last pending task is the automatic {tasks[-1].kind!r} step, which the engine "
            "resolves at once: nobody would owe a decision"
        )
    for task in tasks[:-1]:
        if task.kind not in AUTOMATIC and task.kind not in ("ride", "flood", "tiebreak"):
            fail(
                f"a {task.kind!r} decision waits under another task; it is only ever the "
                "decision at the top"
            )
    if state.final:
        _check_final(comps, state, n)
    elif not tasks:
        if state.actions_used >= ACTIONS_PER_TURN:
            fail(
                f"seat {state.current} has used all {ACTIONS_PER_TURN} actions, but the turn "
                "was not handed on (CA-1)"
            )
    elif tasks[0].kind == "next_turn":
        _check_turn_end(comps, state, n)
    else:
        _check_turn_tasks(comps, state, n)
    for s in range(n):
        if state.pos[s] == SHOPS and not state.mission[s]:
            choosing = bool(tasks) and tasks[-1].kind == "take_mission" and tasks[-1].seat == s
            if not choosing:
                fail(f"seat {s} is at the shops without a mission card (CA-10)")


def _check_final(comps: Components, state: CarterosState, n: int) -> None:
    """Play has ended (CA-8, CA-102): only the bicycle tie-break may remain (CA-109)."""
    if state.current != n - 1 or state.actions_used or state.replaced:
        fail(
            f"play has ended, which happens after the last seat's ({n - 1}) turn, but seat "
            f"{state.current} is still in a turn with {state.actions_used} action(s) used"
        )
    if state.finisher < 0 and state.round < state.max_rounds:
        fail(
            f"play has ended in round {state.round} of {state.max_rounds}, but nobody has "
            f"delivered {GOAL} Mail cards (CA-8, CA-102)"
        )
    points = totals(comps, state)
    best = max(points)
    tied = [s for s in range(n) if points[s] == best]
    for s in range(n):
        if state.tiebreak[s] and (len(tied) < 2 or s not in tied):
            fail(
                f"seat {s} has a tie-break result, but only carriers tied for the most points "
                "ride the tie-break (CA-109)"
            )
    tasks = state.tasks
    if state.over:
        if tasks:
            fail(f"the game is over, but a {tasks[-1].kind!r} decision is still pending")
        return
    if not tasks:
        fail("play has ended and nobody rides the tie-break, but the game is not marked over")
    for task in tasks:
        if task.kind != "tiebreak":
            fail(f"play has ended, but a {task.kind!r} task is pending; only the tie-break is")
    riders = [t.seat for t in reversed(tasks)]
    if len(tied) < 2 or riders != tied[len(tied) - len(riders) :]:
        fail(
            f"seats {riders} wait to ride the tie-break; they must be the last of the carriers "
            f"tied for the most points ({tied}), in turn order (CA-109)"
        )
    for s in riders:
        if state.tiebreak[s]:
            fail(f"seat {s} waits to ride the tie-break but already has a result (CA-109)")


def _check_turn_end(comps: Components, state: CarterosState, n: int) -> None:
    """The end of a turn with Stampy (CA-9): he is placed or moves, and bites (CA-107)."""
    tasks = state.tasks
    following = (state.current + 1) % n
    if not state.stampy_mode:
        fail("Stampy moves between two turns, but Stampy mode is off (CA-9)")
    if tasks[0].seat != following:
        fail(
            f"the next turn goes to seat {tasks[0].seat}, but seat {following} follows seat "
            f"{state.current}"
        )
    if state.actions_used or state.replaced or state.fresh:
        fail(
            f"seat {state.current}'s turn is over, but its actions, replacement or replaced "
            "houses were not reset"
        )
    if following == 0 and (state.finisher >= 0 or state.round >= state.max_rounds):
        fail(
            f"a new round would start after round {state.round}, but play ends after it "
            "(CA-8, CA-102)"
        )
    rest = tasks[1:]
    kind = rest[0].kind
    if kind == "place_stampy":
        if len(rest) != 1 or rest[0].seat != 0 or state.round != 1 or state.stampy >= 0:
            fail(
                "Stampy is put on a corner by seat 0 once, at the end of round 1, while he is "
                "not yet out (CA-9, CA-107)"
            )
    elif kind == "move_stampy":
        if len(rest) != 1 or rest[0].seat != following or state.stampy < 0:
            fail(
                f"Stampy is moved by the next carrier (seat {following}) when he is on a house "
                "(CA-9)"
            )
    elif kind == "catch":
        if state.stampy < 0:
            fail("Stampy bites, but he is not in the neighbourhood (CA-9)")
        victims = [v for v in _turn_order(following, n) if state.pos[v] == state.stampy]
        _check_window(comps, state, rest, "catch", victims, following, n)
    else:
        fail(f"a {kind!r} task is pending between two turns; only Stampy acts then (CA-9)")


def _turn_order(first: int, n: int) -> list[int]:
    return [(first + i) % n for i in range(n)]


def _check_window(
    comps: Components,
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
            f"pending {kind!r} steps must lie under the reaction window of the one that strikes "
            f"next; found {[t.kind for t in chain]} (CA-103)"
        )
    top = steps[-1]
    _check_react(comps, state, top, window)
    for task in steps[:-1]:
        if task.cause:
            fail(f"a {kind!r} step waiting its turn already asked seat {task.seat} (CA-103)")
    seats = [t.seat for t in reversed(steps)]
    if top.seat not in victims:
        fail(f"seat {top.seat} is not struck by the {CAUSES[kind]} it answers (CA-103)")
    distance = (top.seat - first) % n
    due = [v for v in victims if (v - first) % n >= distance]
    if seats != due:
        fail(
            f"the {CAUSES[kind]} still has to strike seats {due} in turn order from seat {first}; "
            f"pending are {seats} (CA-103)"
        )


def _check_react(comps: Components, state: CarterosState, step: Task, window: Task) -> None:
    card = comps.cancel_card[step.kind]
    names = comps.action_names
    if card < 0:
        fail(f"a reaction window answers {CAUSES[step.kind]}, but no card cancels it (CA-103)")
    if step.cause != "asked" or window.seat != step.seat:
        fail(
            f"a reaction window is open for seat {window.seat}, but not over the effect that "
            f"strikes it ({step.kind!r} of seat {step.seat}) (CA-103)"
        )
    if window.arg != card or window.cause != CAUSES[step.kind]:
        fail(
            f"the reaction window against {CAUSES[step.kind]} offers "
            f"{names[window.arg]} for {window.cause!r}; it offers {names[card]} (CA-103)"
        )
    if not state.hand[window.seat][card]:
        fail(
            f"a reaction window offers seat {window.seat} its {names[card]}, but it holds "
            "none (CA-103)"
        )


def _check_turn_tasks(comps: Components, state: CarterosState, n: int) -> None:
    """Decisions inside the current carrier's turn, left by the action just taken."""
    tasks = state.tasks
    base = tasks[0]
    p = state.current
    where = state.pos[p]
    if base.kind in ("react", "soak", "catch", "move_stampy", "place_stampy", "tiebreak"):
        fail(f"a {base.kind!r} task is pending, but no action of this turn leads to it")
    if base.seat != p:
        fail(f"a {base.kind!r} decision belongs to seat {base.seat}, but it is seat {p}'s turn")
    if not state.actions_used:
        fail(f"seat {p} faces a {base.kind!r} decision without having taken an action (CA-1)")
    if base.kind not in ("take_mission", "debt") and where < 0:
        fail(
            f"seat {p} faces a {base.kind!r} decision at the {position_name(where)}; it only "
            "arises in the neighbourhood"
        )
    kind = base.kind
    if kind == "give":
        _single(tasks)
        _check_give(state, base)
    elif kind == "ride":
        _check_ride(state, base)
        if len(tasks) > 1:
            if len(tasks) != 2 or tasks[1].kind != "give" or tasks[1].seat != p or not base.n:
                fail("only a delivery can interrupt a bicycle ride, after a house (CA-4)")
            _check_give(state, tasks[1])
    elif kind == "discard":
        _single(tasks)
        if not any(state.mail[p]):
            fail(f"seat {p} must discard a Mail card but holds none (CA-2)")
        if base.cause == "stampy" and state.actions_used < ACTIONS_PER_TURN:
            fail(
                f"seat {p} discards a Mail card to Stampy with actions left; those actions are "
                "lost instead (CA-2)"
            )
    elif kind in ("stampy_card", "lost_card", "debt"):
        if len(tasks) != 2 or tasks[1].kind != "react":
            fail(f"the {kind!r} step waits only under its reaction window (CA-103)")
        _check_react(comps, state, base, tasks[1])
        if kind == "stampy_card" and base.n:
            number = state.mission[p]
            if not (state.missions_mode and number and comps.mission(number).house == where):
                fail(
                    f"seat {p} revealed Stampy on a mission delivery, but holds no mission for "
                    f"{position_name(where)} (CA-108)"
                )
        if kind == "debt" and (where != POST_OFFICE or not state.debt[p] or not any(state.mail[p])):
            fail(
                f"seat {p} pays Stampy a Mail card only right after a refill at the Post Office, "
                "owing one and holding new Mail cards (CA-107)"
            )
    elif kind == "peek":
        _single(tasks)
        _check_peek(state, base)
    elif kind == "take_mission":
        _single(tasks)
        if where != SHOPS or state.mission[p] or not any(state.mission_decks):
            fail(
                f"seat {p} takes a mission only at the shops, holding none, with a mission card "
                "on offer (CA-108)"
            )
    elif kind == "flood":
        if len(tasks) > 1:
            victims = [v for v in _turn_order(p, n)[1:] if state.pos[v] >= 0 and any(state.mail[v])]
            _check_window(comps, state, tasks[1:], "soak", victims, p, n)
    else:
        fail(f"a {kind!r} task is pending in the middle of a turn")


def _single(tasks: list[Task]) -> None:
    if len(tasks) != 1:
        fail(
            f"a {tasks[0].kind!r} decision is pending with {len(tasks) - 1} other tasks on top of "
            "it; nothing interrupts it"
        )


def _check_give(state: CarterosState, task: Task) -> None:
    held = sum(state.mail[task.seat])
    if task.n > held:
        fail(
            f"seat {task.seat} is to deliver {task.n} Mail cards but holds {held}; Double with "
            "one card delivers one (CA-2)"
        )


def _check_ride(state: CarterosState, task: Task) -> None:
    house = state.pos[task.seat]
    if (task.n == 0) != (task.arg < 0):
        fail(
            f"the bicycle has ridden {task.n} houses with direction {task.arg}: the first house "
            "sets the direction (CA-106)"
        )
    if task.n:
        start = house
        for _ in range(task.n):  # back along the ride: the opposite direction is arg ^ 1
            start = STEP[start][task.arg ^ 1] if start >= 0 else -1
        if start < 0:
            fail(
                f"seat {task.seat} cannot have ridden {task.n} houses "
                f"{('up', 'down', 'left', 'right')[task.arg]} to {HOUSE_NAMES[house]} (CA-4)"
            )
    else:
        mask = flooded_mask(state)
        if all(mask >> q & 1 for q in ADJACENT[house]):
            fail(
                f"seat {task.seat} rides the bicycle from {HOUSE_NAMES[house]}, but every house "
                "next to it is flooded (CA-4)"
            )


def _check_peek(state: CarterosState, task: Task) -> None:
    seat, house = task.seat, state.pos[task.seat]
    if state.actions_used >= ACTIONS_PER_TURN:
        fail(f"seat {seat} uses GPS as the last action of the turn (CA-7)")
    if (task.n == 2) != (task.arg < 0):
        fail(
            f"GPS has {task.n} looks left after looking at house {task.arg}; "
            "it looks at two houses (CA-7)"
        )
    if task.arg >= 0:
        if task.arg not in ADJACENT[house]:
            fail(
                f"seat {seat} looked with GPS at {HOUSE_NAMES[task.arg]}, which is not next to "
                f"{HOUSE_NAMES[house]} (CA-7)"
            )
        if state.known[seat][task.arg] < 0:
            fail(
                f"seat {seat} looked with GPS at {HOUSE_NAMES[task.arg]} but does not remember "
                "it (CA-7)"
            )


# -- somebody can always act -----------------------------------------------------------------------


def check_deciders(comps: Components, state: CarterosState) -> None:
    """A safety net under the checks above: whoever owes a decision has a legal action."""
    for seat in legal.deciders(state):
        if not legal.legal_actions(comps, state, seat):
            kind = state.tasks[-1].kind if state.tasks else "turn"
            fail(f"seat {seat} owes a {kind!r} decision but has no legal choice")
