"""The environments pass PettingZoo's and Gymnasium's own checkers, and a seed replays a game."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import mailbag.rl as rl
from mailbag.core.errors import MailbagError

GAMES = ("postcards", "post_office", "carteros")


@pytest.fixture(autouse=True)
def _quiet_checkers() -> Any:
    with warnings.catch_warnings():
        # the checkers' advice: unbounded Box limits, a dict observation space, no render fps
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(game: str, players: int) -> None:
    api_test(rl.env(game, players), num_cycles=200)


def test_pettingzoo_api_test_with_an_automa_seat() -> None:
    env = rl.env("postcards", seats=("player", "automa:easy"))
    assert env.possible_agents == ["seat_0"]
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_parallel_api_test(players: int) -> None:
    parallel_api_test(rl.parallel_env("post_office", players), num_cycles=200)


@pytest.mark.parametrize("env_id", sorted(rl.GYM_IDS))
def test_gymnasium_check_env(env_id: str) -> None:
    check_env(gym.make(env_id).unwrapped)


def test_gymnasium_options_and_opponents_reach_the_game() -> None:
    env = gym.make("mailbag/Postcards-v0", opponents=["automa:expert"], side="B")
    match = env.unwrapped.match  # type: ignore[attr-defined]
    assert match.seats == ("player", "automa:expert")
    assert match.options["side"] == "B"
    env = gym.make("mailbag/Carteros-v0", opponents=["greedy", "random"], stampy=True)
    match = env.unwrapped.match  # type: ignore[attr-defined]
    assert match.seats == ("player", "player", "player") and match.options["stampy"] is True
    with pytest.raises(MailbagError):
        gym.make("mailbag/Carteros-v0", opponents=["nobody"])
    with pytest.raises(MailbagError):
        gym.make("mailbag/PostOffice-v0", reward="money")


def _aec_trace(game: str, players: int, seed: int, steps: int) -> list[bytes]:
    """Observations of a game played by taking each seat's lowest legal index."""
    env = rl.env(game, players)
    env.reset(seed=seed)
    trace = []
    for _agent in env.agent_iter(max_iter=steps):
        obs, _reward, done, truncated, _info = env.last()
        trace.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        env.step(None if done or truncated else int(np.flatnonzero(obs["action_mask"])[-1]))
        if not env.agents:
            break
    return trace


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_and_actions_give_the_same_observations(game: str) -> None:
    first = _aec_trace(game, 3, 11, 300)
    assert first == _aec_trace(game, 3, 11, 300)
    assert first != _aec_trace(game, 3, 12, 300)  # the seed deals the game


OPPONENTS = {
    "mailbag/Postcards-v0": ["automa:normal"],
    "mailbag/PostOffice-v0": ["random", "greedy"],
    "mailbag/Carteros-v0": ["greedy"],
}


@pytest.mark.parametrize("env_id", sorted(OPPONENTS))
def test_gymnasium_seed_replays_bots_and_deal(env_id: str) -> None:
    def trace(seed: int) -> list[bytes]:
        env = gym.make(env_id, opponents=OPPONENTS[env_id])
        obs, _info = env.reset(seed=seed)
        out = [obs["observation"].tobytes()]
        for _ in range(60):
            mask = env.unwrapped.action_masks()  # type: ignore[attr-defined]
            obs, _reward, done, _trunc, _info = env.step(int(np.flatnonzero(mask)[0]))
            out.append(obs["observation"].tobytes())
            if done:
                break
        return out

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)
