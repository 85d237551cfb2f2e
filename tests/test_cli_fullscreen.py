"""Which terminal UI ``mailbag play`` opens: full screen for people at a terminal with Textual
installed, line mode for ``--plain``, pipes and bots-only games; and what the full-screen game
prints once it is left (how to resume, or the result)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.cli import play as cli
from mailbag.core.records import load

pytest.importorskip("textual")

runner = CliRunner()


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_people_at_a_terminal_get_the_full_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", FakeTerminal())
    monkeypatch.setattr(sys, "stdout", FakeTerminal())
    assert cli.full_screen(False, ["human", "random"])
    assert not cli.full_screen(True, ["human", "random"])  # --plain
    assert not cli.full_screen(False, ["random", "random"])  # nobody to look at it
    monkeypatch.setattr("mailbag.tui.available", lambda: False)
    assert not cli.full_screen(False, ["human", "random"])  # the tui extra is not installed


def test_a_pipe_gets_line_mode() -> None:
    # the test runner's input and output are not terminals
    assert not cli.full_screen(False, ["human", "random"])
    result = runner.invoke(
        app, ["play", "carteros", "--seats", "human,random", "--plain"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Your choices" in result.output and "game saved to" in result.output


@pytest.mark.parametrize(("how", "code"), [("stopped", 0), ("interrupted", 130)])
def test_leaving_the_full_screen_says_how_to_resume(
    how: str, code: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from mailbag.tui.app import PlayApp

    def leave_at_once(self: PlayApp, *args: Any, **kwargs: Any) -> str:
        self.table.submit(0, self.table.legal_actions(0)[0])  # one decision, saved
        self.status_code = code
        return how

    monkeypatch.setattr(cli, "full_screen", lambda plain, seats: not plain)
    monkeypatch.setattr(PlayApp, "run", leave_at_once)
    monkeypatch.setattr(sys, "argv", ["mailbag"])  # as a person starts it (not the test runner)
    path = tmp_path / "g.jsonl"
    result = runner.invoke(
        app, ["play", "carteros", "--seats", "human,random", "--record", str(path)]
    )
    assert result.exit_code == code, result.output
    assert f"{how}: game saved to {path} after 1 decision;" in result.output  # singular
    assert f"mailbag play --resume {path}" in result.output
    assert len(load(path).steps) == 1
