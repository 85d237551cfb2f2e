"""The table page's Hint button in a real browser against a real `mailbag serve`: one person
against a bot gets the top three choices in words (each one of the seat's own choices; the first
with one sentence why and its strength as a plain word, never the search's numbers), its next
click outlined on the board (`data-hinted`), and clicking the outlined things plays it; a table
between people made without hints shows no Hint button."""

from __future__ import annotations

import re
from pathlib import Path

from browser_live import DESKTOP, Contexts, LiveServer, TablePage, click_target
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
    box = page.get_by_test_id("hint-box")
    expect(page.get_by_test_id("hint-why")).not_to_be_empty()
    strength = page.get_by_test_id("hint-strength").inner_text().strip("() ")
    plain = {"clearly the best", "a good choice", "one of several close choices"}
    assert strength in plain, strength
    said = box.inner_text()
    assert not re.search(r"% of the search|expected result|iterations", said), said
    notations = [choices.nth(i).get_attribute("data-notation") for i in range(3)]
    clickable = set(shown.all_actions) | set(shown.actions)
    assert all(n in clickable for n in notations), (notations, clickable)
    seat.page.screenshot(path=str(artifacts / "hint-carteros.png"))
    # the hinted choice's clicks, one outlined thing after the other, play it
    sent = seat.submits
    for _ in range(8):
        hinted = page.locator("[data-hinted]")
        expect(hinted).to_have_count(1)
        assert hinted.get_attribute("data-legal") == "1"
        click_target(seat, str(hinted.get_attribute("data-click")))
        if seat.submits > sent:
            break
    assert seat.submits > sent, "the outlined clicks made no action"
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
