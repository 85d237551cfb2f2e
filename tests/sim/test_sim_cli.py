"""The ``sim`` and ``bench`` commands through typer's CliRunner, on their own app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from mailbag.cli.research import register

app = typer.Typer()
register(app)
runner = CliRunner()


@pytest.mark.usefixtures("registered")
def test_sim_command_writes_everything(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["sim", "duel", "--seats", "greedy,random", "--games", "8", "--seed", "3"]
    result = runner.invoke(
        app, [*args, "--report", "html", "--workers", "2", "-q", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "greedy" in result.stdout and "win rate" in result.stdout
    assert len(list((out / "records").glob("*.jsonl"))) == 8
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games_finished"] == 8 and summary["seed"] == 3
    assert (out / "report.html").exists()


@pytest.mark.usefixtures("registered")
def test_sim_command_options_and_bot_parameters(tmp_path: Path) -> None:
    args = ["sim", "tiny", "--seats", "mcts:iters=10,depth=2,random,greedy", "-n", "3"]
    args += ["--option", "hand=3", "--report", "none", "--no-records"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["seats"] == ["mcts:iters=10,depth=2", "random", "greedy"]
    assert summary["options"] == {"hand": 3}
    assert not list((tmp_path / "records").glob("*.jsonl"))
    assert not (tmp_path / "report.md").exists()


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", "chess", "--seats", "random,random"], "unknown game"),
        (["sim", "tiny", "--seats", "random,wizard"], "unknown bot"),
        (["sim", "tiny", "--seats", "random,mcts:iters=lots"], "not an integer"),
        (["sim", "tiny", "--seats", "random,random", "--option", "hand=9"], "hand"),
        (["sim", "tiny", "--seats", "random,random", "--option", "colour=red"], "unknown option"),
        (["sim", "tiny", "--seats", "random,random", "--option", "hand"], "key=value"),
        (["sim", "tiny", "--seats", "random,random", "--games", "0"], "--games"),
        (["sim", "tiny", "--seats", "random,random", "--workers", "0"], "--workers"),
        (["sim", "tiny", "--seats", "random,random", "--backend", "spark"], "backend"),
        (["sim", "tiny", "--seats", "random,random", "--report", "pdf"], "report format"),
        (["sim", "tiny", "--seats", "random"], "seats"),
        (["bench", "chess"], "unknown game"),
        (["bench", "tiny", "--players", "7"], "seats"),
        (["bench", "tiny", "--seconds", "0"], "--seconds"),
        (["bench", "tiny", "--rounds", "0"], "--rounds"),
    ],
)
def test_bad_input_is_one_clean_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, [*args, "--out", str(tmp_path)] if args[0] == "sim" else args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], lines


@pytest.mark.usefixtures("registered")
def test_bench_json() -> None:
    result = runner.invoke(app, ["bench", "tiny", "--json", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "tiny" and data["seats"] == 2
    assert data["random_playout"]["decisions_per_s"] > 0
    assert data["random_playout"]["decisions_per_game"] == 8
    assert data["mcts"]["iterations"] > 0
    for name in ("legal_actions", "apply (functional)", "apply_in_place", "view", "determinize"):
        assert data["costs_us"][name] > 0
    assert data["costs_us"]["check_state"] > 0
    # timed by this process's CPU time, the median of three rounds with the range over them
    assert data["clock"] == "process CPU time" and data["rounds"] == 3
    for part, key in (("random_playout", "decisions_per_s"), ("mcts", "iterations_per_s")):
        low, high = data[part]["range"]
        assert 0 < low <= data[part][key] <= high
    assert set(data["meets_targets"]) == {
        "decisions_per_s",
        "mcts_iterations_per_s",
        "check_state_us",
    }


@pytest.mark.usefixtures("registered")
def test_bench_table() -> None:
    result = runner.invoke(app, ["bench", "duel", "--seconds", "0.05", "--rounds", "2"])
    assert result.exit_code == 0, result.output
    assert "random playout decisions/s" in result.stdout
    assert "per CPU-second of this process; the median of 2 rounds" in result.stdout
    assert "MCTS iterations/s" in result.stdout and "determinize" in result.stdout
