"""Play one game: ask each decider's bot (or person) for an action until the game is over.

Used by the command line, the simulator and the tests. Bots get the seat's view and its legal
actions only. ``fast=True`` takes the in-place path (no copy per step, no legality check) for
simulation with trusted bots; the contract tests show both paths give identical games.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mailbag.bots.base import Bot, make_agents
from mailbag.core import Action, Event, Game, apply, new_game
from mailbag.core.errors import SeatError
from mailbag.core.i18n import _
from mailbag.core.records import (
    GameRecord,
    Step,
    engine_seat_kinds,
    result_of,
    seed_game_id,
)
from mailbag.core.serialize import record_digest

#: called after every step: (seat, action, events, new state)
StepHook = Callable[[int, Action, list[Event], Any], None]


@dataclass
class GameResult:
    record: GameRecord
    state: Any
    turns: int
    scores: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    #: with ``timed=True``: per seat, the CPU seconds its bot spent choosing (this thread's
    #: time, so a search bot's ``workers`` processes are not in it) and its decisions
    cpu: list[float] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)


def play_game(
    game: Game[Any],
    seats: Sequence[str],
    options: dict[str, Any] | None = None,
    seed: int = 0,
    agents: dict[int, Bot] | None = None,
    *,
    fast: bool = False,
    digests: bool = False,
    on_step: StepHook | None = None,
    record: GameRecord | None = None,
    state: Any = None,
    max_steps: int = 1_000_000,
    timed: bool = False,
) -> GameResult:
    """Play to the end. ``record``/``state`` continue a game already under way (resume).
    ``timed``: measure each seat's CPU time spent choosing (``GameResult.cpu``)."""
    options = dict(options or {})
    if agents is None:
        agents = make_agents(game, seats, seed)
    if state is None:
        state = new_game(game, engine_seat_kinds(game, list(seats)), options, seed)
    if record is None:
        record = GameRecord(
            game.spec.name,
            options,
            seed,
            list(seats),
            game_id=seed_game_id(seed, list(seats)),
            schema=game.schema_version,
        )
    seats_count = len(seats)
    cpu = [0.0] * seats_count
    moves = [0] * seats_count
    clock = time.thread_time
    steps = 0
    while not game.is_over(state):
        deciders = game.deciders(state)
        if not deciders:
            raise RuntimeError(f"{game.spec.name}: no decider but the game is not over")
        seat = deciders[0]
        agent = agents.get(seat)
        if agent is None:
            raise SeatError(
                _(
                    "seat {seat} ({kind}) owes a decision but has no agent",
                    seat=seat,
                    kind=seats[seat],
                )
            )
        legal = game.legal_actions(state, seat)
        observation = game.view(state, seat) if getattr(agent, "needs_view", True) else {}
        if timed:
            began = clock()
            action = agent.choose(observation, legal)
            cpu[seat] += clock() - began
            moves[seat] += 1
        else:
            action = agent.choose(observation, legal)
        if fast:
            events = game.apply_in_place(state, seat, action)
        else:
            state, events = apply(game, state, seat, action)
        record.steps.append(Step(seat, action, record_digest(state) if digests else None))
        if on_step is not None:
            on_step(seat, action, events, state)
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{game.spec.name}: no end after {max_steps} decisions")
    result = result_of(game, state)
    record.result = result
    return GameResult(
        record,
        state,
        len(record.steps),
        result["scores"],
        result["ranking"],
        cpu if timed else [],
        moves if timed else [],
    )
