"""A decision with no effect on the game is taken for the person (Table.forced): the full screen
and line mode play it without asking and say so with one line in the log, in words."""

from __future__ import annotations

import asyncio
import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

pytest.importorskip("textual")

from drive import pick, settle
from fakegame import TURNS_EACH, ForcingGame, fake_app

from mailbag.core.records import GameRecord


def test_the_full_screen_takes_a_forced_decision_with_a_line() -> None:
    async def run() -> tuple[list[str], list[int], list[str]]:
        app = fake_app(ForcingGame(), ("human", "random"))
        asked: list[int] = []
        async with app.run_test(size=(100, 30)) as pilot:
            for _turn in range(3 * TURNS_EACH):
                await settle(pilot, app)
                if app.table.is_over():
                    break
                if app.menu is not None:
                    asked.append(len(app.table.view(0)["hand"]))
                    await pick(pilot, app, 0)
            assert app.table.is_over()
            mine = [s.action for s in app.table.record.steps if s.seat == 0]
            return [line.plain for line in app.logs[0]], asked, [str(a) for a in mine]

    log, asked, mine = asyncio.run(run())
    assert 2 not in asked  # never asked with two cards left
    assert len(mine) == TURNS_EACH
    forced = [line for line in log if line.strip().startswith("taken for you:")]
    assert len(forced) == 1, log
    assert forced[0].strip().endswith(mine[2])  # the fake has no words: its notation


def test_line_mode_takes_a_forced_decision_with_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import mailbag.terminal as terminal

    game = ForcingGame()
    monkeypatch.setattr(terminal, "game_for_record", lambda record: game)
    record = GameRecord(game.spec.name, {}, 5, ["human", "random"])
    answers = iter(["a"] * 20)
    prompts: list[str] = []

    def typed(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", typed)
    out = io.StringIO()
    with redirect_stdout(out):
        monkeypatch.setattr(terminal.console, "_file", out)  # undone to None: sys.stdout again
        status = terminal.play_in_terminal(
            record, save_path=tmp_path / "g.jsonl", json_out=False, resumed=False, hints=False
        )
    text = out.getvalue()
    assert status == 0, text
    assert len(prompts) == TURNS_EACH - 2  # asked with 4 and 3 cards; 2 forced, 1 single
    forced = [line for line in text.splitlines() if line.strip().startswith("taken for you:")]
    assert len(forced) == 1, text
    mine = [str(step.action) for step in record.steps if step.seat == 0]
    assert forced[0].strip() == f"taken for you: {mine[2]}" and len(mine) == TURNS_EACH
