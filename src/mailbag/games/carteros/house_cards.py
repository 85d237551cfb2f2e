"""What turning each kind of HOUSE card does (CA-2), one registered function per effect.

A ``[[house]]`` entry of the component data names its ``effect``; the function registered under
that name runs when a carrier turns such a card by delivering (:func:`effects.deliver`). A
Bicycle ride and the tie-break only read an entry's ``delivers`` (CA-4, CA-109), never its effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.carteros.behaviours import HOUSE_EFFECTS
from mailbag.games.carteros.board import HOUSE_NAMES
from mailbag.games.carteros.effects import complete_mission, lose_mission
from mailbag.games.carteros.state import CarterosState, Task

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components


@HOUSE_EFFECTS.register("deliver")
def deliver_mail(
    components: Components,
    state: CarterosState,
    seat: int,
    kind: int,
    attempt: bool,
    events: list[Event],
) -> None:
    """Received Letter and Double Received (CA-2): deliver ``delivers`` Mail cards of your
    choice, fewer if you hold fewer. At your mission's house (CA-10, CA-108) the card completes
    the mission instead of delivering one Mail card: Received completes it, Double completes it
    and delivers one."""
    held = sum(state.mail[seat])
    delivers = components.house_delivers[kind]
    if attempt:
        complete_mission(state, seat, events)
        delivers -= 1
    count = min(held, delivers)
    if count:
        state.tasks.append(Task("give", seat, n=count))


@HOUSE_EFFECTS.register("stampy")
def stampy(
    components: Components,
    state: CarterosState,
    seat: int,
    kind: int,
    attempt: bool,
    events: list[Event],
) -> None:
    """Stampy, the Furious Dog (CA-2, CA-9): in Stampy mode his meeple runs to the house (no
    bite, CA-107); then the carrier flees (the automatic ``stampy_card`` step, which a Bone
    cancels, CA-103)."""
    if state.stampy_mode:
        house = state.pos[seat]
        state.stampy = house
        events.append(Event("stampy", N_("Stampy runs to {house}"), {"house": HOUSE_NAMES[house]}))
    state.tasks.append(
        Task("stampy_card", seat, n=int(attempt), arg=components.cancel_card["stampy_card"])
    )


@HOUSE_EFFECTS.register("lost")
def lost(
    components: Components,
    state: CarterosState,
    seat: int,
    kind: int,
    attempt: bool,
    events: list[Event],
) -> None:
    """Lost (CA-2): back to the Post Office (the ``lost_card`` step; a GPS cancels it, CA-7).
    A mission is kept (CA-108)."""
    state.tasks.append(Task("lost_card", seat, arg=components.cancel_card["lost_card"]))


@HOUSE_EFFECTS.register("change_of_direction")
def change_of_direction(
    components: Components,
    state: CarterosState,
    seat: int,
    kind: int,
    attempt: bool,
    events: list[Event],
) -> None:
    """Change of Direction (CA-2): discard a Mail card of your choice; in a mission delivery
    with no Mail card, the mission is lost (CA-108)."""
    if any(state.mail[seat]):
        state.tasks.append(Task("discard", seat, cause="change_of_direction"))
    elif attempt:
        lose_mission(state, seat, events, "change_of_direction")
