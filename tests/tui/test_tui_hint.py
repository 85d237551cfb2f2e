"""The full screen's ``h`` key: a hint (the top three choices of a search on the seat's view)
written to the log when hints are allowed, each choice by the letters that pick it in the list on
screen (never a rank "1." that reads like an entry's number); nothing when hints are not
allowed."""

from __future__ import annotations

import asyncio
import re

import pytest

pytest.importorskip("textual")

from drive import WAIT, new_app, press, settle

from mailbag.plain import hint_lines
from mailbag.table.hints import compute_hint
from mailbag.table.keys import choice_keys

#: a hint's choice line: its keys (a step's, then its entry's), then what it does
KEYED = re.compile(r"\s+([a-z]{1,2}(?: ▸ [a-z]{1,2})*)\) ")


def test_h_writes_the_hint_to_the_log_only_when_allowed() -> None:
    async def run(allowed: bool) -> tuple[list[str], bool]:
        app = new_app("carteros", ["human", "random"], 6)
        app.hints = allowed
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            seat = app.showing
            assert seat == 0
            before = len(app.logs[seat])
            await press(pilot, app, "h")
            loop = asyncio.get_running_loop()
            deadline = loop.time() + WAIT
            lines: list[str] = []
            while allowed:  # the search runs in a thread: wait for its lines
                lines = [line.plain for line in app.logs[seat][before:]]
                if sum(bool(KEYED.match(line)) for line in lines) >= 3:
                    break
                assert loop.time() < deadline, lines
                await asyncio.sleep(0.05)
            if not allowed:
                lines = [line.plain for line in app.logs[seat][before:]]
                return lines, False
            view = app.table.view(seat)
            legal = app.table.legal_actions(seat)
            expected = compute_hint(app.game, seat, view, legal)
            assert app.menu is not None
            reserved = app.reserved
            assert lines[1:] == hint_lines(  # exactly the hint of the seat's view
                app.game,
                view,
                expected,
                app.menu,
                [],
                lambda entries: choice_keys(len(entries), reserved),
            )
            # the first choice's letters, pressed, make exactly that choice
            found = KEYED.match(lines[2])
            assert found is not None
            keys = [key for part in found.group(1).split(" ▸ ") for key in part]
            await press(pilot, app, *keys)
            mine = [step.action for step in app.table.record.steps if step.seat == seat]
            best = expected.choices[0].action
            return lines, mine[:1] == [best] or app.table.held is not None
        raise AssertionError("unreachable")

    shown, chose = asyncio.run(run(True))
    assert shown[0] == "thinking…"
    assert shown[1].startswith("hint (a search of 1000 iterations")
    assert all(KEYED.match(line) for line in shown[2:5]), shown
    assert not any(re.match(r"\s+[123]\. ", line) for line in shown)
    assert chose
    assert asyncio.run(run(False)) == ([], False)
