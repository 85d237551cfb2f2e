"""A person plays each game start to finish in the full-screen UI with keys only (against the
Automa or random bots); the typical screens are saved as screenshots at 120×40 and 80×24 and
checked for anything cut off."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from drive import (
    new_app,
    nothing_cut_off,
    options,
    pick,
    play_to_the_end,
    press,
    screen_text,
    settle,
    shoot,
)
from textual.containers import VerticalScroll

from mailbag.tui.screens import GameOver, Help

GAMES = [
    ("postcards", ["human", "automa:normal"]),
    ("post_office", ["human", "random"]),
    ("carteros", ["human", "random", "random"]),
]


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_a_whole_game_with_keys_only(name: str, seats: list[str]) -> None:
    async def run() -> None:
        app = new_app(name, seats, 21)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            counts = await play_to_the_end(pilot, app, 21)
            assert app.table.is_over()
            assert isinstance(app.screen, GameOver)
            shoot(app, f"{name}-over")
            nothing_cut_off(app)
            shown = screen_text(app)
            assert "final scores" in shown and "total" in shown and "place" in shown
            mine = [s for s in app.table.record.steps if s.seat == 0]
            assert counts["keys"] >= len(mine) // 3  # auto-taken choices need no key
            await pilot.press("q")
            await pilot.pause()
        assert app.return_value == "over"
        assert app.table.record.result is not None

    asyncio.run(run())


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_the_typical_screens_fit(name: str, seats: list[str], size: tuple[int, int]) -> None:
    async def run() -> None:
        app = new_app(name, seats, 8)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            shoot(app, f"{name}-decision")
            nothing_cut_off(app)
            if size == (120, 40):  # the whole of the board and of your area, no scrolling
                for pane in ("#board-pane", "#own-left", "#own-right"):
                    widget = app.query_one(pane)
                    if widget.display and widget.region.area:
                        assert widget.max_scroll_y == 0, pane
            for _ in range(12):  # on to a decision in steps (what, then where)
                assert app.menu is not None
                if any(c.is_step for c in app.menu.choices[:9]):
                    break
                await pick(pilot, app, 0)
            assert app.menu is not None
            step = next((i for i, c in enumerate(app.menu.choices[:9]) if c.is_step), None)
            assert step is not None or name == "carteros"  # Carteros: short decisions only
            if step is not None:
                await pick(pilot, app, step)
                assert app.path and options(app) == len(app.path[-1].children) + 1  # + "back"
                shoot(app, f"{name}-step")
                nothing_cut_off(app)
                children = app.path[-1].children[:9]
                inner = next((i for i, c in enumerate(children) if c.is_step), None)
                if inner is not None:
                    await pick(pilot, app, inner)
                    assert len(app.path) == 2
                    shoot(app, f"{name}-step2")
                    nothing_cut_off(app)
                    await press(pilot, app, "escape")
                await press(pilot, app, "escape")
                assert not app.path
            await press(pilot, app, "o")
            shoot(app, f"{name}-others")
            nothing_cut_off(app)
            await press(pilot, app, "question_mark")
            assert isinstance(app.screen, Help)
            shoot(app, f"{name}-help")
            nothing_cut_off(app)
            # the rule behind the decision comes first; the keys below it (scrolled to)
            app.screen.query_one(VerticalScroll).scroll_end(animate=False)
            await settle(pilot, app)
            shown = screen_text(app)
            for key in ("Esc", "undo", "save and quit", "Ctrl-C"):
                assert key in shown
            await press(pilot, app, "escape")
            if size == (80, 24):
                await press(pilot, app, "v")
                shoot(app, f"{name}-board")
                nothing_cut_off(app)
            await pilot.press("q")
        assert app.return_value == "stopped"

    asyncio.run(run())
