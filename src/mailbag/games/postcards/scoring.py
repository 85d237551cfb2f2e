"""Postcards final scoring (Final Scoring, Itinerary Cards, Gift Cards; PC-10, PC-12, PC-16).

Final score = points scored during play + itinerary + 1 per unsent postcard + bell gift cards
+ the End Game Bonus. Ties: most postcards sent, then most camps placed, then a shared win.
"""

from __future__ import annotations

from collections import Counter

from mailbag.core.game import Score
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import PostcardsState

#: points for 0/1/2/3/4 distinct itinerary regions among the postcards sent (PC-12)
ITINERARY_POINTS = (0, 2, 4, 7, 11)
#: Keychain: points for 0/1/2/3/4/5/6+ camps on its campsite type (PC-10)
KEYCHAIN_POINTS = (0, 1, 3, 6, 10, 14, 20)
#: Snow Globe: points for 0/1/2/3/4 Snow Globe cards held (PC-10)
SNOW_GLOBE_POINTS = (0, 3, 6, 12, 18)
#: Caravan: points per region holding at least 2 of the player's camps
CARAVAN_POINTS = 2
END_GAME_BONUS = 3
#: PC-16: what a gift card is worth to an Automa
AUTOMA_GIFT_POINTS = 3

DURING_PLAY = "during play"
ITINERARY = "itinerary"
UNSENT = "unsent postcards"
BONUS = "end-game bonus"


def itinerary_points(comps: Components, state: PostcardsState, seat: int) -> int:
    """2/4/7/11 for 1/2/3/4 itinerary regions among the postcards sent (each region once)."""
    player = state.players[seat]
    wanted = comps.itineraries[player.itinerary].regions
    sent = {comps.postcards[p.card].region for p in player.postcards if p.sent}
    return ITINERARY_POINTS[sum(1 for r in wanted if r in sent)]


def camps_on_type(comps: Components, state: PostcardsState, seat: int, site_type: str) -> int:
    return sum(1 for c in state.players[seat].camps if comps.campsites[c].type == site_type)


def caravan_regions(comps: Components, state: PostcardsState, seat: int) -> int:
    per_region = Counter(comps.campsites[c].region for c in state.players[seat].camps)
    return sum(1 for n in per_region.values() if n >= 2)


def gift_points(comps: Components, state: PostcardsState, seat: int) -> dict[str, int]:
    """Points of the gift cards ``seat`` holds, by gift (bell gifts; PC-16 for an Automa)."""
    player = state.players[seat]
    automa = player.kind != "player"
    result: dict[str, int] = {}
    globes = 0
    for g in player.gifts:
        gift = comps.gifts[g]
        if automa and (state.edition == "en" or gift.lightning):  # PC-16
            result["gifts (automa)"] = result.get("gifts (automa)", 0) + AUTOMA_GIFT_POINTS
        elif gift.kind == "snow_globe":
            globes += 1
        elif gift.kind == "keychain":
            assert gift.campsite is not None
            camps = camps_on_type(comps, state, seat, gift.campsite)
            key = f"keychain ({gift.campsite})"
            points = KEYCHAIN_POINTS[min(camps, len(KEYCHAIN_POINTS) - 1)]
            result[key] = result.get(key, 0) + points
        elif gift.kind == "caravan":
            points = CARAVAN_POINTS * caravan_regions(comps, state, seat)
            result["caravan"] = result.get("caravan", 0) + points
    if globes:
        result["snow globes"] = SNOW_GLOBE_POINTS[min(globes, len(SNOW_GLOBE_POINTS) - 1)]
    return result


def score_of(comps: Components, state: PostcardsState, seat: int) -> Score:
    """``seat``'s score as if the game ended now, broken down as in the rulebook's example."""
    player = state.players[seat]
    breakdown = {
        DURING_PLAY: player.points,
        ITINERARY: itinerary_points(comps, state, seat),
        UNSENT: sum(1 for p in player.postcards if not p.sent),
    }
    breakdown.update(gift_points(comps, state, seat))
    breakdown[BONUS] = END_GAME_BONUS if state.bonus == seat else 0
    return Score(sum(breakdown.values()), breakdown)


def rank_key(comps: Components, state: PostcardsState, seat: int) -> tuple[int, ...]:
    """Score, then postcards sent, then camps placed (PC-12); still tied: a shared place."""
    player = state.players[seat]
    sent = sum(1 for p in player.postcards if p.sent)
    return (score_of(comps, state, seat).total, sent, len(player.camps))
