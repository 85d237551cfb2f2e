"""The server database's writes: SQLite's group commit (the writes of threads waiting together
committed in one transaction; a conflict fails only its own write) and each decision's version,
on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from mailbag.core import Action
from mailbag.core.records import GameRecord, Step
from mailbag.server.hub import seat_rows_for
from mailbag.server.store.db import Conflict, Database


def _database(url: str, tables: int) -> Database:
    db = Database(url)
    db.migrate()
    record = GameRecord("carteros", {}, 1, ["human", "human"], names=["ann", "bob"])
    rows, _ = seat_rows_for(record)
    for index in range(tables):
        db.create_table(f"t{index}", record, {}, rows)
    return db


def _step() -> Step:
    return Step(0, Action("play", (1,)), "digest")


def test_writes_waiting_together_commit_together_and_a_conflict_fails_alone(
    tmp_path: Path,
) -> None:
    db = _database(f"sqlite:///{tmp_path / 'db.sqlite3'}", tables=6)
    db.append_step("t0", 1, _step())
    assert db._group is not None
    results: dict[str, object] = {}

    def append(table: str, index: int) -> None:
        try:
            results[table] = db.append_step(table, index, _step())
        except Conflict as exc:
            results[table] = exc

    # hold the turn while six threads queue up: the next to get it commits them all at once
    with db._group.turn:
        threads = [threading.Thread(target=append, args=("t0", 1))]  # step 1 is taken
        threads += [threading.Thread(target=append, args=(f"t{i}", 1)) for i in range(1, 6)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while len(db._group._waiting) < 6 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(db._group._waiting) == 6
    for thread in threads:
        thread.join(10)
    assert isinstance(results.pop("t0"), Conflict)
    assert results == {f"t{i}": 1 for i in range(1, 6)}  # each table's version after one step
    for index in range(6):
        assert db.load_steps(f"t{index}") == [(0, "play 1", "digest")]
    db.dispose()


def test_many_threads_append_every_step_once(tmp_path: Path) -> None:
    db = _database(f"sqlite:///{tmp_path / 'db.sqlite3'}", tables=8)

    def play(table: str) -> None:
        for index in range(1, 26):
            assert db.append_step(table, index, _step()) == index

    threads = [threading.Thread(target=play, args=(f"t{i}",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for index in range(8):
        assert len(db.load_steps(f"t{index}")) == 25
        assert db.version(f"t{index}") == 25
    db.dispose()


def test_versions_and_conflicts_on_postgres(fresh_postgres_url: str) -> None:
    db = _database(fresh_postgres_url, tables=1)
    assert [db.append_step("t0", i, _step()) for i in (1, 2, 3)] == [1, 2, 3]
    with pytest.raises(Conflict):
        db.append_step("t0", 3, _step())
    assert db.version("t0") == 3
    db.dispose()
