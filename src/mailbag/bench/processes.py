"""The server processes of ``mailbag bench-server`` (:mod:`mailbag.bench.server`): started in
subprocesses on free ports (``mailbag serve``, dying with the benchmark), waited for, stopped;
their CPU time and peak memory read from ``/proc`` (Linux), their logs' errors counted, and the
one JSON request the clients make over HTTP."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _

#: how long a server subprocess may take to answer its first request (seconds)
START_TIMEOUT = 60.0


class BenchError(MailbagError):
    """The benchmark could not run (bad settings, a server that would not start or answer)."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _die_with_parent() -> None:
    """In the server subprocess (Linux): be sent SIGTERM if the benchmark dies, even by
    SIGKILL, so no server is ever left behind."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


@dataclass
class ServerProcess:
    base: str
    process: subprocess.Popen[bytes]
    log: Path


def cpu_seconds(pid: int) -> float | None:
    """utime + stime of process ``pid`` (all its threads), from /proc."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    # after the command: state is field 3, utime field 14 and stime field 15 (1-based)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        return None
    return None


def http_json(
    method: str, url: str, body: Any = None, token: str | None = None, timeout: float = 30.0
) -> tuple[int, Any]:
    """One JSON request (blocking): its status and decoded answer."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return int(answer.status), json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        try:
            return int(exc.code), json.loads(raw)
        except ValueError:
            return int(exc.code), {"error": raw.decode(errors="replace")[:200]}
    except (urllib.error.URLError, OSError) as exc:  # no server there, or it went away
        reason = getattr(exc, "reason", exc)
        raise BenchError(_("no answer from {url}: {reason}", url=url, reason=reason)) from None


def start_server(db_url: str, folder: Path, index: int) -> ServerProcess:
    port = free_port()
    log = folder / f"server-{index}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "mailbag", "serve", "--port", str(port), "--db", db_url],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            # the benchmark makes its tables faster than a client may (30 a minute)
            env={**os.environ, "MAILBAG_TABLES_PER_MINUTE": "0"},
            # Ctrl-C reaches the benchmark only, which stops its servers in turn
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
    return ServerProcess(f"http://127.0.0.1:{port}", process, log)


def wait_ready(server: ServerProcess) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            tail = server.log.read_text(errors="replace")[-2000:]
            raise BenchError(
                _(
                    "the server exited with status {status}:\n{tail}",
                    status=server.process.returncode,
                    tail=tail,
                )
            )
        with contextlib.suppress(OSError, ValueError, BenchError):  # not listening yet
            status, _answer = http_json("GET", f"{server.base}/api/games", timeout=2.0)
            if status == 200:
                return
        time.sleep(0.1)
    raise BenchError(
        _(
            "the server at {url} did not answer within {seconds} s",
            url=server.base,
            seconds=round(START_TIMEOUT),
        )
    )


def stop(server: ServerProcess) -> None:
    process = server.process
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@contextlib.contextmanager
def running_servers(db_url: str | None, workers: int) -> Iterator[tuple[list[ServerProcess], str]]:
    """``workers`` server processes on one database (a fresh temporary SQLite file unless
    ``db_url``), each on its own free port; stopped (and the temporary files removed) on exit,
    whatever the reason."""
    with tempfile.TemporaryDirectory(prefix="mailbag-bench-") as name:
        folder = Path(name)
        url = db_url or f"sqlite:///{folder / 'bench.sqlite3'}"
        servers: list[ServerProcess] = []
        try:
            # the first one migrates the database before the others open it
            servers.append(start_server(url, folder, 0))
            wait_ready(servers[0])
            for index in range(1, workers):
                servers.append(start_server(url, folder, index))
            for server in servers[1:]:
                wait_ready(server)
            yield servers, url
        finally:
            for server in servers:
                stop(server)


def log_errors(servers: Sequence[ServerProcess]) -> int:
    count = 0
    for server in servers:
        with contextlib.suppress(OSError):
            for line in server.log.read_text(errors="replace").splitlines():
                if line.startswith(("ERROR", "Traceback")):
                    count += 1
    return count
