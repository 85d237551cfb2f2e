"""Two people and a spectator at one Post Office table, each in their own browser context, against
a real `mailbag serve`, for a whole game (11 rounds: 74 decisions each).

The table is made in the lobby by clicking and typing (seat 0 me, seat 1 a friend, the goal
tokens on when `GET /api/games` offers the `goals` option); the friend opens their invite link
on a phone-sized page and a spectator opens the spectator link. The two play the whole game by
clicking action buttons (a seeded pick among the visible ones).

Every phase of Post Office is simultaneous (PO-2): both people owe a decision at once, each
decides in secret, and the choices are carried out together once both have chosen. Who has
chosen is public, never what (PO-114). A phase is played in one of two ways, picked at random:

- *in turn*: one chooses, sees its own choice and waits for the other. The other's page and the
  spectator's are told at once that it has chosen (the next step, its turn over, the board
  saying so) and nothing of what: the other keeps exactly the same choices. Then the other
  chooses from the step it now sees;
- *together*: both click, one right after the other, before either's answer has come: the
  second choice, sent from the step before the first, is accepted (nothing was told to that
  seat in between and its choices are the same: docs/protocol.md).

After both have chosen, all three pages show the same step; the spectator never has an action
button. At the end all three show the result with each seat's final score, and the record
exported from a seat's page has one step per decision.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from browser_live import Contexts, LiveServer, Shown, TablePage, explain
from playwright.sync_api import expect
from two_seats import (
    SocketTap,
    answer,
    click,
    game_options,
    glance,
    lobby_table,
    pick,
    play,
    shoot,
    table_of,
    the_end,
)

SEED = 20240613
NAMES = ("ann", "bob")
#: 11 rounds: 7 × 10 + 4 decisions for each of the two (docs/post_office.md)
DECISIONS = 2 * (7 * 10 + 4)
MAX_MOVES = 3 * DECISIONS
WAYS = ("in turn", "together")
MID_GAME = 60


def same_view(before: Shown, now: Shown, where: str) -> None:
    """What a page shows while another seat's choice is pending: unchanged."""
    assert now.board == before.board, (
        f"{where}: the board changed:\n{now.board}\nwas\n{before.board}"
    )
    assert now.log == before.log, f"{where}: the log changed: {now.log[-4:]}, was {before.log[-4:]}"
    assert now.all_actions == before.all_actions, (
        f"{where}: the actions changed: {now.all_actions}, were {before.all_actions}"
    )
    assert now.to_move == before.to_move, (
        f"{where}: turn line {now.to_move!r}, was {before.to_move!r}"
    )


def told_chosen(page: TablePage, before: Shown, step: int, mover: str, where: str) -> Shown:
    """`page` is told that `mover` has chosen (PO-114): it shows step `step`, `mover` is no
    longer to move, the board says one player has made this phase's choice — and its own
    choices (a seat's) are what they were."""
    page.wait_step(step)
    now = page.read()
    assert mover not in (now.to_move or ""), f"{page.name} {where}: turn line {now.to_move!r}"
    assert "has made this phase's choice" in (now.board or ""), f"{page.name} {where}"
    assert now.all_actions == before.all_actions, f"{page.name} {where}: its choices changed"
    return now


def _but_events(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("events", "reset", "clock")}


def test_two_browsers_and_a_spectator_play_post_office(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    rng = random.Random(SEED)
    goals = "goals" in game_options(server, "post_office")
    taps: dict[int | None, SocketTap] = {}
    ann, bob, spectator, invite, watch = lobby_table(
        server, contexts, "post_office", NAMES, checks=("goals",) if goals else (), taps=taps
    )
    bob.open(invite)
    spectator.open(watch)
    seats = {0: ann, 1: bob}
    everyone = [ann, bob, spectator]
    ways = dict.fromkeys(WAYS, 0)
    before_told = 0  # second choices sent from the step before the first's (clicking together)

    with explain(artifacts, "two-browsers-post_office", everyone, server):
        for page in everyone:
            expect(page.page.get_by_test_id("player-0")).to_contain_text(NAMES[0])
            expect(page.page.get_by_test_id("player-1")).to_contain_text(NAMES[1])
        expect(ann.page.get_by_test_id("player-0")).to_contain_text("(you)")
        expect(bob.page.get_by_test_id("player-1")).to_contain_text("(you)")
        for tap in taps.values():
            tap.sync()  # what the pages were sent as the others joined has all arrived

        # -- the whole game, by clicking ---------------------------------------------------------
        step, moves, shots_taken = 0, 0, False
        started = time.monotonic()
        while True:
            for page in everyone:
                page.wait_step(step)
            shown = {n: seat.read() for n, seat in seats.items()}
            watched = spectator.read()
            assert watched.all_actions == (), f"the spectator has action buttons at step {step}"
            if shown[0].result or shown[1].result:
                assert shown[0].result and shown[1].result and watched.result, (
                    f"step {step}: the result is not shown everywhere"
                )
                break
            assert moves < MAX_MOVES, f"no result after {MAX_MOVES} decisions"
            movers = [n for n, s in shown.items() if s.my_turn]
            for n, s in shown.items():
                if n not in movers:
                    assert s.actions == (), f"step {step}: seat {n} may click {s.actions}"
            assert movers == [0, 1], (
                f"step {step}: a phase of Post Office asks both at once; turn lines "
                f"{[s.to_move for s in shown.values()]}"
            )
            assert watched.to_move == f"{NAMES[0]}, {NAMES[1]} to move", watched.to_move

            way = rng.choice(WAYS)
            first = rng.choice(movers)
            second = 1 - first
            ways[way] += 1
            submits = {n: len(taps[n].submits()) for n in (first, second)}
            if way == "together":
                choices = {n: pick(seats[n], rng, shown[n]) for n in (first, second)}
                asked = {n: click(seats[n], choices[n]) for n in (first, second)}
                named = sorted(answer(seats[n], asked[n], choices[n]) for n in (first, second))
                assert named == [step + 1, step + 2], (
                    f"step {step}: both chose {choices}, the answers name steps {named}"
                )
            else:
                # what the server sends the other seat's page and the spectator's from now on
                marks = {n: len(taps[n].received) for n in (second, None)}
                chosen = pick(seats[first], rng, shown[first])
                acked, after = play(seats[first], chosen, step)
                assert acked == step + 1, f"{chosen!r} at step {step} gave step {acked}"
                assert after.to_move == f"{NAMES[second]} to move", (
                    f"step {acked}: {NAMES[first]} chose, the turn line says {after.to_move!r}"
                )
                assert after.actions == (), f"{NAMES[first]} may choose again: {after.actions}"
                mine = seats[first].read()
                assert chosen in (mine.board or ""), (
                    f"{NAMES[first]}'s board does not show their pending choice {chosen!r}"
                )
                # the other seat's page and the spectator's: told that a choice was made, never
                # what (PO-114)
                where = f"after {NAMES[first]} chose at step {step}"
                other = told_chosen(seats[second], shown[second], step + 1, NAMES[first], where)
                told_chosen(spectator, watched, step + 1, NAMES[first], where)
                assert taps[second].since(marks[second]), f"{NAMES[second]} was sent nothing"
                if not shots_taken and step >= MID_GAME:
                    shoot(ann, artifacts / "post_office-two-browsers-mid-desktop.png")
                    shoot(bob, artifacts / "post_office-two-browsers-mid-phone.png", True)
                    shoot(spectator, artifacts / "post_office-two-browsers-mid-spectator.png")
                    shots_taken = True
                # the other chooses from the step it sees now
                chosen = pick(seats[second], rng, other)
                acked, after = play(seats[second], chosen, step + 1)
                assert acked == step + 2, f"{chosen!r} after step {step} gave step {acked}"
            # each chose from the step it saw: the first from `step`; the second from the step
            # after (told of the first's choice) or, clicking together, maybe still from `step`
            sent = {n: [m["step"] for m in taps[n].submits()[submits[n] :]] for n in (0, 1)}
            assert sent[first] == [step], f"{NAMES[first]} sent {sent[first]}"
            allowed = ([step], [step + 1]) if way == "together" else ([step + 1],)
            assert sent[second] in allowed, f"{NAMES[second]} sent {sent[second]}"
            if way == "together":
                before_told += sent[second] == [step]
            step, moves = step + 2, moves + 2
            # both have chosen: every page agrees on the step
            steps = {page.name: glance(page, step).step for page in everyone}
            assert set(steps.values()) == {step}, f"the pages show steps {steps}"
        played = time.monotonic() - started
        assert shots_taken, f"the game was over after {moves} decisions"
        assert ann.stale == bob.stale == 0, "a choice was refused as stale"
        assert all(ways.values()), f"not every way of choosing was played: {ways}"
        print(
            f"post_office, two browsers: {moves} decisions clicked in {played:.1f} s; "
            f"phases {ways}; {before_told} second choices sent before the first was told"
        )
        assert step == DECISIONS, f"an 11-round game of two took {step} decisions"

        # -- the end: everyone sees the result; the export has one step per decision -----------
        record = the_end(everyone, 2, step, "post_office", artifacts, "post_office-two-browsers")
        assert record.options.get("goals", False) is goals, record.options
        expect(ann.page.get_by_test_id("rematch")).to_be_visible()
        expect(bob.page.get_by_test_id("rematch")).to_be_visible()
        expect(spectator.page.get_by_test_id("rematch")).to_have_count(0)
        shoot(ann, artifacts / "post_office-two-browsers-end-desktop.png", full_page=True)
        shoot(bob, artifacts / "post_office-two-browsers-end-phone.png", full_page=True)
        shoot(spectator, artifacts / "post_office-two-browsers-end-spectator.png")

        # -- each browser lists the table among its games, over ----------------------------------
        table = table_of(invite)
        for page in (ann, bob):
            page.page.goto(server.url + "/")
            game = page.page.locator(f'[data-testid="my-game"][data-table="{table}"]')
            expect(game).to_contain_text("Post Office")
            expect(game).to_contain_text("over")
