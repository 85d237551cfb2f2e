"""The Travel card actions (rulebook, Taking an Action): Movement, Postcard and Camp, each the
behaviour of one ``[[actions]]`` entry of the component data, registered in
:data:`behaviours.ACTIONS`. One object per action holds what the rules say of it: the targets a
player may choose, carrying it out, the turn's count of kept ones (PC-4), the Automa's way
(PC-15, in ``automa.py``), and how a refusal and a menu word it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mailbag.core.game import Event
from mailbag.core.i18n import _
from mailbag.games.postcards import pieces, texts, turn
from mailbag.games.postcards.behaviours import ACTIONS
from mailbag.games.postcards.state import EMPTY, POSTCARD, Frame, PostcardsState, Turn

if TYPE_CHECKING:
    from mailbag.games.postcards.automa import AutomaCard
    from mailbag.games.postcards.components import Components

#: the targets of an action aimed at nothing (a postcard action chooses later, PC-7)
NO_TARGET: Final[tuple[None]] = (None,)
NOTATION: Final = "action notation"


def free_sites(components: Components, state: PostcardsState, seat: int) -> tuple[int, ...]:
    """PC-8: the campsites a camp action may use now (none without a camp token left)."""
    player = state.players[seat]
    if len(player.camps) >= components.camps:
        return ()
    owner = state.camp_owner
    return tuple([c for c in components.regions[player.region].campsites if owner[c - 1] == EMPTY])


def _one_number(args: tuple[int | str, ...], names: str, number: str) -> int | tuple[str, str]:
    """The single number ``args`` must hold, or the refusal (``names``: what the action must
    name, ``number``: what must be a number, both in words)."""
    if len(args) != 1:
        return (NOTATION, names)
    if not isinstance(args[0], int):
        value = repr(args[0])
        return (NOTATION, _("{what} must be a number, not {value}", what=number, value=value))
    return args[0]


class Movement:
    """Movement (PC-1): the bicycle to an adjacent region (Corse by ferry only)."""

    verb = "move"

    def targets(self, components: Components, state: PostcardsState, seat: int) -> tuple[int, ...]:
        return components.regions[state.players[seat].region].adjacent

    def __call__(
        self, components: Components, state: PostcardsState, seat: int, target: int | None
    ) -> list[Event]:
        assert target is not None
        return pieces.move_to(state, seat, target)

    def kept(self, turn: Turn) -> int:
        return turn.moves

    def keep(self, turn: Turn, count: int) -> None:
        turn.moves += count

    def automa(self, card: AutomaCard) -> bool:
        return card.movement()

    def refusal(
        self, components: Components, state: PostcardsState, seat: int, args: tuple[int | str, ...]
    ) -> tuple[str, str] | None:
        region = _one_number(args, _("a movement names the region: ... R"), _("the region"))
        if isinstance(region, tuple):
            return region
        here = state.players[seat].region
        if region not in components.regions:
            return ("Movement action", _("there is no region {region}", region=region))
        if region not in components.regions[here].adjacent:
            return (
                "Movement action",
                _(
                    "{region} is not next to {here}, where your bicycle is (next to it: "
                    "{adjacent})",
                    region=texts.region_name(components, region),
                    here=texts.region_name(components, here),
                    adjacent=", ".join(
                        texts.region_name(components, r) for r in components.regions[here].adjacent
                    ),
                ),
            )
        return None

    def describe(self, components: Components, target: int | None) -> str:
        assert target is not None
        return _(
            "move to region {region} {name}",
            region=target,
            name=texts.region_name(components, target),
        )


class PostcardAction:
    """Postcard (PC-7): then refresh (English edition), take a face-up one or the deck top."""

    verb = "postcard"

    def targets(self, components: Components, state: PostcardsState, seat: int) -> tuple[None, ...]:
        return NO_TARGET if pieces.postcards_available(state) else ()

    def __call__(
        self, components: Components, state: PostcardsState, seat: int, target: int | None
    ) -> list[Event]:
        state.turn.stack.append(Frame(POSTCARD))
        return []

    def kept(self, turn: Turn) -> int:
        return turn.postcards

    def keep(self, turn: Turn, count: int) -> None:
        turn.postcards += count

    def automa(self, card: AutomaCard) -> bool:
        return card.postcard()

    def refusal(
        self, components: Components, state: PostcardsState, seat: int, args: tuple[int | str, ...]
    ) -> tuple[str, str] | None:
        if args:
            return (
                NOTATION,
                _(
                    "a postcard action takes no argument; the postcard is chosen next "
                    "(take N / take deck)"
                ),
            )
        if not pieces.postcards_available(state):
            return ("PC-10", _("there is no postcard left to take"))
        return None

    def describe(self, components: Components, target: int | None) -> str:
        return _("take a postcard")


class Camp:
    """Camp (PC-8): a camp token on a free campsite of the region; its board effect, then maybe
    a souvenir (PC-102)."""

    verb = "camp"

    def targets(self, components: Components, state: PostcardsState, seat: int) -> tuple[int, ...]:
        return free_sites(components, state, seat)

    def __call__(
        self, components: Components, state: PostcardsState, seat: int, target: int | None
    ) -> list[Event]:
        assert target is not None
        return turn.camp_action(components, state, seat, target)

    def kept(self, turn: Turn) -> int:
        return turn.camps

    def keep(self, turn: Turn, count: int) -> None:
        turn.camps += count

    def automa(self, card: AutomaCard) -> bool:
        return card.camp()

    def refusal(
        self, components: Components, state: PostcardsState, seat: int, args: tuple[int | str, ...]
    ) -> tuple[str, str] | None:
        site = _one_number(args, _("a camp action names the campsite: ... S"), _("the campsite"))
        if isinstance(site, tuple):
            return site
        player = state.players[seat]
        if len(player.camps) >= components.camps:
            return ("PC-8", _("all your camp tokens are placed"))
        if site not in components.campsites:
            return ("PC-8", _("there is no campsite {site}", site=site))
        if components.campsites[site].region != player.region:
            return (
                "PC-8",
                _(
                    "campsite {site} is not in region {region}, where you are",
                    site=site,
                    region=player.region,
                ),
            )
        if state.camp_owner[site - 1] != EMPTY:
            return ("PC-8", _("campsite {site} already holds a camp", site=site))
        return None

    def describe(self, components: Components, target: int | None) -> str:
        assert target is not None
        site = components.campsites[target]
        return _("camp on campsite {site} ({type})", site=site.id, type=texts.campsite(site.type))


ACTIONS.register("movement")(Movement())
ACTIONS.register("postcard")(PostcardAction())
ACTIONS.register("camp")(Camp())
