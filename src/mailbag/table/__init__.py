"""One game being played — seats, agents, undo, autosave — the driver every front end uses."""

from mailbag.table.store import FileStore, MemoryStore, Store
from mailbag.table.table import Held, Listener, Played, Table, game_for_record
from mailbag.table.takeback import TakenBack, UndoListener, taken_back_text

__all__ = [
    "FileStore",
    "Held",
    "Listener",
    "MemoryStore",
    "Played",
    "Store",
    "Table",
    "TakenBack",
    "UndoListener",
    "game_for_record",
    "taken_back_text",
]
