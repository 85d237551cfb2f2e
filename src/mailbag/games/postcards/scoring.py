"""Postcards final scoring (Final Scoring, Itinerary Cards, Gift Cards; PC-10, PC-12, PC-16).

Final score = points scored during play + itinerary + 1 per unsent postcard + bell gift cards
+ the End Game Bonus. Ties: most postcards sent, then most camps placed, then a shared win.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from mailbag.core.game import Score
from mailbag.core.i18n import NC_
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import PostcardsState

#: points for 0/1/2/3/4 distinct itinerary regions among the postcards sent (PC-12)
ITINERARY_POINTS: Final = (0, 2, 4, 7, 11)
END_GAME_BONUS: Final = 3
#: PC-16: what a gift card is worth to an Automa
AUTOMA_GIFT_POINTS: Final = 3

#: the lines of the final score: keys of the score's breakdown (language-neutral data, shown
#: with ``pgettext("score", line)``)
DURING_PLAY: Final = NC_("score", "during play")
ITINERARY: Final = NC_("score", "itinerary")
UNSENT: Final = NC_("score", "unsent postcards")
BONUS: Final = NC_("score", "end-game bonus")
AUTOMA_GIFTS: Final = NC_("score", "gifts (automa)")
#: the lines of the final score besides the bell gifts' own (a gift entry may not reuse one)
FIXED_LINES: Final = frozenset({DURING_PLAY, ITINERARY, UNSENT, BONUS, AUTOMA_GIFTS})


def itinerary_points(components: Components, state: PostcardsState, seat: int) -> int:
    """2/4/7/11 for 1/2/3/4 itinerary regions among the postcards sent (each region once)."""
    player = state.players[seat]
    wanted = components.itineraries[player.itinerary].regions
    sent = {components.postcards[p.card].region for p in player.postcards if p.sent}
    return ITINERARY_POINTS[sum(1 for r in wanted if r in sent)]


def gift_points(components: Components, state: PostcardsState, seat: int) -> dict[str, int]:
    """Points of the gift cards ``seat`` holds, by line of the final score: each bell gift
    kind's own function and line (PC-10); an Automa's gifts by PC-16."""
    player = state.players[seat]
    automa = player.kind != "player"
    result: dict[str, int] = {}
    held: Counter[int] = Counter()
    for g in player.gifts:
        gift = components.gifts[g]
        if automa and (state.edition == "en" or gift.lightning):  # PC-16
            result[AUTOMA_GIFTS] = result.get(AUTOMA_GIFTS, 0) + AUTOMA_GIFT_POINTS
        elif gift.score is not None:
            held[g] += 1
    for g, copies in held.items():
        gift = components.gifts[g]
        assert gift.score is not None
        points = gift.score(components, state, seat, copies)
        result[gift.breakdown] = result.get(gift.breakdown, 0) + points
    return result


def score_of(components: Components, state: PostcardsState, seat: int) -> Score:
    """``seat``'s score as if the game ended now, broken down as in the rulebook's example."""
    player = state.players[seat]
    breakdown = {
        DURING_PLAY: player.points,
        ITINERARY: itinerary_points(components, state, seat),
        UNSENT: sum(1 for p in player.postcards if not p.sent),
    }
    breakdown.update(gift_points(components, state, seat))
    breakdown[BONUS] = END_GAME_BONUS if state.bonus == seat else 0
    return Score(sum(breakdown.values()), breakdown)


def scores(components: Components, state: PostcardsState) -> list[Score]:
    """Every seat's score as if the game ended now (the final scores once it is over)."""
    return [score_of(components, state, seat) for seat in range(len(state.players))]


def rank_key(components: Components, state: PostcardsState, seat: int) -> tuple[int, ...]:
    """Score, then postcards sent, then camps placed (PC-12); still tied: a shared place."""
    player = state.players[seat]
    sent = sum(1 for p in player.postcards if p.sent)
    return (score_of(components, state, seat).total, sent, len(player.camps))


def balance_tags(components: Components, state: PostcardsState, seat: int) -> dict[str, list[str]]:
    """The components that shaped ``seat``'s game, for balance statistics: its itinerary card
    and the gift cards it holds."""
    player = state.players[seat]
    return {
        "itinerary": [f"itinerary:{player.itinerary}"],
        "gift": sorted(f"gift:{components.gifts[g].name}" for g in player.gifts),
    }
