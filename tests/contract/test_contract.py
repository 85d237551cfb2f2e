"""The contract suite: every check over every registered game, seat list, option set and seed
(the checks ship with mailbag: mailbag.testing.contract).

``MAILBAG_CONTRACT_SEEDS`` sets the number of seeds per combination (``make soak`` runs
thousands of games); the default keeps ``make test`` fast.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from mailbag.core import Game
from mailbag.core.registry import get, names
from mailbag.testing.contract import CHECKS, combinations

SEEDS = int(os.environ.get("MAILBAG_CONTRACT_SEEDS", "2"))


def cases() -> list[Any]:
    result = []
    for name in names():
        game = get(name)
        for seats, options in combinations(game):
            label = f"{name}-{'+'.join(seats)}-" + (
                ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
            )
            result.append(pytest.param(game, seats, options, id=label))
    return result


CASES = cases()


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(("game", "seats", "options"), CASES or [pytest.param(None, (), {})])
def test_contract(
    check: str, game: Game[Any] | None, seats: tuple[str, ...], options: dict[str, Any]
) -> None:
    if game is None:
        pytest.skip("no game registered yet")
    for seed in range(SEEDS):
        CHECKS[check](game, seats, options, seed)
