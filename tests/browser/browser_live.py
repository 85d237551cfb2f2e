"""Helpers for the browser tests that play at a real `mailbag serve`.

- `LiveServer`: `python -m mailbag serve` in a subprocess on a free port, with its SQLite file
  and data folder in a temporary folder; `start()` waits (bounded) until `GET /api/games`
  answers, `kill()` is a crash (SIGKILL), `stop()` a clean stop, `restart()` both on the same
  port and database. The server's output goes to `server.log` beside the database.
- `TablePage`: a browser page at a table (a seat or a spectator) and what it shows, read
  through the client's `data-testid` hooks; `play()` clicks an action button and waits for the
  server's answer on the page's socket (`ack`: until the page shows its step; `refused`).
- `choose()`: a seeded pick among the visible action buttons.
- `explain()`: a failure inside it is re-raised with every page's status, step, turn line and
  refusal, and a screenshot of each page in the artifacts folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

TIMEOUT_MS = 15_000
#: how long a page may wait for the other seats (bots thinking, another browser clicking)
WAIT_MS = 30_000
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


# -- the server -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """`mailbag serve --port PORT --db sqlite:///FOLDER/db.sqlite3` as a subprocess."""

    def __init__(
        self, folder: Path, port: int | None = None, env: dict[str, str] | None = None
    ) -> None:
        self.folder = folder
        self.port = port or free_port()
        #: more of the server's environment (e.g. a PYTHONPATH with a plug-in game on it)
        self.env = dict(env or {})
        self.db_url = f"sqlite:///{folder / 'db.sqlite3'}"
        self.log_path = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        assert self.process is None, "the server is already running"
        env = dict(os.environ)
        env["MAILBAG_DATA_DIR"] = str(self.folder / "data")
        env["PYTHONUNBUFFERED"] = "1"
        env.update(self.env)
        command = [sys.executable, "-m", "mailbag", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url]
        self.starts += 1
        with self.log_path.open("ab") as log:
            log.write(f"--- start {self.starts}: {' '.join(command)}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                cwd=self.folder,
            )
        deadline = time.monotonic() + timeout
        while True:
            code = self.process.poll()
            if code is not None:
                self.process = None
                raise AssertionError(
                    f"mailbag serve exited with {code} before answering:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError(
                    f"mailbag serve did not answer GET /api/games within {timeout:.0f} s:\n"
                    f"{self.log_tail()}"
                )
            time.sleep(0.2)

    def kill(self) -> None:
        """A crash: SIGKILL, no clean shutdown."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)
        self.process = None

    def restart(self) -> None:
        self.kill()
        self.start()

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:]) or "(the server log is empty)"

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as exc:
            raise AssertionError(
                f"POST {path} {body!r}: {exc.code} {exc.read().decode(errors='replace')}"
            ) from None

    def create_table(self, game: str, seats: list[dict[str, Any]], **options: Any) -> Any:
        return self.post("/api/tables", {"game": game, "options": options, "seats": seats})

    @classmethod
    @contextlib.contextmanager
    def running(cls, folder: Path, env: dict[str, str] | None = None) -> Iterator[LiveServer]:
        server = cls(folder, env=env)
        server.start()
        try:
            yield server
        finally:
            server.stop()


# -- browser contexts -----------------------------------------------------------------------


class Contexts:
    """Browser contexts (each a separate person: its own storage and sockets), all closed at
    the end of the test."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.opened: list[BrowserContext] = []

    def new(self, viewport: dict[str, int] = DESKTOP, phone: bool = False) -> BrowserContext:
        context = self.browser.new_context(
            viewport=viewport,  # type: ignore[arg-type]
            is_mobile=phone,
            has_touch=phone,
            accept_downloads=True,
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        self.opened.append(context)
        return context

    def page(self, viewport: dict[str, int] = DESKTOP, phone: bool = False) -> Page:
        return self.new(viewport, phone).new_page()

    def close(self) -> None:
        for context in self.opened:
            with contextlib.suppress(Exception):
                context.close()
        self.opened.clear()


# -- what a table page shows ----------------------------------------------------------------

# the choices list is collapsed by default (the board is the way to play) and, on a phone, in a
# tab of its own: the helpers that read and click its buttons open it first
_SHOW_CHOICES = """() => {
  let list = document.querySelector('details[data-testid="choices"]');
  const tab = document.querySelector('[data-testid="tab-choices"]');
  if ((!list || list.closest(".tab-hidden")) && tab) { tab.click(); return false; }
  if (list && !list.open) { list.open = true; return false; }
  return Boolean(list);
}"""

_READ = """() => {
  const q = (id) => document.querySelector(`[data-testid="${id}"]`);
  const text = (id) => { const el = q(id); return el ? el.textContent.trim() : null; };
  const refusal = q("refusal");
  const buttons = [...document.querySelectorAll('[data-testid="action"]')];
  // the buttons a click reaches once the list is open (the list itself may be closed, or in
  // the phone's Choices tab): those outside a closed group of the list
  const shown = buttons.filter(
    (b) => !b.closest('details[data-testid="action-group"]:not([open])'));
  return {
    step: text("step"),
    status: text("status"),
    to_move: text("to-move"),
    refusal: refusal ? (refusal.querySelector("span") || refusal).textContent.trim() : null,
    result: q("result") !== null,
    actions: shown.filter((b) => !b.disabled).map((b) => b.dataset.notation),
    all_actions: buttons.map((b) => b.dataset.notation),
    closed: [...document.querySelectorAll('details[data-testid="action-group"]:not([open])')]
      .map((d) => d.dataset.group),
    board: text("board"),
    log: [...document.querySelectorAll('[data-testid="log"] li')]
      .map((li) => `${li.dataset.step} ${li.querySelector(".ev-text").textContent}`),
  };
}"""

# my turn (with an enabled button to click: the choices list is drawn, collapsed or in a tab of
# its own, whether or not it is open), or the game is over; nothing on the page is touched
_READY = """() => {
  if (document.querySelector('[data-testid="result"]')) return true;
  const reveal = document.querySelector('[data-testid="reveal"]');
  if (reveal && !reveal.disabled) return true;
  const turn = document.querySelector('[data-testid="to-move"]');
  if (!turn || turn.dataset.turn !== "mine") return false;
  return [...document.querySelectorAll('[data-testid="action"]')].some((b) => !b.disabled);
}"""

# the board back in view on a phone (a helper that opened the Choices tab goes back)
_SHOW_BOARD = """() => {
  const board = document.querySelector('[data-testid="graphical-board"], [data-testid="board"]');
  const tab = document.querySelector('[data-testid="tab-board"]');
  if (board && board.closest(".tab-hidden") && tab) { tab.click(); return false; }
  return true;
}"""


@dataclass(frozen=True)
class Shown:
    step: int | None
    status: str | None
    to_move: str | None
    refusal: str | None
    result: bool
    actions: tuple[str, ...]
    all_actions: tuple[str, ...]
    closed: tuple[str, ...]
    board: str | None
    log: tuple[str, ...]

    @property
    def my_turn(self) -> bool:
        return self.to_move == "Your turn"


def css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class TablePage:
    """A page at a table: a seat's (`/t/<table>#seat=…`) or a spectator's."""

    def __init__(self, name: str, page: Page) -> None:
        self.name = name
        self.page = page
        self.moves = 0
        self.stale = 0
        #: the server's answers to this page's submits (`ack`, `refused`, `error` frames); made
        #: before the page opens its socket, so that no answer is missed
        self.replies: list[dict[str, Any]] = []
        #: the latest `state` message its socket received
        self.last_state: dict[str, Any] | None = None
        #: how many `submit` messages its sockets sent
        self.submits = 0
        #: the last few messages its sockets sent and received, for a failure's account
        self.frames: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)
        ws.on("framesent", self._sent)

    def _remember(self, way: str, payload: str | bytes) -> None:
        text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        self.frames = [*self.frames[-7:], f"{way} {text[:160]}"]

    def _sent(self, payload: str | bytes) -> None:
        self._remember("sent", payload)
        if b'"submit"' in (payload if isinstance(payload, bytes) else payload.encode()):
            self.submits += 1

    def _frame(self, payload: str | bytes) -> None:
        self._remember("got", payload)
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") in ("ack", "refused", "error"):
            self.replies.append(message)
        elif isinstance(message, dict) and message.get("type") == "state":
            self.last_state = message

    def open(self, url: str) -> TablePage:
        self.page.goto(url)
        self.wait_connected()
        return self

    def show_choices(self) -> None:
        """Open the choices list (collapsed by default; a tab of its own on a phone), bounded."""
        for _ in range(20):
            if self.page.evaluate(_SHOW_CHOICES):
                return
            self.page.wait_for_timeout(50)

    def show_board(self) -> None:
        """The board in view again (a phone's Board tab), bounded."""
        for _ in range(20):
            if self.page.evaluate(_SHOW_BOARD):
                return
            self.page.wait_for_timeout(50)

    def read(self) -> Shown:
        """What the page shows, read without touching it (the choices list is not opened)."""
        data = self.page.evaluate(_READ)
        step = data["step"]
        return Shown(
            step=int(step) if step else None,
            status=data["status"],
            to_move=data["to_move"],
            refusal=data["refusal"],
            result=bool(data["result"]),
            actions=tuple(data["actions"]),
            all_actions=tuple(data["all_actions"]),
            closed=tuple(data["closed"]),
            board=data["board"],
            log=tuple(data["log"]),
        )

    def read_step(self) -> int:
        """The step the page shows (-1 before it shows one), without touching the page."""
        shown = self.page.evaluate(
            "() => (document.querySelector('[data-testid=\"step\"]') || {}).textContent || ''"
        )
        return int(shown) if shown.strip() else -1

    def describe(self) -> str:
        try:
            s = self.read()
        except Exception as exc:  # the page may be gone
            return f"{self.name}: cannot read the page ({exc})"
        return (
            f"{self.name} ({self.page.url}): step {s.step}, status {s.status!r}, "
            f"turn line {s.to_move!r}, refusal {s.refusal!r}, result shown {s.result}, "
            f"{len(s.actions)} clickable actions {list(s.actions[:8])}; last frames: "
            + " | ".join(self.frames)
        )

    def wait_connected(self, timeout: float = TIMEOUT_MS) -> None:
        self.page.wait_for_function(
            """() => { const s = document.querySelector('[data-testid="status"]');
                       const n = document.querySelector('[data-testid="step"]');
                       return s && s.dataset.status === "connected" && n
                         && n.textContent.trim() !== ""; }""",
            timeout=timeout,
        )

    def wait_step(self, step: int, timeout: float = WAIT_MS, at_least: bool = False) -> None:
        """Until the page shows step `step` (or a later one, `at_least`)."""
        self.page.wait_for_function(
            """([k, later]) => { const n = document.querySelector('[data-testid="step"]');
                const shown = n ? n.textContent.trim() : "";
                return shown !== "" && (later ? Number(shown) >= k : shown === String(k)); }""",
            arg=[step, at_least],
            timeout=timeout,
        )

    def wait_ready(self, timeout: float = WAIT_MS) -> Shown:
        """Until it is this seat's turn (with a button to click), its held choice can be revealed
        (`reveal_if_held`), or the game is over."""
        self.page.wait_for_function(_READY, timeout=timeout)
        return self.read()

    def open_group(self, word: str) -> None:
        self.show_choices()
        self.page.locator(
            f'details[data-testid="action-group"][data-group={css_string(word)}] > summary'
        ).click()

    def play(self, notation: str, timeout: float = WAIT_MS) -> Shown:
        """Click the action button `notation` and wait for the server's answer to it on the
        page's socket: after an `ack`, until the page shows the step it names (not merely some
        later state: between the `ack` and its `state` the client shows the old step's buttons
        again); a `refused` is raised as an AssertionError, except a stale step (another seat
        decided at the same time: simultaneous play), whose refusal is dismissed."""
        asked = len(self.replies)
        self.show_choices()
        button = self.page.locator(f'[data-testid="action"][data-notation={css_string(notation)}]')
        try:
            button.click(timeout=10_000)
        except PlaywrightTimeoutError:
            now = self.read()
            if notation not in now.all_actions and len(self.replies) == asked:
                self.stale += 1  # the table moved on (simultaneous play): the button went
                self.show_board()
                return now
            raise
        self.show_board()  # a person goes back to the board after choosing from the list
        reply = self.reply(asked, notation, timeout)
        if reply.get("type") == "ack":
            self.wait_step(int(reply["step"]), timeout, at_least=True)
            self.moves += 1
            return self.read()
        reason = str(reply.get("reason"))
        if reply.get("type") == "refused" and "moved on" in reason:
            self.stale += 1
            self.page.get_by_test_id("refusal").wait_for()
            self.page.get_by_test_id("refusal-dismiss").click()
            return self.read()
        raise AssertionError(f"{self.name}: {notation!r} was not accepted: {reply}")

    def reveal_if_held(self, timeout: float = WAIT_MS) -> bool:
        """When this seat's simultaneous choice is held for its reveal (the banner's Reveal
        button), reveal it and wait for the server's answer; False when nothing was held."""
        button = self.page.get_by_test_id("reveal")
        if button.count() == 0:
            return False
        # on a phone the click bar's Reveal (it stays in view; the banner's scrolls away)
        tool = self.page.get_by_test_id("reveal-tool")
        if tool.count() and tool.is_visible():
            button = tool
        asked = len(self.replies)
        button.click()
        reply = self.reply(asked, "reveal", timeout)
        if reply.get("type") == "ack":
            self.wait_step(int(reply["step"]), timeout, at_least=True)
        return True

    def reply(self, asked: int, what: str, timeout: float = WAIT_MS) -> dict[str, Any]:
        """The server's answer (`ack`, `refused` or `error`) after the first `asked` ones."""
        deadline = time.monotonic() + timeout / 1000
        while len(self.replies) <= asked:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.name}: no answer from the server to {what!r} in {timeout} ms"
                )
            self.page.wait_for_timeout(25)
        return self.replies[asked]

    def received_after(
        self,
        seen: int,
        wanted: Callable[[dict[str, Any]], bool],
        what: str,
        timeout: float = WAIT_MS,
    ) -> dict[str, Any]:
        """The first message from the server, after the first `seen` ones, that is `wanted`
        (the page's socket frames reach Python as events: wait for them, never assume)."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            for message in self.received[seen:]:
                if wanted(message):
                    return message
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no {what} from the server in {timeout} ms")
            self.page.wait_for_timeout(25)

    def shown_state(self, timeout: float = WAIT_MS) -> dict[str, Any]:
        """The `state` message whose step the page shows (its frame may come a moment later
        than the page draws it: waited for)."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            step = self.read_step()
            if self.last_state is not None and self.last_state.get("step") == step:
                return self.last_state
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no state message for step {step}")
            self.page.wait_for_timeout(25)

    def screenshot(self, path: Path, full_page: bool = False) -> Path:
        self.page.screenshot(path=str(path), full_page=full_page)
        assert path.stat().st_size > 0
        return path


def choose(
    rng: random.Random, shown: Shown, prefer: Sequence[str] = (), prefer_odds: float = 0.7
) -> str:
    """An action among the visible buttons: with `prefer_odds`, one whose first word is in
    `prefer` (when there is one), otherwise any, uniformly."""
    assert shown.actions, f"no action button to click (turn line {shown.to_move!r})"
    preferred = [a for a in shown.actions if a.split()[0] in prefer]
    if preferred and rng.random() < prefer_odds:
        return rng.choice(preferred)
    return rng.choice(shown.actions)


def take_turn(
    seat: TablePage, rng: random.Random, prefer: Sequence[str] = (), open_odds: float = 0.25
) -> tuple[str, Shown]:
    """One decision by clicking: sometimes a closed group of actions is opened first (its
    summary clicked; always when no button is visible), then a button among the visible ones."""
    shown = seat.read()
    if shown.closed and (not shown.actions or rng.random() < open_odds):
        seat.open_group(rng.choice(shown.closed))
        shown = seat.read()
    notation = choose(rng, shown, prefer)
    return notation, seat.play(notation)


_LEGAL_CLICKS = """() => {
  const board = document.querySelector('[data-testid="graphical-board"]');
  if (!board) return null;
  return [...board.querySelectorAll("[data-legal]")]
    .filter((e) => e.getClientRects().length > 0)
    .map((e) => e.dataset.click);
}"""

# the click picked something, or it made an action: the page is busy (nothing to click) or
# already shows the next step (a fast answer: still this seat's turn, the prefix empty again);
# on a touch page the click that completes an action arms it first (a second tap or Confirm
# commits), and a small printed target opens the magnifier of its group
_PREFIX = """() => {
  const board = document.querySelector('[data-testid="graphical-board"]');
  if (!board) return null;
  const magnifier = document.querySelector('[data-testid="magnifier"]') ? "magnifier" : "";
  return `${board.dataset.prefix}|${board.dataset.armed || ""}|${magnifier}`;
}"""


_HIT_POINT = """(id) => {
  const el = [...document.querySelectorAll("[data-click]")].find((e) => e.dataset.click === id);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  for (const [fx, fy] of [[0.5, 0.5], [0.3, 0.5], [0.7, 0.5], [0.5, 0.3], [0.5, 0.7], [0.25, 0.25],
                          [0.75, 0.25], [0.25, 0.75], [0.75, 0.75], [0.15, 0.5], [0.85, 0.5]]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest("[data-click]") === el) return { x: r.width * fx, y: r.height * fy };
  }
  return null;
}"""


# the page keeps still: the board done bringing the decision into view (its `data-settling`
# gone: it looks again for a second after a decision opens) and the legal targets' places and
# the scroll the same over a few frames (a person judges the page once it stops moving)
_SETTLE = """async () => {
  const board = '[data-testid="graphical-board"]';
  const places = () => JSON.stringify([scrollY,
    ...[...document.querySelectorAll(`${board} [data-legal]`)].map((e) => {
      const r = e.getBoundingClientRect();
      return [Math.round(r.left), Math.round(r.top)];
    })]);
  const settling = () => Boolean(document.querySelector(`${board}[data-settling]`));
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const end = performance.now() + 4000;
  let last = places(), still = 0;
  while (performance.now() < end && (still < 4 || settling())) {
    await frame();
    const now = places();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return still >= 4 && !settling();
}"""


def settle(page: Page) -> bool:
    """Until the page keeps still (bounded: 4 s); False when it kept moving."""
    return bool(page.evaluate(_SETTLE))


def click_target(seat: TablePage, target: str, before: str | None = None) -> None:
    """Click the thing drawn as `target` as a person would: on a touch page through the
    magnifier when it opens, and a second time (Confirm) when the click armed an action. Returns
    once the click picked something or sent an action (bounded)."""
    page = seat.page
    seat.show_board()
    # a person clicks once the page stops moving: on a phone the board scrolls each new decision
    # into view for a second after it opens, and a click aimed at a page about to scroll lands
    # elsewhere (a desktop page shows the board whole: no wait there, it would cost the suite
    # minutes)
    size = page.viewport_size
    if size is not None and size["width"] < 600:
        settle(page)
    element = page.locator(f"[data-click={css_string(target)}]")
    assert element.count() == 1, f"{seat.name}: {element.count()} things drawn as {target!r}"
    if before is None:
        before = page.evaluate(_PREFIX)
    sent = seat.submits
    element.scroll_into_view_if_needed()
    # a point of the thing that a click reaches (its centre may lie under another thing drawn
    # over it, e.g. a region's campsites)
    spot = page.evaluate(_HIT_POINT, target)
    element.click(position=spot) if spot else element.click()
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while seat.submits == sent and page.evaluate(_PREFIX) == before:
        assert time.monotonic() < deadline, f"{seat.name}: clicking {target!r} did nothing"
        page.wait_for_timeout(20)
    now = page.evaluate(_PREFIX) or ""
    if seat.submits == sent and now.endswith("|magnifier"):
        page.locator(f'[data-testid="magnifier"] [data-magnify-for={css_string(target)}]').click()
        while seat.submits == sent and page.evaluate(_PREFIX) == now:
            assert time.monotonic() < deadline, f"{seat.name}: magnified {target!r} did nothing"
            page.wait_for_timeout(20)
        now = page.evaluate(_PREFIX) or ""
    if seat.submits == sent and now.split("|")[1:2] == [target]:
        page.get_by_test_id("click-confirm").click()
        while seat.submits == sent:
            assert time.monotonic() < deadline, f"{seat.name}: confirming {target!r} sent nothing"
            page.wait_for_timeout(20)


def click_board(seat: TablePage, rng: random.Random, prefer: Sequence[str] = ()) -> Shown:
    """One decision taken on the graphical board as a player who reads no notation would: click
    one of the highlighted things (an id beginning with one of `prefer` more often), again until
    the clicks make an action and the server answers. Each thing clicked must be drawn exactly
    once on the page."""
    page = seat.page
    seat.show_board()
    asked = len(seat.replies)
    clicked: list[str] = []
    for _ in range(16):  # no click path is this long
        ids = page.evaluate(_LEGAL_CLICKS)
        assert ids is not None, f"{seat.name}: no graphical board on the page"
        assert ids, f"{seat.name}: nothing to click after {clicked}: {seat.describe()}"
        liked = [i for i in ids if any(i.startswith(p) for p in prefer)]
        target = rng.choice(liked if liked and rng.random() < 0.7 else ids)
        sent = seat.submits
        # the click either picked something (the picked clicks change) or sent the action
        click_target(seat, target)
        clicked.append(target)
        if seat.submits > sent:
            break
    else:
        raise AssertionError(f"{seat.name}: sixteen clicks made no action: {clicked}")
    reply = seat.reply(asked, " → ".join(clicked))
    if reply.get("type") == "ack":
        seat.wait_step(int(reply["step"]), at_least=True)
        seat.moves += 1
        return seat.read()
    if reply.get("type") == "refused" and "moved on" in str(reply.get("reason")):
        seat.stale += 1
        page.get_by_test_id("refusal").wait_for()
        page.get_by_test_id("refusal-dismiss").click()
        return seat.read()
    raise AssertionError(f"{seat.name}: the clicks {clicked} were not accepted: {reply}")


def no_sideways_scroll(page: Page, where: str = "") -> None:
    """The page does not scroll sideways (its content fits the window's width)."""
    width, inner = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page scrolls sideways {where}: {width} > {inner}"


def check_click_paths(seat: TablePage, actions: Sequence[dict[str, Any]]) -> int:
    """Every action of the state message `actions` (with their `clicks`) can be clicked on the
    page, each step drawn exactly once and clickable; the last step is not clicked (nothing is
    submitted): the picker is cleared with Escape. Returns the number of actions checked."""
    page = seat.page
    seat.show_board()
    checked = 0
    for action in actions:
        path = action.get("clicks") or []
        assert path, f"{action['notation']} has no click path"
        for i, target in enumerate(path):
            element = page.locator(f"[data-click={css_string(target)}]")
            assert element.count() == 1, (
                f"{action['notation']}: {element.count()} things drawn as {target!r}"
            )
            assert element.get_attribute("data-legal") == "1", (
                f"{action['notation']}: {target!r} (click {i + 1} of {path}) cannot be clicked"
            )
            if i < len(path) - 1:
                element.click()
        page.keyboard.press("Escape")
        page.wait_for_function(
            """() => (document.querySelector('[data-testid="graphical-board"]') || {}).dataset
                     ?.prefix === "" """
        )
        checked += 1
    return checked


def play_to_end(
    seat: TablePage,
    rng: random.Random,
    max_moves: int,
    prefer: Sequence[str] = (),
    wait_ms: float = WAIT_MS,
) -> Shown:
    """Play `seat` by clicking until the page shows the result (bots play the other seats)."""
    for _ in range(max_moves):
        shown = seat.wait_ready(wait_ms)
        if shown.result:
            return shown
        if seat.reveal_if_held():
            continue
        take_turn(seat, rng, prefer)
    shown = seat.read()
    assert shown.result, f"no result after {max_moves} decisions: {seat.describe()}"
    return shown


# -- failures -------------------------------------------------------------------------------


@contextlib.contextmanager
def explain(
    artifacts: Path,
    name: str,
    pages: Sequence[TablePage],
    server: LiveServer | None = None,
) -> Iterator[None]:
    """A failure inside is re-raised with what each page shows, screenshots of them
    (`<artifacts>/FAIL-<name>-<page>.png`) and the end of the server's log (all of it also in
    `<artifacts>/FAIL-<name>.txt`)."""
    try:
        yield
    except Exception as exc:
        lines = [f"{type(exc).__name__}: {exc}", "", "what the pages show:"]
        for seat in pages:
            lines.append("  " + seat.describe())
            shot = artifacts / f"FAIL-{name}-{seat.name}.png"
            try:
                seat.page.screenshot(path=str(shot), full_page=True)
                lines.append(f"    screenshot: {shot}")
            except Exception as shot_error:
                lines.append(f"    no screenshot: {shot_error}")
        if server is not None:
            lines += ["", "end of the server's log:", server.log_tail(20)]
        message = "\n".join(lines)
        with contextlib.suppress(OSError):
            (artifacts / f"FAIL-{name}.txt").write_text(message + "\n", encoding="utf-8")
        raise AssertionError(message) from exc
