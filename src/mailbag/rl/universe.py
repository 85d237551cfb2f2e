"""A game's encoder, found through the game, and its table of every action it can ever offer.

A game brings its encoder as its ``Game.encoder`` attribute (a subclass of
:class:`mailbag.core.encoding.Encoder`, in the game's own folder: ``games/<game>/encoder.py``);
its :meth:`~mailbag.core.encoding.Encoder.actions` lists the game's action universe from the
game's own notation tables and component data. A game that brings none is refused here with that
reason, by name. Nothing here says when an action is legal: that is ``legal_actions``' job
alone, and the mask test checks that every action it ever lists is in the table.
"""

from __future__ import annotations

from typing import Any

from mailbag.core import Game
from mailbag.core.encoding import Encoder
from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _
from mailbag.rl.actions import ActionTable

#: (id of the game, seats) -> (the game, its table): the game is kept so that its id is never
#: reused by another while the entry lives
_CACHE: dict[tuple[int, int], tuple[Game[Any], ActionTable]] = {}


def encoder_class(game: Game[Any]) -> type[Encoder]:
    """The encoder ``game`` brings (its ``encoder`` attribute); a game that brings none, or
    something else, is refused with the reason."""
    found = getattr(game, "encoder", None)
    if found is None:
        raise MailbagError(
            _(
                "{game} brings no reinforcement-learning encoder (its Game's encoder is None): "
                "mailbag.rl makes no environment of it",
                game=game.spec.name,
            )
        )
    if not (isinstance(found, type) and issubclass(found, Encoder)):
        raise MailbagError(
            _(
                "{game}'s encoder is {found}, not a subclass of mailbag.core.encoding.Encoder",
                game=game.spec.name,
                found=repr(found),
            )
        )
    return found


def action_table(game: Game[Any], num_players: int) -> ActionTable:
    """The action table of ``game`` played by ``num_players`` seats (made once, then kept)."""
    key = (id(game), num_players)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is game:
        return cached[1]
    table = ActionTable(game.spec.name, encoder_class(game).actions(game, num_players))
    _CACHE[key] = (game, table)
    return table
