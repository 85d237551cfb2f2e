"""Killing the server at any moment loses no acknowledged move.

A real ``mailbag serve`` runs on an SQLite file; two seat sockets play first-legal-action moves
and note every decision the server acknowledged. The server is killed with SIGKILL (no shutdown
code runs) after a random number of acknowledged moves, or while a submit is in flight (sent,
then the kill at once, before any answer), and started again on the same file. Each time: every
acknowledged decision is in the ``steps`` table at its step, both seats reconnect (with
``last_step``) to the same step, no earlier than the last acknowledged one, and play goes on. At
the end the game is finished and its exported record holds every acknowledged decision.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import time
from pathlib import Path

import pytest
from serverproc import Client, ServerProcess, first_action, parse_link, seat_client

#: the games played (short options: a cycle is a few moves and a restart)
GAMES = {
    "carteros": {"max_rounds": 15},  # about 90 decisions with first-legal-action play
    "post_office": {"rounds": 3},  # about 36, half of them in simultaneous phases
}
#: how each cycle ends: a kill right after an ack, or with a submit in flight
PLAN = ("acked", "in flight", "acked", "in flight", "acked", "in flight")
#: first-legal-action games end well within this many decisions
MAX_STEPS = 1000

Acked = dict[int, tuple[int, str]]


def stored_steps(db_file: Path, table: str) -> Acked:
    """The decisions on disk: step → (seat, action)."""
    with contextlib.closing(sqlite3.connect(db_file, timeout=10)) as conn:
        rows = conn.execute(
            "SELECT step, seat, action FROM steps WHERE table_id = ? ORDER BY step", (table,)
        ).fetchall()
    return {int(step): (int(seat), str(action)) for step, seat, action in rows}


def stored_result(db_file: Path, table: str) -> str | None:
    with contextlib.closing(sqlite3.connect(db_file, timeout=10)) as conn:
        row = conn.execute("SELECT result FROM tables WHERE id = ?", (table,)).fetchone()
    assert row is not None, f"table {table} is not in the database"
    return None if row[0] is None else str(row[0])


def same_step(clients: list[Client]) -> int:
    """Bring every socket to the latest step any of them has seen; returns it."""
    step: int = max(c.state["step"] for c in clients if c.state is not None)
    for client in clients:
        client.state_at_least(step)
    steps = [c.state["step"] for c in clients if c.state is not None]
    assert steps == [step] * len(clients), f"the sockets disagree on the step: {steps}"
    return step


def play_move(clients: list[Client], acked: Acked) -> bool:
    """One first-legal-action decision by the first seat that owes one, acknowledged and noted
    in ``acked``; False when the game is over."""
    step = same_step(clients)
    states = [c.states[step] for c in clients]
    if states[0]["over"]:
        return False
    movers = [seat for seat, state in enumerate(states) if state["actions"]]
    assert movers, f"step {step}: no seat has actions (to move: {states[0]['to_move']})"
    seat = movers[0]
    action = first_action(states[seat])
    answer = clients[seat].submit(step, action)
    assert answer == {"v": 1, "type": "ack", "step": step + 1}, answer
    acked[step + 1] = (seat, action)
    for client in clients:
        client.state_at_least(step + 1)
    return True


def check_on_disk(db_file: Path, table: str, acked: Acked) -> Acked:
    stored = stored_steps(db_file, table)
    lost = {k: v for k, v in acked.items() if stored.get(k) != v}
    assert not lost, f"acknowledged decisions not stored as acknowledged: {lost}; stored {stored}"
    assert sorted(stored) == list(range(1, len(stored) + 1)), f"a gap in the steps: {stored}"
    return stored


@pytest.mark.parametrize("game", sorted(GAMES))
def test_kill_loses_no_acknowledged_move(tmp_path: Path, game: str) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    db_file = tmp_path / "mailbag.sqlite3"
    server = ServerProcess(f"sqlite:///{db_file}", tmp_path)
    began = time.monotonic()
    with server:
        server.start()
        made = server.create_table(
            {
                "game": game,
                "options": GAMES[game],
                "seats": [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}],
            }
        )
        table = made["table"]
        links = [made["links"]["0"], made["links"]["1"]]
        tokens = [parse_link(link)[1]["token"] for link in links]
        acked: Acked = {}
        seen: list[int | None] = [None, None]  # the last step each seat's socket saw
        in_flight: tuple[int, int, str] | None = None
        cycles: list[str] = []
        landed: list[int] = []  # the in-flight decisions that were stored before the kill
        over = False

        def reconnect() -> list[Client]:
            clients = [
                seat_client(server, links[seat], f"seat {seat}", last_step=seen[seat])
                for seat in (0, 1)
            ]
            stored = check_on_disk(db_file, table, acked)
            step = same_step(clients)
            context = f"seed {seed}, cycles {cycles}, server log:\n{server.output()}"
            assert step >= max(acked, default=0), context
            assert step == len(stored), f"the server is at {step}, the disk at {len(stored)}"
            if in_flight is not None:
                k, seat, action = in_flight
                # the decision in flight is stored exactly as sent, or not at all
                assert stored.get(k) in (None, (seat, action)), (in_flight, stored.get(k))
                if k in stored:
                    acked[k] = stored[k]  # it counts from now on
                    landed.append(k)
            for seat, client in enumerate(clients):
                last = seen[seat]
                first = client.first_state
                assert first is not None and first["step"] == step, first
                assert first["reset"] is (last is None or last > step), first
            return clients

        for how in PLAN:
            clients = reconnect()
            in_flight = None
            for _ in range(rng.randint(1, 6)):
                if not play_move(clients, acked):
                    over = True
                    break
            step = same_step(clients)
            seen = [step, step]
            if how == "in flight" and not over:
                seat = next(s for s, c in enumerate(clients) if c.states[step]["actions"])
                action = first_action(clients[seat].states[step])
                clients[seat].send_submit(step, action)
                in_flight = (step + 1, seat, action)
                time.sleep(rng.uniform(0.0, 0.004))
            server.kill()
            cycles.append(how if not over else "over")
            for client in clients:
                client.close()
            check_on_disk(db_file, table, acked)
            server.start()
            if over:
                break

        # after the last restart: the game goes on to its end
        clients = reconnect()
        for _ in range(MAX_STEPS):
            if not play_move(clients, acked):
                break
        else:
            raise AssertionError(f"the game did not end in {MAX_STEPS} decisions")
        final = same_step(clients)
        for client in clients:
            assert client.state is not None and client.state["over"], client.state
            assert client.state["result"] is not None, client.state
            client.close()
        assert stored_result(db_file, table) is not None

        # the exported record (either seat's token) holds every acknowledged decision
        response = server.record(table, tokens[1])
        assert response.status_code == 200, response.text
        lines = [json.loads(line) for line in response.text.splitlines() if line.strip()]
        header, *entries = lines
        assert header["game"] == game
        assert "result" in entries[-1], "the exported record has no result line"
        decisions = [(e["seat"], e["action"]) for e in entries[:-1]]
        assert len(decisions) == final
        assert {k: decisions[k - 1] for k in acked} == acked
        assert {k: decisions[k - 1] for k in range(1, final + 1)} == check_on_disk(
            db_file, table, acked
        )

        # and a kill now changes nothing: the finished game reads back the same
        server.kill()
        server.start()
        again = server.record(table, tokens[0])
        assert again.status_code == 200 and again.text == response.text
    elapsed = time.monotonic() - began
    print(
        f"{game} (seed {seed}): kills {cycles}, in-flight decisions stored: {landed}, "
        f"{final} decisions, {elapsed:.1f} s"
    )


def test_killed_between_the_last_decision_and_the_result(tmp_path: Path) -> None:
    """The last decision and the game's result are two commits: a kill between them leaves a
    finished game without its result on disk (made here by clearing the column while the server
    is down). After a restart the result is there again: in the state, the export and the
    database."""
    db_file = tmp_path / "mailbag.sqlite3"
    with ServerProcess(f"sqlite:///{db_file}", tmp_path) as server:
        server.start()
        made = server.create_table(
            {
                "game": "post_office",
                "options": {"rounds": 2},
                "seats": [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}],
            }
        )
        table, links = made["table"], [made["links"]["0"], made["links"]["1"]]
        token = parse_link(links[0])[1]["token"]
        clients = [seat_client(server, links[seat], f"seat {seat}") for seat in (0, 1)]
        acked: Acked = {}
        for _ in range(MAX_STEPS):
            if not play_move(clients, acked):
                break
        finished = server.record(table, token)
        assert finished.status_code == 200 and '"result"' in finished.text
        server.kill()
        for client in clients:
            client.close()
        with contextlib.closing(sqlite3.connect(db_file, timeout=10)) as conn:
            conn.execute("UPDATE tables SET result = NULL WHERE id = ?", (table,))
            conn.commit()
        server.start()
        clients = [seat_client(server, links[seat], f"seat {seat}") for seat in (0, 1)]
        for client in clients:
            state = client.first_state
            assert state is not None and state["over"] and state["result"] is not None, state
            client.close()
        again = server.record(table, token)
        assert again.status_code == 200 and again.text == finished.text
        assert stored_result(db_file, table) is not None
