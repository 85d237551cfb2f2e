"""Killing the server at any moment loses no acknowledged move.

A real ``mailbag serve`` runs on an SQLite file; two seat sockets play first-legal-action moves
and note every decision the server acknowledged. The server is killed with SIGKILL (no shutdown
code runs) after a random number of acknowledged moves, or while a submit is in flight (sent,
then the kill at once, before any answer), and started again on the same file. Each time: every
acknowledged decision is in the ``steps`` table at its step (and nothing else but the decision
in flight), both seats reconnect (with ``last_step``) to a step no earlier than the one they saw
and no later than the stored steps, and play goes on. At the end the game is finished and its
exported record holds every acknowledged decision.

A seat's step is the table's step as that seat knows it (docs/protocol.md): the decision after
which what it sees last changed. In Post Office's simultaneous phases one seat's choice does not
move the other's step, so the two sockets do not always agree on it: each seat submits at its
own step, and the drivers read the table with ``sync`` rather than waiting for a given step.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import time
from pathlib import Path

import pytest
from serverproc import (
    Client,
    Message,
    ServerProcess,
    first_action,
    parse_link,
    seat_client,
    sees,
)

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


class Seats:
    """The two seat sockets of a table, playing first-legal-action decisions one at a time;
    every acknowledged decision is noted in ``acked`` at the table's step."""

    def __init__(self, clients: list[Client], acked: Acked) -> None:
        self.clients = clients
        self.acked = acked
        #: what each seat was last told (its hello's state, then each sync's)
        self.told: list[Message] = []
        for client in clients:
            assert client.first_state is not None, client.name
            self.told.append(client.first_state)
        #: the seat that made the last decision (its state is known: no need to ask)
        self.mover: int | None = None

    @property
    def step(self) -> int:
        """The table's step: the last acknowledged decision (play has no gaps)."""
        return max(self.acked, default=0)

    def sync(self) -> list[Message]:
        """Each seat's table as it knows it now. At most one decision was made since it was
        last told: if it sees something new, its step is that decision's; if not (the other's
        choice in a simultaneous phase), its step stays the same. The seat that made the
        decision has been told its state already (:meth:`play` waits for it); every other
        seat asks (``sync``): it may have been sent nothing."""
        states = [
            client.state if seat == self.mover and client.state is not None else client.sync()
            for seat, client in enumerate(self.clients)
        ]
        for seat, (state, old) in enumerate(zip(states, self.told, strict=True)):
            where = f"seat {seat} at table step {self.step}, told step {old['step']} before"
            if sees(state) == sees(old):
                assert state["step"] == old["step"], f"{where}: nothing new, yet {state['step']}"
            else:
                assert state["step"] == self.step, f"{where}: something new at {state['step']}"
        self.told, self.mover = states, None
        return states

    def play(self) -> bool:
        """One first-legal-action decision by the first seat that owes one, submitted at that
        seat's own step, acknowledged and noted in ``acked``; False when the game is over."""
        states = self.sync()
        if states[0]["over"]:
            steps = [state["step"] for state in states]
            assert all(state["over"] for state in states), steps
            # the end is seen by everyone: both seats at the last decision
            assert steps == [self.step] * len(states), f"over at {self.step}, seats at {steps}"
            return False
        movers = [seat for seat, state in enumerate(states) if state["actions"]]
        assert movers, f"step {self.step}: no seat has actions (to move: {states[0]['to_move']})"
        seat = movers[0]
        action = first_action(states[seat])
        answer = self.clients[seat].submit(states[seat]["step"], action)
        # the seat sees its own decision: the table's new step is its step
        assert answer == {"v": 1, "type": "ack", "step": self.step + 1}, answer
        self.acked[self.step + 1] = (seat, action)
        # its state at that step follows the ack (it sees its own decision)
        assert self.clients[seat].state_at_least(self.step)["step"] == self.step
        self.mover = seat
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
        #: what each seat's socket was last told before the kill (None: not yet connected)
        before: list[Message | None] = [None, None]
        in_flight: tuple[int, int, str] | None = None
        cycles: list[str] = []
        landed: list[int] = []  # the in-flight decisions that were stored before the kill
        unseen: list[int] = []  # kills right after a choice one seat could not see
        forgot: list[int] = []  # a seat told a later step after a restart, nothing new to it
        over = False

        def reconnect() -> Seats:
            seen = [None if state is None else int(state["step"]) for state in before]
            clients = [
                seat_client(server, links[seat], f"seat {seat}", last_step=seen[seat])
                for seat in (0, 1)
            ]
            stored = check_on_disk(db_file, table, acked)
            context = f"seed {seed}, cycles {cycles}, server log:\n{server.output()}"
            if in_flight is not None:
                k, seat, action = in_flight
                # the decision in flight is stored exactly as sent, or not at all
                assert stored.get(k) in (None, (seat, action)), (in_flight, stored.get(k))
                if k in stored:
                    acked[k] = stored[k]  # it counts from now on
                    landed.append(k)
            # on disk: every acknowledged decision, and nothing else (but the one in flight)
            assert len(stored) == max(acked, default=0), f"stored {stored}, acked {acked}"
            for seat, client in enumerate(clients):
                last, old, first = seen[seat], before[seat], client.first_state
                assert first is not None, context
                where = f"seat {seat} (saw step {last}), {len(stored)} stored: {first}; {context}"
                # no earlier than what the seat saw, no later than what is stored
                assert (last or 0) <= first["step"] <= len(stored), where
                if old is not None and sees(first) != sees(old):
                    # the decision in flight landed, and this seat sees it
                    assert first["step"] == len(stored), where
                elif old is not None and first["step"] != old["step"]:
                    # nothing new for this seat, yet a later step: the restarted server does
                    # not know at which step the seat last saw something new (a product bug,
                    # see test_a_restart_tells_no_seat_of_an_unseen_choice); bounded above
                    forgot.append(first["step"])
                assert first["reset"] is (last is None or last > first["step"]), where
            return Seats(clients, acked)

        for how in PLAN:
            seats = reconnect()
            in_flight = None
            for _ in range(rng.randint(1, 6)):
                if not seats.play():
                    over = True
                    break
            states = seats.sync()
            before = list(states)
            if len({state["step"] for state in states}) > 1:
                unseen.append(seats.step)
            if how == "in flight" and not over:
                seat = next(s for s, state in enumerate(states) if state["actions"])
                action = first_action(states[seat])
                seats.clients[seat].send_submit(states[seat]["step"], action)
                in_flight = (seats.step + 1, seat, action)
                time.sleep(rng.uniform(0.0, 0.004))
            server.kill()
            cycles.append(how if not over else "over")
            for client in seats.clients:
                client.close()
            check_on_disk(db_file, table, acked)
            server.start()
            if over:
                break

        # after the last restart: the game goes on to its end
        seats = reconnect()
        for _ in range(MAX_STEPS):
            if not seats.play():
                break
        else:
            raise AssertionError(f"the game did not end in {MAX_STEPS} decisions")
        final = seats.step
        clients = seats.clients
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
        f"kills with a seat behind (an unseen choice) at steps {unseen}, a seat told a later "
        f"step after the restart though nothing it sees changed: {forgot}, {final} decisions, "
        f"{elapsed:.1f} s"
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
        seats = Seats(clients, {})
        for _ in range(MAX_STEPS):
            if not seats.play():
                break
        else:
            raise AssertionError(f"the game did not end in {MAX_STEPS} decisions")
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
            assert state["step"] == seats.step, state  # the end is seen by both
            client.close()
        again = server.record(table, token)
        assert again.status_code == 200 and again.text == finished.text
        assert stored_result(db_file, table) is not None


def test_a_restart_tells_each_seat_the_same_table(tmp_path: Path) -> None:
    """Ann chooses in a simultaneous phase of Post Office: bob and the spectator are told that
    she has (step 1, PO-114), never what. The server is killed and started again; they reconnect
    from step 1: what they see has not changed, so neither has their step."""
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
        links = [made["links"]["0"], made["links"]["1"], made["spectator"]]
        names = ["ann", "bob", "spectator"]
        clients = [seat_client(server, link, name) for link, name in zip(links, names, strict=True)]
        ann = clients[0]
        assert ann.first_state is not None and ann.first_state["to_move"] == [0, 1]
        assert ann.submit(0, first_action(ann.first_state)) == {"v": 1, "type": "ack", "step": 1}
        told = [client.sync() for client in clients]
        assert [state["step"] for state in told] == [1, 1, 1], told  # as the protocol says
        assert all(state["view"]["players"][0]["chosen"] for state in told)
        server.kill()
        for client in clients:
            client.close()
        server.start()
        for who in (1, 2):
            again = seat_client(server, links[who], f"{names[who]} again", last_step=1)
            first = again.first_state
            assert first is not None and sees(first) == sees(told[who]), first
            steps = (first["step"], again.sync()["step"])
            again.close()
            assert steps == (1, 1), f"{names[who]}, nothing new to them, is told steps {steps}"
