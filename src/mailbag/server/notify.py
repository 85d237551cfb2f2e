"""Several server processes on one PostgreSQL database: each write notifies channel ``mailbag``
with ``<table>:<version>`` (inside the writing transaction, so it is sent on commit); every
process listens and brings its rooms of that table up to date, then tells their sockets."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import psycopg

from mailbag.server.hub import Hub
from mailbag.server.store.db import CHANNEL

log = logging.getLogger("mailbag.server")


def _conninfo(url: str) -> str:
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


async def follow_notifications(hub: Hub, retry: float = 1.0) -> None:
    """Listen until cancelled; reconnect after a lost connection (and catch up every loaded
    room then, since notifications sent meanwhile are gone)."""
    conninfo = _conninfo(hub.db.url)
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                for room in list(hub.rooms.values()):
                    await room.refresh(await hub.run(hub.db.version, room.id))
                async for note in conn.notifies():
                    table_id, _, version = note.payload.rpartition(":")
                    target = hub.rooms.get(table_id)
                    if target is not None and version.isdigit():
                        asyncio.get_running_loop().create_task(target.refresh(int(version)))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a lost connection: try again
            log.warning("mailbag: listening for other processes failed (%s); retrying", exc)
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(retry)
