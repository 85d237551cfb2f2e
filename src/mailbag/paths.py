"""Where mailbag keeps a person's files: the per-user data folder (records of games played).

``MAILBAG_DATA_DIR`` overrides the platform's usual place (``platformdirs``), e.g. for tests.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from mailbag.core.errors import RecordError
from mailbag.core.i18n import _


def data_dir() -> Path:
    """The per-user data folder (not created)."""
    override = os.environ.get("MAILBAG_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("mailbag", appauthor=False))


def games_dir() -> Path:
    """The folder of game records, created on first use."""
    folder = data_dir() / "games"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RecordError(
            _(
                "cannot create the folder for saved games {folder}: {reason}",
                folder=str(folder),
                reason=exc.strerror,
            )
        ) from None
    return folder


def new_record_path(game: str, game_id: str) -> Path:
    """A new file name for a game's record: the game, the date and time, and its random id, so
    two games never share a file (not even two games of the same seed)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return games_dir() / f"{game}-{stamp}-{game_id}.jsonl"
