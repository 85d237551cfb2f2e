"""The example game installed from outside (examples/mailbag-example-game: Letterbox, through the
``mailbag.games`` entry point) plays to the end in the browser on its own board: its
``web/board.js`` and ``board.css`` come from its package, loaded by name, and every decision is
a click on the things it draws (a letter of the hand, the mail bag). ``make test`` installs the
example; elsewhere this is skipped, saying so, unless ``CI`` is set (then it fails)."""

from __future__ import annotations

import importlib.util
import os
import random
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from browser_live import Contexts, LiveServer, TablePage, click_board, explain
from playwright.sync_api import expect


@pytest.fixture(autouse=True)
def _installed() -> None:
    if any(ep.name == "letterbox" for ep in entry_points(group="mailbag.games")) and (
        importlib.util.find_spec("letterbox") is not None
    ):
        return
    why = "the example game is not installed (make test installs examples/mailbag-example-game)"
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


def test_the_example_game_plays_to_the_end_on_its_own_board(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table(
        "letterbox", [{"kind": "me", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    )
    seat = TablePage("letterbox", contexts.page()).open(server.url + made["links"]["0"])
    page = seat.page
    expect(page.get_by_test_id("graphical-board")).to_be_visible()
    expect(page.get_by_test_id("letterbox-board")).to_be_visible()
    expect(page.get_by_test_id("letterbox-hand")).to_be_visible()
    expect(page.get_by_test_id("no-board")).to_have_count(0)
    links = page.locator('link[rel="stylesheet"][data-board-style]')
    expect(links).to_have_count(1)
    assert links.get_attribute("href") == "/games/letterbox/board.css"
    # its own style sheet is applied: the letterbox's red frame
    pile = page.get_by_test_id("letterbox-pile")
    expect(pile).to_have_css("border-top-color", "rgb(179, 58, 58)")
    seat.wait_ready()
    seat.screenshot(artifacts / "example-board.png", full_page=True)
    rng = random.Random(3)
    clicked = 0
    with explain(artifacts, "example-board", [seat], server):
        for _ in range(60):
            if seat.wait_ready().result:
                break
            click_board(seat, rng, prefer=("hand:",))
            clicked += 1
        assert seat.read().result, seat.describe()
    assert clicked >= 6  # 3 dealt, 9 letters each to draw or post: many decisions, all clicks
    seat.screenshot(artifacts / "example-board-end.png", full_page=True)
