"""A whole game of each game in the full screen in Dutch and in Spanish (issue 31's "Judged
by"): every screen shown while it is played — at each decision, every hand-over and the game
over — holds no English word but names and notation (the stop list of line mode's own test,
tests/test_languages_play.py, applied to each pane's part of every row)."""

from __future__ import annotations

import asyncio
import random
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual")

from drive import go_on, new_app, pick, screen_text, settle
from textual.widgets import OptionList

from mailbag.core.i18n import use_language
from mailbag.games import get
from mailbag.tui.app import PlayApp
from mailbag.tui.screens import GameOver, Gate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_languages_play import english_left

GAMES = {
    "carteros": ["human", "random"],
    "post_office": ["human", "random"],
    "postcards": ["human", "random"],
}
#: where one pane's text ends and another's begins on a row: a border, a wide gap, or the
#: key of a choice's entry (``g) replace rain``: its notation follows)
PANES = re.compile(r"[│┃║▁▂▃▄▅▆▇█]|[─━]{2,}|\s{3,}|\s(?=[a-z]{1,2}\)\s)")
#: a region's number and the start of its name, where a narrow map column shortens it
#: (Postcards' ``1 No`` for Normandie, ``13 Is``): a name, not a word
SHORT_NAME = re.compile(r"^\d{1,2} [A-ZÎÉ][a-z]?$")
#: a choice's entry: its key first
KEY = re.compile(r"^[a-z]{1,3}\)\s")
#: Dutch words spelt as an English word of the stop list, beyond line mode's (a pane's title)
ALSO_SAME = {"nl": {"scores"}, "es": set()}


def pieces(screen: str, game_name: str, column: int | None = None) -> str:
    """The screen's text one pane's part of a row per line (so an entry's key starts its line,
    as line mode's stop list expects), without the notation a log line ends with in brackets —
    also where the pane wraps it onto the next row — and a step's notation in the Choices
    title (``Keuzes › play blue.camp``). ``column``: where the right-hand panes begin (each row
    is cut there first)."""
    verbs = "|".join(map(re.escape, get(game_name).spec.verbs))
    opened = re.compile(rf"\((?:{verbs})\b.*$")  # "(play blue.camp action" to the row's end
    closing = re.compile(r"^[^()]*\)")  # "action 13)": the rest of it, on the next row
    rows = screen.splitlines()
    halves = [h for row in rows for h in ((row[:column], row[column:]) if column else (row,))]
    parts = []
    for row in halves:
        for part in PANES.split(row):
            part = opened.sub("", part.split("›")[0]).strip()
            if not KEY.match(part):  # an entry's key "g)" is no end of a notation
                part = closing.sub("", part).strip()
            if part and not SHORT_NAME.match(part):
                parts.append(part)
    return "\n".join(parts)


def right(app: PlayApp) -> int | None:
    """The column where the right-hand panes (the choices, the log) begin, if they are beside
    others."""
    try:
        x = app.query_one("#choices", OptionList).region.x
    except Exception:  # a screen without the choices (a hand-over, the game over)
        return None
    return x if x > 0 else None


@pytest.mark.parametrize("lang", ["nl", "es"])
@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_a_whole_game_in_the_full_screen_reads_in_the_language(game_name: str, lang: str) -> None:
    async def run() -> list[str]:
        app = new_app(game_name, GAMES[game_name], 3)
        found: list[str] = []
        rnd = random.Random(3)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3000):
                await settle(pilot, app)
                for line in english_left(
                    pieces(screen_text(app), game_name, right(app)), lang, game_name
                ):
                    words = set(line.split("]:")[0].strip("[").replace("'", "").split(", "))
                    if not words <= ALSO_SAME[lang]:
                        found.append(line)
                if isinstance(app.screen, GameOver):
                    return found
                if isinstance(app.screen, Gate):
                    await go_on(pilot, app)
                    continue
                assert app.menu is not None
                entries = len(app.path[-1].children if app.path else app.menu.choices)
                await pick(pilot, app, rnd.randrange(entries))
        raise AssertionError("the game did not end within 3000 keys")

    with use_language(lang):
        left = sorted(set(asyncio.run(run())))
    assert not left, f"{len(left)} lines with English ({game_name}, {lang}):\n" + "\n".join(
        left[:60]
    )


def test_the_check_finds_english_on_a_full_screen() -> None:
    async def run() -> list[str]:
        app = new_app("carteros", GAMES["carteros"], 3)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            return english_left(pieces(screen_text(app), "carteros", right(app)), "nl", "carteros")

    with use_language("en"):
        left = asyncio.run(run())
    assert any("your" in line or "seat" in line for line in left), left
