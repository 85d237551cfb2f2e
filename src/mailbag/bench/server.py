"""``mailbag bench-server``: a load benchmark of the browser server over its real protocol.

It starts ``mailbag serve`` in a subprocess (or uses a running server), makes tables of two
friend seats through ``POST /api/tables`` and opens a WebSocket per seat (the ``websockets``
library's asyncio client). Each client says hello and, whenever its seat owes a decision, waits
a person's thinking time (with seeded jitter) and submits one of its legal actions at random
(a seeded RNG). A finished game is followed by its rematch (asked for by seat 0 over HTTP; both
sockets move to the new table when the server hands them their links).

For every accepted submit it measures the time from sending it to the ``state`` message with the
new step on the other seat's socket (submit-to-broadcast latency: what the opponent waits for),
and to the submitter's own ``ack``. Only submits sent inside the measured window count (it starts
once every client has been greeted); the window is bounded in time, every reply in time (a
missing one is an error) and the wind-down in time.

The server's CPU use is read from ``/proc/<pid>/stat`` (Linux) when the benchmark started it.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from mailbag.bench.processes import (
    BenchError,
    cpu_seconds,
    http_json,
    log_errors,
    rss_mib,
    running_servers,
)
from mailbag.core.i18n import _
from mailbag.server.store.db import safe_url

__all__ = [
    "BenchConfig",
    "BenchError",
    "BenchReport",
    "Latency",
    "report_table",
    "run_bench",
    "run_load",
    "running_servers",
]

#: how long a submit may wait for its ack or refusal before it counts as an error (seconds)
REPLY_TIMEOUT = 10.0
#: how long the clients may take to connect and be greeted, at most (seconds)
CONNECT_TIMEOUT = 60.0
#: how long the wind-down waits for submits in flight and for sockets to close (seconds)
GRACE = 5.0
#: the most clients (sockets) one benchmark opens
MAX_CLIENTS = 5000


@dataclass
class BenchConfig:
    clients: int = 200
    tables: int = 100
    seconds: float = 30.0
    db: str | None = None
    game: str = "carteros"
    think: float = 0.5
    workers: int = 1
    url: str | None = None
    seed: int = 0
    #: the game's options (as ``POST /api/tables`` takes them)
    options: dict[str, Any] = field(default_factory=dict)

    def check(self) -> None:
        if self.tables < 1:
            raise BenchError(_("--tables must be at least 1, not {value}", value=self.tables))
        if not 2 * self.tables <= self.clients <= MAX_CLIENTS:
            raise BenchError(
                _(
                    "--clients must be from twice --tables ({least}: a socket for each seat) "
                    "to {most}, not {value}",
                    least=2 * self.tables,
                    most=MAX_CLIENTS,
                    value=self.clients,
                )
            )
        if not 0 < self.seconds <= 24 * 3600:
            raise BenchError(
                _(
                    "--seconds must be more than 0 and at most a day, not {value}",
                    value=self.seconds,
                )
            )
        if not 0 <= self.think <= 600:
            raise BenchError(
                _("--think must be from 0 to 600 seconds, not {value}", value=self.think)
            )
        if not 1 <= self.workers <= 16:
            raise BenchError(_("--workers must be from 1 to 16, not {value}", value=self.workers))
        if self.url is not None:
            parts = urlsplit(self.url)
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise BenchError(_("--url {url}: give http://HOST:PORT", url=repr(self.url)))
            if self.db is not None or self.workers != 1:
                raise BenchError(_("--url uses a running server: --db and --workers are its own"))
        if self.db is not None and not (
            self.db.startswith("sqlite:///") or self.db.startswith("postgresql")
        ):
            raise BenchError(
                _(
                    "--db {url}: give sqlite:///PATH or postgresql+psycopg://USER@HOST/DB",
                    url=repr(self.db),
                )
            )


@dataclass
class Latency:
    """Percentiles of a set of samples, in milliseconds."""

    count: int = 0
    p50: float | None = None
    p90: float | None = None
    p99: float | None = None
    max: float | None = None

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Latency:
        if not seconds:
            return cls()
        ordered = sorted(seconds)

        def rank(q: float) -> float:
            # nearest rank: the smallest sample with at least q of them at or below it
            index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
            return round(ordered[index] * 1000, 2)

        return cls(len(ordered), rank(0.50), rank(0.90), rank(0.99), round(ordered[-1] * 1000, 2))


@dataclass
class BenchReport:
    clients: int
    tables: int
    game: str
    think: float
    workers: int
    server: str
    database: str
    #: the measured window (seconds)
    seconds: float
    #: accepted submits sent inside the window
    moves: int
    moves_per_second: float
    submits: int
    #: submit-to-broadcast: until the other seat's socket had the new step
    broadcast: Latency
    #: submit-to-ack on the submitter's own socket
    ack: Latency
    refusals: int
    errors: int
    #: accepted moves whose broadcast the other seat's socket never showed (it was away)
    missed_broadcasts: int
    games_finished: int
    rematches: int
    refusal_reasons: dict[str, int] = field(default_factory=dict)
    error_kinds: dict[str, int] = field(default_factory=dict)
    #: the server processes' CPU time over the window, in % of one core (all workers together)
    server_cpu_percent: float | None = None
    #: the largest resident memory of a server process by the end (MiB)
    server_rss_mib: float | None = None
    #: this (client) process's CPU time over the window, in % of one core
    client_cpu_percent: float | None = None
    #: lines of the servers' own logs that report an error
    server_log_errors: int | None = None

    def to_json(self) -> dict[str, Any]:
        def walk(value: Any) -> Any:
            if isinstance(value, Latency):
                return {k: getattr(value, k) for k in ("count", "p50", "p90", "p99", "max")}
            return value

        return {name: walk(getattr(self, name)) for name in self.__dataclass_fields__}


# -- clients ----------------------------------------------------------------------------------


def _token_of(link: str) -> str:
    fragment = link.split("#", 1)[1] if "#" in link else ""
    for part in fragment.split("&"):
        key, _sep, value = part.partition("=")
        if key == "token":
            return value
    raise BenchError(f"no token in the link {link!r}")


def _ws_url(base: str, table: str) -> str:
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/ws/{table}"


@dataclass
class _Accepted:
    table: str
    step: int
    seat: int
    sent: float
    acked: float
    #: whether the other seat's socket was there (greeted) when the submit was sent
    watched: bool


class Bench:
    """The shared tallies of one run (all on the event loop: no locks needed)."""

    def __init__(self, config: BenchConfig) -> None:
        self.config = config
        self.go = asyncio.Event()
        self.stopping = False
        self.start = 0.0
        self.end = float("inf")
        self.accepted: list[_Accepted] = []
        #: (table, seat) -> steps first shown on that seat's first socket, and when
        self.arrivals: dict[tuple[str, int], tuple[list[int], list[float]]] = {}
        #: the (table, seat) whose playing socket is there now (greeted, not yet gone)
        self.present: set[tuple[str, int]] = set()
        self.submits = 0
        self.in_flight = 0
        self.refusals: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.games_finished = 0
        self.rematches = 0
        self.background: set[asyncio.Future[None]] = set()

    def in_window(self, moment: float) -> bool:
        return self.start <= moment < self.end and self.go.is_set()

    def arrived(self, table: str, seat: int, step: int, moment: float) -> None:
        steps, moments = self.arrivals.setdefault((table, seat), ([], []))
        if not steps or step > steps[-1]:
            steps.append(step)
            moments.append(moment)

    def shown(self, table: str, seat: int, step: int) -> float | None:
        """When ``seat``'s socket at ``table`` first showed step ``step`` or a later one."""
        found = self.arrivals.get((table, seat))
        if found is None:
            return None
        steps, moments = found
        index = bisect.bisect_left(steps, step)
        return moments[index] if index < len(steps) else None

    def error(self, kind: str) -> None:
        self.errors[kind[:120]] += 1


class Client:
    """One socket: a seat's (``tab`` 0 plays; a further tab of the same seat only listens)."""

    def __init__(
        self, bench: Bench, index: int, base: str, table: str, seat: int, token: str, tab: int
    ) -> None:
        self.bench = bench
        self.base = base
        self.table = table
        self.seat = seat
        self.token = token
        self.tab = tab
        self.rng = random.Random(f"{bench.config.seed}:{index}")
        self.ready = asyncio.Event()
        self.changed = asyncio.Event()
        self.state: dict[str, Any] | None = None
        self.sent_step = -1
        self.reply: asyncio.Future[tuple[str, Any, float]] | None = None
        self.asked_rematch = False
        self.next: tuple[str, str] | None = None

    @property
    def plays(self) -> bool:
        return self.tab == 0

    async def run(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        while not self.bench.stopping:
            self.next = None
            try:
                await self._session()
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as exc:
                if self.bench.stopping:
                    return
                self.bench.error(f"connection: {type(exc).__name__}")
                await asyncio.sleep(0.5)
                continue
            if self.next is None:
                if not self.bench.stopping:
                    self.bench.error("connection: closed by the server")
                    await asyncio.sleep(0.5)
                continue
            self.table, self.token = self.next
            self.sent_step = -1

    async def _session(self) -> None:
        from websockets.asyncio.client import connect

        async with connect(
            _ws_url(self.base, self.table),
            open_timeout=CONNECT_TIMEOUT,
            close_timeout=2,
            max_size=8 * 1024 * 1024,
            ping_interval=None,
        ) as ws:
            # as the browser with a graphical board: no board drawn as text (board_text)
            hello = {"type": "hello", "v": 1, "token": self.token, "board_text": False}
            await ws.send(json.dumps(hello))
            reader = asyncio.ensure_future(self._read(ws))
            tasks = {reader}
            if self.plays:
                tasks.add(asyncio.ensure_future(self._move(ws)))
            try:
                done, _pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    task.result()  # its error, if any
            finally:
                self.bench.present.discard((self.table, self.seat))
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

    async def _read(self, ws: Any) -> None:
        bench = self.bench
        async for raw in ws:
            moment = time.perf_counter()
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "state":
                self.state = message
                if self.plays:
                    bench.arrived(self.table, self.seat, int(message["step"]), moment)
                    bench.present.add((self.table, self.seat))
                self.ready.set()
                self.changed.set()
                over = message.get("over") and self.plays and self.seat == 0
                if over and not self.asked_rematch:
                    self.asked_rematch = True
                    bench.games_finished += 1
                    task = asyncio.ensure_future(self._ask_rematch(self.table, self.token))
                    bench.background.add(task)
                    task.add_done_callback(bench.background.discard)
            elif kind in ("ack", "refused"):
                if self.reply is not None and not self.reply.done():
                    self.reply.set_result((kind, message, moment))
            elif kind == "rematch":
                self.next = (str(message["table"]), _token_of(str(message["link"])))
                bench.present.discard((self.table, self.seat))
                self.asked_rematch = False
                if self.plays and self.seat == 0:
                    bench.rematches += 1
                return
            elif kind == "error":
                bench.error(f"error frame: {message.get('reason')}")

    async def _ask_rematch(self, table: str, token: str) -> None:
        if self.bench.stopping:
            return
        url = f"{self.base}/api/tables/{table}/rematch"
        try:
            status, answer = await asyncio.to_thread(http_json, "POST", url, {}, token)
        except (OSError, ValueError) as exc:
            self.bench.error(f"rematch: {type(exc).__name__}")
            return
        if status != 200:
            self.bench.error(f"rematch: HTTP {status} {answer}")

    def _my_turn(self, state: dict[str, Any] | None) -> bool:
        return (
            state is not None
            and not state.get("over")
            and self.seat in state.get("to_move", ())
            and bool(state.get("actions"))
            and int(state["step"]) != self.sent_step
        )

    async def _move(self, ws: Any) -> None:
        bench, think = self.bench, self.bench.config.think
        await bench.go.wait()
        while not bench.stopping:
            await self.changed.wait()
            self.changed.clear()
            if not self._my_turn(self.state):
                continue
            if think > 0:
                await asyncio.sleep(think * self.rng.uniform(0.5, 1.5))
            state = self.state
            if bench.stopping or not self._my_turn(state):
                continue
            assert state is not None
            step = int(state["step"])
            action = self.rng.choice(state["actions"])["notation"]
            self.sent_step = step
            self.reply = asyncio.get_running_loop().create_future()
            sent = time.perf_counter()
            counted = bench.in_window(sent)
            watched = (self.table, 1 - self.seat) in bench.present
            bench.in_flight += 1
            try:
                await ws.send(
                    json.dumps({"type": "submit", "v": 1, "step": step, "action": action})
                )
                if counted:
                    bench.submits += 1
                try:
                    kind, message, moment = await asyncio.wait_for(self.reply, REPLY_TIMEOUT)
                except TimeoutError:
                    bench.error("no ack or refusal within 10 s")
                    continue
            finally:
                bench.in_flight -= 1
            if kind == "ack":
                if counted:
                    bench.accepted.append(
                        _Accepted(
                            self.table, int(message["step"]), self.seat, sent, moment, watched
                        )
                    )
            else:
                if counted:
                    bench.refusals[str(message.get("reason", ""))[:120]] += 1
                self.sent_step = -1  # the state that follows a refusal is played again
        # no more moves, but the socket stays open until the run ends: the last moves'
        # broadcasts are still on their way to it
        await asyncio.get_running_loop().create_future()


# -- the run ----------------------------------------------------------------------------------


def _make_tables(
    config: BenchConfig, bases: Sequence[str]
) -> list[tuple[str, str, dict[int, str]]]:
    """``config.tables`` new tables of two friend seats, spread over the servers: (server,
    table, tokens by seat)."""
    made: list[tuple[str, str, dict[int, str]]] = []
    body = {
        "game": config.game,
        "options": config.options,
        "seats": [{"kind": "friend"}, {"kind": "friend"}],
    }
    for index in range(config.tables):
        base = bases[index % len(bases)]
        status, answer = http_json("POST", f"{base}/api/tables", body)
        if status != 201 or not isinstance(answer, dict):
            reason = answer.get("error") if isinstance(answer, dict) else answer
            raise BenchError(
                _(
                    "the server would not make a table (HTTP {status}): {reason}",
                    status=status,
                    reason=reason,
                )
            )
        tokens = {int(seat): _token_of(link) for seat, link in answer["links"].items()}
        made.append((base, str(answer["table"]), tokens))
    return made


async def run_load(
    config: BenchConfig, bases: Sequence[str], pids: Sequence[int] = ()
) -> BenchReport:
    """The benchmark against servers already running at ``bases`` (``pids``: their process
    ids, for their CPU use, when known)."""
    config.check()
    try:
        import websockets  # noqa: F401
    except ModuleNotFoundError:
        raise BenchError(
            _("the benchmark needs the websockets library: pip install websockets")
        ) from None
    bench = Bench(config)
    tables = await asyncio.to_thread(_make_tables, config, bases)
    clients: list[Client] = []
    for index in range(config.clients):
        base, table, tokens = tables[index % config.tables]
        seat = (index // config.tables) % 2
        tab = index // (2 * config.tables)
        clients.append(Client(bench, index, base, table, seat, tokens[seat], tab))
    tasks = [asyncio.ensure_future(client.run()) for client in clients]
    try:
        greeted = asyncio.gather(*(client.ready.wait() for client in clients))
        try:
            await asyncio.wait_for(greeted, CONNECT_TIMEOUT)
        except TimeoutError:
            missing = sum(not client.ready.is_set() for client in clients)
            raise BenchError(
                _(
                    "{missing} of {clients} clients were not greeted within {seconds} s ({errors})",
                    missing=missing,
                    clients=config.clients,
                    seconds=round(CONNECT_TIMEOUT),
                    errors=dict(bench.errors),
                )
            ) from None
        cpu_before = [cpu_seconds(pid) for pid in pids]
        own_before = time.process_time()
        bench.start = time.perf_counter()
        bench.go.set()
        await asyncio.sleep(config.seconds)
        bench.end = time.perf_counter()
        own_after = time.process_time()
        cpu_after = [cpu_seconds(pid) for pid in pids]
        bench.stopping = True
        for client in clients:
            client.changed.set()  # movers waiting for a turn see that it is over
        deadline = time.perf_counter() + GRACE
        while bench.in_flight and time.perf_counter() < deadline:
            await asyncio.sleep(0.02)
        # the last moves' broadcasts may still be on their way to the other seats
        while time.perf_counter() < deadline and any(
            bench.shown(entry.table, 1 - entry.seat, entry.step) is None
            for entry in bench.accepted[-4 * config.tables :]
            if entry.watched
        ):
            await asyncio.sleep(0.02)
    finally:
        bench.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=GRACE)
    window = bench.end - bench.start
    broadcast: list[float] = []
    missed = 0
    for entry in bench.accepted:
        if not entry.watched:
            continue  # the other seat was (re)connecting: its first state is no broadcast
        shown = bench.shown(entry.table, 1 - entry.seat, entry.step)
        if shown is None:
            missed += 1
        else:
            broadcast.append(shown - entry.sent)
    server_cpu = None
    before = [v for v in cpu_before if v is not None]
    after = [v for v in cpu_after if v is not None]
    if pids and len(before) == len(after) == len(pids):
        server_cpu = round(100 * (sum(after) - sum(before)) / window, 1)
    rss = [r for r in (rss_mib(pid) for pid in pids) if r is not None]
    moves = len(bench.accepted)
    return BenchReport(
        clients=config.clients,
        tables=config.tables,
        game=config.game,
        think=config.think,
        workers=len(bases),
        server=", ".join(bases),
        database="",
        seconds=round(window, 2),
        moves=moves,
        moves_per_second=round(moves / window, 1),
        submits=bench.submits,
        broadcast=Latency.of(broadcast),
        ack=Latency.of([entry.acked - entry.sent for entry in bench.accepted]),
        refusals=sum(bench.refusals.values()),
        errors=sum(bench.errors.values()),
        missed_broadcasts=missed,
        games_finished=bench.games_finished,
        rematches=bench.rematches,
        refusal_reasons=dict(bench.refusals.most_common(10)),
        error_kinds=dict(bench.errors.most_common(10)),
        server_cpu_percent=server_cpu,
        server_rss_mib=max(rss) if rss else None,
        client_cpu_percent=round(100 * (own_after - own_before) / window, 1),
    )


def run_bench(config: BenchConfig) -> BenchReport:
    """The whole benchmark: its servers started (unless ``config.url``), the load run, the
    servers stopped — also on Ctrl-C or an error."""
    config.check()
    if config.url is not None:
        report = asyncio.run(run_load(config, [config.url.rstrip("/")]))
        report.database = "(the running server's)"
        return report
    with running_servers(config.db, config.workers) as (servers, url):
        report = asyncio.run(
            run_load(config, [s.base for s in servers], [s.process.pid for s in servers])
        )
        report.database = safe_url(url) if config.db else "a fresh temporary SQLite file"
        report.server_log_errors = log_errors(servers)
    return report


def report_table(report: BenchReport) -> Any:
    """The report as a rich table."""
    from rich.table import Table

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f} ms"

    table = Table(title="mailbag bench-server", show_header=False)
    table.add_column(_("what"), style="bold")
    table.add_column(_("value"))
    table.add_row(
        _("server"),
        _("{server} ({workers} process(es))", server=report.server, workers=report.workers),
    )
    table.add_row(_("database"), report.database)
    table.add_row(
        _("load"),
        _(
            "{clients} clients at {tables} tables of {game}, thinking {think} s",
            clients=report.clients,
            tables=report.tables,
            game=report.game,
            think=report.think,
        ),
    )
    table.add_row(_("window"), _("{seconds} s", seconds=report.seconds))
    table.add_row(
        _("moves"),
        _("{moves} ({rate}/s)", moves=report.moves, rate=report.moves_per_second),
    )
    latencies = ((_("submit → broadcast"), report.broadcast), (_("submit → ack"), report.ack))
    for name, lat in latencies:
        table.add_row(
            name,
            f"p50 {ms(lat.p50)}  p90 {ms(lat.p90)}  p99 {ms(lat.p99)}  max {ms(lat.max)}"
            f"  (n={lat.count})",
        )
    table.add_row(_("refusals"), str(report.refusals))
    table.add_row(_("errors"), str(report.errors))
    for reason, count in report.error_kinds.items():
        table.add_row("", f"{count} × {reason}")
    if report.missed_broadcasts:
        table.add_row(_("missed broadcasts"), str(report.missed_broadcasts))
    table.add_row(
        _("games finished"),
        _(
            "{games} ({rematches} rematches)",
            games=report.games_finished,
            rematches=report.rematches,
        ),
    )
    if report.server_cpu_percent is not None:
        table.add_row(_("server CPU"), _("{percent}% of a core", percent=report.server_cpu_percent))
    if report.server_rss_mib is not None:
        table.add_row(_("server memory"), _("{mib} MiB (peak)", mib=report.server_rss_mib))
    if report.client_cpu_percent is not None:
        table.add_row(_("client CPU"), _("{percent}% of a core", percent=report.client_cpu_percent))
    if report.server_log_errors:
        table.add_row(_("server log errors"), str(report.server_log_errors))
    return table
