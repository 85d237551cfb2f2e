"""The action tables against the rules, over at least 10,000 random positions per game: every
legal action has exactly one index and comes back from it, the mask is exactly the legal
actions, and an index outside the mask is refused by the rules."""

from __future__ import annotations

from typing import Any

import pytest

from mailbag.core import Action, Game, IllegalAction, NotYourTurn, Rng, check_action, new_game
from mailbag.core.registry import get
from mailbag.rl.actions import ActionTable
from mailbag.rl.universe import action_table

POSITIONS = 10_000
#: masked-out indices tried against the rules at each position
PROBES = 2


def _tables(game: Game[Any]) -> dict[int, ActionTable]:
    return {n: action_table(game, n) for n in range(game.spec.min_seats, game.spec.max_seats + 1)}


def _setups(game: Game[Any]) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every seat count (Postcards' solo against an Automa too) with every contract option set."""
    seat_lists = [
        ("player",) * n for n in range(max(2, game.spec.min_seats), game.spec.max_seats + 1)
    ]
    seat_lists += list(game.spec.contract_seats)
    return [(s, o) for o in game.spec.contract_option_sets() for s in seat_lists]


@pytest.mark.parametrize("name", ["postcards", "post_office", "carteros"])
def test_every_legal_action_has_one_index_and_nothing_else_is_legal(name: str) -> None:
    game = get(name)
    tables = _tables(game)
    rng = Rng.from_seed(17, 0x3A5C)
    setups = _setups(game)
    positions = refused = 0
    seen: set[int] = set()
    for g in range(400):  # bounded: far more games than 10,000 positions need
        if positions >= POSITIONS:
            break
        seats, options = setups[g % len(setups)]
        table = tables[len(seats)]
        state = new_game(game, seats, options, 1000 + g)
        for _step in range(5000):
            deciders = game.deciders(state)
            if not deciders:
                break
            for seat in deciders:
                legal = game.legal_actions(state, seat)
                indices = table.indices(legal)
                assert len(set(indices)) == len(legal), f"two legal actions share an index: {legal}"
                assert [table.actions[i] for i in indices] == legal
                assert all(
                    table.index_of(Action(a.verb, a.args)) == i
                    for a, i in zip(legal, indices, strict=True)
                )  # by value too, not only by identity
                mask = table.mask(legal)
                assert int(mask.sum()) == len(legal)
                # the environments' path (in C where built) gives the same indices and mask
                both = table.indices_and_mask(legal)
                assert both[0] == indices and bytes(both[1]) == mask.tobytes()
                seen.update(indices)
                for _probe in range(PROBES):
                    i = rng.randbelow(len(table))
                    if mask[i]:
                        continue
                    with pytest.raises((IllegalAction, NotYourTurn)):
                        check_action(game, state, seat, table.actions[i])
                    refused += 1
                positions += 1
            seat = deciders[0]
            legal = game.legal_actions(state, seat)
            game.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
    assert positions >= POSITIONS
    assert refused > POSITIONS  # the probes did reach the rules
    assert len(seen) > 30  # the walk used many different indices, not one corner of the table


def test_the_table_is_fixed_per_game_and_seat_count() -> None:
    game = get("carteros")
    first = action_table(game, 3)
    assert action_table(game, 3) is first
    again = ActionTable("carteros", list(first.actions))
    assert again.actions == first.actions
    assert len(first) == len(set(first.actions))


def test_an_action_outside_the_table_is_a_clear_error() -> None:
    from mailbag.core.errors import MailbagError

    table = action_table(get("post_office"), 2)
    with pytest.raises(MailbagError, match="no index"):
        table.index_of(Action("fly", (1,)))
    with pytest.raises(MailbagError, match="out of range"):
        table.action(len(table))


def test_the_c_masks_find_by_identity_and_leave_the_rest_to_python() -> None:
    """mailbag/rl/_actions.c answers for the table's own action objects only: an equal action
    made elsewhere sends the lookup back to Python, which finds it by value."""
    from mailbag._build import compiler_missing
    from mailbag.rl import native

    module = native.load("_actions")
    if module is None:
        if compiler_missing() is not None or not native.enabled():
            pytest.skip("the C masks are not built here")
        pytest.fail("the C masks were not built: pip install -e . builds them")
    table = action_table(get("carteros"), 2)
    assert table._native is not None
    own = [table.actions[5], table.actions[0], table.actions[len(table) - 1]]
    indices, mask = module.mask(table._native, own)
    assert indices == [5, 0, len(table) - 1]
    assert isinstance(mask, bytearray) and len(mask) == len(table)
    assert [i for i, m in enumerate(mask) if m] == [0, 5, len(table) - 1]
    copy = Action(own[0].verb, own[0].args)
    assert copy is not own[0] and copy == own[0]
    assert module.mask(table._native, [own[1], copy]) is None
    both = table.indices_and_mask([own[1], copy])
    assert both[0] == [0, 5] and [i for i, m in enumerate(both[1]) if m] == [0, 5]
    assert module.mask(table._native, []) == ([], bytearray(len(table)))
    with pytest.raises(TypeError, match="table"):
        module.mask(object(), own)
    with pytest.raises(TypeError, match="list"):
        module.mask(table._native, tuple(own))
    with pytest.raises(TypeError, match="tuple"):
        module.table(list(table.actions))
