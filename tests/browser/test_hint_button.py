"""The table page's Hint button in a real browser against a real `mailbag serve`: one person
against a bot gets the top three choices of a search (each one of the seat's own buttons, with
its share of the search), and clicking a hinted choice plays it; a table between people made
without hints shows no Hint button."""

from __future__ import annotations

import re
from pathlib import Path

from browser_live import DESKTOP, Contexts, LiveServer, TablePage
from playwright.sync_api import expect


def test_hint_button_shows_three_choices_and_plays_one(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table("carteros", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    seat = TablePage("carteros", contexts.page(DESKTOP)).open(server.url + made["links"]["0"])
    shown = seat.wait_ready()
    page = seat.page
    page.get_by_test_id("hint").click()
    choices = page.get_by_test_id("hint-choice")
    expect(choices).to_have_count(3)
    expect(page.get_by_test_id("hint-box")).to_contain_text("1000 iterations")
    notations = [choices.nth(i).get_attribute("data-notation") for i in range(3)]
    clickable = set(shown.all_actions) | set(shown.actions)
    assert all(n in clickable for n in notations), (notations, clickable)
    said = re.compile(r"\d+% of the search · expected result 0\.\d\d")
    expect(choices.first).to_contain_text(said)
    seat.page.screenshot(path=str(artifacts / "hint-carteros.png"))
    choices.first.get_by_role("button").click()
    seat.wait_step((shown.step or 0) + 1, at_least=True)
    assert any(r.get("type") == "ack" for r in seat.replies), seat.replies


def test_no_hint_button_between_people_without_hints(
    server: LiveServer, contexts: Contexts
) -> None:
    people = [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}]
    made = server.create_table("carteros", people)
    pages = [
        TablePage("carteros", contexts.page(DESKTOP)).open(server.url + made["links"][str(n)])
        for n in (0, 1)
    ]
    for seat in pages:
        expect(seat.page.get_by_test_id("undo")).to_be_visible()
        expect(seat.page.get_by_test_id("hint")).to_have_count(0)
