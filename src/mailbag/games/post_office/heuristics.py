"""A Post Office evaluation for the greedy bot: points now plus progress towards points.

Beyond the current score it values tapes that could be laid now (each one raises a type's
multiplier and may take stamps), open symbols of colours whose tapes are still unused (they
will be multiplied by tapes to come), near-complete square groups (3 of 4 parcels of one colour
with the fourth parcel empty), and keeping stamps for moving the helper.
"""

from __future__ import annotations

from mailbag.games.post_office.components import SYMBOL
from mailbag.games.post_office.geometry import SQUARES, Tables
from mailbag.games.post_office.legal import legal_seals
from mailbag.games.post_office.scoring import breakdown
from mailbag.games.post_office.state import LAST_ROUND, OVER, Player, PostOfficeState


def evaluate(p: Player, tables: Tables, rounds_left: int) -> float:
    value = float(sum(breakdown(p, tables.components).values()))
    if rounds_left <= 0:
        return value
    tapes = {c * 4 + tables.placements[pid].shape for c, pid in legal_seals(p, tables)}
    value += 2.5 * len(tapes)
    unused = [sum(1 for k in range(4) if p.placed[c * 4 + k] < 0) for c in range(4)]
    for colour, icon, tape in zip(p.colour, p.icon, p.tape, strict=True):
        if icon == SYMBOL and tape < 0 and unused[colour]:
            value += 0.4
    col = p.colour
    for a, b, c, d in SQUARES:
        cs = (col[a], col[b], col[c], col[d])
        if cs.count(-1) == 1:
            present = [x for x in cs if x >= 0]
            if present[0] == present[1] == present[2]:
                value += 0.5
    return value


def heuristic(state: PostOfficeState, seat: int, tables: Tables) -> float:
    rounds_left = 0 if state.phase == OVER else LAST_ROUND - state.round + 1
    values = [evaluate(p, tables, rounds_left) for p in state.players]
    mine = values[seat]
    others = [v for i, v in enumerate(values) if i != seat]
    return mine - (max(others) if others else 0.0)
