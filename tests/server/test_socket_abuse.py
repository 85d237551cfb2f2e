"""The table socket under abuse (issue 28): a socket that never reads holds up nobody and is
closed; sockets that never say hello are closed, and capped per address; spectators join
without an update to everyone; frames that are not UTF-8, too deep, too large, over the rate
limit, a client gone during its ack — each answered (or closed) without a traceback.

The real-server tests drive ``mailbag serve`` on loopback (``serverproc``), some through a bare
TCP socket that speaks WebSocket frames itself (:class:`Raw`: it sends what a library would
refuse to, and reads only when told); every wait is bounded. After each, the server's output
holds no traceback."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverproc import ServerProcess, seat_client
from serverproc import first_action as proc_first_action
from serverproc import parse_link as proc_link
from wsclient import (
    Closed,
    connect,
    expect_closed,
    humans,
    make_table,
    open_client,
    seat_socket,
    token_of,
)

import mailbag.server.sockets as server_sockets
from mailbag.server import outbox as outbox_module
from mailbag.server import protocol
from mailbag.server.outbox import Outbox
from mailbag.server.rooms import Room

#: the most a never-reading socket may delay another seat's next move (issue 28)
MOVE_DELAY = 1.0


# -- a bare WebSocket client -------------------------------------------------------------------
class Raw:
    """A WebSocket client on a bare TCP socket (loopback): it sends any frame (text that is not
    UTF-8, fragments, sizes over the server's limit) and reads only when asked to."""

    def __init__(
        self, port: int, table: str, *, rcvbuf: int | None = None, timeout: float = 10.0
    ) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.settimeout(timeout)
        sock.connect(("127.0.0.1", port))
        self.sock = sock
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            (
                f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            assert chunk and len(head) < 65536, f"no handshake answer: {head!r}"
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def send_frame(self, opcode: int, payload: bytes, *, fin: bool = True) -> None:
        n = len(payload)
        head = bytes([(0x80 if fin else 0) | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
        else:
            head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        masked = (
            (int.from_bytes(payload, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big"))
            .to_bytes(n, "big")
            if n
            else b""
        )
        self.sock.sendall(head + mask + masked)

    def send_json(self, message: dict[str, Any]) -> None:
        self.send_frame(0x1, json.dumps({"v": 1, **message}).encode())

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise EOFError("the server closed the connection")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def frame(self) -> tuple[int, bytes]:
        b0, b1 = self._read(2)
        n = b1 & 0x7F
        if n == 126:
            n = int.from_bytes(self._read(2), "big")
        elif n == 127:
            n = int.from_bytes(self._read(8), "big")
        return b0 & 0x0F, self._read(n)

    def message(self) -> dict[str, Any]:
        """The next text message; :class:`Closed` on a close frame."""
        for _ in range(100):
            opcode, payload = self.frame()
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                raise Closed(code, payload[2:].decode(errors="replace"))
            if opcode == 0x1:
                got: dict[str, Any] = json.loads(payload)
                return got
        raise AssertionError("no text message among 100 frames")

    def until(self, kind: str, limit: int = 50) -> dict[str, Any]:
        for _ in range(limit):
            message = self.message()
            if message.get("type") == kind:
                return message
        raise AssertionError(f"no {kind!r} among {limit} messages")

    def closed(self, limit: int = 50) -> Closed:
        """Read until the server's close frame."""
        for _ in range(limit):
            try:
                self.message()
            except Closed as closed:
                return closed
        raise AssertionError(f"not closed after {limit} messages")

    def cut(self) -> None:
        """Close at once, with a reset (no close frame: a client that just goes)."""
        with contextlib.suppress(OSError):
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


def log_mark(server: ServerProcess) -> int:
    return len(server.output(tail=10**9))


def assert_no_traceback(server: ServerProcess, mark: int) -> None:
    since = server.output(tail=10**9)[mark:]
    assert "Traceback" not in since and "Exception in ASGI" not in since, since[-4000:]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    workdir = tmp_path_factory.mktemp("abuse")
    with ServerProcess(f"sqlite:///{workdir / 'db.sqlite3'}", workdir) as proc:
        proc.start()
        yield proc


def _table(server: ServerProcess) -> dict[str, Any]:
    return server.create_table({"game": "carteros", "seats": humans("ann", "bob")})


# -- 1. a socket that never reads ----------------------------------------------------------------
def test_a_socket_that_never_reads_does_not_hold_up_the_table(server: ServerProcess) -> None:
    mark = log_mark(server)
    made = _table(server)
    seats = {s: seat_client(server, made["links"][str(s)], f"seat {s}") for s in (0, 1)}
    table, fragment = proc_link(made["spectator"])
    # a spectator that reads nothing (a receive buffer of a few KB) and asks for the whole
    # table again and again (`lang`: a welcome and the whole log each time)
    slow = Raw(server.port, table, rcvbuf=4096)
    slow.send_json({"type": "hello", "watch": fragment["watch"]})
    began = time.monotonic()
    cut: list[float] = []

    def flood() -> None:
        for lang in itertools.islice(itertools.cycle(["nl", "en"]), 3000):
            try:
                slow.send_json({"type": "lang", "lang": lang})
            except (ConnectionResetError, BrokenPipeError):
                cut.append(time.monotonic() - began)  # the server cut it
                return
            except OSError:
                return
            time.sleep(1 / 15)  # under the rate limit

    thread = threading.Thread(target=flood, daemon=True)
    thread.start()
    try:
        # moves until well after the slow socket's buffers are full (some MB on loopback: the
        # kernel's, then the connection's) and it has been given up
        delays: list[float] = []
        after_cut = 0
        for _ in range(200):
            if after_cut >= 3 or time.monotonic() - began > 90:
                break
            states = {s: c.sync() for s, c in seats.items()}
            if states[0]["over"]:
                break
            mover = next(s for s, state in states.items() if state["actions"])
            other = 1 - mover
            start = time.monotonic()
            answer = seats[mover].submit(states[mover]["step"], proc_first_action(states[mover]))
            assert answer["type"] == "ack", answer
            seats[mover].state_at_least(answer["step"], timeout=5.0)
            # the move reaches the other seat (what it sees changes: the step it is told moves)
            seats[other].state_at_least(states[other]["step"] + 1, timeout=5.0)
            delays.append(time.monotonic() - start)
            assert delays[-1] < MOVE_DELAY, (len(delays), delays[-1])
            after_cut += bool(cut)
            time.sleep(0.25)  # a person's pace, while the flood goes on
        print(f"\n{len(delays)} moves with a never-reading spectator: max delay "
              f"{max(delays):.3f} s, mean {sum(delays) / len(delays):.3f} s")
        # the slow socket is given up and its connection cut (it reads nothing: no close frame
        # could reach it); the flood learns it from a reset
        assert cut, f"the never-reading socket was not closed in {time.monotonic() - began} s"
        assert after_cut >= 3, "the game ended before the slow socket was cut"
        print(f"the never-reading socket was cut {cut[0]:.1f} s after its flood began")
    finally:
        slow.cut()
        for client in seats.values():
            client.close()
    assert_no_traceback(server, mark)


# -- 2. sockets that never say hello -------------------------------------------------------------
def test_a_socket_without_hello_is_closed_after_the_hello_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_sockets, "HELLO_TIMEOUT", 0.5)
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
        with connect(client, made["table"]) as silent, connect(client, made["table"]) as talker:
            talker.send({"type": "ping"})  # a message, but no hello: the clock runs on
            assert "hello first" in talker.next_of("error")["reason"]
            for ws in (silent, talker):
                closed = expect_closed(ws)
                assert closed.code == 4408 and "hello" in closed.reason, closed
        # a socket that says hello in time stays open past it
        with seat_socket(client, made["links"]["0"]) as ws:
            deadline = time.monotonic() + 1.0
            while time.monotonic() < deadline:
                ws.send({"type": "ping"})
                assert ws.next_of("pong")
                time.sleep(0.1)


def test_sockets_without_hello_are_capped_per_address(tmp_path: Path) -> None:
    cap = server_sockets.MAX_WITHOUT_HELLO
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
        with contextlib.ExitStack() as stack:
            for i in range(cap):
                stack.enter_context(connect(client, made["table"], name=f"w{i}"))
            # one too many: closed unless it says hello at once
            with connect(client, made["table"], name="one too many") as extra:
                began = time.monotonic()
                closed = expect_closed(extra)
                took = time.monotonic() - began
                assert closed.code == 1013, closed
                assert str(cap) in closed.reason and "hello" in closed.reason, closed
                assert took < server_sockets.HELLO_TIMEOUT, took  # not the whole hello timeout
            # one that says hello at once is welcome, though the others still wait
            with connect(client, made["table"], name="at once") as prompt:
                prompt.hello(token_of(made["links"]["1"]))
                assert prompt.next_of("state")["seat"] == 1
                time.sleep(server_sockets.HELLO_GRACE + 0.2)  # past the moment it was given
                prompt.send({"type": "ping"})
                assert prompt.next_of("pong")


def test_the_cap_on_sockets_without_hello_on_a_real_server(server: ServerProcess) -> None:
    mark = log_mark(server)
    made = _table(server)
    cap = server_sockets.MAX_WITHOUT_HELLO
    sockets = [Raw(server.port, made["table"]) for _ in range(cap + 30)]
    try:
        began = time.monotonic()
        refused = [raw.closed() for raw in sockets[cap:]]  # within a moment, not 10 s
        took = time.monotonic() - began
        assert {c.code for c in refused} == {1013} and str(cap) in refused[0].reason, refused
        assert took < server_sockets.HELLO_TIMEOUT, took
        # those let in still say hello and are welcome
        sockets[0].send_json({"type": "hello", "token": token_of(made["links"]["0"])})
        assert sockets[0].until("welcome")["seat"] == 0
        # and a client that says hello at once always is
        prompt = _seated_raw(server, made, 1)
        prompt.cut()
    finally:
        for raw in sockets:
            raw.cut()
    assert_no_traceback(server, mark)


# -- 3. spectators without an update storm -------------------------------------------------------
def test_spectators_join_without_an_update_to_everyone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    builds = [0]
    built = Room.state_message

    def counted(self: Room, conn: Any) -> str:
        builds[0] += 1
        return built(self, conn)

    monkeypatch.setattr(Room, "state_message", counted)
    watchers = 200
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
        with contextlib.ExitStack() as stack:
            ann = stack.enter_context(seat_socket(client, made["links"]["0"], name="ann"))
            first = stack.enter_context(seat_socket(client, made["spectator"], name="first"))
            heard = {"ann": len(ann.received), "first": len(first.received)}
            builds[0] = 0
            began = time.monotonic()
            for i in range(watchers):
                stack.enter_context(seat_socket(client, made["spectator"], name=f"s{i}"))
            took = time.monotonic() - began
            joined_builds = builds[0]
            # what the others heard of all those joins: nothing (a ping's pong comes first)
            for name, ws in (("ann", ann), ("first", first)):
                ws.send({"type": "ping"})
                ws.next_of("pong")
                heard[name] = len(ws.received) - heard[name] - 1
            print(f"\n{watchers} spectators joined in {took:.2f} s; {joined_builds} state "
                  f"messages built; others received {heard}")
            assert heard == {"ann": 0, "first": 0}, heard
            # one state for each newcomer, none for anyone else
            assert joined_builds <= watchers + 5, joined_builds
            assert took < 60.0, took
            # and a move still reaches every one of them
            assert ann.state is not None
            if ann.state["actions"]:
                ann.submit(ann.state["step"], ann.state["actions"][0]["notation"])
                assert ann.next_of("ack")["step"] == 1
                first.state_at_least(1)


def test_a_seat_connecting_is_told_to_the_others_once(tmp_path: Path) -> None:
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
        with seat_socket(client, made["links"]["0"], name="ann") as ann, seat_socket(
            client, made["spectator"], name="watcher"
        ) as watcher:
            with seat_socket(client, made["links"]["1"], name="bob"):
                for ws in (ann, watcher):
                    state = ws.now_or_next(lambda m: m["players"][1]["connected"])
                    assert [p["connected"] for p in state["players"]] == [True, True]
                # a second tab of bob's changes nothing anyone sees: no state for it
                with seat_socket(client, made["links"]["1"], name="bob 2"):
                    pass
                ann.send({"type": "ping"})
                got = ann.until(lambda m: m["type"] == "pong")
                assert [m["type"] for m in got] == ["pong"], got
            gone = watcher.now_or_next(lambda m: not m["players"][1]["connected"])
            assert [p["connected"] for p in gone["players"]] == [True, False]


# -- 4. the smaller points -----------------------------------------------------------------------
def test_back_when_the_seat_is_not_away_is_refused_with_a_reason(tmp_path: Path) -> None:
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
        with seat_socket(client, made["links"]["0"]) as ws:
            ws.send({"type": "back"})
            refusal = ws.next_of("refused")
            assert refusal["rule"] == "not_away" and "bot" in refusal["reason"], refusal
            assert refusal["step"] == 0
            assert ws.next_of("state")["step"] == 0  # the table as it is, resent


def test_a_message_over_the_rate_limit_gets_the_limit_and_the_state(tmp_path: Path) -> None:
    with open_client(tmp_path / "db.sqlite3") as client:
        made = make_table(client, {"game": "carteros", "seats": humans("ann", "bob")})
        with seat_socket(client, made["links"]["0"]) as ws:
            burst = int(server_sockets.BURST) + 3
            ws.send_burst([{"type": "ping"}] * burst)
            got = ws.until(lambda m: m["type"] == "error", limit=burst + 5)
            error = got[-1]
            assert "too many messages" in error["reason"], error
            assert f"{server_sockets.RATE:g}" in error["reason"], error  # the limit, named
            # and the table as it is now comes right after it: the client is not left stale
            after = ws.until(lambda m: m["type"] in ("state", "error", "pong"), limit=5)
            assert after[-1]["type"] == "state" and after[-1]["step"] == 0, after


def test_deep_or_large_frames_are_refused_with_a_clear_error() -> None:
    deep = '{"a":' * 2000 + "1" + "}" * 2000
    for text, words in (
        (deep, "deeper than"),
        ('{"type": "ping", "v": 1, "x": ' + "[" * 3000 + "]" * 3000 + "}", "deeper than"),
        ('{"x": ' + "[" * 3000 + "]" * 3000 + ', "type": "ping", "v": 1}', "deeper than"),
        ('{"type": "ping", "v": 1, "x": "' + "x" * protocol.MAX_MESSAGE + '"}', "too large"),
        # a lone surrogate (a test client can send one; a browser cannot)
        ('{"type": "hello", "v": 1, "token": "\ud800"}', "not a protocol message"),
        ('{"type": "hello", "v": 1, "token": "\\ud800"}', "not a protocol message"),
        ("é" * (protocol.MAX_MESSAGE // 2 + 1), "too large"),  # counted in bytes
    ):
        with pytest.raises(protocol.BadMessage) as refused:
            protocol.decode(text)
        assert words in str(refused.value), (text[:40], str(refused.value))
        with pytest.raises(protocol.BadMessage):
            protocol.decode(text.encode("utf-8", "surrogatepass"))
    # what nests as deep as the limit is read
    assert isinstance(protocol.decode('{"type": "ping", "v": 1}'), protocol.Ping)


def _seated_raw(server: ServerProcess, made: dict[str, Any], seat: int = 0) -> Raw:
    raw = Raw(server.port, made["table"])
    raw.send_json({"type": "hello", "token": token_of(made["links"][str(seat)])})
    raw.until("welcome")
    raw.until("state")
    return raw


def test_a_text_frame_that_is_not_utf8_gets_an_error(server: ServerProcess) -> None:
    mark = log_mark(server)
    raw = _seated_raw(server, _table(server))
    try:
        # whole, and in fragments (the bad byte in the continuation)
        raw.send_frame(0x1, b'{"type": "ping", "v": 1, "x": "\xff\xfe"}')
        assert "malformed" in raw.until("error")["reason"]
        raw.send_frame(0x1, b'{"type": "ping", ', fin=False)
        raw.send_frame(0x0, b'"v": 1, "x": "\xc3"}')
        assert "malformed" in raw.until("error")["reason"]
        raw.send_json({"type": "ping"})  # and the socket is still open
        assert raw.until("pong")
    finally:
        raw.cut()
    assert_no_traceback(server, mark)


def test_frames_too_deep_or_too_large_on_a_real_server(server: ServerProcess) -> None:
    mark = log_mark(server)
    raw = _seated_raw(server, _table(server))
    try:
        # nested too deep, as nested objects and as an unknown field's value
        raw.send_frame(0x1, ('{"a":' * 2000 + "1" + "}" * 2000).encode())
        assert "deeper than" in raw.until("error")["reason"]
        raw.send_frame(0x1, ('{"x": ' + "[" * 4000 + "]" * 4000 + ', "type": "ping"}').encode())
        assert "deeper than" in raw.until("error")["reason"]
        # too large for a message, and too large for a frame
        raw.send_frame(0x1, b'{"type": "ping", "v": 1, "x": "' + b"x" * 20000 + b'"}')
        assert "too large" in raw.until("error")["reason"]
        raw.send_json({"type": "ping"})
        assert raw.until("pong")
        raw.send_frame(0x1, b"x" * (100 * 1024))
        assert raw.closed().code == 1009
    finally:
        raw.cut()
    assert_no_traceback(server, mark)


def test_clients_gone_during_their_ack_leave_no_traceback(server: ServerProcess) -> None:
    mark = log_mark(server)
    made = _table(server)
    gone = 0
    # at once, or a moment later: before the server read the submit, while it stores the
    # move, while it sends the ack and the states
    pauses = itertools.cycle([0.0, 0.001, 0.003, 0.01, 0.03])
    for _ in range(16):
        for seat in (0, 1):
            client = _seated_raw(server, made, seat)
            client.send_json({"type": "sync"})  # the table as it is now
            state = client.until("state")
            if state["actions"]:
                client.send_json(
                    {"type": "submit", "step": state["step"],
                     "action": state["actions"][0]["notation"]}
                )
                gone += 1
                time.sleep(next(pauses))
            client.cut()  # no close frame: a client that just goes
    assert gone >= 8
    # the table still answers, its moves stored
    with contextlib.closing(seat_client(server, made["links"]["0"], "ann")) as ann:
        assert ann.sync()["step"] >= 1
    assert_no_traceback(server, mark)


# -- the outbox itself ---------------------------------------------------------------------------
def _outbox_run(body: Any) -> Any:
    return asyncio.run(asyncio.wait_for(body(), 20))


def test_the_outbox_sends_in_order_and_closes_after_what_waits() -> None:
    async def body() -> tuple[list[str], list[tuple[int, str]], bool]:
        sent: list[str] = []
        closes: list[tuple[int, str]] = []

        async def send(text: str) -> None:
            await asyncio.sleep(0)
            sent.append(text)

        async def close(code: int, reason: str) -> None:
            closes.append((code, reason))

        box = Outbox(send, close)
        ended: list[bool] = []
        box.on_end = lambda: ended.append(True)
        box.start()
        for i in range(10):
            assert box.put(str(i))
        box.close(4000, "bye")
        assert not box.put("late")
        await box.finish(5)
        return sent, closes, ended == [True]

    sent, closes, ended = _outbox_run(body)
    assert sent == [str(i) for i in range(10)]
    assert closes == [(4000, "bye")] and ended


@pytest.mark.parametrize("limit", ["messages", "bytes", "timeout"])
def test_a_socket_that_does_not_take_its_messages_is_given_up(limit: str) -> None:
    async def body() -> tuple[Outbox, list[tuple[int, str]], float]:
        closes: list[tuple[int, str]] = []
        stuck = asyncio.Event()

        async def send(text: str) -> None:
            await stuck.wait()  # a peer that never reads

        async def close(code: int, reason: str) -> None:
            closes.append((code, reason))

        box = Outbox(
            send, close, max_messages=5, max_bytes=100,
            timeout=0.3 if limit == "timeout" else 60,
        )
        box.slow_reason = "too slow"
        box.start()
        began = time.monotonic()
        put = {"messages": ["m"] * 10, "bytes": ["x" * 40] * 4, "timeout": ["m"]}[limit]
        for text in put:
            box.put(text)  # never waits
        assert time.monotonic() - began < 0.1
        await box.finish(5)
        return box, closes, time.monotonic() - began

    box, closes, took = _outbox_run(body)
    assert closes == [(outbox_module.TOO_SLOW, "too slow")]
    assert box.reason is not None and box.ended and not box.open
    assert took < 3.0
    assert not box.put("more")


def test_the_outbox_of_a_gone_socket_ends_quietly() -> None:
    async def body() -> tuple[bool, int]:
        async def send(text: str) -> None:
            raise OSError("gone")

        async def close(code: int, reason: str) -> None:
            raise AssertionError("nothing to close")

        box = Outbox(send, close)
        box.start()
        box.put("a")
        box.put("b")
        await box.finish(5)
        return box.ended, box.sent

    ended, sent = _outbox_run(body)
    assert ended and sent == 0
