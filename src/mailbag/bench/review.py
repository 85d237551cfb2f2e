"""The benchmark behind ``mailbag bench GAME --review``: how long a whole game's review takes.

It plays one game between greedy bots (Postcards: a greedy bot against the Normal Automa) from
the seed, then reviews it at the chosen depth with the chosen number of worker processes, and
reports the wall-clock time of the whole review, the CPU seconds its judgments took (measured
in the processes that made them) and the decisions judged. Target: a whole game in under a
minute at the default depth on a 2-core machine. A measurement to print, never an assertion.
"""

from __future__ import annotations

import time
from typing import Any

from mailbag._build import build_name
from mailbag.bots.base import make_bot
from mailbag.core import Game, apply
from mailbag.core.game import start_game
from mailbag.core.records import GameRecord, Step, result_of
from mailbag.review import Settings, review_record

TARGET_REVIEW_S = 60.0
#: a game that never ends is cut here (no game of the three comes near it)
MAX_STEPS = 5_000


def bench_record(
    game: Game[Any], players: int, seed: int, options: dict[str, Any] | None = None
) -> GameRecord:
    """A finished game between greedy bots (against the Automa where the game is solo)."""
    solo = game.spec.min_seats == 1 and any(k.startswith("automa") for k in game.spec.engine_seats)
    kinds = ["greedy", "automa:normal"] if solo else ["greedy"] * players
    engine = ["player", "automa:normal"] if solo else players
    state, _events = start_game(game, engine, options, seed)
    bots = {
        s: make_bot("greedy", game, s, seed) for s, kind in enumerate(kinds) if kind == "greedy"
    }
    steps: list[Step] = []
    while not game.is_over(state) and len(steps) < MAX_STEPS:
        seat = game.deciders(state)[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].choose(game.view(state, seat), legal)
        state, _events = apply(game, state, seat, action)
        steps.append(Step(seat, action))
    result = result_of(game, state) if game.is_over(state) else None
    return GameRecord(game.spec.name, dict(options or {}), seed, kinds, steps, result=result)


def run_review_bench(
    game: Game[Any], players: int, seed: int, depth: str, workers: int
) -> dict[str, Any]:
    record = bench_record(game, players, seed)
    settings = Settings.of(depth)
    started = time.perf_counter()
    review = review_record(game, record, settings, workers=workers)
    wall = time.perf_counter() - started
    cpu = sum(d.cpu for d in review.decisions)
    count = len(review.decisions)
    return {
        "game": game.spec.name,
        "build": build_name(),
        "seats": record.seats,
        "seed": seed,
        "depth": depth,
        "iters": settings.iters,
        "workers": workers,
        "steps": len(record.steps),
        "decisions": count,
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "cpu_per_decision_ms": round(1000 * cpu / count, 1) if count else 0.0,
        "iterations_per_decision": round(sum(d.iterations for d in review.decisions) / count)
        if count
        else 0,
        "target_s": TARGET_REVIEW_S,
        "meets_target": wall < TARGET_REVIEW_S,
    }
