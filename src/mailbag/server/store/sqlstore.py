"""The table's :class:`~mailbag.table.store.Store` in the server's database: each accepted
decision is one committed row, keyed by (table, step), before anyone is told of it."""

from __future__ import annotations

from collections.abc import Callable

from mailbag.core import IllegalAction
from mailbag.core.i18n import _
from mailbag.core.records import GameRecord, Step
from mailbag.server.store.db import Conflict, Database


class SqlStore:
    """The record of table ``table_id`` in ``db``. ``on_version`` hears the table's new version
    after every write (the room uses it to skip its own notifications)."""

    def __init__(
        self, db: Database, table_id: str, on_version: Callable[[int], None] | None = None
    ) -> None:
        self.db = db
        self.table_id = table_id
        self.on_version = on_version
        self._count = 0

    def begin(self, record: GameRecord) -> None:
        self._count = len(record.steps)

    def append(self, step: Step) -> None:
        try:
            version = self.db.append_step(self.table_id, self._count + 1, step)
        except Conflict:
            raise IllegalAction(
                "stale",
                _("the game has moved on (step {step} was just played)", step=self._count + 1),
            ) from None
        self._count += 1
        if self.on_version is not None:
            self.on_version(version)

    def truncate(self, record: GameRecord) -> None:
        try:
            version = self.db.truncate_steps(self.table_id, record, self._count)
        except Conflict:
            raise IllegalAction(
                "stale",
                _("the game has moved on (step {step} is no longer the last)", step=self._count),
            ) from None
        self._count = len(record.steps)
        if self.on_version is not None:
            self.on_version(version)

    def finish(self, record: GameRecord) -> None:
        assert record.result is not None
        self.db.finish(self.table_id, record.result)

    def close(self) -> None:
        pass
