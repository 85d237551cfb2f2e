"""One game being played — seats, agents, undo, autosave — the driver every front end uses."""

from mailbag.table.store import FileStore, MemoryStore, Store
from mailbag.table.table import Listener, Played, Table, game_for_record

__all__ = ["FileStore", "Listener", "MemoryStore", "Played", "Store", "Table", "game_for_record"]
