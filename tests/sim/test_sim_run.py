"""Simulation runs: files written, records that replay, identical results on every backend and
worker count, the fast path identical to the functional one, and interruption keeping the
finished games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duel
import pytest
import tiny
from realgames import default_players, loadable_games

from mailbag.bots import split_seats
from mailbag.core import Game, MailbagError, OptionError, SeatError
from mailbag.core.records import loads, replay
from mailbag.sim.runner import play_game
from mailbag.sim.tournament import SimConfig, run_sim
from mailbag.sim.worker import Outcome


def config(out: Path | None = None, **changes: Any) -> SimConfig:
    base: dict[str, Any] = dict(game=duel.GAME, seats=["greedy", "random"], games=24, seed=7)
    base.update(changes)
    return SimConfig(out=out, **base)


def files(out: Path) -> dict[str, str]:
    """Every output that must not depend on the backend (records, games.jsonl)."""
    found = {p.name: p.read_text() for p in sorted((out / "records").glob("*.jsonl"))}
    found["games.jsonl"] = (out / "games.jsonl").read_text()
    return found


def test_outputs_written_and_records_replay(tmp_path: Path) -> None:
    result = run_sim(config(tmp_path, report="md"))
    assert not result.interrupted and len(result.outcomes) == 24
    records = sorted((tmp_path / "records").glob("game-*.jsonl"))
    assert len(records) == 24
    for path in records[:6]:
        record = loads(path.read_text())
        replay(duel.GAME, record)  # checks every action and the stored result
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert [json.loads(line)["index"] for line in lines] == list(range(24))
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games_finished"] == 24 and summary["stats"]["games"] == 24
    assert summary["stats"]["balance"]["first card"]  # balance tags reached the summary
    report = (tmp_path / "report.md").read_text()
    assert "Win rate by seat kind" in report and "95% CI" in report
    for plot in ("win_rate", "seats", "scores", "length", "balance-first card"):
        assert (tmp_path / "plots" / f"{plot}.png").stat().st_size > 1000
        assert f"plots/{plot}.png" in report


def test_html_report(tmp_path: Path) -> None:
    result = run_sim(config(tmp_path, games=6, report="html"))
    assert result.report_path == tmp_path / "report.html"
    text = result.report_path.read_text()
    assert text.startswith("<!DOCTYPE html>") and '<img src="plots/win_rate.png"' in text


def test_rerun_replaces_old_records(tmp_path: Path) -> None:
    run_sim(config(tmp_path, games=10, report=None))
    run_sim(config(tmp_path, games=4, report=None))
    assert len(list((tmp_path / "records").glob("*.jsonl"))) == 4


def test_same_results_on_every_backend_and_worker_count(tmp_path: Path) -> None:
    runs = {
        "local-1": config(tmp_path / "l1", report=None, workers=1),
        "local-2": config(tmp_path / "l2", report=None, workers=2),
        "dask": config(
            tmp_path / "dask", report=None, workers=2, backend="dask", dask_processes=False
        ),
    }
    results = {name: run_sim(cfg) for name, cfg in runs.items()}
    stats = [r.summary["stats"] for r in results.values()]
    assert stats[0] == stats[1] == stats[2]
    outputs = [files(cfg.out) for cfg in runs.values() if cfg.out is not None]
    assert outputs[0] == outputs[1] == outputs[2]
    assert len(outputs[0]) == 25


def test_dask_with_a_scheduler_address(tmp_path: Path) -> None:
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        remote = run_sim(config(None, games=8, backend="dask", scheduler=address))
    local = run_sim(config(None, games=8))
    assert remote.summary["stats"] == local.summary["stats"]
    assert [o.record for o in remote.outcomes] == [o.record for o in local.outcomes]


def test_fast_path_identical_to_functional_path() -> None:
    """Same records and state digests at every step, in-place or through ``core.apply``."""
    games: list[tuple[Game[Any], int, str]] = [
        (tiny.GAME, 2, "greedy"),
        (tiny.GAME, 3, "mcts:iters=10"),
        (duel.GAME, 2, "greedy"),
    ]
    games += [(g, default_players(g), "random") for g in loadable_games()]
    for game, players, bot in games:
        for seed in range(2):
            seats = [bot if seed == 0 else "random"] + ["random"] * (players - 1)
            slow = play_game(game, seats, {}, seed, digests=True)
            fast = play_game(game, seats, {}, seed, digests=True, fast=True)
            assert fast.record.dumps() == slow.record.dumps(), game.spec.name
            assert all(step.digest for step in fast.record.steps)


class Stop:
    """Interrupts the run (as Ctrl-C would) once ``after`` games have finished."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.seen: list[Outcome] = []

    def __call__(self, outcome: Outcome, done: int, total: int) -> None:
        self.seen.append(outcome)
        if done >= self.after:
            raise KeyboardInterrupt


@pytest.mark.parametrize("workers", [1, 2])
def test_interruption_keeps_finished_games(tmp_path: Path, workers: int) -> None:
    stop = Stop(after=5)
    result = run_sim(config(tmp_path, games=40, workers=workers), on_result=stop)
    assert result.interrupted
    finished = len(stop.seen)
    assert 5 <= finished < 40
    assert len(result.outcomes) == finished
    assert len(list((tmp_path / "records").glob("*.jsonl"))) == finished
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["interrupted"] and summary["games_finished"] == finished
    assert summary["stats"]["games"] == finished
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == finished
    assert (tmp_path / "report.md").exists()
    # the finished games are the same games an uninterrupted run plays
    full = {o.index: o for o in run_sim(config(None, games=40)).outcomes}
    assert all(full[o.index].record == o.record for o in result.outcomes)


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"games": 0}, MailbagError),
        ({"workers": 0}, MailbagError),
        ({"backend": "spark"}, MailbagError),
        ({"scheduler": "tcp://127.0.0.1:8786"}, MailbagError),
        ({"report": "pdf"}, MailbagError),
        ({"game": "chess"}, MailbagError),
        ({"seats": ["greedy", "wizard"]}, SeatError),
        ({"seats": ["greedy", "mcts:iters=x"]}, SeatError),
        ({"seats": ["greedy", "human"]}, SeatError),
        ({"seats": ["greedy"]}, SeatError),
        ({"seats": ["random", "random", "random"]}, SeatError),
        ({"options": {"hand": 9}}, OptionError),
    ],
)
def test_bad_set_up_is_refused_before_playing(
    tmp_path: Path, changes: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        run_sim(config(tmp_path / "out", **changes))
    assert not (tmp_path / "out").exists()


def test_split_seats_keeps_bot_parameters_together() -> None:
    assert split_seats("greedy,random") == ["greedy", "random"]
    assert split_seats("mcts:iters=9,depth=4,greedy") == ["mcts:iters=9,depth=4", "greedy"]
    assert split_seats(["mcts:time=1", "automa:normal"]) == ["mcts:time=1", "automa:normal"]
    with pytest.raises(SeatError):
        split_seats("greedy,,random")
