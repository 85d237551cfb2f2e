"""The alembic migrations build exactly the schema of ``mailbag.server.store.models`` (a change
to the models without a migration, or a migration that differs from them, is caught here), on
SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from mailbag.server.store import db as store_db
from mailbag.server.store.db import Database
from mailbag.server.store.models import metadata

MIGRATIONS = Path(store_db.__file__).parent / "migrations"


def _differences(db: Database) -> list[Any]:
    with db.engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "compare_server_default": True}
        )
        return list(compare_metadata(context, metadata))


def _head() -> str:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def _check(url: str) -> None:
    db = Database(url)
    try:
        assert inspect(db.engine).get_table_names() == []
        db.migrate()
        assert _differences(db) == []
        tables = set(inspect(db.engine).get_table_names())
        assert tables == {*metadata.tables, "alembic_version"}
        with db.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == _head()
        # migrating again (a restart) changes nothing
        db.migrate()
        assert _differences(db) == []
    finally:
        db.dispose()


def test_the_migrations_build_the_models_schema_on_sqlite(tmp_path: Path) -> None:
    _check(f"sqlite:///{tmp_path / 'db.sqlite3'}")


def test_the_migrations_build_the_models_schema_on_postgresql(fresh_postgres_url: str) -> None:
    _check(fresh_postgres_url)


def test_a_difference_would_be_seen(tmp_path: Path) -> None:
    """The comparison does see a schema that differs from the models (else the tests above
    would prove nothing)."""
    from sqlalchemy import Column, Integer, MetaData, Table

    db = Database(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        other = MetaData()
        Table("tables", other, Column("id", Integer, primary_key=True))
        other.create_all(db.engine)
        assert _differences(db)
    finally:
        db.dispose()

