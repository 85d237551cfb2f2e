"""The benchmark behind ``mailbag bench GAME``: how fast a game's rules run on one core.

Measures random playouts (decisions/s and games/s, legal-action generation included), the cost of
each contract operation (``legal_actions``, functional ``core.apply``, ``apply_in_place``, ``copy``,
``view``, ``determinize``, ``search.heuristic``) on positions sampled from random games, and MCTS
iterations/s at the opening, and says which build it measured (``pure`` or ``compiled``, chosen by
``MAILBAG_BUILD``: see :mod:`mailbag._build`). Every figure is per CPU-second of this process
(``time.process_time``), not per wall-clock second, so it follows the code rather than the
machine's load; each part runs ``rounds`` times, and the median round is given with the range over
the rounds. Targets: 100,000 random-playout decisions/s, 2,000
MCTS iterations/s, and checking a state loaded from outside (``check_state``, through
``core.validate``) in under 1 ms. These are measurements to print, never assertions (a test
asserting a time fails on a loaded machine: the tests check what is right, this how fast).
"""

from __future__ import annotations

import statistics
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
#: what every figure is timed by: the CPU time of this process (a loaded machine slows the wall
#: clock, not this)
CLOCK = time.process_time
CLOCK_NAME = "process CPU time"
#: the measures named in words (the others are the contract's method names), translated where
#: ``mailbag bench`` shows them
WORDS = (NC_("bench", "apply (functional)"), NC_("bench", "legal actions per position"))


def default_seats(game: Game[Any]) -> int:
    """Two seats when the game allows it, else its minimum."""
    return min(max(2, game.spec.min_seats), game.spec.max_seats)


def random_playouts(
    game: Game[Any], seats: int, options: Mapping[str, Any], seconds: float, seed: int = 0
) -> dict[str, float]:
    """Play random games (legal_actions + apply_in_place) for about ``seconds`` of CPU time."""
    rng = Rng.from_seed(seed, 0xBE7C)
    deciders, legal_actions, apply_in_place = game.deciders, game.legal_actions, game.apply_in_place
    decisions = games = 0
    setup = 0.0
    clock = CLOCK
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
    """CPU microseconds per call of ``fn(i)`` for i in range(calls)."""
    start = CLOCK()
    for i in range(calls):
        fn(i)
    return 1e6 * (CLOCK() - start) / max(1, calls)


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
        "heuristic": _per_call(lambda i: game.search.heuristic(*positions[i]), n),
        # what loading a saved game, a record's resume or a state from a test runs on every state
        "check_state": _per_call(lambda i: validate(game, positions[i][0]), n),
    }
    costs["legal actions per position"] = sum(len(a) for a in legal) / max(1, n)
    return costs


def mcts_speed(
    game: Game[Any], seats: int, options: Mapping[str, Any], seconds: float, seed: int = 0
) -> dict[str, float]:
    """MCTS iterations per CPU-second from the opening position's first decider (default search
    settings; the search's own budget is ``seconds`` of wall clock, the rate is what it cost)."""
    from mailbag.bots.mcts import MctsBot

    state = new_game(game, seats, options, seed)
    seat = game.deciders(state)[0]
    legal = game.legal_actions(state, seat)
    bot = MctsBot(game, seat, seed, iters=None, seconds=seconds)
    start = CLOCK()
    bot.search(game.view(state, seat), legal)
    elapsed = max(CLOCK() - start, 1e-9)
    return {
        "iterations": bot.last_iterations,
        "seconds": elapsed,
        "iterations_per_s": bot.last_iterations / elapsed,
        "opening_legal_actions": len(legal),
    }


def _median_round(rounds: list[dict[str, float]], key: str) -> dict[str, Any]:
    """The round whose ``key`` is the median (the lower middle one of an even count), with the
    range of ``key`` over all rounds."""
    ordered = sorted(rounds, key=lambda r: r[key])
    chosen: dict[str, Any] = dict(ordered[(len(ordered) - 1) // 2])
    chosen["range"] = [ordered[0][key], ordered[-1][key]]
    return chosen


def run_bench(
    game: Game[Any],
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    seconds: float = 1.0,
    seed: int = 0,
    rounds: int = 3,
) -> dict[str, Any]:
    """The whole benchmark as JSON-able data; ``seconds`` is the CPU budget of each timed part in
    each of ``rounds`` rounds (the parts alternate within a round, so a slow spell of the machine
    touches all of them)."""
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    seats = seats or default_seats(game)
    resolved = game.spec.resolve_options(options)
    positions = sample_positions(game, seats, resolved, 300, seed)
    plays: list[dict[str, float]] = []
    searches: list[dict[str, float]] = []
    measured: list[dict[str, float]] = []
    for _round in range(rounds):
        plays.append(random_playouts(game, seats, resolved, seconds, seed))
        measured.append(operation_costs(game, positions, seed))
        searches.append(mcts_speed(game, seats, resolved, seconds, seed))
    playouts = _median_round(plays, "decisions_per_s")
    mcts = _median_round(searches, "iterations_per_s")
    costs = {name: statistics.median(c[name] for c in measured) for name in measured[0]}
    return {
        "game": game.spec.name,
        "build": build_name(),
        "seats": seats,
        "options": resolved,
        "clock": CLOCK_NAME,
        "rounds": rounds,
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
