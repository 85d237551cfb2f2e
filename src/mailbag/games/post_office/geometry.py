"""Board geometry of Post Office, precomputed once: cells and parcels, token rotations, the
helper track around the shelving, and every way a tape can lie on the parcel grid.

The shelving is 5×5 cells; a parcel token covers one cell with 2×2 parcels, so parcels form a
10×10 grid. Cell ``(r, c)`` has index ``r * 5 + c``; parcel ``(pr, pc)`` has index
``pr * 10 + pc``.
"""

from __future__ import annotations

from dataclasses import dataclass

from mailbag.games.post_office.components import Components, Shape

SIZE = 5  # cells per side
PSIZE = 10  # parcels per side
CELLS = SIZE * SIZE
PARCELS = PSIZE * PSIZE
#: the 4 starting-parcel cells, diagonal to the centre: (1,1), (1,3), (3,1), (3,3)
STARTING_CELLS = (6, 8, 16, 18)
FREE_CELLS = CELLS - len(STARTING_CELLS)  # 21 placements per player (PO-7)


def _cell_parcels(cell: int) -> tuple[int, int, int, int]:
    r, c = divmod(cell, SIZE)
    top = 2 * r * PSIZE + 2 * c
    return (top, top + 1, top + PSIZE, top + PSIZE + 1)


#: parcels of each cell: top-left, top-right, bottom-left, bottom-right
CELL_PARCELS = tuple(_cell_parcels(cell) for cell in range(CELLS))


def _rotations() -> tuple[tuple[int, int, int, int], ...]:
    # a quarter turn clockwise of [[a, b], [c, d]] is [[c, a], [d, b]]
    quarter = (2, 0, 3, 1)
    result = [(0, 1, 2, 3)]
    for _ in range(3):
        prev = result[-1]
        result.append((prev[quarter[0]], prev[quarter[1]], prev[quarter[2]], prev[quarter[3]]))
    return tuple(result)


#: ROTATION_SOURCE[k][i]: which printed parcel lands on position i after k quarter turns clockwise
ROTATION_SOURCE = _rotations()

# -- the helper track (RULINGS: Post Office helper track) ------------------------------------------
TRACK = 24
#: corner spaces: Start (top-left, 0), top-right (6), bottom-right (12), bottom-left (18)
CORNER_SPACES = frozenset({0, 6, 12, 18})


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


SPACE_LINE = tuple(_space_line(s) for s in range(TRACK))
#: the line each space points at as one index (rows 0..4, columns 5..9), -1 on a corner
SPACE_LINE_INDEX = tuple(
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
SPACE_CELLS = tuple(_space_cells(s) for s in range(TRACK))


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


NEIGHBOURS = tuple(_neighbours(p) for p in range(PARCELS))
#: quarter of the parcel grid (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right)
QUARTER = tuple((p // PSIZE // 5) * 2 + (p % PSIZE) // 5 for p in range(PARCELS))
#: every 2×2 square of parcels, by its top-left parcel (row, col in 0..8)
SQUARES = tuple(
    (r * PSIZE + c, r * PSIZE + c + 1, (r + 1) * PSIZE + c, (r + 1) * PSIZE + c + 1)
    for r in range(PSIZE - 1)
    for c in range(PSIZE - 1)
)


def parcel_label(p: int) -> str:
    r, c = divmod(p, PSIZE)
    return f"({r},{c})"


# -- tapes -----------------------------------------------------------------------------------------

#: width of the padded grid used for bitmask tape matching (10 parcels + 3 blank columns)
WIDE = PSIZE + 3
#: index of each parcel's bit in the padded grid
WIDE_BIT = tuple((p // PSIZE) * WIDE + p % PSIZE for p in range(PARCELS))


def orientations(shape: Shape) -> list[tuple[tuple[int, int], ...]]:
    """The distinct fixed forms of a shape: quarter turns first, then the mirror's quarter
    turns; each normalised and listed in reading order. (I: 2, T: 4, Z: 4, L: 8 forms.)"""
    forms: list[tuple[tuple[int, int], ...]] = []
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


class Tables:
    """Everything precomputed from the components: placements and the action lookups."""

    def __init__(self, components: Components) -> None:
        self.components = components
        self.forms = [orientations(shape) for shape in components.shapes]
        self.placements: list[Placement] = []
        #: (shape, orient, anchor) -> placement id
        self.placement_id: dict[tuple[int, int, int], int] = {}
        #: by_anchor[shape][anchor]: (placement id, the other three cells) for each placement
        self.by_anchor: list[list[list[tuple[int, int, int, int]]]] = [
            [[] for _ in range(PARCELS)] for _ in components.shapes
        ]
        for s, forms in enumerate(self.forms):
            for o, form in enumerate(forms):
                ar, ac = form[0]
                height = 1 + max(r for r, _ in form)
                for r in range(PSIZE - height + 1):
                    for c in range(PSIZE):
                        cells = [(r + fr, c + fc - ac) for fr, fc in form]
                        if not all(0 <= cc < PSIZE for _, cc in cells):
                            continue
                        idx = [pr * PSIZE + pc for pr, pc in cells]
                        pid = len(self.placements)
                        anchor = idx[0]
                        assert (r + ar) * PSIZE + c == anchor
                        self.placements.append(
                            Placement(pid, s, o, anchor, (idx[0], idx[1], idx[2], idx[3]))
                        )
                        self.placement_id[(s, o, anchor)] = pid
                        self.by_anchor[s][anchor].append((pid, idx[1], idx[2], idx[3]))
        self.colour_index = {c.name: i for i, c in enumerate(components.colours)}
        self.shape_index = {s.name: i for i, s in enumerate(components.shapes)}
        self.goal_index = {g.name: i for i, g in enumerate(components.goals)}
        self.helper_index = {h: i for i, h in enumerate(components.helpers)}
        # Bitmask tables for legal_seals: parcel (r, c) is bit r * WIDE + c of a padded grid
        # WIDE columns wide, so that shifting by a form's offsets never wraps onto a real parcel.
        #: form_offsets[shape][form]: offsets of the 3 other squares from the anchor
        self.form_offsets: list[list[tuple[int, int, int]]] = []
        #: pid_at[shape][form][bit]: the placement anchored at that bit (-1: none)
        self.pid_at: list[list[list[int]]] = []
        for s, forms in enumerate(self.forms):
            offsets, pids = [], []
            for o, form in enumerate(forms):
                ar, ac = form[0]
                off = [(r - ar) * WIDE + (c - ac) for r, c in form[1:]]
                offsets.append((off[0], off[1], off[2]))
                at = [-1] * (PSIZE * WIDE)
                for anchor in range(PARCELS):
                    known = self.placement_id.get((s, o, anchor))
                    if known is not None:
                        at[WIDE_BIT[anchor]] = known
                pids.append(at)
            self.form_offsets.append(offsets)
            self.pid_at.append(pids)
        #: every offset any form uses, and each form's offsets as indices into that list
        self.shifts = sorted({o for forms in self.form_offsets for form in forms for o in form})
        self.form_shift_index = [
            [
                (self.shifts.index(a), self.shifts.index(b), self.shifts.index(c))
                for a, b, c in forms
            ]
            for forms in self.form_offsets
        ]
        #: for each placement: the quarter it lies wholly in, or -1
        self.placement_quarter = [
            QUARTER[pl.cells[0]] if len({QUARTER[p] for p in pl.cells}) == 1 else -1
            for pl in self.placements
        ]

    def tape_name(self, tape: int) -> str:
        """``tape`` = colour * 4 + shape."""
        colour, shape = divmod(tape, 4)
        return f"{self.components.colours[colour].name} {self.components.shapes[shape].name}"
