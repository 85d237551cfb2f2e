"""Hot seat: between two people sharing the screen, the screen is cleared and the game waits for
the next person; nothing private of one seat is on screen while the other decides."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from mailbag.cli import app

runner = CliRunner()


@pytest.mark.parametrize("name", ["postcards", "carteros", "post_office"])
def test_each_person_sees_only_their_own_things_after_the_hand_over(name: str) -> None:
    result = runner.invoke(
        app,
        ["play", name, "--seats", "human,human", "--seed", "3"],
        input="ready\na\n\nok\n" * 40,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    handover = r"Pass the keyboard to seat (\d) \(human\)\."
    handovers = re.findall(handover, out)
    assert len(handovers) >= 3 and {"0", "1"} <= set(handovers)
    pieces = re.split(handover.replace("(\\d)", r"\d"), out)
    for seat, before, after in zip(handovers, pieces, pieces[1:], strict=False):
        other = "1" if seat == "0" else "0"
        if "stopped: game saved" in after and "your decision" not in after:
            continue  # the input ran out at this hand-over: the game was saved
        # the screen was cleared right before the hand-over and right after the "ready"
        assert before.rstrip(" \n").endswith("\f"), before[-200:]
        waiting, _sep, shown = after.partition("\f")
        assert "type ready when you have the keyboard" in waiting
        assert "your decision" not in waiting and "(you)" not in waiting
        # from the hand-over to the next one, only this seat's decisions and views
        assert f"seat {other} — your decision" not in shown
        assert f"seat {seat} — your decision" in shown
        assert f"seat {other} (you)" not in shown and f"seat {other}> " not in shown


def test_one_person_against_bots_gets_no_hand_over() -> None:
    result = runner.invoke(app, ["play", "carteros", "--seats", "human,random"], input="quit\n")
    assert "Pass the keyboard" not in result.output and "\f" not in result.output
    assert "your turn is over" not in result.output
