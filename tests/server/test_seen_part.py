"""``messages.seen_part`` — what the server digests to tell whether a seat's view changed (the
step number it shows) — is exactly the matching part of the full ``seat_state`` message."""

from __future__ import annotations

import random

import pytest

from mailbag.core.game import apply, new_game
from mailbag.games import get, names
from mailbag.server import messages


@pytest.mark.parametrize("name", names())
def test_seen_part_is_the_state_messages_view_turns_and_actions(name: str) -> None:
    game = get(name)
    rng = random.Random(3)
    seats = max(2, game.spec.min_seats)
    state = new_game(game, seats, {}, 3)
    for _ in range(400):
        for seat in [None, *range(seats)]:
            full = messages.seat_state(game, state, seat)
            part = messages.seen_part(game, state, seat)
            assert part["view"] == full["view"]
            assert part["to_move"] == full["to_move"]
            assert [a["notation"] for a in part["actions"]] == [
                a["notation"] for a in full["actions"]
            ]
        if game.is_over(state):
            break
        seat = game.deciders(state)[0]
        state, _ = apply(game, state, seat, rng.choice(game.legal_actions(state, seat)))
