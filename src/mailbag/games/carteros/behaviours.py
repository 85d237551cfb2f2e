"""The named behaviours Carteros component data refers to: card effects and play requirements.

An ``[[house]]`` entry names its ``effect`` (what turning the card does), an ``[[action]]``
entry its ``effect`` (what playing it does) and its ``requires`` (when it may be played); each
name is one function registered here through :class:`mailbag.core.effects.Effects`. The loader
(:mod:`components`) resolves every name once, into the integer-indexed tables of
:class:`~mailbag.games.carteros.components.Components`, so the rules never look a name up while
playing. The shipped functions live in :mod:`house_cards` and :mod:`action_cards`; a new card is
one data entry and one function registered with the decorator of its registry::

    @ACTION_EFFECTS.register("map")
    def map_card(components, state, seat, kind, events): ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeAlias

from mailbag.core.effects import Effects
from mailbag.core.game import Event
from mailbag.games.carteros.state import CarterosState

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components

#: what turning a HOUSE card does: ``(components, state, seat, kind, attempt, events)``. The card of
#: ``kind`` under ``seat`` was just turned and replaced (CA-2); ``attempt`` tells whether this is
#: the delivery of the seat's mission (CA-10). It changes ``state`` in place and pushes the
#: decisions it needs onto the task stack.
HouseEffect: TypeAlias = Callable[["Components", CarterosState, int, int, bool, list[Event]], None]
#: what playing an ACTION card does: ``(components, state, seat, kind, events)``. The card of
#: ``kind`` is still in the seat's hand: the effect discards it, or puts it on the table.
ActionEffect: TypeAlias = Callable[["Components", CarterosState, int, int, list[Event]], None]
#: a condition for playing an ACTION card, besides holding it inside the neighbourhood
#: (CA-1): ``None`` when ``seat`` meets it, else ``(rule, reason)``; the reason is English,
#: marked with ``N_`` for the catalogs and translated where the refusal is made, and ``{card}`` in
#: it stands for the card's title. Both the legal-action menu and the refusal read this one check.
Requirement: TypeAlias = Callable[[CarterosState, int], "tuple[str, str] | None"]

HOUSE_EFFECTS: Final[Effects[HouseEffect]] = Effects("Carteros house card")
ACTION_EFFECTS: Final[Effects[ActionEffect]] = Effects("Carteros action card")
REQUIREMENTS: Final[Effects[Requirement]] = Effects("Carteros play requirement")

#: the requirements an action effect cannot do without (a Bicycle needs a house to ride to,
#: CA-4): an entry naming the effect must list them in ``requires``, or the loader refuses it
EFFECT_NEEDS: Final[dict[str, frozenset[str]]] = {}
