"""The abuse harness (issue 28): a real ``mailbag serve`` on loopback, raw clients that can send
what a polite client never would, and generators of malformed input.

- :class:`Server`: the server as a subprocess in a session of its own (``start_new_session``), so
  that every process it ever started — bot workers, their helpers — is found again in ``/proc``
  by its session id even after the server is gone; its output goes to a log whose tracebacks
  :func:`tracebacks` counts; :meth:`Server.close` kills whatever of its family is left.
- :class:`RawWS`: a WebSocket client on a bare TCP stream, written by hand: any frame (invalid
  UTF-8, reserved bits, unknown opcodes, unmasked, oversized, fragments), any handshake.
- :func:`http`: one HTTP/1.1 request on a bare stream (any body, any bytes).
- abuse_input.py: the malformed frames and bodies; abuse_drive.py: the fuzzers and checks that
  test_abuse.py runs.

Every wait is bounded. Nothing here leaves loopback.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from serverproc import free_port

#: seconds the server may take to answer ``GET /api/games`` after it was started
START_TIMEOUT = 30.0


# -- processes (Linux /proc) ---------------------------------------------------------------------
@dataclass(frozen=True)
class Proc:
    """A process as ``/proc`` tells it; the same process (equal) while its pid and start time
    are (its parent changes when it is orphaned)."""

    pid: int
    ppid: int = field(compare=False)
    pgid: int = field(compare=False)
    sid: int = field(compare=False)
    state: str = field(compare=False)
    start: int  # clock ticks after boot: a pid used again is another process
    cmd: str = field(compare=False)


def proc(pid: int) -> Proc | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace"
        )
    except (OSError, ValueError):
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return Proc(pid, int(fields[1]), int(fields[2]), int(fields[3]), fields[0], int(fields[19]),
                cmd.strip()[:200])


def processes() -> list[Proc]:
    found = (proc(int(name)) for name in os.listdir("/proc") if name.isdigit())
    return [p for p in found if p is not None]


def alive(p: Proc) -> bool:
    """Whether ``p`` still runs (the same process: its pid and start time; a zombie is gone)."""
    now = proc(p.pid)
    return now is not None and now.start == p.start and now.state not in ("Z", "X")


def family(root: Proc, known: set[Proc] | None = None) -> set[Proc]:
    """``root``'s processes: those of its session, those descended from it, and those of
    ``known`` still alive."""
    table = processes()
    kids: dict[int, list[Proc]] = {}
    for p in table:
        kids.setdefault(p.ppid, []).append(p)
    out = {p for p in table if p.sid == root.sid and p.state not in ("Z", "X")}
    todo = [root.pid]
    while todo:
        for child in kids.get(todo.pop(), []):
            if child not in out and child.state not in ("Z", "X"):
                out.add(child)
                todo.append(child.pid)
    out |= {p for p in known or set() if alive(p)}
    return {p for p in out if alive(p)}


def kill_all(procs: set[Proc], timeout: float = 5.0) -> set[Proc]:
    """SIGKILL each of ``procs`` still alive (by pid, after checking it is the same process);
    returns those still alive after ``timeout`` seconds."""
    for p in procs:
        if alive(p):
            with contextlib.suppress(OSError):
                os.kill(p.pid, signal.SIGKILL)
    deadline = time.monotonic() + timeout
    left = {p for p in procs if alive(p)}
    while left and time.monotonic() < deadline:
        time.sleep(0.02)
        left = {p for p in left if alive(p)}
    return left


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


# -- the server ----------------------------------------------------------------------------------
class Server:
    """``mailbag serve`` on a free loopback port and an SQLite file in ``workdir``, in a session
    of its own. Use it as a context manager: leaving it kills the server and its family."""

    def __init__(
        self, workdir: Path, name: str = "abuse", env: dict[str, str] | None = None
    ) -> None:
        self.workdir = workdir
        self.env = env or {}
        self.name = name
        self.data = workdir / f"{name}-data"
        self.data.mkdir(parents=True, exist_ok=True)
        self.log_path = workdir / f"{name}.log"
        self.popen: subprocess.Popen[bytes] | None = None
        self.root: Proc | None = None
        self.port = 0
        #: every process of its family seen so far (killed at the end if still alive)
        self.seen: set[Proc] = set()

    @property
    def pid(self) -> int:
        assert self.popen is not None
        return self.popen.pid

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = START_TIMEOUT) -> float:
        """Start it; wait until it answers ``GET /api/games``; returns the seconds that took."""
        self.port = free_port()
        env = {
            **os.environ, "MAILBAG_DATA_DIR": str(self.data), "PYTHONUNBUFFERED": "1", **self.env
        }
        db = f"sqlite:///{self.data / 'server.sqlite3'}"
        command = [sys.executable, "-m", "mailbag", "serve", "--port", str(self.port), "--db", db]
        with self.log_path.open("ab") as log:
            log.write(f"\n=== start: port {self.port} ===\n".encode())
            log.flush()
            self.popen = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env,
                start_new_session=True,
            )
        self.root = proc(self.popen.pid)
        assert self.root is not None
        began = time.monotonic()
        while time.monotonic() < began + timeout:
            if self.popen.poll() is not None:
                raise AssertionError(f"the server exited ({self.popen.returncode}): {self.log()}")
            try:
                status, _, _ = asyncio.run(http(self.port, "GET", "/api/games", timeout=2.0))
                if status == 200:
                    return time.monotonic() - began
            except (TimeoutError, OSError, ValueError):
                pass
            time.sleep(0.05)
        self.close()
        raise AssertionError(f"the server did not answer in {timeout} s: {self.log()[-3000:]}")

    def family(self) -> set[Proc]:
        assert self.root is not None
        found = family(self.root, self.seen)
        self.seen |= found
        return found

    def rss(self) -> int:
        return rss_kib(self.pid)

    def mark(self) -> int:
        """Where the log is now (``log(since=…)``: what it printed after)."""
        try:
            return self.log_path.stat().st_size
        except OSError:
            return 0

    def log(self, since: int = 0) -> str:
        try:
            with self.log_path.open("rb") as f:
                f.seek(since)
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def kill9(self) -> None:
        if self.popen is not None and self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(timeout=10)

    def close(self) -> None:
        """SIGTERM (SIGKILL after 5 s), then SIGKILL for anything of its family still alive."""
        if self.popen is not None and self.popen.poll() is None:
            self.family()
            self.popen.terminate()
            try:
                self.popen.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill9()
        if self.root is not None:
            kill_all(family(self.root, self.seen))

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_TRACE = "Traceback (most recent call last)"


def tracebacks(text: str) -> list[str]:
    """The exception line of each traceback in ``text`` (of a chain of them — "during handling
    of the above exception …" — the last one's), and each line that tells of an error with no
    traceback (uvicorn's, asyncio's)."""
    out: list[str] = []
    lines = text.splitlines()
    chained = False
    for i, line in enumerate(lines):
        if _TRACE in line:
            last, end = line, i
            for end in range(i + 1, min(len(lines), i + 400)):
                if lines[end].strip() and not lines[end].startswith(" "):
                    last = lines[end]
                    break
            after = next((x for x in lines[end + 1 : end + 4] if x.strip()), "")
            more = after.startswith(("During handling", "The above exception"))
            if not chained:
                out.append(last.strip()[:300])
            else:
                out[-1] = last.strip()[:300]
            chained = more
        elif re.search(r"Exception in ASGI|exception was never retrieved|^ERROR:", line):
            if i + 1 < len(lines) and _TRACE in lines[i + 1]:
                continue  # its traceback is counted
            out.append(line.strip()[:300])
    return out


# -- raw HTTP ------------------------------------------------------------------------------------
async def http(
    port: int, method: str, path: str, body: bytes | None = None, *,
    headers: dict[str, str] | None = None, timeout: float = 10.0,
) -> tuple[int, dict[str, str], bytes]:
    """One request on a new connection; (status, headers, body)."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
    try:
        return await asyncio.wait_for(
            _exchange(reader, writer, port, method, path, body, headers or {}), timeout
        )
    finally:
        writer.close()


class Http:
    """A keep-alive HTTP/1.1 connection (made again when the server closes it)."""

    def __init__(self, port: int, timeout: float = 15.0) -> None:
        self.port = port
        self.timeout = timeout
        self._conn: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self, method: str, path: str, body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        if self._conn is None:
            self._conn = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", self.port), self.timeout
            )
        reader, writer = self._conn
        try:
            answer = await asyncio.wait_for(
                _exchange(reader, writer, self.port, method, path, body, headers or {}),
                self.timeout,
            )
        except BaseException:
            self.close()
            raise
        if answer[1].get("connection", "").lower() == "close":
            self.close()
        return answer

    def close(self) -> None:
        if self._conn is not None:
            self._conn[1].close()
            self._conn = None


async def _exchange(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int, method: str,
    path: str, body: bytes | None, headers: dict[str, str],
) -> tuple[int, dict[str, str], bytes]:
    head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    if body is not None:
        head.append(f"Content-Length: {len(body)}")
        headers = {"Content-Type": "application/json", **headers}
    head += [f"{k}: {v}" for k, v in headers.items()]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + (body or b""))
    await writer.drain()
    raw = await reader.readuntil(b"\r\n\r\n")
    first, *rest = raw.decode("latin-1").split("\r\n")
    status = int(first.split(" ", 2)[1])
    got = {}
    for line in rest:
        if ":" in line:
            key, value = line.split(":", 1)
            got[key.strip().lower()] = value.strip()
    if "content-length" in got:
        data = await reader.readexactly(int(got["content-length"]))
    elif got.get("transfer-encoding", "").lower() == "chunked":
        data = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip().split(b";")[0], 16)
            data += await reader.readexactly(size + 2)
            if size == 0:
                break
    else:
        data = await reader.read()
    return status, got, data


# -- raw WebSocket -------------------------------------------------------------------------------
class Closed(Exception):
    """The server closed the socket: ``code`` (None: the stream ended without a close frame)."""

    def __init__(self, code: int | None, reason: str = "") -> None:
        super().__init__(f"closed {code} {reason!r}")
        self.code = code
        self.reason = reason


def _masked(payload: bytes, key: bytes) -> bytes:
    n = len(payload)
    if not n:
        return payload
    stream = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(stream, "big")).to_bytes(n, "big")


def frame(
    payload: bytes, opcode: int = 1, *, fin: bool = True, rsv: int = 0, mask: bool = True,
    length: int | None = None,
) -> bytes:
    """One WebSocket frame as a client sends it (``length``: a length field that lies)."""
    first = (0x80 if fin else 0) | (rsv & 7) << 4 | (opcode & 15)
    n = len(payload) if length is None else length
    bit = 0x80 if mask else 0
    if n < 126:
        head = bytes([first, bit | n])
    elif n < 1 << 16:
        head = bytes([first, bit | 126]) + n.to_bytes(2, "big")
    else:
        head = bytes([first, bit | 127]) + n.to_bytes(8, "big")
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + _masked(payload, key)


async def handshake(
    port: int, path: str, *, headers: dict[str, str] | None = None, timeout: float = 10.0
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, int, bytes]:
    """Open a stream and ask for a WebSocket at ``path``: (reader, writer, status, head)."""
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection("127.0.0.1", port, limit=1 << 20), timeout
    )
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
        "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
        *(f"{k}: {v}" for k, v in (headers or {}).items()),
    ]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
    except BaseException:
        writer.close()
        raise
    return reader, writer, int(head.split(b" ", 2)[1]), head


class RawWS:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.closed: Closed | None = None

    @classmethod
    async def open(
        cls, port: int, path: str, *, headers: dict[str, str] | None = None,
        timeout: float = 10.0,
    ) -> tuple[RawWS | None, int]:
        """The socket (None and the status when the server did not switch protocols)."""
        reader, writer, status, _head = await handshake(
            port, path, headers=headers, timeout=timeout
        )
        if status != 101:
            writer.close()
            return None, status
        return cls(reader, writer), status

    async def send(self, data: bytes) -> None:
        """Raw bytes (frames made by :func:`frame`)."""
        self.writer.write(data)
        await self.writer.drain()

    async def send_json(self, message: dict[str, Any]) -> None:
        await self.send(frame(json.dumps({"v": 1, **message}).encode()))

    async def recv(self, timeout: float = 10.0) -> tuple[int, bytes]:
        """The next data frame (opcode, payload); :class:`Closed` on a close frame or the end of
        the stream; TimeoutError when nothing came in ``timeout`` seconds."""
        if self.closed is not None:
            raise self.closed
        return await asyncio.wait_for(self._recv(), timeout)

    async def _recv(self) -> tuple[int, bytes]:
        parts: list[bytes] = []
        try:
            while True:
                b0, b1 = await self.reader.readexactly(2)
                n = b1 & 0x7F
                if n == 126:
                    n = int.from_bytes(await self.reader.readexactly(2), "big")
                elif n == 127:
                    n = int.from_bytes(await self.reader.readexactly(8), "big")
                key = await self.reader.readexactly(4) if b1 & 0x80 else b""
                payload = await self.reader.readexactly(n)
                if key:
                    payload = _masked(payload, key)
                opcode = b0 & 15
                if opcode == 8:
                    code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
                    self.closed = Closed(code, payload[2:].decode(errors="replace"))
                    with contextlib.suppress(OSError):
                        self.writer.write(frame(payload[:2], 8))
                    raise self.closed
                if opcode == 9:
                    self.writer.write(frame(payload, 10))
                    continue
                if opcode == 10:
                    continue
                parts.append(payload)
                if b0 & 0x80:
                    return (opcode or 1), b"".join(parts)
        except (asyncio.IncompleteReadError, ConnectionError) as exc:
            self.closed = Closed(None, type(exc).__name__)
            raise self.closed from None

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            if self.closed is None:
                self.writer.write(frame((1000).to_bytes(2, "big"), 8))
            self.writer.close()
