"""``action_masks()`` through Gymnasium's wrappers (issue 28, point 11): ``gymnasium.make``
wraps the environment (``OrderEnforcing``, and ``TimeLimit`` / ``PassiveEnvChecker`` when asked
for), and a Gymnasium 1.x wrapper passes no unknown attribute on; the ids are registered with
:class:`mailbag.rl.ActionMasks` outermost, so ``gymnasium.make(...).action_masks()`` works, and
``get_wrapper_attr("action_masks")`` (vector environments' ``call``, Stable-Baselines3's
``env_method``) works under any wrapper."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import mailbag.rl as rl

IDS = sorted(rl.GYM_IDS)
OPPONENTS = {
    "mailbag/Postcards-v0": ["automa:easy"],
    "mailbag/PostOffice-v0": ["random"],
    "mailbag/Carteros-v0": ["random"],
}


def _legal(mask: np.ndarray) -> list[int]:
    return [int(i) for i in np.flatnonzero(mask)]


@pytest.mark.parametrize("env_id", IDS)
def test_make_gives_action_masks_on_the_outside(env_id: str) -> None:
    env: Any = gym.make(env_id, opponents=OPPONENTS[env_id])
    assert isinstance(env, rl.ActionMasks)
    assert isinstance(env.unwrapped, rl.MailbagEnv)
    obs, _info = env.reset(seed=3)
    for _ in range(40):
        mask = env.action_masks()
        assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
        assert np.array_equal(mask, obs["action_mask"])
        assert np.array_equal(mask, env.unwrapped.action_masks())
        assert np.array_equal(mask, env.get_wrapper_attr("action_masks")())
        legal = _legal(mask)
        assert legal
        obs, _reward, done, truncated, _info = env.step(legal[len(legal) // 2])
        if done or truncated:
            break
    env.close()


@pytest.mark.parametrize("env_id", IDS)
def test_the_other_wrappers_of_make_do_not_hide_it(env_id: str) -> None:
    env: Any = gym.make(
        env_id, opponents=OPPONENTS[env_id], max_episode_steps=4, disable_env_checker=False
    )
    inner = env.env
    names = []
    while isinstance(inner, gym.Wrapper):
        names.append(type(inner).__name__)
        inner = inner.env
    assert {"TimeLimit", "OrderEnforcing", "PassiveEnvChecker"} <= set(names), names
    obs, _info = env.reset(seed=4)
    truncated = done = False
    for _ in range(4):
        mask = env.action_masks()
        assert np.array_equal(mask, obs["action_mask"])
        obs, _reward, done, truncated, _info = env.step(_legal(mask)[0])
        if done or truncated:
            break
    assert done or truncated  # the time limit is there and works under the forwarding
    # the spec made again (vectorisers, pickled specs) keeps the wrapper
    again: Any = gym.make(env.spec)
    assert isinstance(again, rl.ActionMasks)
    again.reset(seed=4)
    assert again.action_masks().any()


def test_a_wrapper_of_ones_own_reaches_it_through_get_wrapper_attr() -> None:
    env: Any = gym.wrappers.RecordEpisodeStatistics(gym.make("mailbag/Carteros-v0"))
    obs, _info = env.reset(seed=5)
    assert not hasattr(env, "action_masks")  # Gymnasium 1.x: wrappers pass nothing on
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), obs["action_mask"])
    assert env.has_wrapper_attr("action_masks")


def test_vector_environments_call_it() -> None:
    envs = gym.make_vec("mailbag/Carteros-v0", num_envs=2, vectorization_mode="sync")
    obs, _info = envs.reset(seed=6)
    masks = envs.call("action_masks")
    assert len(masks) == 2
    for i, mask in enumerate(masks):
        assert np.array_equal(mask, obs["action_mask"][i])
    envs.close()


def test_the_mask_before_reset_is_a_clear_error() -> None:
    env: Any = gym.make("mailbag/Carteros-v0")
    with pytest.raises(gym.error.ResetNeeded, match=r"reset\(\)"):
        env.action_masks()
    with pytest.raises(gym.error.ResetNeeded, match=r"reset\(\)"):
        rl.MailbagEnv("carteros").action_masks()


def test_the_module_route_of_make_has_it_too() -> None:
    env: Any = gym.make("mailbag.rl:mailbag/Postcards-v0", opponents=["automa:normal"])
    obs, _info = env.reset(seed=7)
    assert np.array_equal(env.action_masks(), obs["action_mask"])
