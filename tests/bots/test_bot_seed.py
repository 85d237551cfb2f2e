"""Bots never receive the game's seed (which is the whole deal), only their own seed derived one
way from (game seed, seat); built-in bots stay reproducible."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from mailbag.bots import base, bot_seed, make_bot
from mailbag.core import Action, Game, Observation
from mailbag.games import get
from mailbag.sim.runner import play_game

SEED = 1626245709


class _Spy:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return legal[0]


def test_no_bot_constructor_receives_the_game_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    received: list[tuple[str, int, int]] = []
    base._load_builtin()
    for name, factory in list(base._FACTORIES.items()):

        def spy(
            game: Game[Any], seat: int, seed: int, params: dict[str, str], _f: Any = factory,
            _n: str = name,
        ) -> Any:
            received.append((_n, seat, seed))
            return _f(game, seat, seed, params)

        monkeypatch.setitem(base._FACTORIES, name, spy)
    game = get("carteros")
    result = play_game(game, ["random", "greedy", "mcts:iters=5"], {}, SEED)
    assert result.turns > 0
    assert [(n, s) for n, s, _ in received] == [("random", 0), ("greedy", 1), ("mcts", 2)]
    for _, seat, seed in received:
        assert seed != SEED
        assert seed == bot_seed(SEED, seat)
    # one seed per seat, and another game seed gives other bot seeds
    assert len({seed for _, _, seed in received}) == 3
    assert bot_seed(SEED + 1, 0) != bot_seed(SEED, 0)


def test_bot_seeds_are_reproducible_and_hide_the_game_seed() -> None:
    assert bot_seed(7, 1) == bot_seed(7, 1)
    assert bot_seed(7, 1) != 7 and bot_seed(7, 1) != 7 * 7919 + 1
    assert 0 <= bot_seed(2**64, 3) < 2**63


def test_built_in_bots_stay_reproducible() -> None:
    game = get("postcards")
    first = play_game(game, ["greedy", "random"], {}, 21).record.steps
    again = play_game(game, ["greedy", "random"], {}, 21).record.steps
    assert [(s.seat, s.action) for s in first] == [(s.seat, s.action) for s in again]


def test_a_plugin_bot_gets_a_derived_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[_Spy] = []

    def factory(game: Game[Any], seat: int, seed: int, params: dict[str, str]) -> _Spy:
        made.append(_Spy(seed))
        return made[-1]

    monkeypatch.setitem(base._FACTORIES, "spy", factory)
    make_bot("spy", get("postcards"), 1, SEED)
    assert made[0].seed == bot_seed(SEED, 1) != SEED
