"""Greedy and MCTS beat random by a sound margin: the lower end of the 95% Wilson interval of
their win rate is above one half, over rotated seats and a fixed seed schedule."""

from __future__ import annotations

import duel
import pytest
import tiny

from mailbag.sim.tournament import SimConfig, run_sim


@pytest.mark.parametrize(
    ("game", "bot", "games"),
    [
        (tiny.GAME, "greedy", 400),
        (tiny.GAME, "mcts:iters=60", 160),
        (duel.GAME, "greedy", 300),
        (duel.GAME, "mcts:iters=80", 160),
    ],
)
def test_bot_beats_random(game: object, bot: str, games: int) -> None:
    result = run_sim(SimConfig(game, [bot, "random"], games, seed=100))  # type: ignore[arg-type]
    entry = result.summary["stats"]["by_kind"][bot]
    low, _high = entry["ci95"]
    assert entry["n"] == games
    assert low > 0.5, entry
