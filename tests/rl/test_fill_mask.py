"""Masks written into memory that held something else (issue 28, point 14): whatever a buffer
held before — ones, garbage, the previous position's mask — after ``fill_mask`` exactly the legal
actions' bits are set, and every other mask maker (``mask``, ``mask_bytes``, the C ``mask``,
the environments' masks) gives the same 0/1 bytes however dirty the memory it reuses.

A planted bug (``fill_mask`` not clearing the old bits) was caught by no test."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mailbag.core import Action, Game, new_game
from mailbag.core.registry import get
from mailbag.rl import native
from mailbag.rl.actions import ActionTable
from mailbag.rl.universe import action_table

GAMES = ["postcards", "post_office", "carteros"]
#: positions per game (random play, a few games)
POSITIONS = 300


def _positions(game: Game[Any], seats: int, count: int) -> list[list[Action]]:
    """The legal actions of ``count`` positions met in seeded random play (each decider's)."""
    rng = np.random.default_rng(7)
    found: list[list[Action]] = []
    for g in range(50):
        state = new_game(game, ("player",) * seats, {}, 300 + g)
        for _ in range(2000):
            deciders = game.deciders(state)
            if not deciders or len(found) >= count:
                break
            for seat in deciders:
                found.append(game.legal_actions(state, seat))
            seat = deciders[0]
            legal = game.legal_actions(state, seat)
            state = game.copy(state)
            game.apply_in_place(state, seat, legal[int(rng.integers(len(legal)))])
        if len(found) >= count:
            return found
    raise AssertionError(f"{game.spec.name}: only {len(found)} positions")


def _expected(table: ActionTable, legal: list[Action]) -> np.ndarray:
    want = np.zeros(len(table), dtype=np.int8)
    for action in legal:
        want[table.index[action]] = 1  # by value: independent of the lookups under test
    return want


def _garbage(size: int, rng: np.random.Generator) -> np.ndarray:
    return rng.integers(-128, 128, size=size, dtype=np.int8)


@pytest.mark.parametrize("name", GAMES)
def test_fill_mask_clears_whatever_the_buffer_held(name: str) -> None:
    game = get(name)
    table = action_table(game, 2)
    rng = np.random.default_rng(11)
    reused = np.ones(len(table), dtype=np.int8)  # one buffer for every position, in turn
    for legal in _positions(game, 2, POSITIONS):
        want = _expected(table, legal)
        assert 0 < want.sum() < len(table)
        for start in (np.ones(len(table), np.int8), _garbage(len(table), rng)):
            buffer = start.copy()
            found = table.fill_mask(legal, buffer)
            assert found == table.indices(legal)
            assert np.array_equal(buffer, want), (
                f"{name}: set {np.flatnonzero(buffer != want)[:10]} beyond the legal bits"
            )
        # the previous position's bits are gone
        table.fill_mask(legal, reused)
        assert np.array_equal(reused, want)
        # a buffer said to be clear already gets only the legal bits
        clean = np.zeros(len(table), dtype=np.int8)
        table.fill_mask(legal, clean, clear=False)
        assert np.array_equal(clean, want)
        # the other mask makers agree
        assert np.array_equal(table.mask(legal), want)
        assert bytes(table.mask_bytes(table.indices(legal))) == want.tobytes()
        indices, mask = table.indices_and_mask(legal)
        assert indices == table.indices(legal) and bytes(mask) == want.tobytes()
        by_value = [Action(a.verb, a.args) for a in legal]  # not the table's own objects
        indices, mask = table.indices_and_mask(by_value)
        assert indices == table.indices(legal) and bytes(mask) == want.tobytes()


def test_fill_mask_of_no_legal_action_is_all_zero() -> None:
    table = action_table(get("carteros"), 2)
    buffer = np.full(len(table), 7, dtype=np.int8)
    assert table.fill_mask([], buffer) == []
    assert not buffer.any()


@pytest.mark.parametrize("name", GAMES)
def test_the_c_mask_is_clean_in_reused_memory(name: str) -> None:
    """The C ``mask`` makes its bytes in memory the allocator hands back (freed buffers of the
    same size, filled with ones first): only the legal bits are set."""
    module = native.load("_actions")
    if module is None:
        pytest.skip("the C masks are not built here (or MAILBAG_RL_NATIVE=0)")
    game = get(name)
    table = action_table(game, 2)
    assert table._native is not None
    for legal in _positions(game, 2, POSITIONS):
        want = _expected(table, legal).tobytes()
        for _ in range(3):
            dirty = [bytearray(b"\xff" * len(table)) for _ in range(8)]
            del dirty  # their memory goes back to the allocator, ones and all
            both = module.mask(table._native, legal)
            assert both is not None
            indices, mask = both
            assert indices == table.indices(legal)
            assert bytes(mask) == want


@pytest.mark.parametrize("mode", ["c", "python"])
@pytest.mark.parametrize("name", GAMES)
def test_every_environment_mask_is_exactly_the_legal_actions(
    name: str, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The masks a match hands out, position after position (its caches reused), with the C
    core and without it: each seat's is exactly its legal actions (none when it owes none)."""
    from mailbag.rl import actions
    from mailbag.rl.match import Match

    if mode == "c" and native.load("_actions") is None:
        pytest.skip("the C core is not built here (or MAILBAG_RL_NATIVE=0)")
    if mode == "python":
        monkeypatch.setattr(actions, "_NATIVE", None)
    game = get(name)
    table = action_table(game, 2)
    match = Match(name, ("player", "player"))
    assert (match._core is not None) == (mode == "c")
    match.reset(5)
    for _ in range(300):
        deciders = match.deciders()
        if not deciders:
            break
        for seat in range(2):
            legal = game.legal_actions(match.state, seat) if seat in deciders else []
            want = _expected(table, legal)
            for _again in range(2):  # the first mask and one made again
                mask = match.mask(seat)
                assert mask.dtype == np.int8 and np.array_equal(mask, want), (name, mode, seat)
            assert np.array_equal(match.observe(seat)["action_mask"], want)
        seat = deciders[0]
        match.step(seat, match.indices(seat)[-1])
