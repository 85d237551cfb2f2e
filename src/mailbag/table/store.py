"""Where a table keeps its game: the record, made durable one decision at a time.

A store receives the record's header and every accepted decision before anyone is told of it,
and can drop the last decisions again (undo). :class:`FileStore` keeps the JSON Lines record
file of the command line (each line flushed and fsynced); :class:`MemoryStore` keeps nothing
(tests, simulations); the server's database store implements the same protocol.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from mailbag.core.records import GameRecord, RecordFile, Step, write_atomic


class Store(Protocol):
    """The durable home of one game's record."""

    def begin(self, record: GameRecord) -> None:
        """Start (or continue) ``record``: its header and the decisions it already holds."""

    def append(self, step: Step) -> None:
        """One more accepted decision, durable when this returns."""

    def truncate(self, record: GameRecord) -> None:
        """Decisions were taken back: ``record`` (shorter) is now the whole game."""

    def finish(self, record: GameRecord) -> None:
        """The game is over: ``record.result`` is set."""

    def close(self) -> None: ...


class MemoryStore:
    """A store that keeps nothing beyond the record object itself."""

    def begin(self, record: GameRecord) -> None:
        pass

    def append(self, step: Step) -> None:
        pass

    def truncate(self, record: GameRecord) -> None:
        pass

    def finish(self, record: GameRecord) -> None:
        pass

    def close(self) -> None:
        pass


class FileStore:
    """The record as a JSON Lines file: checked before play (never overwriting another game's
    record), one fsynced line per decision, atomic rewrites when decisions are taken back."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: RecordFile | None = None

    def begin(self, record: GameRecord) -> None:
        self._file = RecordFile.open(self.path, record)

    def append(self, step: Step) -> None:
        assert self._file is not None, "begin() first"
        self._file.append(step)

    def truncate(self, record: GameRecord) -> None:
        self.close()
        write_atomic(self.path, record.dumps())
        self._file = RecordFile.open(self.path, record)

    def finish(self, record: GameRecord) -> None:
        assert self._file is not None, "begin() first"
        self._file.finish(record)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
