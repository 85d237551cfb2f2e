"""The gift cards (rulebook, Gift Cards; PC-10): the behaviour of each ``[[gifts]]`` entry of the
component data. A lightning gift's function (:data:`behaviours.GIFT_USES`) carries out its use
during its owner's turn, the card already discarded; a bell gift's function
(:data:`behaviours.GIFT_SCORES`) gives the points of the cards of its kind held at the end. The
numbers printed on a bell gift are fields of its entry (``points``, ``campsite`` …); a lightning
gift's numbers shape the decisions of the turn and its notation (``keep P P``), so they are here.
"""

from __future__ import annotations

from collections import Counter

from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.postcards import pieces
from mailbag.games.postcards.behaviours import GIFT_SCORES, GIFT_USES, CampsiteType, Table
from mailbag.games.postcards.kinds import Components
from mailbag.games.postcards.state import EMPTY, HIKING, ROAD_MOVE, STAMP, Frame, PostcardsState

#: Car: extra movements this turn
CAR_MOVEMENTS = 3
#: Stamp Collection: stamps placed, each on any open space (each may be declined)
COLLECTION_STAMPS = 2
#: Hiking Guide: postcards drawn, and kept (PC-107: with this many or fewer drawn, all are kept)
HIKING_DRAW = 5
HIKING_KEEP = 2


@GIFT_USES.register("car")
def car(components: Components, state: PostcardsState, seat: int) -> list[Event]:
    """Up to 3 extra Movement actions this turn (kept like movement effects, PC-4)."""
    state.turn.moves += CAR_MOVEMENTS
    return []


@GIFT_USES.register("stamp_collection")
def stamp_collection(components: Components, state: PostcardsState, seat: int) -> list[Event]:
    """Up to 2 stamps on any open stamp spaces (two stamp decisions)."""
    state.turn.stack += [Frame(STAMP) for _ in range(COLLECTION_STAMPS)]
    return []


@GIFT_USES.register("road_map")
def road_map(components: Components, state: PostcardsState, seat: int) -> list[Event]:
    """Move to an adjacent region, then you may camp there: a full camp action (PC-10)."""
    state.turn.stack.append(Frame(ROAD_MOVE))
    return []


@GIFT_USES.register("hiking_guide")
def hiking_guide(components: Components, state: PostcardsState, seat: int) -> list[Event]:
    """Draw 5 postcards, keep 2; the others go to the discard pile (PC-10). PC-107: from a
    short deck (reshuffled if needed), 2 or fewer drawn are all kept."""
    drawn = []
    for _ in range(HIKING_DRAW):
        card = pieces.draw_postcard(state)
        if card == EMPTY:
            break
        drawn.append(card)
    if len(drawn) <= HIKING_KEEP:
        for card in drawn:
            pieces.gain_postcard(components, state, seat, card)
    else:
        state.turn.stack.append(Frame(HIKING, cards=drawn))
    return [
        Event(
            "hiking",
            N_("{seat} draws {count} postcards"),
            {"seat": seat, "count": len(drawn)},
        ),
        Event(
            "hiking_cards",
            N_("you draw postcards {cards}"),
            {"seat": seat, "cards": sorted(drawn)},
            to=(seat,),
        ),
    ]


@GIFT_SCORES.register("keychain")
def keychain(
    components: Components,
    state: PostcardsState,
    seat: int,
    copies: int,
    *,
    campsite: CampsiteType,
    points: Table,
) -> int:
    """Each card: ``points[n]`` for the ``n`` camps on campsites of its type (the last entry
    for more)."""
    camps = sum(1 for c in state.players[seat].camps if components.campsites[c].type == campsite)
    return copies * points[min(camps, len(points) - 1)]


@GIFT_SCORES.register("snow_globe")
def snow_globe(
    components: Components, state: PostcardsState, seat: int, copies: int, *, points: Table
) -> int:
    """``points[n]`` for the ``n`` cards of this kind held together (the last entry for more)."""
    return points[min(copies, len(points) - 1)]


@GIFT_SCORES.register("caravan")
def caravan(
    components: Components,
    state: PostcardsState,
    seat: int,
    copies: int,
    *,
    points: int,
    camps: int,
) -> int:
    """Each card: ``points`` per region holding at least ``camps`` of the player's camps."""
    per_region = Counter(components.campsites[c].region for c in state.players[seat].camps)
    return copies * points * sum(1 for n in per_region.values() if n >= camps)
