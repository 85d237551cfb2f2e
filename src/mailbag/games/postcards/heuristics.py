"""Greedy-bot evaluation for Postcards: the score if the game ended now, plus progress.

Progress counts what the rules will likely turn into points: stamps already on unsent
postcards (a share of the postcard's points, more for itinerary regions still missing), a
complete postcard's distance from its region, gifts (lightning ones still to use, bell ones
still growing), camps placed (souvenirs, keychains, caravans) and effects kept for later this
turn.
"""

from __future__ import annotations

from mailbag.games.postcards import scoring
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import PostcardsState

STAMP_SHARE = 0.5
COMPLETE_SHARE = 0.15
DISTANCE_COST = 0.7
ITINERARY_REGION_WORTH = 3.0
LIGHTNING_GIFT_WORTH = 2.0
BELL_GIFT_WORTH = 1.0
CAMP_WORTH = 0.3
KEPT_EFFECT_WORTH = 0.4


def value(comps: Components, state: PostcardsState, seat: int) -> float:
    """How much ``seat`` has and is building towards, in points."""
    player = state.players[seat]
    total = float(scoring.score_of(comps, state, seat).total)
    wanted = set(comps.itineraries[player.itinerary].regions)
    sent_regions = {comps.postcards[o.card].region for o in player.postcards if o.sent}
    for owned in player.postcards:
        if owned.sent:
            continue
        card = comps.postcards[owned.card]
        worth = float(card.points)
        if card.region in wanted and card.region not in sent_regions:
            worth += ITINERARY_REGION_WORTH
        share = sum(owned.stamps) / len(owned.stamps)
        total += worth * share * STAMP_SHARE
        if share == 1.0:
            total += worth * COMPLETE_SHARE
            total -= DISTANCE_COST * comps.distance[player.region, card.region]
    lightning = sum(1 for g in player.gifts if comps.gifts[g].lightning)
    total += LIGHTNING_GIFT_WORTH * lightning
    total += BELL_GIFT_WORTH * (len(player.gifts) - lightning)  # more camps, more globes later
    total += CAMP_WORTH * len(player.camps)
    if seat == state.current:
        t = state.turn
        total += KEPT_EFFECT_WORTH * (t.moves + t.postcards + t.camps)
    return total


def heuristic(comps: Components, state: PostcardsState, seat: int) -> float:
    """``seat``'s value minus the best other seat's value (higher is better for ``seat``)."""
    mine = value(comps, state, seat)
    others = [value(comps, state, s) for s in range(len(state.players)) if s != seat]
    return mine - max(others, default=0.0)
