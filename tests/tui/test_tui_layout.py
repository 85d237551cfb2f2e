"""The full-screen layout draws a game's sections (``game.presentation.sections(view)``), never
its rendered text: each pane takes its blocks from the structure, whatever words the game uses;
long lines wrap at the pane's width with a hanging indent, anew when the screen is resized; at
80×24 your own area is all there (on screen, or in a pane that scrolls to it). The game here is
a fake one (tests/tui/fakegame.py) in Dutch words, with bait for the old cutting of text by
regular expression."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

pytest.importorskip("textual")

from drive import WAIT, new_app, nothing_cut_off, pick, press, screen_text, settle, shoot
from fakegame import DUTCH, ENGLISH, NOTES, FakeGame, PlainGame, fake_app
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from mailbag.core.presentation import Block
from mailbag.tui.app import PlayApp
from mailbag.tui.layout import HANG, Laid, wrap

MARK = re.compile(r"\[([BOS][0-9.]*)\]")
#: the panes that show a part of the view, each by its text's widget
PANES = {
    "board": "#board",
    "own": "#own-left-text",
    "own-right": "#own-right-text",
    "others": "#others",
}


# -- wrapping ----------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [60, 100])
def test_a_long_line_wraps_at_the_width_with_a_hanging_indent(width: int) -> None:
    line = "    " + " ".join(f"woord{i}" for i in range(60))
    rows = wrap(line, width)
    assert len(rows) > 1
    assert all(len(row) <= width for row in rows)
    assert rows[0].startswith("    w")
    assert all(row.startswith(" " * (4 + HANG) + "w") for row in rows[1:])  # hanging indent
    assert " ".join(row.strip() for row in rows) == line.strip()  # nothing lost, nothing added
    assert wrap("  short", width) == ["  short"]


def test_wrapping_keeps_columns_and_cuts_a_word_longer_than_the_row() -> None:
    assert wrap("a    b", 10) == ["a    b"]  # spaces inside a row stay
    assert wrap("x" * 25, 10) == ["x" * 10, "  " + "x" * 8, "  " + "x" * 7]
    assert wrap("日本語 日本語", 7) == ["日本語", "  日本", "  語"]  # wide characters: two cells
    assert wrap(" " * 40 + "deep", 10) == [" " * 5 + "deep"]  # an indent takes half at most


@pytest.mark.parametrize("width", [60, 100])
def test_the_panes_text_is_the_blocks_wrapped(width: int) -> None:
    """A pane's text: each block's title, then its lines, a blank row between blocks; every
    logical line wrapped on its own (a line the game broke is never joined to the next)."""
    game = FakeGame()
    view = {"seat": 0, "hand": [3, 7], "hand_sizes": [2, 2, 2], "points": [1, 2, 3], "turn": 0}
    parts = game.presentation.sections(view)
    laid = Laid([parts.board, *parts.others])
    rows = [row.plain for row in laid.lines(width)]
    expected: list[str] = []
    for block in (parts.board, *parts.others):
        if expected:
            expected.append("")
        for line in (block.title, *block.lines):
            expected.extend(wrap(line, width))
    assert rows == expected and laid.height(width) == len(rows)
    assert all(len(row) <= width for row in rows)
    assert len(rows) > 1 + len(parts.board.lines) + sum(1 + len(b.lines) for b in parts.others)
    assert str(laid) == "\n\n".join(b.text() for b in (parts.board, *parts.others))
    assert not Laid([Block("")]) and Laid([Block("", ("x",))])


# -- the panes in the app ----------------------------------------------------------------------


def pane_text(app: PlayApp, name: str) -> str:
    widget = app.query_one(PANES[name], Static)
    return str(widget.content)


def marks(text: str) -> set[str]:
    return set(MARK.findall(text))


def where(app: PlayApp) -> dict[str, set[str]]:
    """The markers of the view's texts in each pane."""
    return {name: marks(pane_text(app, name)) for name in PANES}


def pane_rows(app: PlayApp, selector: str) -> list[str]:
    """The rows a pane shows on the screen now, as characters."""
    region = app.query_one(selector).scrollable_content_region
    lines = screen_text(app).splitlines()
    return [lines[y][region.x : region.right].rstrip() for y in range(region.y, region.bottom)]


BOARD = {"B1", "B2", "B3"}
OWN = {"O1", "O2", *(f"O{i}" for i in range(3, 3 + NOTES))}
OTHERS = {f"S{s}.{i}" for s in (1, 2) for i in (1, 2)}


async def wait_for(pilot: Pilot[Any], check: Any, what: str) -> None:
    """Wait (bounded, generously) until ``check()`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not check():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.05)


@pytest.mark.parametrize("words", [DUTCH, ENGLISH], ids=["nl", "en"])
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_each_pane_takes_its_blocks_from_the_sections(
    words: dict[str, str], size: tuple[int, int]
) -> None:
    """Board, own area and the other seats land where the sections put them, the same in any
    wording: a board line that starts with "speler 1" stays on the board, an own line that
    starts with "jij" stays in your area (the old cutting by regular expression moved both)."""

    async def run() -> None:
        app = fake_app(FakeGame(words))
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            found = where(app)
            own = found.pop("own") | found.pop("own-right")
            assert found["board"] == BOARD
            assert own == OWN
            assert found["others"] == {"S1", "S2"}  # a compact line each
            assert pane_text(app, "others").splitlines() == [
                f"▸ [S{s}] {words['seat']} {s}: 4 {words['cards']}" for s in (1, 2)
            ]
            shoot(app, f"layout-{words['seat']}")
            nothing_cut_off(app)
            await press(pilot, app, "o")  # the other seats in full, in their own pane
            found = where(app)
            assert found["board"] == BOARD
            assert found["others"] == OTHERS
            shown = pane_rows(app, "#others-pane")  # on the screen, from its first row
            assert shown[0] == f"{words['seat']} 1" and "[S1.1]" in shown[1], shown
            shoot(app, f"layout-{words['seat']}-others")
            nothing_cut_off(app)
            await pilot.press("q")

    asyncio.run(run())


def test_a_wording_change_moves_no_text_to_another_pane() -> None:
    """Renamed titles, another language: the same texts in the same panes."""

    async def run(words: dict[str, str]) -> dict[str, set[str]]:
        app = fake_app(FakeGame(words))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            found = where(app)
            await pilot.press("q")
        return found

    dutch, english = asyncio.run(run(DUTCH)), asyncio.run(run(ENGLISH))
    assert dutch == english
    assert dutch["board"] == BOARD


@pytest.mark.parametrize(("size", "width"), [((96, 40), 60), ((149, 40), 100)])
def test_the_board_wraps_at_the_panes_width(size: tuple[int, int], width: int) -> None:
    """On the screen the board's rows are its lines wrapped at the pane's width (60 and 100
    columns here), with the hanging indent; no row is cut."""

    async def run() -> None:
        app = fake_app()
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            if app.compact:
                await press(pilot, app, "v")  # the board, not your area
            board = app.query_one("#board", Static)
            assert board.content_region.width == width
            laid = board.content
            assert isinstance(laid, Laid)
            expected = [row.plain.rstrip() for row in laid.lines(width)]
            shown = pane_rows(app, "#board-pane")
            assert shown[: len(expected)] == expected and not any(shown[len(expected) :])
            third = expected.index(next(row for row in expected if "[B3]" in row))
            assert expected[third].startswith("    [B3]")  # the line's own indent
            rest = expected[third + 1]
            assert rest.startswith(" " * (4 + HANG)) and rest[4 + HANG] != " "  # its rest's
            nothing_cut_off(app)
            await pilot.press("q")

    asyncio.run(run())


def test_a_resize_lays_the_panes_out_anew() -> None:
    async def run() -> None:
        app = fake_app()
        async with app.run_test(size=(149, 40)) as pilot:
            await settle(pilot, app)
            before = pane_rows(app, "#board-pane")
            board = app.query_one("#board", Static)
            assert board.content_region.width == 100
            await pilot.resize_terminal(110, 40)
            await wait_for(pilot, lambda: board.content_region.width < 100, "the new width")
            await pilot.pause()
            after = pane_rows(app, "#board-pane")
            laid = board.content
            assert isinstance(laid, Laid)
            width = board.content_region.width
            assert after[: laid.height(width)] == [r.plain.rstrip() for r in laid.lines(width)]
            assert len([r for r in after if r]) > len([r for r in before if r])
            nothing_cut_off(app)
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: app.screen.has_class("compact"), "the small layout")
            await pilot.pause()
            await own_area_whole(pilot, app)
            await pilot.press("q")

    asyncio.run(run())


async def own_area_whole(pilot: Pilot[Any], app: PlayApp) -> None:
    """Every row of your own area is on the screen, at once or by scrolling its pane."""
    nothing_cut_off(app)
    text = app.query_one("#own-left-text", Static)
    pane: Widget = app.query_one("#own-left")
    assert pane.display and pane.region.area and app.screen.region.contains_region(pane.region)
    laid = text.content
    assert isinstance(laid, Laid)
    width = text.content_region.width
    wanted = [row.plain.rstrip() for row in laid.lines(width)]
    assert text.content_region.height == len(wanted)  # the whole text is laid out
    seen: list[str] = []
    for y in range(0, len(wanted), max(1, pane.content_region.height - 1)):
        pane.scroll_to(y=y, animate=False)
        await wait_for(pilot, lambda y=y: pane.scroll_y == min(y, pane.max_scroll_y), "scroll")
        await pilot.pause()
        seen.extend(pane_rows(app, "#own-left"))
    missing = [row for row in wanted if row and row not in seen]
    assert not missing, missing
    pane.scroll_home(animate=False)


def test_the_own_area_is_whole_at_80x24() -> None:
    async def run() -> None:
        app = fake_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            shoot(app, "layout-own")
            assert app.query_one("#own-left").max_scroll_y > 0  # it needs its scroll bar here
            await own_area_whole(pilot, app)
            await press(pilot, app, "v")  # the board instead, and back
            assert not app.query_one("#own-left").display
            assert marks(pane_text(app, "board")) == BOARD
            await press(pilot, app, "v")
            await own_area_whole(pilot, app)
            await pilot.press("q")

    asyncio.run(run())


def test_a_game_without_words_of_its_own_is_all_board() -> None:
    """The default presentation (a plug-in game that brings none): the view as plain data on
    the board, which a small screen shows (there is no own area to switch to)."""

    async def run() -> None:
        app = fake_app(PlainGame())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            board = pane_text(app, "board")
            assert "hand_sizes:\n  4, 4, 4" in board and "seat: 0" in board
            assert app.query_one("#board-pane").display
            assert not app.query_one("#own-left").display
            assert not app.query_one("#others-pane").display
            assert not app.check_action("switch_view", ())
            shoot(app, "layout-plain")
            nothing_cut_off(app)
            await pilot.press("q")

    asyncio.run(run())


@pytest.mark.parametrize(
    ("name", "seats"),
    [
        ("postcards", ["human", "automa:normal"]),
        ("post_office", ["human", "random"]),
        ("carteros", ["human", "random", "random"]),
    ],
)
def test_a_real_games_own_area_is_whole_at_80x24(name: str, seats: list[str]) -> None:
    """Each built-in game's own area (from its sections) at 80×24, a few decisions in."""

    async def run() -> None:
        app = new_app(name, seats, 8)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            for _ in range(3):
                parts = app.game.presentation.sections(app.table.view(0))
                assert parts.own is not None and parts.own.lines, "no own area in the sections"
                assert str(app.query_one("#own-left-text", Static).content) == parts.own.text()
                await own_area_whole(pilot, app)
                await pick(pilot, app, 0)
            shoot(app, f"{name}-own")
            await pilot.press("q")

    asyncio.run(run())
