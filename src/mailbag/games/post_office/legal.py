"""What a player may do now: legal actions of each phase, complete and exact, and the reason
an action is refused (naming the ruling it breaks).
"""

from __future__ import annotations

from mailbag.core import Action, IllegalAction
from mailbag.games.post_office.actions import SKIP_ACTION, Notation
from mailbag.games.post_office.bitboard import seal_hits
from mailbag.games.post_office.geometry import (
    CELLS,
    PSIZE,
    SIZE,
    SPACE_CELLS,
    SPACE_LINE_INDEX,
    TRACK,
    Tables,
    parcel_label,
    space_name,
)
from mailbag.games.post_office.scoring import stamp_value
from mailbag.games.post_office.state import (
    EMPTY,
    KEEP,
    MOVE,
    OVER,
    PHASE_NAMES,
    PLACE,
    SEAL,
    Player,
    PostOfficeState,
)

PHASE_HELP = {
    KEEP: "keep TOKEN",
    MOVE: "move N",
    PLACE: "place TOKEN ROW COL ROT",
    SEAL: "seal COLOUR SHAPE FORM ROW COL, or skip",
}


#: the cells of each line, as slices of a board's ``token`` list: rows 0..4, then columns 5..9
LINE_SLICES: tuple[slice, ...] = tuple(
    slice(r * SIZE, r * SIZE + SIZE) for r in range(SIZE)
) + tuple(slice(c, None, SIZE) for c in range(SIZE))


def route(p: Player) -> list[int]:
    return route_from(p.token, p.space)


def route_from(token: list[int], space: int) -> list[int]:
    """The spaces the helper may stop on, in order, over one lap from its space (PO-4): each
    step goes one space clockwise, then on for free past spaces pointing at a full row or
    column; a corner always stops it. Entry k is where ``move k`` ends (k paid extra steps)."""
    free = [EMPTY in token[cells] for cells in LINE_SLICES]  # lines with a free cell
    out = []
    for _ in range(TRACK):
        space = space + 1 if space < TRACK - 1 else 0
        line = SPACE_LINE_INDEX[space]
        if line < 0 or free[line]:
            out.append(space)
    return out


def destination(token: list[int], space: int, extra: int) -> int:
    """Where ``move extra`` ends: ``route_from(token, space)[extra]``, without the whole lap."""
    stops = extra + 1
    for _ in range(TRACK):
        space = space + 1 if space < TRACK - 1 else 0
        line = SPACE_LINE_INDEX[space]
        if line < 0 or EMPTY in token[LINE_SLICES[line]]:
            stops -= 1
            if not stops:
                return space
    raise IndexError(f"move {extra} goes beyond one lap of the track")


def spendable(p: Player) -> int:
    """Stamps a player can pay: stamps held plus 8 per goal token, exchanged on payment
    (PO-103, PO-112)."""
    return stamp_value(p)


def max_extra_steps(p: Player) -> int:
    """PO-101: at most one lap of stopping spaces — extra steps beyond would only circle.
    A lap has a stop on each of the 4 corners and two for every row and column with a free
    cell (one on each side of the shelving)."""
    money = stamp_value(p)  # PO-112: goal tokens count 8
    if money == 0:
        return 0
    token = p.token
    if money <= 3:  # every lap has at least the 4 corners
        return money
    lines = 0
    for cells in LINE_SLICES:
        if EMPTY in token[cells]:
            lines += 1
    return min(money, 3 + 2 * lines)


def free_cells(p: Player) -> list[int]:
    """Free cells the helper's space lets its owner use (PO-5; any free cell on a corner)."""
    token = p.token
    return [cell for cell in SPACE_CELLS[p.space] if token[cell] == EMPTY]


def legal_seals(p: Player, tables: Tables) -> list[tuple[int, int]]:
    """(colour, placement id) of every tape that may be laid now (PO-6): an unused tape whose
    four squares all cover open parcels of its colour; by colour, shape, form, first parcel.
    (Matched on byte-spread bitboards, all colours at once: see bitboard.py.)"""
    return seal_hits(p, tables)


def legal_actions(
    state: PostOfficeState, seat: int, tables: Tables, notation: Notation
) -> list[Action]:
    phase = state.phase
    players = state.players
    if phase == OVER or not 0 <= seat < len(players):
        return []
    p = players[seat]
    if p.pending:
        return []
    if phase == PLACE:
        token = p.token
        table = notation.place4
        hand = p.hand
        out: list[Action] = []
        for t in sorted(hand) if len(hand) > 1 else hand:
            by_cell = table[t]
            for cell in SPACE_CELLS[p.space]:
                if token[cell] == EMPTY:
                    out += by_cell[cell]
        return out
    if phase == SEAL:
        seals = notation.seal
        return [SKIP_ACTION, *[seals[c][pid] for c, pid in seal_hits(p, tables)]]
    if phase == MOVE:
        return notation.moves_upto(max_extra_steps(p))
    return [notation.keep[t] for t in sorted(p.dealt)]


# -- refusals --------------------------------------------------------------------------------------


def _int(action: Action, i: int) -> int | None:
    if i < len(action.args) and isinstance(action.args[i], int):
        value = action.args[i]
        assert isinstance(value, int)
        return value
    return None


def explain(state: PostOfficeState, seat: int, action: Action, tables: Tables) -> IllegalAction:
    """Why ``action`` is refused for ``seat`` now."""
    if state.phase == OVER:
        return IllegalAction("End of Game", "the game is over")
    if not 0 <= seat < len(state.players):
        return IllegalAction("Setup", f"there is no seat {seat}")
    p = state.players[seat]
    phase = state.phase
    if p.pending:
        return IllegalAction(
            "PO-2",
            f"seat {seat} has already chosen this {PHASE_NAMES[phase]} phase; waiting "
            "for the other players",
        )
    verb = action.verb
    expected = PHASE_NAMES[phase]
    if not (verb == expected or (phase == SEAL and verb == "skip")):
        return IllegalAction(
            "PO-2",
            f"now is the {expected} phase: the action is '{PHASE_HELP[phase]}', not {verb!r}",
        )
    if verb == "skip":
        return IllegalAction("PO-6", "'skip' takes no arguments")
    arity = {KEEP: 1, MOVE: 1, PLACE: 4, SEAL: 5}[phase]
    if len(action.args) != arity:
        return IllegalAction("notation", f"'{PHASE_HELP[phase]}' takes {arity} arguments")
    if phase == KEEP:
        return IllegalAction(
            "PO-3", f"token {action.args[0]} is not one of the two dealt to you ({p.dealt})"
        )
    if phase == MOVE:
        return _explain_move(p, _int(action, 0))
    if phase == PLACE:
        return _explain_place(p, action)
    return _explain_seal(p, action, tables)


def _explain_move(p: Player, n: int | None) -> IllegalAction:
    if n is None or n < 0:
        return IllegalAction("PO-4", "the number of extra steps must be 0 or more")
    if n > spendable(p):
        return IllegalAction(
            "PO-4",
            f"{n} extra steps cost {n} stamps; you hold {spendable(p)} (stamps and goal tokens)",
        )
    return IllegalAction(
        "PO-101",
        f"at most {len(route(p)) - 1} extra steps: more would only go round the track again",
    )


def _explain_place(p: Player, action: Action) -> IllegalAction:
    token, row, col, rot = (_int(action, i) for i in range(4))
    if token not in p.hand:
        which = "the token left in your hand" if len(p.hand) == 1 else "one of your tokens"
        return IllegalAction("PO-5", f"token {action.args[0]} is not {which} ({p.hand})")
    if row is None or col is None or not (0 <= row < SIZE and 0 <= col < SIZE):
        return IllegalAction("PO-5", "ROW and COL are cells of the shelving, 0..4")
    if rot is None or not 0 <= rot < 4:
        return IllegalAction("PO-5", "ROT is the number of quarter turns clockwise, 0..3")
    cell = row * SIZE + col
    if p.token[cell] != EMPTY:
        return IllegalAction("PO-5", f"cell ({row},{col}) already holds a parcel token")
    assert cell < CELLS
    return IllegalAction(
        "PO-5", f"your helper on the {space_name(p.space)} does not point at cell ({row},{col})"
    )


def _explain_seal(p: Player, action: Action, tables: Tables) -> IllegalAction:
    colour = tables.colour_index.get(str(action.args[0]))
    shape = tables.shape_index.get(str(action.args[1]))
    form, row, col = (_int(action, i) for i in (2, 3, 4))
    comps = tables.components
    if colour is None:
        names = ", ".join(c.name for c in comps.colours)
        return IllegalAction("PO-6", f"no tape colour {action.args[0]!r}; colours: {names}")
    if shape is None:
        names = ", ".join(s.name for s in comps.shapes)
        return IllegalAction("PO-6", f"no tape shape {action.args[1]!r}; shapes: {names}")
    name = tables.tape_name(colour * 4 + shape)
    if p.placed[colour * 4 + shape] >= 0:
        return IllegalAction("PO-6", f"your {name} tape is already on the board")
    forms = len(tables.forms[shape])
    if form is None or not 0 <= form < forms:
        return IllegalAction(
            "PO-6", f"the {comps.shapes[shape].name} tape has forms 0..{forms - 1}"
        )
    if row is None or col is None:
        return IllegalAction("PO-6", "ROW and COL are a parcel, 0..9")
    pid = tables.placement_id.get((shape, form, row * PSIZE + col))
    if pid is None or not (0 <= row < PSIZE and 0 <= col < PSIZE):
        return IllegalAction(
            "PO-6", f"the {name} tape in form {form} at ({row},{col}) leaves the board"
        )
    colour_name = comps.colours[colour].name
    for cell in tables.placements[pid].cells:
        if p.colour[cell] < 0:
            return IllegalAction(
                "PO-6",
                f"parcel {parcel_label(cell)} is empty: a tape lies on 4 parcels of its colour",
            )
        if p.tape[cell] >= 0:
            return IllegalAction(
                "PO-6",
                f"parcel {parcel_label(cell)} is already sealed by the "
                f"{tables.tape_name(p.tape[cell])} tape",
            )
        if p.colour[cell] != colour:
            other = comps.colours[p.colour[cell]].name
            return IllegalAction(
                "PO-6",
                f"parcel {parcel_label(cell)} is {other}, not {colour_name}: the "
                f"{name} tape does not fit that shape of {colour_name} parcels",
            )
    return IllegalAction("PO-6", f"{action} is not a legal seal now")
