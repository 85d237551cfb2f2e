"""Taking back a misclick in each game, the hot-seat hand-over, and stopping: ``q`` and Ctrl-C
save and leave, even while a bot thinks, and a bot never commits a decision after that."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Sequence

import pytest

pytest.importorskip("textual")

from drive import go_on, new_app, nothing_cut_off, pick, press, screen_text, settle, shoot
from textual.widgets import OptionList

from mailbag.core import Action, Observation
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.table import MemoryStore, Table
from mailbag.tui.app import PlayApp
from mailbag.tui.screens import HandOver, TurnDone


def shown_choices(app: PlayApp) -> list[str]:
    assert app.menu is not None
    return [c.notation for c in app.menu.choices]


async def decide(app: PlayApp, pilot, rnd: random.Random) -> None:  # type: ignore[no-untyped-def]
    """One decision with the letter keys: into the steps until something is submitted."""
    before = app.table.step
    for _ in range(10):
        entries = app.path[-1].children if app.path else app.menu.choices  # type: ignore[union-attr]
        await pick(pilot, app, rnd.randrange(len(entries)))  # Space if it waits to be revealed
        if app.table.step > before:
            return
    raise AssertionError("no decision after 10 keys")


@pytest.mark.parametrize(
    ("name", "seats"),
    [("postcards", ["human", "automa:normal"]), ("carteros", ["human", "random"])],
)
def test_a_misclick_is_taken_back_with_u(name: str, seats: list[str]) -> None:
    async def run() -> None:
        app = new_app(name, seats, 4)
        rnd = random.Random(4)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            for _ in range(40):
                step, choices = app.table.step, shown_choices(app)
                await decide(app, pilot, rnd)
                if app.table.can_undo(0):
                    await press(pilot, app, "u")
                    assert app.table.step == step  # the record as it was
                    assert shown_choices(app) == choices  # the same decision asked again
                    assert "took back:" in screen_text(app)
                    break
            else:
                pytest.fail("no decision that could be taken back")
            await pilot.press("q")

    asyncio.run(run())


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_a_post_office_pick_can_change_until_the_phase_is_revealed(size: tuple[int, int]) -> None:
    """Against two bots the person's pick completes each phase: it waits, told so above the
    choices; a new pick replaces it, u takes it back, Space reveals the phase; after that undo
    refuses, naming why, and changes nothing."""

    async def run() -> None:
        app = new_app("post_office", ["human", "random", "random"], 4)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            step, choices = app.table.step, shown_choices(app)
            assert len(choices) >= 2
            await pick(pilot, app, 0, reveal=False)
            held = app.table.held
            assert held is not None and held.seat == 0 and app.table.step == step
            waiting = str(app.query_one("#choices", OptionList).get_option_at_index(0).prompt)
            words = app.game.presentation.describe_action(app.table.view(0), held.action)
            assert words and words != str(held.action)  # in words, not its notation
            assert " ".join(waiting.split()).startswith(
                " ".join(f"you chose {words}; nobody has seen it yet".split())
            )
            assert "Space reveals the phase, u takes it back" in waiting
            assert shown_choices(app) == choices  # the same choices: another replaces it
            shoot(app, "post_office-held")
            nothing_cut_off(app)
            await pick(pilot, app, 1, reveal=False)
            assert app.table.held is not None and app.table.held.action != held.action
            await press(pilot, app, "u")  # taken back: nothing had happened
            assert app.table.held is None and app.table.step == step
            assert shown_choices(app) == choices and "took back:" in screen_text(app)
            await pick(pilot, app, 1, reveal=False)
            chosen = app.table.held
            assert chosen is not None
            await press(pilot, app, "space")  # revealed: recorded, after the bots' choices
            assert app.table.held is None and app.table.step > step
            steps = app.table.record.steps
            assert steps[step].action == chosen.action  # the bots had chosen (in the background)
            assert [s.seat for s in steps[step - 2 : step + 1]] == [1, 2, 0]
            before, choices = app.table.step, shown_choices(app)
            await press(pilot, app, "u")
            assert app.table.step == before and shown_choices(app) == choices
            said = [line.plain for line in app.logs[0]]
            assert said[-1].startswith("cannot undo: ") and said[-1] != "cannot undo: "
            await pilot.press("q")

    asyncio.run(run())


def test_hot_seat_shows_nothing_of_one_person_to_the_next() -> None:
    async def run() -> None:
        app = new_app("carteros", ["human", "human"], 2)
        rnd = random.Random(2)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, HandOver) and app.screen.seat == 0
            assert "Pass the keyboard to seat 0" in screen_text(app)
            assert "press Space when you have the keyboard" in screen_text(app)
            await press(pilot, app, "enter")  # Enter is a choice key: it does not pass
            assert isinstance(app.screen, HandOver) and app.showing is None
            await go_on(pilot, app)
            assert app.showing == 0 and "Your bag" in screen_text(app)
            for _ in range(60):
                if isinstance(app.screen, TurnDone):
                    break
                await decide(app, pilot, rnd)
            # seat 0 first sees what its turn did, on its own screen, and hides it
            assert isinstance(app.screen, TurnDone) and app.screen.seat == 0
            text = screen_text(app)
            assert "your turn is over" in text and "you chose" in text and "Your bag" in text
            await go_on(pilot, app)
            assert isinstance(app.screen, HandOver) and app.screen.seat == 1
            text = screen_text(app)
            assert "Your bag" not in text and "you chose" not in text
            for pane in ("#board", "#own-left-text", "#own-right-text", "#others"):
                assert not str(app.query_one(pane).render()).strip(), pane
            assert app.query_one("#choices").option_count == 0
            await go_on(pilot, app)
            assert app.showing == 1
            assert "you chose" not in screen_text(app)  # seat 0's log stays seat 0's
            await pilot.press("q")

    asyncio.run(run())


class SlowBot:
    """A bot that thinks until the test lets it answer."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.answer = threading.Event()

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        self.thinking.set()
        self.answer.wait(60)
        return legal[0]


@pytest.mark.parametrize(
    ("key", "how", "code"), [("q", "stopped", 0), ("ctrl+c", "interrupted", 130)]
)
def test_stopping_while_a_bot_thinks_saves_and_leaves(key: str, how: str, code: int) -> None:
    async def run() -> None:
        game = get("carteros")
        bot = SlowBot()
        seats = ["random", "human"]
        record = GameRecord(game.spec.name, game.spec.resolve_options(), 5, seats)
        table = Table.open(game, record, MemoryStore(), {0: bot})
        app = PlayApp(table, [1])
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert await asyncio.to_thread(bot.thinking.wait, 60)
            assert app.busy and "thinking…" in screen_text(app)
            await pilot.press(key)
            await pilot.pause()
        bot.answer.set()
        assert app.return_value == how and app.status_code == code
        for _ in range(200):  # the bot's thread ends without committing anything
            if not any(t.name == "mailbag-bots" for t in threading.enumerate()):
                break
            await asyncio.sleep(0.01)
        assert table.step == 0 and record.steps == []

    asyncio.run(run())


def test_a_choice_can_be_typed_in_any_case() -> None:
    async def run() -> None:
        app = new_app("postcards", ["human", "automa:normal"], 5)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            assert app.menu is not None
            step = next(c for c in app.menu.choices if c.is_step and c.notation.startswith("p"))
            leaf = step.children[-1]
            await press(pilot, app, "colon", *step.notation.upper(), "enter")
            assert app.path and app.path[-1].notation == step.notation  # the step is open
            before = app.table.step
            await press(pilot, app, "slash", *leaf.key.title(), "enter")  # the rest, from there
            assert app.table.step > before
            assert str(app.table.record.steps[before].action) == leaf.notation
            await press(pilot, app, "colon", *"fly away", "enter")
            assert "refused:" in screen_text(app) and app.table.step > before
            await pilot.press("q")

    asyncio.run(run())
