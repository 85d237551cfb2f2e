"""A Post Office evaluation for the greedy bot: points now plus progress towards points.

In a simultaneous phase a decision only takes effect when every player has chosen (PO-2), so
the evaluation first projects the seat's own pending decision onto a copy of its board (the
helper moved and stamps paid, the token placed, the tape laid). Beyond the current score it
values tapes that could be laid now (each raises a type's multiplier and may take stamps), open
symbols of colours whose tapes are still unused, nearly complete square groups (3 parcels of one
colour and an empty fourth), room around the helper, and — while drafting — the tokens kept.
"""

from __future__ import annotations

import functools
from typing import Final

from mailbag.games.post_office.apply import payment
from mailbag.games.post_office.bitboard import (
    COLOUR_LANE,
    board_bits,
    form_fits,
    near_squares,
    open_bits,
    symbol_lanes,
    unused_colours,
)
from mailbag.games.post_office.components import RECEIPT, STAMP, SYMBOL, Components
from mailbag.games.post_office.legal import free_cells, route
from mailbag.games.post_office.scoring import points, points_of
from mailbag.games.post_office.shelving import place_token
from mailbag.games.post_office.state import (
    KEEP,
    MOVE,
    OVER,
    PLACE,
    SEAL,
    SKIP,
    Player,
    PostOfficeState,
    copy_player,
)

#: the search bot's settings that suit Post Office: none beyond its defaults
SEARCH_SETTINGS: Final[dict[str, str]] = {}


def projected(components: Components, state: PostOfficeState, seat: int) -> Player:
    """The seat's board as it will be once its pending decision is revealed."""
    p = state.players[seat]
    if not p.pending or state.phase == OVER:
        return p
    q = copy_player(p)
    phase, pending = state.phase, q.pending
    if phase == KEEP:
        q.hand = [pending[0]]
    elif phase == MOVE:
        q.space = route(q)[pending[0]]
        q.stamps, exchanged, _ = payment(q.stamps, pending[0], state.stamp_supply)  # PO-112
        del q.goals[:exchanged]
    elif phase == PLACE:
        token, cell, rot = pending
        q.hand.remove(token)
        place_token(components, q, token, cell, rot)
    elif phase == SEAL and pending[0] != SKIP:
        placement = components.placements[pending[1]]
        tape = pending[0] * 4 + placement.shape
        q.placed[tape] = placement.id
        for parcel in placement.cells:
            q.tape[parcel] = tape
            if q.icon[parcel] == STAMP:
                q.stamps += 1
    return q


@functools.cache
def token_value(components: Components, token: int) -> float:
    """A rough worth of a parcel token in hand: its icons and its same-coloured neighbours."""
    printed = components.tokens[token]
    worth = {SYMBOL: 0.8, STAMP: 0.6, RECEIPT: 0.4}
    value = sum(worth.get(icon, 0.0) for icon in printed.icons)
    c = printed.colours
    pairs = (c[0] == c[1]) + (c[2] == c[3]) + (c[0] == c[2]) + (c[1] == c[3])
    return value + 0.7 * pairs


def available_tapes(components: Components, p: Player, m: int | None = None) -> int:
    """How many unused tapes could be laid now (``m``: the board's open colour bits)."""
    placed = p.placed
    unused = unused_colours(placed)
    if not unused:
        return 0
    fits_by_shape = [0, 0, 0, 0]
    for s, _, fits in form_fits(components, (open_bits(p) if m is None else m) & unused):
        fits_by_shape[s] |= fits
    count = 0
    for colour in range(4):
        lane = COLOUR_LANE[colour]
        for shape in range(4):
            if fits_by_shape[shape] & lane and placed[colour * 4 + shape] < 0:
                count += 1
    return count


def evaluate(components: Components, p: Player, rounds_left: int, phase: int) -> float:
    return evaluate_scored(components, p, rounds_left, phase)[0]


def evaluate_scored(
    components: Components, p: Player, rounds_left: int, phase: int
) -> tuple[float, int]:
    """:func:`evaluate`, and the board's points (which it starts from)."""
    m, taped, icon, colour = board_bits(p)
    scored = points_of(p, m, taped, icon)
    value = float(scored)
    if rounds_left <= 0:
        return value, scored
    value += 2.5 * available_tapes(components, p, m)
    for _ in range((m & unused_colours(p.placed) & symbol_lanes(icon)).bit_count()):
        value += 0.4
    for _ in range(near_squares(colour)):
        value += 0.5
    if phase == KEEP:
        value += sum(token_value(components, t) for t in p.hand)
    elif phase == MOVE:
        value += 0.3 * min(5, len(free_cells(p)))
    return value, scored


def _rounds_to_play(state: PostOfficeState) -> int:
    """Rounds still to be played, the current one included (0 once the game is over)."""
    return 0 if state.phase == OVER else state.params.rounds - state.round + 1


def heuristic(components: Components, state: PostOfficeState, seat: int) -> float:
    """The seat's projected board's value less the best points on the other boards now."""
    board = projected(components, state, seat)
    mine = evaluate(components, board, _rounds_to_play(state), state.phase)
    others = [float(points(p)) for i, p in enumerate(state.players) if i != seat]
    return mine - (max(others) if others else 0.0)


def heuristics(components: Components, state: PostOfficeState) -> list[float]:
    """:func:`heuristic` of every seat, each board scored once: a board with no pending
    decision is its own projection, so the points its evaluation starts from are the points
    the other seats are compared with."""
    left = _rounds_to_play(state)
    players = state.players
    values: list[float] = []
    now: list[float] = []
    for seat, p in enumerate(players):
        q = projected(components, state, seat)
        value, scored = evaluate_scored(components, q, left, state.phase)
        values.append(value)
        now.append(float(scored) if q is p else float(points(p)))
    if len(players) < 2:
        return values
    out = []
    for seat, value in enumerate(values):
        out.append(value - max(v for i, v in enumerate(now) if i != seat))
    return out
