"""A small state builder for the Automa scenario tests (no tests here).

Positions are made from a real set-up and then arranged by moving components from wherever they
are to where a test wants them, so every card and token is still counted once (the inventory is
unchanged by arranging). The Automa sits in seat 1 unless a test says otherwise.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable

from mailbag.core.game import Event
from mailbag.core.spec import OptionValue
from mailbag.games import get
from mailbag.games.postcards import automa, pieces, setup
from mailbag.games.postcards.components import COLOURS, Components, Itinerary, Postcard
from mailbag.games.postcards.game import PostcardsGame
from mailbag.games.postcards.pieces import inventory
from mailbag.games.postcards.state import EMPTY, OwnedPostcard, PostcardsState

GAME: PostcardsGame = get("postcards")  # type: ignore[assignment]
COMPONENTS: Components = GAME.components
AUTOMA = 1


def table(
    kinds: Iterable[str] = ("player", "automa:normal"),
    *,
    seed: int = 0,
    current: int | None = None,
    **options: OptionValue,
) -> PostcardsState:
    """A fresh position, nobody has played yet: dealt (with the game's ``options`` by name, the
    others at their defaults) as if every seat were a player, then the Automa seats give their
    hands back to the Travel deck (an Automa has no hand)."""
    kinds = tuple(kinds)
    resolved = GAME.spec.resolve_options(options)
    state, _ = setup.deal(COMPONENTS, ("player",) * len(kinds), resolved, seed)
    for seat, kind in enumerate(kinds):
        player = state.players[seat]
        player.kind = kind
        if kind != "player":
            state.travel_deck[:0] = player.hand
            player.hand = []
    if current is not None:
        state.first_player = state.current = current
    return state


# -- finding components ---------------------------------------------------------------------------


def postcards_where(test: Callable[[Postcard], bool]) -> list[int]:
    return [p.id for p in COMPONENTS.postcards.values() if test(p)]


def postcard_of(region: int, test: Callable[[Postcard], bool] = lambda p: True) -> int:
    found = postcards_where(lambda p: p.region == region and test(p))
    assert found, f"no postcard of region {region} fits the test"
    return found[0]


def colour(name: str) -> int:
    return COLOURS.index(name)


def has_colour(name: str) -> Callable[[Postcard], bool]:
    return lambda p: colour(name) in p.stamp_colours


def lacks_colour(name: str) -> Callable[[Postcard], bool]:
    return lambda p: colour(name) not in p.stamp_colours


def campsite_of(region: int, site_type: str) -> int:
    for c in COMPONENTS.regions[region].campsites:
        if COMPONENTS.campsites[c].type == site_type:
            return c
    raise AssertionError(f"region {region} has no {site_type} campsite")


def region_without(site_types: Iterable[str]) -> int:
    """A region none of whose campsites is of these types."""
    banned = set(site_types)
    for number, region in COMPONENTS.regions.items():
        if not any(COMPONENTS.campsites[c].type in banned for c in region.campsites):
            return number
    raise AssertionError(f"every region has a campsite of {banned}")


def itinerary_listing(*regions: int) -> int:
    """An itinerary card whose regions include ``regions`` in that order."""
    for card in COMPONENTS.itineraries.values():
        positions = [card.regions.index(r) for r in regions if r in card.regions]
        if len(positions) == len(regions) and positions == sorted(positions):
            return card.id
    raise AssertionError(f"no itinerary lists {regions} in that order")


def itinerary_without(*regions: int) -> int:
    for card in COMPONENTS.itineraries.values():
        if not set(regions) & set(card.regions):
            return card.id
    raise AssertionError(f"every itinerary lists one of {regions}")


def components_with_itinerary(regions: tuple[int, ...], start: int) -> tuple[Components, int]:
    """A component set with one more itinerary card (id 99) listing ``regions`` in order."""
    cards = dict(COMPONENTS.itineraries)
    cards[99] = Itinerary(99, start, regions)
    return dataclasses.replace(COMPONENTS, itineraries=cards), 99


# -- arranging a position -------------------------------------------------------------------------


def _take_postcard_out(state: PostcardsState, card: int) -> None:
    """Remove ``card`` from wherever it is (an empty display slot is left EMPTY)."""
    for pile in (state.postcard_deck, state.postcard_discard):
        if card in pile:
            pile.remove(card)
            return
    if card in state.postcard_row:
        state.postcard_row[state.postcard_row.index(card)] = EMPTY
        return
    for player in state.players:
        for owned in player.postcards:
            if owned.card == card:
                state.supply += sum(owned.stamps) + sum(owned.souvenirs)
                player.postcards.remove(owned)
                return
    raise AssertionError(f"postcard {card} is nowhere")


def give(state: PostcardsState, seat: int, *cards: int, sent: Iterable[int] = ()) -> None:
    """``seat`` holds exactly ``cards`` (in that order, oldest first); its former postcards go
    to the bottom of the deck. Postcards listed in ``sent`` are flipped (already sent)."""
    player = state.players[seat]
    for owned in list(player.postcards):
        state.supply += sum(owned.stamps) + sum(owned.souvenirs)
        player.postcards.remove(owned)
        state.postcard_deck.insert(0, owned.card)
    sent = set(sent)
    for card in cards:
        _take_postcard_out(state, card)
        pieces.gain_postcard(COMPONENTS, state, seat, card)
        owned_postcard(state, seat, card).sent = card in sent
    pieces.refill_postcard_row(state)


def owned_postcard(state: PostcardsState, seat: int, card: int) -> OwnedPostcard:
    return pieces.owned_postcard(state, seat, card)


def fill(
    state: PostcardsState,
    seat: int,
    card: int,
    stamps: Iterable[int] = (),
    souvenirs: Iterable[int] = (),
) -> None:
    """Put tokens from the supply on these stamp / souvenir spaces (0-based) of ``card``."""
    owned = owned_postcard(state, seat, card)
    for i in stamps:
        assert not owned.stamps[i]
        owned.stamps[i] = True
        state.supply -= 1
    for i in souvenirs:
        assert not owned.souvenirs[i]
        owned.souvenirs[i] = True
        state.supply -= 1


def fill_all_stamps_but(state: PostcardsState, seat: int, card: int, *open_spaces: int) -> None:
    owned = owned_postcard(state, seat, card)
    fill(state, seat, card, [i for i in range(len(owned.stamps)) if i not in open_spaces])


def postcard_row(state: PostcardsState, *cards: int) -> None:
    """The face-up postcards, slots 1–3 (EMPTY for an empty slot); the old ones go to the
    bottom of the deck."""
    for i, old in enumerate(state.postcard_row):
        if old != EMPTY:
            state.postcard_row[i] = EMPTY
            state.postcard_deck.insert(0, old)
    for card in cards:
        if card != EMPTY:
            _take_postcard_out(state, card)
    state.postcard_row[: len(cards)] = list(cards)


def deck_top(state: PostcardsState, *cards: int) -> None:
    """Put ``cards`` on top of the postcard deck, the last one on top."""
    for card in cards:
        _take_postcard_out(state, card)
        state.postcard_deck.append(card)


def deck_not_of(state: PostcardsState, regions: Iterable[int]) -> None:
    """Reorder the postcard deck so that its top card is of none of ``regions``."""
    banned = set(regions)
    for i in range(len(state.postcard_deck) - 1, -1, -1):
        if COMPONENTS.postcards[state.postcard_deck[i]].region not in banned:
            state.postcard_deck.append(state.postcard_deck.pop(i))
            return
    raise AssertionError("every postcard in the deck is of a banned region")


def travel_row(state: PostcardsState, *names: str) -> None:
    """The face-up Travel cards, slots 1–5, by kind name (``"yellow.movement"``; ``""`` leaves
    the slot empty). Cards come from the deck or discard pile; the old row goes to the deck."""
    for i, old in enumerate(state.travel_row):
        if old != EMPTY:
            state.travel_deck.insert(0, old)
            state.travel_row[i] = EMPTY
    for i, name in enumerate(names):
        if not name:
            continue
        kind = COMPONENTS.travel_index(name)
        assert kind is not None, name
        pile = state.travel_deck if kind in state.travel_deck else state.travel_discard
        pile.remove(kind)
        state.travel_row[i] = kind


def camp(state: PostcardsState, seat: int, *campsites: int) -> None:
    for c in campsites:
        assert state.camp_owner[c - 1] == EMPTY
        state.camp_owner[c - 1] = seat
        state.players[seat].camps.append(c)


def empty_supply(state: PostcardsState, leave: int = 0) -> None:
    """Leave ``leave`` tokens in the supply: the others go on spare postcards given to seat 0
    (never fully stamped, so none could be sent), so every token is still counted."""
    extra = state.supply - leave
    spare = [p for p in postcards_where(lambda p: True) if p not in _owned_cards(state)]
    while extra > 0:
        card = spare.pop()
        _take_postcard_out(state, card)
        pieces.gain_postcard(COMPONENTS, state, 0, card)
        owned = owned_postcard(state, 0, card)
        for i in range(len(owned.stamps) - 1):  # never complete: it would be sent
            if extra:
                owned.stamps[i] = True
                extra -= 1
                state.supply -= 1
        for i in range(len(owned.souvenirs)):
            if extra:
                owned.souvenirs[i] = True
                extra -= 1
                state.supply -= 1
    pieces.refill_postcard_row(state)


def _owned_cards(state: PostcardsState) -> set[int]:
    return {o.card for p in state.players for o in p.postcards}


# -- playing ----------------------------------------------------------------------------------


def play(
    state: PostcardsState, seat: int = AUTOMA, components: Components = COMPONENTS
) -> list[Event]:
    """The Automa's whole turn (without the engine's end of turn)."""
    before = inventory(components, state)
    events = automa.play_automa_turn(components, state, seat)
    assert inventory(components, state) == before, "the Automa's turn broke conservation"
    return events


def play_slot(
    state: PostcardsState, slot: int, seat: int = AUTOMA, components: Components = COMPONENTS
) -> list[Event]:
    """The Automa plays the one face-up Travel card of ``slot`` (1-based)."""
    before = inventory(components, state)
    events = automa.play_slot(components, state, seat, slot - 1)
    assert inventory(components, state) == before, "the Automa's card broke conservation"
    return events


def card_events(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "automa_card"]


def explained(events: list[Event]) -> Event:
    """The single explanation event of one played card."""
    cards = card_events(events)
    assert len(cards) == 1, cards
    return cards[0]


def said(event: Event) -> str:
    """An event as a person reads it (in the language of the moment; English by default), the
    seats called "seat N"."""
    return GAME.presentation.event_text(event, [f"seat {s}" for s in range(4)])


def kinds(events: list[Event]) -> Counter[str]:
    return Counter(e.kind for e in events)


def open_spaces(state: PostcardsState, seat: int, card: int) -> list[int]:
    return [i for i, f in enumerate(owned_postcard(state, seat, card).stamps) if not f]
