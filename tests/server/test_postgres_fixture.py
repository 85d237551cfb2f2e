"""The throwaway PostgreSQL server answers queries and carries LISTEN/NOTIFY between sessions."""

from __future__ import annotations

import select
import time

import psycopg
from postgres import PostgresServer, conninfo_from_url, database_name

WAIT = 10.0  # seconds, at most, for a notification


def test_select_one(postgres_url: str) -> None:
    with psycopg.connect(conninfo_from_url(postgres_url), connect_timeout=10) as conn:
        row = conn.execute("select 1").fetchone()
        assert row == (1,)
        row = conn.execute("select current_database(), current_user").fetchone()
        assert row == (database_name(postgres_url), "mailbag")


def test_no_tcp(postgres_url: str) -> None:
    with psycopg.connect(conninfo_from_url(postgres_url), connect_timeout=10) as conn:
        row = conn.execute("show listen_addresses").fetchone()
        assert row == ("",)


def test_listen_notify_round_trip(postgres_url: str) -> None:
    conninfo = conninfo_from_url(postgres_url)
    with (
        psycopg.connect(conninfo, autocommit=True, connect_timeout=10) as listener,
        psycopg.connect(conninfo, autocommit=True, connect_timeout=10) as sender,
    ):
        received: list[tuple[str, str, int]] = []
        listener.add_notify_handler(lambda n: received.append((n.channel, n.payload, n.pid)))
        listener.execute("LISTEN mailbag_events")
        sender.execute("SELECT pg_notify('mailbag_events', 'hello')")
        sender_pid = sender.info.backend_pid

        deadline = time.monotonic() + WAIT
        while not received and time.monotonic() < deadline:
            # wait for the socket to have something to read, then let psycopg read it (a query
            # reads and dispatches the notifications that came in before its answer)
            select.select([listener.fileno()], [], [], max(0.0, deadline - time.monotonic()))
            listener.execute("SELECT 1")
        assert received == [("mailbag_events", "hello", sender_pid)]


def test_fresh_databases_are_separate(
    fresh_postgres_url: str, postgres_server: PostgresServer
) -> None:
    name = database_name(fresh_postgres_url)
    assert name != "mailbag_test"
    with psycopg.connect(conninfo_from_url(fresh_postgres_url), autocommit=True) as conn:
        conn.execute("CREATE TABLE t (x int)")
        conn.execute("INSERT INTO t VALUES (42)")
        assert conn.execute("SELECT x FROM t").fetchall() == [(42,)]
    other = postgres_server.create_database()
    try:
        with psycopg.connect(conninfo_from_url(other)) as conn:
            row = conn.execute("SELECT to_regclass('public.t') IS NULL").fetchone()
            assert row == (True,)
    finally:
        postgres_server.drop_database(database_name(other))
