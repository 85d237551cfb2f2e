"""The server's database: tables, seats and accepted decisions (event-sourced: a game is its
record's header plus its decisions, exactly the JSON Lines record of the command line)."""

from mailbag.server.store.db import Database, TableRow
from mailbag.server.store.sqlstore import SqlStore

__all__ = ["Database", "SqlStore", "TableRow"]
