"""Menus you cannot misread (issue 31): every entry of the full screen's choices has a letter
key, shown as ``a)`` before it — never a digit, which reads like the numbers on the board (a
region 5, a token 10) — two letters where the list is longer than the alphabet, so every entry
has a key; a key that chooses nothing is answered in the status line. At 120×40, at 80×24 and
after resizes between them, nothing cut off on the saved screens."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("textual")

from drive import new_app, nothing_cut_off, pick, press, screen_text, settle, shoot
from fakegame import LongGame, fake_app
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from mailbag.table.keys import LOOKALIKES
from mailbag.tui.app import PlayApp

SIZES = [(120, 40), (80, 24)]


def status(app: PlayApp) -> str:
    content = app.query_one("#status", Static).content
    return getattr(content, "plain", str(content))


def prompts(app: PlayApp) -> list[str]:
    widget = app.query_one("#choices", OptionList)
    return [str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)]


async def resize(pilot: Pilot[Any], app: PlayApp, size: tuple[int, int]) -> None:
    await pilot.resize_terminal(*size)
    for _ in range(400):  # until the app has its new size and has laid out for it
        await pilot.pause(0.01)
        if tuple(app.size) == size and app.screen.has_class("compact") == app.compact:
            break
    await pilot.pause()


def test_each_entry_shows_its_letter_and_no_digit_chooses() -> None:
    async def run() -> None:
        app = fake_app()
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)
            for size in [*SIZES, SIZES[0]]:  # and back: the same keys after each resize
                await resize(pilot, app, size)
                assert app.menu is not None
                entries = app.menu.choices
                assert app.keys == ["a", "b", "c", "d"][: len(entries)]
                for key, entry, shown in zip(app.keys, entries, prompts(app), strict=True):
                    assert shown.startswith(f"{key}) {entry.key}"), shown
                shoot(app, "menus-letters")
                nothing_cut_off(app)
                assert "a) play" in screen_text(app)
            step = app.table.step
            for key in ("1", "5", "x", "Q", "space"):  # nothing chooses; each is answered
                await press(pilot, app, key)
                assert app.table.step == step, key
                said = {"space": "Space", "Q": "q"}.get(key, key)
                assert f"no choice on key {said} — ? lists the keys" in status(app), status(app)
            assert "no choice on key" in screen_text(app)  # on the saved screen too
            wanted = app.menu.choices[1].action
            await press(pilot, app, "b")
            assert app.table.record.steps[step].action == wanted
            assert "no choice on key" not in status(app)
            await pilot.press("q")

    asyncio.run(run())


@pytest.mark.parametrize("size", SIZES)
def test_a_list_longer_than_the_alphabet_has_a_key_for_every_entry(size: tuple[int, int]) -> None:
    """45 entries: single letters first, then two letters (the first of which opens the
    second); the last entry is reached by its keys, and a wrong second letter is answered."""

    async def run() -> None:
        app = fake_app(LongGame())
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            assert app.menu is not None and app.menu.choices[0].is_step
            await press(pilot, app, "a")  # "play ▸ 45"
            entries = app.path[-1].children
            assert len(entries) == LongGame.CARDS == len(app.keys) == len(set(app.keys))
            assert not set("".join(app.keys)) & (app.reserved | LOOKALIKES)
            assert app.reserved == frozenset("quhov")
            shown_all = prompts(app)
            assert shown_all[-1].startswith("◂ back")  # the last entry: Esc, not a letter
            for key, shown in zip(app.keys, shown_all[:-1], strict=True):
                assert shown.lstrip().startswith(f"{key}) "), shown
            last = app.keys[-1]
            assert len(last) == 2
            shoot(app, "menus-long")
            nothing_cut_off(app)
            step = app.table.step
            await press(pilot, app, last[0])
            assert app.table.step == step and f"{last[0]}… one more letter" in status(app)
            await press(pilot, app, "5")  # no second letter: answered, and begun anew
            assert app.table.step == step and not app.typed
            assert "no choice on key 5" in status(app)
            await press(pilot, app, last[0], "escape")  # Esc forgets a first letter
            assert not app.typed and app.path and app.table.step == step
            await press(pilot, app, *last)
            assert str(app.table.record.steps[step].action) == f"play {LongGame.CARDS}"
            await pilot.press("q")

    asyncio.run(run())


@pytest.mark.parametrize("size", SIZES)
def test_a_real_long_list_is_reachable_by_keys(size: tuple[int, int]) -> None:
    """Post Office's placements: each step's entries, however many, each under its own key;
    the last one of the longest list on the way is chosen by its keys."""

    async def run() -> None:
        app = new_app("post_office", ["human", "random"], 8)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            longest = 0
            for _ in range(40):
                assert app.menu is not None
                entries = app.path[-1].children if app.path else app.menu.choices
                assert len(app.keys) == len(entries) == len(set(app.keys))
                longest = max(longest, len(entries))
                before = app.table.step
                await pick(pilot, app, len(entries) - 1)  # the last entry, by its key
                if app.table.step > before and longest > 9:
                    break
            assert longest > 9, longest  # past the old nine digit keys
            nothing_cut_off(app)
            await pilot.press("q")

    asyncio.run(run())
