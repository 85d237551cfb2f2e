"""A seat's page that loses its socket comes back to the same table by itself, against a real
`mailbag serve`: after a network loss (the browser context offline, its socket dropped), after
a reload, and after the server process is killed and started again on the same database and
port. Each time the page shows the same step, the same action buttons, board and log, and the
game goes on by clicking.

Chromium's offline emulation (`context.set_offline`) fails new connections but leaves an open
WebSocket alone, so the test also closes the page's socket when it goes offline (the sockets
are noted by an init script), as a real network loss eventually does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from browser_live import (
    DESKTOP,
    PHONE,
    WAIT_MS,
    Contexts,
    LiveServer,
    Shown,
    TablePage,
    explain,
    play_to_end,
    take_turn,
)
from playwright.sync_api import BrowserContext, expect

SEED = 7
#: human + greedy Carteros takes about 30 decisions of the human's
MAX_MOVES = 300
#: the client retries after 0.5, 1, 2, 4, 8, 15 s; the server needs a few seconds to start
RECONNECT_MS = 45_000

NOTE_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})();"""


def same_table(before: Shown, after: Shown, where: str) -> None:
    assert after.step == before.step, f"{where}: step {after.step}, was {before.step}"
    # every action button (a reload may close a group of them that was opened)
    assert after.all_actions == before.all_actions, (
        f"{where}: actions {after.all_actions}, were {before.all_actions}"
    )
    assert bool(after.actions) == bool(before.actions), f"{where}: clickable {after.actions}"
    assert after.to_move == before.to_move, f"{where}: turn line {after.to_move!r}"
    assert after.board == before.board, f"{where}: the board differs"
    assert after.log == before.log, f"{where}: the log differs:\n{after.log}\nwas\n{before.log}"


def go_offline(context: BrowserContext, seat: TablePage) -> None:
    context.set_offline(True)
    seat.page.evaluate("window.__sockets.forEach((s) => s.close())")
    expect(seat.page.get_by_test_id("status")).to_have_text("reconnecting…")


def play_until(
    seats: dict[int, TablePage], rng: random.Random, done: Callable[[int, int], bool]
) -> None:
    """Both people click (whoever's turn it is) until `done(step, mover)`."""
    for _ in range(MAX_MOVES):
        step = seats[0].read().step
        assert step is not None
        for seat in seats.values():
            seat.wait_step(step)
        movers = [n for n, s in seats.items() if s.read().my_turn]
        assert len(movers) == 1, f"step {step}: {[s.describe() for s in seats.values()]}"
        if done(step, movers[0]):
            return
        take_turn(seats[movers[0]], rng, prefer=("move", "deliver"))
    raise AssertionError(f"not done after {MAX_MOVES} decisions")


def test_a_lost_socket_and_a_reload_come_back_to_the_same_step(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    rng = random.Random(SEED)
    made = server.create_table(
        "carteros", [{"kind": "me", "name": "Ana"}, {"kind": "friend", "name": "Beto"}]
    )
    ana_context = contexts.new(DESKTOP)
    ana_context.add_init_script(NOTE_SOCKETS)
    ana = TablePage("ana", ana_context.new_page()).open(server.url + made["links"]["0"])
    beto = TablePage("beto", contexts.page(PHONE, phone=True)).open(server.url + made["links"]["1"])
    seats = {0: ana, 1: beto}

    with explain(artifacts, "reconnect-offline", [ana, beto], server):
        # some way into the game, at Ana's turn
        play_until(seats, rng, lambda step, mover: step >= 6 and mover == 0)
        before = ana.read()
        assert before.actions and before.log, before

        # the network goes: the page keeps showing the table, with nothing to click
        go_offline(ana_context, ana)
        ana.page.wait_for_timeout(1500)  # a retry or two fail while offline
        offline = ana.read()
        assert offline.status == "reconnecting…", offline.status
        assert offline.step == before.step and offline.board == before.board
        assert offline.actions == (), f"clickable while offline: {offline.actions}"
        assert offline.all_actions == before.all_actions
        ana_context.set_offline(False)
        ana.wait_connected(RECONNECT_MS)
        same_table(before, ana.read(), "back online")
        ana.screenshot(artifacts / "reconnect-back-online.png")

        # the network goes while Beto plays: back online, Ana catches up
        play_until(seats, rng, lambda step, mover: mover == 1)
        go_offline(ana_context, ana)
        played = 0
        while beto.read().my_turn and played < 2:
            take_turn(beto, rng, prefer=("move", "deliver"))
            played += 1
        assert played, "Beto had nothing to play"
        caught_up = beto.read()
        ana_context.set_offline(False)
        ana.wait_connected(RECONNECT_MS)
        ana.wait_step(caught_up.step or 0)
        resumed = ana.read()
        assert resumed.my_turn == (not caught_up.my_turn), resumed.to_move

        # a reload shows exactly what the reconnected page showed, the log included
        ana.page.reload()
        ana.wait_connected()
        same_table(resumed, ana.read(), "after a reload")

        # and the game goes on: a decision typed as notation, then clicks
        play_until(seats, rng, lambda step, mover: True)
        mover = next(seat for seat in seats.values() if seat.read().my_turn)
        shown = mover.read()
        typed = rng.choice(shown.actions)
        mover.show_choices()  # the notation box is in the choices list (collapsed by default)
        mover.page.get_by_test_id("notation-input").fill(typed)
        mover.page.get_by_test_id("notation-submit").click()
        for seat in seats.values():
            seat.wait_step((shown.step or 0) + 1)
        assert mover.read().refusal is None, mover.describe()
        play_until(seats, rng, lambda step, mover: step >= (shown.step or 0) + 4)


def test_a_server_restart_reconnects_by_itself_and_the_game_goes_on(
    server: LiveServer, contexts: Contexts, artifacts: Path
) -> None:
    rng = random.Random(SEED + 1)
    made = server.create_table(
        "carteros", [{"kind": "me", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]
    )
    ana = TablePage("ana", contexts.page(DESKTOP)).open(server.url + made["links"]["0"])
    watcher = TablePage("spectator", contexts.page(PHONE, phone=True)).open(
        server.url + made["spectator"]
    )

    with explain(artifacts, "reconnect-restart", [ana, watcher], server):
        for _ in range(8):
            ana.wait_ready()
            take_turn(ana, rng)
        before = ana.wait_ready()
        assert not before.result and before.actions
        watcher.wait_step(before.step or 0)
        watched = watcher.read()

        server.kill()
        expect(ana.page.get_by_test_id("status")).to_have_text("reconnecting…")
        expect(watcher.page.get_by_test_id("status")).to_have_text("reconnecting…")
        server.start()
        ana.wait_connected(RECONNECT_MS)
        watcher.wait_connected(RECONNECT_MS)
        same_table(before, ana.read(), "after the restart")
        same_table(watched, watcher.read(), "the spectator after the restart")
        ana.screenshot(artifacts / "reconnect-after-restart.png")

        # the game goes on to its end: Ana clicks, the greedy bot answers
        end = play_to_end(ana, rng, MAX_MOVES, prefer=("move", "deliver"), wait_ms=WAIT_MS)
        assert end.result and end.step is not None and end.step > (before.step or 0)
        watcher.wait_step(end.step)
        expect(watcher.page.get_by_test_id("result")).to_be_visible()
        ana.screenshot(artifacts / "reconnect-restart-end.png", full_page=True)
