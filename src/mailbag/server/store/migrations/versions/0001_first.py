"""The first schema: tables, seats, steps.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("header", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("steps", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(128), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_table(
        "steps",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("digest", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("steps")
    op.drop_table("seats")
    op.drop_table("tables")
