"""``mailbag bench GAME --rl``: env steps/s beside the raw engine, and the blank-observation
floor (what a step costs besides its observation)."""

from __future__ import annotations

import numpy as np
import pytest

from mailbag.bench.rl import rl_speed, run_rl_bench
from mailbag.core.registry import get
from mailbag.rl.aec import MailbagAEC


@pytest.mark.parametrize("game", ["postcards", "carteros"])
def test_the_rl_bench_reports_the_env_the_floor_and_their_shares(game: str) -> None:
    result = run_rl_bench(get(game), 2, seconds=0.05)
    env = result["env"]
    assert env["games"] >= 1 and env["steps"] > 10
    assert result["share"] == pytest.approx(env["steps_per_s"] / result["raw_decisions_per_s"])
    assert result["unencoded_share"] == pytest.approx(
        result["unencoded_steps_per_s"] / result["raw_decisions_per_s"]
    )
    assert result["meets_target"] == (result["share"] >= 0.5)
    # the random picks are timed apart: the whole loop is slower than the environment alone
    assert env["pick_us"] > 0
    assert env["loop_steps_per_s"] < env["steps_per_s"]
    assert result["loop_raw_decisions_per_s"] < result["raw_decisions_per_s"]
    assert result["loop_share"] == pytest.approx(
        env["loop_steps_per_s"] / result["loop_raw_decisions_per_s"]
    )
    for part in ("view_us", "encode_us", "mask_us"):
        assert env[part] > 0


def test_the_floor_run_blanks_only_its_own_environment() -> None:
    game = get("carteros")
    options = game.spec.resolve_options({})
    floor = rl_speed(game, 2, options, 0.02, encode=False)
    assert floor["steps"] > 0
    env = MailbagAEC(game, 2)  # a new environment encodes for real
    env.reset(seed=3)
    observation = env.observe(env.agent_selection)["observation"]
    assert observation.dtype == np.float32 and observation.any()
