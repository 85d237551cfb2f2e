"""alembic's environment for the server's database: migrations run on the connection the
server hands over (``config.attributes["connection"]``)."""

from __future__ import annotations

from alembic import context

from mailbag.server.store.models import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
