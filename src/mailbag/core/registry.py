"""The registry of games, found by name (``mailbag.games.get("postcards")``)."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from mailbag.core.errors import MailbagError
from mailbag.core.game import Game

#: built-in games: name -> module that defines ``GAME``
_BUILTIN: dict[str, str] = {}
_LOADED: dict[str, Game[Any]] = {}


def register_builtin(name: str, module: str) -> None:
    _BUILTIN[name] = module


def register(game: Game[Any]) -> None:
    """Add a game object (used by the built-in games and by plug-ins)."""
    _LOADED[game.spec.name] = game


def _ensure_builtins() -> None:
    if not _BUILTIN:
        importlib.import_module("mailbag.games")  # registers the built-in games by name


def names() -> list[str]:
    """The games available: loaded ones and built-ins whose package is installed."""
    _ensure_builtins()
    present = {name for name, module in _BUILTIN.items() if importlib.util.find_spec(module)}
    return sorted(present | set(_LOADED))


def get(name: str) -> Game[Any]:
    """The game called ``name``; an unknown name is an error listing the known ones."""
    _ensure_builtins()
    key = name.strip().lower().replace("-", "_")
    if key not in _LOADED and key in _BUILTIN:
        module = importlib.import_module(_BUILTIN[key])
        _LOADED[key] = module.GAME
    if key not in _LOADED:
        raise MailbagError(f"unknown game {name!r}; known games: {', '.join(names()) or 'none'}")
    return _LOADED[key]
