"""The database behind ``mailbag serve``: opening it (SQLite file or PostgreSQL), bringing its
schema up to date with alembic, and every read and write the server makes — each write one
short transaction, committed before the caller tells anyone about it."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    String,
    bindparam,
    cast,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from mailbag.core.records import GameRecord, Step
from mailbag.core.records import loads as load_record
from mailbag.server.store.models import seats, steps, tables

#: the PostgreSQL channel on which a process says "table T is at version V"
CHANNEL = "mailbag"

T = TypeVar("T")

#: the statements of every decision (one a move), built once: building them anew for each
#: costed more than running them
_INSERT_STEP = insert(steps)
_BUMP = (
    update(tables)
    .where(tables.c.id == bindparam("bump_table"), tables.c.steps == bindparam("bump_before"))
    .values(
        steps=bindparam("bump_steps"),
        version=tables.c.version + 1,
        updated=bindparam("bump_updated"),
    )
    .returning(tables.c.version)
)
#: PostgreSQL: a decision's insert, the table's bump and the notification in one statement (one
#: round trip instead of three; no row when the table is not at step ``a_before`` any more)
_APPEND_CTE = (
    update(tables)
    .where(tables.c.id == bindparam("a_table"), tables.c.steps == bindparam("a_before"))
    .values(steps=bindparam("a_step"), version=tables.c.version + 1, updated=bindparam("a_now"))
    .returning(tables.c.id, tables.c.version)
    .cte("bumped")
)
_APPEND_PG = select(
    _APPEND_CTE.c.version,
    func.pg_notify(CHANNEL, _APPEND_CTE.c.id + ":" + cast(_APPEND_CTE.c.version, String)),
).add_cte(
    insert(steps)
    .values(
        table_id=bindparam("a_table"),
        step=bindparam("a_step"),
        seat=bindparam("a_seat"),
        action=bindparam("a_action"),
        digest=bindparam("a_digest"),
    )
    .cte("inserted")
)


class Conflict(Exception):
    """A decision for a step that another submission (a second tab, another process) already
    filled: nothing was stored."""


@dataclass
class SeatRow:
    seat: int
    name: str
    kind: str
    token_hash: str | None
    away: bool


@dataclass
class TableRow:
    id: str
    game: str
    header: str
    settings: dict[str, Any]
    steps: int
    version: int
    result: str | None
    rematch: str | None
    deadline: float | None
    created: float
    updated: float
    seats: list[SeatRow]

    def record(self, step_rows: Sequence[tuple[int, str, str]]) -> GameRecord:
        """The game's record: the header, the stored decisions and the result."""
        lines = [self.header]
        for seat, action, digest in step_rows:
            entry: dict[str, Any] = {"seat": seat, "action": action}
            if digest:
                entry["digest"] = digest
            lines.append(json.dumps(entry))
        if self.result is not None:
            lines.append(json.dumps({"result": json.loads(self.result)}))
        return load_record("\n".join(lines) + "\n", f"table {self.id}")


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # a commit is on disk when it returns
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Database:
    """One database (URL ``sqlite:///…`` or ``postgresql+psycopg://…``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.is_postgres = url.startswith("postgresql")
        if url.startswith("sqlite"):
            self.engine: Engine = create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 10}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        elif self.is_postgres:
            self.engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
        else:
            raise ValueError(
                f"--db {url!r}: give sqlite:///PATH or postgresql+psycopg://USER@HOST/DB"
            )
        self._group = None if self.is_postgres else _GroupCommit(self.engine)

    # -- schema ----------------------------------------------------------------------------------
    def migrate(self) -> None:
        """Bring the schema up to date (alembic, from the first migration on). Several processes
        starting at once on PostgreSQL take turns (an advisory lock)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as conn:
            if self.is_postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(7357001)"))
            config.attributes["connection"] = conn
            command.upgrade(config, "head")

    def dispose(self) -> None:
        self.engine.dispose()

    @contextlib.contextmanager
    def _begin(self) -> Iterator[Connection]:
        """A write transaction, committed on leaving (rolled back on an error); on SQLite in
        this process's turn (see :class:`_GroupCommit`)."""
        with (
            self._group.turn if self._group else contextlib.nullcontext(),
            self.engine.begin() as conn,
        ):
            yield conn

    def _write(self, write: Callable[[Connection], T]) -> T:
        """``write(conn)`` in a transaction, committed before this returns: on SQLite together
        with the writes of other threads waiting at the same time (see :class:`_GroupCommit`)."""
        if self._group is not None:
            return self._group.run(write)
        with self.engine.begin() as conn:
            return write(conn)

    # -- tables ----------------------------------------------------------------------------------
    def create_table(
        self,
        table_id: str,
        record: GameRecord,
        settings: dict[str, Any],
        seat_rows: Sequence[SeatRow],
    ) -> None:
        """A new table with its record's header, settings, seats and any decisions the record
        already holds (an imported game)."""
        with self._begin() as conn:
            self._create(conn, table_id, record, settings, seat_rows)

    def _create(
        self,
        conn: Connection,
        table_id: str,
        record: GameRecord,
        settings: dict[str, Any],
        seat_rows: Sequence[SeatRow],
    ) -> None:
        now = time.time()
        conn.execute(
            insert(tables).values(
                id=table_id,
                game=record.game,
                header=record.header_line(),
                settings=json.dumps(settings, sort_keys=True),
                steps=len(record.steps),
                version=0,
                result=json.dumps(record.result) if record.result is not None else None,
                created=now,
                updated=now,
            )
        )
        conn.execute(
            insert(seats),
            [
                {
                    "table_id": table_id,
                    "seat": row.seat,
                    "name": row.name,
                    "kind": row.kind,
                    "token_hash": row.token_hash,
                    "away": row.away,
                }
                for row in seat_rows
            ],
        )
        _insert_steps(conn, table_id, record)

    def load_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).mappings()
            return TableRow(
                id=row["id"],
                game=row["game"],
                header=row["header"],
                settings=json.loads(row["settings"]),
                steps=row["steps"],
                version=row["version"],
                result=row["result"],
                rematch=row["rematch"],
                deadline=row["deadline"],
                created=row["created"],
                updated=row["updated"],
                seats=[
                    SeatRow(s["seat"], s["name"], s["kind"], s["token_hash"], bool(s["away"]))
                    for s in seat_rows
                ],
            )

    def load_steps(self, table_id: str, after: int = 0) -> list[tuple[int, str, str]]:
        """The stored decisions after step ``after``: (seat, action notation, digest)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(steps.c.seat, steps.c.action, steps.c.digest)
                .where(steps.c.table_id == table_id, steps.c.step > after)
                .order_by(steps.c.step)
            ).all()
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    def version(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            value = conn.execute(
                select(tables.c.version).where(tables.c.id == table_id)
            ).scalar_one_or_none()
        return int(value or 0)

    # -- decisions -------------------------------------------------------------------------------
    def append_step(self, table_id: str, index: int, step: Step) -> int:
        """Store decision number ``index`` (1-based); returns the table's new version. Raises
        :class:`Conflict` when that step is already stored, or the stored steps are no longer
        ``index - 1`` (taken back meanwhile by another process)."""

        def write(conn: Connection) -> int:
            if self.is_postgres:
                row = {
                    "a_table": table_id,
                    "a_step": index,
                    "a_before": index - 1,
                    "a_seat": step.seat,
                    "a_action": str(step.action),
                    "a_digest": step.digest or "",
                    "a_now": time.time(),
                }
                version = conn.execute(_APPEND_PG, row).scalar_one_or_none()
                if version is None:
                    raise Conflict(f"table {table_id}: not at step {index - 1} any more")
                return int(version)
            conn.execute(
                _INSERT_STEP,
                {
                    "table_id": table_id,
                    "step": index,
                    "seat": step.seat,
                    "action": str(step.action),
                    "digest": step.digest or "",
                },
            )
            version = self._bump(conn, table_id, steps=index, before=index - 1)
            self._notify(conn, table_id, version)
            return version

        try:
            return self._write(write)
        except IntegrityError:
            raise Conflict(f"table {table_id}: step {index} is already taken") from None

    def truncate_steps(self, table_id: str, record: GameRecord, before: int) -> int:
        """Decisions were taken back: the stored ones (``before`` of them) become exactly
        ``record``'s. Raises :class:`Conflict` when ``before`` steps are no longer stored (another
        process stored one meanwhile)."""
        with self._begin() as conn:
            conn.execute(delete(steps).where(steps.c.table_id == table_id))
            _insert_steps(conn, table_id, record)
            version = self._bump(conn, table_id, steps=len(record.steps), before=before)
            self._notify(conn, table_id, version)
        return version

    def finish(self, table_id: str, result: dict[str, Any]) -> None:
        with self._begin() as conn:
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(result=json.dumps(result, sort_keys=True), deadline=None)
            )

    def _bump(self, conn: Connection, table_id: str, *, steps: int, before: int) -> int:
        """The table now has ``steps`` steps, if it had ``before`` (else :class:`Conflict`: the
        transaction must not commit); returns its new version."""
        bump = {
            "bump_table": table_id,
            "bump_steps": steps,
            "bump_before": before,
            "bump_updated": time.time(),
        }
        version = conn.execute(_BUMP, bump).scalar_one_or_none()
        if version is None:
            raise Conflict(f"table {table_id}: not at step {before} any more")
        return int(version)

    def _notify(self, conn: Connection, table_id: str, version: int) -> None:
        if self.is_postgres:
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{table_id}:{version}"},
            )

    # -- seats and settings ----------------------------------------------------------------------
    def set_away(self, table_id: str, seat: int, away: bool) -> None:
        self._update_seat(table_id, seat, away=away)

    def _update_seat(self, table_id: str, seat: int, **values: Any) -> int:
        """Change one seat's row; the table's version is bumped and other processes told.
        Returns the new version."""
        with self._begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(**values)
            )
            version = self._bump_version_only(conn, table_id)
            self._notify(conn, table_id, version)
        return version

    def _bump_version_only(self, conn: Connection, table_id: str) -> int:
        conn.execute(
            update(tables).where(tables.c.id == table_id).values(version=tables.c.version + 1)
        )
        return int(
            conn.execute(select(tables.c.version).where(tables.c.id == table_id)).scalar_one()
        )

    def set_deadline(self, table_id: str, deadline: float | None) -> None:
        with self._begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(deadline=deadline))

    def create_rematch(
        self,
        old_id: str,
        new_id: str,
        record: GameRecord,
        settings: dict[str, Any],
        seat_rows: Sequence[SeatRow],
    ) -> str:
        """Make ``new_id`` the rematch of ``old_id``, unless another request made one first;
        returns the rematch's id either way."""
        with self._begin() as conn:
            done = conn.execute(
                update(tables)
                .where(tables.c.id == old_id, tables.c.rematch.is_(None))
                .values(rematch=new_id)
            )
            if done.rowcount:
                self._create(conn, new_id, record, settings, seat_rows)
                return new_id
            existing = conn.execute(
                select(tables.c.rematch).where(tables.c.id == old_id)
            ).scalar_one()
            return str(existing)

    def claim_seat(self, table_id: str, seat: int, pending: str, new_hash: str) -> None:
        """A rematch seat waiting for its owner gets their token's hash."""
        with self._begin() as conn:
            conn.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.token_hash == pending,
                )
                .values(token_hash=new_hash)
            )

    def tables_with_seat_hashes(self, pairs: Sequence[tuple[str, str]]) -> list[tuple[str, int]]:
        """Of (table, token hash) pairs, those that are a seat: (table, seat), in the order
        asked, each once. One query of the seats (no table is read)."""
        wanted = list(dict.fromkeys(pairs))
        if not wanted:
            return []
        by_table: dict[str, dict[str, int]] = {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats.c.table_id, seats.c.seat, seats.c.token_hash).where(
                    seats.c.table_id.in_({table_id for table_id, _hash in wanted}),
                    seats.c.token_hash.is_not(None),
                )
            ).all()
        for table_id, seat, token_hash in rows:
            by_table.setdefault(str(table_id), {})[str(token_hash)] = int(seat)
        found: list[tuple[str, int]] = []
        for table_id, token_hash in wanted:
            seat = by_table.get(table_id, {}).get(token_hash)
            if seat is not None:
                found.append((table_id, seat))
        return found

    def set_seat_token(self, table_id: str, seat: int, token_hash: str) -> int:
        """A seat's new token (its link renewed; the old one stops working); returns the
        table's new version (other processes hear of it and read the seats again)."""
        return self._update_seat(table_id, seat, token_hash=token_hash)

    def set_watch_hash(self, table_id: str, watch_hash: str) -> int:
        """The spectators' new key (its hash, in the table's settings); the new version."""
        with self._begin() as conn:
            stored = conn.execute(
                select(tables.c.settings).where(tables.c.id == table_id)
            ).scalar_one()
            settings = {**json.loads(stored), "watch_hash": watch_hash}
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(settings=json.dumps(settings, sort_keys=True))
            )
            version = self._bump_version_only(conn, table_id)
            self._notify(conn, table_id, version)
        return version

    def count_tables(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(tables)).scalar_one())


@dataclass(eq=False)
class _Write:
    write: Callable[[Connection], Any]
    done: bool = False
    result: Any = None
    error: BaseException | None = None


class _GroupCommit:
    """SQLite's writes in this process: SQLite has one writer at a time, so a write waits for
    its turn on a lock (rather than in SQLite's busy handler, which sleeps up to 100 ms between
    its tries), and whoever gets the turn commits the writes of every thread waiting by then in
    one transaction: one fsync for them all (a group commit). Writes waiting together come from
    different threads, so none depends on another. If the transaction fails, each write is done
    again in a transaction of its own, so that only the one at fault fails (a conflict)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: held while a transaction is open (also by :meth:`Database._begin`)
        self.turn = threading.Lock()
        self._mutex = threading.Lock()
        self._waiting: list[_Write] = []

    def run(self, write: Callable[[Connection], T]) -> T:
        mine = _Write(write)
        with self._mutex:
            self._waiting.append(mine)
        with self.turn:
            if not mine.done:
                with self._mutex:
                    group, self._waiting = self._waiting, []
                self._commit(group)
        if mine.error is not None:
            raise mine.error
        result: T = mine.result
        return result

    def _commit(self, group: list[_Write]) -> None:
        try:
            try:
                with self.engine.begin() as conn:
                    for item in group:
                        item.result = item.write(conn)
            except Exception as exc:
                if len(group) == 1:
                    group[0].error = exc
                    return
                for item in group:
                    try:
                        with self.engine.begin() as conn:
                            item.result = item.write(conn)
                    except Exception as alone:
                        item.error = alone
        except BaseException as exc:
            for item in group:
                if item.error is None:
                    item.error = exc
            raise
        finally:
            for item in group:
                item.done = True


def _insert_steps(conn: Connection, table_id: str, record: GameRecord) -> None:
    """Store ``record``'s decisions as the table's steps 1, 2, …"""
    if record.steps:
        conn.execute(
            insert(steps),
            [
                {
                    "table_id": table_id,
                    "step": index,
                    "seat": step.seat,
                    "action": str(step.action),
                    "digest": step.digest or "",
                }
                for index, step in enumerate(record.steps, start=1)
            ],
        )


def safe_url(url: str) -> str:
    """A database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url
