"""The drivers of the abuse suite (issue 28; test_abuse.py runs them, abuse.py is the harness,
abuse_input.py makes the input): the WebSocket and HTTP fuzzers and their tally, the check that
every accepted table opens, a socket that never reads, and requests for tables that do not
exist. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from abuse import Closed, Http, RawWS, Server, frame, http, tracebacks
from abuse_input import BREAKS, DESYNCS, KEEPS, Fuzz
from serverproc import Client, parse_link

#: samples kept of each kind of failure
SAMPLES = 8


@dataclass
class Tally:
    """What a run sent and got; ``failures``: kind → (count, samples)."""

    frames: int = 0
    #: of the frames, valid messages (moves, syncs …: a table that goes on)
    valid_frames: int = 0
    broken: int = 0
    unconfirmed: int = 0
    bodies: int = 0
    #: of the requests, bodies sent as made (a table made, an import)
    valid_bodies: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    closes: Counter[str] = field(default_factory=Counter)
    failures: dict[str, list[Any]] = field(default_factory=dict)
    #: what is odd but allowed (reported, not failed)
    notes: dict[str, list[Any]] = field(default_factory=dict)
    made: list[tuple[Any, dict[str, Any]]] = field(default_factory=list)

    def fail(self, kind: str, sample: Any) -> None:
        entry = self.failures.setdefault(kind, [0])
        entry[0] += 1
        text = short(sample)
        if len(entry) <= SAMPLES and text not in entry:
            entry.append(text)

    def note(self, kind: str, sample: Any) -> None:
        entry = self.notes.setdefault(kind, [0])
        entry[0] += 1
        if len(entry) <= 3:
            entry.append(short(sample, 600))

    def report(self) -> str:
        lines = [
            f"frames {self.frames}: {self.frames - self.valid_frames} malformed ("
            f"{self.broken} of them break the WebSocket protocol), {self.valid_frames} valid; "
            f"{self.unconfirmed} more sent before a close; requests {self.bodies}: "
            f"{self.bodies - self.valid_bodies} malformed (body, path or token), "
            f"{self.valid_bodies} as made",
            f"answers {dict(sorted(self.statuses.items()))}; closes {dict(self.closes)}",
        ]
        for kind, (count, *samples) in self.failures.items():
            lines.append(f"FAILED {kind}: {count}")
            lines += [f"    {s}" for s in samples]
        for kind, (count, *samples) in self.notes.items():
            lines.append(f"noted {kind}: {count}")
            lines += [f"    {s}" for s in samples]
        return "\n".join(lines)


def short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} chars)"


def server_problems(server: Server, since: int) -> list[str]:
    found = tracebacks(server.log(since))
    if not found:
        return []
    counted = Counter(found)
    return [f"{len(found)} tracebacks or errors in the server's output; their last lines:"] + [
        f"    {n} × {line}" for line, n in counted.most_common(20)
    ]


# -- a few tables to abuse -----------------------------------------------------------------------
TABLE_BODIES: list[dict[str, Any]] = [
    {
        "game": "carteros",
        "options": {"max_rounds": 30},
        "hints": False,
        "seats": [{"kind": "me", "name": "ann"}, {"kind": "friend", "name": "bob"}],
    },
    {
        "game": "post_office",
        "hints": False,
        "seats": [{"kind": "friend"}, {"kind": "bot", "bot": "greedy"}],
    },
    {
        "game": "postcards",
        "hints": False,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "automa:normal"}],
    },
    {
        "game": "carteros",
        "options": {"max_rounds": 2},
        "hints": False,
        "seats": [{"kind": "friend"}, {"kind": "bot", "bot": "random"}],
    },
]


async def make_tables(port: int) -> list[dict[str, Any]]:
    out = []
    for body in TABLE_BODIES:
        status, _, data = await http(port, "POST", "/api/tables", json.dumps(body).encode())
        assert status == 201, (status, data[:300])
        made = json.loads(data)
        secrets = [parse_link(link)[1]["token"] for link in made["links"].values()]
        watch = parse_link(made["spectator"])[1]["watch"]
        out.append(
            {
                "id": made["table"],
                "tokens": secrets,
                "watch": watch,
                "made": made,
                "creator": made["me"],
            }
        )
    return out


def sample_records() -> list[str]:
    """Records to import: finished games and the first decisions of some."""
    from mailbag.bots.base import make_bot
    from mailbag.games import get
    from mailbag.sim.runner import play_game

    out = []
    for name, options in (("carteros", {"max_rounds": 2}), ("post_office", {"rounds": 2})):
        game = get(name)
        bots = {s: make_bot("greedy", game, s, 7) for s in (0, 1)}
        played = play_game(game, ["human", "greedy"], options, 7, bots, digests=True)
        record = played.record
        out.append(record.dumps())
        record.steps = record.steps[: len(record.steps) // 3]
        record.result = None
        out.append(record.dumps())
    return out


# -- the WebSocket fuzzer ------------------------------------------------------------------------
async def _read(ws: RawWS, ctx: dict[str, Any], tally: Tally, until: str, sent: Any) -> None:
    """Read the socket's messages until one of type ``until`` (each must be a JSON text frame;
    a ``state`` updates ``ctx``)."""
    for _ in range(3000):
        try:
            opcode, payload = await ws.recv(timeout=15.0)
        except TimeoutError:
            tally.fail(f"no answer in 15 s (waiting for {until!r})", sent)
            raise
        try:
            message = json.loads(payload)
            kind = message["type"]
        except (ValueError, TypeError, KeyError):
            tally.fail("a frame from the server that is not a JSON message", (opcode, payload))
            continue
        ctx.setdefault("got", []).append(
            kind if kind != "error" else f"error {str(message.get('reason'))[:60]!r}"
        )
        if kind == "state":
            ctx["step"] = message.get("step", 0)
            ctx["actions"] = [a["notation"] for a in message.get("actions", [])] or ctx.get(
                "actions"
            )
        if kind == until:
            return
    tally.fail(f"no {until!r} among 3000 messages", sent)


def _confirm(tally: Tally, sent: list[str]) -> None:
    """``sent``'s frames were dealt with (answered, or the socket closed after the last)."""
    tally.frames += len(sent)
    tally.valid_frames += sum(d.startswith("valid ") for d in sent)


def _story(ctx: dict[str, Any], sent: list[str]) -> str:
    """A failed socket's last frames sent and messages received, for the report."""
    return (
        f"sent {[x[:100] for x in sent[-4:]]} (of {len(sent)} in the batch); received last "
        f"{ctx.get('got', [])[-6:]}"
    )


async def _close_read(ws: RawWS) -> Closed | None:
    """The close the server sent before the connection broke, if it is among what was read."""
    with contextlib.suppress(TimeoutError, OSError):
        for _ in range(3000):
            try:
                await ws.recv(timeout=0.5)
            except Closed as closed:
                return closed if closed.code is not None else None
    return None


async def _fuzz_socket(port: int, fuzz: Fuzz, tables: list[dict[str, Any]], tally: Tally) -> None:
    """One socket: maybe a hello, then batches of malformed frames, each batch followed by a
    ping whose pong says every frame before it was dealt with (before a hello: by a hello,
    answered with a welcome and a state)."""
    rng = fuzz.rng
    table = rng.choice(tables)
    path = f"/ws/{table['id']}"
    headers: dict[str, str] = {}
    roll = rng.random()
    if roll < 0.03:
        path = "/ws/" + quote(fuzz.text()[:500].encode("utf-8", "surrogatepass"), safe="")
    elif roll < 0.05:
        headers["Origin"] = rng.choice(["http://evil.example", "null", "\x01"])
    ws, status = await RawWS.open(port, path, headers=headers, timeout=15.0)
    if ws is None:
        tally.statuses[f"ws {status}"] += 1
        if status >= 500:
            tally.fail("a handshake answered with 5xx", (path, status))
        await asyncio.sleep(0.1)
        return
    ctx: dict[str, Any] = {"tokens": [*table["tokens"], table["watch"], "x" * 20]}
    sent: list[str] = []
    broke = False
    try:
        who = rng.choice([*({"token": t} for t in table["tokens"]), {"watch": table["watch"]}])
        if rng.random() < 0.7:
            await ws.send_json({"type": "hello", **who})
            await _read(ws, ctx, tally, "state", "a hello")
            ctx["helloed"] = True
        for batch in range(rng.choice([1, 1, 1, 2, 3])):
            if batch:
                await asyncio.sleep(1.8)  # the server's bucket fills again (20 a second)
            sent = []
            for _ in range(rng.randint(10, 36)):  # a hello, these and a sentinel: ≤ 40
                data, effect = fuzz.frame(ctx)
                sent.append(fuzz.last)
                await ws.send(data)
                if effect == DESYNCS:
                    _confirm(tally, sent)
                    tally.broken += 1
                    sent = []
                    with contextlib.suppress(TimeoutError, Closed):
                        await ws.recv(timeout=2.0)
                    return
                if effect == KEEPS and rng.random() < 0.02:
                    await asyncio.sleep(0.05)
                if effect == BREAKS:
                    broke = True
                    break
            if ctx.get("helloed"):
                await ws.send_json({"type": "ping"})
                await _read(ws, ctx, tally, "pong", sent[-3:])
            else:  # before a hello, everything but a hello is answered with an error
                await ws.send_json({"type": "hello", **who})
                await _read(ws, ctx, tally, "state", sent[-3:])
                ctx["helloed"] = True
            _confirm(tally, sent)
            tally.broken += broke
            sent, broke = [], False
    except Closed as closed:
        tally.closes[str(closed.code)] += 1
        if broke:
            _confirm(tally, sent)
            tally.broken += 1
        else:
            tally.unconfirmed += len(sent)
            if closed.code is None:
                tally.note("a socket cut without a close frame", _story(ctx, sent))
        if closed.code == 1011:
            tally.fail("a socket closed with 1011 (internal error)", _story(ctx, sent))
    except (TimeoutError, OSError) as exc:
        if broke and isinstance(exc, OSError):
            # a frame that breaks the protocol may be cut off: the server need not read it all
            tally.closes["reset"] += 1
            _confirm(tally, sent)
            tally.broken += 1
        else:
            tally.unconfirmed += len(sent)
            if not isinstance(exc, TimeoutError):
                said = await _close_read(ws)  # the server may have closed it while we slept
                if said is None:
                    # cut (a reset loses what was not read: the close frame too, if there was
                    # one): rare, and none of the checks' business (no traceback, no 5xx, no
                    # stall), but reported
                    tally.note(f"a socket cut by the server ({exc!r})", _story(ctx, sent))
                else:
                    tally.closes[str(said.code)] += 1
                    if said.code == 1011 or said.code is None:
                        tally.fail(
                            f"the connection failed: {exc!r} after {said}", _story(ctx, sent)
                        )
    finally:
        ws.close()


async def fuzz_frames(
    port: int,
    fuzz: Fuzz,
    tables: list[dict[str, Any]],
    tally: Tally,
    target: int,
    seconds: float,
    concurrency: int = 16,
) -> None:
    deadline = time.monotonic() + seconds

    async def worker() -> None:
        while tally.frames - tally.valid_frames < target and time.monotonic() < deadline:
            try:
                await _fuzz_socket(port, fuzz, tables, tally)
            except (TimeoutError, OSError) as exc:
                tally.fail(f"no WebSocket handshake: {exc!r}", None)
                await asyncio.sleep(0.2)

    await asyncio.gather(*(worker() for _ in range(concurrency)))


# -- the HTTP fuzzer -----------------------------------------------------------------------------
async def ask(
    conn: Http,
    tally: Tally,
    method: str,
    path: str,
    body: bytes | None,
    headers: dict[str, str],
    sample: Any,
) -> bool:
    """One request, tallied: a 5xx or no answer is a failure; a table made is noted. Whether
    it was answered."""
    try:
        try:
            status, _, data = await conn.request(method, path, body, headers)
        except (OSError, asyncio.IncompleteReadError):
            # a keep-alive connection the server closed after its last answer (one that left
            # part of a body unread): once more on a new one
            status, _, data = await conn.request(method, path, body, headers)
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
        if body is None or len(body) <= 4 * 1024 * 1024:  # (a larger one may be cut off)
            tally.fail(f"no answer ({type(exc).__name__})", sample)
        return False
    tally.bodies += 1
    tally.statuses[str(status)] += 1
    if status >= 500:
        tally.fail(f"HTTP {status}", (sample, data[:200]))
    elif status == 201 and path in ("/api/tables", "/api/import"):
        tally.made.append((sample, json.loads(data)))
    return True


async def fuzz_bodies(
    port: int,
    fuzz: Fuzz,
    tables: list[dict[str, Any]],
    records: list[str],
    tally: Tally,
    target: int,
    seconds: float,
    concurrency: int = 6,
) -> None:
    deadline = time.monotonic() + seconds

    async def worker() -> None:
        conn = Http(port)
        try:
            while tally.bodies - tally.valid_bodies < target and time.monotonic() < deadline:
                method, path, body, headers = fuzz.request(tables, records)
                valid = fuzz.valid
                if await ask(conn, tally, method, path, body, headers, (method, path, body)):
                    tally.valid_bodies += valid
        finally:
            conn.close()

    await asyncio.gather(*(worker() for _ in range(concurrency)))


# -- opening every accepted table ----------------------------------------------------------------
async def open_tables(port: int, tally: Tally, seconds: float) -> int:
    """Say hello on every link of every table made (tally.made); ask /api/my-games for their
    seats. Returns the hellos answered."""
    deadline = time.monotonic() + seconds
    answered = 0
    queue = list(tally.made)

    async def hello(body: Any, made: dict[str, Any], link: str) -> None:
        nonlocal answered
        table, fragment = parse_link(link)
        who = {"token": fragment["token"]} if "token" in fragment else {"watch": fragment["watch"]}
        ws, status = await RawWS.open(port, f"/ws/{quote(table, safe='')}", timeout=15.0)
        if ws is None:
            tally.fail("an accepted table refuses its socket", (status, body))
            return
        try:
            await ws.send_json({"type": "hello", **who})
            seen: list[Any] = []
            while len(seen) < 5 and "state" not in seen:
                message = json.loads((await ws.recv(timeout=15.0))[1])
                seen.append(message.get("type"))
                if message.get("type") not in ("welcome", "state"):
                    tally.fail("an accepted table that cannot be opened", (message, body))
                    return
            if seen[:1] != ["welcome"] or "state" not in seen:
                tally.fail("an accepted table that cannot be opened", (seen, body))
                return
            answered += 1
        except Closed as closed:
            tally.fail("an accepted table that cannot be opened", (f"closed {closed}", body))
        except TimeoutError:
            tally.fail("an accepted table that cannot be opened", ("no answer in 15 s", body))
        finally:
            ws.close()

    async def worker() -> None:
        while queue and time.monotonic() < deadline:
            body, made = queue.pop()
            for link in [*made["links"].values(), made["spectator"]]:
                await hello(body, made, link)

    await asyncio.gather(*(worker() for _ in range(4)))
    if queue:
        tally.fail("tables not opened before the deadline", len(queue))
    links = [
        (made["table"], int(seat), parse_link(link)[1]["token"], body)
        for body, made in tally.made
        for seat, link in made["links"].items()
    ]
    for start in range(0, len(links), 200):
        chunk = links[start : start + 200]
        payload = {"links": [{"table": t, "token": k} for t, _, k, _ in chunk]}
        status, _, data = await http(port, "POST", "/api/my-games", json.dumps(payload).encode())
        if status != 200:
            tally.fail("/api/my-games refuses the accepted tables' links", (status, data[:300]))
            continue
        listed = {(g["table"], g["seat"]) for g in json.loads(data)}
        for table, seat, _, body in chunk:
            if (table, seat) not in listed:
                tally.fail("/api/my-games leaves out an accepted table's seat", body)
    return answered


# -- a socket that never reads -------------------------------------------------------------------
class NeverReads:
    """A spectator's socket made by hand on a small receive buffer: its handshake, its hello,
    then only ever sending — ``lang``, each answered with a welcome and the whole log again —
    never reading a byte."""

    def __init__(self, port: int, table: str, watch: str) -> None:
        self.port = port
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(5.0)
        self.sock.connect(("127.0.0.1", port))
        key = "dGhlIHNhbXBsZSBub25jZQ=="
        self.sock.sendall(
            f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head and len(head) < 4096:
            head += self.sock.recv(1)  # the handshake's answer, to its last byte: no further
        assert head.startswith(b"HTTP/1.1 101"), head
        self.sent = 0
        self.most = 0  # the most bytes seen queued at the server for this socket
        self.send({"type": "hello", "watch": watch})

    def send(self, message: dict[str, Any]) -> bool:
        """Whether it could be sent (the server may have given up on this socket)."""
        try:
            self.sock.sendall(frame(json.dumps({"v": 1, **message}).encode()))
        except OSError:
            return False
        self.sent += 1
        return True

    def ask(self, count: int) -> None:
        for n in range(count):
            self.send({"type": "lang", "lang": ("nl", "es", "en")[(self.sent + n) % 3]})

    def queued(self) -> int:
        """Bytes the server's kernel holds for this socket, unsent or unread (0 once the server
        closed it)."""
        mine = self.sock.getsockname()[1]
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = fields[1].split(":")[1], fields[2].split(":")[1]
            if int(local, 16) == self.port and int(remote, 16) == mine:
                self.most = max(self.most, int(fields[4].split(":")[0], 16))
                return int(fields[4].split(":")[0], 16)
        return 0

    def close(self) -> None:
        self.sock.close()


def long_record(seats: int, left: int) -> str:
    """A Post Office game of people, played by greedy bots, but for its last ``left`` decisions
    (at least): a long log, so that each ``lang`` and each change makes a large message."""
    from mailbag.bots.base import make_bot
    from mailbag.games import get
    from mailbag.sim.runner import play_game

    game = get("post_office")
    bots = {s: make_bot("greedy", game, s, 5) for s in range(seats)}
    record = play_game(game, ["human"] * seats, {"rounds": 11}, 5, bots, digests=True).record
    record.steps = record.steps[: max(20, len(record.steps) - left)]
    record.result = None
    return record.dumps()


def latency(client: Client, want: Any, start: float, bound: float) -> float:
    """Seconds from ``start`` until ``client`` got a message satisfying ``want`` (``bound``
    when none came within ``bound`` seconds)."""
    while True:
        left = start + bound - time.monotonic()
        if left <= 0:
            return bound
        try:
            message = client.recv(timeout=left)
        except AssertionError:
            return bound
        if want(message):
            return time.monotonic() - start


def latencies(
    client: Client, wants: dict[str, Any], start: float, bound: float
) -> dict[str, float]:
    """Seconds from ``start`` until ``client`` got a message satisfying each of ``wants`` (by
    name; ``bound`` for one that did not come within ``bound`` seconds), in whatever order they
    come: a seat's new state may reach it before the ack of the move that made it (another
    change told everyone between the move and its ack), which the protocol allows."""
    got: dict[str, float] = {}
    while len(got) < len(wants):
        left = start + bound - time.monotonic()
        if left <= 0:
            break
        try:
            message = client.recv(timeout=left)
        except AssertionError:
            break
        for name, want in wants.items():
            if name not in got and want(message):
                got[name] = time.monotonic() - start
    return {name: got.get(name, bound) for name in wants}


# -- memory --------------------------------------------------------------------------------------
def unknown_id(n: int) -> str:
    """An id nobody has: ``n`` random characters of the links' alphabet."""
    return base64.urlsafe_b64encode(os.urandom(n)).decode()[:n]


async def ask_unknown(port: int, count: int) -> Counter[str]:
    """``count`` requests for tables that do not exist, a third each: ``GET …/record`` with a
    12 KB id, a socket's hello at an 8 KB id, ``/api/my-games`` with 20 ids of 64 characters."""
    got: Counter[str] = Counter()
    queue = list(range(count))

    async def worker() -> None:
        conn = Http(port)
        try:
            while queue:
                n = queue.pop()
                if n % 3 == 0:
                    status, _, _ = await conn.request(
                        "GET",
                        f"/api/tables/{unknown_id(12_000)}/record",
                        headers={"Authorization": f"Bearer {unknown_id(32)}"},
                    )
                    got[f"record {status}"] += 1
                elif n % 3 == 1:
                    ws, status = await RawWS.open(port, f"/ws/{unknown_id(8000)}")
                    if ws is None:
                        got[f"ws {status}"] += 1
                        continue
                    try:
                        await ws.send_json({"type": "hello", "token": unknown_id(32)})
                        for _ in range(5):
                            await ws.recv(timeout=10.0)
                    except Closed as closed:
                        got[f"ws closed {closed.code}"] += 1
                    finally:
                        ws.close()
                else:
                    links = [{"table": unknown_id(64), "token": unknown_id(32)} for _ in range(20)]
                    status, _, _ = await conn.request(
                        "POST", "/api/my-games", json.dumps({"links": links}).encode()
                    )
                    got[f"my-games {status}"] += 1
        finally:
            conn.close()

    await asyncio.gather(*(worker() for _ in range(6)))
    return got


def settled_rss(server: Server, seconds: float, below: float = 0.0) -> int:
    """The server's resident memory (KiB) once it settles: the least of samples over
    ``seconds`` (sooner if one is at or under ``below``)."""
    end = time.monotonic() + seconds
    least = server.rss()
    while time.monotonic() < end and least > below:
        time.sleep(0.25)
        least = min(least, server.rss())
    return least
