"""A game installed from outside in the browser, against a real `mailbag serve` with three plug-in
packages on its path (each through the ``mailbag.games`` entry point, no file of mailbag
edited): one brings its own board (``web/board.js`` + ``board.css`` in its package), which the
client loads by name and plays on; the other has none, and gets the generic text board, legible
(its view as plain data, nothing cut off), with a line saying that it has no board of its own;
a board module that does not load falls back to the same, saying so.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_live import PHONE, Contexts, LiveServer, TablePage, click_board, explain
from playwright.sync_api import expect

CONTRACT = Path(__file__).resolve().parent.parent / "contract"

GAME = '''
"""{title}: the tiny test game under another name, in a package of its own."""
import dataclasses

from mailbag.core import Presentation
from tiny import TinyGame, TinyPresentation


class ThisPresentation(TinyPresentation):
    # no words of its own: the view as the default presentation writes it, plain data
    render = Presentation.render
    sections = Presentation.sections


class ThisGame(TinyGame):
    spec = dataclasses.replace(TinyGame.spec, name="{name}", title="{title}")
    presentation_type = ThisPresentation


GAME = ThisGame()
'''

BOARD_JS = """// The drawn toy's board: a thing per card value in the hand, clickable when legal.
import { html } from "/static/api.js";

export function Board({ view, picker }) {
  const values = [...new Set((view && view.hand) || [])].sort();
  return html`<div class="drawn-hand" data-testid="drawn-hand">
    ${values.map((v) => html`<span key=${v} class=${`drawn-card${picker.cls(`hand:${v}`)}`}
      ...${picker.props(`hand:${v}`)}>${v}</span>`)}
  </div>`;
}

export function describe(id) {
  return id.startsWith("hand:") ? `card ${id.slice(5)}` : null;
}
"""

BOARD_CSS = """.drawn-card { display: inline-block; padding: 0.5rem; margin: 0.2rem;
  letter-spacing: 3px; }
"""


def write_package(site: Path, name: str, board: str | None) -> None:
    package = site / name
    package.mkdir()
    (package / "__init__.py").write_text(GAME.format(name=name, title=name.title()))
    if board is not None:
        (package / "web").mkdir()
        (package / "web" / "board.js").write_text(board)
        (package / "web" / "board.css").write_text(BOARD_CSS)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """`mailbag serve` with the three plug-ins installed (a ``.dist-info`` folder with their entry
    points is what installing a package leaves behind)."""
    site = tmp_path_factory.mktemp("site")
    write_package(site, "drawntoy", BOARD_JS)
    write_package(site, "plaintoy", None)
    write_package(site, "brokentoy", "export const notABoard = 1;\n")
    dist = site / "toy_boards-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-boards\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        "[mailbag.games]\ndrawntoy = drawntoy:GAME\nplaintoy = plaintoy:GAME\n"
        "brokentoy = brokentoy:GAME\n"
    )
    path = os.pathsep.join(p for p in (str(site), str(CONTRACT), os.environ.get("PYTHONPATH")) if p)
    with LiveServer.running(tmp_path_factory.mktemp("serve"), env={"PYTHONPATH": path}) as live:
        yield live


SEATS = [{"kind": "me", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


def test_a_plugin_plays_on_its_own_board(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table("drawntoy", SEATS)
    seat = TablePage("drawntoy", contexts.page()).open(server.url + made["links"]["0"])
    page = seat.page
    expect(page.get_by_test_id("graphical-board")).to_be_visible()
    expect(page.get_by_test_id("drawn-hand")).to_be_visible()
    expect(page.get_by_test_id("no-board")).to_have_count(0)
    # its style sheet came from its own folder, added once
    card = page.locator(".drawn-card").first
    expect(card).to_have_css("letter-spacing", "3px")
    links = page.locator('link[rel="stylesheet"][data-board-style]')
    expect(links).to_have_count(1)
    assert links.get_attribute("href") == "/games/drawntoy/board.css"
    rng = random.Random(4)
    with explain(artifacts, "plugin-board", [seat], server):
        for _ in range(20):
            if seat.wait_ready().result:
                break
            click_board(seat, rng)
        assert seat.read().result, seat.describe()
    seat.screenshot(artifacts / "plugin-board-end.png", full_page=True)


def test_a_plugin_without_a_board_gets_a_legible_text_board_and_a_notice(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table("plaintoy", SEATS)
    seat = TablePage("plaintoy", contexts.page(PHONE, phone=True))
    seat.open(server.url + made["links"]["0"])
    page = seat.page
    notice = page.get_by_test_id("no-board")
    expect(notice).to_be_visible()
    expect(notice).to_have_text(
        "This game has no board of its own here: its view is shown as text."
    )
    board = page.get_by_test_id("board")
    expect(board).to_be_visible()
    expect(board).to_contain_text("deck_size: ")
    expect(page.get_by_test_id("graphical-board")).to_have_count(0)
    # the view as plain data, a line per field, inside the panel: nothing cut off, nothing to
    # scroll sideways
    width, client, height, line = board.evaluate(
        """(el) => [el.scrollWidth, el.clientWidth, el.clientHeight,
                    parseFloat(getComputedStyle(el).lineHeight)]"""
    )
    assert width <= client, f"the text board is cut off: {width} > {client}"
    assert height > 2.5 * line, f"the view is not a readable block: {height} px, lines {line} px"
    # and it plays with its choices
    with explain(artifacts, "plugin-no-board", [seat], server):
        shown = seat.wait_ready()
        seat.play(shown.actions[0])
    seat.screenshot(artifacts / "plugin-no-board.png", full_page=True)


def test_a_board_that_cannot_be_loaded_falls_back_to_the_text_board_and_says_so(
    server: LiveServer, contexts: Contexts
) -> None:
    made = server.create_table("brokentoy", SEATS)
    seat = TablePage("brokentoy", contexts.page()).open(server.url + made["links"]["0"])
    notice = seat.page.get_by_test_id("no-board")
    expect(notice).to_have_attribute("data-board", "failed")
    expect(notice).to_have_text("This game's board could not be loaded: its view is shown as text.")
    expect(seat.page.get_by_test_id("board")).to_contain_text("deck_size: ")
    expect(seat.page.get_by_test_id("graphical-board")).to_have_count(0)
