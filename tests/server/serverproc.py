"""Test helpers that drive a real ``mailbag serve``: a subprocess on a free loopback port (started,
waited for, killed), its HTTP API through httpx, and a small synchronous WebSocket client
(``websockets.sync.client``) for a seat or a spectator.

Every wait is bounded: the start by :data:`START_TIMEOUT` seconds, every receive by a timeout,
and every "read until" by a number of messages as well. The server's stdout and stderr go to a
log file that failure messages quote (:meth:`ServerProcess.output`).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

#: seconds a server may take to answer ``GET /api/games`` after it was started
START_TIMEOUT = 20.0
#: seconds a single receive may wait
RECV_TIMEOUT = 10.0
#: messages a "read until" reads at most
LIMIT = 500
#: a socket sends at most this many messages a second, in bursts of at most ``SEND_BURST``:
#: under the server's limit (20 a second, bursts of 40), beyond which it answers with an error
SEND_RATE, SEND_BURST = 16.0, 30.0

Message = dict[str, Any]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """One ``mailbag serve`` subprocess on database ``db_url``. :meth:`start` it (again after a
    :meth:`kill`: a new port each time), :meth:`kill` it (SIGKILL) or :meth:`stop` it."""

    def __init__(self, db_url: str, workdir: Path, name: str = "server") -> None:
        self.db_url = db_url
        self.name = name
        self.data_dir = workdir / f"{name}-data"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = workdir / f"{name}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def output(self, tail: int = 6000) -> str:
        """The end of what the server printed (all its runs)."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no output)"
        return text[-tail:]

    def start(self, timeout: float = START_TIMEOUT) -> float:
        """Start the server and wait until it answers ``GET /api/games``; returns the seconds
        that took. Fails (killing it) when it exits or does not answer in ``timeout`` seconds."""
        assert self.proc is None or self.proc.poll() is not None, f"{self.name} is running"
        self.port = free_port()
        self.starts += 1
        env = {**os.environ, "MAILBAG_DATA_DIR": str(self.data_dir), "PYTHONUNBUFFERED": "1"}
        command = [
            sys.executable, "-m", "mailbag", "serve", "--port", str(self.port), "--db", self.db_url,
        ]
        with self.log_path.open("ab") as log:
            log.write(f"\n=== start {self.starts}: port {self.port} ===\n".encode())
            log.flush()
            self.proc = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env
            )
        began = time.monotonic()
        deadline = began + timeout
        last_error = "no answer yet"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(
                    f"{self.name} exited with {self.proc.returncode} before answering:\n"
                    f"{self.output()}"
                )
            try:
                response = httpx.get(f"{self.base}/api/games", timeout=2.0)
                if response.status_code == 200:
                    return time.monotonic() - began
                last_error = f"status {response.status_code}"
            except httpx.HTTPError as exc:
                last_error = repr(exc)
            time.sleep(0.05)
        self.kill()
        raise AssertionError(
            f"{self.name} did not answer GET /api/games in {timeout} s ({last_error}):\n"
            f"{self.output()}"
        )

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly as a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        """Terminate politely (SIGTERM), SIGKILL after 5 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.kill()

    # -- HTTP ------------------------------------------------------------------------------------
    def create_table(self, body: dict[str, Any]) -> dict[str, Any]:
        response = httpx.post(f"{self.base}/api/tables", json=body, timeout=10.0)
        assert response.status_code == 201, f"{response.status_code} {response.text}"
        made: dict[str, Any] = response.json()
        return made

    def record(self, table: str, token: str) -> httpx.Response:
        """``GET /api/tables/<table>/record`` with the seat's (or spectator's) token."""
        return httpx.get(
            f"{self.base}/api/tables/{table}/record",
            headers={"Authorization": f"Bearer {token}"},
            timeout=10.0,
        )


def parse_link(link: str) -> tuple[str, dict[str, str]]:
    """``/t/<table>#seat=n&token=…`` (or ``#watch=…``) → (table, the fragment's fields)."""
    parts = urlsplit(link)
    assert parts.path.startswith("/t/"), link
    return parts.path[3:], {k: v[0] for k, v in parse_qs(parts.fragment).items()}


class Client:
    """One WebSocket at a table. Every message received is kept (:attr:`received`); the latest
    ``state`` of each step in :attr:`states`."""

    def __init__(self, url: str, name: str = "client", timeout: float = RECV_TIMEOUT) -> None:
        self.name = name
        self.timeout = timeout
        self.ws: ClientConnection = connect(url, open_timeout=timeout, close_timeout=1)
        # websockets ≥ 17.1 wants the connection entered as a context manager (it warns
        # otherwise); entering it here works with every version, and close() closes it
        self.ws.__enter__()
        self.received: list[Message] = []
        self.state: Message | None = None
        self.states: dict[int, Message] = {}
        #: the state that answered the hello
        self.first_state: Message | None = None
        self._tokens, self._at = SEND_BURST, time.monotonic()

    # -- sending ---------------------------------------------------------------------------------
    def send(self, message: Message) -> None:
        """Send ``message`` (``v`` added), waiting first if this socket would send faster than
        the server allows (:data:`SEND_RATE`)."""
        now = time.monotonic()
        self._tokens = min(SEND_BURST, self._tokens + (now - self._at) * SEND_RATE)
        self._at = now
        if self._tokens < 1:
            time.sleep((1 - self._tokens) / SEND_RATE)
            self._tokens, self._at = 1.0, time.monotonic()
        self._tokens -= 1
        self.ws.send(json.dumps({"v": 1, **message}))

    def hello(
        self, token: str | None = None, *, watch: str | None = None, last_step: int | None = None
    ) -> Message:
        """Say who this is; returns the ``welcome`` (the first ``state`` is read too)."""
        message: Message = {"type": "hello"}
        if token is not None:
            message["token"] = token
        if watch is not None:
            message["watch"] = watch
        if last_step is not None:
            message["last_step"] = last_step
        self.send(message)
        welcome = self.until(lambda m: m.get("type") in ("welcome", "error"), "a welcome")
        assert welcome["type"] == "welcome", f"{self.name}: {welcome}"
        self.first_state = self.until(lambda m: m.get("type") == "state", "the first state")
        return welcome

    def send_submit(self, step: int, action: str) -> None:
        self.send({"type": "submit", "step": step, "action": action})

    def submit(self, step: int, action: str) -> Message:
        """Submit ``action`` at ``step``; returns the ``ack`` or the ``refused``."""
        self.send_submit(step, action)
        return self.answer()

    def answer(self) -> Message:
        """Read until the ``ack`` or ``refused`` of a submit."""
        return self.until(lambda m: m.get("type") in ("ack", "refused"), "an ack or a refusal")

    # -- receiving -------------------------------------------------------------------------------
    def recv(self, timeout: float | None = None) -> Message:
        wait = self.timeout if timeout is None else timeout
        try:
            text = self.ws.recv(timeout=wait)
        except TimeoutError:
            raise AssertionError(
                f"{self.name}: nothing received in {wait} s; last messages: "
                f"{[m.get('type') for m in self.received[-10:]]}"
            ) from None
        message: Message = json.loads(text)
        self.received.append(message)
        if message.get("type") == "state":
            self.state = message
            self.states[message["step"]] = message
        elif message.get("type") == "error":
            raise AssertionError(f"{self.name}: the server sent an error: {message}")
        return message

    def until(
        self, want: Any, what: str, *, limit: int = LIMIT, timeout: float | None = None
    ) -> Message:
        """Read until a message satisfies ``want`` (at most ``limit`` messages, each within the
        timeout, and ``limit`` × timeout in all); returns it."""
        for _ in range(limit):
            message = self.recv(timeout)
            if want(message):
                return message
        raise AssertionError(f"{self.name}: {what} not among {limit} messages")

    def sync(self, timeout: float | None = None) -> Message:
        """The table as this socket's seat knows it now: ``sync`` is answered with a ``state``
        and then ``synced`` (whatever the server had to tell this socket before has arrived by
        then). In a simultaneous phase a seat's step stays where what it sees last changed, so
        the sockets of a table need not agree on it (docs/protocol.md)."""
        self.send({"type": "sync"})
        self.until(lambda m: m.get("type") == "synced", "the answer to a sync", timeout=timeout)
        assert self.state is not None, f"{self.name}: no state before the synced"
        return self.state

    def state_at_least(self, step: int, timeout: float | None = None) -> Message:
        """The latest state already read if its step is ``step`` or more, else read until one
        is."""
        if self.state is not None and self.state["step"] >= step:
            return self.state
        return self.until(
            lambda m: m.get("type") == "state" and m["step"] >= step,
            f"a state at step ≥ {step}",
            timeout=timeout,
        )

    def close(self) -> None:
        with contextlib.suppress(OSError, ConnectionClosed):
            self.ws.close()


def seat_client(
    server: ServerProcess,
    link: str,
    name: str,
    last_step: int | None = None,
) -> Client:
    """A socket at ``link``'s table on ``server``, hello said with its token (or watch key)."""
    table, fragment = parse_link(link)
    client = Client(server.ws_url(table), name)
    if "token" in fragment:
        client.hello(fragment["token"], last_step=last_step)
    else:
        client.hello(watch=fragment["watch"], last_step=last_step)
    return client


def first_action(state: Message) -> str:
    """The first legal action of a seat's state (the tests' player)."""
    notation: str = state["actions"][0]["notation"]
    return notation


def sees(state: Message) -> tuple[Any, ...]:
    """What a seat sees of the table in a ``state``: its view, who is to move as far as it
    knows, its actions. Its step moves exactly when this changes (docs/protocol.md: the step as
    the seat knows it)."""
    return (state["view"], state["to_move"], [a["notation"] for a in state["actions"]])
