"""A record on disk as a game is played: one fsynced line per accepted decision, whole-file
rewrites atomic, and a path checked before anything is played (never another game's record)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mailbag.core.errors import RecordError
from mailbag.core.files import write_atomic
from mailbag.core.i18n import _
from mailbag.core.records import GameRecord, Step, load
from mailbag.core.seal import SealError


class RecordFile:
    """A record on disk that grows by one line per accepted decision, each flushed and fsynced
    before the caller goes on: a crash (even ``kill -9``) loses nothing that was accepted.

    :meth:`open` checks the path before anything is played (a missing folder, a directory, an
    unwritable place, or a file holding another game's record is an error, never overwritten)
    and writes the record so far atomically, dropping any torn last line.
    """

    def __init__(self, path: Path, handle: Any) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    def open(cls, path: Path, record: GameRecord, sealed: bool = False) -> RecordFile:
        """``sealed``: the header holds the seed sealed (a game in progress)."""
        check_record_path(path, record)
        write_atomic(path, record.dumps(sealed))
        try:
            handle = path.open("a", encoding="utf-8")
        except OSError as exc:
            raise RecordError(
                _("cannot write {path}: {reason}", path=str(path), reason=exc.strerror)
            ) from None
        return cls(path, handle)

    def _write(self, line: str) -> None:
        try:
            self._handle.write(line + "\n")
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError as exc:
            raise RecordError(
                _(
                    "cannot save the game to {path}: {reason}",
                    path=str(self.path),
                    reason=exc.strerror,
                )
            ) from None

    def append(self, step: Step) -> None:
        self._write(step.to_line())

    def finish(self, record: GameRecord) -> None:
        self._write(record.result_line())

    def close(self) -> None:
        self._handle.close()


def check_record_path(path: Path, record: GameRecord) -> None:
    """``path`` may receive ``record``: its folder exists and is writable, and it is new, empty,
    or already this very game's record (a resumed game). Anything else is an error naming why."""
    folder = path.parent
    if not folder.is_dir():
        raise RecordError(
            _(
                "cannot save the game to {path}: folder {folder} does not exist",
                path=str(path),
                folder=str(folder),
            )
        )
    if not os.access(folder, os.W_OK):
        raise RecordError(
            _(
                "cannot save the game to {path}: folder {folder} is not writable",
                path=str(path),
                folder=str(folder),
            )
        )
    if not path.exists() and not path.is_symlink():
        return
    if path.is_dir():
        raise RecordError(_("cannot save the game to {path}: it is a folder", path=str(path)))
    try:
        existing = load(path)
    except SealError:
        raise
    except RecordError:
        if path.is_file() and path.stat().st_size == 0:
            return
        raise RecordError(
            _(
                "{path} already exists and is not a mailbag record: choose another file",
                path=str(path),
            )
        ) from None
    if existing.game_id != record.game_id or existing.seed != record.seed:
        raise RecordError(
            _(
                "{path} already holds the record of another game ({game} {id}): choose another "
                "file, it is never overwritten",
                path=str(path),
                game=existing.game,
                id=existing.game_id,
            )
        )
    if not os.access(path, os.W_OK):
        raise RecordError(
            _("cannot save the game to {path}: the file is not writable", path=str(path))
        )
