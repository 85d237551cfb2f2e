"""Goal tokens (PO-9): each goal condition on one board, and the end-of-round check.

A goal is one entry in ``data/goals.toml`` (name, title, help text, condition, numbers) and its
condition one function here, registered by name in :data:`GOAL_CONDITIONS` and defined precisely
(PO-110). A condition takes the component data and the board, then its numbers as keyword-only
parameters: the loader reads those from the function, checks the entry gives them, and binds
them once (``Goal.check``). A new goal is one data entry and, for a new kind of condition, one
function registered here (or in a user's own code, before the component file is loaded).
"Open" means not sealed by a tape.
"""

from __future__ import annotations

from mailbag.core import Event
from mailbag.core.i18n import N_
from mailbag.games.post_office.components import GOAL_CONDITIONS, SYMBOL, Components, Goal
from mailbag.games.post_office.geometry import SQUARES
from mailbag.games.post_office.scoring import (
    GOAL_VALUE,
    open_receipts,
    open_squares,
    receipt_tapes,
    square_groups,
    stamp_value,
)
from mailbag.games.post_office.state import Player, PostOfficeState


@GOAL_CONDITIONS.register("square_groups")
def square_groups_scored(components: Components, p: Player, *, count: int) -> bool:
    """At least ``count`` square groups, counted as for scoring (PO-8)."""
    return square_groups(p) >= count


@GOAL_CONDITIONS.register("colour_all_shapes")
def colour_all_shapes(components: Components, p: Player) -> bool:
    """The tapes of every shape placed in one colour."""
    return any(all(p.placed[c * 4 + s] >= 0 for s in range(4)) for c in range(4))


@GOAL_CONDITIONS.register("shape_all_colours")
def shape_all_colours(components: Components, p: Player) -> bool:
    """The tapes of one shape placed in every colour."""
    return any(all(p.placed[c * 4 + s] >= 0 for c in range(4)) for s in range(4))


@GOAL_CONDITIONS.register("tapes_placed")
def tapes_placed(components: Components, p: Player, *, count: int) -> bool:
    """At least ``count`` tapes placed."""
    return sum(1 for pid in p.placed if pid >= 0) >= count


@GOAL_CONDITIONS.register("stamps_held")
def stamps_held(components: Components, p: Player, *, count: int) -> bool:
    """Stamps worth at least ``count``: PO-112, a held goal token counts as a stamp token of
    value 8."""
    return stamp_value(p) >= count


@GOAL_CONDITIONS.register("receipts_touching")
def receipts_touching(components: Components, p: Player, *, count: int, tapes: int) -> bool:
    """At least ``count`` open receipts each touching ``tapes`` different tapes or more."""
    busy = sum(1 for r in open_receipts(p) if receipt_tapes(p, r) >= tapes)
    return busy >= count


@GOAL_CONDITIONS.register("open_symbols_one_type")
def open_symbols_one_type(components: Components, p: Player, *, count: int) -> bool:
    """At least ``count`` open symbols of one parcel type."""
    counts = [0, 0, 0, 0]
    for colour, icon, tape in zip(p.colour, p.icon, p.tape, strict=True):
        if icon == SYMBOL and tape < 0:
            counts[colour] += 1
    return max(counts) >= count


@GOAL_CONDITIONS.register("tape_each_quarter")
def tape_each_quarter(components: Components, p: Player) -> bool:
    """In each quarter of the parcel grid a tape lying wholly inside it."""
    quarters = {components.placement_quarter[pid] for pid in p.placed if pid >= 0}
    return {0, 1, 2, 3} <= quarters


@GOAL_CONDITIONS.register("square_groups_all_colours")
def square_groups_all_colours(components: Components, p: Player) -> bool:
    """An open 2×2 square of parcels in every colour."""
    colours = {p.colour[SQUARES[k][0]] for k in open_squares(p)}
    return len(colours) == 4


def completes(components: Components, p: Player, goal: Goal) -> bool:
    """Whether board ``p`` meets ``goal`` now."""
    return goal.check(components, p)


def reveal_goals(state: PostOfficeState) -> None:
    """Lay goals face up from the stack until ``params.goals_face_up`` (4 in the printed game)
    lie there or the stack is empty (PO-9)."""
    face_up = state.params.goals_face_up
    while len(state.goal_display) < face_up and state.goal_stack:
        state.goal_display.append(state.goal_stack.pop())


def check_goals(components: Components, state: PostOfficeState) -> list[Event]:
    """End-of-round goal check (PO-9): every player against every face-up goal. The first
    completing player in seat order from the senior post office worker (seat 0) takes the token;
    every other completing player takes 8 stamps from the supply (as far as it lasts: PO-106).
    Every goal is judged on the boards as they were when the round ended, before anything of
    this check is handed out, so a goal token or stamps taken now count for the "ten stamps"
    goal only from the next check (PO-112). Taken goals are then replaced from the face-down
    stack — after the whole check, so a goal laid out now is first checked at the end of the
    next round (PO-111)."""
    events: list[Event] = []
    goals = components.goals
    taken: list[int] = []
    players = state.players
    completed = [
        (g, [i for i, p in enumerate(players) if completes(components, p, goals[g])])
        for g in state.goal_display
    ]
    for g, done in completed:
        goal = goals[g]
        if not done:
            continue
        first, rest = done[0], done[1:]
        winner = state.players[first]
        winner.goals.append(g)
        winner.goals_won.append(g)
        taken.append(g)
        events.append(
            Event(
                "goal",
                N_("{seat} completes goal '{goal}' and takes its token"),
                {"seat": first, "goal": goal.name},
            )
        )
        for i in rest:
            paid = min(GOAL_VALUE, state.stamp_supply)
            state.stamp_supply -= paid
            state.players[i].stamps += paid
            text = (
                N_("{seat} also completes goal '{goal}' and takes 1 stamp")
                if paid == 1
                else N_("{seat} also completes goal '{goal}' and takes {stamps} stamps")
            )
            events.append(
                Event("goal_shared", text, {"seat": i, "goal": goal.name, "stamps": paid})
            )
    if taken:
        state.goal_display = [g for g in state.goal_display if g not in taken]
        reveal_goals(state)
    return events
