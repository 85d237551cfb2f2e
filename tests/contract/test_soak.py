"""Soak: thousands of random games per game (``make soak``; skipped in ``make test``).

Each game plays ``MAILBAG_SOAK_GAMES`` random games on the fast path, cycling through its seat
lists and option sets, checking at every step that every decider has legal actions and that
every component is still there; every 25th game also runs the full contract checks.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_contract import combinations

from mailbag.core import Rng, new_game
from mailbag.core.registry import get, names
from mailbag.testing.contract import CHECKS

GAMES = int(os.environ.get("MAILBAG_SOAK_GAMES", "0"))


@pytest.mark.soak
@pytest.mark.skipif(GAMES == 0, reason="set MAILBAG_SOAK_GAMES (make soak) to run")
@pytest.mark.parametrize("name", names())
def test_soak(name: str) -> None:
    game = get(name)
    combos = combinations(game)
    for index in range(GAMES):
        seats, options = combos[index % len(combos)]
        seed = 100_000 + index
        soak_one(game, seats, options, seed)
        if index % 25 == 0:
            for check in CHECKS.values():
                check(game, seats, options, seed)


def soak_one(game: Any, seats: tuple[str, ...], options: dict[str, Any], seed: int) -> None:
    state = new_game(game, seats, options, seed)
    start = game.inventory(state)
    rng = Rng.from_seed(seed, 7)
    for _ in range(20_000):
        if game.is_over(state):
            break
        deciders = game.deciders(state)
        assert deciders, f"seed {seed}: nobody to decide"
        seat = deciders[rng.randbelow(len(deciders))]
        legal = game.legal_actions(state, seat)
        assert legal, f"seed {seed}: decider {seat} has no legal action"
        game.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
        assert game.inventory(state) == start, f"seed {seed}: components changed"
    else:
        raise AssertionError(f"seed {seed}: no end after 20,000 decisions")
    assert min(game.ranking(state)) == 1
