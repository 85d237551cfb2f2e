"""The registry of games, found by name (``mailbag.games.get("postcards")``).

Three sources: the built-in games (named here as data, a game name and the module that defines
its ``GAME``: the core imports no game, a built-in's module is loaded the first time it is asked
for), games registered at run time (:func:`register`), and plug-ins
— games in other installed packages that declare an entry point in the group ``mailbag.games``
(``toy = "toy_package:GAME"``, naming a :class:`~mailbag.core.game.Game` object or a module
with ``GAME``). A plug-in appears in ``mailbag games``, ``play``, ``sim`` and ``bench`` with no
change to mailbag; one that fails to load is an error naming it, never a silent omission.
"""

from __future__ import annotations

import importlib
import importlib.util
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any

from mailbag.core.errors import MailbagError
from mailbag.core.game import Game
from mailbag.core.i18n import _

#: the entry-point group through which other packages add games
ENTRY_POINT_GROUP = "mailbag.games"

#: built-in games: name -> module that defines ``GAME``
BUILTIN: dict[str, str] = {
    "postcards": "mailbag.games.postcards",
    "post_office": "mailbag.games.post_office",
    "carteros": "mailbag.games.carteros",
}
_LOADED: dict[str, Game[Any]] = {}


def _plugins() -> dict[str, EntryPoint]:
    return {_key(ep.name): ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def _load_plugin(key: str, entry: EntryPoint) -> Game[Any]:
    try:
        found = entry.load()
    except Exception as exc:  # a broken plug-in must not take mailbag down
        raise MailbagError(
            _(
                "game plug-in {name} ({value}) failed to load: {error}: {detail}",
                name=repr(entry.name),
                value=entry.value,
                error=type(exc).__name__,
                detail=str(exc),
            )
        ) from None
    if isinstance(found, ModuleType):
        found = getattr(found, "GAME", None)
    if not isinstance(found, Game):
        raise MailbagError(
            _(
                "game plug-in {name} ({value}) is not a mailbag Game "
                "(name a Game object or a module with GAME)",
                name=repr(entry.name),
                value=entry.value,
            )
        )
    if _key(found.spec.name) != key:
        raise MailbagError(
            _(
                "game plug-in {name} names its game {game}: the entry point's "
                "name must be the game's name",
                name=repr(entry.name),
                game=repr(found.spec.name),
            )
        )
    return found


def register(game: Game[Any]) -> None:
    """Add a game object (a game made at run time: tests, notebooks)."""
    _LOADED[game.spec.name] = game


def names() -> list[str]:
    """The games available: loaded ones and built-ins whose package is installed."""
    present = {name for name, module in BUILTIN.items() if importlib.util.find_spec(module)}
    return sorted(present | set(_LOADED) | set(_plugins()))


def get(name: str) -> Game[Any]:
    """The game called ``name``; an unknown name is an error listing the known ones."""
    key = _key(name)
    if key not in _LOADED and key in BUILTIN:
        module = importlib.import_module(BUILTIN[key])
        _LOADED[key] = module.GAME
    if key not in _LOADED:
        plugin = _plugins().get(key)
        if plugin is not None:
            _LOADED[key] = _load_plugin(key, plugin)
    if key not in _LOADED:
        raise MailbagError(
            _(
                "unknown game {name}; known games: {games}",
                name=repr(name),
                games=", ".join(names()) or _("none"),
            )
        )
    return _LOADED[key]
