"""A Carteros evaluation for the greedy bot: points, plus progress that will likely turn into
points (Mail cards in the bag, useful Action cards, a mission in hand, the race to 10)."""

from __future__ import annotations

from mailbag.games.carteros.components import BICYCLE, BONE, GPS, UMBRELLA, Components
from mailbag.games.carteros.scoring import score
from mailbag.games.carteros.state import GOAL, CarterosState

#: rough worth of holding one card of each kind (bicycles deliver, bones and umbrellas protect)
_CARD_WORTH = {BICYCLE: 0.9, BONE: 0.5, UMBRELLA: 0.4, GPS: 0.3}


def potential(comps: Components, state: CarterosState, seat: int) -> float:
    """Points now plus a discounted share of the points in hand."""
    value = float(score(comps, state, seat).total)
    bag = sum(c * comps.mail_points[k] for k, c in enumerate(state.mail[seat]))
    value += 0.55 * bag
    value += sum(_CARD_WORTH.get(k, 0.2) * c for k, c in enumerate(state.hand[seat]))
    if state.mission[seat]:
        value += 0.4 * comps.mission(state.mission[seat]).points
    delivered = sum(state.delivered[seat])
    if state.finisher < 0:
        value += 3.0 * (delivered / GOAL) ** 2  # the race for the +3 bonus
    if state.pos[seat] >= 0 and any(state.mail[seat]):
        value += 0.3  # in the neighbourhood, ready to deliver
    value -= 0.5 * state.debt[seat]
    return value


def heuristic(comps: Components, state: CarterosState, seat: int) -> float:
    mine = potential(comps, state, seat)
    others = [potential(comps, state, s) for s in range(len(state.pos)) if s != seat]
    return mine - max(others, default=0.0)
