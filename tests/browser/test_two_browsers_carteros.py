"""Two people and a spectator at one Carteros table, each in their own browser context, against
a real `mailbag serve`.

The table is made in the lobby by clicking and typing (seat 0 me, seat 1 a friend, a short game
through the `max_rounds` option); the friend opens their invite link on a phone-sized page and a
spectator opens the spectator link. The two play the whole game by clicking action buttons
(a seeded pick among the visible ones; delivering preferred, so the game gets somewhere), and
after every decision all three pages show the same step, exactly one seat's turn line says
"Your turn", the other seat has nothing to click and the spectator has no action button at
all. At the end all three show the result; the record is exported (a JSON Lines download with
one line per decision) and the replay viewer steps back and forth.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from browser_live import DESKTOP, PHONE, Contexts, LiveServer, TablePage, explain, take_turn
from playwright.sync_api import expect

from mailbag.core.records import loads as load_record

SEED = 20240611
MAX_ROUNDS = 6
#: far more than a 6-round game of two carriers takes (about 40)
MAX_MOVES = 200


def test_two_browsers_and_a_spectator_play_carteros(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    rng = random.Random(SEED)

    # -- the lobby: a Carteros table for me and a friend, made by clicking and typing ----------
    lobby = contexts.page(DESKTOP)
    lobby.goto(server.url + "/")
    lobby.get_by_test_id("game-select").select_option("carteros")
    expect(lobby.get_by_test_id("option-max_rounds")).to_have_value("100")
    lobby.get_by_test_id("option-max_rounds").fill(str(MAX_ROUNDS))
    lobby.get_by_test_id("seat-kind-0").select_option("me")
    lobby.get_by_test_id("seat-kind-1").select_option("friend")
    lobby.get_by_test_id("seat-name-0").fill("Ana")
    lobby.get_by_test_id("seat-name-1").fill("Beto")
    lobby.get_by_test_id("create-table").click()
    invite = lobby.get_by_test_id("invite-link-1").get_attribute("href")
    watch = lobby.get_by_test_id("spectator-link").get_attribute("href")
    assert invite and "#seat=1&token=" in invite, invite
    assert watch and "#watch=" in watch, watch
    expect(lobby.get_by_test_id("invite-link-0")).to_have_count(0)  # my own seat: no invite
    ana = TablePage("ana-desktop", lobby)  # before its socket opens: it notes the answers
    lobby.get_by_test_id("go-to-seat").click()
    ana.wait_connected()
    beto = TablePage("beto-phone", contexts.page(PHONE, phone=True)).open(invite)
    spectator = TablePage("spectator", contexts.page(DESKTOP)).open(watch)
    seats = {0: ana, 1: beto}
    everyone = [ana, beto, spectator]

    with explain(artifacts, "two-browsers", everyone, server):
        for page in everyone:
            expect(page.page.get_by_test_id("player-0")).to_contain_text("Ana")
            expect(page.page.get_by_test_id("player-1")).to_contain_text("Beto")
        expect(ana.page.get_by_test_id("player-0")).to_contain_text("(you)")
        expect(beto.page.get_by_test_id("player-1")).to_contain_text("(you)")

        # -- the whole game, by clicking -------------------------------------------------------
        step, moves, shots_taken = 0, 0, False
        while True:
            for page in everyone:
                page.wait_step(step)
            shown = {n: seat.read() for n, seat in seats.items()}
            watched = spectator.read()
            assert watched.all_actions == (), f"the spectator has action buttons at step {step}"
            if shown[0].result or shown[1].result:
                break
            movers = [n for n, s in shown.items() if s.my_turn]
            assert len(movers) == 1, (
                f"step {step}: turn lines {[s.to_move for s in shown.values()]}"
            )
            mover, other = movers[0], 1 - movers[0]
            assert shown[other].actions == (), (
                f"step {step}: seat {other} may click {shown[other].actions} out of turn"
            )
            assert watched.to_move == f"{('Ana', 'Beto')[mover]} to move", watched.to_move
            assert moves < MAX_MOVES, f"no result after {MAX_MOVES} decisions"
            notation, after = take_turn(seats[mover], rng, prefer=("deliver",))
            assert after.step == step + 1, f"{notation!r} at step {step} gave step {after.step}"
            assert after.refusal is None, after.refusal
            step, moves = step + 1, moves + 1
            if not shots_taken and step >= 12:
                ana.screenshot(artifacts / "carteros-two-browsers-mid-desktop.png")
                beto.screenshot(artifacts / "carteros-two-browsers-mid-phone.png", full_page=True)
                spectator.screenshot(artifacts / "carteros-two-browsers-mid-spectator.png")
                shots_taken = True
        assert moves > 0 and shots_taken, f"the game was over after {moves} decisions"

        # -- the end: everyone sees the result -------------------------------------------------
        for page in everyone:
            expect(page.page.get_by_test_id("result")).to_be_visible()
            expect(page.page.get_by_test_id("to-move")).to_have_text("Game over")
            end = page.read()
            assert end.all_actions == ()
            # the log grew with the game: lines from the first decisions to the last ones
            steps = [int(line.split()[0]) for line in end.log]
            assert steps and steps == sorted(steps), f"{page.name}'s log: {end.log[:5]}…"
            assert steps[0] <= 2 and steps[-1] >= step - 2, f"{page.name}'s log: steps {steps}"
        expect(spectator.page.get_by_test_id("notation-input")).to_have_count(0)
        expect(ana.page.get_by_test_id("rematch")).to_be_visible()
        expect(beto.page.get_by_test_id("rematch")).to_be_visible()
        expect(spectator.page.get_by_test_id("rematch")).to_have_count(0)
        ana.screenshot(artifacts / "carteros-two-browsers-end-desktop.png", full_page=True)
        beto.screenshot(artifacts / "carteros-two-browsers-end-phone.png", full_page=True)
        spectator.screenshot(artifacts / "carteros-two-browsers-end-spectator.png")

        # -- export: a JSON Lines record with one line per decision ----------------------------
        with ana.page.expect_download() as info:
            ana.page.get_by_test_id("export").click()
        download = info.value
        assert download.suggested_filename.endswith(".jsonl"), download.suggested_filename
        text = Path(download.path()).read_text(encoding="utf-8")
        lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        assert lines[0]["game"] == "carteros", lines[0]
        assert lines[0]["options"]["max_rounds"] == MAX_ROUNDS, lines[0]
        record = load_record(text)
        assert len(record.steps) == step, f"{len(record.steps)} steps in the record, {step} shown"
        assert record.result is not None
        for seat in (0, 1):
            expect(ana.page.get_by_test_id(f"final-score-{seat}")).to_have_text(
                str(record.result["scores"][seat])
            )

        # -- the replay viewer: back and forth -------------------------------------------------
        for page, name in ((ana, "desktop"), (beto, "phone")):
            page.page.get_by_test_id("replay").click()
            position = page.page.get_by_test_id("replay-position")
            expect(position).to_have_text("0")
            expect(page.page.get_by_test_id("replay-prev")).to_be_disabled()
            decision = page.page.get_by_test_id("replay-decision")
            expect(decision).to_contain_text("The deal")
            page.page.get_by_test_id("replay-next").click()
            expect(position).to_have_text("1")
            expect(decision).to_contain_text("Step 1")
            said_in_words(decision, str(record.steps[0].action))
            page.page.get_by_test_id("replay-next").click()
            expect(position).to_have_text("2")
            said_in_words(decision, str(record.steps[1].action))
            page.page.get_by_test_id("replay-prev").click()
            expect(position).to_have_text("1")
            page.page.get_by_test_id("replay-step").fill(str(step))
            expect(position).to_have_text(str(step))
            expect(decision).to_contain_text(f"Step {step}")
            said_in_words(decision, str(record.steps[-1].action))
            expect(page.page.get_by_test_id("replay-next")).to_be_disabled()
            page.screenshot(artifacts / f"carteros-two-browsers-replay-{name}.png", full_page=True)

        # -- each browser lists the table among its games, over --------------------------------
        table = made_table(invite)
        for page in (ana, beto):
            page.page.goto(server.url + "/")
            game = page.page.locator(f'[data-testid="my-game"][data-table="{table}"]')
            expect(game).to_contain_text("Carteros")
            expect(game).to_contain_text("over")


def said_in_words(decision: Any, notation: str) -> None:
    """The replay says a step's decision in words: whose it was, never its notation."""
    expect(decision).to_contain_text(re.compile(r"Ana|Beto"))
    if re.search(r"[\d.]", notation) and " " in notation:
        expect(decision).not_to_contain_text(notation)


def made_table(link: str) -> str:
    return link.split("/t/", 1)[1].split("#", 1)[0]
