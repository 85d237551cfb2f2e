"""Line mode: bots think while the person decides where the rules allow it (issue 31). In a
simultaneous phase (every Post Office phase) the bot starts working out its choice as soon as the
person is shown theirs; the person's choice goes to the table after the bot's (the record in the
order it always had), a person who acts while a bot still thinks is told whom they wait for and
how long it has thought, and each phase says how long the bots thought. Where seats take turns
(Carteros) the bots still decide before the person is asked."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import mailbag.terminal as terminal
from mailbag.core import Action, Observation
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.table import Table

#: a bound on waiting for a thread (only a hang reaches it)
WAIT = 60.0


class SlowBot:
    """A bot that thinks until the test lets it answer (bounded), then takes the first choice;
    it notes whether the person had been asked when it began."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.answer = threading.Event()
        self.chose: list[Action] = []
        #: the thread each choice was worked out on
        self.threads: list[str] = []

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        self.thinking.set()
        self.threads.append(threading.current_thread().name)
        assert self.answer.wait(WAIT)
        self.chose.append(legal[0])
        return legal[0]


def play(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    bot: SlowBot,
    answer: Callable[[Table, str, int], str | None],
) -> tuple[str, Table]:
    """Line mode at ``name``, the person at seat 0 against ``bot``; ``answer(table, prompt,
    count)`` types each line (``None``: the end of input, which saves and stops)."""
    game = get(name)
    record = GameRecord(game.spec.name, game.spec.resolve_options(), 5, ["human", "random"])
    tables: list[Table] = []
    opened = terminal.open_table

    def open_table(*args: Any) -> Table | None:
        table = opened(*args)
        assert table is not None
        table.agents = {1: bot}  # before the thinker wraps them
        tables.append(table)
        return table

    monkeypatch.setattr(terminal, "open_table", open_table)
    count = [0]

    def typed(prompt: str) -> str:
        count[0] += 1
        assert count[0] < 200, "too many prompts"
        line = answer(tables[0], prompt, count[0])
        if line is None:
            raise EOFError
        return line

    monkeypatch.setattr("builtins.input", typed)
    out = io.StringIO()
    monkeypatch.setattr(terminal.console, "_file", out)  # undone to None: sys.stdout again
    terminal.play_in_terminal(
        record, save_path=tmp_path / "g.jsonl", json_out=False, resumed=False, hints=False
    )
    return out.getvalue(), tables[0]


def test_the_bot_thinks_while_you_choose_and_still_chooses_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bot = SlowBot()
    seen: dict[str, Any] = {}

    def answer(table: Table, prompt: str, count: int) -> str | None:
        if count == 1:  # the person is asked while the bot still thinks
            seen["thinking"] = bot.thinking.wait(WAIT)
            seen["answered"] = bot.answer.is_set()
            seen["step"] = table.step
            threading.Timer(0.5, bot.answer.set).start()  # it answers while you wait
        if table.step >= 2:
            return None
        return "ok" if table.held is not None else "a"

    out, table = play(monkeypatch, tmp_path, "post_office", bot, answer)
    assert seen == {"thinking": True, "answered": False, "step": 0}
    steps = table.record.steps
    assert [s.seat for s in steps[:2]] == [1, 0]  # the bot's first, as always
    assert steps[0].action == bot.chose[0] and bot.threads[0] == "mailbag-bots-ahead"
    assert "waiting for seat 1, thinking for 0 seconds…" in out
    assert "the bots thought while you chose: seat 1 " in out


def test_where_seats_take_turns_the_bot_decides_before_you_are_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bot = SlowBot()
    bot.answer.set()

    def answer(table: Table, prompt: str, count: int) -> str | None:
        if count > 6:
            return None
        return "a"

    out, _table = play(monkeypatch, tmp_path, "carteros", bot, answer)
    assert "the bots thought while you chose" not in out
    assert bot.chose and set(bot.threads) == {"MainThread"}  # in turn, before you are asked
