"""The rooms of one server process: :class:`Hub` loads tables from the database (after a
restart, or when another process changed them: PostgreSQL LISTEN/NOTIFY), keeps them while they
are used and unloads them when idle, and holds the thread pools that keep blocking work
(database writes, bots thinking) off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mailbag.bots.base import Bot, BotLimits, make_agents, make_bot
from mailbag.core import Event, MailbagError
from mailbag.core.records import GameRecord, result_of
from mailbag.server.protocol import encode
from mailbag.server.rooms import Conn, Room, _log_of
from mailbag.server.store.db import Database, SeatRow, TableRow
from mailbag.server.store.sqlstore import SqlStore
from mailbag.server.thinking import Thinking
from mailbag.server.tokens import (
    derived_token,
    is_table_id,
    new_token,
    pending_hash,
    seat_link,
    token_hash,
    watch_link,
)
from mailbag.table import Table, game_for_record

T = TypeVar("T")

#: a loaded table nobody has used for this long (no socket, nothing running) is unloaded
IDLE_AFTER = 300.0
#: at most this many tables are kept loaded (the least recently used idle ones go first)
MAX_ROOMS = 1000
#: how much lower than the server a game review's workers run (19: only on idle processors)
REVIEW_NICE = 19

log = logging.getLogger("mailbag.server")


class Hub:
    """This process's rooms, its database and the thread pools that keep blocking work (database
    writes, bots thinking) off the event loop."""

    def __init__(
        self,
        db: Database,
        bot_threads: int = 4,
        bot_processes: int = 2,
        *,
        idle_after: float = IDLE_AFTER,
        max_rooms: int = MAX_ROOMS,
        bot_limits: BotLimits | None = None,
    ) -> None:
        self.db = db
        #: the loaded rooms, the least recently used first
        self.rooms: dict[str, Room] = {}
        #: the tables being loaded now (an entry lives while someone waits for it)
        self._loading: dict[str, _Loading] = {}
        self.idle_after = idle_after
        self.max_rooms = max_rooms
        self._sweeper: asyncio.Task[None] | None = None
        self.io = ThreadPoolExecutor(max_workers=8, thread_name_prefix="mailbag-io")
        self.thinking = Thinking(threads=bot_threads, processes=bot_processes, limits=bot_limits)
        #: game reviews' own workers, as many as the bots' but at the lowest priority: they use
        #: the processors the server and the bots leave idle, so a review never slows a table
        self.reviewing = Thinking(
            threads=1, processes=max(1, bot_processes), limits=bot_limits, nice=REVIEW_NICE
        )

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the pool, in this context (the reader's language: a refusal is
        worded in it)."""
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(self.io, context.run, fn, *args)

    def open_table(
        self, row: TableRow, step_rows: list[tuple[int, str, str]] | None = None
    ) -> tuple[Table, list[list[Event]]]:
        """A stored table replayed into a :class:`Table` (its decisions checked), with its log."""
        if step_rows is None:
            step_rows = self.db.load_steps(row.id)
        record = row.record(step_rows)
        game = game_for_record(record)
        agents: dict[int, Bot] = make_agents(game, record.seats, record.seed)
        for seat_row in row.seats:
            if seat_row.away and row.settings.get("absent_bot"):
                kind = str(row.settings["absent_bot"])
                agents[seat_row.seat] = make_bot(kind, game, seat_row.seat, record.seed)
        log: list[list[Event]] = []
        table = Table.open(game, record, SqlStore(self.db, row.id), agents)
        # a person's choice that completes a simultaneous phase (Post Office) against bots, who
        # chose first, stays theirs to change or take back until they reveal it (or their clock
        # runs out); between people the last one's choice reveals the phase as it always did
        people = sum(1 for seat_row in row.seats if seat_row.token_hash is not None)
        table.hold_reveals = people == 1
        if table.is_over() and record.result is None:
            # killed between the last decision's commit and the result's: store it now
            record.result = result_of(game, table.state)
            table.store.finish(record)
        log = _log_of(table)
        return table, log

    async def room(self, table_id: str) -> Room | None:
        """The room of ``table_id``, loaded from the database if this process has not yet;
        ``None`` when there is no such table (nothing is kept of the id asked for) or it cannot
        be opened (a table stored by an older version against today's rules: logged)."""
        if not is_table_id(table_id):
            return None
        room = self.rooms.pop(table_id, None)
        if room is not None:
            self.rooms[table_id] = room  # the most recently used now
            room.touched = time.monotonic()
            return room
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = _Loading()
        loading.users += 1
        try:
            async with loading.lock:
                room = self.rooms.get(table_id)
                if room is not None:
                    return room
                room = await self._load(table_id)
                if room is None:
                    return None
                self.rooms[table_id] = room
        finally:
            loading.users -= 1
            if not loading.users:
                del self._loading[table_id]
        if self.db.is_postgres:
            # a notification sent while the table was being read found no room: catch up
            await room.refresh(await self.run(self.db.version, table_id))
        room._arm_clock()
        for seat in range(len(room.row.seats)):
            room.watch_absence(seat)  # a person who never comes is absent too
        room.kick()
        self._start_sweeping()
        if len(self.rooms) > self.max_rooms:
            self.sweep()
        return room

    async def _load(self, table_id: str) -> Room | None:
        row = await self.run(self.db.load_table, table_id)
        if row is None:
            return None
        try:
            table, events = await self.run(self.open_table, row)
        except MailbagError as exc:
            log.warning("mailbag: table %s cannot be opened: %s", table_id, exc)
            return None
        room = Room(self, row, table, events, version=row.version)
        store = table.store
        assert isinstance(store, SqlStore)
        store.on_version = room._own_version
        if row.deadline is not None and row.settings.get("per_move"):
            room.deadline = row.deadline
        return room

    # -- idle rooms ------------------------------------------------------------------------------
    def _start_sweeping(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(max(0.05, min(60.0, self.idle_after / 4)))
            self.sweep()

    def sweep(self) -> list[str]:
        """Unload the rooms idle for :attr:`idle_after` seconds, then, while more than
        :attr:`max_rooms` are loaded, the least recently used that are idle for a few seconds.
        A room in use (:meth:`Room.busy`) is never unloaded; asked for again, it is read from
        the database as after a restart. Returns the ids unloaded."""
        now = time.monotonic()
        gone: list[str] = []
        for table_id, room in self.rooms.items():
            if room.busy():
                room.touched = now  # idle from when it was last seen in use
            elif now - room.touched >= self.idle_after:
                gone.append(table_id)
        for table_id in gone:
            self._unload(table_id)
        excess = len(self.rooms) - self.max_rooms
        if excess > 0:
            settle = min(self.idle_after, 5.0)
            for table_id, room in list(self.rooms.items()):  # the least recently used first
                if excess <= 0:
                    break
                if not room.busy() and now - room.touched >= settle:
                    self._unload(table_id)
                    gone.append(table_id)
                    excess -= 1
        return gone

    def _unload(self, table_id: str) -> None:
        room = self.rooms.pop(table_id)
        room.close()

    async def tell_rematch(self, room: Room) -> None:
        if room.row.rematch is None:
            return
        for conn in list(room.conns):
            await self.tell_rematch_to(room, conn)

    async def tell_rematch_to(self, room: Room, conn: Conn) -> None:
        """Give a seat at a finished table its link to the rematch, if one was made (queued for
        its socket: never waits for it)."""
        if room.row.rematch is None or conn.told_rematch:
            return
        if conn.token is None or conn.seat is None:
            return
        link = await self.claim_rematch(room, conn.token, conn.seat)
        conn.told_rematch = True
        with contextlib.suppress(Exception):
            await conn.send(encode({"type": "rematch", "table": room.row.rematch, "link": link}))

    async def claim_rematch(self, room: Room, token: str, seat: int) -> str:
        """The link of ``seat``'s owner (who showed ``token``) at the rematch table, whose seat
        now accepts the token derived from theirs."""
        rematch = room.row.rematch
        assert rematch is not None
        new = derived_token(token, rematch)
        pending = pending_hash(token_hash(token))
        await self.run(self.db.claim_seat, rematch, seat, pending, token_hash(new))
        cached = self.rooms.get(rematch)
        if cached is not None and cached.row.seats[seat].token_hash == pending:
            cached.row.seats[seat].token_hash = token_hash(new)
        return seat_link(rematch, seat, new)

    async def renew_seat_link(self, room: Room, seat: int) -> str:
        """A new token for person's seat ``seat`` in place of its old one, which stops working
        at once: sockets that said hello with it are closed. Returns the seat's new link."""
        token = new_token()
        async with room.lock:
            version = await self.run(self.db.set_seat_token, room.id, seat, token_hash(token))
            room.row.seats[seat].token_hash = token_hash(token)
            room._own_version(version)
        await room.drop_revoked()
        return seat_link(room.id, seat, token)

    async def renew_watch_link(self, room: Room) -> str:
        """A new spectators' key in place of the old one (its sockets closed); the new link."""
        key = new_token()
        async with room.lock:
            version = await self.run(self.db.set_watch_hash, room.id, token_hash(key))
            room.settings["watch_hash"] = token_hash(key)
            room._own_version(version)
        await room.drop_revoked()
        return watch_link(room.id, key)

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            room.close()
        self.io.shutdown(wait=False, cancel_futures=True)
        self.thinking.close()
        self.reviewing.close()


@dataclass(eq=False)
class _Loading:
    """A table being loaded: the lock its loaders take turns on, and how many wait for it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


def seat_rows_for(record: GameRecord) -> tuple[list[SeatRow], dict[int, str]]:
    """The seat rows of a new table (named as ``record`` names them), a new token for each
    person's seat. Returns the rows and the tokens by seat."""
    rows: list[SeatRow] = []
    tokens: dict[int, str] = {}
    for seat, kind in enumerate(record.seats):
        if kind == "human":
            name = record.label(seat)
            token = new_token()
            tokens[seat] = token
            rows.append(SeatRow(seat, name, "human", token_hash(token), False))
        else:
            name = record.label(seat)
            rows.append(SeatRow(seat, name, kind, None, False))
    return rows, tokens
