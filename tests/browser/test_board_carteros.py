"""Carteros on its graphical board, played by clicking only (issue 16), against a real
`mailbag serve` in real Chromium.

- A whole game with Stampy and Delivery Missions against a greedy bot, on a desktop page: each
  decision one click sequence on the highlighted things of the board (`click_board`), every
  action of a sample of positions reachable by exactly one click sequence (`check_click_paths`:
  a move, a card play, the decisions inside effects), Stampy and the missions drawn, no
  sideways scrolling; screenshots at the start, in play and at the end.
- A whole 2-player game of two people in two browser contexts (desktop and phone), the table
  imported from a record with a chosen seed so that Ana is dealt Rain and Beto an Umbrella, with
  a clock: Ana's clicks are steered to play Rain once Beto walks the neighbourhood with Mail in
  his bag, and the reaction window pops up on Beto's phone with its timer; he answers by
  clicking Umbrella in it. Every other decision is a seeded random click.

Screenshots: tests/artifacts/browser/board-carteros-*.png.
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
from playwright.sync_api import Page, expect

from mailbag.core.records import GameRecord
from mailbag.games.carteros import GAME

#: bounds: a 6- or 8-round game of two carriers takes well under these many decisions
MAX_DECISIONS = 400
#: the clicks a person is nudged towards (70 % of the time when one is highlighted)
PREFER = (
    "house:",
    "mail:",
    "post_office",
    "shops",
    "mission:",
    "card:",
    "action_deck",
    "react:bone",
    "react:umbrella",
    "react:gps",
    "block:",
)
#: dealt by this seed (checked below): Ana holds Rain, Beto an Umbrella
IMPORT_SEED = 2

_LEGAL = """() => [...document.querySelectorAll('[data-testid="graphical-board"] [data-legal]')]
  .filter((e) => e.getClientRects().length > 0).map((e) => e.dataset.click)"""


class Forced(random.Random):
    """A pick that always takes the preferred click (the steered ones)."""

    def random(self) -> float:
        return 0.0


def show_board(page: Page) -> None:
    """The map at the top of the window (for a screenshot of what a player looks at)."""
    page.get_by_test_id("graphical-board").evaluate(
        "(e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 70)"
    )
    page.wait_for_timeout(400)  # motion settles


def legal_ids(page: Page) -> list[str]:
    return list(page.evaluate(_LEGAL))


def sample_paths(seat: TablePage, checked: set[str]) -> None:
    """`check_click_paths` over the position's actions when it has a verb not checked yet."""
    actions: list[dict[str, Any]] = seat.shown_state()["actions"]
    verbs = {str(a["notation"]).split()[0] for a in actions}
    if actions and not verbs <= checked:
        assert check_click_paths(seat, actions) == len(actions)
        checked.update(verbs)


def test_a_whole_game_with_stampy_and_missions_against_a_bot_by_clicks(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table(
        "carteros",
        [{"kind": "me", "name": "Eli"}, {"kind": "bot", "bot": "greedy"}],
        stampy=True,
        missions=True,
        max_rounds=6,
    )
    seat = TablePage("eli", contexts.page(DESKTOP)).open(server.url + made["links"]["0"])
    page = seat.page
    rng = random.Random(16)
    checked: set[str] = set()
    shots: set[str] = set()
    dog_seen = False
    with explain(artifacts, "board-carteros-bots", [seat], server):
        expect(page.get_by_test_id("graphical-board")).to_be_visible()
        # the missions on offer at the shops, and their houses on the map
        expect(page.locator(".cr-card.mission")).to_have_count(2)
        expect(page.locator(".cr-house .mission-flag")).to_have_count(2)
        for decision in range(MAX_DECISIONS):
            shown = seat.wait_ready()
            if shown.result:
                break
            if decision == 0:
                no_sideways_scroll(page)
                show_board(page)
                seat.screenshot(artifacts / "board-carteros-desktop-start.png")
                shots.add("start")
            sample_paths(seat, checked)
            dog_seen = dog_seen or page.locator(".cr-dog").count() == 1
            if dog_seen and "play" not in shots and decision > 12:
                no_sideways_scroll(page)
                show_board(page)
                seat.screenshot(artifacts / "board-carteros-desktop-play.png")
                shots.add("play")
            click_board(seat, rng, PREFER)
        else:
            raise AssertionError(f"no end after {MAX_DECISIONS} decisions: {seat.describe()}")
        expect(page.get_by_test_id("result")).to_be_visible()
        expect(page.get_by_test_id("to-move")).to_have_text("Game over")
        assert legal_ids(page) == [], "things left to click after the end"
        assert dog_seen, "Stampy never came into the neighbourhood"
        # moves, deliveries and the turn's end at least; the decisions inside effects as met
        assert {"move", "end"} <= checked, checked
        no_sideways_scroll(page)
        seat.screenshot(artifacts / "board-carteros-desktop-end.png", full_page=True)
        print(f"carteros vs bot: {seat.moves} decisions clicked; verbs checked {sorted(checked)}")


def _import(server: LiveServer) -> dict[str, Any]:
    options = GAME.spec.resolve_options({"max_rounds": 8})
    state = GAME.new_state(("Ana", "Beto"), options, IMPORT_SEED)
    kinds = GAME.components.action_index
    assert state.hand[0][kinds["rain"]] and state.hand[1][kinds["umbrella"]], state.hand
    record = GameRecord(
        "carteros", options, IMPORT_SEED, ["human", "human"], schema=GAME.schema_version
    )
    made: dict[str, Any] = server.post(
        "/api/import",
        {
            "record": record.dumps(),
            "seats": [{"kind": "me", "name": "Ana"}, {"kind": "friend", "name": "Beto"}],
            "clock": {"per_move": 600},
        },
    )
    return made


def test_two_people_play_a_whole_game_by_clicks_and_beto_reacts_with_an_umbrella(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = _import(server)
    ana = TablePage("ana-desktop", contexts.page(DESKTOP)).open(server.url + made["links"]["0"])
    beto = TablePage("beto-phone", contexts.page(PHONE, phone=True)).open(
        server.url + made["links"]["1"]
    )
    seats = {0: ana, 1: beto}
    rng = random.Random(4)
    checked: set[str] = set()
    reacted = False
    shot_phone = False
    with explain(artifacts, "board-carteros-two", [ana, beto], server):
        for page in (ana, beto):
            expect(page.page.get_by_test_id("graphical-board")).to_be_visible()
            no_sideways_scroll(page.page)
        step = 0
        for _ in range(MAX_DECISIONS):
            for page in (ana, beto):
                page.wait_step(step, at_least=True)
            shown = {n: s.read() for n, s in seats.items()}
            if shown[0].result and shown[1].result:
                break
            movers = [n for n, s in shown.items() if s.my_turn]
            if not movers:
                ana.page.wait_for_timeout(50)
                continue
            assert len(movers) == 1, f"step {step}: {[s.to_move for s in shown.values()]}"
            seat = seats[movers[0]]
            ids = legal_ids(seat.page)
            state = seat.shown_state()
            view = state["view"]
            beto_carrier = view["carriers"][1]
            if movers[0] == 1 and not shot_phone and step > 8 and "react:pass" not in ids:
                no_sideways_scroll(beto.page)
                show_board(beto.page)
                beto.screenshot(artifacts / "board-carteros-phone-play.png")
                shot_phone = True
            if "react:umbrella" in ids:
                # the reaction window pops up on Beto's phone, with the clock
                dialog = beto.page.get_by_test_id("carteros-reaction")
                expect(dialog).to_be_visible()
                expect(dialog.get_by_test_id("reaction-timer")).to_be_visible()
                no_sideways_scroll(beto.page)
                show_board(beto.page)
                beto.screenshot(artifacts / "board-carteros-phone-reaction.png")
                ana.screenshot(artifacts / "board-carteros-desktop-reaction.png")
                sample_paths(seat, checked)
                click_board(seat, Forced(), ("react:umbrella",))
                reacted = True
            elif (
                "card:rain" in ids
                and not reacted
                and beto_carrier["position"] not in ("post_office", "shops")
                and beto_carrier["mail"] > 0
            ):
                sample_paths(seat, checked)
                click_board(seat, Forced(), ("card:rain",))
            else:
                sample_paths(seat, checked)
                click_board(seat, rng, PREFER)
            step = seat.read().step or step
        else:
            raise AssertionError(f"no end after {MAX_DECISIONS} decisions")
        assert reacted, "the Umbrella's reaction window never came"
        expect(ana.page.get_by_test_id("log")).to_contain_text("answers the Rain with Umbrella")
        assert {"move", "play", "use", "pass"} & checked >= {"move", "play", "use"}, checked
        for page in (ana, beto):
            expect(page.page.get_by_test_id("result")).to_be_visible()
            assert legal_ids(page.page) == []
            no_sideways_scroll(page.page)
        beto.screenshot(artifacts / "board-carteros-phone-end.png", full_page=True)
        print(f"two people: {ana.moves} + {beto.moves} decisions clicked; verbs {sorted(checked)}")
