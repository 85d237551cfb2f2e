"""Bots think while you decide, where the rules allow it (issue 31): in a simultaneous phase
(every Post Office phase) the person's choices are on screen while a slow bot still thinks, the
status line says who thinks and for how long, and the person's choice goes to the table after
the bot's — the record in the order it always had — without showing the bot's choice before
the phase reveals it. Where seats take turns (Carteros) the person still waits for the bots."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest

pytest.importorskip("textual")

from drive import WAIT, Clock, nothing_cut_off, options, press, screen_text, settle, shoot
from test_tui_layout import wait_for
from test_tui_menus import status

from mailbag.core import Action, Observation
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.table import MemoryStore, Table
from mailbag.tui.app import PlayApp


class SlowBot:
    """A bot that thinks until the test lets it answer (bounded), then takes the first
    choice."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.answer = threading.Event()
        self.chose: list[Action] = []

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        self.thinking.set()
        self.answer.wait(WAIT)
        self.chose.append(legal[0])
        return legal[0]


def slow_app(name: str, seats: list[str]) -> tuple[PlayApp, SlowBot]:
    game = get(name)
    bot = SlowBot()
    record = GameRecord(game.spec.name, game.spec.resolve_options(), 5, seats)
    agents = {s: bot for s, kind in enumerate(seats) if kind != "human"}
    table = Table.open(game, record, MemoryStore(), agents)
    app = PlayApp(table, [s for s, kind in enumerate(seats) if kind == "human"])
    app.bots.clock = Clock()
    return app, bot


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_you_choose_while_a_slow_bot_thinks(size: tuple[int, int]) -> None:
    async def run() -> None:
        app, bot = slow_app("post_office", ["human", "random"])
        clock = app.bots.clock
        assert isinstance(clock, Clock)
        async with app.run_test(size=size) as pilot:
            assert await asyncio.to_thread(bot.thinking.wait, WAIT)
            await wait_for(
                pilot, lambda: app.menu is not None and options(app) > 0, "the person's choices"
            )
            step = app.table.step
            assert not bot.answer.is_set() and app.bots.running  # the bot is still thinking
            assert app.table.deciders() == (0, 1)  # both choose in this phase
            clock.advance(3)
            await wait_for(pilot, lambda: "thinking… 3 s" in status(app), "the time it thinks")
            assert "seat 1 (random) thinking… 3 s" in screen_text(app)
            shoot(app, "bots-thinking")
            nothing_cut_off(app)
            assert app.menu is not None
            first, second = app.menu.choices[0].action, app.menu.choices[1].action
            assert first is not None and second is not None
            await pilot.press(app.keys[0])  # chosen: it waits for the bot's choice
            await wait_for(pilot, lambda: app.pending is not None, "the choice pending")
            assert app.pending == first and app.table.step == step
            assert "it goes in once the bots have chosen" in status(app)
            await pilot.press("u")  # not sent yet: taken back, the same choices again
            await wait_for(pilot, lambda: app.pending is None and options(app) > 0, "the choices")
            assert app.table.step == step
            await pilot.press(app.keys[1])
            await wait_for(pilot, lambda: app.pending == second, "the other choice pending")
            bot.answer.set()
            await settle(pilot, app)  # the bot's choice in, then the person's: it waits
            held = app.table.held
            assert held is not None and held.seat == 0 and held.action == second
            await press(pilot, app, "space")  # revealed
            steps = app.table.record.steps[step:]
            assert [s.seat for s in steps[:2]] == [1, 0]  # the bot's first, as always
            assert steps[0].action == bot.chose[0] and steps[1].action == second
            await pilot.press("q")

    asyncio.run(run())


def test_the_bots_choice_is_not_shown_before_the_reveal() -> None:
    """While the person chooses, the bot's choice is in the table (it went first) yet nothing
    on the screen shows which it was: only that the seat has chosen."""

    async def run() -> None:
        app, bot = slow_app("post_office", ["human", "random"])
        bot.answer.set()  # the bot answers at once
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            assert app.table.step >= 1 and app.table.record.steps[-1].seat == 1
            chose = bot.chose[0]
            assert app.table.deciders() == (0,)
            seen = app.table.view(0)
            text = screen_text(app)
            told = app.game.presentation.describe_action(app.table.view(1), chose)
            assert told not in text
            assert app.game.presentation.describe_action(seen, chose) not in text
            await pilot.press("q")

    asyncio.run(run())


def test_in_turns_the_person_waits_and_sees_who_thinks() -> None:
    async def run() -> None:
        app, bot = slow_app("carteros", ["random", "human"])
        clock = app.bots.clock
        assert isinstance(clock, Clock)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await asyncio.to_thread(bot.thinking.wait, WAIT)
            clock.advance(2)
            await wait_for(pilot, lambda: "thinking… 2 s" in status(app), "the time it thinks")
            assert app.busy and options(app) == 0  # nothing to choose in another's turn
            nothing_cut_off(app)
            bot.answer.set()
            await settle(pilot, app)
            await pilot.press("q")

    asyncio.run(run())
