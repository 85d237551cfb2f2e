"""``game.search.heuristics`` (every seat at once, what the search evaluates) gives exactly
``search.heuristic`` of each seat, for every game and seat count, on random positions of whole
games: a game that values all seats together (Postcards, Post Office) must not drift from its
per-seat definition. In Post Office a board with a pending decision is valued as projected while the
others are compared on their boards now, so the positions include simultaneous phases half
decided."""

from __future__ import annotations

import random

import pytest

from mailbag import games
from mailbag.core import new_game

#: games per game and seat count, and the most decisions a game may take (a bound, not a target)
GAMES = 5
MAX_STEPS = 6000


@pytest.mark.parametrize("name", ["postcards", "post_office", "carteros"])
def test_heuristics_equal_each_seats_heuristic(name: str) -> None:
    game = games.get(name)
    checked = half_decided = 0
    for seats in range(max(2, game.spec.min_seats), game.spec.max_seats + 1):
        rng = random.Random(seats)
        for seed in range(GAMES):
            state = new_game(game, seats, {}, seed)
            for _ in range(MAX_STEPS):
                assert game.search.heuristics(state) == [
                    game.search.heuristic(state, s) for s in range(seats)
                ]
                checked += 1
                now = game.deciders(state)
                if not now:
                    break
                half_decided += len(now) < seats and name == "post_office"
                seat = now[rng.randrange(len(now))]
                legal = game.legal_actions(state, seat)
                game.apply_in_place(state, seat, legal[rng.randrange(len(legal))])
            else:
                pytest.fail(f"a {name} game did not end in {MAX_STEPS} decisions")
    assert checked > 100
    if name == "post_office":
        assert half_decided > 50
