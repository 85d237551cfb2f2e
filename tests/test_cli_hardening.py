"""No input ends in a traceback, and no game is lost to a bad path: every bad record, component
file, prompt entry or ``--record`` path is one ``error: …`` line (exit status 2) or a refusal at
the prompt, decided before anything is played."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from tiny import TinyGame
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.core import RecordError, registry
from mailbag.core.records import GameRecord, load, write_atomic

runner = CliRunner()

HEADER = {
    "mailbag_record": 1,
    "game": "tiny",
    "options": {},
    "seed": 1,
    "seats": ["random", "random"],
}


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._LOADED, "tiny", TinyGame())


def one_error_line(args: list[str], expected: str, stdin: str | None = None) -> None:
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert expected in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def write(path: Path, data: bytes | str) -> Path:
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return path


def header(**changes: object) -> str:
    return json.dumps({**HEADER, **changes})


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (header().encode() + b"\n\xff\xfe\n", "line 2: not UTF-8 text"),
        ("[" * 100_000 + "]" * 100_000, "line 1 is not valid JSON"),
        (header().replace('"seed": 1', '"seed": 1' + "0" * 5000), "line 1 is not valid JSON"),
        (header(seed=2**64), "'seed' must be an integer from 0 to 2**64-1"),
        (header(seed=-1), "'seed' must be an integer from 0 to 2**64-1"),
        (header() + '\n{"seat": 10000000000000000000000, "action": "play 1"}', "line 2: expected"),
        (header() + '\n{"seat": 0, "action": "play 1' + "1" * 5000 + '"}', "at most 200"),
        (header() + '\n{"seat": 0, "action": {"a": ' * 5000, "line 2 is not valid JSON"),
        (header(components=7), "'components' must be {source, sha256, text}"),
        (header(components="/dev/zero"), "names its component file by path"),
        (header(options={"hand": [1]}), "option 'hand' has a value that is not an option"),
        (header(seats=["random"] * 99), "must list 1–16 seat kinds"),
    ],
)
def test_a_bad_record_is_one_error_line(
    tmp_path: Path, content: bytes | str, expected: str
) -> None:
    path = write(tmp_path / "bad.jsonl", content)
    one_error_line(["replay", str(path)], expected)
    one_error_line(["play", "--resume", str(path)], expected)


def test_component_data_in_a_record_is_checked_against_its_hash(tmp_path: Path) -> None:
    components = {"source": "mine.toml", "sha256": "0" * 64, "text": "x = 1"}
    path = write(tmp_path / "r.jsonl", header(components=components))
    one_error_line(["replay", str(path)], "does not match its SHA-256")


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda d: d / "missing" / "g.jsonl", "does not exist"),
        (lambda d: d, "it is a folder"),
        (lambda d: write(d / "notes.txt", "my shopping list\n"), "is not a mailbag record"),
    ],
)
def test_a_bad_record_path_fails_before_the_game(tmp_path: Path, make, expected: str) -> None:  # type: ignore[no-untyped-def]
    target = make(tmp_path)
    before = target.read_bytes() if target.is_file() else None
    one_error_line(
        ["play", "tiny", "--seats", "human,random", "--record", str(target)], expected, "a\n"
    )
    if before is not None:
        assert target.read_bytes() == before  # never overwritten


def test_another_games_record_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    first = runner.invoke(app, ["play", "tiny", "--seats", "random,random", "--record", str(path)])
    assert first.exit_code == 0, first.output
    before = path.read_bytes()
    one_error_line(
        ["play", "tiny", "--seats", "random,random", "--record", str(path)],
        "already holds the record of another game",
    )
    assert path.read_bytes() == before


def test_a_record_can_be_resumed_into_itself_and_into_a_new_file(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    started = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random", "--record", str(path)], input="a\nquit\n"
    )
    assert started.exit_code == 0, started.output
    copy = tmp_path / "copy.jsonl"
    resumed = runner.invoke(
        app, ["play", "--resume", str(path), "--record", str(copy)], input="a\n" * 10
    )
    assert resumed.exit_code == 0, resumed.output
    assert load(copy).result is not None and load(path).result is None
    assert load(copy).steps[:1] == load(path).steps[:1]


@pytest.mark.parametrize("entry", ["²", "1" + "0" * 5000, "٣", "play " + "9" * 30, "\x00"])
def test_any_entry_at_the_prompt_is_refused_and_the_game_goes_on(entry: str) -> None:
    result = runner.invoke(
        app, ["play", "tiny", "--seats", "human,random"], input=f"{entry}\na\nquit\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "no choice" in out or "is no key and no action" in out or "refused:" in out, out
    assert "0" * 100 not in out  # a long line is not said back whole
    path = Path(result.output.split("play --resume ")[1].split()[0])
    assert len(load(path).steps) >= 1  # the "a" after the bad entry was played and saved


def test_components_must_be_a_small_utf8_file(tmp_path: Path) -> None:
    one_error_line(
        ["play", "postcards", "--components", "/dev/zero"], "/dev/zero: not a regular file"
    )
    bad = write(tmp_path / "c.toml", b"\xff\xfe = 1\n")
    one_error_line(["play", "postcards", "--components", str(bad)], "not UTF-8 text")
    big = write(tmp_path / "big.toml", b"#" * (2 << 20))
    one_error_line(["play", "postcards", "--components", str(big)], "not a component file")


def test_a_game_with_own_components_carries_them_and_replays(tmp_path: Path) -> None:
    from importlib import resources

    text = resources.files("mailbag.games.carteros").joinpath("data/components.toml")
    shipped = text.read_text(encoding="utf-8")
    changed = shipped.replace("count = 20", "count = 19", 1).replace("count = 8", "count = 9", 1)
    mine = write(tmp_path / "mine.toml", changed)
    path = tmp_path / "g.jsonl"
    args = ["play", "carteros", "--seats", "random,random", "--components", str(mine)]
    played = runner.invoke(app, [*args, "--record", str(path)])
    assert played.exit_code == 0, played.output
    mine.unlink()  # the record does not need the file any more
    saved = load(path)
    assert saved.components is not None and "count = 19" in saved.components.text
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output


def test_a_failed_save_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.jsonl"
    record = GameRecord("tiny", {}, 1, ["random", "random"])
    record.save(path)
    before = path.read_bytes()

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    record.seed = 2
    with pytest.raises(RecordError, match="No space left on device"):
        write_atomic(path, record.dumps())
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]  # no temporary file left


def test_a_misclick_is_taken_back_with_undo() -> None:
    # a opens the first card's step (what), the next a plays it (where)
    result = runner.invoke(
        app,
        ["play", "postcards", "--seats", "human,random", "--seed", "5"],
        input="a\na\nundo\nundo\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "took back: play" in result.output
    assert "cannot undo: you have decided nothing yet" in result.output
    path = Path(result.output.split("play --resume ")[1].split()[0])
    assert load(path).steps == []


def test_replay_shows_a_record_s_seat_kinds_escaped(tmp_path: Path) -> None:
    """A record written by hand may hold any text as a seat kind: ``replay`` shows it with its
    control characters escaped and its brackets as text (never a screen clear, never markup)."""
    path = tmp_path / "odd.jsonl"
    kind = "random\x1b[2J\u202e[red]x"
    path.write_text(GameRecord("tiny", {}, 1, ["random", kind]).dumps(), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output
    assert "\\u001b[2J\\u202e[red]x" in result.output, result.output
