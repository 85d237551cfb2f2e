"""Post Office positions a person can write and read: :func:`build` makes a state from named
parts — parcel tokens by their printed label (``"17"``, ``"cat-2"``), cells and parcels as
``[row, col]``, tapes by their colour and the four parcels they cover, helpers, goals and phases
by name — filling everything left unnamed from the seed; :func:`describe` gives any state back as
such parts, so ``build(describe(state))`` is that state again.

    state = build(
        players=2, round=3, phase="seal",
        seats=[{"tokens": [{"token": "3", "at": [0, 0]}, {"token": "5", "at": [0, 1], "turn": 3}],
                "tapes": [{"colour": "gift", "parcels": [[0, 0], [0, 1], [0, 2], [0, 3]]}],
                "stamps": 5}],
    )

Every token, stamp, goal and tape is conserved: tokens the position does not place stay in the
supply (``supply`` names its top tokens, first drawn first; the rest lie below, shuffled from the
seed), the starting tokens of helpers nobody plays stay in the box, and stamps not held by a
player are in the middle of the table. A seat keeps its starting tokens as dealt unless its
``tokens`` name one of them (then they list the whole board); boards, hands and dealt tokens
short of what the round and phase need are filled from the supply (PO-3, PO-5, PO-7). A
position that needs a token the game does not have, or twice, a cell off the board, or a tape
that is not one of the shapes is refused with a
:class:`~mailbag.core.positions.PositionError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from mailbag.core.actions import parse_action
from mailbag.core.game import new_game
from mailbag.core.i18n import _
from mailbag.core.positions import (
    PositionError,
    check_built,
    check_keys,
    check_seat,
    lookup,
    square,
    take,
    twice,
)
from mailbag.games.post_office import GAME, PostOfficeGame
from mailbag.games.post_office.components import REGULAR_TOKENS
from mailbag.games.post_office.geometry import (
    CELL_PARCELS,
    CELLS,
    PARCELS,
    PSIZE,
    SIZE,
    STARTING_CELLS,
)
from mailbag.games.post_office.shelving import place_token
from mailbag.games.post_office.state import EMPTY, PHASE_NAMES, SKIP, Player, PostOfficeState

PHASES: dict[str, int] = {name: i for i, name in enumerate(PHASE_NAMES)}
SEAT_PARTS = (
    "helper",
    "space",
    "stamps",
    "tokens",
    "tapes",
    "hand",
    "dealt",
    "goals",
    "goals_won",
    "pending",
)
PARTS = (
    "players",
    "options",
    "round",
    "phase",
    "step",
    "seats",
    "supply",
    "discarded",
    "starting_box",
    "stamp_supply",
    "goal_stack",
    "goal_display",
    "goal_box",
    "deciders",
)


def build(
    description: Mapping[str, Any] | None = None,
    /,
    *,
    seed: int = 0,
    check: bool = True,
    game: PostOfficeGame = GAME,
    **parts: Any,
) -> PostOfficeState:
    """A Post Office position from named parts (a :func:`describe` dictionary, keyword parts,
    or both: keywords win). Raises :class:`PositionError` for an impossible position and (with
    ``check``) the game's own :class:`~mailbag.core.errors.StateError` for an inconsistent
    one."""
    given: dict[str, Any] = {**(description or {}), **parts}
    check_keys("Post Office", given, PARTS)
    components = game.components
    seats_given = given.get("seats") or ()
    players = int(given.get("players", max(2, len(seats_given))))
    state = new_game(game, players, dict(given.get("options") or {}), seed)
    per_seat: list[dict[str, Any]] = [{} for _ in range(players)]
    items = seats_given.items() if isinstance(seats_given, Mapping) else enumerate(seats_given)
    for seat, seat_parts in items:
        check_seat(seat, players)
        check_keys("Post Office seat", seat_parts, SEAT_PARTS)
        per_seat[seat] = dict(seat_parts)

    labels = {t.label: t.id for t in components.tokens if t.id != EMPTY}
    box = Counter({label: 1 for label in labels})
    helpers = components.helper_index

    # boards: the tokens on the cells, then the tapes on the parcels
    used: list[str] = []
    for seat, p in enumerate(state.players):
        spec = per_seat[seat]
        if "helper" in spec:
            p.helper = lookup("helper", spec["helper"], helpers)
        if "tokens" in spec:
            named = {str(laid.get("token")) for laid in spec["tokens"]}
            dealt = [(c, t) for c, t in enumerate(p.token) if t != EMPTY]
            _clear(p)
            if not named & {components.tokens[t].label for _c, t in dealt}:
                for cell, token in dealt:  # the starting tokens stay as dealt
                    place_token(components, p, token, cell, 0)
            for laid in spec["tokens"]:
                check_keys("Post Office token", laid, ("token", "at", "turn"))
                label = str(laid.get("token"))
                cell = square("cell", laid.get("at"), SIZE)
                token = lookup("parcel token", label, labels)
                if p.token[cell] != EMPTY:
                    raise twice("cell", list(divmod(cell, SIZE)))
                place_token(components, p, token, cell, int(laid.get("turn", 0)) % 4)
        used += [components.tokens[t].label for t in p.token if t != EMPTY]
        for tape in spec.get("tapes") or ():
            lay_tape(p, tape.get("colour"), tape.get("parcels"), game)
        p.space = int(spec.get("space", p.space))
        p.stamps = int(spec.get("stamps", p.stamps))
        p.hand = [lookup("parcel token", str(t), labels) for t in spec.get("hand") or ()]
        p.dealt = [lookup("parcel token", str(t), labels) for t in spec.get("dealt") or ()]
        used += [str(t) for t in (*(spec.get("hand") or ()), *(spec.get("dealt") or ()))]
    supply_top = [str(t) for t in given.get("supply") or ()]
    discarded = [str(t) for t in given.get("discarded") or ()]
    take("parcel token", used + supply_top + discarded, box)
    state.discarded = [labels[t] for t in discarded]
    if "starting_box" in given:
        starting = [str(t) for t in given["starting_box"]]
        take("parcel token", starting, box)
    else:
        starting = [t for t in box if box[t] and labels[t] > REGULAR_TOKENS]
        for t in starting:
            box[t] -= 1
    state.starting_box = [labels[t] for t in starting]
    rest = [labels[t] for t in box if box[t]]
    state.rng.shuffle(rest)

    # the round and the phase; boards, hands and dealt tokens not given filled to fit them
    state.round = int(given.get("round", state.round))
    state.phase = lookup("phase", given.get("phase", PHASE_NAMES[state.phase]), PHASES)
    state.step = int(given.get("step", 0))
    laid_n, hand_n, dealt_n = _tokens_out(state)
    for seat, p in enumerate(state.players):
        spec = per_seat[seat]
        free = [
            c
            for c in range(CELLS)
            if p.token[c] == EMPTY and all(p.tape[q] < 0 for q in CELL_PARCELS[c])
        ]
        state.rng.shuffle(free)
        on_board = CELLS - p.token.count(EMPTY) - len(STARTING_CELLS)
        for _laid in range(min(laid_n - on_board, len(free), len(rest))):
            place_token(components, p, rest.pop(), free.pop(), 0)
        if "dealt" not in spec:
            p.dealt = [rest.pop() for _t in range(min(dealt_n, len(rest)))]
        if "hand" not in spec:
            p.hand = [rest.pop() for _t in range(min(hand_n, len(rest)))]
    state.supply = rest + [labels[t] for t in reversed(supply_top)]

    # goals and stamps
    goal_index = components.goal_index
    goals = Counter({g.name: 1 for g in components.goals})
    held = [[str(g) for g in per_seat[s].get("goals") or ()] for s in range(players)]
    placed = {k: [str(g) for g in given.get(k) or ()] for k in ("goal_display", "goal_box")}
    stack_top = [str(g) for g in given.get("goal_stack") or ()]
    take(
        "goal",
        [g for h in held for g in h] + [*placed["goal_display"], *placed["goal_box"]] + stack_top,
        goals,
    )
    for seat, p in enumerate(state.players):
        p.goals = [goal_index[g] for g in held[seat]]
        won = per_seat[seat].get("goals_won")
        p.goals_won = [lookup("goal", str(g), goal_index) for g in won] if won else p.goals[:]
    state.goal_display = [goal_index[g] for g in placed["goal_display"]]
    left = [goal_index[g] for g in goals if goals[g]]
    if state.goals_on:
        state.goal_box = [goal_index[g] for g in placed["goal_box"]]
        state.rng.shuffle(left)
        state.goal_stack = left + [goal_index[g] for g in reversed(stack_top)]
    else:
        state.goal_box = sorted([goal_index[g] for g in placed["goal_box"]] + left)
        state.goal_stack = [goal_index[g] for g in reversed(stack_top)]
    state.stamp_supply = int(
        given.get("stamp_supply", components.stamp_total - sum(p.stamps for p in state.players))
    )

    # the decisions made
    for seat, p in enumerate(state.players):
        pending = per_seat[seat].get("pending")
        p.pending = [] if pending is None else _pending(state, pending, game)

    if check:
        fresh = new_game(game, players, dict(given.get("options") or {}), seed)
        check_built(game, state, fresh, given)
    return state


def _tokens_out(state: PostOfficeState) -> tuple[int, int, int]:
    """The tokens each player has laid (past the starting ones), holds in hand and has been
    dealt at this round, phase and step (as the game's check counts them: PO-3, PO-5, PO-7)."""
    rnd, phase, step, last = state.round, state.phase, state.step, state.params.rounds
    if phase == PHASES["over"]:
        return 2 * (last - 1) + 1, 0, 0
    if phase == PHASES["keep"]:
        return 2 * (rnd - 1), 0, 2
    if phase == PHASES["seal"]:
        return 2 * (rnd - 1) + step + 1, 1 - step, 0
    return 2 * (rnd - 1) + step, 2 - step, 0


def _clear(p: Player) -> None:
    p.token = [EMPTY] * CELLS
    p.rotation = [0] * CELLS
    p.colour = [-1] * PARCELS
    p.icon = [0] * PARCELS
    p.tape = [-1] * PARCELS
    p.placed = [-1] * 16


def lay_tape(p: Player, colour: Any, parcels: Any, game: PostOfficeGame = GAME) -> int:
    """Lay the tape of ``colour`` that covers these four ``[row, col]`` parcels on ``p``'s
    board (its shape and form found from them); returns the tape (colour × 4 + shape). Refused
    with a PositionError when no shape covers them or the tape is already down."""
    components = game.components
    c = lookup("colour", colour, components.colour_index)
    cells = sorted(square("parcel", q, PSIZE) for q in parcels or ())
    match = [pl for pl in components.placements if sorted(pl.cells) == cells]
    if not match:
        raise PositionError(
            _(
                "no tape shape covers the parcels {parcels}",
                parcels=[list(divmod(q, PSIZE)) for q in cells],
            )
        )
    placement = match[0]
    tape = c * 4 + placement.shape
    if p.placed[tape] >= 0:
        raise twice("tape", f"{colour} {components.shapes[placement.shape].name}")
    p.placed[tape] = placement.id
    for q in cells:
        if p.tape[q] >= 0:
            raise twice("parcel", list(divmod(q, PSIZE)))
        p.tape[q] = tape
    return tape


def _pending(state: PostOfficeState, text: str, game: PostOfficeGame) -> list[int]:
    action = parse_action(str(text))
    if action.verb == "skip":
        return [SKIP]
    return game.components.actions.encode(action)


# -- describe -------------------------------------------------------------------------------------


def describe(state: PostOfficeState, game: PostOfficeGame = GAME) -> dict[str, Any]:
    """The whole position in names (the inverse of :func:`build`): tokens by label with their
    cell and quarter turns, tapes by colour with the parcels they cover, stacks top first, each
    seat's pending decision in notation, and who decides now (``deciders``)."""
    components = game.components
    label = [t.label for t in components.tokens]
    goal = [g.name for g in components.goals]
    seats = []
    for p in state.players:
        tapes = []
        for tape, pid in enumerate(p.placed):
            if pid >= 0:
                cells = components.placements[pid].cells
                tapes.append(
                    {
                        "colour": components.colours[tape // 4].name,
                        "parcels": [list(divmod(q, PSIZE)) for q in sorted(cells)],
                    }
                )
        seats.append(
            {
                "helper": components.helpers[p.helper],
                "space": p.space,
                "stamps": p.stamps,
                "tokens": [
                    {"token": label[t], "at": list(divmod(cell, SIZE)), "turn": p.rotation[cell]}
                    for cell, t in enumerate(p.token)
                    if t != EMPTY
                ],
                "tapes": tapes,
                "hand": [label[t] for t in p.hand],
                "dealt": [label[t] for t in p.dealt],
                "goals": [goal[g] for g in p.goals],
                "goals_won": [goal[g] for g in p.goals_won],
                "pending": str(components.actions.decode(PHASE_NAMES[state.phase], p.pending))
                if p.pending
                else None,
            }
        )
    return {
        "players": len(state.players),
        "options": game.spec.options_of(state),
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "step": state.step,
        "seats": seats,
        "supply": [label[t] for t in reversed(state.supply)],
        "discarded": [label[t] for t in state.discarded],
        "starting_box": [label[t] for t in state.starting_box],
        "stamp_supply": state.stamp_supply,
        "goal_stack": [goal[g] for g in reversed(state.goal_stack)],
        "goal_display": [goal[g] for g in state.goal_display],
        "goal_box": [goal[g] for g in state.goal_box],
        "deciders": list(game.deciders(state)),
    }


__all__ = ["PHASES", "PositionError", "build", "describe", "lay_tape"]
