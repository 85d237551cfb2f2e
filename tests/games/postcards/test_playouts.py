"""Random playouts over every seat count and option set (rules never break, games always end,
components are conserved), golden recorded games, and the greedy heuristic."""

from __future__ import annotations

from pathlib import Path

import pytest

from mailbag.core import Rng, apply, new_game
from mailbag.core.records import load, replay
from mailbag.games.postcards import GAME
from mailbag.games.postcards.pieces import inventory

from .builder import COMPONENTS, Builder, run

OPTIONS = GAME.spec.contract_option_sets()
GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.jsonl"))


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_random_playouts_end_and_conserve_components(seats: int, options: dict[str, str]) -> None:
    for seed in range(2):
        state = new_game(GAME, seats, options, seed)
        start = inventory(COMPONENTS, state)
        rng = Rng.from_seed(seed, 17)
        steps = 0
        while not GAME.is_over(state):
            (seat,) = GAME.deciders(state)
            legal = GAME.legal_actions(state, seat)
            assert legal, f"seat {seat} has no legal action"
            action = legal[rng.randbelow(len(legal))]
            if steps % 7 == 0:
                state, _ = apply(GAME, state, seat, action)
                assert inventory(COMPONENTS, state) == start
            else:
                GAME.apply_in_place(state, seat, action)
            steps += 1
        assert inventory(COMPONENTS, state) == start
        for score in GAME.scores(state):
            assert score.total == sum(score.breakdown.values())
        assert min(GAME.ranking(state)) == 1


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_games_replay_exactly(path: Path) -> None:
    record = load(path)
    state = replay(GAME, record)
    assert GAME.is_over(state)
    assert record.result is not None and record.result["scores"] == [
        s.total for s in GAME.scores(state)
    ]


def test_there_are_golden_games() -> None:
    assert len(GOLDEN) >= 3


def test_heuristic_values_progress_over_raw_score() -> None:
    base = Builder().region(0, 8).postcard(0, 32)
    empty = GAME.search.heuristic(base.state, 0)
    stamped = Builder().region(0, 8).postcard(0, 32, [True, True, True, False, False]).state
    assert GAME.search.heuristic(stamped, 0) > empty
    assert GAME.scores(stamped)[0].total == GAME.scores(base.state)[0].total
    near = Builder().region(0, 8).postcard(0, 29, stamps=True).state
    far = Builder().region(0, 11).postcard(0, 29, stamps=True).state
    assert GAME.search.heuristic(near, 0) > GAME.search.heuristic(far, 0)
    ahead = Builder().points(1, 10).state
    assert GAME.search.heuristic(ahead, 0) < 0 < GAME.search.heuristic(ahead, 1)


def test_sending_improves_the_heuristic() -> None:
    state = Builder().hand(0, "red.movement").region(0, 8).postcard(0, 29, stamps=True).state
    before = GAME.search.heuristic(state, 0)
    after = run(state, "send 29", "pick 1")
    assert GAME.search.heuristic(after, 0) > before
