"""The command line: listing, unattended and interactive play, saving, resuming, replaying, and
one-line errors for bad input."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from tiny import TinyGame
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.core import registry
from mailbag.core.records import load as load_record

runner = CliRunner()


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._LOADED, "tiny", TinyGame())


def test_games_lists_seats_and_options() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "tiny" in result.output and "2–3" in result.output and "hand=2" in result.output


def test_unattended_game_prints_json_result() -> None:
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "random,random", "--seed", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {
        "game",
        "id",
        "seed",
        "seats",
        "scores",
        "breakdown",
        "ranking",
        "turns",
        "record",
    }
    assert data["game"] == "tiny" and data["seed"] == 3 and data["turns"] == 8
    assert [b["cards played"] for b in data["breakdown"]] == data["scores"]
    assert len(Path(data["record"]).read_text().splitlines()) == 1 + 8 + 1  # every game saved
    again = runner.invoke(
        app, ["play", "tiny", "--seats", "random,random", "--seed", "3", "--json"]
    )
    other = json.loads(again.output)
    assert other["id"] != data["id"] and other["record"] != data["record"]  # never collide
    for key in ("id", "record"):
        del data[key], other[key]
    assert other == data


def test_unattended_game_prints_a_scoreboard_and_writes_a_record(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "random,random", "--seed", "4", "--record", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert "final scores" in result.output and "cards played" in result.output
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "verified: 8 steps replay exactly (finished game)" in replayed.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope"], "unknown game 'nope'; known games:"),
        (["play", "tiny", "--seats", "random,robot"], "unknown seat kind 'robot'"),
        (["play", "tiny", "--seats", "random,,random"], "empty seat kind in"),
        (["play", "tiny", "--seats", "random"], "tiny seats 2–3, not 1"),
        (["play", "tiny", "-o", "hand=9"], "bad value '9' for option 'hand'"),
        (["play", "tiny", "-o", "size=2"], "unknown option 'size' for tiny; valid options: hand"),
        (["play", "tiny", "-o", "hand"], "not of the form key=value"),
        (["play"], "name a game to play"),
        (["replay", "/nonexistent/file.jsonl"], "cannot read"),
    ],
)
def test_bad_input_is_one_clean_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_person_plays_refused_moves_are_asked_again_and_eof_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random", "--seed", "5"], input="a\nplay 99\n9\n"
    )
    assert result.exit_code == 0, result.output
    assert "Your choices" in result.output
    assert "refused: seat 0 holds no card" in result.output
    assert "no choice 9: the choices' keys are letters (a" in result.output
    assert "seed" not in result.output  # the seed is the deal: never shown before the end
    saved = Path(result.output.split("play --resume ")[1].split()[0])
    assert saved.parent.parent == Path(os.environ["MAILBAG_DATA_DIR"])
    assert len(saved.read_text().splitlines()) == 3  # header + two decisions
    resumed = runner.invoke(app, ["play", "--resume", str(saved)], input="a\n" * 10)
    assert resumed.exit_code == 0, resumed.output
    assert "resumed after 2 decisions" in resumed.output
    assert "seed 5" in resumed.output  # once the game is over
    assert "final scores" in resumed.output
    replayed = runner.invoke(app, ["replay", str(saved)])
    assert "verified: 8 steps" in replayed.output


def test_a_person_can_type_the_notation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random", "--seed", "5"], input="play 6\nquit\n"
    )
    assert "seat 0 plays 6" in result.output
    assert "game saved" in result.output


def test_replay_of_a_corrupt_record_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"mailbag_record": 1, "game": "tiny", "options": {}, "seed": 1, '
        '"seats": ["random", "random"]}\n{"seat": 0, "action": "play 77"}\n'
    )
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "step 1 (seat 0: play 77)" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["games", "--bogus"], "error: No such option: --bogus (see `mailbag games --help`)"),
        (["frobnicate"], "error: No such command 'frobnicate'."),
        (["play", "x", "--seed", "abc"], "error: Invalid value for '--seed'"),
    ],
)
def test_usage_errors_from_the_real_command_are_one_line(args: list[str], message: str) -> None:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "mailbag", *args], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith(message)
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr


def test_a_person_never_sees_another_seats_secret_pick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Post Office drafts are simultaneous: a bot's kept token is not shown before the reveal."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(registry._LOADED, "tiny")
    result = runner.invoke(
        app, ["play", "post_office", "--seats", "human,random", "--seed", "2"], input="a\na\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "your decision" in result.output
    assert "keep" not in "\n".join(
        line for line in result.output.splitlines() if "seat 1" in line or "random" in line
    )


def test_an_automa_that_plays_first_is_explained_before_the_first_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(
        app, ["play", "postcards", "--seats", "human,automa:normal", "--seed", "3"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    opening = result.output.index("Automa (seat 1, normal) plays the face-up Travel cards")
    assert opening < result.output.index("your decision")
    assert "slot 1" in result.output[opening:]


def test_bot_parameters_with_commas_stay_one_seat() -> None:
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "mcts:iters=5,depth=2,random", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["seats"] == ["mcts:iters=5,depth=2", "random"]


def test_line_mode_asks_what_then_where_and_reads_any_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(registry._LOADED, "tiny")
    result = runner.invoke(
        app,
        ["play", "postcards", "--seats", "human,automa:normal", "--seed", "5"],
        input="a\nback\na\na\n" + "a\n" * 12 + "quit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    first = out[out.index("Your choices") :]
    assert "▸" in first.split("seat 0>")[0]  # the first step: what, each opening a step
    assert "choices (back goes back):" in out and "seat 0 play " in out  # then where
    assert "only one choice, taken for you: end the turn" in out  # no prompt with one choice
    path = Path(out.split("play --resume ")[1].split()[0])
    steps = [str(s.action) for s in load_record(path).steps if s.seat == 0]
    assert "end" in steps

    typed = runner.invoke(
        app,
        ["play", "carteros", "--seats", "human,random", "--seed", "3"],
        input="MOVE a1\nPlay WIND\nquit\n",
    )
    assert "seat 0 enters at A1" in typed.output and "refused" not in typed.output


def test_version_and_help_in_words() -> None:
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and version.output.startswith("mailbag ")
    for command in (["play"], ["sim"], ["bench"], ["replay"], ["games"], []):
        shown = runner.invoke(app, [*command, "--help"])
        assert shown.exit_code == 0, shown.output
        assert "<" not in shown.output and "list[" not in shown.output, shown.output
    games = runner.invoke(app, ["games"])
    assert "engine seat" in games.output and "automa:expert" in games.output


@pytest.mark.parametrize(
    ("argv0", "expected"),
    [
        (".venv/bin/mailbag", ".venv/bin/mailbag"),
        ("mailbag", "mailbag"),
        ("/x/mailbag/__main__.py", "-m mailbag"),
    ],
)
def test_the_resume_hint_runs_as_typed(
    argv0: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from mailbag.terminal import command_name

    monkeypatch.setattr(sys, "argv", [argv0, "play"])
    assert command_name().endswith(expected)


def test_seats_have_names_everywhere() -> None:
    from mailbag.bots import split_seats
    from mailbag.core.records import load

    assert split_seats("alice=human,bob=mcts:iters=9,depth=4,greedy") == [
        "alice=human",
        "bob=mcts:iters=9,depth=4",
        "greedy",
    ]
    result = runner.invoke(
        app,
        ["play", "carteros", "--seats", "alice=human,bob=human,greedy", "--seed", "3"],
        input="ready\na\n" * 6 + "quit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Pass the keyboard to alice (human)." in out and "alice> " in out
    assert "0:human (alice), 1:human (bob), 2:greedy (seat 2)" in out
    saved = load(Path(out.split("play --resume ")[1].split()[0]))
    assert saved.names == ["alice", "bob", "seat 2"] and saved.seats == ["human", "human", "greedy"]
    same = runner.invoke(app, ["play", "tiny", "--seats", "x=random,x=random"])
    assert same.exit_code == 2 and "two seats have the same name" in same.output
