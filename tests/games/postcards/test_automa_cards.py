"""The Automa's turn card by card: difficulty, the notebook binding, stamps, movement and the
fallbacks (rulebook Solo Mode; PC-13, PC-14, PC-15, PC-208, PC-209, PC-210)."""

from __future__ import annotations

import pytest

from mailbag.games.postcards import automa
from mailbag.games.postcards.state import EMPTY

from .automa_support import (
    AUTOMA,
    COMPONENTS,
    card_events,
    colour,
    components_with_itinerary,
    deck_top,
    empty_supply,
    explained,
    fill,
    give,
    has_colour,
    itinerary_listing,
    itinerary_without,
    lacks_colour,
    owned_postcard,
    play,
    play_slot,
    postcard_of,
    postcards_where,
    said,
    table,
    travel_row,
)

ROW = ("red.movement", "blue.postcard", "green.camp", "yellow.movement", "red.camp")


# -- difficulty and the display (PC-13) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "count"), [("automa:easy", 3), ("automa:normal", 4), ("automa:expert", 5)]
)
def test_difficulty_sets_the_number_of_cards_played_from_the_left(kind: str, count: int) -> None:
    state = table(("player", kind))
    travel_row(state, *ROW)
    discard = len(state.travel_discard)
    events = play(state)
    cards = card_events(events)
    assert [e.data["slot"] for e in cards] == list(range(1, count + 1))
    assert [e.data["card"] for e in cards] == list(ROW[:count])
    # each card played is discarded; the display is refilled at the end of the turn
    played = [COMPONENTS.travel_index(name) for name in ROW[:count]]
    assert state.travel_discard[discard:] == played
    assert EMPTY not in state.travel_row
    assert automa.cards_to_play(kind) == count


def test_cards_are_discarded_as_played_and_the_display_refilled_only_at_the_end() -> None:
    state = table(("player", "automa:expert"))
    travel_row(state, *ROW)
    rest = list(state.travel_row[1:])
    play_slot(state, 1)
    assert state.travel_row == [EMPTY, *rest]  # not refilled during the turn
    assert state.travel_discard[-1] == COMPONENTS.travel_index(ROW[0])
    play_slot(state, 2)
    assert state.travel_row[:2] == [EMPTY, EMPTY]


def test_slots_1_2_are_left_of_the_binding_and_3_5_right() -> None:
    state = table(("player", "automa:expert"))
    travel_row(state, *ROW)
    sides = [e.data["side"] for e in card_events(play(state))]
    assert sides == ["left", "left", "right", "right", "right"]


def test_the_automa_has_no_hand_and_asks_for_no_decision() -> None:
    state = table()
    travel_row(state, *ROW)
    hand_before = list(state.players[0].hand)
    play(state)
    assert state.players[AUTOMA].hand == []
    assert state.players[0].hand == hand_before


def test_turn_header_says_what_is_played() -> None:
    state = table(("player", "automa:easy"))
    travel_row(state, *ROW)
    header = play(state)[0]
    assert header.kind == "automa_turn"
    assert header.data == {"seat": AUTOMA, "difficulty": "easy", "cards": 3}
    assert "slots 1–3" in said(header)


def test_an_empty_display_slot_is_skipped_pc208() -> None:
    state = table()
    travel_row(state, "", "blue.postcard")
    event = explained(play_slot(state, 1))
    assert event.data["result"] == "discarded"
    assert event.data["steps"][0]["rule"] == "PC-208"
    assert "empty" in said(event)


# -- sticking a stamp (left of the binding) --------------------------------------------------------


def test_rulebook_example_yellow_stamp_goes_on_region_12() -> None:
    """The rulebook's example: the Automa holds postcards for regions 8 and 12, its itinerary
    lists 8 first, postcard 8 has no yellow space: a yellow card left of the binding stamps the
    yellow space of postcard 12."""
    components, itinerary = components_with_itinerary((8, 12, 1, 2), start=3)
    state = table()
    state.players[AUTOMA].itinerary = itinerary
    p8 = postcard_of(8, lacks_colour("yellow"))
    p12 = postcard_of(12, has_colour("yellow"))
    give(state, AUTOMA, p12, p8)
    travel_row(state, "yellow.movement")
    event = explained(play_slot(state, 1, components=components))
    yellow = COMPONENTS.postcards[p12].stamp_colours.index(colour("yellow"))
    assert owned_postcard(state, AUTOMA, p12).stamps[yellow]
    assert not any(owned_postcard(state, AUTOMA, p8).stamps)
    assert event.data["result"] == "stamp"
    assert "left of the binding" in said(event) and f"postcard {p12}" in said(event)


def test_rulebook_example_with_the_shipped_itinerary_cards() -> None:
    """Same example with a shipped itinerary listing region 8 but not 12 (PC-14: regions not
    on the card come after)."""
    state = table()
    state.players[AUTOMA].itinerary = itinerary_listing(8)
    assert 12 not in COMPONENTS.itineraries[state.players[AUTOMA].itinerary].regions
    p8 = postcard_of(8, lacks_colour("yellow"))
    p12 = postcard_of(12, has_colour("yellow"))
    give(state, AUTOMA, p12, p8)
    travel_row(state, "yellow.camp")
    play_slot(state, 1)
    assert any(owned_postcard(state, AUTOMA, p12).stamps)


def test_priority_beats_age_when_both_postcards_match() -> None:
    components, itinerary = components_with_itinerary((8, 12, 1, 2), start=3)
    state = table()
    state.players[AUTOMA].itinerary = itinerary
    p8 = postcard_of(8, has_colour("yellow"))
    p12 = postcard_of(12, has_colour("yellow"))
    give(state, AUTOMA, p12, p8)  # 12 is older, 8 comes first on the itinerary
    travel_row(state, "yellow.movement")
    play_slot(state, 1, components=components)
    assert any(owned_postcard(state, AUTOMA, p8).stamps)
    assert not any(owned_postcard(state, AUTOMA, p12).stamps)


def test_postcards_off_the_itinerary_come_after_oldest_first_pc14() -> None:
    state = table()
    state.players[AUTOMA].itinerary = itinerary_without(1, 2)
    older = postcard_of(1, has_colour("red"))
    newer = postcard_of(2, has_colour("red"))
    give(state, AUTOMA, older, newer)
    travel_row(state, "red.postcard")
    play_slot(state, 1)
    assert any(owned_postcard(state, AUTOMA, older).stamps)
    assert not any(owned_postcard(state, AUTOMA, newer).stamps)


def test_stamp_spaces_of_one_postcard_are_taken_top_to_bottom_pc14() -> None:
    state = table()
    card = postcards_where(lambda p: p.stamp_colours.count(colour("blue")) >= 2)[0]
    blues = [
        i for i, c in enumerate(COMPONENTS.postcards[card].stamp_colours) if c == colour("blue")
    ]
    give(state, AUTOMA, card)
    fill(state, AUTOMA, card, [blues[0]])
    travel_row(state, "blue.movement", "blue.movement")
    play_slot(state, 1)
    stamps = owned_postcard(state, AUTOMA, card).stamps
    assert stamps[blues[1]]
    assert sum(stamps) == 2


def test_left_card_without_a_matching_space_plays_its_action_pc15() -> None:
    state = table()
    card = postcard_of(8, lacks_colour("yellow"))
    give(state, AUTOMA, card)
    state.players[AUTOMA].region = 1
    deck_top(state, postcard_of(7))
    travel_row(state, "yellow.movement")
    event = explained(play_slot(state, 1))
    assert state.players[AUTOMA].region == 7
    assert event.data["result"] == "movement"
    assert "movement action instead" in said(event)


def test_left_card_with_neither_stamp_nor_action_is_discarded_pc15() -> None:
    state = table()
    card = postcard_of(8, lacks_colour("yellow"))
    give(state, AUTOMA, card)
    top = postcard_of(5)
    deck_top(state, top)
    state.players[AUTOMA].region = 5
    travel_row(state, "yellow.movement")
    event = explained(play_slot(state, 1))
    assert event.data["result"] == "discarded"
    assert "discarded with no effect" in said(event)
    assert state.players[AUTOMA].region == 5
    assert state.travel_discard[-1] == COMPONENTS.travel_index("yellow.movement")


def test_an_empty_supply_means_no_stamp_so_the_action_instead_pc209() -> None:
    state = table()
    card = postcard_of(8, has_colour("red"))
    give(state, AUTOMA, card)
    empty_supply(state)
    state.players[AUTOMA].region = 1
    deck_top(state, postcard_of(7))
    travel_row(state, "red.movement")
    event = explained(play_slot(state, 1))
    assert not any(owned_postcard(state, AUTOMA, card).stamps)
    assert state.players[AUTOMA].region == 7
    assert "supply is empty" in said(event)


# -- right of the binding: action first -----------------------------------------------------------


def test_right_card_plays_its_action_even_when_a_stamp_fits() -> None:
    state = table()
    card = postcard_of(8, has_colour("red"))
    give(state, AUTOMA, card)
    state.players[AUTOMA].region = 1
    deck_top(state, postcard_of(6))
    travel_row(state, "", "", "red.movement")
    event = explained(play_slot(state, 3))
    assert state.players[AUTOMA].region == 6
    assert not any(owned_postcard(state, AUTOMA, card).stamps)
    assert event.data["side"] == "right" and event.data["result"] == "movement"


def test_right_card_that_cannot_act_stamps_its_colour_pc15() -> None:
    state = table()
    card = postcard_of(8, has_colour("red"))
    give(state, AUTOMA, card)
    state.players[AUTOMA].region = 6
    deck_top(state, postcard_of(6))
    travel_row(state, "", "", "", "red.movement")
    event = explained(play_slot(state, 4))
    red = COMPONENTS.postcards[card].stamp_colours.index(colour("red"))
    assert owned_postcard(state, AUTOMA, card).stamps[red]
    assert state.players[AUTOMA].region == 6
    assert event.data["result"] == "stamp"
    assert "already is: cannot move" in said(event) and "red stamp instead" in said(event)


def test_right_card_with_neither_action_nor_stamp_is_discarded_pc15() -> None:
    state = table()
    card = postcard_of(8, lacks_colour("yellow"))
    give(state, AUTOMA, card)
    state.players[AUTOMA].region = 6
    deck_top(state, postcard_of(6))
    travel_row(state, "", "", "", "", "yellow.movement")
    event = explained(play_slot(state, 5))
    assert event.data["result"] == "discarded"
    assert [s["rule"] for s in event.data["steps"]][-1] == "PC-15"


# -- movement --------------------------------------------------------------------------------------


def test_movement_goes_to_the_region_of_the_deck_top_without_adjacency() -> None:
    state = table()
    state.players[AUTOMA].region = 2  # Hauts-de-France, far from Corse
    assert 7 not in COMPONENTS.regions[2].adjacent
    top = postcard_of(7)
    deck_top(state, top)
    travel_row(state, "", "", "green.movement")
    play_slot(state, 3)
    assert state.players[AUTOMA].region == 7
    assert state.postcard_deck[-1] == top  # the postcard is only looked at, not taken


def test_movement_with_an_empty_deck_reshuffles_the_discard_pc210() -> None:
    state = table()
    state.players[AUTOMA].region = 2
    state.postcard_discard += state.postcard_deck
    state.postcard_deck = []
    travel_row(state, "", "", "green.movement")
    play_slot(state, 3)
    assert state.postcard_discard == []
    top = state.postcard_deck[-1]
    assert state.players[AUTOMA].region in (2, COMPONENTS.postcards[top].region)


def test_movement_with_no_postcard_left_anywhere_cannot_happen_pc210() -> None:
    state = table()
    card = postcard_of(8, lacks_colour("green"))
    give(state, AUTOMA, card)
    state.players[AUTOMA].region = 2
    state.postcard_deck = []  # no deck and no discard pile (conservation not checked here)
    assert state.postcard_discard == []
    travel_row(state, "", "", "green.movement")
    event = explained(automa.play_slot(COMPONENTS, state, AUTOMA, 2))
    assert state.players[AUTOMA].region == 2
    assert event.data["result"] == "discarded"
    assert "no postcard left in the deck" in said(event)
