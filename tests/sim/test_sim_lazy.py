"""The schedule is lazy end to end: a run of a billion games costs nothing up front, hands its
games to the workers a few chunks at a time, and stops after a few games like any other run;
workers that fail or die stop the run with their error instead of hanging it."""

from __future__ import annotations

import json
import multiprocessing
import resource
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brittle
import duel
import pytest

from mailbag.sim import tournament
from mailbag.sim.backends import CHUNKS_PER_WORKER, chunk_size
from mailbag.sim.schedule import Job, Schedule, chunked, job_for, schedule
from mailbag.sim.tournament import SimConfig, run_sim
from mailbag.sim.worker import Chunk, Outcome, play_chunk

BILLION = 10**9
TESTS = Path(__file__).resolve().parent.parent
#: only to detect a hang: creating a lazy schedule or plan takes microseconds
HANG = 5.0


def eager(games: int, kinds: list[str], seed: int, rotation: bool = True) -> list[Job]:
    """The schedule as it was built before it was lazy: every job, up front."""
    return [job_for(i, kinds, seed, rotation) for i in range(games)]


@pytest.mark.parametrize("rotation", [True, False])
def test_a_billion_game_schedule_is_made_at_once_and_starts_as_before(rotation: bool) -> None:
    kinds = ["a", "b", "c"]
    start = time.perf_counter()
    jobs = schedule(BILLION, kinds, 40, rotation)
    parts = chunked(jobs, 48)
    first = list(parts[0])
    assert time.perf_counter() - start < HANG
    assert isinstance(jobs, Schedule) and len(jobs) == BILLION
    assert jobs[:100] == eager(100, kinds, 40, rotation)
    assert first == eager(48, kinds, 40, rotation)
    assert list(parts[1]) == eager(96, kinds, 40, rotation)[48:]
    assert len(parts) == BILLION // 48 + 1 and len(parts[-1]) == BILLION % 48 == 16
    # the far end is computed just as cheaply, and is what the eager schedule would hold there
    last = BILLION - 1
    assert jobs[-1] == jobs[last] == job_for(last, kinds, 40, rotation)
    assert jobs[-1].seed == (40 + last // 3 if rotation else 40 + last)
    assert [j.index for j in jobs[last - 2 :]] == [last - 2, last - 1, last]
    with pytest.raises(IndexError):
        jobs[BILLION]


def test_known_first_jobs() -> None:
    jobs = schedule(BILLION, ["x", "y"], 5)
    assert list(jobs[:4]) == [
        Job(0, 5, 0, ("x", "y")),
        Job(1, 5, 1, ("y", "x")),
        Job(2, 6, 0, ("x", "y")),
        Job(3, 6, 1, ("y", "x")),
    ]
    assert schedule(3, ["x", "y"], 5) != schedule(4, ["x", "y"], 5)
    assert schedule(3, ["x", "y"], 5) != eager(3, ["x", "y"], 6)


def test_the_plan_is_drawn_one_chunk_at_a_time() -> None:
    config = SimConfig(duel.GAME, ["greedy", "random"], BILLION, seed=7, workers=2)
    start = time.perf_counter()
    chunks = tournament.plan(config, duel.GAME, {})
    first = next(chunks)
    assert time.perf_counter() - start < HANG
    size = chunk_size(BILLION, 2)
    assert first.jobs == eager(size, ["greedy", "random"], 7)
    assert next(chunks).jobs == eager(2 * size, ["greedy", "random"], 7)[size:]


class Stop:
    """Interrupts the run (as Ctrl-C would) once ``after`` games have finished."""

    def __init__(self, after: int) -> None:
        self.after = after

    def __call__(self, outcome: Outcome, done: int, total: int) -> None:
        if done >= self.after:
            raise KeyboardInterrupt


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Chunk]:
    """The chunks a run has drawn from its plan so far."""
    seen: list[Chunk] = []
    plan = tournament.plan

    def counting(*args: Any) -> Iterator[Chunk]:
        for chunk in plan(*args):
            seen.append(chunk)
            yield chunk

    monkeypatch.setattr(tournament, "plan", counting)
    return seen


@pytest.mark.parametrize(
    ("workers", "backend"), [(1, "local"), (2, "local"), (2, "dask")], ids=["1", "2", "dask"]
)
def test_a_billion_game_run_stops_after_a_few_games(
    tmp_path: Path, drawn: list[Chunk], workers: int, backend: str
) -> None:
    config = SimConfig(
        duel.GAME,
        ["greedy", "random"],
        BILLION,
        seed=7,
        workers=workers,
        backend=backend,
        dask_processes=False,
        out=tmp_path,
        report=None,
    )
    result = run_sim(config, on_result=Stop(after=5))
    assert result.interrupted and len(result.outcomes) >= 5
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games_requested"] == BILLION
    assert summary["games_finished"] == summary["stats"]["games"] == len(result.outcomes)
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == len(result.outcomes)
    # a bounded number of games in flight: a few chunks per worker, one more per chunk done
    size = chunk_size(BILLION, workers)
    done = len(result.outcomes) // size
    assert len(drawn) <= CHUNKS_PER_WORKER * workers + done + 1
    if workers == 1:
        assert [o.index for o in result.outcomes] == list(range(len(result.outcomes)))
    # the games played are the games the schedule says, with the same results
    mine = {job.index: job for chunk in drawn for job in chunk.jobs}
    expected = play_chunk(Chunk("duel", "duel", {}, [mine[o.index] for o in result.outcomes], True))
    assert [o.record for o in result.outcomes] == [o.record for o in expected]
    assert not multiprocessing.active_children()


def test_a_billion_game_run_in_bounded_memory(tmp_path: Path) -> None:
    """In a process of its own with a 1 GiB address-space cap: a schedule built up front would
    fail at once; the lazy one plays a few games and stops."""
    script = textwrap.dedent(
        f"""
        import json, resource, sys
        sys.path[:0] = {[str(TESTS / "contract"), str(TESTS / "bots")]!r}
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
        import duel
        from mailbag.sim.tournament import SimConfig, run_sim

        def stop(outcome, done, total):
            if done >= 3:
                raise KeyboardInterrupt

        for workers in (1, 2):
            config = SimConfig(duel.GAME, ["greedy", "random"], {BILLION}, workers=workers)
            result = run_sim(config, on_result=stop)
            print(json.dumps([result.interrupted, len(result.outcomes)]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    runs = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(runs) == 2 and all(interrupted and n >= 3 for interrupted, n in runs)
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 2**30 // 1024


def test_a_failing_game_stops_the_run_with_its_error(tmp_path: Path) -> None:
    """The game of seed 13 raises in a worker: the run stops with that error, no hang."""
    config = SimConfig(
        brittle.GAME, ["random", "random"], 200, seed=brittle.BREAKS - 5, workers=2, out=tmp_path
    )
    with pytest.raises(ValueError, match="seed 13 breaks"):
        run_sim(config)
    assert not multiprocessing.active_children()
    config.workers = 1
    with pytest.raises(ValueError, match="seed 13 breaks"):
        run_sim(config)


def test_a_worker_that_dies_stops_the_run(tmp_path: Path) -> None:
    config = SimConfig(
        brittle.GAME, ["random", "random"], 200, seed=brittle.DIES - 5, workers=2, out=tmp_path
    )
    with pytest.raises(RuntimeError, match=r"died \(exit code 3\)"):
        run_sim(config)
    assert not multiprocessing.active_children()
