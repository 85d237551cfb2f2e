"""The guided first game in a real browser against a real `mailbag serve`: the lobby's "Learn to
play" opens a lesson's table, and a person who follows only what the lesson shows — the one thing
highlighted on the board (or its Reveal button, when a choice waits to be shown) — plays it to
its end, on a desktop and on a phone, in each language; a click on anything else is answered with
the lesson's friendly line and its rule; after the lesson the game goes on with every choice.

The rules panel: opened from the lesson's step, a choice, the log and the turn line at the
section that governs it, searchable, closed with Escape; axe finds nothing serious on a lesson's
table with the panel open. Screenshots: tests/artifacts/browser/lesson-*.png, rules-*.png.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_live import (
    _LEGAL_CLICKS,
    DESKTOP,
    PHONE,
    Contexts,
    LiveServer,
    TablePage,
    click_target,
    explain,
    settle,
)
from playwright.sync_api import Browser, expect
from table_measures import axe_serious

from mailbag.core import registry
from mailbag.table.tutorial import tutorial_of

LESSONS = [name for name in registry.names() if tutorial_of(registry.get(name)) is not None]
BOUND_S = 600  # generous: CI is a loaded 2-core machine

# where the lesson stands: over, a choice waiting to be revealed, or the learner's next step
_LESSON_NOW = """(done) => {
  const lesson = document.querySelector('[data-testid="lesson"]');
  if (!lesson) return null;
  if (lesson.dataset.done === "1") return "done";
  const reveal = document.querySelector('[data-testid="reveal"]');
  if (reveal && !reveal.disabled) return "reveal";
  const turn = document.querySelector('[data-testid="to-move"]');
  const index = Number(lesson.dataset.index || 0);
  if (turn && turn.dataset.turn === "mine" && index > done) return `step:${index}`;
  return null;
}"""


def _learn(
    browser: Browser, contexts: Contexts, server: LiveServer, game: str, lang: str, phone: bool
) -> TablePage:
    """The lobby in ``lang``; its "Learn to play" button of ``game`` clicked."""
    context = browser.new_context(
        viewport=PHONE if phone else DESKTOP,  # type: ignore[arg-type]
        locale=lang,
        is_mobile=phone,
        has_touch=phone,
    )
    contexts.opened.append(context)
    page = context.new_page()
    page.goto(server.url + "/")
    button = page.locator(f'[data-testid="learn-game"][data-game="{game}"]')
    expect(button).to_be_visible()
    seat = TablePage(game, page)
    button.click()
    page.wait_for_url("**/t/**")
    seat.wait_connected()
    expect(page.get_by_test_id("lesson")).to_be_visible()
    return seat


def _follow_step(seat: TablePage) -> None:
    """Take the step the lesson shows: click the highlighted thing until the choice is sent (a
    choice with nothing to click on the board: its one button in the list)."""
    page = seat.page
    sent = seat.submits
    for _click in range(16):  # no click path is this long
        ids = page.evaluate(_LEGAL_CLICKS)
        if not ids:
            seat.show_choices()
            buttons = page.locator('[data-testid="action"]:not([disabled])')
            expect(buttons).to_have_count(1)
            # the list may fold its buttons into groups by their first word: the group that
            # holds the lesson's one button is opened first, as a person would
            group = page.locator(
                'details[data-testid="action-group"]:not([open])',
                has=page.locator('[data-testid="action"]:not([disabled])'),
            )
            if group.count():
                group.first.locator("> summary").click()
            buttons.scroll_into_view_if_needed()
            buttons.click()
        else:
            # the lesson's one choice: each click has one highlighted thing to make it with
            # (or a few equivalent ones, e.g. the same card drawn twice)
            click_target(seat, ids[0])
        if seat.submits > sent:
            return
    raise AssertionError(f"sixteen clicks did not make the lesson's step: {seat.describe()}")


def _play_lesson(seat: TablePage, artifacts: Path, shot: str) -> int:
    """Follow the lesson to its end; the number of steps taken."""
    page = seat.page
    done = 0
    deadline = time.monotonic() + BOUND_S
    for _turn in range(400):
        assert time.monotonic() < deadline, f"the lesson did not end in {BOUND_S} s"
        now = page.wait_for_function(_LESSON_NOW, arg=done, timeout=60_000).json_value()
        if now == "done":
            break
        if now == "reveal":
            assert seat.reveal_if_held()
            continue
        index = int(str(now).split(":")[1])
        expect(page.get_by_test_id("lesson-now")).not_to_be_empty()
        if index == 2:
            seat.screenshot(artifacts / f"{shot}.png")
        _follow_step(seat)
        done = index
    else:
        pytest.fail("the lesson never ended")
    return done


@pytest.mark.parametrize("lang", ["en", "nl", "es"])
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", LESSONS)
def test_the_lesson_is_followed_to_its_end_by_what_it_highlights(
    game: str,
    phone: bool,
    lang: str,
    browser: Browser,
    server: LiveServer,
    contexts: Contexts,
    artifacts: Path,
) -> None:
    lesson = tutorial_of(registry.get(game))
    assert lesson is not None
    seat = _learn(browser, contexts, server, game, lang, phone)
    page = seat.page
    device = "phone" if phone else "desktop"
    with explain(artifacts, f"lesson-{game}-{device}-{lang}", [seat], server):
        taken = _play_lesson(seat, artifacts, f"lesson-{game}-{device}-{lang}")
        assert taken == len(lesson.steps)
        expect(page.get_by_test_id("lesson-outro")).not_to_be_empty()
        assert page.evaluate("document.documentElement.lang") == lang
        # the bots play on after the lesson's last step, and the board brings the next decision
        # into view when it comes: "Play on" is clicked once that is done and the page is still
        # (a click aimed at a page about to scroll lands elsewhere, as a person's would)
        seat.wait_ready()
        settle(page)
        page.get_by_test_id("lesson-close").click()
        expect(page.get_by_test_id("lesson")).to_have_count(0)
        # the game goes on as a real one: more than one choice is offered again
        seat.show_choices()
        page.wait_for_function(
            """() => document.querySelectorAll('[data-testid="action"]:not([disabled])').length > 1
              || document.querySelector('[data-testid="result"]') !== null""",
            timeout=60_000,
        )


@pytest.mark.parametrize("game", LESSONS)
def test_another_click_is_refused_and_the_rules_panel_opens_where_it_matters(
    game: str, browser: Browser, server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    seat = _learn(browser, contexts, server, game, "en", False)
    page = seat.page
    with explain(artifacts, f"rules-{game}", [seat], server):
        page.wait_for_function(_LESSON_NOW, arg=0, timeout=60_000)
        expect(page.get_by_test_id("lesson-step")).to_have_text(
            f"Lesson, step 1 of {len(tutorial_of(registry.get(game)).steps)}"  # type: ignore[union-attr]
        )
        # a thing on the board that is not highlighted: the lesson's friendly line and its rule
        other = page.locator('[data-testid="graphical-board"] [data-click]:not([data-legal])')
        if other.count():
            other.first.click(force=True)
            why = page.get_by_test_id("why")
            expect(why).to_contain_text("Not yet", timeout=30_000)
            expect(page.get_by_test_id("why-rule")).to_be_visible()
        # the rules panel at the step's rule
        rule = page.get_by_test_id("lesson-rule")
        section = rule.get_attribute("data-section")
        rule.click()
        panel = page.get_by_test_id("rules-panel")
        expect(panel).to_be_visible()
        expect(panel).to_have_attribute("data-section", str(section))
        expect(page.get_by_test_id("rules-section")).not_to_be_empty()
        page.screenshot(path=str(artifacts / f"rules-{game}-desktop.png"))
        assert axe_serious(page) == []
        # searched
        page.get_by_test_id("rules-search").fill("score")
        hits = page.get_by_test_id("rules-hit")
        expect(hits.first).to_be_visible()
        hits.first.click()
        expect(page.get_by_test_id("rules-section")).to_be_visible()
        # Escape closes it and gives the focus back
        page.keyboard.press("Escape")
        expect(panel).to_have_count(0)
        # the turn line's "?" opens the decision's rule; a log line's its own
        page.get_by_test_id("turn-rule").click()
        expect(panel).to_be_visible()
        page.get_by_test_id("rules-close").click()
        expect(panel).to_have_count(0)
        logged = page.get_by_test_id("log-rule")
        if logged.count():
            wanted = logged.first.get_attribute("data-section")
            logged.first.click()
            expect(panel).to_have_attribute("data-section", str(wanted))
            page.get_by_test_id("rules-close").click()
        # the score preview: what each scoring rule gives now, each line with its rule
        page.get_by_test_id("score-preview").locator("summary").click()
        expect(page.get_by_test_id("score-line").first).to_be_visible()
        ruled = page.get_by_test_id("score-rule")
        expect(ruled.first).to_be_visible()
        wanted = ruled.first.get_attribute("data-section")
        ruled.first.click()
        expect(panel).to_have_attribute("data-section", str(wanted))
        page.get_by_test_id("rules-close").click()
        # the choices list: the rule behind its choices
        seat.show_choices()
        page.get_by_test_id("choices-rule").click()
        expect(panel).to_be_visible()
        page.get_by_test_id("rules-close").click()
        # a tooltip: hovering the highlighted thing shows it with its rule; the pointer can go on
        # to the tooltip's button (the tooltip stays), which opens that rule, and no move is made
        index = page.get_by_test_id("lesson").get_attribute("data-index")
        target = page.locator('[data-testid="graphical-board"] [data-legal]').first
        wanted = target.get_attribute("data-rule")
        assert wanted, "the highlighted thing names no rule for its tooltip"
        target.hover()
        tip = page.get_by_test_id("tip")
        expect(tip).to_be_visible(timeout=30_000)
        button = page.get_by_test_id("tip-rule")
        expect(button).to_have_attribute("data-section", wanted)
        box = button.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=8)
        expect(tip).to_be_visible()
        button.click()
        expect(panel).to_have_attribute("data-section", wanted)
        expect(tip).to_have_count(0)
        page.get_by_test_id("rules-close").click()
        expect(page.get_by_test_id("lesson")).to_have_attribute("data-index", str(index))
        expect(page.get_by_test_id("why")).to_have_count(0)


@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_step_and_the_rules_panel_on_a_phone(
    game: str, browser: Browser, server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    seat = _learn(browser, contexts, server, game, "en", True)
    page = seat.page
    with explain(artifacts, f"rules-{game}-phone", [seat], server):
        page.wait_for_function(_LESSON_NOW, arg=0, timeout=60_000)
        seat.screenshot(artifacts / f"lesson-{game}-phone-first.png")
        page.get_by_test_id("lesson-rule").click()
        panel = page.get_by_test_id("rules-panel")
        expect(panel).to_be_visible()
        box = panel.bounding_box()
        assert box is not None and box["x"] >= 0 and box["width"] <= 390
        page.screenshot(path=str(artifacts / f"rules-{game}-phone.png"))
        assert axe_serious(page) == []
        page.get_by_test_id("rules-close").click()
        expect(panel).to_have_count(0)
        # a long press on the highlighted thing shows its tooltip; tapping the tooltip's button
        # opens the rule, and is no tap on the board (no move made, nothing refused)
        index = page.get_by_test_id("lesson").get_attribute("data-index")
        target = page.locator('[data-testid="graphical-board"] [data-legal]').first
        wanted = target.get_attribute("data-rule")
        assert wanted
        target.scroll_into_view_if_needed()
        target.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
        tip = page.get_by_test_id("tip")
        expect(tip).to_be_visible(timeout=30_000)
        target.dispatch_event("pointerup", {"pointerType": "touch", "bubbles": True})
        button = page.get_by_test_id("tip-rule")
        expect(button).to_have_attribute("data-section", wanted)
        button.tap()
        expect(panel).to_have_attribute("data-section", wanted)
        page.get_by_test_id("rules-close").click()
        expect(panel).to_have_count(0)
        expect(page.get_by_test_id("lesson")).to_have_attribute("data-index", str(index))
        expect(page.get_by_test_id("why")).to_have_count(0)
        assert page.locator('[data-testid="graphical-board"] [data-armed="1"]').count() == 0
