"""The record saved while a game is played keeps its seed sealed (the seed is the whole deal,
shown only once the game is over): the game resumes and replays from it, and the finished
record holds the plain seed (mailbag.core.seal, mailbag.table.FileStore)."""

from __future__ import annotations

import base64
import json
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mailbag.bots import make_agents
from mailbag.cli import app
from mailbag.core import RecordError
from mailbag.core.records import GameRecord, load, loads, replay_steps
from mailbag.core.seal import keys_dir
from mailbag.table import FileStore, Table, game_for_record

SEED = 8_106_521_093_377_129_347


def _encodings(seed: int) -> list[str]:
    """The seed as a number in every obvious way it could be written."""
    raw = [seed.to_bytes(8, order) for order in ("big", "little")]
    found = [str(seed), f"{seed:x}", f"{seed:X}", f"{seed:016x}", oct(seed)[2:], bin(seed)[2:]]
    for data in raw:
        found += [data.hex(), base64.b64encode(data).decode().rstrip("=")]
        found += [base64.b32encode(data).decode().rstrip("="), base64.a85encode(data).decode()]
    return found


def _open(path: Path, record: GameRecord) -> Table:
    game = game_for_record(record)
    return Table.open(game, record, FileStore(path), make_agents(game, record.seats, record.seed))


def _play(table: Table, decisions: int) -> None:
    for _ in range(decisions):
        if table.is_over():
            return
        table.advance()
        if table.is_over():
            return
        seat = table.waiting_for()[0]
        table.submit(seat, table.legal_actions(seat)[0])


@pytest.mark.parametrize("game", ["postcards", "carteros", "post_office"])
def test_the_autosave_of_a_game_in_progress_holds_no_seed(tmp_path: Path, game: str) -> None:
    path = tmp_path / "game.jsonl"
    seats = ["human", "greedy"]
    table = _open(path, GameRecord(game, {}, SEED, seats, names=["ann", "bob"]))
    _play(table, 6)
    table.close()
    assert not table.is_over()
    text = path.read_text(encoding="utf-8")
    for shown in _encodings(SEED):
        assert shown not in text and shown.lower() not in text.lower(), shown
    header = json.loads(text.split("\n")[0])
    assert "seed" not in header and set(header["sealed"]) == {"seed", "key", "check"}
    key = keys_dir() / f"{header['sealed']['key']}.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(keys_dir().stat().st_mode) == 0o700
    assert str(SEED) not in key.read_text()

    saved = load(path)  # resumes: the seed comes back from the key
    assert saved.seed == SEED and len(saved.steps) == len(table.record.steps)
    assert [e.index for e in replay_steps(game_for_record(saved), saved)][-1] == len(saved.steps)
    resumed = _open(path, saved)
    assert resumed.state == table.state
    for _ in range(3000):
        if resumed.is_over():
            break
        _play(resumed, 1)
    assert resumed.is_over()
    resumed.close()
    finished = path.read_text(encoding="utf-8")
    assert json.loads(finished.split("\n")[0])["seed"] == SEED  # over: the plain seed
    assert "sealed" not in finished and not key.exists()
    assert load(path).result is not None


def test_a_sealed_record_without_its_key_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    table = _open(path, GameRecord("carteros", {}, SEED, ["human", "random"]))
    _play(table, 2)
    table.close()
    text = path.read_text(encoding="utf-8")
    header = json.loads(text.split("\n")[0])
    header["sealed"]["check"] = "0" * 16
    with pytest.raises(RecordError, match="does not open this game's seal"):
        loads(json.dumps(header) + "\n")
    header["sealed"]["key"] = "../../etc/passwd"
    with pytest.raises(RecordError, match="header field 'sealed' must be"):
        loads(json.dumps(header) + "\n")
    for key in keys_dir().iterdir():
        os.unlink(key)
    with pytest.raises(RecordError, match=r"sealed and its key .* is not in"):
        loads(text)
    with pytest.raises(RecordError, match="sealed and its key"):  # never overwritten either
        _open(path, GameRecord("carteros", {}, SEED, ["human", "random"]))
    assert path.read_text(encoding="utf-8") == text


def test_play_resume_and_replay_read_the_sealed_autosave(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    runner = CliRunner()
    seat_args = ["--seats", "human,random", "--seed", str(SEED), "--record", str(path)]
    args = ["play", "carteros", *seat_args, "--plain"]
    started = runner.invoke(app, args, input="a\na\nquit\n")
    assert started.exit_code == 0, started.output
    assert str(SEED) not in path.read_text(encoding="utf-8")
    shown = runner.invoke(app, ["replay", str(path)])
    assert shown.exit_code == 0 and "unfinished game" in shown.output, shown.output
    again = runner.invoke(app, ["play", "--resume", str(path), "--plain"], input="quit\n")
    assert again.exit_code == 0, again.output
    assert load(path).seed == SEED
