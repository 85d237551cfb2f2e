"""The environments' C hot path (mailbag/rl/_actions.c: ``Core``, used by Match and MailbagAEC)
plays exactly as the Python it twins: the same seeded random games through the AEC, parallel
and single-agent environments give the same observations, masks, rewards, terminations, infos,
agents and refusals, step for step, with the C parts on (here) and off (``MAILBAG_RL_NATIVE=0``,
in a subprocess)."""

from __future__ import annotations

import gc
import hashlib
import os
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from mailbag._build import compiler_missing
from mailbag.core import IllegalAction, NotYourTurn, Rng
from mailbag.rl import native

#: (environment, game, seats or opponents) traced step by step
CASES: list[tuple[str, str, tuple[str, ...]]] = [
    ("aec", "postcards", ("player", "player")),
    ("aec", "postcards", ("player", "automa:easy")),
    ("aec", "post_office", ("player", "player", "player")),
    ("aec", "carteros", ("player", "player")),
    ("aec", "carteros", ("player",) * 4),
    ("parallel", "post_office", ("player", "player")),
    ("single", "carteros", ("random",)),
]
GAMES = 2
#: at every this many steps an index outside the mask is tried (and must be refused)
PROBE_EVERY = 7


def _digest(*parts: Any) -> str:
    h = hashlib.blake2b(digest_size=12)
    for part in parts:
        h.update(part.tobytes() if isinstance(part, np.ndarray) else repr(part).encode())
        h.update(b"|")
    return h.hexdigest()


def _pick(mask: np.ndarray, rng: Rng) -> int:
    legal = mask.view(bool).nonzero()[0]
    return int(legal[rng.randbelow(len(legal))])


def _refusal(step: Any, mask: np.ndarray, rng: Rng) -> str:
    """Try an index outside the mask: the refusal's type and words."""
    outside = (~mask.view(bool)).nonzero()[0]
    index = int(outside[rng.randbelow(len(outside))])
    try:
        step(index)
    except (IllegalAction, NotYourTurn) as refused:
        return f"{type(refused).__name__}: {refused}"
    raise AssertionError(f"index {index} outside the mask was taken")


def trace(kind: str, game: str, seats: tuple[str, ...]) -> list[str]:
    """A digest of every step of ``GAMES`` seeded random games (bounded)."""
    from mailbag import rl

    out: list[str] = []
    rng = Rng.from_seed(5, len(seats))
    for g in range(GAMES):
        if kind == "aec":
            env = rl.env(game, seats=seats)
            env.reset(seed=40 + g)
            for n in range(5000):
                if not env.agents:
                    break
                agent = env.agent_selection
                obs, reward, term, trunc, info = env.last()
                mine = env.observe(agent)
                assert np.array_equal(mine["observation"], obs["observation"])
                out.append(
                    _digest(
                        agent,
                        obs["observation"],
                        obs["action_mask"],
                        reward,
                        term,
                        trunc,
                        info,
                        env.rewards,
                        env._cumulative_rewards,
                    )
                )
                if term or trunc:
                    env.step(None)
                    continue
                if n % PROBE_EVERY == 3:
                    out.append(_refusal(env.step, obs["action_mask"], rng))
                env.step(_pick(obs["action_mask"], rng))
            else:
                raise AssertionError("an AEC game did not end")
        elif kind == "parallel":
            penv = rl.parallel_env(game, num_players=len(seats))
            observations, infos = penv.reset(seed=40 + g)
            for _n in range(5000):
                if not penv.agents:
                    break
                picks = {
                    a: _pick(o["action_mask"], rng)
                    for a, o in observations.items()
                    if o["action_mask"].any()
                }
                observations, rewards, terms, truncs, infos = penv.step(picks)
                out.append(
                    _digest(
                        sorted(picks.items()),
                        rewards,
                        terms,
                        truncs,
                        infos,
                        *[observations[a]["observation"] for a in sorted(observations)],
                        *[observations[a]["action_mask"] for a in sorted(observations)],
                    )
                )
            else:
                raise AssertionError("a parallel game did not end")
        else:
            import gymnasium as gym

            senv = gym.make(f"mailbag/{game.title().replace('_', '')}-v0", opponents=list(seats))
            obs, info = senv.reset(seed=40 + g)
            for _n in range(5000):
                obs, reward, term, trunc, info = senv.step(_pick(obs["action_mask"], rng))
                out.append(
                    _digest(
                        obs["observation"],
                        obs["action_mask"],
                        reward,
                        term,
                        trunc,
                        sorted(info.items()),
                    )
                )
                if term or trunc:
                    break
            else:
                raise AssertionError("a single-agent game did not end")
    return out


def _core_or_skip() -> Any:
    module = native.load("_actions")
    if module is None:
        if compiler_missing() is not None or not native.enabled():
            pytest.skip("the C parts of mailbag.rl are not built here")
        pytest.fail("the C parts of mailbag.rl were not built: pip install -e . builds them")
    return module


@pytest.mark.parametrize(("kind", "game", "seats"), CASES)
def test_the_c_hot_path_plays_as_the_python(kind: str, game: str, seats: tuple[str, ...]) -> None:
    from mailbag import rl

    _core_or_skip()
    probe = rl.env(game, seats=seats if kind == "aec" else None)
    assert probe.match._core is not None  # the C path is the one traced here
    here = trace(kind, game, seats)
    assert len(here) > 100
    assert any(step.startswith(("IllegalAction", "NotYourTurn")) for step in here) or kind != "aec"
    script = (
        f"import sys; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})\n"
        "from mailbag import rl\n"
        "from test_native_env import trace\n"
        f"assert rl.env({game!r}).match._core is None\n"
        f"print('\\n'.join(trace({kind!r}, {game!r}, {seats!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "MAILBAG_RL_NATIVE": "0"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    there = done.stdout.splitlines()
    first = next((i for i, (a, b) in enumerate(zip(here, there, strict=False)) if a != b), None)
    assert first is None and len(here) == len(there), (
        f"C and Python part at step {first}: {here[first or 0]!r} vs {there[first or 0]!r}"
    )


def test_the_core_refuses_what_is_no_seat_and_forgets_a_new_state() -> None:
    from mailbag import rl

    _core_or_skip()
    env = rl.env("carteros", num_players=2)
    env.reset(seed=3)
    match = env.match
    core = match._core
    for seat in (-1, 2, 9):
        with pytest.raises(ValueError, match="seat"):
            core.legal(seat)
        with pytest.raises(ValueError, match="seat"):
            core.observe(seat)
    with pytest.raises(TypeError):
        core.step(0)
    before = match.indices(match.deciders()[0])
    kept = match.legal(match.deciders()[0])
    assert match.legal(match.deciders()[0]) is kept  # kept until the position changes
    other = rl.env("carteros", num_players=2)
    other.reset(seed=4)
    match.state = other.match.state  # a new state: what was kept is dropped
    assert match.legal(match.deciders()[0]) is not kept
    assert match.indices(match.deciders()[0]) == other.match.indices(other.match.deciders()[0])
    assert before is not None
    with pytest.raises(AttributeError):
        del core.state


def test_the_core_keeps_no_references_it_should_not() -> None:
    """Playing games through the C path leaves the table's action objects and the states with
    the reference counts they had (a leak in the core would grow them step by step)."""
    from mailbag import rl

    _core_or_skip()
    env = rl.env("carteros", num_players=2)
    actions = env.match.table.actions
    rng = Rng.from_seed(1, 1)
    env.reset(seed=1)
    gc.collect()  # other tests' environments, gone but not yet collected, hold actions too
    counts = [sys.getrefcount(a) for a in actions]
    for g in range(3):
        env.reset(seed=10 + g)
        for _n in range(5000):
            if not env.agents:
                break
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            env.step(_pick(env.observe(agent)["action_mask"], rng))
    env.reset(seed=1)
    gc.collect()
    assert [sys.getrefcount(a) for a in actions] == counts
    state = env.match.state
    refs = sys.getrefcount(state)
    for _ in range(100):
        env.observe(env.agent_selection)
    assert sys.getrefcount(state) == refs


@pytest.mark.parametrize("mode", ["c", "python"])
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("game", ["postcards", "post_office", "carteros"])
def test_an_environment_copied_mid_game_plays_on_as_the_original(
    game: str, how: str, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Environments pickle and copy (vectorised trainers do): the C parts are left behind and
    made again, and the copy plays on exactly as the original does."""
    import copy
    import pickle

    from mailbag import rl
    from mailbag.rl import actions

    if game == "postcards" and how == "pickle":
        pytest.skip("a Postcards game holds its cards' behaviours, lambdas: it copies, not pickles")
    if mode == "c":
        _core_or_skip()
    else:
        monkeypatch.setattr(actions, "_NATIVE", None)
        monkeypatch.setenv("MAILBAG_RL_NATIVE", "0")
    env = rl.env(game, num_players=2)
    assert (env.match._core is not None) == (mode == "c")
    env.reset(seed=7)
    rng = Rng.from_seed(3, 3)
    for _ in range(25):
        env.step(_pick(env.observe(env.agent_selection)["action_mask"], rng))
    twin = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
    assert (twin.match._core is not None) == (mode == "c")
    picks = Rng.from_seed(9, 9)
    for _n in range(5000):
        if not env.agents:
            break
        assert twin.agents == env.agents and twin.agent_selection == env.agent_selection
        agent = env.agent_selection
        mine, theirs = env.last(), twin.last()
        assert np.array_equal(mine[0]["observation"], theirs[0]["observation"])
        assert np.array_equal(mine[0]["action_mask"], theirs[0]["action_mask"])
        assert mine[0]["observation"].any()  # a copy's observations are written, not zeros
        assert mine[1:] == theirs[1:]
        if env.terminations[agent]:
            env.step(None)
            twin.step(None)
            continue
        index = _pick(mine[0]["action_mask"], picks)
        env.step(index)
        twin.step(index)
    else:
        raise AssertionError("the copied game did not end")
    assert not twin.agents


def _refusals(game: str) -> list[str]:
    """What an AEC step says to each bad action, and that the game is unharmed after them."""
    from mailbag import rl

    env = rl.env(game, num_players=2)
    env.reset(seed=2)
    size = len(env.match.table)
    before = env.observe(env.agent_selection)
    said = []
    for bad in (None, -1, size, 10**30, -(10**30), 2.0, "3", np.float32(1)):
        try:
            env.step(bad)  # type: ignore[arg-type]
        except Exception as refused:
            said.append(f"{bad!r}: {type(refused).__name__}: {refused}")
        else:
            said.append(f"{bad!r}: taken")
    after = env.observe(env.agent_selection)
    assert np.array_equal(before["observation"], after["observation"])  # nothing changed
    assert np.array_equal(before["action_mask"], after["action_mask"])
    env.step(int(np.flatnonzero(after["action_mask"])[0]))  # and the game goes on
    return said


@pytest.mark.parametrize("game", ["post_office", "carteros"])
def test_a_bad_action_is_refused_alike_with_and_without_the_c(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mailbag.rl import actions

    _core_or_skip()
    with_c = _refusals(game)
    monkeypatch.setattr(actions, "_NATIVE", None)
    monkeypatch.setenv("MAILBAG_RL_NATIVE", "0")
    assert with_c == _refusals(game)
    assert all(": taken" not in line for line in with_c)
    assert sum("IllegalAction" in line for line in with_c) == 5  # None and the 4 out-of-range
    assert sum("TypeError" in line for line in with_c) == 3  # a float or text is no index
