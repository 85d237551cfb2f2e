"""Post Office on its graphical board, against a real `mailbag serve`, played by clicks only (the
shell's `click_board`: one decision taken by clicking highlighted things, no notation read).

- A whole 3-player game against a greedy and a random bot, on a desktop page: at the first
  draft, move, placement and sealing every legal action (or a sample of them) is checked to be
  reachable by exactly one click sequence (`check_click_paths`); screenshots of each phase, a
  placement's ghost and a seal's ghost.
- A whole 2-player game of two browser contexts (a desktop and a phone) with the goal tokens:
  every phase is simultaneous, so each phase both seats decide, in a seeded order; each page
  shows who has chosen (never what).

At both sizes the page never scrolls sideways. Screenshots:
tests/artifacts/browser/board-post_office-*.png.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from browser_live import (
    DESKTOP,
    PHONE,
    Contexts,
    LiveServer,
    TablePage,
    check_click_paths,
    click_board,
    explain,
    no_sideways_scroll,
)
from playwright.sync_api import expect

#: clicks a player would rather make: sealing and placing more than skipping
PREFER = ("tape:", "form:", "parcel:", "token:", "rot:", "cell:", "deal:", "space:")
#: every decision of an 11-round game is 74 per player (docs/post_office.md), with room to spare
MAX_DECISIONS = 90
SAMPLE = 16


def others_chosen(seat: TablePage, mine: int) -> None:
    """Until the page shows every other player as having chosen in this phase (the bots choose
    at once; a choice of theirs is a new step for this page, which `click_board` would read as
    the answer to its own clicks if it came in the middle of them)."""
    seat.page.wait_for_function(
        """(mine) => {
          const marks = [...document.querySelectorAll('[data-testid^="po-chosen-"]')];
          return marks.length > 0 && marks.every(
            (m) => m.dataset.testid === `po-chosen-${mine}` || m.classList.contains("yes"));
        }""",
        arg=mine,
    )


def phase_of(seat: TablePage) -> str:
    view = seat.shown_state()["view"]
    return str(view["phase"])


def check_sample(seat: TablePage, rng: random.Random) -> int:
    """Every action of the shown state (a seeded sample when there are many) has exactly one
    click sequence on the page."""
    actions: list[dict[str, Any]] = list(seat.shown_state()["actions"])
    assert actions, f"{seat.name}: nothing to check"
    if len(actions) > SAMPLE:
        actions = rng.sample(actions, SAMPLE)
    return check_click_paths(seat, actions)


def legal(start: str) -> str:
    """The things on the board that can be clicked now whose ids begin with `start`."""
    return f'[data-testid="graphical-board"] [data-legal][data-click^="{start}"]'


def pick_until(seat: TablePage, prefixes: tuple[str, ...]) -> str:
    """Click the first legal thing starting with each of `prefixes` in turn (a token then a
    turn, a tape then a form); returns the last id clicked."""
    page = seat.page
    clicked = ""
    for start in prefixes:
        target = page.locator(legal(start))
        expect(target.first).to_be_visible()
        clicked = str(target.first.get_attribute("data-click"))
        target.first.click()
    return clicked


def hover_first(seat: TablePage, start: str) -> str:
    target = seat.page.locator(legal(start))
    target.first.hover()
    return str(target.first.get_attribute("data-click"))


def reveal_if_held(seat: TablePage) -> None:
    """A person's choice that completes a phase waits to be revealed (the table holds it, so it
    can still be changed or taken back): reveal it, as a player would with the banner's button."""
    button = seat.page.get_by_test_id("reveal")
    held = bool(seat.shown_state().get("held"))
    if held or button.count():
        expect(button).to_be_visible(timeout=20_000)
        step = int(seat.shown_state().get("step", 0))
        button.click()
        seat.wait_step(step + 1, at_least=True)


def shoot(seat: TablePage, artifacts: Path, name: str, full_page: bool = False) -> None:
    if name.startswith("phone") and not full_page:  # the board in view, from its top
        seat.page.get_by_test_id("po-board").evaluate("(e) => e.scrollIntoView()")
    seat.screenshot(artifacts / f"board-post_office-{name}.png", full_page=full_page)


def test_three_players_against_bots_by_clicking_the_board(
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
    seat = TablePage("post_office-board", contexts.page(DESKTOP))
    seat.open(server.url + made["links"]["0"])
    rng = random.Random(15)
    checked: dict[str, int] = {}
    shots: set[str] = set()

    with explain(artifacts, "board-post_office-bots", [seat], server):
        expect(seat.page.get_by_test_id("po-board")).to_be_visible()
        for _ in range(MAX_DECISIONS):
            shown = seat.wait_ready()
            if shown.result:
                break
            others_chosen(seat, 0)
            phase = phase_of(seat)
            several = len(seat.shown_state()["actions"]) > 1
            if phase not in checked and several:
                checked[phase] = check_sample(seat, rng)
                no_sideways_scroll(seat.page, f"at the first {phase}")
            if phase not in shots and several:
                if phase == "place":
                    pick_until(seat, ("token:", "rot:"))
                    hover_first(seat, "cell:")
                    expect(seat.page.locator(".po-ghost.legal")).to_have_count(1)
                elif phase == "seal":
                    pick_until(seat, ("tape:", "form:"))
                    hover_first(seat, "parcel:")
                    expect(seat.page.locator(".po-tape.ghost.legal")).to_have_count(1)
                    hint = seat.page.get_by_test_id("po-hint").text_content() or ""
                    assert "point" in hint, f"a seal's hover tells no points: {hint!r}"
                shoot(seat, artifacts, f"desktop-{phase}")
                shots.add(phase)
                seat.page.keyboard.press("Escape")
            click_board(seat, rng, PREFER)
            reveal_if_held(seat)
        else:
            raise AssertionError(f"no result after {MAX_DECISIONS} decisions")
        assert seat.read().result
        assert set(checked) == {"keep", "move", "place", "seal"}, checked
        assert {"keep", "move", "place", "seal"} <= shots, shots
        expect(seat.page.get_by_test_id("po-header")).to_be_visible()
        for n in range(3):  # the final score's breakdown on hover
            title = seat.page.get_by_test_id(f"po-score-{n}").get_attribute("title") or ""
            assert "·" in title, f"seat {n}'s score has no breakdown: {title!r}"
        no_sideways_scroll(seat.page, "at the end")
        shoot(seat, artifacts, "desktop-end", full_page=True)
        print(f"post_office board, 3 players: click paths checked {checked}")


def test_two_browsers_with_goals_by_clicking_the_board(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table(
        "post_office",
        [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}],
        goals=True,
    )
    ann = TablePage("ann-desktop", contexts.page(DESKTOP))
    bob = TablePage("bob-phone", contexts.page(PHONE, phone=True))
    ann.open(server.url + made["links"]["0"])
    bob.open(server.url + made["links"]["1"])
    seats = [ann, bob]
    rng = random.Random(1515)
    shots: set[str] = set()

    with explain(artifacts, "board-post_office-two", seats, server):
        for seat in seats:
            expect(seat.page.get_by_test_id("po-goals")).to_be_visible()
        decisions = 0
        over = False
        for _ in range(MAX_DECISIONS):
            order = rng.sample([0, 1], 2)
            for k, n in enumerate(order):
                seat = seats[n]
                shown = seat.wait_ready()
                if shown.result:
                    over = True
                    break
                phase = phase_of(seat)
                if k == 1:
                    # the other has chosen this phase: this page says so (and nothing of what)
                    other = order[0]
                    expect(seat.page.get_by_test_id(f"po-chosen-{other}")).to_have_class(
                        "po-chosen yes"
                    )
                    if f"chosen-{n}" not in shots:
                        no_sideways_scroll(seat.page, f"in the {phase} phase")
                        shoot(seat, artifacts, f"{'desktop' if n == 0 else 'phone'}-other-chose")
                        shots.add(f"chosen-{n}")
                if n == 1 and phase not in shots and phase in ("keep", "move", "place", "seal"):
                    no_sideways_scroll(seat.page, f"in the {phase} phase")
                    if phase == "place":
                        pick_until(seat, ("token:", "rot:"))
                    shoot(seat, artifacts, f"phone-{phase}")
                    shots.add(phase)
                    seat.page.keyboard.press("Escape")
                click_board(seat, rng, PREFER)
                reveal_if_held(seat)
                decisions += 1
            if over:
                break
        else:
            raise AssertionError(f"no result after {MAX_DECISIONS} rounds of decisions")
        for seat in seats:
            expect(seat.page.get_by_test_id("result")).to_be_visible()
            no_sideways_scroll(seat.page, "at the end")
        assert decisions == 2 * (7 * 10 + 4), decisions
        assert ann.stale == bob.stale == 0
        shoot(ann, artifacts, "desktop-two-end", full_page=True)
        shoot(bob, artifacts, "phone-two-end", full_page=True)
