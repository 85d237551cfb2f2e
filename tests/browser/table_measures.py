"""Measures of a table page at a decision, as a Board Game Arena regular would judge it (issue 30).

Each function looks at the page as it is now and returns what is wrong (an empty list, or True
for `log_visible`, when nothing is):

- `targets_off_screen(page)`: the current decision's targets (the graphical board's
  `[data-legal]` things) not wholly in view — below the sticky top bar, above the phone's bottom
  bar, inside the window's width.
- `small_targets(page)`: legal targets smaller than 44 × 44 CSS px that are not inside a
  `[data-magnify]` group of at least 44 × 44 (the shell's magnifier offers those).
- `log_visible(page)`: the log is in view (a wide page), or its tab is (a phone).
- `visible_text_problems(page, notations)`: notation of the current actions, raw seat kinds
  (`automa:normal`, `greedy` or `me` as a seat's name), bare rule ids (`PC-8`) or dotted codes
  (`blue.postcard`) in the page's visible text and accessible names.
- `list_text_problems(seat, notations)`: the same for the choices list, opened for it (the
  notation lines hidden until asked for), closed again after.
- `axe_serious(page)`: axe-core's serious and critical violations
  (`axe-playwright-python`).
- `MeasuredGame` plays a whole game at a page by clicking the highlighted targets (bounded),
  measuring every decision; `keyboard_game` plays one by keys alone and counts them.
"""

# the page-side measures are JavaScript in strings, kept one statement a line
# ruff: noqa: E501

from __future__ import annotations

import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from browser_live import TablePage, click_target, css_string, settle
from playwright.sync_api import Page

FINGER = 44

_OFF_SCREEN = """() => {
  const board = document.querySelector('[data-testid="graphical-board"]');
  if (!board) return [];
  const bar = document.querySelector(".topbar");
  const tabs = document.querySelector(".bottom-bar");
  const top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  const bottom = tabs && tabs.getClientRects().length ? tabs.getBoundingClientRect().top : innerHeight;
  return [...board.querySelectorAll("[data-legal]")].filter((e) => e.getClientRects().length)
    .filter((e) => { const r = e.getBoundingClientRect();
      return r.top < top - 1 || r.bottom > bottom + 1 || r.left < -1 || r.right > innerWidth + 1; })
    .map((e) => { const r = e.getBoundingClientRect();
      return `${e.dataset.click} at ${Math.round(r.top)}–${Math.round(r.bottom)} (room ${Math.round(top)}–${Math.round(bottom)})`; });
}"""

_SMALL = """(finger) => {
  const board = document.querySelector('[data-testid="graphical-board"]');
  if (!board) return [];
  const big = (el) => { const r = el.getBoundingClientRect(); return r.width >= finger && r.height >= finger; };
  return [...board.querySelectorAll("[data-legal]")].filter((e) => e.getClientRects().length)
    .filter((e) => !big(e))
    .filter((e) => { const g = e.closest("[data-magnify]"); return !(g && big(g)); })
    .map((e) => { const r = e.getBoundingClientRect();
      return `${e.dataset.click} (${Math.round(r.width)}×${Math.round(r.height)})`; });
}"""

_LOG_VISIBLE = """() => {
  const inView = (el, least) => { if (!el || !el.getClientRects().length) return false;
    const r = el.getBoundingClientRect();
    const seen = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    return seen >= Math.min(least, r.height) && r.right > 0 && r.left < innerWidth; };
  const log = document.querySelector('[data-testid="log"]');
  if (log && !log.closest(".tab-hidden") && inView(log, 60)) return true;
  const tab = document.querySelector('[data-testid="tab-log"]');
  return Boolean(tab && inView(tab, 30));
}"""

# the visible words: the rendered text (closed <details>, hidden tabs left out) and the
# accessible names and tooltips of the things in view
_TEXTS = """() => {
  const out = [document.body.innerText];
  for (const el of document.querySelectorAll("[aria-label], [title], [data-tip]")) {
    if (!el.getClientRects().length || el.closest(".tab-hidden, details:not([open]) > :not(summary)")) continue;
    for (const a of ["aria-label", "title", "data-tip"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  const names = [...document.querySelectorAll(".pname, [data-testid='to-move']")].map((e) => e.innerText.trim());
  return { texts: out, names };
}"""

RULE_ID = re.compile(r"\b[A-Z]{2,3}-\d+\b")
KIND_CODE = re.compile(r"\b(?:automa|mcts|greedy|random|bot):[A-Za-z0-9_=.,]+")
DOTTED = re.compile(r"\b[a-z]{2,}\.[a-z]{2,}\b")
RAW_NAMES = {"me", "greedy", "random", "mcts", "human", "friend", "automa"}


def targets_off_screen(page: Page) -> list[str]:
    return list(page.evaluate(_OFF_SCREEN))


def small_targets(page: Page) -> list[str]:
    return list(page.evaluate(_SMALL, FINGER))


def log_visible(page: Page) -> bool:
    return bool(page.evaluate(_LOG_VISIBLE))


def _notation_like(notation: str) -> bool:
    """Notation worth looking for in the words: two tokens or more, one of them with a digit or
    a dot (`play red.movement action 5`, `keep 19`), not a plain word that words may use."""
    parts = notation.split()
    return len(parts) >= 2 and any(re.search(r"[\d.]", p) for p in parts)


def visible_text_problems(page: Page, notations: Sequence[str] = ()) -> list[str]:
    seen = page.evaluate(_TEXTS)
    text = "\n".join(seen["texts"])
    problems: list[str] = []
    for notation in notations:
        if _notation_like(notation) and re.search(
            r"(?<![\w.])" + re.escape(notation) + r"(?![\w.])", text
        ):
            problems.append(f"notation shown: {notation!r}")
    for found in sorted(set(RULE_ID.findall(text))):
        problems.append(f"bare rule id: {found!r}")
    for found in sorted(set(KIND_CODE.findall(text))):
        problems.append(f"raw seat kind: {found!r}")
    for found in sorted(set(DOTTED.findall(text))):
        problems.append(f"code, not words: {found!r}")
    for name in seen["names"]:
        bare = name.split(" (")[0].strip()
        first = bare.split()[0] if bare else ""
        if bare in RAW_NAMES or first in RAW_NAMES:  # lower case: a code, not "Greedy bot"
            problems.append(f"a seat named by its kind: {name!r}")
    if re.search(r"\ble toca a me\b|\bme to move\b|\bme won\b", text):
        problems.append("'me' used as a seat's name")
    return problems


_LIST_OPEN = """() => { const d = document.querySelector('details[data-testid="choices"]');
  return Boolean(d && d.open && !d.closest(".tab-hidden")
    && [...d.querySelectorAll('[data-testid="action"]')].some((b) => b.getClientRects().length)); }"""


def list_text_problems(seat: TablePage, notations: Sequence[str]) -> list[str]:
    """The choices list opened (a phone: its tab) as a person who wants it would, its words
    checked like the rest of the page (`visible_text_problems`: the notation lines stay hidden
    until "show notation" is ticked), then closed again and the board back in view."""
    page = seat.page
    was_open = bool(
        page.evaluate(
            "() => Boolean((document.querySelector('details[data-testid=\"choices\"]') || {}).open)"
        )
    )
    seat.show_choices()
    page.wait_for_function(_LIST_OPEN, timeout=15_000)
    toggle = page.get_by_test_id("show-notation")
    problems = [f"in the opened list: {p}" for p in visible_text_problems(page, notations)]
    if toggle.count() and toggle.is_checked():
        problems.append("the list shows the notation without being asked to")
    if not was_open:
        page.evaluate(
            "() => { const d = document.querySelector('details[data-testid=\"choices\"]'); if (d) d.open = false; }"
        )
    seat.show_board()
    return problems


def axe_serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, each `id: help (n nodes)`."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    violations = results.response.get("violations", [])
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: "
        f"{', '.join(str(n.get('target')) for n in v['nodes'][:3])})"
        for v in violations
        if v.get("impact") in ("serious", "critical")
    ]


def deuteranopia(page: Page, path: Any) -> None:
    """A screenshot of the page as a person with deuteranopia sees it (Chromium's emulation)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "deuteranopia"})
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
        cdp.detach()


# -- playing a whole game while measuring --------------------------------------------------

_READY = """() => {
  if (document.querySelector('[data-testid="result"]')) return "over";
  const reveal = document.querySelector('[data-testid="reveal"]');
  if (reveal && !reveal.disabled) return "held";
  const turn = document.querySelector('[data-testid="to-move"]');
  if (!turn || turn.dataset.turn !== "mine") return null;
  const board = document.querySelector('[data-testid="graphical-board"]');
  if (!board || board.closest(".tab-hidden")) return null;
  return [...board.querySelectorAll("[data-legal]")].some((e) => e.getClientRects().length) ? "mine" : null;
}"""

_REVEAL_IN_VIEW = """() => { const b = document.querySelector('[data-testid="reveal-tool"]');
  if (!b || !b.getClientRects().length) return false;
  const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"""

_LEGAL = """() => [...document.querySelectorAll('[data-testid="graphical-board"] [data-legal]')]
  .filter((e) => e.getClientRects().length).map((e) => e.dataset.click)"""

# a thing drawn on the board that cannot be chosen now, outside any magnified group, in view
# and on top where its centre is (what a click there reaches)
_NOT_LEGAL = """() => [...document.querySelectorAll('[data-testid="graphical-board"] [data-click]')]
  .filter((e) => !e.dataset.legal && !e.dataset.picked && e.getClientRects().length
    && !e.closest("[data-magnify]") && !e.dataset.click.startsWith("do:"))
  .filter((e) => { const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return Boolean(hit && hit.closest("[data-click]") === e); })
  .map((e) => e.dataset.click)"""


def wait_decision(seat: TablePage, timeout_s: float = 60.0) -> str:
    """Until this seat has a decision on the board ("mine"), a held choice to reveal ("held"),
    or the game is over ("over")."""
    handle = seat.page.wait_for_function(_READY, timeout=timeout_s * 1000)
    return str(handle.json_value())


@dataclass
class MeasuredGame:
    """A whole game played at `seat` by clicking, every decision measured."""

    seat: TablePage
    phone: bool
    rng: random.Random = field(default_factory=lambda: random.Random(30))
    decisions: int = 0
    off_screen: list[str] = field(default_factory=list)
    small: set[str] = field(default_factory=set)
    log_hidden: list[int] = field(default_factory=list)
    #: held choices whose Reveal was not on screen (a phone: the click bar's, kept in view)
    reveal_hidden: list[int] = field(default_factory=list)
    reveals: int = 0
    text: set[str] = field(default_factory=set)
    why: list[str] = field(default_factory=list)
    whys_checked: int = 0
    #: every this many decisions the choices list is opened and its words checked too
    list_every: int = 4
    lists_checked: int = 0

    def measure(self) -> None:
        page = self.seat.page
        state = self.seat.shown_state()
        step = int(state.get("step", -1))
        notations = [a["notation"] for a in state.get("actions") or []]
        settle(page)
        if self.phone:
            off = targets_off_screen(page)
            if off:
                self.off_screen.append(f"step {step}: {off[:6]}")
            self.small.update(small_targets(page))
        if not log_visible(page):
            self.log_hidden.append(step)
        self.text.update(visible_text_problems(page, notations))
        if self.decisions % self.list_every == 0:
            self.lists_checked += 1
            self.text.update(list_text_problems(self.seat, notations))

    def check_why(self) -> None:
        """A click on something that cannot be chosen shows a reason in words beside it."""
        page = self.seat.page
        settle(page)  # the list opened and closed just before: the board brought back first
        others = page.evaluate(_NOT_LEGAL)
        if not others:
            return
        target = self.rng.choice(others)
        page.locator(f"[data-click={css_string(target)}]").click()
        bubble = page.get_by_test_id("why")
        deadline = time.monotonic() + 15
        text = ""
        while time.monotonic() < deadline:
            text = bubble.inner_text().strip() if bubble.count() else ""
            if text and not text.startswith(("Looking up", "…")) and bubble.get_attribute("role"):
                break
            page.wait_for_timeout(50)
        self.whys_checked += 1
        if not text:
            self.why.append(f"{target}: no reason shown")
        elif RULE_ID.search(text):
            self.why.append(f"{target}: a bare rule id in {text!r}")
        page.keyboard.press("Escape")

    def play(self, max_decisions: int, why_every: int = 9) -> None:
        for _ in range(max_decisions):
            what = wait_decision(self.seat)
            if what == "over":
                return
            if what == "held":
                settle(self.seat.page)
                self.reveals += 1
                if self.phone and not self.seat.page.evaluate(_REVEAL_IN_VIEW):
                    self.reveal_hidden.append(int(self.seat.shown_state().get("step", -1)))
                self.seat.reveal_if_held()
                continue
            self.measure()
            if self.decisions % why_every == 3:
                self.check_why()
            self.decide()
        raise AssertionError(f"no result after {max_decisions} decisions: {self.seat.describe()}")

    def decide(self) -> None:
        seat = self.seat
        settle(seat.page)
        asked, sent = len(seat.replies), seat.submits
        for _ in range(12):
            ids = seat.page.evaluate(_LEGAL)
            assert ids, f"nothing to click: {seat.describe()}"
            click_target(seat, self.rng.choice(ids))
            if seat.submits > sent:
                break
        else:
            raise AssertionError(f"twelve clicks made no action: {seat.describe()}")
        self.decisions += 1
        reply = seat.reply(asked, "a click")
        if reply.get("type") == "ack":
            seat.wait_step(int(reply["step"]), at_least=True)
        elif reply.get("type") == "refused" and "moved on" in str(reply.get("reason")):
            seat.page.get_by_test_id("refusal-dismiss").click()
        else:
            raise AssertionError(f"a click was not accepted: {reply}")

    def problems(self) -> list[str]:
        out = []
        if self.off_screen:
            out.append(
                f"{len(self.off_screen)} decisions with targets off screen: {self.off_screen[:5]}"
            )
        if self.small:
            out.append(f"{len(self.small)} targets under 44×44: {sorted(self.small)[:8]}")
        if self.reveal_hidden:
            out.append(f"Reveal off screen on the phone at steps {self.reveal_hidden[:10]}")
        if self.log_hidden:
            out.append(f"the log out of view at steps {self.log_hidden[:10]}")
        if self.text:
            out.append(f"visible text: {sorted(self.text)[:10]}")
        if self.why:
            out.append(f"refused clicks not explained: {self.why[:5]}")
        return out


_FOCUSED = """() => { const a = document.activeElement;
  return Boolean(a && a.closest && a.closest('[data-testid="graphical-board"]') && a.dataset.legal); }"""


def keyboard_game(seat: TablePage, max_decisions: int) -> tuple[int, int]:
    """Play a whole game by keys alone: on each decision the focus should already be on a
    target (else Tab until it is); Enter chooses; a held choice is revealed with `r`. Returns
    (decisions, key presses)."""
    page = seat.page
    decisions = presses = 0
    for _ in range(max_decisions):
        what = wait_decision(seat)
        if what == "over":
            return decisions, presses
        if what == "held":
            asked = len(seat.replies)
            page.keyboard.press("r")
            presses += 1
            reply = seat.reply(asked, "reveal")
            if reply.get("type") == "ack":
                seat.wait_step(int(reply["step"]), at_least=True)
            continue
        asked, sent = len(seat.replies), seat.submits
        for _ in range(40):  # bounded: a click path is short, Tab stops are counted
            if seat.submits > sent:
                break
            if not page.evaluate(_FOCUSED):
                page.keyboard.press("Tab")
                presses += 1
                continue
            before = page.evaluate(
                "() => document.querySelector('[data-testid=\"graphical-board\"]').dataset.prefix"
            )
            page.keyboard.press("Enter")
            presses += 1
            deadline = time.monotonic() + 15
            while (
                seat.submits == sent
                and page.evaluate(
                    "() => (document.querySelector('[data-testid=\"graphical-board\"]') || {})"
                    ".dataset?.prefix"
                )
                == before
            ):
                assert time.monotonic() < deadline, f"Enter did nothing: {seat.describe()}"
                page.wait_for_timeout(20)
        assert seat.submits > sent, f"forty keys made no action: {seat.describe()}"
        decisions += 1
        reply = seat.reply(asked, "keys")
        if reply.get("type") == "ack":
            seat.wait_step(int(reply["step"]), at_least=True)
        elif reply.get("type") == "refused":
            raise AssertionError(f"keys made a refused action: {reply}")
    raise AssertionError(f"no result after {max_decisions} decisions by keyboard")
