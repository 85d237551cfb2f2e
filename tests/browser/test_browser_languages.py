"""The browser client in the reader's language, against a real `mailbag serve`: a browser whose
language is Spanish opens the lobby in Spanish, makes a Carteros table against a greedy bot and
plays a few moves; the language switch then turns the page — its buttons and headings, and the
board, the log and the choices the server words — to Dutch at the same step, and the game goes
on; the choice is kept (a reload stays Dutch) and the lobby has the switch too.

The client's own texts are checked word for word (its catalog, server.po); the board, log lines
and choices come from the game's catalogs, so they are only checked to have been sent again in
the new language. Waits read the language-neutral `data-status` / `data-turn` hooks.
Screenshots: tests/artifacts/browser/languages-*.png.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from browser_live import (
    DESKTOP,
    TIMEOUT_MS,
    WAIT_MS,
    Contexts,
    LiveServer,
    Shown,
    TablePage,
    explain,
    take_turn,
)
from playwright.sync_api import Browser, Page, expect


class SpeakingTablePage(TablePage):
    """A table page whose waits do not depend on the language of its texts; it also keeps
    every message its sockets sent and received."""

    def __init__(self, name: str, page: Page) -> None:
        super().__init__(name, page)
        self.sent: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []

    def _socket(self, ws: Any) -> None:
        super()._socket(ws)
        ws.on("framesent", lambda payload: self._keep(self.sent, payload))
        ws.on("framereceived", lambda payload: self._keep(self.received, payload))

    @staticmethod
    def _keep(into: list[dict[str, Any]], payload: str | bytes) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if isinstance(message, dict):
            into.append(message)

    def wait_ready(self, timeout: float = WAIT_MS) -> Shown:
        self.page.wait_for_function(
            """() => {
              if (document.querySelector('[data-testid="result"]')) return true;
              const turn = document.querySelector('[data-testid="to-move"]');
              if (!turn || turn.dataset.turn !== "mine") return false;
              const buttons = document.querySelectorAll('[data-testid="action"]');
              return [...buttons].some((b) => !b.disabled);
            }""",
            timeout=timeout,
        )
        return self.read()

    def action_texts(self) -> list[str]:
        return list(self.page.locator('[data-testid="action"] .action-text').all_text_contents())


def text_of(page: Page, testid: str) -> str:
    return page.get_by_test_id(testid).inner_text().strip()


def _wait_for_request(page: Any, asked: list[str], fragment: str) -> None:
    """Playwright hands request events to Python asynchronously: wait (bounded) for a request
    whose URL holds ``fragment`` before asserting it was made."""
    for _attempt in range(50):
        if any(fragment in url for url in asked):
            return
        page.wait_for_timeout(100)
    assert any(fragment in url for url in asked), asked


def test_spanish_lobby_then_dutch_mid_game(
    browser: Browser, server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="es-ES")  # type: ignore[arg-type]
    contexts.opened.append(context)  # closed with the others
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))

    # -- the lobby, in the browser's language --------------------------------------------------
    page.goto(server.url + "/")
    expect(page.get_by_test_id("create-table")).to_have_text("Crear la mesa")
    assert page.evaluate("document.documentElement.lang") == "es"
    expect(page.get_by_test_id("language-switch")).to_have_value("es")
    expect(page.locator("form.create h2")).to_have_text("Nueva partida")
    expect(page.get_by_test_id("my-games").locator("h2")).to_have_text("Mis partidas")
    expect(page.locator("form.import h2")).to_have_text("Continuar una partida guardada")
    expect(page.get_by_test_id("add-seat")).to_contain_text("añadir un jugador")
    expect(page.locator(".tagline")).to_have_text("juegos de mesa sobre el correo")
    # each language in its own name
    names = page.get_by_test_id("language-switch").locator("option").all_text_contents()
    assert names == ["English", "Nederlands", "Español"], names
    # the API is asked in the reader's language
    _wait_for_request(page, asked, "/api/games?lang=es")
    page.get_by_test_id("game-select").select_option("carteros")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    page.get_by_test_id("seat-kind-0").select_option("me")
    page.get_by_test_id("seat-kind-1").select_option("greedy")
    expect(page.get_by_test_id("seat-kind-1").locator("option:checked")).to_have_text(
        "Bot codicioso"
    )
    page.get_by_test_id("seat-name-0").fill("Lucía")
    page.screenshot(path=str(artifacts / "languages-lobby-es.png"), full_page=True)
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("go-to-seat")).to_contain_text("Ir a mi puesto (Lucía)")
    expect(page.get_by_test_id("created")).to_contain_text("Espectadores (solo mirar)")

    seat = SpeakingTablePage("carteros-es", page)  # before its socket opens
    page.get_by_test_id("go-to-seat").click()
    seat.wait_connected()

    with explain(artifacts, "languages", [seat], server):
        # -- the table in Spanish, a few moves ------------------------------------------------
        hello = next(m for m in seat.sent if m.get("type") == "hello")
        assert hello["lang"] == "es", hello
        expect(page.get_by_test_id("status")).to_have_text("conectado")
        expect(page.locator(".log-panel h3")).to_have_text("Historial")
        expect(page.get_by_test_id("undo")).to_have_text("Deshacer")
        expect(page.get_by_test_id("notation-submit")).to_have_text("Jugar")
        expect(page.get_by_test_id("player-0")).to_contain_text("Lucía")
        expect(page.get_by_test_id("player-1")).to_contain_text("Bot codicioso")
        rng = random.Random(13)
        for _ in range(4):
            seat.wait_ready()
            take_turn(seat, rng, prefer=("move", "deliver", "draw"))
        shown = seat.wait_ready()
        assert not shown.result, "the game ended in four moves"
        expect(page.get_by_test_id("to-move")).to_have_text("Te toca")
        spanish = seat.read()
        spanish_actions = seat.action_texts()
        page.screenshot(path=str(artifacts / "languages-table-es.png"), full_page=True)

        # -- the switch: Dutch, at the same step -----------------------------------------------
        seen = len(seat.received)
        page.get_by_test_id("language-switch").select_option("nl")
        expect(page.get_by_test_id("to-move")).to_have_text("Jij bent aan de beurt")
        assert page.evaluate("document.documentElement.lang") == "nl"
        # the socket was told, and the server sent the table again, its whole log in Dutch
        expect(page.get_by_test_id("status")).to_have_text("verbonden")
        seat.received_after(seen, lambda m: m.get("type") == "welcome", "welcome again")
        resent = seat.received_after(
            seen, lambda m: m.get("type") == "state" and bool(m.get("reset")), "whole state"
        )
        # (checked once the answer came: the socket's events reach Python asynchronously)
        assert {"type": "lang", "lang": "nl", "v": 1} in seat.sent, seat.sent[-3:]
        assert resent["step"] == spanish.step, (resent["step"], spanish.step)
        assert sum(m.get("type") == "welcome" for m in seat.received[seen:]) == 1
        dutch = seat.read()
        for _ in range(100):  # the page draws the state a moment after its frame arrives
            if dutch.board == resent["board"].strip():
                break
            page.wait_for_timeout(25)
            dutch = seat.read()
        assert dutch.step == spanish.step, (dutch.step, spanish.step)
        assert dutch.actions == spanish.actions  # the same choices (notation is not translated)
        # the log: the same lines at the same steps, worded anew
        assert [line.split(" ", 1)[0] for line in dutch.log] == [
            line.split(" ", 1)[0] for line in spanish.log
        ]
        # the board and the choices' words are the server's: sent again in Dutch (loosely: no
        # longer the Spanish ones, where the game says them differently)
        assert dutch.board == resent["board"].strip()
        if "Oficina de Correos" in (spanish.board or ""):
            assert "Oficina de Correos" not in (dutch.board or "")
        assert len(seat.action_texts()) == len(spanish_actions)
        expect(page.locator(".log-panel h3")).to_have_text("Logboek")
        expect(page.get_by_test_id("undo")).to_have_text("Terugnemen")
        expect(page.get_by_test_id("notation-submit")).to_have_text("Spelen")
        expect(page.locator(".step-box")).to_contain_text("stap")
        expect(page.get_by_test_id("player-1")).to_contain_text("Gulzige bot")
        expect(page.get_by_test_id("player-0")).to_contain_text("(jij)")
        assert page.title().startswith("● Jij bent aan de beurt — Carteros"), page.title()
        page.screenshot(path=str(artifacts / "languages-table-nl.png"), full_page=True)

        # a refusal from the server is worded in Dutch too
        page.get_by_test_id("notation-input").fill("nonsense 42")
        asked_before = len(seat.replies)
        page.get_by_test_id("notation-submit").click()
        reply = seat.reply(asked_before, "nonsense 42")
        assert reply["type"] == "refused", reply
        expect(page.get_by_test_id("refusal")).to_be_visible()
        expect(page.get_by_test_id("refusal-dismiss")).to_have_attribute("aria-label", "wegklikken")
        page.get_by_test_id("refusal-dismiss").click()

        # -- the game goes on in Dutch ---------------------------------------------------------
        for _ in range(2):
            seat.wait_ready()
            take_turn(seat, rng, prefer=("move", "deliver", "draw"))
        later = seat.wait_ready()
        assert later.step is not None and spanish.step is not None
        assert later.step > spanish.step
        expect(page.get_by_test_id("log")).not_to_be_empty()
        seat.received_after(
            0, lambda m: m.get("type") == "state" and m.get("step") == later.step, "later state"
        )

        # -- the choice is kept: a reload stays Dutch (hello says so) -------------------------
        page.reload()
        seat.wait_connected()
        expect(page.get_by_test_id("language-switch")).to_have_value("nl")
        expect(page.locator(".log-panel h3")).to_have_text("Logboek")
        hellos = [m for m in seat.sent if m.get("type") == "hello"]
        assert hellos[-1]["lang"] == "nl", hellos[-1]
        assert seat.read().step == later.step
        page.screenshot(path=str(artifacts / "languages-table-nl-reloaded.png"), full_page=True)

        # -- the lobby has the switch too: Dutch now, then English -----------------------------
        page.goto(server.url + "/")
        expect(page.get_by_test_id("create-table")).to_have_text("Tafel maken")
        expect(page.get_by_test_id("my-games").locator("h2")).to_have_text("Mijn partijen")
        expect(page.get_by_test_id("my-game")).to_have_count(1)
        expect(page.get_by_test_id("my-game")).to_contain_text("tafel")
        page.get_by_test_id("language-switch").select_option("en")
        expect(page.get_by_test_id("create-table")).to_have_text("Create the table")
        expect(page.locator("form.create h2")).to_have_text("New game")
        assert page.evaluate("document.documentElement.lang") == "en"
        _wait_for_request(page, asked, "/api/games?lang=en")
        page.screenshot(path=str(artifacts / "languages-lobby-en.png"), full_page=True)
