"""Goal tokens (PO-9): each goal's condition on one board, and the end-of-round check.

The conditions are chosen by the ``kind`` of a goal in ``data/goals.toml``; each kind is one
function here, defined precisely (PO-110). "Open" means not sealed by a tape.
"""

from __future__ import annotations

from collections.abc import Callable

from mailbag.core import Event
from mailbag.games.post_office.components import SYMBOL, Goal
from mailbag.games.post_office.geometry import SQUARES, Tables
from mailbag.games.post_office.scoring import (
    GOAL_VALUE,
    open_receipts,
    open_squares,
    receipt_tapes,
    square_groups,
    stamp_value,
)
from mailbag.games.post_office.state import Player, PostOfficeState

Condition = Callable[[Player, Goal, Tables], bool]


def _square_groups(p: Player, goal: Goal, tables: Tables) -> bool:
    return square_groups(p) >= goal.count


def _colour_all_shapes(p: Player, goal: Goal, tables: Tables) -> bool:
    return any(all(p.placed[c * 4 + s] >= 0 for s in range(4)) for c in range(4))


def _shape_all_colours(p: Player, goal: Goal, tables: Tables) -> bool:
    return any(all(p.placed[c * 4 + s] >= 0 for c in range(4)) for s in range(4))


def _tapes_placed(p: Player, goal: Goal, tables: Tables) -> bool:
    return sum(1 for pid in p.placed if pid >= 0) >= goal.count


def _stamps_held(p: Player, goal: Goal, tables: Tables) -> bool:
    """PO-112: a held goal token counts as a stamp token of value 8."""
    return stamp_value(p) >= goal.count


def _receipts_touching(p: Player, goal: Goal, tables: Tables) -> bool:
    busy = sum(1 for r in open_receipts(p) if receipt_tapes(p, r) >= goal.tapes)
    return busy >= goal.count


def _open_symbols_one_type(p: Player, goal: Goal, tables: Tables) -> bool:
    counts = [0, 0, 0, 0]
    for colour, icon, tape in zip(p.colour, p.icon, p.tape, strict=True):
        if icon == SYMBOL and tape < 0:
            counts[colour] += 1
    return max(counts) >= goal.count


def _tape_each_quarter(p: Player, goal: Goal, tables: Tables) -> bool:
    quarters = {tables.placement_quarter[pid] for pid in p.placed if pid >= 0}
    return {0, 1, 2, 3} <= quarters


def _square_groups_all_colours(p: Player, goal: Goal, tables: Tables) -> bool:
    colours = {p.colour[SQUARES[k][0]] for k in open_squares(p)}
    return len(colours) == 4


CONDITIONS: dict[str, Condition] = {
    "square_groups": _square_groups,
    "colour_all_shapes": _colour_all_shapes,
    "shape_all_colours": _shape_all_colours,
    "tapes_placed": _tapes_placed,
    "stamps_held": _stamps_held,
    "receipts_touching": _receipts_touching,
    "open_symbols_one_type": _open_symbols_one_type,
    "tape_each_quarter": _tape_each_quarter,
    "square_groups_all_colours": _square_groups_all_colours,
}


def completes(p: Player, goal: Goal, tables: Tables) -> bool:
    """Whether board ``p`` meets ``goal`` now."""
    return CONDITIONS[goal.kind](p, goal, tables)


def reveal_goals(state: PostOfficeState) -> None:
    """Lay goals face up from the stack until ``params.goals_face_up`` (4 in the printed game)
    lie there or the stack is empty (PO-9)."""
    face_up = state.params.goals_face_up
    while len(state.goal_display) < face_up and state.goal_stack:
        state.goal_display.append(state.goal_stack.pop())


def check_goals(state: PostOfficeState, tables: Tables) -> list[Event]:
    """End-of-round goal check (PO-9): every player against every face-up goal. The first
    completing player in seat order from the senior post office worker (seat 0) takes the token;
    every other completing player takes 8 stamps from the supply (as far as it lasts: PO-106).
    Every goal is judged on the boards as they were when the round ended, before anything of
    this check is handed out, so a goal token or stamps taken now count for the "ten stamps"
    goal only from the next check (PO-112). Taken goals are then replaced from the face-down
    stack — after the whole check, so a goal laid out now is first checked at the end of the
    next round (PO-111)."""
    events: list[Event] = []
    goals = tables.components.goals
    taken: list[int] = []
    players = state.players
    completed = [
        (g, [i for i, p in enumerate(players) if completes(p, goals[g], tables)])
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
                f"seat {first} completes goal '{goal.title}' and takes its token",
                {"seat": first, "goal": goal.name},
            )
        )
        for i in rest:
            paid = min(GOAL_VALUE, state.stamp_supply)
            state.stamp_supply -= paid
            state.players[i].stamps += paid
            events.append(
                Event(
                    "goal_shared",
                    f"seat {i} also completes goal '{goal.title}' and takes {paid} stamps",
                    {"seat": i, "goal": goal.name, "stamps": paid},
                )
            )
    if taken:
        state.goal_display = [g for g in state.goal_display if g not in taken]
        reveal_goals(state)
    return events
