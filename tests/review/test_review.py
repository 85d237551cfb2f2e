"""Game review (``mailbag.review``): each decision judged from its seat's view only — the same
marks and figures for positions that differ only in what that seat could not know; a planted
move that throws the game away is marked; the bots' own careful choices are not; the whole
record reviewed in worker processes exactly as here; a cancelled review stops; ``mailbag
review`` prints a table, a graph and each seat's accuracy, or JSON, and bad input is a clear
error."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mailbag.bench.review import bench_record
from mailbag.bots.mcts import MctsBot
from mailbag.cli import app
from mailbag.core import Rng, canonical_json, state_digest
from mailbag.core.records import GameRecord, replay_steps
from mailbag.games import get
from mailbag.review import Settings, decisions_of, review_decision, review_record
from mailbag.review.engine import Task, accuracy_of, mark_of

GAMES = ("postcards", "post_office", "carteros")
QUICK = Settings.of("quick", iters=120)
runner = CliRunner()

_RECORDS: dict[tuple[str, int], GameRecord] = {}


def record_of(name: str, seed: int = 5) -> GameRecord:
    """A finished greedy game (against the Normal Automa in Postcards), made once per test run."""
    key = (name, seed)
    if key not in _RECORDS:
        _RECORDS[key] = bench_record(get(name), 2, seed)
    return _RECORDS[key]


def states_of(name: str, record: GameRecord) -> dict[int, Any]:
    return {step.index: step.state for step in replay_steps(get(name), record)}


@pytest.mark.parametrize("name", GAMES)
def test_a_decision_is_judged_from_its_seats_view_alone(name: str) -> None:
    """At three points of a game: a world that differs from the real one only in what the
    deciding seat cannot see (drawn from its view) gives that seat the same view and choices —
    and the review's marks and figures are identical."""
    game = get(name)
    record = record_of(name)
    states = states_of(name, record)
    tasks = list(decisions_of(game, record))
    assert len(tasks) > 20
    rng = Rng.from_seed(11, 3)
    for task in (tasks[len(tasks) // 5], tasks[len(tasks) // 2], tasks[4 * len(tasks) // 5]):
        real = states[task.index - 1]
        assert canonical_json(task.observation) == canonical_json(game.view(real, task.seat))
        other = None
        for _try in range(20):
            drawn = game.determinize(task.observation, rng)
            if state_digest(drawn) != state_digest(real):
                other = drawn
                break
        assert other is not None, "no other world fits the seat's view"
        seen = game.view(other, task.seat)
        assert canonical_json(seen) == canonical_json(task.observation)
        legal = game.legal_actions(other, task.seat)
        assert [str(a) for a in legal] == [str(a) for a in task.legal]
        mine = review_decision(game, task.seat, task.observation, task.legal, task.played, QUICK)
        theirs = review_decision(game, task.seat, seen, legal, task.played, QUICK)
        assert mine.cpu >= 0 and theirs.cpu >= 0
        mine.cpu = theirs.cpu = 0.0  # (the time it took is the only thing allowed to differ)
        assert mine == theirs


def _greedy_to_the_end(game: Any, world: Any) -> Any:
    heuristic = game.search.heuristic
    for _step in range(5_000):
        now = game.deciders(world)
        if not now:
            return world
        mover = now[0]
        options = game.legal_actions(world, mover)
        best, value = options[0], -1e18
        for action in options:
            after = game.copy(world)
            game.apply_in_place(after, mover, action)
            here = heuristic(after, mover)
            if here > value:
                best, value = action, here
        game.apply_in_place(world, mover, best)
    raise AssertionError("a greedy playout did not end")


#: planted moves: (game, seed of the greedy game, step, the move played in its place, a move
#: that wins instead) — in the worlds drawn from the seat's view, greedy play after the other
#: move wins at least half of them more than after the planted one, and at least three quarters
#: (checked below): a move that throws the game away (each a whole decision, not the first
#: click of one, whose follow-up could still mend it)
PLANTED = [
    # Postcards: a camp card stuck as a stamp on the wrong postcard instead of the red postcard
    # card's stamp that completes one
    ("postcards", 6, 55, "play yellow.camp stamp 20 5", "play red.postcard stamp 34 3"),
    # Post Office: sealing the wrong parcels at the end
    ("post_office", 5, 139, "seal fragile T 1 3 8", "seal sweet L 1 8 0"),
    # Carteros: entering the neighbourhood far from the deliveries that finish the game
    ("carteros", 5, 75, "move C4", "move A1"),
]
WORLDS = 16


@pytest.mark.parametrize(("name", "seed", "index", "planted", "winning"), PLANTED)
def test_a_planted_move_that_throws_the_game_away_is_marked(
    name: str, seed: int, index: int, planted: str, winning: str
) -> None:
    game = get(name)
    record = record_of(name, seed)
    task = next(t for t in decisions_of(game, record) if t.index == index)
    moves = {str(a): a for a in task.legal}
    rng = Rng.from_seed(3, 1)
    lost_wins = won_wins = 0
    for _world in range(WORLDS):
        world = game.determinize(task.observation, rng)
        lost, won = game.copy(world), game.copy(world)
        game.apply_in_place(lost, task.seat, moves[planted])
        game.apply_in_place(won, task.seat, moves[winning])
        lost_wins += game.ranking(_greedy_to_the_end(game, lost))[task.seat] == 1
        won_wins += game.ranking(_greedy_to_the_end(game, won))[task.seat] == 1
    assert won_wins - lost_wins >= WORLDS // 2 and won_wins >= 3 * WORLDS // 4, (
        lost_wins,
        won_wins,
    )
    judged = review_decision(
        game, task.seat, task.observation, task.legal, moves[planted], Settings.of(), index
    )
    assert judged.mark is not None, judged
    assert judged.loss > judged.spread and judged.best != planted
    assert judged.accuracy < 70


@pytest.mark.parametrize("name", GAMES)
def test_the_bots_own_choices_at_a_high_budget_are_not_marked(name: str) -> None:
    game = get(name)
    record = record_of(name)
    tasks = list(decisions_of(game, record))
    for task in tasks[len(tasks) // 4 :: max(1, len(tasks) // 4)][:3]:
        bot = MctsBot(game, task.seat, 99, iters=4000)
        choice = bot.choose(task.observation, task.legal)
        judged = review_decision(
            game, task.seat, task.observation, task.legal, choice, Settings.of(), task.index
        )
        assert judged.mark is None, (task.index, str(choice), judged)


def test_a_mark_needs_a_loss_beyond_its_spread_and_a_threshold() -> None:
    assert mark_of(0.30, 0.05) == "blunder"
    assert mark_of(0.12, 0.05) == "mistake"
    assert mark_of(0.06, 0.05) == "inaccuracy"
    assert mark_of(0.30, 0.31) is None  # beyond every threshold, but within the spread
    assert mark_of(0.04, 0.0) is None
    assert accuracy_of(0.0) == 100.0
    assert 0 < accuracy_of(0.15) < accuracy_of(0.05) < 100


def test_a_whole_record_in_worker_processes_is_the_same_review() -> None:
    game = get("carteros")
    record = record_of("carteros")
    settings = Settings.of("quick", iters=40)
    here = review_record(game, record, settings, workers=1)
    there = review_record(game, record, settings, workers=2)
    for review in (here, there):
        for decision in review.decisions:
            decision.cpu = 0.0
    assert here.decisions == there.decisions and here.accuracy == there.accuracy
    assert [d.index for d in here.decisions] == [t.index for t in decisions_of(game, record)]
    assert here.complete and len(here.accuracy) == 2
    # the review's processes end with it: none is left behind for the rest of the run
    assert not multiprocessing.active_children()


def test_a_review_in_workers_cancelled_stops_its_processes() -> None:
    game = get("carteros")
    record = record_of("carteros")
    review = review_record(
        game, record, Settings.of("quick", iters=40), workers=2, progress=lambda d, _t: d < 2
    )
    assert not review.complete and 2 <= len(review.decisions) < len(
        list(decisions_of(game, record))
    )
    assert not multiprocessing.active_children()


def test_a_cancelled_review_stops_and_says_so() -> None:
    game = get("carteros")
    record = record_of("carteros")
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        seen.append((done, total))
        return done < 3

    review = review_record(game, record, Settings.of("quick", iters=40), progress=progress)
    assert not review.complete and len(review.decisions) == 3
    assert seen[0][0] == 0 and seen[-1][0] == 3


def test_a_task_carries_the_seats_view_and_nothing_else() -> None:
    assert [f for f in Task.__dataclass_fields__] == [
        "index",
        "seat",
        "observation",
        "legal",
        "played",
    ]


def _saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    record_of("carteros").save(path)
    return path


def test_mailbag_review_prints_the_decisions_a_graph_and_the_accuracy(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    result = runner.invoke(app, ["review", str(path), "--iters", "40", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "better choice" in result.output and "expected result over the game" in result.output
    assert "seat 0: accuracy" in result.output and "seat 1: accuracy" in result.output
    assert "40 iterations per decision" in result.output
    shown = runner.invoke(app, ["review", str(path), "--iters", "40", "--workers", "1", "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.output)
    tasks = list(decisions_of(get("carteros"), record_of("carteros")))
    assert len(data["decisions"]) == len(tasks)
    assert data["settings"]["iters"] == 40 and data["thresholds"]["blunder"] == 0.15
    assert all(0 <= d["value"] <= 1 for d in data["decisions"])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--depth", "huge"], "unknown review depth 'huge'"),
        (["--iters", "5"], "the iterations must be 20 to 100000, not 5"),
        (["--workers", "0"], "--workers must be 1 to 64, not 0"),
        (["--seat", "7"], "--seat must be 0 to 1, not 7"),
    ],
)
def test_mailbag_review_refuses_bad_options_clearly(
    tmp_path: Path, args: list[str], words: str
) -> None:
    result = runner.invoke(app, ["review", str(_saved(tmp_path)), *args])
    assert result.exit_code == 2 and words in result.output, result.output
    assert "Traceback" not in result.output


def test_mailbag_review_refuses_a_file_that_is_no_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a record\n", encoding="utf-8")
    result = runner.invoke(app, ["review", str(bad)])
    assert result.exit_code == 2 and "error:" in result.output
    missing = runner.invoke(app, ["review", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2 and "error:" in missing.output
