"""What a player may do now: legal actions of each phase, complete and exact, and the reason
an action is refused (naming the ruling it breaks).
"""

from __future__ import annotations

from typing import Final

from mailbag.core import Action, IllegalAction
from mailbag.core.i18n import N_, _
from mailbag.games.post_office import texts
from mailbag.games.post_office.actions import SKIP_ACTION
from mailbag.games.post_office.bitboard import seal_hits
from mailbag.games.post_office.components import Components
from mailbag.games.post_office.geometry import (
    CELLS,
    PSIZE,
    SIZE,
    SPACE_CELLS,
    SPACE_LINE_INDEX,
    TRACK,
    parcel_label,
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

#: how each phase's action is written (the verbs are notation; the words in capitals are
#: translated)
PHASE_HELP: Final = {
    KEEP: N_("keep TOKEN"),
    MOVE: N_("move N"),
    PLACE: N_("place TOKEN ROW COL ROT"),
    SEAL: N_("seal COLOUR SHAPE FORM ROW COL, or skip"),
}


#: the cells of each line, as slices of a board's ``token`` list: rows 0..4, then columns 5..9
LINE_SLICES: Final[tuple[slice, ...]] = tuple(
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
    for _step in range(TRACK):
        space = space + 1 if space < TRACK - 1 else 0
        line = SPACE_LINE_INDEX[space]
        if line < 0 or free[line]:
            out.append(space)
    return out


def destination(token: list[int], space: int, extra: int) -> int:
    """Where ``move extra`` ends: ``route_from(token, space)[extra]``, without the whole lap."""
    stops = extra + 1
    for _step in range(TRACK):
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


def legal_seals(components: Components, p: Player) -> list[tuple[int, int]]:
    """(colour, placement id) of every tape that may be laid now (PO-6): an unused tape whose
    four squares all cover open parcels of its colour; by colour, shape, form, first parcel.
    (Matched on byte-spread bitboards, all colours at once: see bitboard.py.)"""
    return seal_hits(components, p)


def deciders(components: Components, state: PostOfficeState) -> tuple[int, ...]:
    """PO-2: every seat that has not chosen yet in this phase decides (all at once)."""
    if state.phase == OVER:
        return ()
    return tuple([i for i, p in enumerate(state.players) if not p.pending])


def legal_actions(components: Components, state: PostOfficeState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (none once it has chosen this phase: PO-2)."""
    phase = state.phase
    players = state.players
    if phase == OVER or not 0 <= seat < len(players):
        return []
    p = players[seat]
    if p.pending:
        return []
    if phase == PLACE:
        token = p.token
        table = components.actions.place4
        hand = p.hand
        out: list[Action] = []
        for t in sorted(hand) if len(hand) > 1 else hand:
            by_cell = table[t]
            for cell in SPACE_CELLS[p.space]:
                if token[cell] == EMPTY:
                    out += by_cell[cell]
        return out
    if phase == SEAL:
        seals = components.actions.seal
        return [SKIP_ACTION, *[seals[c][pid] for c, pid in seal_hits(components, p)]]
    if phase == MOVE:
        return components.actions.moves_upto(max_extra_steps(p))
    return [components.actions.keep[t] for t in sorted(p.dealt)]


# -- refusals --------------------------------------------------------------------------------------


def _int(action: Action, i: int) -> int | None:
    if i < len(action.args) and isinstance(action.args[i], int):
        value = action.args[i]
        assert isinstance(value, int)
        return value
    return None


def explain(
    components: Components, state: PostOfficeState, seat: int, action: Action
) -> IllegalAction:
    """Why ``action`` is refused for ``seat`` now."""
    if state.phase == OVER:
        return IllegalAction("End of Game", _("the game is over"))
    if not 0 <= seat < len(state.players):
        return IllegalAction("Setup", _("there is no seat {seat}", seat=seat))
    p = state.players[seat]
    phase = state.phase
    if p.pending:
        return IllegalAction(
            "PO-2",
            _(
                "seat {seat} has already chosen this {phase} phase; waiting for the other players",
                seat=seat,
                phase=texts.phase(PHASE_NAMES[phase]),
            ),
        )
    verb = action.verb
    expected = PHASE_NAMES[phase]
    usage = _(PHASE_HELP[phase])
    if not (verb == expected or (phase == SEAL and verb == "skip")):
        return IllegalAction(
            "PO-2",
            _(
                "now is the {phase} phase: the action is '{usage}', not {verb}",
                phase=texts.phase(expected),
                usage=usage,
                verb=repr(verb),
            ),
        )
    if verb == "skip":
        return IllegalAction("PO-6", _("'skip' takes no arguments"))
    arity = {KEEP: 1, MOVE: 1, PLACE: 4, SEAL: 5}[phase]
    if len(action.args) != arity:
        return IllegalAction(
            "notation", _("'{usage}' takes {count} arguments", usage=usage, count=arity)
        )
    if phase == KEEP:
        return IllegalAction(
            "PO-3",
            _(
                "token {token} is not one of the two dealt to you ({dealt})",
                token=action.args[0],
                dealt=p.dealt,
            ),
        )
    if phase == MOVE:
        return _explain_move(p, _int(action, 0))
    if phase == PLACE:
        return _explain_place(p, action)
    return _explain_seal(components, p, action)


def _explain_move(p: Player, n: int | None) -> IllegalAction:
    if n is None or n < 0:
        return IllegalAction("PO-4", _("the number of extra steps must be 0 or more"))
    if n > spendable(p):
        return IllegalAction(
            "PO-4",
            _(
                "{steps} extra steps cost {steps} stamps; you hold {stamps} (stamps and goal "
                "tokens)",
                steps=n,
                stamps=spendable(p),
            ),
        )
    return IllegalAction(
        "PO-101",
        _(
            "at most {steps} extra steps: more would only go round the track again",
            steps=len(route(p)) - 1,
        ),
    )


def _explain_place(p: Player, action: Action) -> IllegalAction:
    token, row, col, rot = (_int(action, i) for i in range(4))
    if token not in p.hand:
        if len(p.hand) == 1:
            text = _(
                "token {token} is not the token left in your hand ({hand})",
                token=action.args[0],
                hand=p.hand,
            )
        else:
            text = _(
                "token {token} is not one of your tokens ({hand})",
                token=action.args[0],
                hand=p.hand,
            )
        return IllegalAction("PO-5", text)
    if row is None or col is None or not (0 <= row < SIZE and 0 <= col < SIZE):
        return IllegalAction("PO-5", _("ROW and COL are cells of the shelving, 0..4"))
    if rot is None or not 0 <= rot < 4:
        return IllegalAction("PO-5", _("ROT is the number of quarter turns clockwise, 0..3"))
    cell = row * SIZE + col
    if p.token[cell] != EMPTY:
        return IllegalAction(
            "PO-5", _("cell ({row},{col}) already holds a parcel token", row=row, col=col)
        )
    assert cell < CELLS
    return IllegalAction(
        "PO-5",
        _(
            "your helper on the {space} does not point at cell ({row},{col})",
            space=texts.space_text(p.space),
            row=row,
            col=col,
        ),
    )


def _explain_seal(components: Components, p: Player, action: Action) -> IllegalAction:
    colour = components.colour_index.get(str(action.args[0]))
    shape = components.shape_index.get(str(action.args[1]))
    form, row, col = (_int(action, i) for i in (2, 3, 4))
    if colour is None:
        names = ", ".join(c.name for c in components.colours)
        return IllegalAction(
            "PO-6",
            _(
                "no tape colour {colour}; colours: {colours}",
                colour=repr(action.args[0]),
                colours=names,
            ),
        )
    if shape is None:
        names = ", ".join(s.name for s in components.shapes)
        return IllegalAction(
            "PO-6",
            _("no tape shape {shape}; shapes: {shapes}", shape=repr(action.args[1]), shapes=names),
        )
    name = texts.tape_name(components, colour * 4 + shape)
    if p.placed[colour * 4 + shape] >= 0:
        return IllegalAction("PO-6", _("your {tape} tape is already on the board", tape=name))
    forms = len(components.forms[shape])
    if form is None or not 0 <= form < forms:
        return IllegalAction(
            "PO-6",
            _(
                "the {shape} tape has forms 0..{last}",
                shape=components.shapes[shape].name,
                last=forms - 1,
            ),
        )
    colour_name = texts.parcel_type(components.colours[colour])
    if row is None or col is None or row < 0 or col < 0:
        # no parcel named (a tape or a form clicked on the board): does it fit anywhere?
        fits = [
            components.placements[pid].orient
            for c, pid in legal_seals(components, p)
            if c == colour and components.placements[pid].shape == shape
        ]
        if not fits:
            return IllegalAction(
                "PO-6",
                _(
                    "your {tape} tape fits on no four open {colour} parcels of your shelving now",
                    tape=name,
                    colour=colour_name,
                ),
            )
        if form not in fits:
            return IllegalAction(
                "PO-6",
                _(
                    "turned this way, your {tape} tape fits on no four open {colour} parcels "
                    "now: try another form",
                    tape=name,
                    colour=colour_name,
                ),
            )
        return IllegalAction("PO-6", _("ROW and COL are a parcel, 0..9"))
    pid = components.placement_id.get((shape, form, row * PSIZE + col))
    if pid is None or not (0 <= row < PSIZE and 0 <= col < PSIZE):
        return IllegalAction(
            "PO-6",
            _(
                "the {tape} tape in form {form} at ({row},{col}) leaves the board",
                tape=name,
                form=form,
                row=row,
                col=col,
            ),
        )
    for cell in components.placements[pid].cells:
        if p.colour[cell] < 0:
            return IllegalAction(
                "PO-6",
                _(
                    "parcel {parcel} is empty: a tape lies on 4 parcels of its colour",
                    parcel=parcel_label(cell),
                ),
            )
        if p.tape[cell] >= 0:
            return IllegalAction(
                "PO-6",
                _(
                    "parcel {parcel} is already sealed by the {tape} tape",
                    parcel=parcel_label(cell),
                    tape=texts.tape_name(components, p.tape[cell]),
                ),
            )
        if p.colour[cell] != colour:
            other = texts.parcel_type(components.colours[p.colour[cell]])
            return IllegalAction(
                "PO-6",
                _(
                    "parcel {parcel} is {other}, not {colour}: the {tape} tape does not fit "
                    "that shape of {colour} parcels",
                    parcel=parcel_label(cell),
                    other=other,
                    colour=colour_name,
                    tape=name,
                ),
            )
    return IllegalAction("PO-6", _("{action} is not a legal seal now", action=str(action)))
