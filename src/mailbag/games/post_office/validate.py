"""The invariants of a Post Office state: :func:`check_state` refuses, with a :class:`StateError`
naming the first broken one, any state that could not arise in play (a loaded file, a message).

A state that passes is safe for every later operation: each parcel token, goal token and stamp
lies in exactly one place and the totals are those of the component set; every id, cell,
rotation, tape and helper space is in range; each board's parcels are exactly those its tokens
show and each tape lies on parcels of its colour forming its shape; the game's parameters are in
range; the round, phase and step fit together and with the state's number of rounds (PO-113),
and so do the hands, the dealt tokens and the number of tokens on each board; the
pending decisions (PO-2) are legal, and at least one seat still owes one. The bitboard fast
paths (bitboard.py) pack the parcel lists byte by byte, so their values are checked to lie in
-1..3 (colours), 0..3 (icons) and -1..15 (tapes) — here, as equality with what the tokens show.
"""

from __future__ import annotations

from collections import Counter
from typing import NoReturn

from mailbag.core.errors import StateError
from mailbag.games.post_office.bitboard import seal_hits
from mailbag.games.post_office.components import MAX_GOALS, REGULAR_TOKENS, Components
from mailbag.games.post_office.geometry import (
    CELL_PARCELS,
    CELLS,
    PARCELS,
    SIZE,
    SPACE_CELLS,
    STARTING_CELLS,
    TRACK,
    parcel_label,
    space_name,
)
from mailbag.games.post_office.legal import max_extra_steps
from mailbag.games.post_office.state import (
    EMPTY,
    FEWEST_ROUNDS,
    KEEP,
    MOST_ROUNDS,
    MOVE,
    OVER,
    PHASE_NAMES,
    PLACE,
    SEAL,
    SKIP,
    Player,
    PostOfficeState,
)

TAPES = 16  # 4 colours x 4 shapes per player


def check_state(components: Components, state: PostOfficeState) -> None:
    """Raise :class:`StateError` naming the first broken invariant of ``state``."""
    _check_table(components, state)
    for seat, p in enumerate(state.players):
        _check_lists(components, seat, p)
    _check_parcel_tokens(components, state)
    _check_stamps(components, state)
    _check_goals(components, state)
    for seat, p in enumerate(state.players):
        _check_board(components, seat, p)
    _check_progress(state)
    _check_pending(components, state)


def inventory(components: Components, state: PostOfficeState) -> Counter[str]:
    """Every parcel token, stamp, goal token, tape and helper in the game, each counted once
    wherever it is (the conservation contract test checks this never changes)."""
    labels = [t.label for t in components.tokens]
    found: Counter[str] = Counter()
    tokens = state.supply + state.discarded + state.starting_box
    for p in state.players:
        tokens = tokens + [t for t in p.token if t] + p.hand + p.dealt
    for t in tokens:
        found["parcel:" + labels[t]] += 1
    found["stamp"] = state.stamp_supply + sum(p.stamps for p in state.players)
    goals = state.goal_stack + state.goal_display + state.goal_box
    for p in state.players:
        goals = goals + p.goals
    for g in goals:
        found["goal:" + components.goals[g].name] += 1
    for i, p in enumerate(state.players):
        for c in components.colours:
            for s in components.shapes:
                found[f"tape:{i}:{c.name}:{s.name}"] += 1
        found["helper:" + components.helpers[p.helper]] += 1
    return found


def _fail(problem: str) -> NoReturn:
    raise StateError(problem)


def _n(count: int, word: str) -> str:
    """``1 token``, ``2 tokens``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _cell(cell: int) -> str:
    return f"({cell // SIZE},{cell % SIZE})"


# -- the table --------------------------------------------------------------------------------


def _check_table(components: Components, state: PostOfficeState) -> None:
    helpers = len(components.helpers)
    n = len(state.players)
    if not 2 <= n <= helpers:
        _fail(f"the game has {_n(n, 'seat')}; Post Office is played by 2 to {helpers}")
    if not 0 <= state.rng.state < 1 << 64:
        _fail(f"the random generator's state {state.rng.state} is not a 64-bit number")
    rounds = state.params.rounds
    if not FEWEST_ROUNDS <= rounds <= MOST_ROUNDS:
        _fail(
            f"the game has {_n(rounds, 'round')}; a game has {FEWEST_ROUNDS} to {MOST_ROUNDS} "
            "(option rounds, PO-113)"
        )
    face_up = state.params.goals_face_up
    if not 1 <= face_up <= MAX_GOALS:  # (fewer goals than that just all lie face up)
        _fail(f"{face_up} goals are to lie face up; 1 to {MAX_GOALS} can (PO-9)")
    if not 1 <= state.round <= rounds:
        _fail(f"round {state.round} does not exist: rounds are 1 to {rounds} (PO-7, PO-113)")
    if not 0 <= state.phase <= OVER:
        names = ", ".join(PHASE_NAMES)
        _fail(f"phase {state.phase} does not exist: phases are 0 to {OVER} ({names})")
    if state.step not in (0, 1):
        _fail(f"step {state.step} does not exist: a round has a first (0) and second (1) step")


def _check_lists(components: Components, seat: int, p: Player) -> None:
    """The fixed-length lists of a board, and the values that need no other part."""
    who = f"seat {seat}"
    for name, values, size in (
        ("cells", p.token, CELLS),
        ("cell rotations", p.rotation, CELLS),
        ("parcel colours", p.colour, PARCELS),
        ("parcel icons", p.icon, PARCELS),
        ("parcel tapes", p.tape, PARCELS),
        ("tapes", p.placed, TAPES),
    ):
        if len(values) != size:
            _fail(f"{who}'s board has {len(values)} {name}, not {size}")
    if p.helper != seat:
        helper = components.helpers[seat]
        _fail(f"{who} plays helper {p.helper}; seat {seat} plays the {helper} (PO-108)")
    if not 0 <= p.space < TRACK:
        _fail(f"{who}'s helper stands on space {p.space}; the track has spaces 0 to {TRACK - 1}")
    if p.stamps < 0:
        _fail(f"{who} holds {p.stamps} stamps")
    for cell, rot in enumerate(p.rotation):
        if not 0 <= rot < 4:
            _fail(f"{who}'s cell {_cell(cell)} is turned {rot} quarter turns; 0 to 3 exist")


# -- every parcel token in exactly one place ------------------------------------------------------


def _check_parcel_tokens(components: Components, state: PostOfficeState) -> None:
    total = len(components.tokens)  # ids 1..total-1; index 0 is no token
    where: list[str | None] = [None] * total
    labels = [t.label for t in components.tokens]

    def put(token: int, place: str, regular: bool) -> None:
        if not 0 < token < total:
            _fail(f"{place} holds token {token}, which is no parcel token (ids 1 to {total - 1})")
        if where[token] is not None:
            _fail(f"parcel token {labels[token]} is in two places: {where[token]} and {place}")
        if regular and token > REGULAR_TOKENS:
            _fail(
                f"{place} holds starting token {labels[token]}; a starting token lies on a "
                "starting cell of its helper's board, or in the box (PO-108, PO-109)"
            )
        where[token] = place

    n = len(state.players)
    for seat, p in enumerate(state.players):
        own = components.starting_tokens(p.helper)
        for cell, token in enumerate(p.token):
            if token == EMPTY:
                if cell in STARTING_CELLS:
                    _fail(f"seat {seat}'s starting cell {_cell(cell)} is empty (PO-109)")
                continue
            place = f"seat {seat}'s board (cell {_cell(cell)})"
            if cell in STARTING_CELLS and token not in own:
                _fail(
                    f"{place} holds token {labels[token] if 0 < token < total else token}, "
                    f"not a starting token of the {components.helpers[p.helper]} (PO-109)"
                )
            put(token, place, cell not in STARTING_CELLS)
        for token in p.hand:
            put(token, f"seat {seat}'s hand", True)
        for token in p.dealt:
            put(token, f"seat {seat}'s dealt tokens", True)
    for token in state.supply:
        put(token, "the supply", True)
    for token in state.discarded:
        put(token, "the discard pile", True)
    unplayed = {t for h in range(n, len(components.helpers)) for t in components.starting_tokens(h)}
    for token in state.starting_box:
        if token not in unplayed:
            _fail(
                f"the box holds parcel token {labels[token] if 0 < token < total else token}; "
                "only starting tokens of helpers nobody plays lie there (PO-108)"
            )
        put(token, "the box", False)
    for token in range(1, total):
        if where[token] is None:
            _fail(f"parcel token {labels[token]} is missing: it is in no place")


def _check_stamps(components: Components, state: PostOfficeState) -> None:
    if state.stamp_supply < 0:
        _fail(f"the stamp supply holds {state.stamp_supply} stamps")
    held = sum(p.stamps for p in state.players)
    total = components.stamp_total
    if state.stamp_supply + held != total:
        _fail(
            f"the stamps add up to {state.stamp_supply + held} (supply {state.stamp_supply}, "
            f"players {held}), not the {total} of the component set (PO-1)"
        )


# -- goal tokens ----------------------------------------------------------------------------------


def _check_goals(components: Components, state: PostOfficeState) -> None:
    goals = components.goals
    total = len(goals)
    where: list[str | None] = [None] * total

    def put(goal: int, place: str) -> None:
        if not 0 <= goal < total:
            _fail(f"{place} holds goal {goal}, which is no goal token (0 to {total - 1})")
        if where[goal] is not None:
            _fail(f"goal token {goals[goal].name} is in two places: {where[goal]} and {place}")
        where[goal] = place

    for goal in state.goal_stack:
        put(goal, "the goal stack")
    for goal in state.goal_display:
        put(goal, "the face-up goals")
    for goal in state.goal_box:
        put(goal, "the box")
    for seat, p in enumerate(state.players):
        for goal in p.goals:
            put(goal, f"seat {seat}'s goal tokens")
    for goal in range(total):
        if where[goal] is None:
            _fail(f"goal token {goals[goal].name} is missing: it is in no place")
    won: list[int | None] = [None] * total
    for seat, p in enumerate(state.players):
        for goal in p.goals_won:
            if not 0 <= goal < total:
                _fail(f"seat {seat} won goal {goal}, which is no goal token (0 to {total - 1})")
            if won[goal] is not None:
                _fail(f"goal token {goals[goal].name} was won twice (seats {won[goal]}, {seat})")
            won[goal] = seat
        for goal in p.goals:
            if goal not in p.goals_won:
                _fail(f"seat {seat} holds goal token {goals[goal].name} but never won it")
    if not state.goals_on:
        if state.goal_stack or state.goal_display or any(won[g] is not None for g in range(total)):
            _fail("goal tokens are in play, but the game is played without goals (option)")
        return
    for goal in range(total):
        winner = won[goal]
        exchanged = winner is not None and goal not in state.players[winner].goals
        if exchanged != (goal in state.goal_box):
            _fail(
                f"goal token {goals[goal].name} is in the box but nobody exchanged it"
                if not exchanged
                else f"goal token {goals[goal].name} was won by seat {winner} and is no longer "
                "held, so it was exchanged: it belongs in the box (PO-103)"
            )
    face_up = state.params.goals_face_up
    if len(state.goal_display) > face_up:
        _fail(f"{_n(len(state.goal_display), 'goal')} lie face up; at most {face_up} do (PO-9)")
    if len(state.goal_display) < face_up and state.goal_stack:
        _fail(
            f"only {_n(len(state.goal_display), 'goal')} lie face up while the goal stack holds "
            f"{len(state.goal_stack)}: taken goals are replaced from the stack (PO-9)"
        )


# -- each board -----------------------------------------------------------------------------------


def _check_board(components: Components, seat: int, p: Player) -> None:
    """The parcels are those the tokens show; each tape lies on its shape of its colour."""
    who = f"seat {seat}"
    colour = [-1] * PARCELS
    icon = [0] * PARCELS
    turned = components.turned
    for cell in range(CELLS):
        token, rot = p.token[cell], p.rotation[cell]
        if token == EMPTY:
            if rot:
                _fail(f"{who}'s empty cell {_cell(cell)} is turned {rot} quarter turns")
            continue
        if rot and cell in STARTING_CELLS:
            _fail(f"{who}'s starting token on cell {_cell(cell)} is turned (PO-109: unturned)")
        colours, icons = turned[token][rot]
        a, b, c, d = CELL_PARCELS[cell]
        colour[a], colour[b], colour[c], colour[d] = colours
        icon[a], icon[b], icon[c], icon[d] = icons
    if colour != p.colour or icon != p.icon:
        for q in range(PARCELS):
            if colour[q] != p.colour[q] or icon[q] != p.icon[q]:
                _fail(
                    f"{who}'s parcel {parcel_label(q)} shows colour {p.colour[q]} and icon "
                    f"{p.icon[q]}, but the token there shows colour {colour[q]} and icon {icon[q]}"
                )
    tape = [-1] * PARCELS
    placements = components.placements
    for t, pid in enumerate(p.placed):
        if pid == -1:
            continue
        name = components.tape_name(t)
        if not 0 <= pid < len(placements):
            _fail(f"{who}'s {name} tape lies at placement {pid}, which does not exist")
        placement = placements[pid]
        if placement.shape != t % 4:
            _fail(f"{who}'s {name} tape lies in the form of another shape (placement {pid})")
        for q in placement.cells:
            if tape[q] >= 0:
                _fail(
                    f"{who}'s parcel {parcel_label(q)} lies under two tapes: the "
                    f"{components.tape_name(tape[q])} and the {name}"
                )
            if colour[q] != t // 4:
                _fail(
                    f"{who}'s {name} tape covers parcel {parcel_label(q)}, which is "
                    + ("empty" if colour[q] < 0 else "of another colour")
                    + " (PO-6)"
                )
            tape[q] = t
    if tape != p.tape:
        for q in range(PARCELS):
            if tape[q] != p.tape[q]:
                _fail(
                    f"{who}'s parcel {parcel_label(q)} is marked as sealed by tape "
                    f"{p.tape[q]}, but "
                    + (
                        "no tape lies there"
                        if tape[q] < 0
                        else f"the {components.tape_name(tape[q])} tape lies there"
                    )
                )


# -- round, phase, hands --------------------------------------------------------------------------


def _check_progress(state: PostOfficeState) -> None:
    """Round, phase and step fit together, and so do each player's hand, dealt tokens and the
    number of tokens laid (two placements per full round, one in the last, half round: PO-7,
    PO-113)."""
    rnd, phase, step = state.round, state.phase, state.step
    last = state.params.rounds
    name = PHASE_NAMES[phase]
    if phase == OVER and rnd != last:
        _fail(f"the game is over in round {rnd}; it ends after round {last} (PO-7, PO-113)")
    if step and (phase in (KEEP, OVER) or rnd == last):
        where = f"the half round {last}" if rnd == last else f"the {name} phase"
        _fail(f"{where} has no second step (step {step})")
    if phase == OVER:
        laid, hand, dealt = 2 * (last - 1) + 1, 0, 0
    elif phase == KEEP:
        laid, hand, dealt = 2 * (rnd - 1), 0, 2
    elif phase == SEAL:
        laid, hand, dealt = 2 * (rnd - 1) + step + 1, 1 - step, 0
    else:
        laid, hand, dealt = 2 * (rnd - 1) + step, 2 - step, 0
    when = (
        "at the end of the game"
        if phase == OVER
        else (f"in round {rnd}, {name} phase" + ("" if phase == KEEP else f" (step {step})"))
    )
    for seat, p in enumerate(state.players):
        if len(p.dealt) != dealt:
            _fail(f"seat {seat} has {_n(len(p.dealt), 'dealt token')}; {when} a player has {dealt}")
        if len(p.hand) != hand:
            _fail(
                f"seat {seat} holds {_n(len(p.hand), 'token')} in hand; {when} a player holds "
                f"{hand}"
            )
        on_board = CELLS - p.token.count(EMPTY) - len(STARTING_CELLS)
        if on_board != laid:
            _fail(
                f"seat {seat} has laid {_n(on_board, 'token')} on the board; {when} a player has "
                f"laid {laid}"
            )
        if phase == PLACE and not any(p.token[c] == EMPTY for c in SPACE_CELLS[p.space]):
            _fail(
                f"seat {seat}'s helper on the {space_name(p.space)} points at no free cell in "
                "the place phase (a move stops only where a token can be placed: PO-4)"
            )
    discarded = len(state.players) if phase == OVER else 0
    if len(state.discarded) != discarded:
        _fail(
            f"the discard pile holds {_n(len(state.discarded), 'token')}; {when} it holds "
            f"{discarded} (PO-7)"
        )


# -- pending decisions ---------------------------------------------------------------------------


def _check_pending(components: Components, state: PostOfficeState) -> None:
    """Each pending decision is a legal one of the phase (PO-2) and someone still owes one."""
    phase = state.phase
    name = PHASE_NAMES[phase]
    if phase == OVER:
        for seat, p in enumerate(state.players):
            if p.pending:
                _fail(f"seat {seat} has a pending decision {p.pending}, but the game is over")
        return
    if all(p.pending for p in state.players):
        _fail(
            f"every seat has chosen in the {name} phase, yet it was not carried out: at least "
            "one seat owes a decision (PO-2)"
        )
    for seat, p in enumerate(state.players):
        if p.pending:
            _check_decision(components, seat, p, phase)


def _check_decision(components: Components, seat: int, p: Player, phase: int) -> None:
    pending = p.pending
    what = f"seat {seat}'s pending {PHASE_NAMES[phase]} decision {pending}"
    size = {KEEP: 1, MOVE: 1, PLACE: 3, SEAL: 1 if pending[0] == SKIP else 2}[phase]
    if len(pending) != size:
        _fail(f"{what} has {len(pending)} numbers, not {size}")
    if phase == KEEP:
        if pending[0] not in p.dealt:
            _fail(f"{what} keeps a token that was not dealt to it (PO-3)")
    elif phase == MOVE:
        most = max_extra_steps(p)
        if not 0 <= pending[0] <= most:
            _fail(f"{what} pays for {pending[0]} extra steps; 0 to {most} are possible (PO-4)")
    elif phase == PLACE:
        token, cell, rot = pending
        if token not in p.hand:
            _fail(f"{what} places a token that is not in its hand (PO-5)")
        if cell not in SPACE_CELLS[p.space] or p.token[cell] != EMPTY:
            _fail(f"{what} places on a cell its helper does not point at, or not free (PO-5)")
        if not 0 <= rot < 4:
            _fail(f"{what} turns the token {rot} quarter turns; 0 to 3 exist (PO-5)")
    elif size == 2 and (pending[0], pending[1]) not in seal_hits(components, p):
        _fail(f"{what} is not a tape that can be laid now (PO-6)")
