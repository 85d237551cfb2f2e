"""What playing each kind of ACTION card does (CA-4 … CA-7), and the conditions for playing it:
one registered function per effect and per requirement.

An ``[[action]]`` entry of the component data names its ``effect`` and its ``requires``; the
engine plays a card by calling its effect with the card still in hand (the effect discards it or
puts it on the table), and both the legal-action menu and the refusals read its requirements.
Reactions (Bone, Umbrella, GPS against Lost) are not effects: an entry's ``cancels`` lists the
automatic steps it answers (CA-103), and the engine handles every reaction alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.carteros.behaviours import ACTION_EFFECTS, EFFECT_NEEDS, REQUIREMENTS
from mailbag.games.carteros.board import ADJACENT, same_street
from mailbag.games.carteros.effects import (
    discard_action,
    discard_mail,
    flooded_mask,
    lose_mission,
    random_mail,
)
from mailbag.games.carteros.state import ACTIONS_PER_TURN, CarterosState, Task

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components

# -- requirements (checked for a carrier in the neighbourhood holding the card, CA-1) ----------


@REQUIREMENTS.register("open_neighbour")
def open_neighbour(state: CarterosState, seat: int) -> tuple[str, str] | None:
    """CA-4: a house next to the carrier is not flooded."""
    mask = flooded_mask(state) if state.floods else 0
    for q in ADJACENT[state.pos[seat]]:
        if not mask >> q & 1:
            return None
    return ("CA-4", N_("every house next to you is flooded"))


@REQUIREMENTS.register("no_boots")
def no_boots(state: CarterosState, seat: int) -> tuple[str, str] | None:
    """CA-110: a carrier wears one pair of Rubber Boots at most."""
    return ("CA-110", N_("you already wear {card}")) if state.boots[seat] else None


@REQUIREMENTS.register("not_last_action")
def not_last_action(state: CarterosState, seat: int) -> tuple[str, str] | None:
    """CA-7: the card is played as the first or second action of a turn, never the last."""
    if state.actions_used >= ACTIONS_PER_TURN - 1:
        return ("CA-7", N_("{card} cannot be the last action of the turn"))
    return None


# -- effects -----------------------------------------------------------------------------------


#: without these the effect could leave a decision with no choice (a ride with nowhere to go),
#: a card that vanishes (a second pair of boots) or a peek after the turn's last action
EFFECT_NEEDS.update(
    bicycle=frozenset({"open_neighbour"}),
    rubber_boots=frozenset({"no_boots"}),
    gps=frozenset({"not_last_action"}),
)


@ACTION_EFFECTS.register("bicycle")
def bicycle(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """CA-4, CA-106: ride up to 3 houses in a straight line (the ``ride`` decisions)."""
    discard_action(state, seat, kind)
    state.tasks.append(Task("ride", seat, n=0, arg=-1))


@ACTION_EFFECTS.register("wind")
def wind(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """CA-5: every other carrier on the player's row or column loses a card at random from
    their Mail cards (and mission card, in Delivery Missions)."""
    discard_action(state, seat, kind)
    here = state.pos[seat]
    n = len(state.pos)
    for i in range(1, n):
        other = (seat + i) % n
        there = state.pos[other]
        if there < 0 or not same_street(here, there):
            continue
        held = sum(state.mail[other])
        has_mission = state.missions_mode and state.mission[other] > 0
        pool = held + int(has_mission)
        if pool == 0:
            continue
        if state.rng.randbelow(pool) < held:
            lost = random_mail(state, other)
            discard_mail(state, other, lost)
            name = components.mail_names[lost]
            events.append(
                Event(
                    "wind",
                    N_("the wind blows {mail} away from {seat}"),
                    {"seat": other, "mail": name},
                )
            )
        else:
            lose_mission(state, other, events, "wind")


@ACTION_EFFECTS.register("rain")
def rain(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """CA-6: the Rain card goes on the table as a flood (its block is chosen last); every other
    carrier in the neighbourhood with Mail cards is soaked, unless they answer (Umbrella)."""
    state.hand[seat][kind] -= 1
    state.floods.append(-1)
    state.tasks.append(Task("flood", seat))
    n = len(state.pos)
    victims = [
        (seat + i) % n
        for i in range(1, n)
        if state.pos[(seat + i) % n] >= 0 and any(state.mail[(seat + i) % n])
    ]
    umbrella = components.cancel_card["soak"]
    for victim in reversed(victims):
        state.tasks.append(Task("soak", victim, arg=umbrella))
    events.append(Event("rain", N_("{seat} makes it rain"), {"seat": seat}))


@ACTION_EFFECTS.register("rubber_boots")
def rubber_boots(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """CA-6: the boots go on the table in front of the carrier, who may then deliver in a
    flooded house, until Sunny Day."""
    state.hand[seat][kind] -= 1
    state.boots[seat] = True


@ACTION_EFFECTS.register("sunny_day")
def sunny_day(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """CA-6: all Rain cards leave the table, and every pair of Rubber Boots with them."""
    discard_action(state, seat, kind)
    if state.floods:
        state.action_discard[components.rain_card] += len(state.floods)
        state.floods = []
    for other, wearing in enumerate(state.boots):
        if wearing:
            state.boots[other] = False
            state.action_discard[components.boots_card] += 1
    events.append(Event("sunny_day", N_("the sun comes out: the floods are gone"), {}))


@ACTION_EFFECTS.register("gps")
def gps(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """CA-7: look privately at up to two houses next to the carrier (the ``peek`` decisions);
    then the turn ends."""
    discard_action(state, seat, kind)
    state.tasks.append(Task("peek", seat, n=2, arg=-1))
