"""The Carteros board's click paths and component data (games/carteros/clicks.py): each action
is the thing a player sees it as — a house, a card, a pile, a place — read from the seat's view."""

from __future__ import annotations

import msgspec

from mailbag.core import parse_action
from mailbag.core.i18n import use_language
from mailbag.games.carteros import GAME

from .builder import build


def paths(state, seat: int = 0) -> dict[str, tuple[str, ...]]:  # type: ignore[no-untyped-def]
    view = GAME.view(state, seat)
    return {str(a): GAME.presentation.click_path(view, a) for a in GAME.legal_actions(state, seat)}


def test_a_turn_walks_to_a_neighbour_delivers_at_its_own_house_plays_or_replaces_a_card() -> None:
    state = build(2, pos={0: "B2"}, mail={0: {"letter": 2}}, hand={0: ["wind", "umbrella"]})
    found = paths(state)
    assert found["move B1"] == ("house:B1",)
    assert found["move C2"] == ("house:C2",)
    # delivering is clicking the house one stands on (B2), not any other
    assert found["deliver"] == ("house:B2",)
    assert found["play wind"] == ("card:wind",)
    # replacing starts at the Action discard pile, so it never begins like playing the card
    assert found["replace wind"] == ("action_discard", "card:wind")
    assert found["replace umbrella"] == ("action_discard", "card:umbrella")
    assert found["draw"] == ("action_deck",)
    assert found["end"] == ("do:end",)


def test_deliver_follows_the_carrier_not_the_seat_that_looks() -> None:
    state = build(2, pos={0: "A3", 1: "C1"}, mail={0: {"parcel": 1}, 1: {"letter": 1}})
    assert paths(state)["deliver"] == ("house:A3",)
    other = build(2, pos={0: "A3", 1: "C1"}, mail={1: {"letter": 1}}, current=1)
    assert paths(other, 1)["deliver"] == ("house:C1",)


def test_from_the_post_office_an_empty_bag_refills_and_a_corner_is_entered() -> None:
    state = build(2, stampy=False, missions=True, pos={0: "post_office"})
    found = paths(state)
    assert found["refill"] == ("post_office",)
    assert {found[f"move {h}"] for h in ("A1", "C1", "A4", "C4")} == {
        ("house:A1",),
        ("house:C1",),
        ("house:A4",),
        ("house:C4",),
    }


def test_decisions_inside_effects_are_clicked_on_the_board() -> None:
    view = GAME.view(build(2), 0)
    cases = {
        "give parcel": ("mail:parcel",),
        "discard letter": ("mail:letter",),
        "use umbrella": ("react:umbrella",),
        "pass": ("react:pass",),
        "flood B2": ("block:B2",),
        "ride C3": ("house:C3",),
        "peek A2": ("house:A2",),
        "stop": ("do:stop",),
        "take_mission 7": ("mission:7",),
        "place_stampy C4": ("house:C4",),
        "move_stampy B1": ("house:B1",),
        "tiebreak A2 A4": ("house:A2", "house:A4"),
        "shops": ("shops",),
    }
    for notation, path in cases.items():
        assert GAME.presentation.click_path(view, parse_action(notation)) == path, notation


def test_board_data_is_json_in_the_readers_language() -> None:
    data = GAME.presentation.board_data()
    msgspec.json.encode(data)
    assert data["houses"][:3] == ["A1", "B1", "C1"] and data["columns"] == ["A", "B", "C"]
    assert data["blocks"]["B2"] == ["B2", "C2", "B3", "C3"]
    assert data["missions"]["1"] == {"house": "A1", "points": 2}
    assert data["action_kinds"]["umbrella"]["reaction"] is True
    assert data["action_kinds"]["umbrella"]["played"] is False
    assert data["action_kinds"]["rain"]["played"] is True
    with use_language("es"):
        spanish = GAME.presentation.board_data()
    assert spanish["places"]["post_office"] == "Correos"
    assert spanish["action_kinds"]["umbrella"]["title"] == "Paraguas"
    assert spanish["words"]["react_title"] == "¿Reaccionas?"
    assert data["words"]["react_title"] == "React now?"
