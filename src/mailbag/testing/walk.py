"""The random playout every contract check walks: a game played to its end through the
functional ``apply``, a random decider taking a random legal action at each step."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from mailbag.core import Action, Event, Game, Rng, apply, new_game, state_digest

MAX_STEPS = 20_000


def random_steps(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> Iterator[tuple[Any, int, Action, Any, list[Event]]]:
    """Play a random game through the functional ``apply``; yields (before, seat, action,
    after, the events of the step).

    Also checks contract 1: a decider always has legal actions and the game ends.
    """
    state = new_game(game, tuple(seats), options, seed)
    rng = Rng.from_seed(seed, 99)
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            assert not game.deciders(state), "a finished game still has deciders"
            return
        deciders = game.deciders(state)
        assert deciders, "contract 1: the game is not over but nobody owes a decision"
        seat = deciders[rng.randbelow(len(deciders))]
        legal = game.legal_actions(state, seat)
        assert legal, f"contract 1: decider {seat} has no legal action"
        action = legal[rng.randbelow(len(legal))]
        digest = state_digest(state)
        after, events = apply(game, state, seat, action)
        assert state_digest(state) == digest, "contract 6: apply changed its input state"
        yield state, seat, action, after, events
        state = after
    raise AssertionError(f"contract 1: no end after {MAX_STEPS} decisions")


def random_walk(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> Iterator[tuple[Any, int, Action, Any]]:
    """Play a random game through the functional ``apply``; yields (before, seat, action, after).

    Also checks contract 1: a decider always has legal actions and the game ends.
    """
    for before, seat, action, after, _events in random_steps(game, seats, options, seed):
        yield before, seat, action, after
