"""Postcards set-up (rulebook, Setup; PC-3, PC-13): the table checked, the components dealt
from the seed, and an Automa that is first player playing its turn at once."""

from __future__ import annotations

from collections.abc import Mapping

from mailbag.core.errors import ComponentError, SeatError
from mailbag.core.game import Event
from mailbag.core.i18n import _
from mailbag.core.rng import Rng
from mailbag.core.spec import OptionValue
from mailbag.games.postcards import pieces, turn
from mailbag.games.postcards.components import Components, deal_shortfall
from mailbag.games.postcards.state import (
    EMPTY,
    GIFT_ROW,
    HAND_SIZE,
    POSTCARD_ROW,
    TRAVEL_ROW,
    Player,
    PostcardsState,
    Turn,
)

# -- the table -----------------------------------------------------------------------------------


def check_table(seats: tuple[str, ...]) -> None:
    """At least two seats, at least one of them a player, the others players or Automas."""
    if len(seats) < 2:
        raise SeatError(
            _(
                "Postcards needs 2–4 seats: a lone player plays against at least one Automa "
                "(e.g. player,automa:normal)"
            )
        )
    if "player" not in seats:
        raise SeatError(
            _("Postcards needs at least one player seat (an all-Automa table is not allowed)")
        )
    for kind in seats:
        if kind != "player" and kind not in turn.AUTOMA_KINDS:
            raise SeatError(
                _(
                    "unknown seat kind {kind}; valid: player, {valid}",
                    kind=repr(kind),
                    valid=", ".join(turn.AUTOMA_KINDS),
                )
            )


def deal(
    components: Components,
    seats: tuple[str, ...],
    options: Mapping[str, OptionValue],
    seed: int,
    rules_version: int = turn.RULES_VERSION,
) -> tuple[PostcardsState, list[Event]]:
    """Deal a new game by the rulebook's Setup steps; an Automa first player plays at once.
    ``rules_version``: the rules it is played by (see ``PostcardsState.rules``)."""
    check_table(seats)
    problem = deal_shortfall(components, seats)
    if problem is not None:
        raise ComponentError(f"{components.source}: {problem}")
    rng = Rng.from_seed(seed)
    gift_deck = components.gift_deck()
    rng.shuffle(gift_deck)
    gift_row = [gift_deck.pop() for _ in range(GIFT_ROW)]
    travel_deck = components.travel_deck()
    rng.shuffle(travel_deck)
    travel_row = [travel_deck.pop() for _ in range(TRAVEL_ROW)]
    itineraries = sorted(components.itineraries)
    rng.shuffle(itineraries)
    postcard_deck = sorted(components.postcards)
    rng.shuffle(postcard_deck)
    players = []
    for kind in seats:
        itinerary = itineraries.pop()
        hand = sorted(travel_deck.pop() for _ in range(HAND_SIZE)) if kind == "player" else []
        players.append(
            Player(kind, itinerary, components.itineraries[itinerary].start, hand, [], [], [])
        )
    state = PostcardsState(
        rng=rng,
        edition=str(options.get("edition", "en")),
        side=str(options.get("side", "A")),
        players=players,
        first_player=0,
        current=0,
        turn=Turn(),
        travel_deck=travel_deck,
        travel_discard=[],
        travel_row=travel_row,
        postcard_deck=postcard_deck,
        postcard_discard=[],
        postcard_row=[EMPTY] * POSTCARD_ROW,
        gift_deck=gift_deck,
        gift_discard=[],
        gift_row=gift_row,
        supply=components.tokens,
        camp_owner=[EMPTY] * len(components.campsites),
        unused_itineraries=sorted(itineraries),
        rules=rules_version,
    )
    for seat in range(len(seats)):  # one random postcard each, information side up (PC-3)
        pieces.gain_postcard(components, state, seat, state.postcard_deck.pop())
    pieces.refill_postcard_row(state)
    state.first_player = state.current = rng.randbelow(len(seats))
    events = turn.run_engine_seats(components, state)
    return state, events
