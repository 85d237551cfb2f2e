"""End-of-game scoring of one board (PO-8), with the breakdown of the rulebook's example.

- stamps held, goal tokens counting 8 each;
- for each parcel type: open symbols of that type × tapes of that colour placed;
- 3 points for each distinct tape touching an open receipt side by side;
- 5 points per square group (2×2 same-coloured open parcels), choosing the largest set of
  groups in which no two share more than one parcel.
"""

from __future__ import annotations

from typing import Final

from mailbag.core import Score
from mailbag.games.post_office.bitboard import (
    COLOUR_LANE,
    beside,
    board_bits,
    open_bits,
    open_receipts_at,
    open_symbol_counts,
    pack,
    receipt_bits,
    square_bits,
    square_indices,
    squares_touch,
    symbol_lanes,
)
from mailbag.games.post_office.components import Components
from mailbag.games.post_office.geometry import NEIGHBOURS, PSIZE
from mailbag.games.post_office.state import Player, PostOfficeState

GOAL_VALUE: Final = 8  # a goal token counts as a stamp token of value 8
RECEIPT_POINTS: Final = 3
SQUARE_POINTS: Final = 5


def stamp_value(p: Player) -> int:
    """The stamps a player holds, each goal token counting 8 (PO-112): for scoring and the
    tie-break (PO-8), the "ten stamps" goal and paying for helper steps (PO-103)."""
    return p.stamps + GOAL_VALUE * len(p.goals)


def tapes_of_colour(p: Player, colour: int) -> int:
    base = colour * 4
    return sum(1 for k in range(4) if p.placed[base + k] >= 0)


def open_symbols(p: Player, colour: int) -> int:
    return open_symbol_counts(open_bits(p), pack(p.icon))[colour]


def receipt_tapes(p: Player, parcel: int) -> int:
    """How many distinct tapes touch this parcel side by side."""
    tape = p.tape
    return len({tape[n] for n in NEIGHBOURS[parcel] if tape[n] >= 0})


def open_receipts(p: Player) -> list[int]:
    return open_receipts_at(pack(p.icon), p.tape)


def open_squares(p: Player) -> list[int]:
    """Indices (into ``SQUARES``) of the 2×2 blocks of open parcels of one colour."""
    return square_indices(square_bits(open_bits(p)))


def max_square_groups(squares: list[int]) -> int:
    """The largest number of squares no two of which share more than one parcel (PO-8).

    Two 2×2 squares share two parcels exactly when they are next to each other one parcel
    apart in a row or a column; diagonal neighbours share one parcel (allowed). So the answer is
    the maximum independent set of a grid graph — bipartite by the parity of row + column — which
    König's theorem gives as (squares − maximum matching).
    """
    width = PSIZE - 1
    present = set(squares)
    even = [k for k in squares if (k // width + k % width) % 2 == 0]
    adjacency: dict[int, list[int]] = {}
    for k in even:
        r, c = divmod(k, width)
        adjacency[k] = [
            (r + dr) * width + c + dc
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < width and 0 <= c + dc < width and (r + dr) * width + c + dc in present
        ]
    match: dict[int, int] = {}  # odd square -> even square

    def augment(k: int, seen: set[int]) -> bool:
        for odd in adjacency[k]:
            if odd in seen:
                continue
            seen.add(odd)
            if odd not in match or augment(match[odd], seen):
                match[odd] = k
                return True
        return False

    matching = sum(1 for k in even if adjacency[k] and augment(k, set()))
    return len(squares) - matching


def groups_of(squares: int) -> int:
    """:func:`max_square_groups` of the squares of ``bitboard.square_bits``: their number when no
    two of them share two parcels."""
    if squares_touch(squares):
        return max_square_groups(square_indices(squares))
    return squares.bit_count()


def square_groups(p: Player) -> int:
    return groups_of(square_bits(open_bits(p)))


def receipt_points(p: Player, icon: bytes, taped: int) -> int:
    """3 per distinct tape beside each open receipt (packed ``icon`` list, sealed parcels as
    bit 8 * p): only receipts beside a sealed parcel can score."""
    if not taped:
        return 0
    touched = receipt_bits(icon) & beside(taped) & ~taped
    total = 0
    tape = p.tape
    while touched:
        low = touched & -touched
        total += len({tape[n] for n in NEIGHBOURS[(low.bit_length() - 1) >> 3] if tape[n] >= 0})
        touched ^= low
    return RECEIPT_POINTS * total


def scores(components: Components, state: PostOfficeState) -> list[Score]:
    """Each board's points (PO-8), with their breakdown."""
    result = []
    for p in state.players:
        parts = breakdown(components, p)
        result.append(Score(sum(parts.values()), parts))
    return result


def rank_key(components: Components, state: PostOfficeState, seat: int) -> tuple[int, ...]:
    """PO-8: points, then stamps (goal tokens count 8); still tied: a shared place."""
    p = state.players[seat]
    return (sum(breakdown(components, p).values()), stamp_value(p))


def balance_tags(components: Components, state: PostOfficeState, seat: int) -> dict[str, list[str]]:
    """What shaped a seat's game, for balance statistics: its helper and the goals it won."""
    p = state.players[seat]
    return {
        "helper": ["helper:" + components.helpers[p.helper]],
        "goal": ["goal:" + components.goals[g].name for g in p.goals_won],
    }


def breakdown(components: Components, p: Player) -> dict[str, int]:
    """A board's points by source, in the order of the rulebook's scoring example."""
    result = {"stamps": p.stamps, "goal tokens": GOAL_VALUE * len(p.goals)}
    m, taped, icon, _ = board_bits(p)
    symbols = open_symbol_counts(m, icon)
    placed = p.placed
    for c, colour in enumerate(components.colours):
        base = c * 4
        tapes = (placed[base] >= 0) + (placed[base + 1] >= 0) + (placed[base + 2] >= 0)
        result[colour.name] = symbols[c] * (tapes + (placed[base + 3] >= 0))
    result["receipts"] = receipt_points(p, icon, taped)
    result["square groups"] = SQUARE_POINTS * groups_of(square_bits(m))
    return result


def points(p: Player) -> int:
    """The total of :func:`breakdown`."""
    m, taped, icon, _ = board_bits(p)
    return points_of(p, m, taped, icon)


def points_of(p: Player, m: int, taped: int, icon: bytes) -> int:
    """:func:`points` from the board's :func:`~bitboard.board_bits`."""
    total = stamp_value(p)
    placed = p.placed
    if placed.count(-1) < len(placed):  # a tape is down: symbols score
        symbols = m & symbol_lanes(icon)
        for c in range(4):
            base = c * 4
            tapes = (placed[base] >= 0) + (placed[base + 1] >= 0) + (placed[base + 2] >= 0)
            tapes += placed[base + 3] >= 0
            if tapes:
                total += tapes * (symbols & COLOUR_LANE[c]).bit_count()
    total += receipt_points(p, icon, taped)
    squares = square_bits(m)
    if squares:
        total += SQUARE_POINTS * groups_of(squares)
    return total
