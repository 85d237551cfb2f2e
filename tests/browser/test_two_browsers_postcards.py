"""Two people and a spectator at one Postcards table, each in their own browser context, against
a real `mailbag serve`, for a whole game.

The table is made in the lobby by clicking and typing (seat 0 me, seat 1 a friend); the friend
opens their invite link on a phone-sized page and a spectator opens the spectator link. The two
play the whole game by clicking action buttons (a seeded pick among the visible ones, sending
and stamping postcards preferred, so the game gets somewhere: random play takes 300 to 700
decisions). After every decision all three pages show the same step, exactly one seat's turn
line says "Your turn", the other seat has nothing to click and the spectator has no action
button at all. At the end all three show the result with each seat's final score, and the
record exported from a seat's page has one step per decision.

A game is hundreds of clicks, so the driver is lean: after a click it waits (in the page) for
the new step and reads only what it needs — one round trip per page and decision, no fixed
sleeps (`two_seats.glance`).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from browser_live import Contexts, LiveServer, Shown, TablePage, explain
from playwright.sync_api import expect
from two_seats import glance, lobby_table, pick, play, shoot, the_end

SEED = 20240612
NAMES = ("ann", "bob")
#: far more than a 2-player game takes (300 to 700 decisions with random clicks)
MAX_MOVES = 3000
PREFER = ("send", "stamp")
MID_GAME = 60


def test_two_browsers_and_a_spectator_play_postcards(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    rng = random.Random(SEED)
    ann, bob, spectator, invite, watch = lobby_table(server, contexts, "postcards", NAMES)
    bob.open(invite)
    spectator.open(watch)
    seats = {0: ann, 1: bob}
    everyone = [ann, bob, spectator]

    with explain(artifacts, "two-browsers-postcards", everyone, server):
        for page in everyone:
            expect(page.page.get_by_test_id("player-0")).to_contain_text(NAMES[0])
            expect(page.page.get_by_test_id("player-1")).to_contain_text(NAMES[1])
        expect(ann.page.get_by_test_id("player-0")).to_contain_text("(you)")
        expect(bob.page.get_by_test_id("player-1")).to_contain_text("(you)")

        # -- the whole game, by clicking ---------------------------------------------------------
        step = ann.read().step
        assert step == 0, f"a new table of two people at step {step}"
        started = time.monotonic()
        shown = {n: glance(seat, step) for n, seat in seats.items()}
        moves, shots_taken = 0, False
        while True:
            watched = glance(spectator, step)
            assert watched.all_actions == (), f"the spectator has action buttons at step {step}"
            if shown[0].result or shown[1].result:
                assert shown[0].result and shown[1].result and watched.result, (
                    f"step {step}: the result is not shown everywhere"
                )
                break
            movers = [n for n, s in shown.items() if s.my_turn]
            assert len(movers) == 1, (
                f"step {step}: turn lines {[s.to_move for s in shown.values()]}"
            )
            mover, other = movers[0], 1 - movers[0]
            assert shown[other].actions == (), (
                f"step {step}: seat {other} may click {shown[other].actions} out of turn"
            )
            assert watched.to_move == f"{NAMES[mover]} to move", watched.to_move
            assert moves < MAX_MOVES, f"no result after {MAX_MOVES} decisions"
            notation = pick(seats[mover], rng, shown[mover], PREFER)
            acked, after = play(seats[mover], notation, step)
            assert acked == step + 1, f"{notation!r} at step {step} gave step {acked}"
            assert after.refusal is None, after.refusal
            moves += 1
            # a decision that cannot change anything (the last turn's draws) is taken for its
            # seat at once: the table may move on past the acknowledged step by itself
            step, shown = caught_up([seats[0], seats[1], spectator], acked)
            shown = {0: shown[0], 1: shown[1]}
            if not shots_taken and step >= MID_GAME:
                shoot(ann, artifacts / "postcards-two-browsers-mid-desktop.png")
                shoot(bob, artifacts / "postcards-two-browsers-mid-phone.png", full_page=True)
                shoot(spectator, artifacts / "postcards-two-browsers-mid-spectator.png")
                shots_taken = True
        played = time.monotonic() - started
        assert moves > 0 and shots_taken, f"the game was over after {moves} decisions"
        print(
            f"postcards, two browsers: {moves} decisions clicked in {played:.1f} s "
            f"({1000 * played / moves:.0f} ms each; {ann.moves} by {NAMES[0]}, "
            f"{bob.moves} by {NAMES[1]})"
        )

        # -- the end: everyone sees the result; the export has one step per decision -----------
        record = the_end(everyone, 2, step, "postcards", artifacts, "postcards-two-browsers")
        assert record.options.get("edition", "en") == "en", record.options
        expect(ann.page.get_by_test_id("rematch")).to_be_visible()
        expect(bob.page.get_by_test_id("rematch")).to_be_visible()
        expect(spectator.page.get_by_test_id("rematch")).to_have_count(0)
        shoot(ann, artifacts / "postcards-two-browsers-end-desktop.png", full_page=True)
        shoot(bob, artifacts / "postcards-two-browsers-end-phone.png", full_page=True)
        shoot(spectator, artifacts / "postcards-two-browsers-end-spectator.png")


def caught_up(pages: list[TablePage], step: int) -> tuple[int, list[Shown]]:
    """The step every page shows once they agree (`step` or a later one the table moved on to
    by itself: forced decisions), and what each shows then; bounded."""
    for _ in range(20):
        shown = [glance(page, step - 1, after=True) for page in pages]
        latest = max(s.step or step for s in shown)
        if all(s.step == latest for s in shown):
            return latest, shown
        step = latest
    raise AssertionError(f"the pages do not agree on a step after {step}")
