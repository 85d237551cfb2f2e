"""Placing parcel tokens (PO-5): the pointed line, corners, the 4 rotations, the second token."""

from __future__ import annotations

import re

import pytest

from mailbag.core import IllegalAction
from mailbag.games.post_office.geometry import CELL_PARCELS
from mailbag.games.post_office.state import SEAL

from .builder import GAME, act, at_move, everyone, legal_strs, texts


def at_place(space: int = 0, seed: int = 0):  # type: ignore[no-untyped-def]
    state = at_move(seed=seed)
    state.players[0].space = space
    state, _ = everyone(state, {0: "move 0"})
    return state


def test_legal_placements_are_the_free_cells_of_the_pointed_column() -> None:
    state = at_place(space=1)  # column 2 (index 1): (1,1) and (3,1) hold starting tokens
    hand = sorted(state.players[0].hand)
    assert legal_strs(state, 0) == [
        f"place {t} {r} 1 {rot}" for t in hand for r in (0, 2, 4) for rot in range(4)
    ]


def test_legal_placements_in_a_row() -> None:
    state = at_place(space=7)  # the helper moves to space 8: row 2 (index 1)
    assert state.players[0].space == 8
    cells = {(a.args[1], a.args[2]) for a in GAME.legal_actions(state, 0)}
    assert cells == {(1, 0), (1, 2), (1, 4)}


def test_on_a_corner_any_free_cell() -> None:
    state = at_place(space=5)
    assert state.players[0].space == 6
    cells = {(a.args[1], a.args[2]) for a in GAME.legal_actions(state, 0)}
    assert len(cells) == 21


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_the_four_rotations(rotation: int) -> None:
    state = at_place(space=0)  # column 1
    token = state.players[0].hand[0]
    printed = GAME.components.tokens[token]
    state, _ = everyone(state, {0: f"place {token} 2 0 {rotation}"})
    assert state.phase == SEAL
    p = state.players[0]
    assert p.token[10] == token and p.rotation[10] == rotation
    tl, tr, bl, br = CELL_PARCELS[10]
    # printed positions (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) after turning
    # clockwise: a quarter turn brings the bottom-left parcel to the top-left
    where = {0: (0, 1, 2, 3), 1: (2, 0, 3, 1), 2: (3, 2, 1, 0), 3: (1, 3, 0, 2)}[rotation]
    for parcel, source in zip((tl, tr, bl, br), where, strict=True):
        assert p.colour[parcel] == printed.colours[source]
        assert p.icon[parcel] == printed.icons[source]
    assert token not in p.hand and len(p.hand) == 1


def test_the_second_placement_uses_the_token_left() -> None:
    state = at_place(space=0)
    first, second = state.players[0].hand
    state, _ = everyone(state, {0: f"place {first} 0 0 0"})
    state, _ = everyone(state)  # seal: skip
    state, _ = everyone(state, {0: "move 0"})  # column 2
    assert {a.args[0] for a in GAME.legal_actions(state, 0)} == {second}
    with pytest.raises(IllegalAction, match="not the token left in your hand") as info:
        act(state, 0, f"place {first} 0 1 0")
    assert info.value.rule == "PO-5"


def test_placement_refusals() -> None:
    state = at_place(space=0)  # column 1
    token = state.players[0].hand[0]
    cases = [
        (f"place {token} 1 1 0", "already holds a parcel token"),
        (f"place {token} 0 2 0", "does not point at cell (0,2)"),
        (f"place {token} 0 0 4", "quarter turns clockwise, 0..3"),
        (f"place {token} 5 0 0", "cells of the shelving"),
        (f"place {token} 0 0", "takes 4 arguments"),
        ("skip", "now is the place phase"),
    ]
    for text, message in cases:
        with pytest.raises(IllegalAction, match=re.escape(message)):
            act(state, 0, text)


def test_placements_are_revealed_together() -> None:
    state = at_place(space=0)
    token = state.players[0].hand[0]
    state, _ = act(state, 0, f"place {token} 0 0 0")
    assert state.players[0].token[0] == 0  # not on the board before everyone has placed
    assert GAME.view(state, 1)["players"][0]["tokens"][0] == 0
    state, events = everyone(state)
    assert state.players[0].token[0] == token
    assert f"seat 0 places token {token} on cell (0,0), turned 0°" in texts(events)
