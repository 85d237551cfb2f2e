"""The fast paths (bitboards, prebuilt actions) against plain reference code.

Speed is never asserted: these check that every shortcut gives exactly what the plain rule text
gives, on boards from random games.
"""

from __future__ import annotations

from mailbag.core import Rng
from mailbag.games.post_office import bitboard, heuristics, legal, scoring
from mailbag.games.post_office.components import RECEIPT, SYMBOL
from mailbag.games.post_office.geometry import NEIGHBOURS, SQUARES
from mailbag.games.post_office.state import Player, PostOfficeState

from .builder import GAME, new


def boards(seeds: int = 6) -> list[Player]:
    """Boards seen along random 3-player games with goals."""
    found = []
    for seed in range(seeds):
        rng = Rng.from_seed(seed, 41)
        state: PostOfficeState = new(3, goals=True, seed=seed)
        step = 0
        while not GAME.is_over(state):
            seat = GAME.deciders(state)[0]
            options = GAME.legal_actions(state, seat)
            GAME.apply_in_place(state, seat, options[rng.randbelow(len(options))])
            step += 1
            if step % 5 == 0:
                found.append(GAME.copy(state).players[seat])
    return found


def plain_points(p: Player) -> int:
    col, icon, tape, placed = p.colour, p.icon, p.tape, p.placed
    total = p.stamps + 8 * len(p.goals)
    for c in range(4):
        symbols = sum(1 for i in range(100) if col[i] == c and icon[i] == SYMBOL and tape[i] < 0)
        total += symbols * sum(1 for k in range(4) if placed[c * 4 + k] >= 0)
    for r in range(100):
        if icon[r] == RECEIPT and tape[r] < 0:
            total += 3 * len({tape[n] for n in NEIGHBOURS[r] if tape[n] >= 0})
    squares = [
        k
        for k, (a, b, c, d) in enumerate(SQUARES)
        if col[a] >= 0
        and col[a] == col[b] == col[c] == col[d]
        and max(tape[a], tape[b], tape[c], tape[d]) < 0
    ]
    return total + 5 * scoring.max_square_groups(squares)


def plain_near_squares(p: Player) -> int:
    count = 0
    for a, b, c, d in SQUARES:
        cs = [p.colour[a], p.colour[b], p.colour[c], p.colour[d]]
        if cs.count(-1) == 1:
            present = [x for x in cs if x >= 0]
            count += present[0] == present[1] == present[2]
    return count


def test_scoring_matches_plain_counting() -> None:
    for p in boards():
        assert scoring.points(p) == plain_points(p)
        assert sum(scoring.breakdown(GAME.components, p).values()) == plain_points(p)


def test_near_squares_match_plain_counting() -> None:
    for p in boards(3):
        assert bitboard.near_squares(bitboard.pack(p.colour)) == plain_near_squares(p)


def test_available_tapes_are_the_unused_tapes_with_a_legal_seal() -> None:
    for p in boards(3):
        hits = legal.legal_seals(GAME.components, p)
        tapes = {c * 4 + GAME.components.placements[pid].shape for c, pid in hits}
        assert heuristics.available_tapes(GAME.components, p) == len(tapes)


def test_prebuilt_actions_encode_like_the_notation() -> None:
    prebuilt = GAME.components.actions
    state = new(2, seed=4)
    rng = Rng.from_seed(9)
    while not GAME.is_over(state):
        seat = GAME.deciders(state)[0]
        options = GAME.legal_actions(state, seat)
        for action in options:
            pending, text = prebuilt.chosen(action)
            assert pending == prebuilt.encode(action)
            assert text == str(action)
            copy = GAME.parse_action(text)  # equal, but not the prebuilt object
            assert prebuilt.chosen(copy) == (pending, text)
        GAME.apply_in_place(state, seat, options[rng.randbelow(len(options))])
