"""End-of-game scoring of one board (PO-8), with the breakdown of the rulebook's example.

- stamps held, goal tokens counting 8 each;
- for each parcel type: open symbols of that type × tapes of that colour placed;
- 3 points for each distinct tape touching an open receipt side by side;
- 5 points per square group (2×2 same-coloured open parcels), choosing the largest set of
  groups in which no two share more than one parcel.
"""

from __future__ import annotations

from mailbag.games.post_office.components import RECEIPT, SYMBOL, Components
from mailbag.games.post_office.geometry import NEIGHBOURS, PSIZE, SQUARES
from mailbag.games.post_office.state import Player

GOAL_VALUE = 8  # a goal token counts as a stamp token of value 8
RECEIPT_POINTS = 3
SQUARE_POINTS = 5


def stamp_value(p: Player) -> int:
    """Stamps for scoring and for the tie-break: stamps held plus 8 per goal token (PO-8)."""
    return p.stamps + GOAL_VALUE * len(p.goals)


def tapes_of_colour(p: Player, colour: int) -> int:
    base = colour * 4
    return sum(1 for k in range(4) if p.placed[base + k] >= 0)


def open_symbols(p: Player, colour: int) -> int:
    col, icon, tape = p.colour, p.icon, p.tape
    return sum(1 for i in range(len(col)) if col[i] == colour and icon[i] == SYMBOL and tape[i] < 0)


def receipt_tapes(p: Player, parcel: int) -> int:
    """How many distinct tapes touch this parcel side by side."""
    tape = p.tape
    return len({tape[n] for n in NEIGHBOURS[parcel] if tape[n] >= 0})


def open_receipts(p: Player) -> list[int]:
    return [i for i, icon in enumerate(p.icon) if icon == RECEIPT and p.tape[i] < 0]


def open_squares(p: Player) -> list[int]:
    """Indices (into ``SQUARES``) of the 2×2 blocks of open parcels of one colour."""
    col, tape = p.colour, p.tape
    found = []
    for k, (a, b, c, d) in enumerate(SQUARES):
        colour = col[a]
        if (
            colour >= 0
            and col[b] == colour
            and col[c] == colour
            and col[d] == colour
            and tape[a] < 0
            and tape[b] < 0
            and tape[c] < 0
            and tape[d] < 0
        ):
            found.append(k)
    return found


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


def square_groups(p: Player) -> int:
    return max_square_groups(open_squares(p))


def breakdown(p: Player, components: Components) -> dict[str, int]:
    """A board's points by source, in the order of the rulebook's scoring example."""
    result = {"stamps": p.stamps, "goal tokens": GOAL_VALUE * len(p.goals)}
    for c, colour in enumerate(components.colours):
        result[colour.name] = open_symbols(p, c) * tapes_of_colour(p, c)
    result["receipts"] = RECEIPT_POINTS * sum(receipt_tapes(p, r) for r in open_receipts(p))
    result["square groups"] = SQUARE_POINTS * square_groups(p)
    return result
