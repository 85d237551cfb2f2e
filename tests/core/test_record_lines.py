"""Reading a record line by line: only a torn last line may be dropped, and the seats' names
follow the one name rule (mailbag.core.names) in a record as on the command line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.cli.play import split_names
from mailbag.core import RecordError, SeatError
from mailbag.core.names import SeatNameError
from mailbag.core.records import GameRecord, loads, replay
from mailbag.games import get
from mailbag.sim.runner import play_game


def _record(decisions: int) -> str:
    """A Carteros record between bots of at least ``decisions`` decisions, cut to that many."""
    record = play_game(get("carteros"), ["random", "random"], {}, 3, digests=True).record
    assert len(record.steps) >= decisions
    record.steps = record.steps[:decisions]
    record.result = None
    return record.dumps()


def test_a_corrupt_middle_line_is_an_error_even_without_a_final_newline() -> None:
    text = _record(110).rstrip("\n")
    lines = text.split("\n")
    lines[2] = lines[2][: len(lines[2]) // 2]  # line 3 (the 2nd decision): half a line
    with pytest.raises(RecordError, match="line 3"):
        loads("\n".join(lines), "game.jsonl")


def test_only_a_torn_last_line_is_dropped_with_a_warning() -> None:
    text = _record(110).rstrip("\n")
    torn = text[: text.rindex("\n") + 20]  # the last decision's line half written
    record = loads(torn, "game.jsonl")
    assert len(record.steps) == 109
    assert any("line 111 is incomplete" in w for w in record.warnings)
    with pytest.raises(RecordError, match="line 111"):  # complete but broken: an error
        loads(torn + "\n", "game.jsonl")
    assert len(loads(text).steps) == 110  # a complete last line without a newline is kept


def _with_names(names: object) -> str:
    header = json.loads(_record(2).split("\n")[0])
    header["names"] = names
    return json.dumps(header) + "\n"


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("x" * 21, "at most 20 characters"),
        ("ann\x1b[2J", "U\\+001B"),
        ("bob\u202e", "U\\+202E"),
        ("  ", "cannot be empty"),
        (7, "a name is text"),
    ],
)
def test_a_record_name_that_breaks_the_name_rule_is_refused_naming_the_seat(
    name: object, problem: str
) -> None:
    with pytest.raises(RecordError, match=problem) as caught:
        loads(_with_names(["ann", name]), "game.jsonl")
    assert "seat 1" in str(caught.value) and "\x1b" not in str(caught.value)
    assert "\u202e" not in str(caught.value)


def test_record_names_within_the_rule_load() -> None:
    record = loads(_with_names(["Zoë", "bob 2"]))
    assert record.names == ["Zoë", "bob 2"]
    with pytest.raises(RecordError, match="must name every seat"):
        loads(_with_names(["ann"]))


def test_seats_names_on_the_command_line_follow_the_name_rule() -> None:
    assert split_names(["ann=human", "greedy"]) == (["ann", "seat 1"], ["human", "greedy"])
    with pytest.raises(SeatNameError, match="seat 1: a name has at most 20"):
        split_names(["human", "a" * 21 + "=human"])
    with pytest.raises(SeatNameError, match=r"seat 0: .*U\+001B"):
        split_names(["a\x1bb=human", "greedy"])
    with pytest.raises(SeatError, match=r"seat 0 .*starts with a letter"):
        split_names(["zoë=human", "greedy"])
    assert split_names(["mcts:iters=5", "greedy"]) == (None, ["mcts:iters=5", "greedy"])
    assert split_names(["greedy", "depth=4"]) == (None, ["greedy", "depth=4"])  # a kind's fault
    shown = CliRunner().invoke(app, ["play", "carteros", "--seats", "b" * 25 + "=human,random"])
    assert shown.exit_code != 0 and "the name of seat 0" in shown.output
    assert "Traceback" not in shown.output


def test_a_named_record_still_replays() -> None:
    record = play_game(get("carteros"), ["random", "random"], {}, 4, digests=True).record
    record.names = ["ann", "bob"]
    replay(get("carteros"), loads(record.dumps()))
    assert isinstance(record, GameRecord)
