"""The single-agent environment builds an opponent's view only for a bot that reads it (issue
34): the random bot is handed none, as in the sim runner and the server; a bot that reads its
view still gets its own seat's."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import mailbag.rl  # noqa: F401  (registers the ids)


def _views_while_playing(monkeypatch: pytest.MonkeyPatch, opponent: str) -> list[Any]:
    env: Any = gym.make("mailbag/Carteros-v0", opponents=[opponent])
    inner = env.unwrapped
    game = inner.match.game
    asked: list[Any] = []
    real = game.view

    def counted(state: Any, seat: Any = None) -> Any:
        asked.append(seat)
        return real(state, seat)

    monkeypatch.setattr(game, "view", counted)
    obs, _info = env.reset(seed=3)
    for _step in range(40):  # bounded: a short stretch of the game is enough
        choices = np.flatnonzero(obs["action_mask"])
        obs, _reward, done, _cut, _info = env.step(int(choices[0]))
        if done:
            break
    env.close()
    return asked


def test_random_opponents_are_given_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _views_while_playing(monkeypatch, "random") == []


def test_an_opponent_that_reads_its_view_gets_its_own_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _views_while_playing(monkeypatch, "greedy")
    assert asked and set(asked) == {1}
