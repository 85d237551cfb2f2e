"""The database schema (SQLAlchemy Core). Changing it means a new alembic migration in
``migrations/versions``; a test checks that the migrations build exactly this schema."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

#: one game at one table: the record's header (private: it holds the seed) and the table's
#: settings; ``steps`` and ``version`` change with every accepted decision or undo
tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("header", Text, nullable=False),
    Column("settings", Text, nullable=False),
    Column("steps", Integer, nullable=False, default=0),
    Column("version", Integer, nullable=False, default=0),
    Column("result", Text, nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("deadline", Float, nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

#: a table's seats: who sits there (a person with a token, or a bot kind) and whether a bot
#: plays for its absent owner
seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("kind", String(128), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("away", Boolean, nullable=False, default=False),
)

#: the accepted decisions: (table, step) is unique, so a decision is stored once even when two
#: tabs or two server processes submit it at the same time
steps = Table(
    "steps",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("digest", Text, nullable=False),
)

#: a finished table's game review at one search setting (``settings``: the review's key): its
#: state (``running``, ``done``, ``cancelled``, ``failed``), how far it got, and once done the
#: review itself (JSON) — a review asked for again is read from here, never computed twice
reviews = Table(
    "reviews",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("settings", String(128), primary_key=True),
    Column("status", String(16), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("data", Text, nullable=True),
    Column("updated", Float, nullable=False),
)
