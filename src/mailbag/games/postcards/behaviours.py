"""The named behaviours Postcards component data refers to: effect icons, Travel card actions
and gift cards, each kind one entry of ``data/components.toml`` plus one behaviour found here.

An entry names its behaviour (``effect = "keychain"``); the behaviour is registered under that
name in one of the registries below (:class:`mailbag.core.effects.Effects`). The loader
(:mod:`components`) resolves every name once, binds the entry's own numbers to the function's
keyword-only parameters, and keeps the result in the kinds of
:class:`~mailbag.games.postcards.components.Components`, so the rules never look a name up while
playing. The shipped behaviours live in :mod:`effect_icons`, :mod:`travel_actions` and
:mod:`gifts`; a new gift is one data entry and one function::

    @GIFT_USES.register("tandem")
    def tandem(components, state, seat): ...

Parameters: a behaviour's keyword-only parameters are fields of its entry, checked by their
annotation — ``int`` (0..1000), ``Table`` (a list of 1..20 such numbers), ``CampsiteType`` (a
campsite type) or ``ActionName`` (the name of an ``[[actions]]`` entry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Protocol, TypeAlias

from mailbag.core.effects import Effects
from mailbag.core.game import Event
from mailbag.games.postcards.state import PostcardsState, Turn

if TYPE_CHECKING:
    from mailbag.games.postcards.automa import AutomaCard
    from mailbag.games.postcards.components import Components, Effect

#: parameter annotations the loader knows (see the module docstring)
CampsiteType: TypeAlias = str
ActionName: TypeAlias = str
Table: TypeAlias = tuple[int, ...]
PARAMETER_TYPES: Final = ("int", "Table", "CampsiteType", "ActionName")


class Gainer(Protocol):
    """The seat gaining an effect, as an effect function sees it: a player (PC-4, PC-5) or an
    Automa, which resolves every effect at once by its own rules (PC-15)."""

    components: Components
    state: PostcardsState
    seat: int

    def keep(self, action: ActionName) -> None:
        """One more ``action`` (a Movement, Postcard or Camp): kept for later this turn by a
        player (PC-4), carried out at once by an Automa (PC-15)."""

    def stamp(self) -> None:
        """A stamp on any open stamp space, any colour: a player may decline it (PC-4)."""

    def star(self, points: int) -> None:
        """A star: scored (side A, PC-106; an Automa, PC-207), or on side B taken as points or
        converted (PC-5)."""

    def extra_card(self) -> None:
        """One more Travel card this turn (PC-4); an Automa scores 2 points instead (PC-15)."""

    def score(self, points: int, reason: str) -> None:
        """Points scored at once."""


#: an effect icon's behaviour: ``(who, effect, **numbers)``; ``effect`` is the printed icon
#: (its kind and, for a kind that carries points, its points); ``EffectFunction`` once the
#: entry's numbers are bound
EffectBehaviour: TypeAlias = Callable[..., None]
EffectFunction: TypeAlias = Callable[[Gainer, "Effect"], None]


class TravelAction(Protocol):
    """A Travel card action (Taking an Action): what a player may aim it at, carrying it out,
    how a kept one is counted (PC-4), what the Automa does with it (PC-15), and how a refusal
    and a menu entry word it. Registered as one object per ``[[actions]]`` behaviour."""

    #: the verb that names it as a decision of its own (after a pair of cards, PC-6)
    verb: str

    def targets(
        self, components: Components, state: PostcardsState, seat: int
    ) -> tuple[int | None, ...]:
        """What ``seat`` may aim it at now (regions, campsites; ``(None,)`` for an action
        without a target); empty when it cannot be taken. A tuple: the menus made from it are
        kept by it."""

    def __call__(
        self, components: Components, state: PostcardsState, seat: int, target: int | None
    ) -> list[Event]:
        """Carry it out for a player, aimed at ``target`` (one of :meth:`targets`)."""

    def kept(self, turn: Turn) -> int:
        """How many of it the turn holds for later (PC-4)."""

    def keep(self, turn: Turn, count: int) -> None:
        """Add ``count`` (negative: use) to the ones kept for later (PC-4)."""

    def automa(self, card: AutomaCard) -> bool:
        """The Automa's way of taking it (PC-15); False when it cannot."""

    def refusal(
        self, components: Components, state: PostcardsState, seat: int, args: tuple[int | str, ...]
    ) -> tuple[str, str] | None:
        """Why aiming it at ``args`` is refused now: (rule, reason); None if it is not."""

    def describe(self, components: Components, target: int | None) -> str:
        """A menu label: "move to region 9 Nouvelle-Aquitaine"."""


#: a lightning gift used: ``(components, state, seat, **numbers)``; the card is already discarded
#: (``GiftUse`` once the entry's numbers are bound)
GiftUseBehaviour: TypeAlias = Callable[..., list[Event]]
GiftUse: TypeAlias = Callable[["Components", PostcardsState, int], list[Event]]
#: a bell gift at the end: ``(components, state, seat, copies, **numbers)`` -> points for the
#: ``copies`` cards of this kind ``seat`` holds (``GiftScore`` once the numbers are bound)
GiftScoreBehaviour: TypeAlias = Callable[..., int]
GiftScore: TypeAlias = Callable[["Components", PostcardsState, int, int], int]

EFFECTS: Final[Effects[EffectBehaviour]] = Effects("Postcards effect icon")
ACTIONS: Final[Effects[TravelAction]] = Effects("Postcards Travel card action")
GIFT_USES: Final[Effects[GiftUseBehaviour]] = Effects("Postcards lightning gift")
GIFT_SCORES: Final[Effects[GiftScoreBehaviour]] = Effects("Postcards bell gift")


def load_shipped() -> None:
    """Register the shipped behaviours (their modules register themselves when imported)."""
    from mailbag.games.postcards import effect_icons, gifts, travel_actions  # noqa: F401
