"""The table socket (docs/protocol.md): whole games through it, what every state message holds,
refusals (stale, illegal, a spectator's), malformed and unwelcome messages, the rate limit, the
Origin check, reconnecting with ``last_step``, undo (also across a server restart), bots, and the
clock with the bots that play for absent people."""

from __future__ import annotations

import contextlib
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from wsclient import (
    WS,
    Message,
    TestClient,
    catch_up,
    connect,
    expect_closed,
    humans,
    make_table,
    open_client,
    parse_link,
    play_to_end,
    seat_socket,
    token_of,
    watch_of,
)

import mailbag.server.sockets as server_sockets
from mailbag.games import get
from mailbag.server.protocol import MAX_MESSAGE

#: seconds an absent person's seat may take to be seen taken over (absent_after = 1)
ABSENT_WAIT = 10.0
#: the keys of every state message (docs/protocol.md)
STATE_KEYS = {
    "type",
    "undo_reason",
    "held",
    "held_choice",
    "changes",
    "v",
    "step",
    "seat",
    "view",
    "board",
    "actions",
    "to_move",
    "events",
    "scores",
    "breakdowns",
    "score_labels",
    "score_rules",
    "decision_rule",
    "tutorial",
    "players",
    "clock",
    "can_undo",
    "over",
    "result",
    "reset",
}


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "db.sqlite3"


@pytest.fixture
def client(db_file: Path) -> Iterator[TestClient]:
    with open_client(db_file) as c:
        yield c


@pytest.fixture
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole games are played faster than a person could (hundreds of submits a second): the
    rate limit, tested on its own below, is lifted for them."""
    monkeypatch.setattr(server_sockets, "RATE", 1e6)
    monkeypatch.setattr(server_sockets, "BURST", 1e6)


def steps_in_db(db_file: Path, table: str) -> list[tuple[int, int, str]]:
    with sqlite3.connect(db_file) as conn:
        rows = conn.execute(
            "select step, seat, action from steps where table_id = ? order by step", (table,)
        ).fetchall()
    return [(int(a), int(b), str(c)) for a, b, c in rows]


def check_states(ws: WS, seat: int | None) -> None:
    """Every state this socket got: the protocol's fields; actions iff the seat owes a decision
    and the game is on; no result (no seed) before the end."""
    states = ws.of_type("state")
    assert states, ws.name
    for state in states:
        assert set(state) == STATE_KEYS, (ws.name, set(state) ^ STATE_KEYS)
        assert state["v"] == 1 and state["seat"] == seat
        assert isinstance(state["step"], int) and isinstance(state["view"], dict)
        assert isinstance(state["board"], str) and state["board"]
        owes = seat is not None and seat in state["to_move"] and not state["over"]
        assert bool(state["actions"]) == owes, (ws.name, state["step"], state["to_move"])
        for action in state["actions"]:
            assert set(action) == {"notation", "text", "clicks", "rule"}
        if state["over"]:
            assert state["to_move"] == [] and state["result"] is not None
            assert set(state["result"]) >= {"scores", "ranking", "seed"}
        else:
            assert state["result"] is None
    steps = [s["step"] for s in states]
    assert steps == sorted(steps), f"{ws.name}: states went back in time: {steps}"


@contextlib.contextmanager
def table_sockets(
    client: TestClient, made: dict[str, Any], *, spectator: bool = True
) -> Iterator[tuple[dict[int, WS], list[WS]]]:
    with contextlib.ExitStack() as stack:
        seats = {
            int(seat): stack.enter_context(seat_socket(client, link, name=f"seat {seat}"))
            for seat, link in sorted(made["links"].items())
        }
        watchers = (
            [stack.enter_context(seat_socket(client, made["spectator"], name="spectator"))]
            if spectator
            else []
        )
        yield seats, watchers


# -- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "options", "chooser"),
    [
        ("carteros", {}, "first"),
        ("post_office", {}, "first"),
        # the first legal action makes a Postcards game three times as long as a random one
        ("postcards", {}, "random"),
    ],
)
def test_a_whole_game_through_the_sockets(
    client: TestClient,
    db_file: Path,
    no_rate_limit: None,
    game: str,
    options: dict[str, Any],
    chooser: str,
) -> None:
    made = make_table(client, {"game": game, "options": options, "seats": humans("ann", "bob")})
    rng = random.Random(7)

    def choose(state: Message) -> str:
        actions = state["actions"]
        index = 0 if chooser == "first" else rng.randrange(len(actions))
        notation: str = actions[index]["notation"]
        return notation

    with table_sockets(client, made) as (seats, watchers):
        last = play_to_end(seats, watchers, choose=choose, max_steps=5000)
        assert last["over"] and last["result"]["scores"]
        for seat, ws in seats.items():
            check_states(ws, seat)
        check_states(watchers[0], None)
        assert watchers[0].state is not None
        assert watchers[0].state["step"] == last["step"]
        assert watchers[0].state["result"] == last["result"]
    stored = steps_in_db(db_file, made["table"])
    assert [s[0] for s in stored] == list(range(1, last["step"] + 1))
    # (a choice held to be revealed is acknowledged at the step it waits at, then revealed)
    acks = [m["step"] for ws in seats.values() for m in ws.of_type("ack")]
    assert set(acks) <= set(range(1, last["step"] + 1)) and len(set(acks)) >= len(acks) // 2


def test_a_spectator_sees_but_cannot_play(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with table_sockets(client, made) as (seats, (spectator,)):
        assert spectator.state is not None and spectator.state["actions"] == []
        mover = seats[spectator.state["to_move"][0]]
        assert mover.state is not None
        action = mover.state["actions"][0]["notation"]
        spectator.submit(0, action)
        refusal = spectator.next_of("refused")
        assert "spectator" in refusal["reason"] and refusal["step"] == 0
        spectator.undo(0)
        assert "spectator" in spectator.next_of("refused")["reason"]
        spectator.send({"type": "back"})
        assert "spectator" in spectator.next_of("refused")["reason"]
        # the seat's own move goes through, and the spectator sees it
        mover.submit(0, action)
        assert mover.next_of("ack")["step"] == 1
        assert spectator.state_at_least(1)["step"] == 1


# -- refusals ------------------------------------------------------------------------------------
def test_a_stale_step_is_refused_then_resynced(client: TestClient, db_file: Path) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    seat = None
    with table_sockets(client, made, spectator=False) as (seats, _):
        assert seats[0].state is not None
        seat = seats[0].state["to_move"][0]
        # a second tab of the same seat
        with seat_socket(client, made["links"][str(seat)], name="tab 2") as tab:
            first = seats[seat]
            first.state_where(lambda m: True)  # the state the second hello sent
            assert first.state is not None and tab.state is not None
            first.submit(0, first.state["actions"][0]["notation"])
            assert first.next_of("ack")["step"] == 1
            tab.state_at_least(1)
            before = steps_in_db(db_file, made["table"])
            # the tab plays what it saw at step 0: stale
            tab.submit(0, tab.state["actions"][0]["notation"] if tab.state["actions"] else "x")
            got = tab.until(lambda m: m["type"] == "refused")
            assert "moved on" in got[-1]["reason"] and got[-1]["step"] == 1
            resync = tab.next_of("state")
            assert resync["step"] == 1
            assert steps_in_db(db_file, made["table"]) == before
            # a step from the future is stale too
            tab.submit(5, "move A1")
            assert "moved on" in tab.next_of("refused")["reason"]
            assert tab.next_of("state")["step"] == 1


def test_an_illegal_action_is_refused_and_nothing_changes(
    client: TestClient, db_file: Path
) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with table_sockets(client, made) as (seats, (spectator,)):
        assert seats[0].state is not None
        mover = seats[0].state["to_move"][0]
        other = 1 - mover
        legal = [a["notation"] for a in seats[mover].state["actions"]]  # type: ignore[index]
        for ws, action, words in (
            (seats[other], legal[0], ["no decision"]),  # not this seat's turn
            (seats[mover], "move Z99", []),  # no such place
            (seats[mover], "fly to the moon", []),  # no such action
            (seats[mover], "deliver", []),  # not now
        ):
            ws.submit(0, action)
            refusal = ws.next_of("refused")
            assert refusal["step"] == 0 and refusal["reason"], refusal
            assert "Traceback" not in refusal["reason"]
            for word in words:
                assert word in refusal["reason"].lower(), refusal
            resync = ws.next_of("state")
            assert resync["step"] == 0
        assert steps_in_db(db_file, made["table"]) == []
        # nobody else heard of it: the spectator got no new state
        spectator.send({"type": "ping"})
        assert [m["type"] for m in spectator.until(lambda m: m["type"] == "pong")] == ["pong"]
        # and the table still takes the legal move
        seats[mover].submit(0, legal[0])
        assert seats[mover].next_of("ack")["step"] == 1


# -- malformed and unwelcome messages ------------------------------------------------------------
BAD_MESSAGES = [
    ("not json", "malformed JSON"),
    ('{"type": "ping", "v": 1', "malformed JSON"),
    ("[]", "not a protocol message"),
    ("null", "not a protocol message"),
    ('"hello"', "not a protocol message"),
    ('{"type": "dance", "v": 1}', "not a protocol message"),
    ('{"v": 1}', "not a protocol message"),
    ('{"type": "submit", "v": 1}', "not a protocol message"),
    ('{"type": "submit", "v": 1, "step": 0}', "action"),
    ('{"type": "submit", "v": 1, "step": -1, "action": "x"}', "step"),
    ('{"type": "submit", "v": 1, "step": "0", "action": "x"}', "step"),
    ('{"type": "submit", "v": 1, "step": 0, "action": ""}', "action"),
    ('{"type": "undo", "v": 1}', "step"),
    ('{"type": "ping"}', "v"),
    ('{"type": "ping", "v": 2}', "version 2"),
    ('{"type": "ping", "v": "1"}', "not a protocol message"),
    ('{"type": "ping", "v": 1, "extra": 1}', "extra"),
    ('{"type": "hello", "v": 1, "token": "' + "x" * 200 + '"}', "token"),
    ("", "malformed JSON"),
    ('{"type": "ping", "v": 1, "pad": "' + "x" * MAX_MESSAGE + '"}', "too large"),
]


def test_malformed_messages_get_an_error_and_the_socket_stays_usable(
    client: TestClient, no_rate_limit: None
) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with seat_socket(client, made["links"]["0"]) as ws:
        assert ws.state is not None
        step = ws.state["step"]
        for text, words in BAD_MESSAGES:
            ws.send_text(text)
            error = ws.next_of("error")
            assert words in error["reason"], (text[:80], error)
            ws.send({"type": "ping"})
            assert ws.next_of("pong") == {"v": 1, "type": "pong"}
        # exactly at the limit is read
        pad = "x" * (MAX_MESSAGE - len('{"type":"ping","v":1,"p":""}'))
        ws.send_text('{"type":"ping","v":1,"p":"' + pad + '"}')
        reason = ws.next_of("error")["reason"]
        assert "too large" not in reason and "p" in reason
        # a binary frame holding a message is read like a text one
        ws.session.send_bytes(b'{"type": "ping", "v": 1}')
        assert ws.next_of("pong")["type"] == "pong"
        ws.session.send_bytes(b"\xff\xfe")
        assert "malformed" in ws.next_of("error")["reason"]
        # and it still plays
        if ws.state["actions"]:
            ws.submit(step, ws.state["actions"][0]["notation"])
            assert ws.next_of("ack")["step"] == step + 1


def test_messages_before_hello_get_an_error(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with connect(client, made["table"]) as ws:
        for message in (
            {"type": "ping"},
            {"type": "submit", "step": 0, "action": "move A1"},
            {"type": "undo", "step": 0},
            {"type": "back"},
        ):
            ws.send(message)
            assert "hello first" in ws.next_of("error")["reason"]
        welcome = ws.hello(token_of(made["links"]["0"]))
        assert welcome["seat"] == 0 and welcome["table"] == made["table"]
        assert [p["name"] for p in welcome["players"]] == ["ann", "bob"]
        assert ws.next_of("state")["seat"] == 0
        ws.send({"type": "hello", "token": token_of(made["links"]["1"])})
        assert "already" in ws.next_of("error")["reason"]
        ws.send({"type": "ping"})
        assert ws.next_of("pong")


@pytest.mark.parametrize(
    "hello", ["wrong token", "other table", "wrong watch", "nothing", "token as watch"]
)
def test_a_wrong_link_is_closed_with_an_error(client: TestClient, hello: str) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    other = make_table(client, {"game": "carteros", "seats": humans("cy", "di")})
    message: dict[str, Any] = {
        "wrong token": {"token": "x" * 32},
        "other table": {"token": token_of(other["links"]["0"])},
        "wrong watch": {"watch": watch_of(other["spectator"])},
        "nothing": {},
        "token as watch": {"watch": token_of(made["links"]["0"])},
    }[hello]
    with connect(client, made["table"]) as ws:
        ws.send({"type": "hello", **message})
        assert "not one of this table's" in ws.next_of("error")["reason"]
        assert expect_closed(ws).code == 4403
        assert not ws.of_type("state") and not ws.of_type("welcome")


def test_a_watch_key_as_token_is_not_a_seat(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with connect(client, made["table"]) as ws:
        ws.send({"type": "hello", "token": watch_of(made["spectator"])})
        ws.next_of("error")
        assert expect_closed(ws).code == 4403


def test_the_rate_limit(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with seat_socket(client, made["links"]["0"]) as ws:
        burst = int(server_sockets.BURST) - 1  # the hello was one
        sent = burst + 8  # fewer errors than make the server close the socket
        ws.send_burst([{"type": "ping"}] * sent)
        answers = [ws.until(lambda m: m["type"] in ("pong", "error"))[-1] for _ in range(sent)]
        errors = [m for m in answers if m["type"] == "error"]
        assert errors, "more than a burst of messages at once got no error"
        assert all("too many messages" in m["reason"] for m in errors)
        assert sum(m["type"] == "pong" for m in answers) >= burst
        # after a pause the socket is usable again
        time.sleep(0.3)
        ws.send({"type": "ping"})
        assert ws.next_of("pong")


def test_a_socket_that_keeps_on_is_closed(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with seat_socket(client, made["links"]["0"]) as ws:
        pings = int(server_sockets.BURST) + server_sockets.STRIKES + 20
        ws.send_burst([{"type": "ping"}] * pings)
        closed = expect_closed(ws, limit=200)
        assert closed.code == 1008
        assert len(ws.of_type("error")) >= server_sockets.STRIKES


# -- Origin --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "origin",
    ["http://evil.example", "https://testserver.evil.example", "null", "http://testserver:8080"],
)
def test_a_socket_from_another_site_is_refused(client: TestClient, origin: str) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        connect(client, made["table"], origin=origin) as ws,
    ):
        ws.hello(token_of(made["links"]["0"]))
    assert refused.value.code == 4403


@pytest.mark.parametrize("origin", ["http://testserver", "https://testserver", None])
def test_a_socket_from_this_site_is_let_in(client: TestClient, origin: str | None) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with connect(client, made["table"], origin=origin) as ws:
        assert ws.hello(token_of(made["links"]["0"]))["seat"] == 0
        assert ws.next_of("state")["seat"] == 0


# -- reconnecting --------------------------------------------------------------------------------
def _play(seats: dict[int, WS], decisions: int) -> int:
    """``decisions`` first legal actions through the sockets; returns the step."""
    step = catch_up(list(seats.values()))
    for _ in range(decisions):
        mover = next(ws for ws in seats.values() if ws.state and ws.state["actions"])
        mover.submit(step, mover.state["actions"][0]["notation"])  # type: ignore[index]
        assert mover.next_of("ack")["step"] == step + 1
        step += 1
        for ws in seats.values():
            ws.catch_up(step)
    return step


def test_reconnect_with_last_step_gets_only_what_came_after(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with table_sockets(client, made, spectator=False) as (seats, _):
        step = _play(seats, 8)
        seen = [e for s in seats[0].of_type("state") for e in s["events"]]
        assert seats[0].of_type("state")[0]["reset"] is True
        assert all(s["reset"] is False for s in seats[0].of_type("state")[1:])
        assert seen
        for last in (0, 3, step):
            with seat_socket(client, made["links"]["0"], last_step=last) as again:
                state = again.state
                assert state is not None and state["step"] == step
                assert state["reset"] is False
                assert state["events"] == [e for e in seen if e["step"] > last]
        with seat_socket(client, made["links"]["0"]) as again:
            assert again.state is not None and again.state["reset"] is True
            assert again.state["events"] == seen
        # a last step beyond the table's (another game's number): the whole log
        with seat_socket(client, made["links"]["0"], last_step=step + 5) as again:
            assert again.state is not None and again.state["reset"] is True
            assert again.state["events"] == seen
        # the spectator's log, from the start, is the public part
        with seat_socket(client, made["spectator"]) as watcher:
            assert watcher.state is not None
            public = watcher.state["events"]
        assert all(e in seen for e in public)


def test_the_board_as_text_comes_only_to_a_socket_that_asks(client: TestClient) -> None:
    """``board_text`` (docs/protocol.md): a hello that says false gets states without ``board``
    (a graphical board's browser); ``board_text`` on gets the state now with the board drawn as
    the seat sees it, and every later state with it; off leaves it out again. The rest of the
    state is the same either way."""
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    table, fragment = parse_link(made["links"]["0"])
    with (
        seat_socket(client, made["links"]["1"], name="bob"),
        connect(client, table, name="ann") as ann,
    ):
        ann.send({"type": "hello", "token": fragment["token"], "board_text": False})
        ann.next_of("welcome")
        first = ann.next_of("state")
        assert "board" not in first
        assert set(first) == STATE_KEYS - {"board"}
        ann.send({"type": "board_text", "on": True})
        shown = ann.next_of("state")
        assert shown["step"] == first["step"] and shown["board"]
        # the same table (only the log is not told again)
        same = ("board", "clock", "events", "reset")
        assert {k: v for k, v in shown.items() if k not in same} == {
            k: v for k, v in first.items() if k not in same
        }
        assert shown["reset"] is False and shown["events"] == []
        step = shown["step"]
        legal = shown["actions"][0]["notation"]
        ann.submit(step, legal)
        ann.next_of("ack")
        later = ann.state_at_least(step + 1)
        assert later["board"] and later["board"] != shown["board"]
        assert later["board"] == get("carteros").presentation.render(later["view"])
        ann.send({"type": "board_text", "on": False})
        ann.send({"type": "sync"})
        ann.next_of("synced")
        assert "board" not in ann.of_type("state")[-1]
        ann.send({"type": "board_text", "on": "yes"})  # malformed: an error, nothing else
        assert "on" in ann.next_of("error")["reason"]


def test_players_show_who_is_connected(client: TestClient) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with seat_socket(client, made["links"]["0"]) as ann:
        assert ann.state is not None
        assert [p["connected"] for p in ann.state["players"]] == [True, False]
        with seat_socket(client, made["links"]["1"]):
            now = ann.state_where(lambda m: m["players"][1]["connected"])
            assert [p["connected"] for p in now["players"]] == [True, True]
        gone = ann.state_where(lambda m: not m["players"][1]["connected"])
        assert [p["away"] for p in gone["players"]] == [False, False]


# -- undo ----------------------------------------------------------------------------------------
def _until_undoable(seats: dict[int, WS], limit: int = 40) -> tuple[int, int]:
    """First legal actions until the seat that just moved may take it back: (seat, step)."""
    step = catch_up(list(seats.values()))
    for _ in range(limit):
        seat, mover = next((s, ws) for s, ws in seats.items() if ws.state and ws.state["actions"])
        mover.submit(step, mover.state["actions"][0]["notation"])  # type: ignore[index]
        assert mover.next_of("ack")["step"] == step + 1
        step += 1
        for ws in seats.values():
            ws.catch_up(step)
        if mover.state["can_undo"]:  # type: ignore[index]
            return seat, step
    raise AssertionError(f"nothing could be taken back in {limit} decisions")


def test_undo_returns_to_the_step_before(client: TestClient, db_file: Path) -> None:
    made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
    with table_sockets(client, made) as (seats, (spectator,)):
        before = {s: ws.state for s, ws in seats.items()}
        seat, step = _until_undoable(seats)
        other = seats[1 - seat]
        assert other.state is not None and other.state["can_undo"] is False
        # the other seat cannot take it back
        other.undo(step)
        assert "you have decided nothing yet" in other.next_of("refused")["reason"]
        # a stale undo is refused
        seats[seat].undo(step - 1)
        assert "moved on" in seats[seat].next_of("refused")["reason"]
        stored = steps_in_db(db_file, made["table"])
        assert len(stored) == step
        seats[seat].undo(step)
        assert seats[seat].next_of("ack")["step"] == step - 1
        for ws in (*seats.values(), spectator):
            back = ws.state_where(lambda m: m["step"] == step - 1)
            assert back["reset"] is True  # the log is sent again from the start
        assert steps_in_db(db_file, made["table"]) == stored[:-1]
        if step == 1:
            for s, ws in seats.items():
                assert ws.state is not None and before[s] is not None
                assert ws.state["view"] == before[s]["view"]  # type: ignore[index]
                assert ws.state["actions"] == before[s]["actions"]  # type: ignore[index]


def test_undo_survives_a_server_restart(db_file: Path) -> None:
    with open_client(db_file) as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
        with table_sockets(client, made, spectator=False) as (seats, _):
            seat, step = _until_undoable(seats)
            # the state before the move, as the mover saw it
            states = seats[seat].of_type("state")
            view_before = next(s["view"] for s in reversed(states) if s["step"] == step - 1)
    with open_client(db_file) as client, seat_socket(client, made["links"][str(seat)]) as ws:
        assert ws.state is not None
        assert ws.state["step"] == step and ws.state["can_undo"] is True
        ws.undo(step)
        assert ws.next_of("ack")["step"] == step - 1
        back = ws.state_where(lambda m: m["step"] == step - 1)
        assert back["view"] == view_before
        assert len(steps_in_db(db_file, made["table"])) == step - 1


# -- bots ----------------------------------------------------------------------------------------
def test_a_bot_answers_the_person(client: TestClient, db_file: Path) -> None:
    made = make_table(
        client,
        {
            "game": "carteros",
            "options": {"max_rounds": 3},
            "seats": [{"kind": "me", "name": "ann"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    with seat_socket(client, made["links"]["0"], name="ann") as ann:
        assert ann.state is not None
        assert [p["kind"] for p in ann.state["players"]] == ["human", "greedy"]
        bot_moved = False
        for _ in range(60):
            state = ann.now_or_next(lambda m: bool(m["actions"]) or m["over"])
            if state["over"]:
                break
            step = state["step"]
            ann.submit(step, state["actions"][0]["notation"])
            assert ann.next_of("ack")["step"] == step + 1
            after = ann.state_where(lambda m: bool(m["actions"]) or m["over"])
            if after["step"] > step + 1:
                bot_moved = True
                moves = steps_in_db(db_file, made["table"])[step + 1 : after["step"]]
                assert moves and all(seat == 1 for _, seat, _ in moves)
                assert after["step"] > step + 1
        assert bot_moved
    seats_played = {seat for _, seat, _ in steps_in_db(db_file, made["table"])}
    assert seats_played == {0, 1}


def test_a_bot_table_plays_itself_to_the_end(client: TestClient) -> None:
    made = make_table(
        client,
        {
            "game": "post_office",
            "options": {"rounds": 2},
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    with seat_socket(client, made["spectator"], name="spectator") as watcher:
        last = watcher.state_where(lambda m: m["over"], limit=200)
        assert last["result"]["scores"] and last["actions"] == []


def test_postcards_solo_against_the_automa(client: TestClient, no_rate_limit: None) -> None:
    made = make_table(
        client,
        {
            "game": "postcards",
            "seats": [{"kind": "me", "name": "ann"}, {"kind": "bot", "bot": "automa:normal"}],
        },
    )
    with table_sockets(client, made) as (seats, watchers):
        last = play_to_end(seats, watchers, max_steps=2000)
        check_states(seats[0], 0)
        assert len(last["result"]["scores"]) == 2
        assert all(s["to_move"] in ([0], []) for s in seats[0].of_type("state"))


# -- absent people and the clock -----------------------------------------------------------------
def test_an_absent_person_is_played_by_the_bot_until_they_come_back(
    client: TestClient, db_file: Path
) -> None:
    made = make_table(
        client,
        {
            "game": "carteros",
            "seats": humans("ann", "bob"),
            "clock": {"absent_bot": "random", "absent_after": 1},
        },
    )
    table = made["table"]
    with seat_socket(client, made["links"]["1"], name="bob") as bob:
        with seat_socket(client, made["links"]["0"], name="ann"):
            bob.state_where(lambda m: m["players"][0]["connected"])
        # ann has gone: within a few seconds her seat is taken over
        started = time.monotonic()
        away = bob.state_where(lambda m: m["players"][0]["away"], timeout=ABSENT_WAIT)
        assert time.monotonic() - started <= ABSENT_WAIT
        assert away["players"][0]["connected"] is False
        assert away["players"][1]["away"] is False
        mark = away["step"]

        def ann_played_since() -> bool:
            return any(seat == 0 for step, seat, _ in steps_in_db(db_file, table) if step > mark)

        # bob plays his moves; the bot makes ann's
        for _ in range(100):
            if ann_played_since():
                break
            state = bob.now_or_next(lambda m: bool(m["actions"]) or m["over"])
            if state["over"]:
                break
            bob.submit(state["step"], state["actions"][0]["notation"])
            assert bob.until(lambda m: m["type"] in ("ack", "refused"))[-1]["type"] == "ack"
            bob.state_at_least(state["step"] + 1)
        assert ann_played_since(), "nobody played for ann"
        # ann comes back: her seat is hers again
        with seat_socket(client, made["links"]["0"], name="ann again") as ann:
            back = ann.now_or_next(lambda m: not m["players"][0]["away"])
            assert back["players"][0]["connected"] is True
            bob.now_or_next(lambda m: not m["players"][0]["away"])
            for _ in range(100):
                step = catch_up([ann, bob])
                assert ann.state is not None and bob.state is not None
                if ann.state["actions"] or ann.state["over"]:
                    break
                assert bob.state["actions"], "nobody may move"
                bob.submit(step, bob.state["actions"][0]["notation"])
                assert bob.next_of("ack")["step"] == step + 1
                bob.state_at_least(step + 1)
            assert ann.state is not None
            if not ann.state["over"]:
                assert ann.state["actions"], "it never was ann's decision again"
                assert not ann.state["players"][0]["away"]
                step = ann.state["step"]
                ann.submit(step, ann.state["actions"][0]["notation"])
                assert ann.next_of("ack")["step"] == step + 1
                assert steps_in_db(db_file, table)[step][1] == 0


@pytest.mark.slow
def test_the_clock_runs_and_a_late_person_is_played_by_the_bot(client: TestClient) -> None:
    made = make_table(
        client,
        {
            "game": "carteros",
            "seats": humans("ann", "bob"),
            "clock": {"per_move": 5, "absent_bot": "random"},
        },
    )
    started = time.monotonic()
    with table_sockets(client, made, spectator=False) as (seats, _):
        # the state seat 1's hello sent (it is connected): the latest one
        first = seats[0].now_or_next(lambda m: m["players"][1]["connected"])
        assert first["clock"]["per_move"] == 5
        late = first["to_move"][0]
        remaining = first["clock"]["remaining"]
        assert set(remaining) == {str(late)}
        assert 2.0 <= remaining[str(late)] <= 5.0
        time.sleep(1.2)
        # asked again, the clock is as it is now
        now = seats[0].sync()
        assert now["clock"]["remaining"][str(late)] < remaining[str(late)] - 0.5
        # nobody plays: within 8 s the late seat is played by the bot
        taken = seats[late].state_where(
            lambda m: m["players"][late]["away"], timeout=8.5 - (time.monotonic() - started)
        )
        assert time.monotonic() - started <= 8.5
        assert taken["players"][late]["connected"] is True
        # the owner takes the seat back
        seats[late].send({"type": "back"})
        again = seats[late].state_where(lambda m: not m["players"][late]["away"])
        assert again["players"][late]["away"] is False


def test_a_choice_made_beside_another_is_not_stale(client: TestClient, db_file: Path) -> None:
    """Post Office's choices are simultaneous: bob's choice, sent from the step he saw, still
    counts after ann chose (he was told only that she has, PO-114: his choices are the same and
    nothing was announced to him); a step he never saw is still stale."""
    made = make_table(client, {"game": "post_office", "seats": humans("ann", "bob")})
    with table_sockets(client, made, spectator=False) as (seats, _):
        ann, bob = seats[0], seats[1]
        assert ann.state is not None and bob.state is not None
        assert ann.state["step"] == bob.state["step"] == 0
        ann.submit(0, ann.state["actions"][0]["notation"])
        assert ann.next_of("ack")["step"] == 1
        bob.submit(0, bob.state["actions"][0]["notation"])
        assert bob.next_of("ack")["step"] == 2
        assert [seat for _, seat, _ in steps_in_db(db_file, made["table"])] == [0, 1]
        bob.catch_up(2)
        ann.catch_up(2)
        assert bob.state is not None and bob.state["actions"]
        bob.submit(7, bob.state["actions"][0]["notation"])
        assert "moved on" in bob.next_of("refused")["reason"]
