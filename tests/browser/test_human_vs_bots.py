"""One person against bots in each game, to the end, by clicking action buttons in the browser
against a real `mailbag serve`: Postcards solo against the Automa (the table made in the lobby
by clicking), Post Office against a greedy and a random bot on a phone-sized page, and Carteros
against a greedy bot (both tables made with `POST /api/tables`, their link then opened).

The person's choice is a seeded pick among the visible buttons (sometimes opening a closed
group of them first), so a game goes wherever the dice take it; each must end with the result
shown, the final scores filled in and no button left to click.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from browser_live import (
    DESKTOP,
    PHONE,
    Contexts,
    LiveServer,
    TablePage,
    explain,
    play_to_end,
)
from playwright.sync_api import expect


def finish(seat: TablePage, seats: int, artifacts: Path, name: str) -> None:
    """The end as the person sees it: the result with every seat's score, nothing to click."""
    expect(seat.page.get_by_test_id("result")).to_be_visible()
    expect(seat.page.get_by_test_id("to-move")).to_have_text("Game over")
    for n in range(seats):
        expect(seat.page.get_by_test_id(f"final-score-{n}")).to_have_text(re.compile(r"^-?\d+$"))
    shown = seat.read()
    assert shown.all_actions == (), f"buttons left after the end: {shown.all_actions}"
    assert shown.log, "the log is empty at the end"
    seat.screenshot(artifacts / f"human-vs-bots-{name}-end.png", full_page=True)


def test_postcards_solo_against_the_automa_made_in_the_lobby(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    page = contexts.page(DESKTOP)
    page.goto(server.url + "/")
    page.get_by_test_id("game-select").select_option("postcards")
    expect(page.get_by_test_id("option-edition")).to_be_visible()
    # let the form's effects for the new game run before the seats are set
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    page.get_by_test_id("seat-kind-0").select_option("me")
    page.get_by_test_id("seat-kind-1").select_option("automa:normal")
    page.get_by_test_id("seat-name-0").fill("Camille")
    expect(page.get_by_test_id("seat-kind-1")).to_have_value("automa:normal")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("invite-link-1")).to_have_count(0)  # nobody to invite
    seat = TablePage("postcards", page)  # before its socket opens: it notes the answers
    page.get_by_test_id("go-to-seat").click()
    seat.wait_connected()
    expect(page.get_by_test_id("player-0")).to_contain_text("Camille")

    with explain(artifacts, "human-vs-bots-postcards", [seat], server):
        play_to_end(seat, random.Random(1), max_moves=400)
        finish(seat, 2, artifacts, "postcards")


def test_post_office_against_greedy_and_random_on_a_phone(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table(
        "post_office",
        [
            {"kind": "me", "name": "Dee"},
            {"kind": "bot", "bot": "greedy"},
            {"kind": "bot", "bot": "random"},
        ],
    )
    seat = TablePage("post_office", contexts.page(PHONE, phone=True))
    seat.open(server.url + made["links"]["0"])

    with explain(artifacts, "human-vs-bots-post_office", [seat], server):
        play_to_end(seat, random.Random(2), max_moves=300)
        print(f"post_office: {seat.moves} decisions clicked, {seat.stale} refused as stale")
        finish(seat, 3, artifacts, "post_office")


def test_carteros_against_greedy(server: LiveServer, contexts: Contexts, artifacts: Path) -> None:
    made = server.create_table(
        "carteros", [{"kind": "me", "name": "Eli"}, {"kind": "bot", "bot": "greedy"}]
    )
    seat = TablePage("carteros", contexts.page(DESKTOP)).open(server.url + made["links"]["0"])

    with explain(artifacts, "human-vs-bots-carteros", [seat], server):
        play_to_end(seat, random.Random(3), max_moves=300, prefer=("deliver",))
        finish(seat, 2, artifacts, "carteros")
