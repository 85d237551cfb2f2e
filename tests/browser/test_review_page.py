"""A finished game's review page in a real browser against a real `mailbag serve`, for each game on
a desktop and on a phone: opened from the end screen of an imported finished record (and from
"My games"), it shows the progress, then each seat's accuracy, the graph (winning chances or
score margin), the list of decisions and, for the chosen one, the choice made and the better one
on the game's own board; the list, the graph and the arrow keys move between decisions; axe
finds nothing serious. Screenshots: tests/artifacts/browser/review-*.png."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser_live import DESKTOP, PHONE, Contexts, LiveServer, explain
from playwright.sync_api import Browser, Page, expect
from table_measures import axe_serious

from mailbag.bench.review import bench_record
from mailbag.games import get

BOUND_MS = 600_000  # generous: CI is a loaded 2-core machine; a review takes seconds to a minute
#: short games, so that a review is quick
OPTIONS: dict[str, dict[str, Any]] = {
    "postcards": {},
    "post_office": {"rounds": 2},
    "carteros": {"max_rounds": 3},
}


def _imported(server: LiveServer, game: str) -> str:
    """A finished greedy game imported as two people's (ann, bob): ann's link."""
    record = bench_record(get(game), 2, 5, OPTIONS[game])
    people = sum(1 for kind in record.seats if kind == "greedy")
    record.seats = ["human" if kind == "greedy" else kind for kind in record.seats]
    seats = [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}][:people]
    body = json.dumps({"record": record.dumps(), "seats": seats}).encode()
    request = urllib.request.Request(
        server.url + "/api/import",
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        made = json.loads(response.read())
    return str(made["links"]["0"])


def _open(browser: Browser, contexts: Contexts, phone: bool) -> Page:
    context = browser.new_context(
        viewport=PHONE if phone else DESKTOP,  # type: ignore[arg-type]
        locale="en",
        is_mobile=phone,
        has_touch=phone,
    )
    contexts.opened.append(context)
    return context.new_page()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", ["postcards", "post_office", "carteros"])
def test_the_review_page_shows_the_game_judged_decision_by_decision(
    game: str,
    phone: bool,
    browser: Browser,
    server: LiveServer,
    contexts: Contexts,
    artifacts: Path,
) -> None:
    link = _imported(server, game)
    page = _open(browser, contexts, phone)
    shot = f"review-{game}-{'phone' if phone else 'desktop'}"
    with explain(artifacts, shot, [], server):
        page.goto(server.url + link)
        expect(page.get_by_test_id("result")).to_be_visible(timeout=60_000)
        page.get_by_test_id("review-open").click()
        review = page.get_by_test_id("review")
        expect(review).to_be_visible()
        expect(review).to_have_attribute("data-status", "done", timeout=BOUND_MS)
        # each seat's accuracy, the graph, the list of decisions
        expect(page.get_by_test_id("review-accuracy")).to_have_count(2)
        expect(page.get_by_test_id("review-accuracy").first).to_contain_text("accuracy")
        graph = page.get_by_test_id("review-graph")
        expect(graph).to_have_attribute("data-metric", "result")
        items = page.get_by_test_id("review-decision")
        count = items.count()
        assert count > 5
        expect(page.get_by_test_id("review-budget")).to_contain_text("800 times")
        # the chosen decision on the board: the choice made (and the better one, if another)
        detail = page.get_by_test_id("review-detail")
        expect(detail).to_be_visible()
        expect(page.get_by_test_id("review-played").get_by_test_id("replay-board")).to_be_visible(
            timeout=60_000
        )
        differs = page.locator('[data-testid="review-decision"]').evaluate_all(
            "els => els.map(e => e.dataset.index)"
        )
        assert len(differs) == count
        page.screenshot(path=str(artifacts / f"{shot}.png"), full_page=True)
        assert axe_serious(page) == []
        # the list moves to a decision; the arrow keys to the next one
        items.nth(2).click()
        index = items.nth(2).get_attribute("data-index")
        expect(detail).to_have_attribute("data-index", str(index))
        page.keyboard.press("ArrowRight")
        expect(detail).to_have_attribute(
            "data-index", str(items.nth(3).get_attribute("data-index"))
        )
        # a marked decision shows the better choice beside the one made
        marked = page.locator('[data-testid="review-decision"]:not([data-mark=""])')
        if marked.count():
            marked.first.click()
            expect(page.get_by_test_id("review-better")).to_be_visible()
            expect(page.get_by_test_id("review-verdict")).to_contain_text("lost")
        # the score margin instead of the winning chances
        page.get_by_test_id("review-metric-margin").click()
        expect(graph).to_have_attribute("data-metric", "margin")
        # only the marked decisions
        page.get_by_test_id("review-only-marked").check()
        expect(items).to_have_count(marked.count())
        page.get_by_test_id("review-close").click()
        expect(review).to_have_count(0)
        # "My games" has it too, and opens the review at once (computed once: done already)
        page.goto(server.url + "/")
        open_review = page.get_by_test_id("my-game-review").first
        expect(open_review).to_be_visible(timeout=60_000)
        open_review.click()
        expect(page.get_by_test_id("review")).to_have_attribute(
            "data-status", "done", timeout=60_000
        )
