"""Stored game reviews (table ``reviews``): one row per finished table and review setting, so a
review asked for twice is computed once, and one that was running when the server stopped is
known to have stopped."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from mailbag.server.store.db import Database
from mailbag.server.store.models import reviews


@dataclass
class ReviewRow:
    table_id: str
    settings: str
    status: str
    done: int
    total: int
    data: dict[str, Any] | None


def load_review(db: Database, table_id: str, settings: str) -> ReviewRow | None:
    with db.engine.connect() as conn:
        row = conn.execute(
            select(reviews).where(reviews.c.table_id == table_id, reviews.c.settings == settings)
        ).first()
    if row is None:
        return None
    data = json.loads(row.data) if row.data else None
    return ReviewRow(row.table_id, row.settings, row.status, row.done, row.total, data)


def start_review(
    db: Database, table_id: str, settings: str, total: int, stale: float = 300.0
) -> bool:
    """Mark a review as running (a new row, one that stopped before it was done, or one marked
    running that has not moved for ``stale`` seconds: its server stopped); False when it is done
    or running elsewhere."""
    now = time.time()
    with db.engine.begin() as conn:
        found = conn.execute(
            select(reviews.c.status, reviews.c.updated).where(
                reviews.c.table_id == table_id, reviews.c.settings == settings
            )
        ).first()
        if found is None:
            try:
                conn.execute(
                    insert(reviews).values(
                        table_id=table_id,
                        settings=settings,
                        status="running",
                        done=0,
                        total=total,
                        data=None,
                        updated=now,
                    )
                )
            except IntegrityError:  # another process started it just now
                return False
            return True
        if found.status == "done" or (found.status == "running" and found.updated > now - stale):
            return False
        conn.execute(
            update(reviews)
            .where(reviews.c.table_id == table_id, reviews.c.settings == settings)
            .values(status="running", done=0, total=total, data=None, updated=now)
        )
        return True


def save_review(
    db: Database,
    table_id: str,
    settings: str,
    status: str,
    done: int,
    total: int,
    data: dict[str, Any] | None = None,
) -> None:
    with db.engine.begin() as conn:
        conn.execute(
            update(reviews)
            .where(reviews.c.table_id == table_id, reviews.c.settings == settings)
            .values(
                status=status,
                done=done,
                total=total,
                data=None if data is None else json.dumps(data, ensure_ascii=False),
                updated=time.time(),
            )
        )


def forget_review(db: Database, table_id: str, settings: str) -> None:
    with db.engine.begin() as conn:
        conn.execute(
            delete(reviews).where(reviews.c.table_id == table_id, reviews.c.settings == settings)
        )
