"""Where a table keeps its game: the record, made durable one decision at a time.

A store receives the record's header and every accepted decision before anyone is told of it,
and can drop the last decisions again (undo). :class:`FileStore` keeps the JSON Lines record
file of the command line (each line flushed and fsynced); :class:`MemoryStore` keeps nothing
(tests, simulations); the server's database store implements the same protocol.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Protocol

from mailbag.core.files import write_atomic
from mailbag.core.record_file import RecordFile
from mailbag.core.records import GameRecord, Step
from mailbag.core.seal import forget_key, has_key, new_key

#: the longest header line read to find a record's seal (component data included)
MAX_HEADER = 4 << 20


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
    record), one fsynced line per decision, atomic rewrites when decisions are taken back.

    While the game is played the header holds the seed sealed, its key a private file of the
    data folder (mailbag.core.seal): the seed is the whole deal, and is shown only once the game
    is over. Then the record is rewritten whole with the plain seed and the key deleted."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: RecordFile | None = None

    def begin(self, record: GameRecord) -> None:
        if record.result is not None:  # a finished game: its seed is no secret any more
            self._file = RecordFile.open(self.path, record)
            self._forget(record)
            return
        if record.seal is None or not has_key(record.seal) or not self._sealed_by(record.seal):
            record.seal = new_key()  # a key of this file's own: another file may keep the old
        self._file = RecordFile.open(self.path, record, sealed=True)

    def append(self, step: Step) -> None:
        assert self._file is not None, "begin() first"
        self._file.append(step)

    def truncate(self, record: GameRecord) -> None:
        self.close()
        write_atomic(self.path, record.dumps(sealed=record.result is None))
        self._file = RecordFile.open(self.path, record, sealed=record.result is None)

    def finish(self, record: GameRecord) -> None:
        assert self._file is not None, "begin() first"
        self._file.finish(record)  # durable at once; then the whole record, seed unsealed
        self.close()
        write_atomic(self.path, record.dumps())
        self._file = RecordFile.open(self.path, record)
        self._forget(record)

    def _sealed_by(self, name: str) -> bool:
        """Whether the file is already there, its seed sealed with key ``name`` (a game
        resumed into its own record)."""
        try:
            with self.path.open("rb") as handle:
                header = json.loads(handle.readline(MAX_HEADER))
        except (OSError, ValueError):
            return False
        sealed = header.get("sealed") if isinstance(header, dict) else None
        return isinstance(sealed, dict) and sealed.get("key") == name

    @staticmethod
    def _forget(record: GameRecord) -> None:
        if record.seal is not None:
            forget_key(record.seal)
            record.seal = None

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
