"""A Carteros evaluation for the greedy bot: points, plus progress that will likely turn into
points — Mail cards in the bag, deliveries already decided but not yet handed over, standing on a
house one can deliver to, useful Action cards, a mission in hand, and the race for the +3."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from mailbag.games.carteros.components import Components
from mailbag.games.carteros.effects import flooded_mask
from mailbag.games.carteros.scoring import points as total_points
from mailbag.games.carteros.state import FINISH_BONUS, GOAL, CarterosState

#: how much of a Mail card's points a card in the bag is worth (it still has to be delivered)
BAG_SHARE: Final = 0.5
#: rough worth of holding one Action card, by its effect or, for a reaction only, by the first
#: cause it cancels (bicycles deliver, bones protect); any other card is worth CARD_WORTH
_WORTH: Final = {"bicycle": 0.9, "stampy_card": 0.5, "rain": 0.4, "gps": 0.3}
CARD_WORTH: Final = 0.2
#: the search bot's settings that suit Carteros: none beyond the bot's own defaults
SEARCH_SETTINGS: Final[dict[str, str]] = {}


@lru_cache(maxsize=16)
def _worth(components: Components) -> tuple[float, ...]:
    """What holding one card of each kind is worth, computed once per component set."""
    return tuple(
        _WORTH.get(card.effect or "", _WORTH.get(next(iter(card.cancels), ""), CARD_WORTH))
        for card in components.actions
    )


def _pending_deliveries(state: CarterosState, seat: int) -> int:
    return sum(t.n for t in state.tasks if t.kind == "give" and t.seat == seat)


def potential(components: Components, state: CarterosState, seat: int, flooded: int) -> float:
    """Points now plus a discounted share of the points in hand (``flooded``: the flood mask)."""
    value = float(total_points(components, state, seat))
    mail = state.mail[seat]
    points = sorted(
        (components.mail_points[k] for k, c in enumerate(mail) for _ in range(c)), reverse=True
    )
    pending = min(_pending_deliveries(state, seat), len(points))
    value += sum(points[:pending]) + BAG_SHARE * sum(points[pending:])
    worth = _worth(components)
    value += sum(worth[k] * c for k, c in enumerate(state.hand[seat]) if c)
    if state.mission[seat]:
        value += 0.4 * components.mission(state.mission[seat]).points
    delivered = sum(state.delivered[seat]) + pending
    if state.finisher < 0:
        value += FINISH_BONUS * (delivered / GOAL) ** 2  # the race for the +3
    house = state.pos[seat]
    if house >= 0 and points:
        value += 0.3  # in the neighbourhood with mail to deliver
        deliverable = not (
            state.fresh >> house & 1
            or house == state.stampy
            or (flooded >> house & 1 and not state.boots[seat])
        )
        if deliverable and state.current == seat and not state.final:
            value += 0.2
            known = state.known[seat][house]
            if known >= 0 and components.house_delivers[known]:
                value += 0.5
            elif known >= 0:
                value -= 0.5
    value -= BAG_SHARE * state.debt[seat]
    return value


def heuristic(components: Components, state: CarterosState, seat: int) -> float:
    """The seat's potential less the best other carrier's."""
    flooded = flooded_mask(state)
    mine = potential(components, state, seat, flooded)
    others = [potential(components, state, s, flooded) for s in range(len(state.pos)) if s != seat]
    return mine - max(others, default=0.0)


def heuristics(components: Components, state: CarterosState) -> list[float]:
    """:func:`heuristic` for every seat, each carrier's potential computed once."""
    flooded = flooded_mask(state)
    values = [potential(components, state, s, flooded) for s in range(len(state.pos))]
    return [
        mine - max((v for s, v in enumerate(values) if s != seat), default=0.0)
        for seat, mine in enumerate(values)
    ]
