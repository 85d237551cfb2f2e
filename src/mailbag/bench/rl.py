"""The benchmark behind ``mailbag bench GAME --rl``: the reinforcement-learning environment's
steps/s against the raw engine's random-playout decisions/s, on one core.

It plays random games through the PettingZoo AEC environment (``mailbag.rl.env``) and the same
games through the raw engine, each with its random pick timed apart, and times the parts of a
step (observation, mask, and the seat's view for comparison) on positions sampled from random
games (:func:`mailbag.bench.rules.sample_positions`). Target: the environment's steps/s at least
half the raw engine's decisions/s. Timed by this process's CPU time, as
:mod:`mailbag.bench.rules` is. Measurements to print, never assertions (see
:mod:`mailbag.bench.rules`). Needs the ``rl`` extra (numpy, PettingZoo).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mailbag._build import build_name
from mailbag.bench.rules import CLOCK, CLOCK_NAME, default_seats, sample_positions
from mailbag.core import Game, Rng, new_game

#: the RL environments' target: env steps/s at least this share of the raw engine's decisions/s
TARGET_RL_SHARE = 0.5


def raw_for_rl(
    game: Game[Any], seats: int, options: Mapping[str, Any], seconds: float, seed: int = 0
) -> dict[str, float]:
    """:func:`random_playouts` with its random pick timed apart, as :func:`rl_speed` times the
    agent's: the engine's decisions/s (``decisions_per_s``: deciders, legal_actions,
    apply_in_place and the deals) and the whole loop's (``loop_decisions_per_s``)."""
    rng = Rng.from_seed(seed, 0xBE7C)
    deciders, legal_actions, apply_in_place = game.deciders, game.legal_actions, game.apply_in_place
    decisions = games = 0
    picking = 0.0
    clock = CLOCK
    start = clock()
    while True:
        state = new_game(game, seats, options, seed + games)
        while True:
            now = deciders(state)
            if not now:
                break
            seat = now[0]
            legal = legal_actions(state, seat)
            t0 = clock()
            action = legal[rng.randbelow(len(legal))]
            picking += clock() - t0
            apply_in_place(state, seat, action)
            decisions += 1
        games += 1
        if clock() - start >= seconds:
            break
    elapsed = clock() - start
    return {
        "games": games,
        "decisions": decisions,
        "seconds": elapsed - picking,
        "decisions_per_s": decisions / (elapsed - picking),
        "loop_decisions_per_s": decisions / elapsed,
    }


def rl_speed(
    game: Game[Any],
    seats: int,
    options: Mapping[str, Any],
    seconds: float,
    seed: int = 0,
    encode: bool = True,
) -> dict[str, Any]:
    """Random play through the PettingZoo AEC environment (``mailbag.rl.env``): each step is the
    agent's observation and mask (``observe``) and the step by index, a random legal index
    picked from the mask with the raw engine's generator (``Rng.randbelow``).

    The agent's pick (reading the legal indices off the mask, drawing one) is timed apart: it
    is the agent's work, not the environment's, and for Post Office's 16,606 actions it costs
    about as much as a tenth of a step. ``steps_per_s`` is the environment's own rate (time in
    reset, observe and step), ``loop_steps_per_s`` the whole loop's, pick included; the raw
    engine is measured the same way (:func:`raw_for_rl`).

    Afterwards, outside the timed loop, the parts of a step are timed on positions of those
    games: the observation (encoded from the state, as a step does), the mask, and for
    comparison the seat's view (which a step does not build). With ``encode=False`` every
    observation is a copy of one zero vector instead: what a step costs besides its observation
    (the floor under any encoder)."""
    from mailbag.rl.aec import MailbagAEC

    env = MailbagAEC(game, seats, options=options)
    match = env.match
    native = match.encoder.native is not None and match._core is not None
    if not encode:
        import numpy as np

        blank = np.zeros(match.encoder.size, dtype=np.float32)
        match.encoder.native = None  # so that the step asks encode_state, which copies blank
        setattr(match.encoder, "encode_state", lambda state, seat: blank.copy())  # noqa: B010
    rng = Rng.from_seed(seed, 0xBE7C)
    steps = games = 0
    picking = 0.0
    clock = CLOCK
    start = clock()
    while True:
        env.reset(seed=seed + games)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            obs = env.observe(agent)
            t0 = clock()
            # the legal indices from a bool view of the int8 mask: ``np.flatnonzero`` on the
            # int8 array costs ~50 µs for Post Office's 16,606 actions, this ~1 µs
            legal = obs["action_mask"].view(bool).nonzero()[0]
            index = int(legal[rng.randbelow(len(legal))])
            picking += clock() - t0
            env.step(index)
            steps += 1
        games += 1
        if clock() - start >= seconds:
            break
    elapsed = clock() - start
    view_s = encode_s = mask_s = 0.0
    positions = sample_positions(game, seats, options, 300, seed)
    for state, seat in positions:
        match.state = state
        match.forget()
        t0 = clock()
        match.view(seat)
        t1 = clock()
        match.encoder.encode_state(state, seat)  # what a step runs (in C where built)
        t2 = clock()
        match.mask(seat)
        t3 = clock()
        view_s, encode_s, mask_s = view_s + t1 - t0, encode_s + t2 - t1, mask_s + t3 - t2
    samples = max(1, len(positions))
    return {
        "games": games,
        "steps": steps,
        "seconds": elapsed - picking,
        "steps_per_s": steps / (elapsed - picking),
        "loop_steps_per_s": steps / elapsed,
        "pick_us": 1e6 * picking / max(1, steps),
        "view_us": 1e6 * view_s / samples,
        "encode_us": 1e6 * encode_s / samples,
        "mask_us": 1e6 * mask_s / samples,
        "actions": len(match.table),
        "observation_size": match.encoder.size,
        #: whether the observations, masks and steps ran in C (mailbag.rl.native)
        "native": native,
    }


def run_rl_bench(
    game: Game[Any],
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    seconds: float = 3.0,
    seed: int = 0,
) -> dict[str, Any]:
    """The RL environment's steps/s against the raw engine's random-playout decisions/s."""
    seats = seats or default_seats(game)
    resolved = game.spec.resolve_options(options)
    raw = raw_for_rl(game, seats, resolved, seconds, seed)
    env = rl_speed(game, seats, resolved, seconds, seed)
    floor = rl_speed(game, seats, resolved, seconds, seed, encode=False)
    share = env["steps_per_s"] / raw["decisions_per_s"]
    return {
        "game": game.spec.name,
        "seats": seats,
        "options": resolved,
        "build": build_name(),
        "clock": CLOCK_NAME,
        "raw_decisions_per_s": raw["decisions_per_s"],
        "env": env,
        "share": share,
        #: the same with the random picks (the agent's, the raw loop's) timed in
        "loop_raw_decisions_per_s": raw["loop_decisions_per_s"],
        "loop_share": env["loop_steps_per_s"] / raw["loop_decisions_per_s"],
        #: steps/s with every observation a copy of one zero vector: the rest of a step alone
        "unencoded_steps_per_s": floor["steps_per_s"],
        "unencoded_share": floor["steps_per_s"] / raw["decisions_per_s"],
        "target_share": TARGET_RL_SHARE,
        "meets_target": share >= TARGET_RL_SHARE,
    }
