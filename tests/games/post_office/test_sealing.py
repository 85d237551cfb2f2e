"""Sealing parcels with mail tape (PO-6): every shape in every form, refusals, stamps."""

from __future__ import annotations

import re

import pytest

from mailbag.core import IllegalAction, Rng
from mailbag.games.post_office.legal import legal_seals
from mailbag.games.post_office.state import MOVE, SEAL

from .builder import (
    GAME,
    act,
    at,
    at_seal,
    board,
    everyone,
    legal_strs,
    new,
    seal,
    texts,
    uniform,
)

EXPECTED_FORMS = {
    "I": [
        {(0, 0), (0, 1), (0, 2), (0, 3)},
        {(0, 0), (1, 0), (2, 0), (3, 0)},
    ],
    "T": [
        {(0, 0), (0, 1), (0, 2), (1, 1)},
        {(0, 1), (1, 0), (1, 1), (1, 2)},
        {(0, 0), (1, 0), (2, 0), (1, 1)},
        {(0, 1), (1, 0), (1, 1), (2, 1)},
    ],
    "Z": [
        {(0, 0), (0, 1), (1, 1), (1, 2)},
        {(0, 1), (0, 2), (1, 0), (1, 1)},
        {(0, 1), (1, 0), (1, 1), (2, 0)},
        {(0, 0), (1, 0), (1, 1), (2, 1)},
    ],
    "L": [
        {(0, 0), (1, 0), (2, 0), (2, 1)},
        {(0, 0), (0, 1), (0, 2), (1, 0)},
        {(0, 0), (0, 1), (1, 1), (2, 1)},
        {(0, 2), (1, 0), (1, 1), (1, 2)},
        {(0, 1), (1, 1), (2, 0), (2, 1)},
        {(0, 0), (1, 0), (1, 1), (1, 2)},
        {(0, 0), (0, 1), (1, 0), (2, 0)},
        {(0, 0), (0, 1), (0, 2), (1, 2)},
    ],
}


def sealed_cells(state, seat: int = 0) -> set[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return {divmod(q, 10) for q, t in enumerate(state.players[seat].tape) if t >= 0}


def normalised(cells: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


@pytest.mark.parametrize("shape", ["L", "T", "I", "Z"])
def test_every_shape_in_every_orientation(shape: str) -> None:
    state = at_seal()
    board(state, 0, uniform("F"))
    seals = [a for a in GAME.legal_actions(state, 0) if a.verb == "seal" and a.args[1] == shape]
    # on a board of fragile parcels every placement of the fragile tape is legal
    assert {a.args[0] for a in seals} == {"fragile"}
    anchored = [a for a in seals if a.args[3:] == (3, 4)]
    forms = set()
    for action in anchored:
        after, _ = everyone(state, {0: str(action)})
        cells = sealed_cells(after)
        assert len(cells) == 4 and min(cells) == (3, 4)  # the anchor: first in reading order
        forms.add(normalised(cells))
    assert forms == {frozenset(f) for f in EXPECTED_FORMS[shape]}
    assert len(anchored) == len(EXPECTED_FORMS[shape])


def test_all_placements_of_one_colour_are_listed() -> None:
    state = at_seal()
    board(state, 0, uniform("G"))
    legal = legal_strs(state, 0)
    assert legal[0] == "skip"
    # L: 8 forms × 72 positions, T and Z: 4 × 72, I: 2 × 70
    assert len(legal) == 1 + 576 + 288 + 140 + 288
    assert all(a.startswith("seal gift ") for a in legal[1:])


BOARD = """
F  F  F  F  G  G  G  G  S  S
F  P  P  P  G  S  S  S  S  S
F  P  P$ P  P  S  S  S  S  S
F$ F  S  S  S  S  S  S  S  S
S  S  S  S  S  S  S  S  S  S
S  S  S  S  S  S  S  S  S  S
S  S  S  S  S  S  S  S  S  S
S  S  S  S  S  S  S  S  S  S
S  S  S  S  S  S  S  S  S  S
S  S  S  S  S  S  S  S  S  S
"""


def test_seal_takes_stamps_for_covered_stamp_icons() -> None:
    state = at_seal()
    board(state, 0, BOARD)
    supply = state.stamp_supply
    state, events = everyone(state, {0: "seal fragile L 0 1 0"})  # (1,0) (2,0) (3,0) (3,1)
    p = state.players[0]
    assert sealed_cells(state) == {(1, 0), (2, 0), (3, 0), (3, 1)}
    assert p.placed[0 * 4 + 0] >= 0
    assert p.stamps == 4 and state.stamp_supply == supply - 1
    assert "with the fragile L tape and takes 1 stamp" in texts(events)[-1]


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("seal fragile I 0 0 4", "parcel (0,4) is gift, not fragile"),  # wrong colour
        ("seal fragile I 1 1 0", "parcel (4,0) is sweet, not fragile"),  # not the shape
        ("seal personal I 0 1 1", "parcel (1,4) is gift, not personal"),
        ("seal gift L 0 0 4", "parcel (2,4) is personal, not gift"),
        ("seal pink L 0 1 0", "no tape colour 'pink'"),
        ("seal fragile O 0 1 0", "no tape shape 'O'"),
        ("seal fragile I 2 0 0", "forms 0..1"),
        ("seal fragile I 0 0 8", "leaves the board"),
        ("seal fragile I 0 0", "takes 5 arguments"),
        ("place 1 0 0 0", "now is the seal phase"),
    ],
)
def test_seal_refusals(action: str, message: str) -> None:
    state = at_seal()
    board(state, 0, BOARD)
    with pytest.raises(IllegalAction, match=re.escape(message)) as info:
        act(state, 0, action)
    assert info.value.rule in ("PO-6", "PO-2", "notation")


def test_not_the_shape_is_refused_with_the_covering_parcel() -> None:
    """The fragile parcels are a row of 4 and an L of 4 sharing a corner: I and L tapes fit
    them, T and Z tapes do not."""
    state = at_seal()
    board(state, 0, BOARD)
    fragile = [a for a in legal_strs(state, 0) if a.startswith("seal fragile")]
    assert fragile == [
        "seal fragile L 0 1 0",  # (1,0) (2,0) (3,0) (3,1)
        "seal fragile L 1 0 0",  # (0,0) (0,1) (0,2) (1,0)
        "seal fragile L 6 0 0",  # (0,0) (0,1) (1,0) (2,0)
        "seal fragile I 0 0 0",  # row 0
        "seal fragile I 1 0 0",  # column 0
    ]
    with pytest.raises(IllegalAction, match=re.escape("(1,1) is personal, not fragile")):
        act(state, 0, "seal fragile T 0 0 0")
    with pytest.raises(IllegalAction, match=re.escape("does not fit that shape")):
        act(state, 0, "seal fragile Z 0 0 1")


def test_already_sealed_and_used_tapes_are_refused() -> None:
    state = at_seal()
    board(state, 0, uniform("S"))
    seal(state, 0, [(0, 0), (0, 1), (0, 2), (0, 3)])
    with pytest.raises(IllegalAction, match=re.escape("your sweet I tape is already on the board")):
        act(state, 0, "seal sweet I 0 5 0")
    with pytest.raises(IllegalAction, match=re.escape("(0,1) is already sealed by the sweet I")):
        act(state, 0, "seal sweet T 0 0 1")
    assert not [a for a in legal_strs(state, 0) if a.startswith("seal sweet I")]
    state, _ = everyone(state, {0: "seal sweet T 0 1 1"})
    assert state.phase == MOVE  # the next sealing step may lay another tape
    assert state.players[0].tape[11] == 2 * 4 + 1


def test_one_tape_per_sealing_step_and_skip() -> None:
    state = at_seal()
    board(state, 0, uniform("S"))
    state, _ = act(state, 0, "seal sweet Z 0 0 0")
    assert GAME.legal_actions(state, 0) == []
    assert 0 not in GAME.deciders(state)
    board(state, 1, uniform("."))
    assert legal_strs(state, 1) == ["skip"]
    state, _ = act(state, 1, "skip")
    assert sealed_cells(state, 0) == {(0, 0), (0, 1), (1, 1), (1, 2)}
    assert sealed_cells(state, 1) == set()


def test_a_short_stamp_supply_serves_seats_in_order() -> None:
    """PO-106: seat 0 is served first when the supply cannot cover everyone."""
    state = at_seal()
    board(state, 0, uniform("F$"))
    board(state, 1, uniform("F$"))
    moved = state.stamp_supply - 3
    state.stamp_supply = 3
    state.players[1].stamps += moved  # keep all 129 stamps somewhere
    s1 = state.players[1].stamps
    state, _ = everyone(state, {0: "seal fragile I 0 0 0", 1: "seal fragile I 0 0 0"})
    assert state.players[0].stamps == 3 + 3
    assert state.players[1].stamps == s1 + 0
    assert state.stamp_supply == 0


def test_seal_any_open_parcels_not_only_new_ones() -> None:
    state = at_seal()
    board(state, 0, uniform("P"))
    starting = [q for q in range(100) if q // 10 in (2, 3) and q % 10 in (2, 3)]
    assert starting == [at(2, 2), at(2, 3), at(3, 2), at(3, 3)]
    state, _ = everyone(state, {0: "seal personal Z 2 2 2"})
    assert (2, 2) in sealed_cells(state)


def test_seal_generation_matches_a_plain_search() -> None:
    """The bitmask search finds exactly the placements a plain scan of every placement finds."""

    rng = Rng.from_seed(3)
    state = new(3, seed=12)
    checked = 0
    while not GAME.is_over(state):
        seat = GAME.deciders(state)[0]
        p = state.players[seat]
        if state.phase == SEAL:
            plain = sorted(
                (p.colour[pl.cells[0]], pl.id)
                for pl in GAME.components.placements
                if p.placed[p.colour[pl.cells[0]] * 4 + pl.shape] < 0
                and p.colour[pl.cells[0]] >= 0
                and all(p.colour[q] == p.colour[pl.cells[0]] and p.tape[q] < 0 for q in pl.cells)
            )
            assert sorted(legal_seals(GAME.components, p)) == plain
            checked += 1
        legal = GAME.legal_actions(state, seat)
        GAME.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
    assert checked == 21 * 3  # 21 sealing steps per player
