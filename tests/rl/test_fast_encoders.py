"""The environments' fast encoders (``write_state``: straight from the state's fields a seat may
know) give exactly the vector of the reference encoder (``write``: from ``view(state, seat)``),
for every seat of random positions of every seat count and option set. With the redrawn-world
test (test_observations.py) this shows the fast path holds nothing the view does not."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mailbag.core import Rng, new_game
from mailbag.core.encoding import Encoder
from mailbag.core.registry import BUILTIN, get
from mailbag.rl.universe import encoder_class

CASES = [
    ("postcards", 2, {}),
    ("postcards", 4, {"side": "B"}),
    ("post_office", 2, {}),
    ("post_office", 4, {"goals": True}),
    ("carteros", 2, {}),
    ("carteros", 4, {"stampy": True, "missions": True}),
]


def test_every_game_has_a_fast_encoder() -> None:
    for name in BUILTIN:
        encoder = encoder_class(get(name))
        assert encoder.write_state is not Encoder.write_state, name


@pytest.mark.parametrize(("name", "seats", "options"), CASES)
def test_the_fast_encoder_equals_the_view_encoder(
    name: str, seats: int, options: dict[str, Any]
) -> None:
    game = get(name)
    resolved = game.spec.resolve_options(options)
    encoder = encoder_class(game)(game, seats)
    rng = Rng.from_seed(17, seats)
    compared = differs = 0
    for g in range(3):  # bounded: three random games, every 3rd decision, every seat
        state = new_game(game, seats, resolved, 100 + g)
        previous: np.ndarray | None = None
        for step in range(2000):
            deciders = game.deciders(state)
            if not deciders:
                break
            if step % 3 == 0:
                for seat in range(seats):
                    fast = encoder.encode_state(state, seat)
                    slow = encoder.encode(game.view(state, seat))
                    assert fast.dtype == np.float32 and fast.shape == (encoder.size,)
                    if not np.array_equal(fast, slow):
                        wrong = [
                            f.name
                            for f in encoder.features
                            if not np.array_equal(
                                fast[f.offset : f.offset + f.size],
                                slow[f.offset : f.offset + f.size],
                            )
                        ]
                        pytest.fail(f"{name} seat {seat} step {step}: {wrong} differ")
                    if previous is not None and not np.array_equal(previous, fast):
                        differs += 1
                    previous = fast
                    compared += 1
            legal = game.legal_actions(state, deciders[0])
            game.apply_in_place(state, deciders[0], legal[rng.randbelow(len(legal))])
    assert compared > 60
    assert differs > compared // 2  # the positions compared are not all alike


def test_only_the_drawer_sees_the_hiking_guides_cards_in_both_encoders() -> None:
    """Postcards' Hiking Guide: the postcards drawn are in the drawer's view only — the fast
    encoder must show them to the current seat, and to nobody else, as the view encoder does."""
    from mailbag.games.postcards.state import HIKING

    game = get("postcards")
    resolved = game.spec.resolve_options({})
    encoder = encoder_class(game)(game, 3)
    hiking = encoder.feature("hiking_cards")
    rng = Rng.from_seed(3, 3)
    found = 0
    for g in range(60):  # bounded: a Hiking Guide decision comes up every game or two
        state = new_game(game, 3, resolved, 500 + g)
        for _step in range(3000):
            deciders = game.deciders(state)
            if not deciders:
                break
            stack = state.turn.stack
            if stack and stack[-1].kind == HIKING:
                found += 1
                for seat in range(3):
                    fast = encoder.encode_state(state, seat)
                    assert np.array_equal(fast, encoder.encode(game.view(state, seat)))
                    shown = fast[hiking.offset : hiking.offset + hiking.size]
                    assert shown.any() == (seat == state.current)
            legal = game.legal_actions(state, deciders[0])
            game.apply_in_place(state, deciders[0], legal[rng.randbelow(len(legal))])
        if found >= 5:
            break
    assert found >= 5
