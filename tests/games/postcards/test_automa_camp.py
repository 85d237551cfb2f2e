"""The Automa's camp action and the effects it gains (Solo Mode; PC-2, PC-8, PC-14, PC-15,
PC-203, PC-204, PC-206, PC-207)."""

from __future__ import annotations

import pytest

from mailbag.games.postcards.components import Postcard
from mailbag.games.postcards.state import PostcardsState

from .automa_support import (
    AUTOMA,
    COMPONENTS,
    camp,
    campsite_of,
    colour,
    deck_top,
    empty_supply,
    explained,
    fill,
    give,
    owned_postcard,
    play_slot,
    postcard_of,
    postcard_row,
    postcards_where,
    said,
    table,
    travel_row,
)


def region_with(site_type: str, but: tuple[int, ...] = ()) -> int:
    for number, region in COMPONENTS.regions.items():
        if number not in but and any(
            COMPONENTS.campsites[c].type == site_type for c in region.campsites
        ):
            return number
    raise AssertionError(site_type)


def first_souvenir(kind: str) -> Postcard:
    """A postcard whose first souvenir space gives a ``kind`` effect."""
    for p in COMPONENTS.postcards.values():
        if p.souvenirs[0].effect.kind == kind:
            return p
    raise AssertionError(kind)


def camp_for(card: Postcard, **kw: str) -> PostcardsState:
    """The Automa holds only ``card``, stands in a region with a free campsite of the type of
    its first souvenir space, and slot 3 holds a camp card."""
    state = table(**kw)  # type: ignore[arg-type]
    give(state, AUTOMA, card.id)
    state.players[AUTOMA].region = region_with(card.souvenirs[0].campsite)
    travel_row(state, "", "", "red.camp")
    return state


# -- the camp action -------------------------------------------------------------------------------


def test_issue_example_no_campsite_in_bretagne_matches_so_stamp_instead_pc203() -> None:
    """'slot 3, blue camp card, right of the binding → camp action → no campsite in Bretagne
    matches its postcards → stamp instead → blue space on its Occitanie postcard'."""
    bretagne = [COMPONENTS.campsites[c].type for c in COMPONENTS.regions[11].campsites]
    card = postcard_of(
        8,
        lambda p: (
            colour("blue") in p.stamp_colours
            and not {s.campsite for s in p.souvenirs} & set(bretagne)
        ),
    )
    state = table()
    give(state, AUTOMA, card)
    state.players[AUTOMA].region = 11
    travel_row(state, "", "", "blue.camp")
    event = explained(play_slot(state, 3))
    text = said(event)
    for piece in (
        "slot 3",
        "blue camp card",
        "right of the binding",
        "camp action",
        "Bretagne",
        "matches an open souvenir space",
        "blue stamp instead",
        "blue space",
        "Occitanie",
    ):
        assert piece in text, (piece, text)
    assert text.index("camp action") < text.index("Bretagne") < text.index("stamp instead")
    assert event.data["result"] == "stamp"
    assert [s["rule"] for s in event.data["steps"]][:4] == ["PC-13", "PC-13", "PC-203", "PC-15"]
    assert all(owner != AUTOMA for owner in state.camp_owner)
    blue = COMPONENTS.postcards[card].stamp_colours.index(colour("blue"))
    assert owned_postcard(state, AUTOMA, card).stamps[blue]


def test_postcard_priority_then_souvenir_space_top_to_bottom_pc14() -> None:
    state = table()
    state.players[AUTOMA].itinerary = 1  # regions 9, 4, 6, 11
    older = 45  # region 12, not on the itinerary: mountain, village
    newer = 34  # region 9, first on the itinerary: forest, beach (plus)
    assert [s.campsite for s in COMPONENTS.postcards[newer].souvenirs] == ["forest", "beach"]
    assert COMPONENTS.postcards[newer].souvenirs[1].effect.kind == "plus"
    give(state, AUTOMA, older, newer)
    state.players[AUTOMA].region = 8  # Occitanie: beach, mountain, ... no forest
    travel_row(state, "", "", "red.camp")
    event = explained(play_slot(state, 3))
    beach = campsite_of(8, "beach")
    assert state.camp_owner[beach - 1] == AUTOMA
    assert owned_postcard(state, AUTOMA, newer).souvenirs == [False, True]
    assert owned_postcard(state, AUTOMA, older).souvenirs == [False, False]
    assert state.players[AUTOMA].points == 2  # plus effect (PC-15)
    assert event.data["result"] == "camp"


def test_top_to_bottom_then_a_camp_effect_with_no_match_is_lost_pc206() -> None:
    card = next(
        p
        for p in COMPONENTS.postcards.values()
        if [s.campsite for s in p.souvenirs] == ["lake", "lake"]
        and p.souvenirs[0].effect.kind == "camp"
    )
    state = camp_for(card)
    region = state.players[AUTOMA].region
    lakes = [
        c for c in COMPONENTS.regions[region].campsites if COMPONENTS.campsites[c].type == "lake"
    ]
    camp(state, 0, *lakes[1:])  # only one free lake campsite here
    event = explained(play_slot(state, 3))
    assert owned_postcard(state, AUTOMA, card.id).souvenirs == [True, False]
    assert state.players[AUTOMA].camps == [lakes[0]]
    assert "the camp effect is lost" in said(event)


def test_no_camp_token_left_means_stamp_instead() -> None:
    card = first_souvenir("star")
    state = camp_for(card)
    here = state.players[AUTOMA].region
    elsewhere = [c for c in COMPONENTS.campsites if COMPONENTS.campsites[c].region != here]
    camp(state, AUTOMA, *elsewhere[: COMPONENTS.camps])
    event = explained(play_slot(state, 3))
    assert len(state.players[AUTOMA].camps) == COMPONENTS.camps
    assert "no Camp token left" in said(event)
    assert event.data["result"] in ("stamp", "discarded")


def test_no_free_campsite_in_the_region_means_stamp_instead() -> None:
    card = first_souvenir("star")
    state = camp_for(card)
    here = state.players[AUTOMA].region
    camp(state, 0, *COMPONENTS.regions[here].campsites)
    event = explained(play_slot(state, 3))
    assert "no free campsite" in said(event)
    assert state.players[AUTOMA].camps == []


def test_camp_with_an_empty_supply_places_no_souvenir_pc209() -> None:
    card = first_souvenir("star")
    state = camp_for(card)
    empty_supply(state)
    event = explained(play_slot(state, 3))
    assert len(state.players[AUTOMA].camps) == 1
    assert owned_postcard(state, AUTOMA, card.id).souvenirs[0] is False
    assert state.players[AUTOMA].points == 0
    assert "no souvenir" in said(event)


def test_best_traveller_scores_for_the_automa() -> None:
    region = min(COMPONENTS.regions, key=lambda r: len(COMPONENTS.regions[r].campsites))
    sites = COMPONENTS.regions[region].campsites
    last_type = COMPONENTS.campsites[sites[-1]].type
    card = next(
        p
        for p in COMPONENTS.postcards.values()
        if p.souvenirs[0].campsite == last_type and p.souvenirs[0].effect.kind in ("star", "plus")
    )
    state = table()
    give(state, AUTOMA, card.id)
    state.players[AUTOMA].region = region
    camp(state, AUTOMA, *sites[:-1])
    travel_row(state, "", "", "red.camp")
    event = explained(play_slot(state, 3))
    assert state.players[AUTOMA].best_traveller == [region]
    effect = card.souvenirs[0].effect
    bonus = effect.points if effect.kind == "star" else 2
    assert state.players[AUTOMA].points == len(sites) + bonus
    assert "best traveller" in said(event)


# -- board effects under the camp tokens (PC-8, PC-204) --------------------------------------------


@pytest.mark.parametrize(
    ("side", "number", "points", "stamps"),
    [("A", 4, 0, 1), ("A", 10, 2, 0), ("B", 4, 1, 0), ("B", 7, 2, 0), ("B", 10, 3, 0)],
)
def test_board_effects_of_the_camp_token(side: str, number: int, points: int, stamps: int) -> None:
    card = next(p for p in COMPONENTS.postcards.values() if p.souvenirs[0].effect.kind == "star")
    state = camp_for(card, side=side)
    here = state.players[AUTOMA].region
    elsewhere = [c for c in COMPONENTS.campsites if COMPONENTS.campsites[c].region != here]
    camp(state, AUTOMA, *elsewhere[: number - 1])
    event = explained(play_slot(state, 3))
    souvenir_points = card.souvenirs[0].effect.points
    assert state.players[AUTOMA].points == souvenir_points + points
    assert sum(owned_postcard(state, AUTOMA, card.id).stamps) == stamps
    assert f"camp token {number} of its board" in said(event)
    # PC-204: the souvenir's effect is resolved before the board's
    assert said(event).index("souvenir placed") < said(event).index(f"camp token {number}")


def test_side_a_seventh_camp_moves_the_automa() -> None:
    card = next(p for p in COMPONENTS.postcards.values() if p.souvenirs[0].effect.kind == "star")
    state = camp_for(card)
    here = state.players[AUTOMA].region
    elsewhere = [c for c in COMPONENTS.campsites if COMPONENTS.campsites[c].region != here]
    camp(state, AUTOMA, *elsewhere[:6])
    target = next(r for r in COMPONENTS.regions if r != here)
    deck_top(state, postcard_of(target))
    play_slot(state, 3)
    assert state.players[AUTOMA].region == target


# -- souvenir effects, resolved by the Automa's own rules (PC-15) ----------------------------------


def test_stamp_effect_goes_on_any_colour_by_priority() -> None:
    card = first_souvenir("stamp")
    state = camp_for(card)
    event = explained(play_slot(state, 3))
    assert owned_postcard(state, AUTOMA, card.id).stamps[0]  # its first space, any colour
    assert "gains its stamp effect" in said(event)


def test_movement_effect_goes_to_the_deck_top_region() -> None:
    card = first_souvenir("movement")
    state = camp_for(card)
    here = state.players[AUTOMA].region
    target = next(
        r for r in COMPONENTS.regions if r != here and r not in COMPONENTS.regions[here].adjacent
    )
    deck_top(state, postcard_of(target))
    play_slot(state, 3)
    assert state.players[AUTOMA].region == target


def test_movement_effect_that_cannot_move_is_lost_not_a_stamp_pc206() -> None:
    card = first_souvenir("movement")
    state = camp_for(card)
    deck_top(state, postcard_of(state.players[AUTOMA].region, lambda p: p.id != card.id))
    stamps_before = sum(owned_postcard(state, AUTOMA, card.id).stamps)
    event = explained(play_slot(state, 3))
    assert sum(owned_postcard(state, AUTOMA, card.id).stamps) == stamps_before
    assert "the movement effect is lost" in said(event)
    assert event.data["result"] == "camp"


def test_postcard_effect_takes_a_postcard() -> None:
    card = first_souvenir("postcard")
    state = camp_for(card)
    itinerary = COMPONENTS.itineraries[state.players[AUTOMA].itinerary].regions
    offered = postcard_of(next(r for r in itinerary if r != card.region))
    others = postcards_where(lambda p: p.region not in itinerary and p.id != card.id)[:2]
    postcard_row(state, *others, offered)
    event = explained(play_slot(state, 3))
    assert [o.card for o in state.players[AUTOMA].postcards] == [card.id, offered]
    assert "gains its postcard effect" in said(event)


def test_camp_effect_camps_again() -> None:
    card = next(
        p
        for p in COMPONENTS.postcards.values()
        if p.souvenirs[0].effect.kind == "camp" and len(p.souvenirs) >= 2
    )
    first_type, second_type = card.souvenirs[0].campsite, card.souvenirs[1].campsite
    region = next(
        r
        for r in COMPONENTS.regions
        if {first_type, second_type}
        <= {COMPONENTS.campsites[c].type for c in COMPONENTS.regions[r].campsites}
        and (
            first_type != second_type
            or [COMPONENTS.campsites[c].type for c in COMPONENTS.regions[r].campsites].count(
                first_type
            )
            >= 2
        )
    )
    state = table()
    give(state, AUTOMA, card.id)
    state.players[AUTOMA].region = region
    travel_row(state, "", "", "red.camp")
    play_slot(state, 3)
    assert len(state.players[AUTOMA].camps) == 2
    assert owned_postcard(state, AUTOMA, card.id).souvenirs[:2] == [True, True]


def test_star_effect_scores_its_points_also_on_side_b_pc207() -> None:
    card = first_souvenir("star")
    state = camp_for(card, side="B")
    play_slot(state, 3)
    assert state.players[AUTOMA].points == card.souvenirs[0].effect.points


@pytest.mark.parametrize("points", [1, 2])
def test_a_star_of_one_point_is_explained_in_the_singular(points: int) -> None:
    card = next(
        p
        for p in COMPONENTS.postcards.values()
        if p.souvenirs[0].effect.kind == "star" and p.souvenirs[0].effect.points == points
    )
    state = camp_for(card)
    event = explained(play_slot(state, 3))
    assert state.players[AUTOMA].points == points
    words = said(event)
    if points == 1:
        assert "star effect: +1 point" in words and "+1 points" not in words, words
    else:
        assert f"star effect: +{points} points" in words, words


def test_plus_effect_scores_two_points_instead_of_a_card_pc15() -> None:
    card = first_souvenir("plus")
    state = camp_for(card)
    event = explained(play_slot(state, 3))
    assert state.players[AUTOMA].points == 2
    assert "+2 points instead of an extra card" in said(event)


def test_stamp_effect_that_completes_a_postcard_sends_it() -> None:
    card = first_souvenir("stamp")
    state = camp_for(card)
    fill(state, AUTOMA, card.id, range(1, len(card.stamps)))
    play_slot(state, 3)
    assert owned_postcard(state, AUTOMA, card.id).sent
    assert state.players[AUTOMA].points == card.points
