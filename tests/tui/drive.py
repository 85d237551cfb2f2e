"""Driving the full-screen UI in tests: a table in memory, the app run headless by Textual's
Pilot, keys only; waiting on the app's own "idle" signal (bounded), never on the clock; SVG and
text screenshots saved under tests/artifacts/tui/ (ignored by git) for people to look at."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from mailbag.bots import make_agents
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.table import MemoryStore, Table
from mailbag.tui.app import PlayApp
from mailbag.tui.screens import GameOver, Gate, HandOver

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts" / "tui"
#: a bound on waiting for the bots (only a hang reaches it)
WAIT = 120.0


class Clock:
    """The app's clock in a test: time moves only when the test says (the hot-seat screens'
    guard is measured on it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def new_app(name: str, seats: list[str], seed: int, names: list[str] | None = None) -> PlayApp:
    game = get(name)
    record = GameRecord(game.spec.name, game.spec.resolve_options(), seed, seats, names=names)
    table = Table.open(game, record, MemoryStore(), make_agents(game, seats, seed))
    app = PlayApp(table, [i for i, kind in enumerate(seats) if kind == "human"])
    app.clock = Clock()
    return app


async def go_on(pilot: Pilot[Any], app: PlayApp) -> None:
    """Leave a hot-seat screen as a person does: once its guard is over, Space."""
    gate = app.screen
    assert isinstance(gate, Gate), gate
    clock = app.clock
    assert isinstance(clock, Clock)
    clock.advance(gate.guard + 0.01)
    await press(pilot, app, "space")


async def settle(pilot: Pilot[Any], app: PlayApp) -> None:
    """Wait until the app waits for a person (the bots have played), then for the screen."""
    await pilot.pause()
    await asyncio.wait_for(app.idle.wait(), WAIT)
    await pilot.pause()


async def press(pilot: Pilot[Any], app: PlayApp, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot, app)


def options(app: PlayApp) -> int:
    return app.query_one("#choices", OptionList).option_count


async def pick(pilot: Pilot[Any], app: PlayApp, index: int, reveal: bool = True) -> None:
    """Choose entry ``index`` of the list on screen by its key (one letter or two); a choice
    that completes a simultaneous phase waits to be revealed: Space reveals it (``reveal``)."""
    assert 0 <= index < len(app.keys), (index, app.keys)
    await press(pilot, app, *app.keys[index])
    if reveal:
        await reveal_held(pilot, app)


async def reveal_held(pilot: Pilot[Any], app: PlayApp) -> None:
    """Space, while a choice of the person at the screen waits to be revealed."""
    for _ in range(10):
        held = app.table.held
        if held is None or held.revealer != app.showing or isinstance(app.screen, Gate):
            return
        await press(pilot, app, "space")
        assert app.table.held is not held
    raise AssertionError("a choice still waits after ten Spaces")


async def play_to_the_end(
    pilot: Pilot[Any], app: PlayApp, seed: int, limit: int = 4000
) -> dict[str, int]:
    """Choose at random with the entries' letter keys (Space at a hot-seat screen) until the
    game is over."""
    rnd = random.Random(seed)
    counts = {"keys": 0, "handovers": 0}
    for _ in range(limit):
        await settle(pilot, app)
        if isinstance(app.screen, GameOver):
            return counts
        if isinstance(app.screen, Gate):
            counts["handovers"] += isinstance(app.screen, HandOver)
            await go_on(pilot, app)
            continue
        entries = len(app.path[-1].children if app.path else app.menu.choices)  # type: ignore[union-attr]
        await pick(pilot, app, rnd.randrange(entries))
        counts["keys"] += 1
    raise AssertionError(f"the game did not end within {limit} keys")


def screen_text(app: PlayApp) -> str:
    """What is on the screen, as text (the SVG screenshot's characters)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def shoot(app: PlayApp, name: str) -> Path:
    """Save the screen as SVG (and text) under tests/artifacts/tui/; returns the SVG path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    width, height = app.size
    stem = f"{name}-{width}x{height}"
    svg = ARTIFACTS / f"{stem}.svg"
    svg.write_text(app.export_screenshot(title=stem), encoding="utf-8")
    (ARTIFACTS / f"{stem}.txt").write_text(screen_text(app), encoding="utf-8")
    print(f"screenshot: {svg}")
    return svg


def nothing_cut_off(app: PlayApp) -> None:
    """Every widget shown lies inside the screen; no pane needs scrolling sideways; the choices
    are shown with room for at least three entries; the status line and the keys are there."""
    screen = app.screen.region
    for widget in app.screen.walk_children():
        if not widget.display or not widget.visible or widget.region.area == 0:
            continue
        scrolled = [a for a in widget.ancestors if getattr(a, "is_scrollable", False)]
        if any(a.max_scroll_y or a.max_scroll_x for a in scrolled):
            continue  # inside a pane that scrolls: reached by scrolling it
        region = widget.region
        assert screen.contains_region(region), f"{widget!r} at {region} is off {screen}"
        if widget.is_scrollable:
            assert widget.max_scroll_x == 0, f"{widget!r} scrolls sideways"
        elif isinstance(widget, Static):  # all its text shown (a pane scrolls it, if need be)
            inner = widget.content_region
            needed = widget.get_content_height(inner.size, app.size, inner.width)
            assert needed <= inner.height, f"{widget!r} needs {needed} rows, has {inner.height}"
    if isinstance(app.screen, Gate | GameOver):
        return
    choices = app.query_one("#choices", OptionList)
    assert choices.region.height >= 4 and choices.region.width >= 30, choices.region
    status = app.query_one("#status")
    assert status.region.height == 1 and status.region.y == 0
