"""Every action a game can ever offer, listed from its own notation tables and component data.

One function per game, each reading the prebuilt action objects its legal-action generator
hands out (Post Office's ``Notation``, Carteros' component tables and board actions, Postcards'
``ActionTables``) over the domains its component data defines (cards by kind, postcards and
their spaces, regions and campsites, tokens, cells and tape placements, houses and blocks).
Nothing here says when an action is legal: that is ``legal_actions``' job alone, and the mask
test checks that every action it ever lists is in the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from mailbag.core import Action, Game
from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _
from mailbag.rl.actions import ActionTable


def postcards_actions(game: Game[Any], num_players: int) -> Iterator[Action]:
    from mailbag.games.postcards.tables import tables

    comps = game.comps  # type: ignore[attr-defined]
    tab = tables(comps)
    #: what a Travel card action may be aimed at: nothing, a region or a campsite (by number)
    targets: list[int | None] = [None, *sorted(set(comps.regions) | set(comps.campsites))]
    postcards = sorted(comps.postcards)
    for k in range(len(comps.travel)):
        aimed = tab.play_action[k]
        yield from (aimed[t] for t in targets)
        for card in postcards:
            yield from tab.play_stamp[k][card]
        yield tab.play_none[k]
    yield from tab.pair.values()
    for menus in (tab.use_action, tab.verb_action):
        for aimed in menus:
            yield from (aimed[t] for t in targets)
    for card in postcards:
        yield tab.send[card]
    yield from tab.gift
    yield tab.end
    for card in postcards:
        yield from tab.stamp[card]
    yield tab.refresh
    yield from tab.take
    yield tab.take_deck
    for card in postcards:
        yield from tab.souvenir[card]
    yield tab.skip
    yield from tab.stars
    yield from tab.pick
    for i, a in enumerate(postcards):  # Hiking Guide: keep two of the drawn postcards
        for b in postcards[i + 1 :]:
            yield Action("keep", (a, b))
    yield from tab.draw_row
    yield tab.draw_deck


def post_office_actions(game: Game[Any], num_players: int) -> Iterator[Action]:
    from mailbag.games.post_office.actions import SKIP_ACTION
    from mailbag.games.post_office.geometry import TRACK

    notation = game.notation  # type: ignore[attr-defined]
    yield from notation.keep
    # a move is paid extra steps along one lap of the track at most
    yield from (notation.move(n) for n in range(TRACK))
    for by_cell in notation.place:
        for by_rot in by_cell:
            yield from by_rot
    yield SKIP_ACTION
    for by_colour in notation.seal:
        yield from by_colour


def carteros_actions(game: Game[Any], num_players: int) -> Iterator[Action]:
    from mailbag.games.carteros import actions as board

    comps = game.components  # type: ignore[attr-defined]
    yield from board.MOVE
    yield from (board.DELIVER, board.DRAW, board.REFILL, board.SHOPS, board.END)
    yield from comps.play
    yield from comps.replace
    yield from comps.use
    yield board.PASS
    yield from comps.give
    yield from comps.discard
    yield from board.FLOOD
    yield from board.RIDE
    yield board.STOP
    yield from board.PEEK
    yield from comps.take_mission
    yield from board.PLACE_STAMPY
    yield from board.MOVE_STAMPY
    yield from board.TIEBREAK


UNIVERSES: dict[str, Callable[[Game[Any], int], Iterator[Action]]] = {
    "postcards": postcards_actions,
    "post_office": post_office_actions,
    "carteros": carteros_actions,
}

#: (id of the game, seats) -> (the game, its table): the game is kept so that its id is never
#: reused by another while the entry lives
_CACHE: dict[tuple[int, int], tuple[Game[Any], ActionTable]] = {}


def action_table(game: Game[Any], num_players: int) -> ActionTable:
    """The action table of ``game`` played by ``num_players`` seats (made once, then kept)."""
    key = (id(game), num_players)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is game:
        return cached[1]
    make = UNIVERSES.get(game.spec.name)
    if make is None:
        raise MailbagError(
            _(
                "{game} has no reinforcement-learning action table; games with one: {games}",
                game=game.spec.name,
                games=", ".join(sorted(UNIVERSES)),
            )
        )
    table = ActionTable(game.spec.name, make(game, num_players))
    _CACHE[key] = (game, table)
    return table
