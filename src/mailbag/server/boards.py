"""Each game's browser board, found in its own folder and served by name.

A game's board is the folder ``web/`` of the package that defines its :class:`~mailbag.core.game.
Game` class (``games/postcards/web/`` for Postcards; for a plug-in, ``web/`` in its own package):
``board.js`` (an ES module the client loads with a dynamic import) and ``board.css``, and any
picture they use. ``GET /games/<name>/<file>`` serves a file of that folder, found through the
game registry, so a game installed through the ``mailbag.games`` entry point brings its board
with no file of mailbag edited. Only a plain file directly inside ``web/`` with one of the
:data:`TYPES`' suffixes is served: no other name, no sub-folder, nothing outside it.

A game without ``web/board.js`` has no board of its own: the welcome says so (``"board":
null``), and the client shows the generic text board with a line telling the reader.
"""

from __future__ import annotations

import importlib
import re
import sys
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any
from urllib.parse import quote

from mailbag.core import MailbagError, registry
from mailbag.core.game import Game

#: the files a board folder may serve: suffix -> content type
TYPES: dict[str, str] = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
#: a file name in a board folder: a plain name, no path, no leading dot
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")
#: the file the client imports, and its style sheet
SCRIPT, STYLE = "board.js", "board.css"


def web_folder(game: Game[Any]) -> Traversable | None:
    """The folder ``web/`` beside the module of ``game``'s class (in the same package), or
    ``None`` when there is none (a class defined in a lone top-level module has no folder of its
    own)."""
    module_name = type(game).__module__
    module = sys.modules.get(module_name)
    if module is None:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            return None
    package = module_name if hasattr(module, "__path__") else module_name.rpartition(".")[0]
    if not package:
        return None
    try:
        folder = files(package) / "web"
    except (ImportError, TypeError, ValueError):
        return None
    return folder if folder.is_dir() else None


def board_file(name: str, file: str) -> tuple[bytes, str] | None:
    """The content and type of ``file`` of the board of the game called ``name``; ``None`` when
    the game is unknown, has no board folder, or the name is not one a board may serve."""
    suffix = file[file.rfind(".") :] if "." in file else ""
    if suffix not in TYPES or not _NAME.fullmatch(file) or ".." in file:
        return None
    try:
        game = registry.get(name)
    except MailbagError:
        return None
    folder = web_folder(game)
    if folder is None:
        return None
    found = folder / file
    if not found.is_file():
        return None
    return found.read_bytes(), TYPES[suffix]


def board_of(game: Game[Any]) -> dict[str, str | None] | None:
    """What the welcome says of ``game``'s board: the URLs of its script and style sheet (the
    style ``None`` when it has none), or ``None`` when the game has no board of its own."""
    folder = web_folder(game)
    if folder is None or not (folder / SCRIPT).is_file():
        return None
    base = f"/games/{quote(game.spec.name, safe='')}/"
    return {
        "script": base + SCRIPT,
        "style": base + STYLE if (folder / STYLE).is_file() else None,
    }
