"""The neighbourhood's geometry: house names, adjacency, corners, streets, flood blocks, lines.

The neighbourhood is 3 columns (A–C) × 4 rows (1–4) of houses. A house is an index 0–11,
``(row - 1) * 3 + column``; its name is the column letter and the row number (``B3``). Every table
here is computed once at import, so the rules never recompute geometry.
"""

from __future__ import annotations

from typing import Final

COLUMNS: Final = 3
ROWS: Final = 4
HOUSES: Final = COLUMNS * ROWS

#: carrier positions outside the neighbourhood
POST_OFFICE: Final = -1
SHOPS: Final = -2

HOUSE_NAMES: Final[tuple[str, ...]] = tuple(
    f"{'ABC'[h % COLUMNS]}{h // COLUMNS + 1}" for h in range(HOUSES)
)
HOUSE_INDEX: Final[dict[str, int]] = {name: h for h, name in enumerate(HOUSE_NAMES)}

#: the four directions as (column step, row step): up, down, left, right
DIRECTIONS: Final[tuple[tuple[int, int], ...]] = ((0, -1), (0, 1), (-1, 0), (1, 0))


def _step(house: int, direction: int) -> int:
    dc, dr = DIRECTIONS[direction]
    col, row = house % COLUMNS + dc, house // COLUMNS + dr
    if 0 <= col < COLUMNS and 0 <= row < ROWS:
        return row * COLUMNS + col
    return -1


#: STEP[house][direction] -> the next house that way, or -1 past the edge
STEP: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_step(h, d) for d in range(len(DIRECTIONS))) for h in range(HOUSES)
)
#: orthogonal neighbours of each house, in index order
ADJACENT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted(q for q in STEP[h] if q >= 0)) for h in range(HOUSES)
)
#: DIRECTION_OF[(a, b)] -> direction from a to its neighbour b
DIRECTION_OF: Final[dict[tuple[int, int], int]] = {
    (h, STEP[h][d]): d for h in range(HOUSES) for d in range(len(DIRECTIONS)) if STEP[h][d] >= 0
}
CORNERS: Final[tuple[int, ...]] = (0, COLUMNS - 1, HOUSES - COLUMNS, HOUSES - 1)

#: a street is a row or a column; two houses share a street when either matches
ROW_OF: Final[tuple[int, ...]] = tuple(h // COLUMNS for h in range(HOUSES))
COLUMN_OF: Final[tuple[int, ...]] = tuple(h % COLUMNS for h in range(HOUSES))


def same_street(a: int, b: int) -> bool:
    """Both houses on one row or one column (CA-5)."""
    return ROW_OF[a] == ROW_OF[b] or COLUMN_OF[a] == COLUMN_OF[b]


#: flood blocks (CA-6): 2×2 squares named by their top-left house; BLOCK_HOUSES[b] -> 4 houses
BLOCK_CORNERS: Final[tuple[int, ...]] = tuple(
    r * COLUMNS + c for r in range(ROWS - 1) for c in range(COLUMNS - 1)
)
BLOCK_HOUSES: Final[tuple[tuple[int, ...], ...]] = tuple(
    (h, h + 1, h + COLUMNS, h + COLUMNS + 1) for h in BLOCK_CORNERS
)
#: bitmask of the houses of each block
BLOCK_MASK: Final[tuple[int, ...]] = tuple(sum(1 << h for h in houses) for houses in BLOCK_HOUSES)


def _lines() -> tuple[tuple[int, int, int], ...]:
    """Lines of 3 houses for the bicycle tie-break (CA-8): every row, and every run of 3 in a
    column, each listed from its first (top or left) house."""
    lines: list[tuple[int, int, int]] = []
    for r in range(ROWS):
        for c in range(COLUMNS - 2):
            h = r * COLUMNS + c
            lines.append((h, h + 1, h + 2))
    for c in range(COLUMNS):
        for r in range(ROWS - 2):
            h = r * COLUMNS + c
            lines.append((h, h + COLUMNS, h + 2 * COLUMNS))
    return tuple(lines)


LINES: Final[tuple[tuple[int, int, int], ...]] = _lines()
#: (first house, last house) -> line index
LINE_INDEX: Final[dict[tuple[int, int], int]] = {(ln[0], ln[2]): i for i, ln in enumerate(LINES)}


def position_name(pos: int) -> str:
    """A carrier position as a word: a house name, ``post_office`` or ``shops``."""
    if pos >= 0:
        return HOUSE_NAMES[pos]
    return "post_office" if pos == POST_OFFICE else "shops"


def position_index(name: str) -> int:
    if name == "post_office":
        return POST_OFFICE
    if name == "shops":
        return SHOPS
    return HOUSE_INDEX[name]
