"""The Postcards board in a real browser against a real `mailbag serve`: whole games played by
clicking the highlighted things of the board only (no notation typed, no action button of the
list clicked), on both board sides and both editions between them:

- solo against the Expert Automa (side B, Dutch edition), on a desktop-sized page;
- three players, the person against the `greedy` and `random` bots (side A, English edition),
  on a phone-sized page.

Along the way, at positions of several kinds (a turn's first decision, where pairs are
possible; after a card is played; drawing back; each pending decision a postcard, a souvenir, a
star, a gift … first brings), every legal action's click path is checked: each step drawn
exactly once and clickable (`check_click_paths`). Screenshots of the board at 1280×800 and
390×844 (`board-postcards-…png` in the artifacts folder), and neither size scrolls sideways.
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
    click_target,
    explain,
    no_sideways_scroll,
    settle,
)
from playwright.sync_api import expect
from table_measures import small_targets, targets_off_screen, wait_decision

#: far more decisions than a game takes (a random clicker's solo game: about 150–400)
MAX_MOVES = 1500
#: a sample of each checked position's actions (a first decision has dozens)
SAMPLE = 14
#: clicks that make a game get somewhere: send, stamp, souvenirs, camp, take postcards
PREFER = ("postcard:", "stamp:", "souvenir:", "site:", "pcrow:", "postcards", "giftrow:")


def position_kind(state: dict[str, Any]) -> str:
    """What sort of decision the seat faces (for choosing positions to check)."""
    view = state["view"]
    turn = view["turn"]
    if turn["stack"]:
        return f"frame:{turn['stack'][-1]['kind']}"
    if turn["drawing"]:
        return "drawing"
    return f"played:{min(len(turn['played']), 3)}"


def shoot(seat: TablePage, artifacts: Path, name: str) -> None:
    seat.page.evaluate(
        """() => {
          const board = document.querySelector('[data-testid="graphical-board"]');
          const header = document.querySelector("header.topbar");
          const top = board.getBoundingClientRect().top + window.scrollY;
          window.scrollTo(0, Math.max(0, top - (header ? header.offsetHeight : 0) - 8));
        }"""
    )
    seat.screenshot(artifacts / f"board-postcards-{name}.png")
    seat.screenshot(artifacts / f"board-postcards-{name}-full.png", full_page=True)


def look_from(contexts: Contexts, link: str, viewport: dict[str, int], phone: bool) -> TablePage:
    """A second page of the same seat, at another size (to look at the same position)."""
    other = TablePage("postcards-look", contexts.page(viewport, phone=phone)).open(link)
    other.wait_connected()
    other.page.get_by_test_id("graphical-board").wait_for()
    return other


def pair_in_either_order(seat: TablePage) -> bool:
    """A pair of two kinds of cards clicked second card first: the board puts the two clicks in
    the path's order (the pair's button is next). False when the hand holds no such pair."""
    state = seat.shown_state()
    pairs = [a["clicks"] for a in state["actions"] if a["notation"].startswith("pair ")]
    pairs = [p for p in pairs if p[1].startswith("hand:")]
    if not pairs:
        return False
    first, second = pairs[0][0], pairs[0][1]
    page = seat.page
    board = page.get_by_test_id("graphical-board")
    page.locator(f"[data-click='{second}']").click()
    expect(board).to_have_attribute("data-prefix", second)
    page.locator(f"[data-click='{first}']").click()
    expect(board).to_have_attribute("data-prefix", f"{first} {second}")
    expect(page.locator("[data-click='do:pair']")).to_have_attribute("data-legal", "1")
    page.keyboard.press("Escape")
    expect(board).to_have_attribute("data-prefix", "")
    return True


def play_by_clicks(
    seat: TablePage,
    rng: random.Random,
    artifacts: Path,
    name: str,
    on_mid: Any,
) -> dict[str, int]:
    """The whole game on `seat` by clicking the board; returns how many positions of each kind
    were checked."""
    checked: dict[str, int] = {}
    moves = 0
    for _ in range(MAX_MOVES):
        shown = seat.wait_ready()
        if shown.result:
            break
        state = seat.shown_state()
        kind = position_kind(state)
        if checked.get(kind, 0) < 2 and state["actions"]:
            sample = rng.sample(state["actions"], min(SAMPLE, len(state["actions"])))
            checked[kind] = checked.get(kind, 0) + 1
            assert check_click_paths(seat, sample) == len(sample)
        if moves == 40:
            on_mid()
        click_board(seat, rng, PREFER)
        moves += 1
    else:
        raise AssertionError(f"{name}: no result after {MAX_MOVES} decisions")
    print(f"{name}: {moves} decisions clicked, positions checked {checked}")
    return checked


def test_solo_against_the_expert_automa_by_clicks(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table(
        "postcards",
        [{"kind": "me", "name": "Camille"}, {"kind": "bot", "bot": "automa:expert"}],
        side="B",
        edition="nl",
    )
    link = server.url + made["links"]["0"]
    seat = TablePage("postcards", contexts.page(DESKTOP)).open(link)
    seat.wait_connected()
    board = seat.page.get_by_test_id("graphical-board")
    expect(board).to_be_visible()

    with explain(artifacts, "board-postcards-solo", [seat], server):
        # the map: 13 regions, 56 campsites, the Corsica ferry; the Automa's slots 1–5
        expect(board.locator("[data-click^='region:']")).to_have_count(13)
        expect(board.locator("[data-click^='site:']")).to_have_count(56)
        expect(board.locator(".pc-ferry")).to_have_count(1)
        expect(board.locator(".pc-slot.automa")).to_have_count(5)
        no_sideways_scroll(seat.page, "desktop")
        shoot(seat, artifacts, "solo-desktop-start")
        seat.wait_ready()
        assert pair_in_either_order(seat), "no pair of two kinds in the first hand"

        def mid() -> None:
            expect(seat.page.get_by_test_id("pc-automa")).to_be_visible()
            shoot(seat, artifacts, "solo-desktop-mid")
            phone = look_from(contexts, link, PHONE, True)
            no_sideways_scroll(phone.page, "phone")
            shoot(phone, artifacts, "solo-phone-mid")
            phone.page.close()

        checked = play_by_clicks(seat, random.Random(14), artifacts, "solo", mid)
        assert {"played:0", "played:1", "drawing"} <= set(checked), checked
        expect(seat.page.get_by_test_id("result")).to_be_visible()
        no_sideways_scroll(seat.page, "desktop at the end")
        shoot(seat, artifacts, "solo-desktop-end")


def test_three_players_against_bots_on_a_phone_by_clicks(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    made = server.create_table(
        "postcards",
        [
            {"kind": "me", "name": "Dee"},
            {"kind": "bot", "bot": "greedy"},
            {"kind": "bot", "bot": "random"},
        ],
        side="A",
        edition="en",
    )
    link = server.url + made["links"]["0"]
    seat = TablePage("postcards", contexts.page(PHONE, phone=True)).open(link)
    seat.wait_connected()
    board = seat.page.get_by_test_id("graphical-board")
    expect(board).to_be_visible()

    with explain(artifacts, "board-postcards-three", [seat], server):
        expect(board.locator("[data-testid^='pc-player-']")).to_have_count(3)
        expect(board.locator(".pc-slot.automa")).to_have_count(0)
        no_sideways_scroll(seat.page, "phone")
        shoot(seat, artifacts, "three-phone-start")

        def mid() -> None:
            shoot(seat, artifacts, "three-phone-mid")
            desk = look_from(contexts, link, DESKTOP, False)
            no_sideways_scroll(desk.page, "desktop")
            shoot(desk, artifacts, "three-desktop-mid")
            desk.page.close()

        checked = play_by_clicks(seat, random.Random(3), artifacts, "three", mid)
        assert {"played:0", "played:1", "drawing"} <= set(checked), checked
        expect(seat.page.get_by_test_id("result")).to_be_visible()
        no_sideways_scroll(seat.page, "phone at the end")
        shoot(seat, artifacts, "three-phone-end")


_REGION_SIZES = """(width) => {
  const map = document.querySelector("svg.pc-map");
  const before = map.style.width;
  if (width) map.style.width = `${width}px`;
  const sizes = [...map.querySelectorAll("[data-click^='region:']")].map((g) => {
    const r = g.getBoundingClientRect();
    return [g.dataset.click, Math.floor(r.width * 10) / 10, Math.floor(r.height * 10) / 10];
  });
  map.style.width = before;
  return sizes;
}"""

_NAMES_CUT = """() => [...document.querySelectorAll('[data-testid="graphical-board"] .pc-tname')]
  .filter((name) => name.getClientRects().length)
  .filter((name) => {
    const c = name.closest('.pc-tcard').getBoundingClientRect();
    const n = name.getBoundingClientRect();
    return n.left < c.left - 0.5 || n.right > c.right + 0.5;
  })
  .map((name) => name.textContent)"""


def fits(seat: TablePage, what: str) -> None:
    """The decision's targets together on the phone's screen, each a finger's size (or in a
    magnified group that is)."""
    settle(seat.page)
    assert targets_off_screen(seat.page) == [], f"{what}: targets off screen"
    assert small_targets(seat.page) == [], f"{what}: small targets"


def test_a_phone_keeps_each_decision_on_one_screen(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    """On a phone (in Dutch: the longest card names): every region a finger's size, also on the
    narrowest map the board draws (330 px: Corse's hit area wider than the island); the hand's
    card names whole; each card of the first hand, picked, has its targets (the map, your
    postcards' stamp spaces, the face-up postcards, the other hand cards for a pair) on one
    screen; so has a pair's 'any action': which card it acts as (buttons), then each one's
    targets."""
    made = server.create_table(
        "postcards", [{"kind": "me", "name": "Camille"}, {"kind": "bot", "bot": "automa:normal"}]
    )
    context = contexts.new(PHONE, phone=True)
    context.add_init_script("window.localStorage.setItem('mailbag.lang', 'nl')")
    seat = TablePage("postcards-phone", context.new_page()).open(server.url + made["links"]["0"])
    seat.wait_connected()
    page = seat.page
    with explain(artifacts, "board-postcards-phone-fit", [seat], server):
        assert wait_decision(seat) == "mine"
        for width in (0, 330):
            small = [s for s in page.evaluate(_REGION_SIZES, width) if min(s[1], s[2]) < 44]
            assert small == [], f"regions under 44×44 on a {width or 'full'} px map: {small}"
        assert page.evaluate(_NAMES_CUT) == [], "hand card names cut off"
        fits(seat, "the first decision")
        hand = sorted(
            {
                a["clicks"][0]
                for a in seat.shown_state()["actions"]
                if a["clicks"][0].startswith("hand:")
            }
        )
        assert len(hand) >= 2, hand
        board = page.get_by_test_id("graphical-board")
        for card in hand:
            click_target(seat, card)
            expect(board).to_have_attribute("data-prefix", card)
            fits(seat, f"{card} picked")
            page.keyboard.press("Escape")
            expect(board).to_have_attribute("data-prefix", "")
        pairs = [
            a["clicks"] for a in seat.shown_state()["actions"] if a["notation"].startswith("pair ")
        ]
        if pairs:
            step = seat.read_step()
            asked = len(seat.replies)
            for target in pairs[0]:
                click_target(seat, target)
            assert seat.reply(asked, "a pair").get("type") == "ack"
            seat.wait_step(step + 1, at_least=True)
            assert wait_decision(seat) == "mine"
            # which card the pair acts as first (buttons), then that card's targets, together
            firsts = {a["clicks"][0] for a in seat.shown_state()["actions"]}
            assert {"do:as.move", "do:as.postcard"} <= firsts <= {
                "do:as.move",
                "do:as.camp",
                "do:as.postcard",
                "do:as.stamp",
            }, firsts
            fits(seat, "a pair's action")
            for button in sorted(firsts):
                click_target(seat, button)
                expect(board).to_have_attribute("data-prefix", button)
                fits(seat, f"a pair's action, {button}")
                page.keyboard.press("Escape")
                expect(board).to_have_attribute("data-prefix", "")
        seat.screenshot(artifacts / "board-postcards-phone-fit.png")
