"""Test helpers for the server: a bounded WebSocket client over starlette's TestClient, and the
HTTP calls the tests make again and again.

Every wait is bounded twice: by a number of messages and by time (a receive that gets nothing
within ``timeout`` seconds fails the test instead of hanging it). Messages can arrive in racy
orders (another socket's hello sends this one an extra ``state``; a bot moves right after a
person), so the waits read *until* what they want, collecting everything they read; every message
a socket got is kept in :attr:`WS.received` for later checks (the leak test reads them all).
"""

from __future__ import annotations

import contextlib
import json
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import parse_qs, urlsplit

import anyio
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():
    # starlette would like httpx2 one day; httpx is what the project installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

#: seconds a single receive may wait before the test fails
TIMEOUT = 20.0
#: messages a wait reads at most before the test fails
LIMIT = 400

Message = dict[str, Any]

__all__ = ["TestClient"]


class Closed(AssertionError):
    """The server closed the socket (``code``, ``reason``)."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"socket closed by the server: {code} {reason!r}")
        self.code = code
        self.reason = reason


async def _receive(stream: Any, timeout: float) -> Any:
    with anyio.fail_after(timeout):
        return await stream.receive()


async def _send_all(stream: Any, texts: list[str]) -> None:
    for text in texts:
        await stream.send({"type": "websocket.receive", "text": text})


class WS:
    """One socket: send protocol messages, read them with bounded waits."""

    def __init__(self, session: Any, name: str = "ws") -> None:
        self.session = session
        self.name = name
        #: every message this socket received, in order (decoded JSON)
        self.received: list[Message] = []
        #: the raw text of every message received, in order
        self.raw: list[str] = []
        #: the latest ``state`` message
        self.state: Message | None = None
        self.closed: Closed | None = None

    # -- sending ---------------------------------------------------------------------------------
    def send(self, message: Message) -> None:
        self.session.send_text(json.dumps({"v": 1, **message}))

    def send_text(self, text: str) -> None:
        self.session.send_text(text)

    def send_burst(self, messages: list[Message]) -> None:
        """Several messages at once (in one hop to the server's loop: a real burst however
        slow the machine)."""
        texts = [json.dumps({"v": 1, **m}) for m in messages]
        self.session.portal.call(_send_all, self.session._receive_tx, texts)

    def hello(
        self, token: str | None = None, *, watch: str | None = None, last_step: int | None = None
    ) -> Message:
        message: Message = {"type": "hello"}
        if token is not None:
            message["token"] = token
        if watch is not None:
            message["watch"] = watch
        if last_step is not None:
            message["last_step"] = last_step
        self.send(message)
        return self.next_of("welcome")

    def submit(self, step: int, action: str) -> None:
        self.send({"type": "submit", "step": step, "action": action})

    def undo(self, step: int) -> None:
        self.send({"type": "undo", "step": step})

    # -- receiving -------------------------------------------------------------------------------
    def recv(self, timeout: float = TIMEOUT) -> Message:
        """The next message (fails after ``timeout`` seconds; :class:`Closed` when closed)."""
        if self.closed is not None:
            raise self.closed
        try:
            raw = self.session.portal.call(_receive, self.session._send_rx, timeout)
        except TimeoutError:
            raise AssertionError(
                f"{self.name}: nothing received in {timeout} s; got so far: "
                f"{[m.get('type') for m in self.received[-20:]]}"
            ) from None
        if raw["type"] == "websocket.close":
            self.closed = Closed(raw.get("code", 1000), raw.get("reason") or "")
            raise self.closed
        text = raw["text"]
        message = json.loads(text)
        self.raw.append(text)
        self.received.append(message)
        if message.get("type") == "state":
            self.state = message
        return message

    def until(
        self,
        want: Callable[[Message], bool],
        *,
        limit: int = LIMIT,
        timeout: float = TIMEOUT,
        what: str = "the wanted message",
    ) -> list[Message]:
        """Read until a message satisfies ``want`` (at most ``limit`` messages); returns every
        message read, the wanted one last."""
        got: list[Message] = []
        for _ in range(limit):
            message = self.recv(timeout)
            got.append(message)
            if want(message):
                return got
        raise AssertionError(
            f"{self.name}: {what} not among {limit} messages: {[m.get('type') for m in got]}"
        )

    def next_of(self, kind: str, **kw: Any) -> Message:
        return self.until(lambda m: m.get("type") == kind, what=f"a {kind!r} message", **kw)[-1]

    def state_at_least(self, step: int, **kw: Any) -> Message:
        """Read until a ``state`` whose step is at least ``step``; returns it."""
        return self.until(
            lambda m: m.get("type") == "state" and m["step"] >= step,
            what=f"a state at step ≥ {step}",
            **kw,
        )[-1]

    def sync(self) -> Message:
        """The table as this seat knows it now (``sync``: a state, then ``synced``)."""
        self.send({"type": "sync"})
        self.next_of("synced")
        assert self.state is not None
        return self.state

    def catch_up(self, step: int, **kw: Any) -> Message:
        """The latest state if it is at step ``step`` or later, else read until one is."""
        if self.state is not None and self.state["step"] >= step:
            return self.state
        return self.state_at_least(step, **kw)

    def now_or_next(self, want: Callable[[Message], bool], **kw: Any) -> Message:
        """The latest state if it satisfies ``want``, else read until a state does."""
        if self.state is not None and want(self.state):
            return self.state
        return self.state_where(want, **kw)

    def state_where(self, want: Callable[[Message], bool], **kw: Any) -> Message:
        return self.until(lambda m: m.get("type") == "state" and want(m), **kw)[-1]

    def of_type(self, kind: str) -> list[Message]:
        return [m for m in self.received if m.get("type") == kind]


@contextlib.contextmanager
def connect(
    client: TestClient, table: str, *, name: str = "ws", origin: str | None = None
) -> Iterator[WS]:
    headers = {"origin": origin} if origin is not None else {}
    with client.websocket_connect(f"/ws/{table}", headers=headers) as session:
        yield WS(session, name)


@contextlib.contextmanager
def seat_socket(
    client: TestClient, link: str, *, name: str | None = None, last_step: int | None = None
) -> Iterator[WS]:
    """A socket at ``link``'s table, hello said with its token (or watch key); the first state
    read."""
    table, fragment = parse_link(link)
    with connect(client, table, name=name or link) as ws:
        if "token" in fragment:
            ws.hello(fragment["token"], last_step=last_step)
        else:
            ws.hello(watch=fragment["watch"], last_step=last_step)
        ws.next_of("state")
        yield ws


# -- links and HTTP ------------------------------------------------------------------------------
def parse_link(link: str) -> tuple[str, dict[str, str]]:
    """``/t/<table>#seat=n&token=…`` → (table, {seat, token}) (or {watch})."""
    parts = urlsplit(link)
    assert parts.path.startswith("/t/"), link
    assert not parts.query, f"{link}: a link carries its secret in the fragment, not the query"
    fragment = {k: v[0] for k, v in parse_qs(parts.fragment).items()}
    return parts.path[3:], fragment


def token_of(link: str) -> str:
    return parse_link(link)[1]["token"]


def watch_of(link: str) -> str:
    return parse_link(link)[1]["watch"]


def make_table(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def humans(*names: str) -> list[dict[str, Any]]:
    """Seats for people: the first is ``me``, the others friends."""
    return [{"kind": "me" if i == 0 else "friend", "name": n} for i, n in enumerate(names)]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def open_client(db_file: Any) -> TestClient:
    """A TestClient on a new app over the SQLite file ``db_file`` (use it as a context manager:
    the lifespan migrates the database)."""
    from mailbag.server.app import create_app

    return TestClient(create_app(f"sqlite:///{db_file}"))


# -- playing -------------------------------------------------------------------------------------
def first_action(state: Message) -> str:
    notation: str = state["actions"][0]["notation"]
    return notation


def play_to_end(
    seats: dict[int, WS],
    others: Sequence[WS] = (),
    *,
    choose: Callable[[Message], str] = first_action,
    max_steps: int = 3000,
    on_step: Callable[[int], None] | None = None,
) -> Message:
    """Play through the seat sockets until the game is over (each seat that has actions plays
    ``choose(state)``); every socket (``others`` too: spectators) reads up to each new step.
    Returns the last state of seat 0's socket (or the first socket's). Engine seats (bots) may
    play in between: the sockets catch up with whatever step their states show."""
    everyone = [*seats.values(), *others]
    for ws in everyone:
        assert ws.state is not None, f"{ws.name}: no state yet (say hello first)"
    for _ in range(max_steps):
        for ws in everyone:
            ws.sync()
        lead = next(iter(seats.values())).state
        assert lead is not None
        if lead["over"]:
            for ws in everyone:
                assert ws.state is not None and ws.state["over"], ws.name
            return lead
        holders = [ws for ws in seats.values() if ws.state is not None and ws.state.get("held")]
        if holders:
            # a person's choice waits to be revealed (a simultaneous phase it completed)
            holder = holders[0]
            assert holder.state is not None
            holder.send({"type": "reveal", "step": holder.state["step"]})
            got = holder.until(
                lambda m: m.get("type") in ("ack", "refused", "error"), what="an ack or a refusal"
            )
            assert got[-1]["type"] == "ack", f"{holder.name}: {got[-1]}"
            continue
        movers = [ws for ws in seats.values() if ws.state is not None and ws.state["actions"]]
        if not movers:
            # a bot owes the decision: wait until what the first seat sees changes
            first = next(iter(seats.values()))
            first.state_where(lambda m: True)
            continue
        mover = movers[0]
        assert mover.state is not None
        mover.submit(mover.state["step"], choose(mover.state))
        got = mover.until(
            lambda m: m.get("type") in ("ack", "refused", "error"), what="an ack or a refusal"
        )
        assert got[-1]["type"] == "ack", f"{mover.name}: {got[-1]}"
        if on_step is not None:
            on_step(got[-1]["step"])
    raise AssertionError(f"the game did not end in {max_steps} decisions")


def catch_up(sockets: Sequence[WS]) -> int:
    """Every socket told the table as its seat knows it now (``sync``); returns the latest of
    their steps (in a simultaneous phase a seat's step stays where what it sees last changed)."""
    return max(ws.sync()["step"] for ws in sockets)


def expect_closed(ws: WS, *, limit: int = 20) -> Closed:
    """Read until the server closes the socket; returns the close."""
    for _ in range(limit):
        try:
            ws.recv()
        except Closed as closed:
            return closed
        except WebSocketDisconnect as exc:
            return Closed(exc.code, exc.reason)
    raise AssertionError(f"{ws.name}: not closed after {limit} messages")


def play_finished(
    client: TestClient,
    game: str = "carteros",
    options: dict[str, Any] | None = None,
    names: Sequence[str] = ("ann", "bob"),
    clock: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A table of people made and played to its end through their sockets (first legal
    actions); returns the ``POST /api/tables`` answer. Short games by default (a few dozen
    decisions: within the sockets' rate limit)."""
    if options is None:
        options = {"max_rounds": 3} if game == "carteros" else {}
    body: dict[str, Any] = {"game": game, "options": options, "seats": humans(*names)}
    if clock is not None:
        body["clock"] = clock
    made = make_table(client, body)
    with contextlib.ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(
                seat_socket(client, made["links"][str(seat)], name=f"s{seat}")
            )
            for seat in range(len(names))
        }
        last = play_to_end(sockets)
    assert last["over"]
    return made
