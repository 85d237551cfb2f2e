"""Fuzzing loaded states: mutated states of every game are refused or play on safely.

``MAILBAG_FUZZ`` sets the number of mutants per game and seat count (``make soak`` runs
100,000 per game); the default keeps ``make test`` short.
"""

from __future__ import annotations

import os

import pytest
from fuzz import fuzz_states
from test_contract import combinations

from mailbag.core.registry import get, names

COUNT = int(os.environ.get("MAILBAG_FUZZ", "400"))


@pytest.mark.parametrize("name", names())
def test_mutated_states_are_refused_or_play_on(name: str) -> None:
    game = get(name)
    combos = combinations(game)
    per_combo = max(1, COUNT // len(combos))
    accepted = refused = 0
    for index, (seats, options) in enumerate(combos):
        a, r = fuzz_states(game, seats, options, 1000 + index, per_combo)
        accepted += a
        refused += r
    assert refused > 0, "no mutant was refused: the fuzzer is not reaching the checks"
