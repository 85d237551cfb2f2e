"""Helpers for the tests where two people play one table from two browsers (with a spectator
watching from a third), against a real `mailbag serve`.

- `lobby_table()`: the table made in the lobby by clicking and typing (seat 0 me, seat 1 a
  friend), the friend's invite link and the spectator link opened in their own contexts (each
  page's socket tapped, if asked).
- `glance()`: what a page shows that the driver needs (step, turn line, refusal, result, action
  buttons), without the board and the log, in one round trip to the browser: it waits in the
  page (a MutationObserver, no polling from here) until the page shows a step, then reads.
  A long game reads cheaply: the log grows to hundreds of lines, the board to pages of text.
- `pick()`, `click()`, `answer()`: a seeded pick among the visible buttons (sometimes a closed
  group opened first), a real click on it, the server's answer to it on the page's socket.
- `SocketTap`: the page's socket goes through Playwright's WebSocket routing, every frame noted
  both ways; `sync()` asks the server through it for the table as the page's seat knows it
  (docs/protocol.md): once answered, whatever the server had to tell the page has arrived, so
  a test can see what a page was sent, and that it was sent nothing.
- `the_end()`: everyone sees the result with each seat's final score, nothing to click; the
  record is exported from a seat's page and has one step per decision.
"""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from browser_live import (
    DESKTOP,
    PHONE,
    WAIT_MS,
    Contexts,
    LiveServer,
    Shown,
    TablePage,
    choose,
    css_string,
)
from playwright.sync_api import Page, WebSocketRoute, expect

from mailbag.core.records import GameRecord
from mailbag.core.records import loads as load_record

# -- the lobby ------------------------------------------------------------------------------


def game_options(server: LiveServer, game: str) -> dict[str, dict[str, Any]]:
    """The options `GET /api/games` declares for `game`, by name."""
    with urllib.request.urlopen(f"{server.url}/api/games", timeout=30) as answered:
        games = json.load(answered)
    found = [g for g in games if g["name"] == game]
    assert found, f"GET /api/games does not list {game!r}: {[g['name'] for g in games]}"
    return {o["name"]: o for o in found[0]["options"]}


def lobby_table(
    server: LiveServer,
    contexts: Contexts,
    game: str,
    names: Sequence[str],
    checks: Sequence[str] = (),
    taps: dict[int | None, SocketTap] | None = None,
) -> tuple[TablePage, TablePage, TablePage, str, str]:
    """A table of `game` made in the lobby on a desktop page (seat 0 me, seat 1 a friend, named
    `names`, the option checkboxes `checks` ticked); the friend opens the invite link on a
    phone, a spectator the spectator link on another desktop. Returns the three pages (seat 0,
    seat 1, spectator), the invite link and the spectator link. `taps`: filled in with a
    `SocketTap` of each page (by seat, `None` the spectator's), made before its socket opens."""
    lobby = contexts.page(DESKTOP)
    lobby.goto(server.url + "/")
    lobby.get_by_test_id("game-select").select_option(game)
    for name in checks:
        box = lobby.get_by_test_id(f"option-{name}")
        expect(box).not_to_be_checked()
        box.check()
    # let the form's effects for the new game run before the seats are set
    lobby.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    lobby.get_by_test_id("seat-kind-0").select_option("me")
    lobby.get_by_test_id("seat-kind-1").select_option("friend")
    lobby.get_by_test_id("seat-name-0").fill(names[0])
    lobby.get_by_test_id("seat-name-1").fill(names[1])
    expect(lobby.get_by_test_id("seat-kind-1")).to_have_value("friend")
    lobby.get_by_test_id("create-table").click()
    invite = lobby.get_by_test_id("invite-link-1").get_attribute("href")
    watch = lobby.get_by_test_id("spectator-link").get_attribute("href")
    assert invite and "#seat=1&token=" in invite, invite
    assert watch and "#watch=" in watch, watch
    expect(lobby.get_by_test_id("invite-link-0")).to_have_count(0)  # my own seat: no invite
    first = TablePage(f"{names[0]}-desktop", lobby)  # before its socket opens: it notes answers
    if taps is not None:
        taps[0] = SocketTap(lobby)
    lobby.get_by_test_id("go-to-seat").click()
    first.wait_connected()
    second = TablePage(f"{names[1]}-phone", contexts.page(PHONE, phone=True))
    spectator = TablePage("spectator", contexts.page(DESKTOP))
    if taps is not None:
        taps[1], taps[None] = SocketTap(second.page), SocketTap(spectator.page)
    return first, second, spectator, invite, watch


def table_of(link: str) -> str:
    return link.split("/t/", 1)[1].split("#", 1)[0]


# -- reading a page quickly -----------------------------------------------------------------

_GLANCE = """
  const q = (id) => document.querySelector(`[data-testid="${id}"]`);
  const text = (id) => { const el = q(id); return el ? el.textContent.trim() : null; };
  const shownStep = () => { const t = text("step"); return t ? Number(t) : null; };
  const glance = () => {
    const refusal = q("refusal");
    const buttons = [...document.querySelectorAll('[data-testid="action"]')];
    // those a click reaches once the list is open (collapsed by default; a tab on a phone)
    const shown = buttons.filter(
      (b) => !b.closest('details[data-testid="action-group"]:not([open])'));
    return {
      step: shownStep(),
      status: text("status"),
      to_move: text("to-move"),
      refusal: refusal ? (refusal.querySelector("span") || refusal).textContent.trim() : null,
      result: q("result") !== null,
      actions: shown.filter((b) => !b.disabled).map((b) => b.dataset.notation),
      all_actions: buttons.map((b) => b.dataset.notation),
      closed: [...document.querySelectorAll(
        'details[data-testid="action-group"]:not([open])')].map((d) => d.dataset.group),
    };
  };
"""

# until the page shows step k (`later`: a step after k, or a refusal), then what it shows; the
# wait is in the page (a MutationObserver), bounded by `ms`
_WAIT_AND_GLANCE = (
    "async ([k, later, ms]) => {"
    + _GLANCE
    + """
  const ready = () => {
    const s = shownStep();
    if (s === null || q("status").dataset.status !== "connected") return false;
    return later ? s > k || q("refusal") !== null : s === k;
  };
  if (!ready()) {
    await new Promise((done, fail) => {
      const seen = new MutationObserver(() => {
        if (ready()) { seen.disconnect(); clearTimeout(timer); done(); }
      });
      seen.observe(document.body, { subtree: true, childList: true, characterData: true });
      const timer = setTimeout(() => {
        seen.disconnect();
        fail(new Error(`the page shows step ${shownStep()} (${text("status")}) after ${ms} ms `
          + `waiting for ${later ? "a step after " : "step "}${k}`));
      }, ms);
    });
  }
  return glance();
}"""
)


def _shown(data: dict[str, Any]) -> Shown:
    return Shown(
        step=data["step"],
        status=data["status"],
        to_move=data["to_move"],
        refusal=data["refusal"],
        result=bool(data["result"]),
        actions=tuple(data["actions"]),
        all_actions=tuple(data["all_actions"]),
        closed=tuple(data["closed"]),
        board=None,
        log=(),
    )


def glance(seat: TablePage, step: int, after: bool = False, timeout: float = WAIT_MS) -> Shown:
    """What `seat`'s page shows once it shows step `step` (`after`: a later step or a refusal),
    without its board and log (`board` None, `log` empty), in one round trip."""
    return _shown(seat.page.evaluate(_WAIT_AND_GLANCE, [step, after, timeout]))


# -- clicking -------------------------------------------------------------------------------


def pick(
    seat: TablePage,
    rng: random.Random,
    shown: Shown,
    prefer: Sequence[str] = (),
    open_odds: float = 0.25,
) -> str:
    """A seeded pick among the visible buttons of `shown` (a glance or a read of `seat`);
    sometimes a closed group is opened first (always when no button is visible)."""
    if shown.closed and (not shown.actions or rng.random() < open_odds):
        seat.open_group(rng.choice(shown.closed))
        assert shown.step is not None
        shown = glance(seat, shown.step)
    return choose(rng, shown, prefer)


def click(seat: TablePage, notation: str) -> int:
    """Click the action button `notation` (a real click: Playwright waits until it is visible,
    still, enabled and not covered, and scrolls to it); returns how many answers the page had
    before, for `answer()`."""
    asked = len(seat.replies)
    seat.show_choices()
    seat.page.locator(f'[data-testid="action"][data-notation={css_string(notation)}]').click(
        timeout=10_000
    )
    seat.show_board()
    return asked


def answer(seat: TablePage, asked: int, notation: str) -> int:
    """The server's answer to the click that `click()` returned `asked` for: it must be an
    `ack`; returns the step it names."""
    reply = seat.reply(asked, notation)
    assert reply.get("type") == "ack", f"{seat.name}: {notation!r} was not accepted: {reply}"
    seat.moves += 1
    return int(reply["step"])


def play(seat: TablePage, notation: str, step: int) -> tuple[int, Shown]:
    """Click `notation` on a page showing step `step`, wait for the server's `ack` and for the
    page to show the step it names (or a later one: a decision that cannot change anything is
    taken for its seat at once); returns that step and what the page shows then."""
    asked = click(seat, notation)
    shown = glance(seat, step, after=True)
    acked = answer(seat, asked, notation)
    if shown.step is not None and shown.step >= acked:
        return acked, shown
    return acked, glance(seat, acked - 1, after=True)


# -- tapping a page's socket -----------------------------------------------------------------


class SocketTap:
    """Route `page`'s table socket through Playwright (before the page opens it), forwarding
    every frame both ways and noting it: `received`, the server's frames, `sent`, the page's
    (each decoded). `sync()` asks the server for the table as the page's seat knows it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.received: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self._server: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/ws/"), self._route)

    def _route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        self._server = server

        def up(message: str | bytes) -> None:
            self.sent.append(_decoded(message))
            server.send(message)

        def down(message: str | bytes) -> None:
            self.received.append(_decoded(message))
            ws.send(message)

        ws.on_message(up)
        server.on_message(down)

    def since(self, mark: int) -> list[str]:
        """The types of the frames the server sent after the first `mark` (`len(received)`),
        but the `pong`s (the page's keep-alive)."""
        return [str(m.get("type")) for m in self.received[mark:] if m.get("type") != "pong"]

    def submits(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("type") == "submit"]

    def sync(self, timeout: float = WAIT_MS) -> dict[str, Any]:
        """Send a `sync` on the page's socket (as the page would) and wait for its `synced`: by
        then whatever the server had to tell the page has arrived. The answer's `state` (the
        table as the seat knows it, nothing new) goes on to the page, which shows it as it
        was; the `synced` it ignores. Returns that state."""
        assert self._server is not None, "the page has not opened its table socket"
        mark = len(self.received)
        self._server.send(json.dumps({"type": "sync", "v": 1}))
        deadline = time.monotonic() + timeout / 1000
        while "synced" not in self.since(mark):
            if time.monotonic() > deadline:
                raise AssertionError(f"no answer to a sync in {timeout} ms: {self.since(mark)}")
            self.page.wait_for_timeout(25)
        states = [m for m in self.received[mark:] if m.get("type") == "state"]
        assert states, f"a sync answered without a state: {self.since(mark)}"
        return states[-1]


def _decoded(message: str | bytes) -> dict[str, Any]:
    try:
        data = json.loads(message)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


# -- screenshots ----------------------------------------------------------------------------


def shoot(seat: TablePage, path: Path, full_page: bool = False) -> Path:
    """A screenshot of the page; a whole page's from its top (scrolled down, the sticky top bar
    would be drawn in the middle of it)."""
    if full_page:
        seat.page.evaluate("() => window.scrollTo(0, 0)")
    return seat.screenshot(path, full_page=full_page)


# -- the end --------------------------------------------------------------------------------


def the_end(
    pages: Sequence[TablePage], seats: int, steps: int, game: str, artifacts: Path, name: str
) -> GameRecord:
    """Every page shows the result with each seat's final score and nothing to click; the log
    covers the game; the record exported from the first page (a seat's) has `steps` steps and
    the scores shown."""
    for page in pages:
        page.wait_step(steps)
        expect(page.page.get_by_test_id("result")).to_be_visible()
        expect(page.page.get_by_test_id("to-move")).to_have_text("Game over")
        end = page.read()
        assert end.all_actions == (), f"{page.name}: buttons after the end: {end.all_actions}"
        logged = [int(line.split()[0]) for line in end.log]
        assert logged and logged == sorted(logged), f"{page.name}'s log: {end.log[:5]}…"
        assert logged[0] <= 2 and logged[-1] >= steps - 2, f"{page.name}'s log: {logged}"
    with pages[0].page.expect_download() as info:
        pages[0].page.get_by_test_id("export").click()
    download = info.value
    assert download.suggested_filename.endswith(".jsonl"), download.suggested_filename
    text = Path(download.path()).read_text(encoding="utf-8")
    (artifacts / f"{name}-record.jsonl").write_text(text, encoding="utf-8")
    record = load_record(text)
    assert record.game == game, record.game
    assert len(record.steps) == steps, f"{len(record.steps)} steps in the record, {steps} shown"
    assert record.result is not None, "the exported record has no result"
    scores = record.result["scores"]
    assert len(scores) == seats, scores
    for page in pages:
        for seat in range(seats):
            expect(page.page.get_by_test_id(f"final-score-{seat}")).to_have_text(str(scores[seat]))
    return record
