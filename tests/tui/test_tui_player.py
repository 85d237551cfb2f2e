"""The full screen a player would choose (issue 31): each game's palette in colour with a symbol
beside every colour word (symbols only with ``NO_COLOR``); ``o`` shows the other seats in full
at any size; the panes stay where the person scrolled them while they go on deciding; the end
says who won and each seat's score in its parts; the hint speaks the game's language. At 120×40,
80×24 and after resizes between them, checked on the saved screens."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("textual")

from drive import WAIT, new_app, nothing_cut_off, pick, press, screen_text, settle, shoot
from fakegame import PALETTE, fake_app
from rich.console import Console
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text
from test_tui_layout import pane_rows, wait_for
from test_tui_menus import resize
from textual.widgets import Static

from mailbag.bots import make_agents
from mailbag.core.i18n import pgettext, use_language
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.plain import hint_lines
from mailbag.table import MemoryStore, Table
from mailbag.table.hints import compute_hint
from mailbag.table.keys import choice_keys
from mailbag.tui.app import PlayApp
from mailbag.tui.layout import Laid
from mailbag.tui.screens import GameOver

SIZES = [(120, 40), (80, 24)]
GAMES = [
    ("postcards", ["human", "automa:normal"]),
    ("post_office", ["human", "random", "random"]),
    ("carteros", ["human", "random", "random"]),
]


def painted(app: PlayApp) -> list[Text]:
    """The rows of the board, own and others' panes as drawn at their widths."""
    rows: list[Text] = []
    for name in ("#board", "#own-left-text", "#own-right-text", "#others"):
        widget = app.query_one(name, Static)
        if isinstance(widget.content, Laid):
            rows.extend(widget.content.lines(max(20, widget.content_region.width)))
    return rows


def coloured(rows: list[Text], word: str) -> set[str]:
    """The colours ``word`` is drawn in, wherever it is in ``rows``."""
    found = set()
    for row in rows:
        at = row.plain.find(word)
        while at >= 0:
            style = row.get_style_at_offset(Console(), at)
            found.add(str(style.color.name) if isinstance(style, Style) and style.color else "")
            at = row.plain.find(word, at + 1)
    return found


# -- colour, with symbols ----------------------------------------------------------------------


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
def test_the_palette_words_have_their_colour_and_symbol(
    no_color: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "")  # any value, even an empty one
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)

    async def run() -> None:
        app = fake_app()
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)
            for size in [*SIZES, SIZES[0]]:
                await resize(pilot, app, size)
                await press(pilot, app, "o")  # the others' blocks too
                rows = painted(app)
                text = "\n".join(row.plain for row in rows)
                assert "♦kaarten" in text and " kaarten" not in text  # the symbol, every time
                assert "[B1]" in text  # its own mark: no symbol
                want = set() if no_color else {PALETTE["kaarten"][0]}
                assert coloured(rows, "kaarten") == (want or {""})
                assert coloured(rows, "[B1]") == ({PALETTE["[B1]"][0]} if not no_color else {""})
                shoot(app, f"palette-{'plain' if no_color else 'colour'}")
                nothing_cut_off(app)
                await press(pilot, app, "o")
            await pilot.press("q")

    asyncio.run(run())


@pytest.mark.parametrize(
    ("name", "seats", "word", "symbol"),
    [
        ("postcards", ["human", "automa:normal"], "green", "■"),
        ("post_office", ["human", "random"], "fragile", ""),
        ("carteros", ["human", "random"], "Letter", "◆"),
    ],
)
def test_each_game_draws_its_own_palette(
    name: str, seats: list[str], word: str, symbol: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)

    async def run() -> None:
        app = new_app(name, seats, 8)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            rows = painted(app)
            text = "\n".join(row.plain for row in rows)
            palette = app.game.presentation.palette()  # type: ignore[attr-defined]
            colour, mark = palette[word]
            assert mark == symbol and symbol + word in text
            assert coloured(rows, word) == {colour}
            await pilot.press("q")

    asyncio.run(run())


# -- the others, at any size --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_o_shows_the_other_seats_in_full_at_any_size(name: str, seats: list[str]) -> None:
    async def run() -> None:
        app = new_app(name, seats, 8)
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)
            others = app.game.presentation.sections(app.table.view(0)).others
            assert others and all(block.lines for block in others)
            await press(pilot, app, "o")
            for size in [*SIZES, SIZES[0]]:
                await resize(pilot, app, size)
                pane = app.query_one("#others-pane")
                assert pane.display and pane.region.height >= min(10, app.size.height // 3)
                pane.scroll_home(animate=False)
                await pilot.pause()
                shown = pane_rows(app, "#others-pane")
                assert shown[0].strip() == others[0].title[: len(shown[0].strip())], shown
                assert shown[1].strip(), shown  # its lines follow, on the screen
                shoot(app, f"{name}-others-full")
                nothing_cut_off(app)
                seen: list[str] = []  # every row of every block, by scrolling the pane
                step = max(1, pane.content_region.height - 1)
                for y in range(0, 400, step):
                    pane.scroll_to(y=y, animate=False)
                    await pilot.pause()
                    seen.extend(pane_rows(app, "#others-pane"))
                    if y >= pane.max_scroll_y:
                        break
                widget = app.query_one("#others", Static)
                laid = widget.content
                assert isinstance(laid, Laid)
                wanted = [r.plain.rstrip() for r in laid.lines(widget.content_region.width)]
                assert not [r for r in wanted if r and r not in seen]
            await press(pilot, app, "o")  # a line each again
            assert str(app.query_one("#others", Static).content).startswith("▸ ")
            await pilot.press("q")

    asyncio.run(run())


@pytest.mark.parametrize(
    ("size", "others"), [((80, 24), False), ((120, 40), True), ((80, 24), True)]
)
def test_the_panes_stay_where_they_were_scrolled(size: tuple[int, int], others: bool) -> None:
    """Post Office against two bots: the person scrolls a pane down (their own area, or the
    others' in full); decision after decision (phases revealed, the panes redrawn) it stays
    there."""

    async def run() -> None:
        app = new_app("post_office", ["human", "random", "random"], 8)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            if others:
                await press(pilot, app, "o")
            names = ["#others-pane"] if others else ["#own-left", "#own-right", "#board-pane"]
            kept = 0
            for _ in range(8):
                panes = [app.query_one(n) for n in names]
                pane = next((p for p in panes if p.display and p.max_scroll_y >= 3), None)
                assert pane is not None, "no pane to scroll"
                pane.scroll_to(y=3, animate=False)
                await wait_for(pilot, lambda pane=pane: pane.scroll_y == 3, "the scroll")
                before = app.table.step
                await pick(pilot, app, 0)
                await pilot.pause()
                if app.table.step > before:
                    assert pane.display and pane.scroll_y == 3, (pane.id, pane.scroll_y)
                    kept += 1
            assert kept >= 3, kept
            nothing_cut_off(app)
            await pilot.press("q")

    asyncio.run(run())


# -- the end ----------------------------------------------------------------------------------


def finished(name: str, seats: list[str], seed: int) -> PlayApp:
    """A game played to its end by bots at every seat, then shown to the person at seat 0."""
    game = get(name)
    kinds = ["random" if kind == "human" else kind for kind in seats]
    record = GameRecord(game.spec.name, game.spec.resolve_options(), seed, seats)
    table = Table.open(game, record, MemoryStore(), make_agents(game, kinds, seed))
    for _ in range(20_000):
        if table.is_over():
            break
        seat = table.deciders()[0]
        table.submit(seat, table.agents[seat].choose(table.view(seat), table.legal_actions(seat)))
    assert table.is_over()
    return PlayApp(table, [0])


def final_rows(app: PlayApp) -> dict[str, list[str]]:
    """The final scores' table on the screen: each row's title and its cells."""
    table = app.screen.query_one("#final-scores", Static).content.renderables[0]  # type: ignore[attr-defined]
    assert isinstance(table, RichTable)
    cells = [[str(c) for c in column._cells] for column in table.columns]
    return {row[0]: list(row[1:]) for row in zip(*cells, strict=True)}


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_the_end_says_who_won_and_each_seats_score_in_parts(
    name: str, seats: list[str], lang: str
) -> None:
    async def run() -> None:
        app = finished(name, seats, 3)
        state, record = app.table.state, app.table.record
        scores, ranking = app.game.scores(state), app.game.ranking(state)
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot, app)
            for size in [*SIZES, SIZES[0]]:
                await resize(pilot, app, size)
                assert isinstance(app.screen, GameOver)
                winners = [record.label(s) for s, place in enumerate(ranking) if place == 1]
                said = str(app.screen.query_one("#winners", Static).content)
                if len(winners) == 1:
                    expected = {"en": "{} wins", "nl": "{} wint"}[lang].format(winners[0])
                else:
                    expected = {"en": "shared win: {}", "nl": "gedeelde winst: {}"}[lang].format(
                        ", ".join(winners)
                    )
                assert said == expected, said
                rows = final_rows(app)
                order = sorted(range(len(scores)), key=lambda s: (ranking[s], s))
                for key in {k for score in scores for k in score.breakdown}:
                    title = pgettext("score", key)
                    assert rows[title] == [str(scores[s].breakdown.get(key, 0)) for s in order]
                total = {"en": "total", "nl": "totaal"}[lang]
                assert rows[total] == [str(scores[s].total) for s in order]
                shoot(app, f"{name}-over-{lang}")
                nothing_cut_off(app)
                assert said in screen_text(app)
            await pilot.press("q")

    with use_language(lang):
        asyncio.run(run())


# -- the hint, in the game's language ----------------------------------------------------------


def test_the_hint_is_in_the_games_language() -> None:
    async def run() -> list[str]:
        app = new_app("carteros", ["human", "random"], 6)
        app.hints = True
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            before = len(app.logs[0])
            await press(pilot, app, "h")
            loop = asyncio.get_running_loop()
            deadline = loop.time() + WAIT
            while len(app.logs[0][before:]) < 5:
                assert loop.time() < deadline, "no hint"
                await asyncio.sleep(0.05)
            lines = [line.plain for line in app.logs[0][before:]]
            view = app.table.view(0)
            hint = compute_hint(app.game, 0, view, app.table.legal_actions(0))
            assert app.menu is not None
            reserved = app.reserved

            def keys_of(entries: Any) -> list[str]:
                return choice_keys(len(entries), reserved)

            # made in Dutch, as here
            assert lines[1:] == hint_lines(app.game, view, hint, app.menu, [], keys_of)
            with use_language("en"):
                english = hint_lines(app.game, view, hint, app.menu, [], keys_of)
            assert lines[1] != english[1], lines[1]
            shoot(app, "hint-nl")
            shown = screen_text(app)  # the log's last rows: the hint's end, in Dutch
            assert lines[-1].split()[-2] in shown and "expected result" not in shown
            await pilot.press("q")
        return lines

    with use_language("nl"):
        lines = asyncio.run(run())
    assert lines[0] == "nadenken…"
    assert lines[1].startswith("hint (een zoektocht van 1000 iteraties"), lines[1]
