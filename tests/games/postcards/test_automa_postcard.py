"""The Automa's postcard action: priorities, the discard-and-replace step, the deck-top fallback
and never two postcards of one itinerary region, on every path (Solo Mode; PC-7, PC-15,
PC-201, PC-202, PC-211)."""

from __future__ import annotations

from mailbag.games.postcards import automa
from mailbag.games.postcards.state import EMPTY, OwnedPostcard, PostcardsState

from .automa_support import (
    AUTOMA,
    COMPONENTS,
    deck_not_of,
    deck_top,
    explained,
    give,
    has_colour,
    lacks_colour,
    owned_postcard,
    play_slot,
    postcard_of,
    postcard_row,
    postcards_where,
    said,
    table,
    travel_row,
)

#: the itinerary card used below and its four regions, in priority order
ITINERARY = 1
R1, R2, R3, R4 = COMPONENTS.itineraries[ITINERARY].regions
OTHER = [r for r in COMPONENTS.regions if r not in (R1, R2, R3, R4)]


def automa_holding(*cards: int, sent: tuple[int, ...] = (), **kw: str) -> PostcardsState:
    state = table(**kw)  # type: ignore[arg-type]
    state.players[AUTOMA].itinerary = ITINERARY
    give(state, AUTOMA, *cards, sent=sent)
    return state


def held(state: PostcardsState) -> list[int]:
    return [o.card for o in state.players[AUTOMA].postcards]


def unplayed_postcard(card: int) -> OwnedPostcard:
    info = COMPONENTS.postcards[card]
    return OwnedPostcard(card, [False] * len(info.stamps), [False] * len(info.souvenirs))


def first(region: int, n: int = 0) -> int:
    return postcards_where(lambda p: p.region == region)[n]


def assert_one_per_itinerary_region(state: PostcardsState) -> None:
    regions = [COMPONENTS.postcards[c].region for c in held(state)]
    itinerary = COMPONENTS.itineraries[state.players[AUTOMA].itinerary].regions
    for region in itinerary:
        assert regions.count(region) <= 1, f"two postcards of itinerary region {region}"


def test_takes_the_display_postcard_of_highest_priority_pc201() -> None:
    start = first(OTHER[0])
    state = automa_holding(start)
    postcard_row(state, first(R3), first(R1), first(OTHER[1]))
    travel_row(state, "", "", "red.postcard")
    event = explained(play_slot(state, 3))
    assert held(state) == [start, first(R1)]
    assert state.postcard_row[1] not in (EMPTY, first(R1))  # the slot is refilled at once
    assert event.data["result"] == "postcard"
    assert "display slot 2" in said(event)


def test_leftmost_among_postcards_of_the_same_region_pc201() -> None:
    state = automa_holding(first(OTHER[0]))
    postcard_row(state, first(R4), first(R2, 1), first(R2, 0))
    travel_row(state, "", "", "red.postcard")
    play_slot(state, 3)
    assert held(state)[-1] == first(R2, 1)


def test_a_region_already_held_is_never_taken_again_from_the_display() -> None:
    state = automa_holding(first(R1, 0), first(R2, 0), sent=(first(R2, 0),))
    postcard_row(state, first(R1, 1), first(R2, 1), first(R3, 0))
    travel_row(state, "", "", "red.postcard")
    play_slot(state, 3)
    assert held(state)[-1] == first(R3, 0)
    assert_one_per_itinerary_region(state)


def test_no_match_discards_and_replaces_the_display_then_takes_by_priority_pc202() -> None:
    state = automa_holding(first(R1, 0))
    old_row = [first(OTHER[0]), first(OTHER[1]), first(R1, 1)]  # R1 is held: no match
    postcard_row(state, *old_row)
    deck_top(state, first(OTHER[2]), first(R4), first(R2))  # revealed into slots 1-3
    travel_row(state, "", "", "blue.postcard")
    event = explained(play_slot(state, 3))
    assert state.postcard_discard[-3:] == old_row
    assert held(state)[-1] == first(R2)
    assert "discards the 3 face-up postcards" in said(event)
    assert_one_per_itinerary_region(state)


def test_refresh_also_when_every_itinerary_region_is_held_pc202() -> None:
    state = automa_holding(first(R1), first(R2), first(R3), first(R4))
    old_row = list(state.postcard_row)
    deck_not_of(state, ())
    travel_row(state, "", "", "blue.postcard")
    play_slot(state, 3)
    assert state.postcard_discard[-3:] == old_row
    assert_one_per_itinerary_region(state)


def test_still_no_match_takes_the_deck_top_of_any_region() -> None:
    state = automa_holding(first(R1, 0))
    postcard_row(state, first(OTHER[0]), first(OTHER[1]), first(OTHER[2]))
    top = first(OTHER[3])
    deck_top(state, top, first(OTHER[4]), first(OTHER[5]), first(OTHER[6]))
    travel_row(state, "", "", "green.postcard")
    event = explained(play_slot(state, 3))
    assert held(state) == [first(R1, 0), top]
    assert "takes the top postcard of the deck" in said(event)


def test_the_deck_top_may_be_a_wanted_itinerary_region() -> None:
    state = automa_holding(first(R1, 0))
    postcard_row(state, first(OTHER[0]), first(OTHER[1]), first(OTHER[2]))
    deck_top(state, first(R2), first(OTHER[4]), first(OTHER[5]), first(OTHER[6]))
    travel_row(state, "", "", "green.postcard")
    play_slot(state, 3)
    assert held(state)[-1] == first(R2)


def test_deck_top_of_an_itinerary_region_held_is_refused_then_stamp_pc15() -> None:
    mine = postcard_of(R1, has_colour("green"))
    state = automa_holding(mine)
    postcard_row(state, first(OTHER[0]), first(OTHER[1]), first(OTHER[2]))
    other_r1 = next(c for c in postcards_where(lambda p: p.region == R1) if c != mine)
    deck_top(state, other_r1, first(OTHER[4]), first(OTHER[5]), first(OTHER[6]))
    travel_row(state, "", "", "green.postcard")
    event = explained(play_slot(state, 3))
    assert held(state) == [mine]
    assert state.postcard_deck[-1] == other_r1
    assert any(owned_postcard(state, AUTOMA, mine).stamps)
    assert event.data["result"] == "stamp"
    assert "already holds" in said(event) and "green stamp instead" in said(event)


def test_sent_postcards_count_for_the_one_per_region_rule() -> None:
    mine = first(R1, 0)
    state = automa_holding(mine, sent=(mine,))
    postcard_row(state, first(OTHER[0]), first(OTHER[1]), first(OTHER[2]))
    deck_top(state, first(R1, 1), first(OTHER[4]), first(OTHER[5]), first(OTHER[6]))
    travel_row(state, "", "", "green.postcard")
    play_slot(state, 3)
    assert held(state) == [mine]


def test_a_non_itinerary_region_may_be_held_twice() -> None:
    state = automa_holding(first(OTHER[0], 0))
    postcard_row(state, first(OTHER[1]), first(OTHER[2]), first(OTHER[3]))
    deck_top(state, first(OTHER[0], 1), first(OTHER[4]), first(OTHER[5]), first(OTHER[6]))
    travel_row(state, "", "", "green.postcard")
    play_slot(state, 3)
    assert held(state) == [first(OTHER[0], 0), first(OTHER[0], 1)]


def test_no_postcard_anywhere_means_a_stamp_instead() -> None:
    mine = postcard_of(R1, has_colour("yellow"))
    state = automa_holding(mine)
    state.postcard_row = [EMPTY, EMPTY, EMPTY]
    state.postcard_deck = []  # out of the game for this test (conservation not checked)
    travel_row(state, "", "", "yellow.postcard")
    event = explained(automa.play_slot(COMPONENTS, state, AUTOMA, 2))
    assert event.data["result"] == "stamp"
    assert "no postcard left to take" in said(event)


def test_left_postcard_card_without_stamp_space_takes_a_postcard() -> None:
    mine = postcard_of(R1, lacks_colour("red"))
    state = automa_holding(mine)
    postcard_row(state, first(R2), first(OTHER[0]), first(OTHER[1]))
    travel_row(state, "red.postcard")
    event = explained(play_slot(state, 1))
    assert held(state) == [mine, first(R2)]
    assert event.data["result"] == "postcard"


def test_dutch_edition_deck_top_take_replaces_the_display_pc211() -> None:
    state = automa_holding(first(R1, 0), edition="nl")
    postcard_row(state, first(OTHER[0]), first(OTHER[1]), first(OTHER[2]))
    top = first(OTHER[3])
    later = [first(OTHER[0], 1), first(OTHER[1], 1), first(OTHER[2], 1)]
    deck_top(state, *later, top, first(OTHER[4]), first(OTHER[5]), first(OTHER[6]))
    travel_row(state, "", "", "green.postcard")
    play_slot(state, 3)
    assert held(state)[-1] == top
    # PC-7 (nl): taking the deck top discards the face-up postcards and reveals new ones
    assert state.postcard_row == later[::-1]


def test_no_refresh_when_no_postcard_is_left_to_reveal_pc202() -> None:
    mine = postcard_of(R1, has_colour("red"))
    state = automa_holding(mine)
    row = [first(OTHER[0]), first(OTHER[1]), first(OTHER[2])]
    postcard_row(state, *row)
    rest = state.postcard_deck + state.postcard_discard
    state.postcard_deck, state.postcard_discard = [], []
    state.players[0].postcards += [unplayed_postcard(c) for c in rest]  # kept in play by seat 0
    travel_row(state, "", "", "red.postcard")
    event = explained(play_slot(state, 3))
    assert state.postcard_row == row
    assert "discards" not in said(event)
    assert event.data["result"] == "stamp"


def test_postcard_effect_respects_one_postcard_per_itinerary_region() -> None:
    source = next(
        p
        for p in COMPONENTS.postcards.values()
        if p.souvenirs[0].effect.kind == "postcard" and p.region == R1
    )
    state = automa_holding(source.id)
    state.players[AUTOMA].region = next(
        r
        for r in COMPONENTS.regions
        if source.souvenirs[0].campsite
        in [COMPONENTS.campsites[c].type for c in COMPONENTS.regions[r].campsites]
    )
    postcard_row(state, first(OTHER[0]), first(OTHER[1]), first(OTHER[2]))
    other_r1 = next(c for c in postcards_where(lambda p: p.region == R1) if c != source.id)
    deck_top(state, other_r1, first(OTHER[4]), first(OTHER[5]), first(OTHER[6]))
    travel_row(state, "", "", "red.camp")
    event = explained(play_slot(state, 3))
    assert held(state) == [source.id]
    assert "the postcard effect is lost" in said(event)
    assert_one_per_itinerary_region(state)
