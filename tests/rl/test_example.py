"""The worked example (examples/train_masked_ppo.py) on a tiny budget: its environment, its
evaluation and its random baseline always; its training step only where sb3-contrib (the
``examples`` extra) is installed — skipped, and said so, where it is not."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_ppo.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_masked_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("game", "opponents"), [("postcards", ["automa:easy"]), ("carteros", ["random"])]
)
def test_the_example_evaluates_a_policy(game: str, opponents: list[str]) -> None:
    ex = _example()
    env = ex.make_env(game, opponents)
    obs, _info = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    assert env.action_masks().dtype == bool and env.action_masks().any()
    result = ex.evaluate(ex.random_policy(0), game, opponents, games=2)
    assert result["games"] == 2 and 0.0 <= result["win_rate"] <= 1.0
    assert 1.0 <= result["mean_rank"] <= 2.0
    # a policy that always takes the first legal index plays a different game from random's
    first = ex.evaluate(lambda o, m: int(np.flatnonzero(m)[0]), game, opponents, games=2)
    assert first["games"] == 2


def test_the_example_trains_on_a_tiny_budget() -> None:
    if importlib.util.find_spec("sb3_contrib") is None:
        pytest.skip("sb3-contrib (the `examples` extra) is not installed: training step skipped")
    ex = _example()
    model = ex.train("carteros", steps=64)
    result = ex.evaluate(ex.model_policy(model), "carteros", ["random"], games=1)
    assert result["games"] == 1


def test_the_example_reports_a_wilson_interval() -> None:
    """Wilson, not the normal approximation: 0 wins in 200 is not the empty interval [0, 0],
    and 200 of 200 still leaves room below 1."""
    ex = _example()
    assert ex.wilson(0, 200) == (0.0, 0.019)
    assert ex.wilson(200, 200) == (0.981, 1.0)
    assert ex.wilson(130, 200) == (0.582, 0.713)
    result = ex.evaluate(lambda o, m: int(np.flatnonzero(m)[0]), "carteros", ["random"], games=2)
    wins = round(result["win_rate"] * 2)
    assert result["win_rate_95"] == ex.wilson(wins, 2)
