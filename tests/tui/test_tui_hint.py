"""The full screen's ``h`` key: a hint (the top three choices of a search on the seat's view)
written to the log when hints are allowed; nothing when they are not."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from drive import new_app, press, settle

from mailbag.table.hints import compute_hint, hint_lines


def test_h_writes_the_hint_to_the_log_only_when_allowed() -> None:
    async def run(allowed: bool) -> list[str]:
        app = new_app("carteros", ["human", "random"], 6)
        app.hints = allowed
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            seat = app.showing
            assert seat == 0
            before = len(app.logs[seat])
            await press(pilot, app, "h")
            for _ in range(200):  # the search runs in a thread: wait for its lines
                lines = [line.plain for line in app.logs[seat][before:]]
                if not allowed or any(line.lstrip().startswith("3.") for line in lines):
                    break
                await asyncio.sleep(0.05)
            view = app.table.view(seat)
            expected = compute_hint(app.game, seat, view, app.table.legal_actions(seat))
            if allowed:  # exactly the hint of the seat's view
                assert lines[1:] == hint_lines(app.game, view, expected)
            return lines

    shown = asyncio.run(run(True))
    assert shown[0] == "thinking…"
    assert shown[1].startswith("hint (a search of 1000 iterations")
    assert [line.lstrip()[:2] for line in shown[2:5]] == ["1.", "2.", "3."]
    assert asyncio.run(run(False)) == []
