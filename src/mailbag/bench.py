"""The benchmark behind ``mailbag bench GAME``: how fast a game's rules run on one core.

Measures random playouts (decisions/s and games/s, legal-action generation included), the cost
of each contract operation (``legal_actions``, functional ``core.apply``, ``apply_in_place``,
``copy``, ``view``, ``determinize``, ``heuristic``) on positions sampled from random games, and
MCTS iterations/s at the opening, and says which build it measured (``pure`` or ``compiled``,
chosen by ``MAILBAG_BUILD``: see :mod:`mailbag._build`). Targets: 100,000 random-playout
decisions/s, 2,000 MCTS iterations/s, and checking a state loaded from outside (``check_state``,
through ``core.validate``) in under 1 ms. These are measurements to print, never assertions (a
test asserting a time fails on a loaded machine: the tests check what is right, this how fast).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from mailbag._build import build_name
from mailbag.core import Game, Rng, apply, new_game, validate
from mailbag.core.i18n import NC_

TARGET_DECISIONS_PER_S = 100_000
TARGET_MCTS_ITERS_PER_S = 2_000
#: checking one state loaded from outside (``core.validate``: the game's ``check_state``), µs
TARGET_CHECK_STATE_US = 1_000.0
#: the measures named in words (the others are the contract's method names), translated where
#: ``mailbag bench`` shows them
WORDS = (NC_("bench", "apply (functional)"), NC_("bench", "legal actions per position"))


def default_seats(game: Game[Any]) -> int:
    """Two seats when the game allows it, else its minimum."""
    return min(max(2, game.spec.min_seats), game.spec.max_seats)


def random_playouts(
    game: Game[Any], seats: int, options: Mapping[str, Any], seconds: float, seed: int = 0
) -> dict[str, float]:
    """Play random games (legal_actions + apply_in_place) for about ``seconds``."""
    rng = Rng.from_seed(seed, 0xBE7C)
    deciders, legal_actions, apply_in_place = game.deciders, game.legal_actions, game.apply_in_place
    decisions = games = 0
    setup = 0.0
    clock = time.perf_counter
    start = clock()
    while True:
        t0 = clock()
        state = new_game(game, seats, options, seed + games)
        setup += clock() - t0
        while True:
            now = deciders(state)
            if not now:
                break
            seat = now[0]
            legal = legal_actions(state, seat)
            apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
            decisions += 1
        games += 1
        if clock() - start >= seconds:
            break
    elapsed = clock() - start
    return {
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
        "new_game_us": 1e6 * setup / games,
    }


def sample_positions(
    game: Game[Any], seats: int, options: Mapping[str, Any], count: int, seed: int = 0
) -> list[tuple[Any, int]]:
    """About ``count`` (state, decider) positions spread over several random games."""
    rng = Rng.from_seed(seed, 0x5A3B)
    positions: list[tuple[Any, int]] = []
    g = 0
    while len(positions) < count and g < 50:
        state = new_game(game, seats, options, seed + 1000 + g)
        step = 0
        while not game.is_over(state):
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            if step % 7 == 0:
                positions.append((game.copy(state), seat))
            game.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
            step += 1
        g += 1
    return positions[:count]


def _per_call(fn: Callable[[int], object], calls: int) -> float:
    """Microseconds per call of ``fn(i)`` for i in range(calls)."""
    start = time.perf_counter()
    for i in range(calls):
        fn(i)
    return 1e6 * (time.perf_counter() - start) / max(1, calls)


def operation_costs(
    game: Game[Any], positions: list[tuple[Any, int]], seed: int = 0
) -> dict[str, float]:
    """Microseconds per call of each contract operation over ``positions``."""
    rng = Rng.from_seed(seed, 0xC057)
    n = len(positions)
    legal = [game.legal_actions(s, seat) for s, seat in positions]
    chosen = [acts[rng.randbelow(len(acts))] for acts in legal]
    views = [game.view(s, seat) for s, seat in positions]
    copies = [game.copy(s) for s, _ in positions]
    costs = {
        "legal_actions": _per_call(lambda i: game.legal_actions(*positions[i]), n),
        "apply (functional)": _per_call(
            lambda i: apply(game, positions[i][0], positions[i][1], chosen[i]), n
        ),
        "apply_in_place": _per_call(
            lambda i: game.apply_in_place(copies[i], positions[i][1], chosen[i]), n
        ),
        "copy": _per_call(lambda i: game.copy(positions[i][0]), n),
        "view": _per_call(lambda i: game.view(*positions[i]), n),
        "determinize": _per_call(lambda i: game.determinize(views[i], rng), n),
        "heuristic": _per_call(lambda i: game.heuristic(*positions[i]), n),
        # what loading a saved game, a record's resume or a state from a test runs on every state
        "check_state": _per_call(lambda i: validate(game, positions[i][0]), n),
    }
    costs["legal actions per position"] = sum(len(a) for a in legal) / max(1, n)
    return costs


def mcts_speed(
    game: Game[Any], seats: int, options: Mapping[str, Any], seconds: float, seed: int = 0
) -> dict[str, float]:
    """MCTS iterations/s from the opening position's first decider (default search settings)."""
    from mailbag.bots.mcts import MctsBot

    state = new_game(game, seats, options, seed)
    seat = game.deciders(state)[0]
    legal = game.legal_actions(state, seat)
    bot = MctsBot(game, seat, seed, iters=None, seconds=seconds)
    start = time.perf_counter()
    bot.search(game.view(state, seat), legal)
    elapsed = time.perf_counter() - start
    return {
        "iterations": bot.last_iterations,
        "seconds": elapsed,
        "iterations_per_s": bot.last_iterations / elapsed,
        "opening_legal_actions": len(legal),
    }


def run_bench(
    game: Game[Any],
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    seconds: float = 3.0,
    seed: int = 0,
) -> dict[str, Any]:
    """The whole benchmark as JSON-able data; ``seconds`` is the budget of each timed part."""
    seats = seats or default_seats(game)
    resolved = game.spec.resolve_options(options)
    playouts = random_playouts(game, seats, resolved, seconds, seed)
    positions = sample_positions(game, seats, resolved, 300, seed)
    costs = operation_costs(game, positions, seed)
    mcts = mcts_speed(game, seats, resolved, seconds, seed)
    return {
        "game": game.spec.name,
        "build": build_name(),
        "seats": seats,
        "options": resolved,
        "random_playout": playouts,
        "costs_us": costs,
        "positions_sampled": len(positions),
        "mcts": mcts,
        "targets": {
            "decisions_per_s": TARGET_DECISIONS_PER_S,
            "mcts_iterations_per_s": TARGET_MCTS_ITERS_PER_S,
            "check_state_us": TARGET_CHECK_STATE_US,
        },
        "meets_targets": {
            "decisions_per_s": playouts["decisions_per_s"] >= TARGET_DECISIONS_PER_S,
            "mcts_iterations_per_s": mcts["iterations_per_s"] >= TARGET_MCTS_ITERS_PER_S,
            "check_state_us": costs["check_state"] < TARGET_CHECK_STATE_US,
        },
    }


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
    clock = time.perf_counter
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
    clock = time.perf_counter
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
