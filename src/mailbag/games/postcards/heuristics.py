"""Greedy-bot evaluation for Postcards: the score if the game ended now, plus progress.

Progress counts what the rules will likely turn into points. An unsent postcard is worth a
share of what sending it brings (its points, an itinerary region still missing, a gift) that
grows steeply as the travel cards it still needs (empty stamp spaces plus movements to its
region) run out, so the bot finishes and sends postcards instead of spreading its cards. Also
counted: the hand (cards matching an open stamp space, movement cards while a postcard is away),
gifts (lightning ones still to use, bell ones still growing), camps placed (souvenirs,
keychains, caravans), effects kept for later this turn and decisions pending on the turn's stack.
"""

from __future__ import annotations

from typing import Final

from mailbag.games.postcards import scoring
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import GIFT, JOKER, POSTCARD, STAMP, PostcardsState

#: the MCTS bot's defaults in Postcards (``Game.search_settings``): plan the turn as a whole,
#: start each step from the one-ply heuristic, finish every leaf's turn with greedy moves
SEARCH_SETTINGS: Final = {
    "horizon": "turn",
    "prior": "2",
    "rollout": "guided",
    "eps": "0",
    "depth": "full",
    "c": "0.25",
}
#: share of a postcard's worth counted when it needs no more cards (sending must still pay)
READY_SHARE: Final = 0.5
#: cards still needed at which a postcard's share has fallen to half of READY_SHARE
HALF_SHARE_CARDS: Final = 1.5
ITINERARY_REGION_WORTH: Final = 3.0
#: what the gift chosen on sending is worth
SEND_GIFT_WORTH: Final = 2.0
#: an Automa's postcards: a share of their points per stamp placed
AUTOMA_STAMP_SHARE: Final = 0.5
LIGHTNING_GIFT_WORTH: Final = 2.0
BELL_GIFT_WORTH: Final = 1.0
CAMP_WORTH: Final = 0.5
KEPT_EFFECT_WORTH: Final = 0.4
#: a card in hand: any card, one matching an open stamp space, a movement card while needed
HAND_CARD_WORTH: Final = 0.2
HAND_STAMP_WORTH: Final = 0.5
HAND_MOVE_WORTH: Final = 0.3
#: pending decisions: take a postcard, stick a stamp, choose a gift, play a joker
FRAME_WORTH: Final = {POSTCARD: 1.0, STAMP: 1.0, GIFT: SEND_GIFT_WORTH, JOKER: 1.0}
OTHER_FRAME_WORTH: Final = 0.3


def value(components: Components, state: PostcardsState, seat: int) -> float:
    """How much ``seat`` has and is building towards, in points."""
    player = state.players[seat]
    total = float(scoring.score_of(components, state, seat).total)
    wanted = components.itineraries[player.itinerary].regions
    postcards = components.postcards
    sent_regions = {postcards[o.card].region for o in player.postcards if o.sent}
    automa = player.kind != "player"
    region = player.region
    distance = components.distance
    open_colours = [0, 0, 0, 0]
    away = False
    for owned in player.postcards:
        if owned.sent:
            continue
        card = postcards[owned.card]
        worth = float(card.points)
        if card.region in wanted and card.region not in sent_regions:
            worth += ITINERARY_REGION_WORTH
        stamps = owned.stamps
        if automa:
            total += worth * AUTOMA_STAMP_SHARE * sum(stamps) / len(stamps)
            continue
        needed = float(distance[region, card.region])
        if needed:
            away = True
        colours = card.stamp_colours
        for i, filled in enumerate(stamps):
            if not filled:
                needed += 1.0
                open_colours[colours[i]] += 1
        worth += SEND_GIFT_WORTH
        total += worth * READY_SHARE * HALF_SHARE_CARDS / (HALF_SHARE_CARDS + needed)
    if player.hand:
        travel = components.travel
        for k in player.hand:
            kind = travel[k]
            total += HAND_CARD_WORTH
            c = kind.colour_index
            if open_colours[c]:
                open_colours[c] -= 1
                total += HAND_STAMP_WORTH
            if away and kind.action == "movement":
                total += HAND_MOVE_WORTH
    lightning = sum(1 for g in player.gifts if components.gifts[g].lightning)
    total += LIGHTNING_GIFT_WORTH * lightning
    total += BELL_GIFT_WORTH * (len(player.gifts) - lightning)  # more camps, more globes later
    total += CAMP_WORTH * len(player.camps)
    if seat == state.current:
        t = state.turn
        total += KEPT_EFFECT_WORTH * (t.moves + t.postcards + t.camps)
        for frame in t.stack:
            total += FRAME_WORTH.get(frame.kind, OTHER_FRAME_WORTH)
    return total


def heuristic(components: Components, state: PostcardsState, seat: int) -> float:
    """``seat``'s value minus the best other seat's value (higher is better for ``seat``)."""
    mine = value(components, state, seat)
    others = [value(components, state, s) for s in range(len(state.players)) if s != seat]
    return mine - max(others, default=0.0)


def heuristics(components: Components, state: PostcardsState) -> list[float]:
    """:func:`heuristic` for every seat, each seat's value computed once."""
    values = [value(components, state, s) for s in range(len(state.players))]
    if len(values) == 1:
        return values
    out = []
    for s, mine in enumerate(values):
        out.append(mine - max(v for i, v in enumerate(values) if i != s))
    return out
