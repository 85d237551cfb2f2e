"""Board geometry of Post Office, precomputed once: cells and parcels, token rotations, the
helper track around the shelving, and every way a tape can lie on the parcel grid (the tables
of the component data are worked out here, and kept on ``Components``).

The shelving is 5×5 cells; a parcel token covers one cell with 2×2 parcels, so parcels form a
10×10 grid. Cell ``(r, c)`` has index ``r * 5 + c``; parcel ``(pr, pc)`` has index
``pr * 10 + pc``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mailbag.games.post_office.components import Shape, Token

SIZE: Final = 5  # cells per side
PSIZE: Final = 10  # parcels per side
CELLS: Final = SIZE * SIZE
PARCELS: Final = PSIZE * PSIZE
#: the 4 starting-parcel cells, diagonal to the centre: (1,1), (1,3), (3,1), (3,3)
STARTING_CELLS: Final = (6, 8, 16, 18)
FREE_CELLS: Final = CELLS - len(STARTING_CELLS)  # 21 placements per player (PO-7)


def _cell_parcels(cell: int) -> tuple[int, int, int, int]:
    r, c = divmod(cell, SIZE)
    top = 2 * r * PSIZE + 2 * c
    return (top, top + 1, top + PSIZE, top + PSIZE + 1)


#: parcels of each cell: top-left, top-right, bottom-left, bottom-right
CELL_PARCELS: Final = tuple(_cell_parcels(cell) for cell in range(CELLS))


def _rotations() -> tuple[tuple[int, int, int, int], ...]:
    # a quarter turn clockwise of [[a, b], [c, d]] is [[c, a], [d, b]]
    quarter = (2, 0, 3, 1)
    result = [(0, 1, 2, 3)]
    for _ in range(3):
        prev = result[-1]
        result.append((prev[quarter[0]], prev[quarter[1]], prev[quarter[2]], prev[quarter[3]]))
    return tuple(result)


#: ROTATION_SOURCE[k][i]: which printed parcel lands on position i after k quarter turns clockwise
ROTATION_SOURCE: Final = _rotations()

# -- the helper track (RULINGS: Post Office helper track) ------------------------------------------
TRACK: Final = 24
#: corner spaces: Start (top-left, 0), top-right (6), bottom-right (12), bottom-left (18)
CORNER_SPACES: Final = frozenset({0, 6, 12, 18})


def _space_line(space: int) -> tuple[str, int] | None:
    """("col", c) or ("row", r) the space points at; None on a corner."""
    if space in CORNER_SPACES:
        return None
    if space < 6:
        return ("col", space - 1)  # top, left to right
    if space < 12:
        return ("row", space - 7)  # right side, top to bottom
    if space < 18:
        return ("col", 17 - space)  # bottom, right to left
    return ("row", 23 - space)  # left side, bottom to top


SPACE_LINE: Final = tuple(_space_line(s) for s in range(TRACK))
#: the line each space points at as one index (rows 0..4, columns 5..9), -1 on a corner
SPACE_LINE_INDEX: Final = tuple(
    -1 if line is None else (line[1] if line[0] == "row" else SIZE + line[1]) for line in SPACE_LINE
)


def _space_cells(space: int) -> tuple[int, ...]:
    line = SPACE_LINE[space]
    if line is None:
        return tuple(range(CELLS))
    kind, k = line
    if kind == "row":
        return tuple(k * SIZE + c for c in range(SIZE))
    return tuple(r * SIZE + k for r in range(SIZE))


#: the cells a helper on each space lets its owner use (all cells on a corner)
SPACE_CELLS: Final = tuple(_space_cells(s) for s in range(TRACK))


def space_name(space: int) -> str:
    """How a space is called: a corner, or the row / column (counted from 0) it points at."""
    line = SPACE_LINE[space]
    if line is None:
        return {0: "Start corner", 6: "top-right corner", 12: "bottom-right corner"}.get(
            space, "bottom-left corner"
        )
    return f"{'row' if line[0] == 'row' else 'column'} {line[1]}"


# -- parcels ---------------------------------------------------------------------------------------


def _neighbours(p: int) -> tuple[int, ...]:
    r, c = divmod(p, PSIZE)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < PSIZE and 0 <= cc < PSIZE:
            out.append(rr * PSIZE + cc)
    return tuple(out)


NEIGHBOURS: Final = tuple(_neighbours(p) for p in range(PARCELS))
#: quarter of the parcel grid (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right)
QUARTER: Final = tuple((p // PSIZE // 5) * 2 + (p % PSIZE) // 5 for p in range(PARCELS))
#: every 2×2 square of parcels, by its top-left parcel (row, col in 0..8)
SQUARES: Final = tuple(
    (r * PSIZE + c, r * PSIZE + c + 1, (r + 1) * PSIZE + c, (r + 1) * PSIZE + c + 1)
    for r in range(PSIZE - 1)
    for c in range(PSIZE - 1)
)


def parcel_label(p: int) -> str:
    r, c = divmod(p, PSIZE)
    return f"({r},{c})"


# -- tapes ---------------------------------------------------------------------------------------

#: a fixed form of a tape shape: its 4 (row, col) squares, normalised, in reading order
Form = tuple[tuple[int, int], ...]
#: a token turned: the colours and the icons it shows on its cell's 4 parcels
Turned = tuple[tuple[int, int, int, int], tuple[int, int, int, int]]

#: Byte-spread boards (see bitboard.py): parcel p is byte p of an integer and a parcel of colour
#: c sets bit 8 * p + c, so one integer holds all four colours and shifting it by 8 * k bits lays
#: parcel p + k over parcel p. ``LANES`` is a byte with every colour's bit set.
LANES: Final = 0x0F
#: building blocks of every tape form, each (row, col) cells from its first square in reading
#: order: a single parcel, 2 and 3 parcels in a row, 2 and 3 parcels in a column
PIECES: Final[tuple[tuple[tuple[int, int], ...], ...]] = (
    ((0, 0),),
    ((0, 0), (0, 1)),
    ((0, 0), (1, 0)),
    ((0, 0), (0, 1), (0, 2)),
    ((0, 0), (1, 0), (2, 0)),
)


def spread(parcels: list[int] | tuple[int, ...]) -> int:
    """The byte-spread mask with every colour's bit set on each of ``parcels``."""
    return sum(LANES << (8 * p) for p in set(parcels))


def piece_cover(form: Form) -> tuple[int, int, int]:
    """Two pieces (indices into ``PIECES``) whose squares together are exactly the form's: the
    first starts on the form's first square, the second ``offset`` bits further (a byte-spread
    shift). The form fits where both pieces fit: 1 shift and 2 ANDs of precomputed piece masks.
    (A piece holding the form's first square starts on it: nothing of the form comes before.)"""
    ar, ac = form[0]
    cells = {(r - ar, c - ac) for r, c in form}
    best: tuple[int, int, int] | None = None
    best_cost = 99
    for k1, first in enumerate(PIECES):
        covered = set(first)
        if not covered <= cells:
            continue
        for k2, piece in enumerate(PIECES):
            for dr, dc in sorted(cells):
                other = {(r + dr, c + dc) for r, c in piece}
                if other <= cells and covered | other == cells:
                    cost = (k1 >= 3) + (k2 >= 3)  # prefer pieces of 1-2 squares: less to compute
                    if cost < best_cost:
                        best, best_cost = (k1, k2, 8 * (dr * PSIZE + dc)), cost
    assert best is not None, "two pieces cover every connected 4-square form"
    return best


def orientations(shape: Shape) -> list[Form]:
    """The distinct fixed forms of a shape: quarter turns first, then the mirror's quarter
    turns; each normalised and listed in reading order. (I: 2, T: 4, Z: 4, L: 8 forms.)"""
    forms: list[Form] = []
    base = list(shape.cells)
    for mirror in (False, True):
        cells = [(r, -c) for r, c in base] if mirror else base
        for _ in range(4):
            min_r = min(r for r, _ in cells)
            min_c = min(c for _, c in cells)
            form = tuple(sorted((r - min_r, c - min_c) for r, c in cells))
            if form not in forms:
                forms.append(form)
            cells = [(c, -r) for r, c in cells]  # quarter turn clockwise
    return forms


@dataclass(frozen=True)
class Placement:
    """One way to lay a tape shape on the grid. ``anchor`` is the first covered parcel in
    reading order (how the notation names the placement)."""

    id: int
    shape: int
    orient: int
    anchor: int
    cells: tuple[int, int, int, int]


# -- the tables worked out once from the component data (kept on Components) ----------------------


def tape_placements(
    forms: list[list[Form]],
) -> tuple[list[Placement], dict[tuple[int, int, int], int]]:
    """Every way to lay each shape's forms on the parcel grid, by placement id (in shape, form,
    then first parcel order), and the id of each (shape, form, first parcel)."""
    placements: list[Placement] = []
    placement_id: dict[tuple[int, int, int], int] = {}
    for s, shape_forms in enumerate(forms):
        for o, form in enumerate(shape_forms):
            ar, ac = form[0]
            height = 1 + max(r for r, _ in form)
            for r in range(PSIZE - height + 1):
                for c in range(PSIZE):
                    cells = [(r + fr, c + fc - ac) for fr, fc in form]
                    if not all(0 <= cc < PSIZE for _, cc in cells):
                        continue
                    idx = [pr * PSIZE + pc for pr, pc in cells]
                    pid = len(placements)
                    anchor = idx[0]
                    assert (r + ar) * PSIZE + c == anchor
                    placements.append(
                        Placement(pid, s, o, anchor, (idx[0], idx[1], idx[2], idx[3]))
                    )
                    placement_id[(s, o, anchor)] = pid
    return placements, placement_id


def turned_tokens(tokens: tuple[Token, ...]) -> list[list[Turned]]:
    """turned[token][rotation]: the colours and the icons the token shows on its cell's parcels
    (``CELL_PARCELS`` order) when turned that many quarter turns clockwise."""
    return [
        [
            (
                (t.colours[src[0]], t.colours[src[1]], t.colours[src[2]], t.colours[src[3]]),
                (t.icons[src[0]], t.icons[src[1]], t.icons[src[2]], t.icons[src[3]]),
            )
            for src in ROTATION_SOURCE
        ]
        for t in tokens
    ]


def seal_tables(
    forms: list[list[Form]], placement_id: dict[tuple[int, int, int], int]
) -> tuple[list[tuple[int, int, int, int, int, int]], list[list[list[int]]]]:
    """The seal matching tables (see bitboard.py): one entry per form of every shape, in shape
    then form order, (shape, form, piece, piece, offset, starts) — the form's two covering
    pieces (:func:`piece_cover`) and the byte-spread mask of the parcels a placement of that
    form may start on; and pid_at[shape][form][parcel], the placement of that form starting on
    that parcel (-1: none)."""
    seal_forms: list[tuple[int, int, int, int, int, int]] = []
    pid_at: list[list[list[int]]] = []
    for s, shape_forms in enumerate(forms):
        pids = []
        for o, form in enumerate(shape_forms):
            at = [placement_id.get((s, o, anchor), -1) for anchor in range(PARCELS)]
            pids.append(at)
            k1, k2, offset = piece_cover(form)
            starts = spread([a for a in range(PARCELS) if at[a] >= 0])
            seal_forms.append((s, o, k1, k2, offset, starts))
        pid_at.append(pids)
    return seal_forms, pid_at


def placement_quarters(placements: list[Placement]) -> list[int]:
    """For each placement: the quarter of the grid it lies wholly in, or -1."""
    return [
        QUARTER[pl.cells[0]] if len({QUARTER[p] for p in pl.cells}) == 1 else -1
        for pl in placements
    ]
