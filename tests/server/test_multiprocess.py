"""Two ``mailbag serve`` processes on one PostgreSQL database serve the same table.

Seat 0 plays through process A, seat 1 through process B; a spectator watches on each. Every
move made on one process reaches the sockets on the other (LISTEN/NOTIFY) within
:data:`NOTIFY_WAIT` seconds; the same step submitted at once through both processes (the seat's
second tab is on the other one) is applied once, the other submit refused with "the game has
moved on"; at the end both processes export the same record, the one in the database. And two
tabs of one seat on one process submitting the same step at once: applied once.
"""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psycopg
from postgres import conninfo_from_url
from serverproc import (
    Client,
    Message,
    ServerProcess,
    first_action,
    parse_link,
    seat_client,
    sees,
)

from mailbag.core.records import loads as load_record
from mailbag.core.records import replay_steps
from mailbag.server.messages import seat_state
from mailbag.table import game_for_record

#: seconds a move may take to reach the sockets on the other process
NOTIFY_WAIT = 5.0
#: a carteros game of about 90 first-legal-action decisions
OPTIONS = {"max_rounds": 15}
#: the game ends well within this many decisions
MAX_STEPS = 1000
#: a double submit (through both processes, or two tabs) every this many decisions
DOUBLE_EVERY = 7
MOVED_ON = "the game has moved on"
#: tables first read on B while A stores a decision
TRIALS = 6
#: undos raced against the other seat's decision
RACES = 6


def stored_steps(url: str, table: str) -> list[tuple[int, int, str]]:
    with psycopg.connect(conninfo_from_url(url), connect_timeout=10) as conn:
        rows = conn.execute(
            "SELECT step, seat, action FROM steps WHERE table_id = %s ORDER BY step", (table,)
        ).fetchall()
    return [(int(step), int(seat), str(action)) for step, seat, action in rows]


def new_table(server: ServerProcess) -> dict[str, Any]:
    return server.create_table(
        {
            "game": "carteros",
            "options": OPTIONS,
            "seats": [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}],
        }
    )


def reach(clients: list[Client], step: int, timeout: float) -> float:
    """Every socket reads up to a state at ``step`` or later within ``timeout`` seconds (from
    now); returns the seconds that took. Fails if any passes ``step``."""
    began = time.monotonic()
    for client in clients:
        left = max(0.01, timeout - (time.monotonic() - began))
        try:
            client.state_at_least(step, timeout=left)
        except AssertionError as exc:
            seen = {c.name: c.state and c.state["step"] for c in clients}
            raise AssertionError(f"step {step} did not reach every socket {seen}: {exc}") from None
    took = time.monotonic() - began
    assert took <= timeout, f"the step {step} took {took:.2f} s to reach every socket"
    for client in clients:
        assert client.state is not None and client.state["step"] == step, (
            f"{client.name}: at step {client.state and client.state['step']}, expected {step}"
        )
    return took


def at_once(sends: list[tuple[Client, Message]]) -> None:
    """Send each message through its socket, all at once (threads behind a barrier)."""
    barrier = threading.Barrier(len(sends), timeout=10)
    failures: list[BaseException] = []

    def send(client: Client, message: Message) -> None:
        try:
            barrier.wait()
            client.send(message)
        except BaseException as exc:  # reported below
            failures.append(exc)

    threads = [threading.Thread(target=send, args=pair, daemon=True) for pair in sends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=15)
    assert not failures, failures


def double_submit(tabs: list[Client], step: int, actions: list[str]) -> tuple[int, list[Message]]:
    """Submit ``actions[i]`` at ``step`` through ``tabs[i]``, all at once (a barrier); returns
    the index of the tab whose submit was acknowledged, and the answers. Exactly one is."""
    at_once(
        [
            (tab, {"type": "submit", "step": step, "action": action})
            for tab, action in zip(tabs, actions, strict=True)
        ]
    )
    answers = [tab.answer() for tab in tabs]
    acks = [i for i, answer in enumerate(answers) if answer["type"] == "ack"]
    assert len(acks) == 1, f"step {step}: expected one ack, got {answers}"
    for i, answer in enumerate(answers):
        if i != acks[0]:
            assert answer["type"] == "refused", answer
            assert MOVED_ON in answer["reason"], answer
    assert answers[acks[0]]["step"] == step + 1, answers
    return acks[0], answers


def events_of(client: Client) -> list[Any]:
    return [e for m in client.received if m.get("type") == "state" for e in m["events"]]


def test_two_processes_play_one_game(tmp_path: Path, fresh_postgres_url: str) -> None:
    url = fresh_postgres_url
    began = time.monotonic()
    with ServerProcess(url, tmp_path, "A") as a, ServerProcess(url, tmp_path, "B") as b:
        a.start()
        b.start()
        made = new_table(a)
        table = made["table"]
        links = [made["links"]["0"], made["links"]["1"]]
        seat0 = seat_client(a, links[0], "seat 0 on A")
        seat1 = seat_client(b, links[1], "seat 1 on B")
        watch_a = seat_client(a, made["spectator"], "spectator on A")
        watch_b = seat_client(b, made["spectator"], "spectator on B")
        # each seat's second tab, on the other process (for the double submits)
        tab0 = seat_client(b, links[0], "seat 0's tab on B")
        tab1 = seat_client(a, links[1], "seat 1's tab on A")
        home, away = {0: seat0, 1: seat1}, {0: tab0, 1: tab1}
        on_a, on_b = [seat0, watch_a, tab1], [seat1, watch_b, tab0]
        everyone = [*on_a, *on_b]

        def context() -> str:
            return f"logs:\n{a.output()}\n{b.output()}"

        step = 0
        reach(everyone, step, NOTIFY_WAIT)
        played: dict[int, tuple[int, str]] = {}
        latencies: list[float] = []
        doubles = 0
        for _ in range(MAX_STEPS):
            if seat0.states[step]["over"]:
                break
            movers = [s for s in (0, 1) if home[s].states[step]["actions"]]
            assert movers, f"step {step}: nobody to move"
            seat = movers[0]
            choices = [c["notation"] for c in home[seat].states[step]["actions"]]
            if step % DOUBLE_EVERY == DOUBLE_EVERY - 1:
                # the same step through both processes at once (different actions where there
                # are two, so the stored one tells which was applied)
                actions = [choices[0], choices[-1]]
                winner, _ = double_submit([home[seat], away[seat]], step, actions)
                action = actions[winner]
                doubles += 1
            else:
                action = first_action(home[seat].states[step])
                answer = home[seat].submit(step, action)
                assert answer == {"v": 1, "type": "ack", "step": step + 1}, answer
            played[step + 1] = (seat, action)
            step += 1
            # the mover's own process, then the other: both within the bound
            others = on_b if home[seat] in on_a else on_a
            reach([c for c in everyone if c not in others], step, NOTIFY_WAIT)
            latencies.append(reach(others, step, NOTIFY_WAIT))
        else:
            raise AssertionError(f"the game did not end in {MAX_STEPS} decisions")

        result = seat0.states[step]["result"]
        assert result is not None
        for client in everyone:
            assert client.state is not None and client.state["over"], client.name
            assert client.state["result"] == result, client.name
        # one row per decision, each the acknowledged one
        stored = stored_steps(url, table)
        assert [(k, s, act) for k, (s, act) in sorted(played.items())] == stored, context()
        # both processes export the same record, the database's
        token = parse_link(links[0])[1]["token"]
        record_a, record_b = a.record(table, token), b.record(table, token)
        assert record_a.status_code == 200 and record_b.status_code == 200, record_b.text
        assert record_a.text == record_b.text
        assert record_a.text.count('"action"') == len(stored)
        # the spectators on both processes read the same log, and it is not empty
        assert events_of(watch_a) == events_of(watch_b)
        assert events_of(watch_a), "the spectators were told no events at all"
        for client in everyone:
            client.close()
    print(
        f"{step} decisions, {doubles} double submits across processes; notify latency: "
        f"max {max(latencies) * 1000:.0f} ms, mean {sum(latencies) / len(latencies) * 1000:.0f} "
        f"ms; {time.monotonic() - began:.1f} s"
    )


def test_two_tabs_of_one_seat_on_one_process(tmp_path: Path, fresh_postgres_url: str) -> None:
    url = fresh_postgres_url
    with ServerProcess(url, tmp_path, "A") as a:
        a.start()
        made = new_table(a)
        table = made["table"]
        links = [made["links"]["0"], made["links"]["1"]]
        tabs = {
            seat: [seat_client(a, links[seat], f"seat {seat} tab {i}") for i in (1, 2)]
            for seat in (0, 1)
        }
        everyone = [*tabs[0], *tabs[1]]
        step, doubles = 0, 0
        for _ in range(MAX_STEPS):
            reach(everyone, step, NOTIFY_WAIT)
            if everyone[0].states[step]["over"]:
                break
            seat = next(s for s in (0, 1) if tabs[s][0].states[step]["actions"])
            choices = [c["notation"] for c in tabs[seat][0].states[step]["actions"]]
            if step % 3 == 0:
                double_submit(tabs[seat], step, [choices[0], choices[-1]])
                doubles += 1
            else:
                answer = tabs[seat][0].submit(step, choices[0])
                assert answer["type"] == "ack", answer
            step += 1
        else:
            raise AssertionError(f"the game did not end in {MAX_STEPS} decisions")
        stored = stored_steps(url, table)
        assert [k for k, _, _ in stored] == list(range(1, step + 1))
        for client in everyone:
            client.close()
    assert doubles > 5


def long_record(decisions: int, seed: int) -> str:
    """A carteros record of ``decisions`` first-legal-action decisions by two people (made in
    this process: importing it gives a table whose replay takes a while)."""
    from mailbag.core.records import GameRecord
    from mailbag.games import get
    from mailbag.table import Table

    game = get("carteros")
    record = GameRecord(
        "carteros",
        dict(game.spec.resolve_options({})),
        seed,
        ["human", "human"],
        schema=game.schema_version,
        names=["ann", "bob"],
    )
    table = Table.open(game, record)
    for _ in range(decisions):
        seat = table.deciders()[0]
        table.submit(seat, table.legal_actions(seat)[0])
    assert not table.is_over()
    return record.dumps()


def test_a_table_opened_while_another_process_plays_catches_up(
    tmp_path: Path, fresh_postgres_url: str
) -> None:
    """B reads a table for the first time (a spectator's hello) while A stores a decision:
    B's spectator reaches the step A is at, even though no decision follows (a notification
    sent while B was still replaying the table found no room there)."""
    url = fresh_postgres_url
    rng = random.Random()
    with ServerProcess(url, tmp_path, "A") as a, ServerProcess(url, tmp_path, "B") as b:
        a.start()
        b.start()
        text = long_record(400, rng.randrange(2**32))
        for trial in range(TRIALS):
            response = httpx.post(
                f"{a.base}/api/import",
                json={"record": text, "seats": [{"kind": "me"}, {"kind": "friend"}]},
                timeout=10.0,
            )
            assert response.status_code == 201, response.text
            made = response.json()
            seats = [seat_client(a, made["links"][str(s)], f"seat {s} on A") for s in (0, 1)]
            step = 400
            reach(seats, step, NOTIFY_WAIT)
            watchers: list[Client] = []

            def watch(link: str, into: list[Client]) -> None:
                into.append(seat_client(b, link, "spectator on B"))

            thread = threading.Thread(target=watch, args=(made["spectator"], watchers), daemon=True)
            thread.start()
            time.sleep(rng.uniform(0.0, 0.1))
            mover = next(c for c in seats if c.states[step]["actions"])
            answer = mover.submit(step, first_action(mover.states[step]))
            assert answer["type"] == "ack", answer
            thread.join(timeout=15)
            assert watchers, "the spectator on B did not connect"
            try:
                watchers[0].state_at_least(step + 1, timeout=NOTIFY_WAIT)
            except AssertionError as exc:
                raise AssertionError(f"trial {trial}: B stayed behind: {exc}") from None
            for client in [*seats, *watchers]:
                client.close()


def stored_count(url: str, table: str) -> int:
    with psycopg.connect(conninfo_from_url(url), connect_timeout=10) as conn:
        row = conn.execute("SELECT steps FROM tables WHERE id = %s", (table,)).fetchone()
    assert row is not None
    return int(row[0])


def as_stored(url: str, table: str) -> list[tuple[int, tuple[Any, ...]]]:
    """The stored table as each seat (0, 1) knows it: the step after which what it sees last
    changed, and what it sees — the stored decisions replayed here, each seat's part built as
    the server builds it (``messages.seat_state``)."""
    with psycopg.connect(conninfo_from_url(url), connect_timeout=10) as conn:
        row = conn.execute("SELECT header FROM tables WHERE id = %s", (table,)).fetchone()
    assert row is not None, f"table {table} is not in the database"
    lines = [str(row[0])]
    for _, seat, action in stored_steps(url, table):
        lines.append(json.dumps({"seat": seat, "action": action}))
    record = load_record("\n".join(lines) + "\n", f"table {table}")
    game = game_for_record(record)
    known: list[tuple[int, tuple[Any, ...]]] = []
    for entry in replay_steps(game, record):
        for seat in (0, 1):
            part = msgspec.json.decode(msgspec.json.encode(seat_state(game, entry.state, seat)))
            now = sees(part)
            if len(known) <= seat:
                known.append((entry.index, now))
            elif known[seat][1] != now:
                known[seat] = (entry.index, now)
    return known


def agree(
    url: str, table: str, seats: list[list[Client]], timeout: float = NOTIFY_WAIT
) -> list[Message]:
    """Within ``timeout`` seconds, every socket of each seat (``seats[seat]``: its sockets, one
    on each process) shows the table as stored, at the step as that seat knows it; returns what
    each seat's first socket shows. Each socket asks (``sync``) until it does: a seat that
    cannot see a change is sent nothing, so only asking tells where its process is; the other
    process hears of a change by a notification (a seat always sees its own decision or undo,
    so its socket there shows when it has)."""
    expected = as_stored(url, table)
    deadline = time.monotonic() + timeout
    shown: list[Message] = []
    for seat, sockets in enumerate(seats):
        for client in sockets:
            while True:
                state = client.sync(timeout=timeout)
                if (state["step"], sees(state)) == expected[seat]:
                    break
                if time.monotonic() > deadline:
                    raise AssertionError(
                        f"{client.name}: at step {state['step']} after {timeout} s, the stored "
                        f"table as seat {seat} knows it is at step {expected[seat][0]}; it "
                        f"shows {sees(state)}, stored {expected[seat][1]}"
                    )
                time.sleep(0.05)
    # both processes have the last change now (its seat's sockets there show it): asked again,
    # every socket still shows the stored table (a seat that could not see it, too)
    for seat, sockets in enumerate(seats):
        for client in sockets:
            state = client.sync(timeout=timeout)
            assert (state["step"], sees(state)) == expected[seat], (client.name, state["step"])
        assert sockets[0].state is not None
        shown.append(sockets[0].state)
    return shown


def test_undo_on_one_process_races_a_decision_on_the_other(
    tmp_path: Path, fresh_postgres_url: str
) -> None:
    """In Post Office's simultaneous phases seat 0 may take back its choice while seat 1 is
    still choosing. Seat 0 (on A) takes it back at the very moment seat 1 (on B) chooses: the
    steps on disk stay one unbroken run, what was acknowledged is what is stored, and both
    processes show the table as stored — each seat at its step as it knows it (docs/protocol.md:
    each seat submits at its own step; seat 0's choice is told to seat 1 as made, never what,
    PO-114).
    Each seat has a second socket on the other process."""
    url = fresh_postgres_url
    with ServerProcess(url, tmp_path, "A") as a, ServerProcess(url, tmp_path, "B") as b:
        a.start()
        b.start()
        made = a.create_table(
            {
                "game": "post_office",
                "options": {"rounds": 4},
                "seats": [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}],
            }
        )
        table = made["table"]
        links = [made["links"]["0"], made["links"]["1"]]
        seat0 = seat_client(a, links[0], "seat 0 on A")
        seat1 = seat_client(b, links[1], "seat 1 on B")
        seats = [
            [seat0, seat_client(b, links[0], "seat 0's tab on B")],
            [seat1, seat_client(a, links[1], "seat 1's tab on A")],
        ]
        races, outcomes, told = 0, [], 0
        shown = agree(url, table, seats)
        for _ in range(MAX_STEPS):
            if shown[0]["over"] or races >= RACES:
                break
            mover = 0 if shown[0]["actions"] else 1
            answer = seats[mover][0].submit(shown[mover]["step"], first_action(shown[mover]))
            assert answer["type"] == "ack", answer
            step = len(stored_steps(url, table))
            assert answer["step"] == step, (answer, step)  # the seat sees its own decision
            shown = agree(url, table, seats)
            told += shown[1 - mover]["step"] == step  # the other seat sees that it chose
            if not (mover == 0 and shown[0]["can_undo"] and shown[1]["actions"]):
                continue
            races += 1
            action = first_action(shown[1])
            at_once(
                [
                    (seat0, {"type": "undo", "step": shown[0]["step"]}),
                    (seat1, {"type": "submit", "step": shown[1]["step"], "action": action}),
                ]
            )
            undone, chosen = seat0.answer(), seat1.answer()
            outcomes.append((undone["type"], chosen["type"]))
            rows = stored_steps(url, table)
            context = f"race at step {step}: undo {undone}, choice {chosen}, stored {rows[-3:]}"
            assert [k for k, _, _ in rows] == list(range(1, len(rows) + 1)), context
            assert stored_count(url, table) == len(rows), context
            if chosen["type"] == "ack":
                assert (1, action) in [(s, act) for _, s, act in rows[step - 1 :]], context
                assert chosen["step"] == len(rows), context  # seat 1 sees its own choice
            if undone["type"] == "ack":
                assert undone["step"] == step - 1, context  # back to before seat 0's choice
                if chosen["type"] != "ack":
                    assert len(rows) == step - 1, context
            shown = agree(url, table, seats)
        for sockets in seats:
            for client in sockets:
                client.close()
    assert races, "no simultaneous phase where seat 0 could take its choice back"
    assert told, "no decision was told to the other seat"
    print(
        f"{races} races of an undo against a decision: {outcomes}; the other seat was told "
        f"of a decision {told} times"
    )
