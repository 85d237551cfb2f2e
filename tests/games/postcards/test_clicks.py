"""The Postcards graphical board's data and click paths (clicks.py): what a player clicks for
each kind of action, read from the view; the map's geometry against the component data's
adjacency; the board's words in the reader's language."""

from __future__ import annotations

import re

import msgspec

from mailbag.core.actions import parse_action
from mailbag.core.i18n import use_language
from mailbag.games.postcards import GAME
from mailbag.games.postcards.clicks import board_data, map_geometry, shared_border
from mailbag.games.postcards.state import Frame, PostcardsState

from .builder import COMPONENTS, Builder, run

#: the shapes of every id a click path may hold (the board draws each of these once)
ID = re.compile(
    r"^(hand|twin):[a-z]+\.[a-z]+$|^(region|site|postcard|hike|pcrow|travel|giftrow):\d+$"
    r"|^(stamp|souvenir):\d+:\d+$|^gift:[a-z_.]+$|^postcards$|^deck:(travel|postcard)$"
    r"|^do:(none|pair|keep|refresh|skip|end|use\.[a-z]+|star\.[a-z]+|as\.[a-z]+)$"
)


def paths(state: PostcardsState) -> dict[str, tuple[str, ...]]:
    seat = state.current
    view = GAME.view(state, seat)
    return {str(a): GAME.presentation.click_path(view, a) for a in GAME.legal_actions(state, seat)}


def scene() -> Builder:
    """Seat 0 in Occitanie (region 8: campsites 33–37, next to 5, 6 and 9) with two red camp
    cards, a red movement and a blue postcard, and a postcard with open stamp spaces."""
    b = Builder(seats=2)
    b.hand(0, "red.movement", "red.camp", "red.camp", "blue.postcard").region(0, 8)
    b.postcard(0, 2)  # Normandie: red, yellow, blue stamp spaces
    return b


def test_a_card_then_its_target() -> None:
    got = paths(scene().state)
    assert got["play red.movement action 5"] == ("hand:red.movement", "region:5")
    # a campsite is a campsite, never the region of the same number
    assert got["play red.camp action 33"] == ("hand:red.camp", "site:33")
    assert got["play blue.postcard action"] == ("hand:blue.postcard", "postcards")
    assert got["play red.camp stamp 2 1"] == ("hand:red.camp", "stamp:2:1")
    assert got["play blue.postcard stamp 2 3"] == ("hand:blue.postcard", "stamp:2:3")
    for notation, path in got.items():
        assert all(ID.match(step) for step in path), (notation, path)


def test_a_pair_is_two_cards_then_a_button() -> None:
    got = paths(scene().state)
    # two of one kind: the stack, then its second card
    assert got["pair red.camp red.camp"] == ("hand:red.camp", "twin:red.camp", "do:pair")
    assert got["pair red.movement red.camp"] == ("hand:red.movement", "hand:red.camp", "do:pair")
    # a card played alone is never the beginning of a pair's path with a button of its own
    assert got["play red.camp action 33"][:1] == got["pair red.camp red.camp"][:1]
    assert "pair red.movement red.movement" not in got  # one red movement only


def test_a_card_of_no_use_is_played_with_a_button() -> None:
    b = Builder(seats=2).hand(0, "green.camp", "green.camp", "green.movement").region(0, 8)
    b.camps(1, *COMPONENTS.regions[8].campsites)  # no free campsite, no green stamp space
    got = paths(b.state)
    assert got["play green.camp none"] == ("hand:green.camp", "do:none")


def test_kept_effects_sending_gifts_and_the_end() -> None:
    b = scene()
    b.postcard(0, 29, stamps=True)  # Occitanie, all stamped: it may be sent here
    b.gift(0, "road_map")
    state = b.state
    state.turn.moves, state.turn.camps = 1, 1
    got = paths(state)
    assert got["use movement 9"] == ("do:use.movement", "region:9")
    assert got["use camp 35"] == ("do:use.camp", "site:35")
    assert got["send 29"] == ("postcard:29",)
    assert got["gift road_map"] == ("gift:road_map",)
    state = run(state, "play red.camp action 33", "skip", "play red.camp action 34", "skip")
    state = run(state, "play red.movement action 9")
    got = paths(state)
    assert got["end"] == ("do:end",)
    after = run(state, "end")
    drawn = paths(after)
    assert drawn["draw row 2"] == ("travel:2",)
    assert drawn["draw deck"] == ("deck:travel",)


def test_the_decisions_of_a_turn() -> None:
    state = scene().state
    cases = {
        "postcard": {"take 2": ("pcrow:2",), "take deck": ("deck:postcard",),
                     "refresh": ("do:refresh",)},
        "gift": {"pick 3": ("giftrow:3",)},
        "star": {"star points": ("do:star.points",), "star stamp": ("do:star.stamp",)},
        "stamp": {"stamp 2 2": ("stamp:2:2",), "skip": ("do:skip",)},
        "road_move": {"move 6": ("region:6",)},
        "road_camp": {"camp 36": ("site:36",)},
        # a pair's joker: which card it acts as (a button), then that card's target
        "joker": {"move 5": ("do:as.move", "region:5"), "camp 36": ("do:as.camp", "site:36"),
                  "postcard": ("do:as.postcard", "postcards"),
                  "stamp 2 2": ("do:as.stamp", "stamp:2:2")},
    }  # fmt: skip
    view = GAME.view(state, 0)
    for kind, expected in cases.items():
        state.turn.stack = [Frame(kind, 2)]
        view = GAME.view(state, 0)
        for notation, path in expected.items():
            assert GAME.presentation.click_path(view, parse_action(notation)) == path, (
                kind,
                notation,
            )
    hiking = Frame("hiking", 0, [7, 12, 40])
    state.turn.stack = [hiking]
    view = GAME.view(state, 0)
    assert GAME.presentation.click_path(view, parse_action("keep 7 40")) == (
        "hike:7",
        "hike:40",
        "do:keep",
    )
    assert GAME.presentation.click_path(view, parse_action("souvenir 2 1")) == ("souvenir:2:1",)


# -- the map --------------------------------------------------------------------------------------


def test_a_joker_asks_which_card_first_then_one_kind_of_target() -> None:
    """After a pair, the first clicks are the four "as a …" buttons only (nothing on the map or
    the postcards yet); each one's next clicks are the targets of that kind alone."""
    b = scene()
    state = run(b.state, "pair red.camp red.camp")
    assert state.turn.stack and state.turn.stack[-1].kind == "joker"
    got = paths(state)
    firsts = {path[0] for path in got.values()}
    assert firsts == {"do:as.move", "do:as.camp", "do:as.postcard", "do:as.stamp"}, firsts
    kinds = {"do:as.move": "region:", "do:as.camp": "site:", "do:as.postcard": "postcards",
             "do:as.stamp": "stamp:"}  # fmt: skip
    for notation, path in got.items():
        assert len(path) == 2 and path[1].startswith(kinds[path[0]]), (notation, path)
        assert all(ID.match(step) for step in path), (notation, path)


def test_shared_border() -> None:
    assert shared_border(["a", "b", "c", "d"], ["x", "c", "b"]) == ["b", "c"]
    # a border running over the start of the outline's list
    assert shared_border(["c", "x", "y", "a", "b"], ["a", "b", "c", "z"]) == ["a", "b", "c"]
    assert shared_border(["a", "b", "c"], ["c", "x", "y"]) == []  # one corner is no border


def test_borders_follow_the_component_adjacency() -> None:
    geo = map_geometry(COMPONENTS)
    assert sorted(geo["regions"]) == sorted(COMPONENTS.regions)
    pairs = {(r, a) for r, region in COMPONENTS.regions.items() for a in region.adjacent if r < a}
    links = {(link["a"], link["b"]): link for link in geo["links"]}
    assert set(links) == pairs
    ferries = sorted(pair for pair, link in links.items() if "ferry" in link)
    assert ferries == [(6, 7)]  # Corse, by ferry from Provence-Alpes-Côte d'Azur
    assert all(len(link["border"]) >= 2 for link in links.values() if "border" in link)
    # two regions that are not adjacent never share a border on the drawing
    import tomllib

    from mailbag.games.postcards.clicks import _map_text

    outlines = {e["number"]: e["outline"] for e in tomllib.loads(_map_text())["regions"]}
    for a in outlines:
        for b in outlines:
            if a < b and (a, b) not in pairs:
                assert shared_border(outlines[a], outlines[b]) == [], (a, b)


def test_campsites_stand_inside_the_drawing() -> None:
    geo = map_geometry(COMPONENTS)
    drawn = [site["id"] for region in geo["regions"].values() for site in region["sites"]]
    assert sorted(drawn) == sorted(COMPONENTS.campsites)
    for region in geo["regions"].values():
        for site in region["sites"]:
            assert 0 < site["x"] < 1000 and 0 < site["y"] < 1000


def test_board_data_is_json_and_in_the_readers_language() -> None:
    english = board_data(COMPONENTS)
    msgspec.json.encode(english)
    assert english["words"]["your_turn"] == "Your turn"
    assert english["automa_slots"] == {"automa:easy": 3, "automa:normal": 4, "automa:expert": 5}
    with use_language("nl"):
        dutch = board_data(COMPONENTS)
    with use_language("es"):
        spanish = board_data(COMPONENTS)
    assert dutch["words"]["your_turn"] != "Your turn"
    assert spanish["words"]["your_turn"] != "Your turn"
    assert dutch["gifts"]["road_map"]["title"] != "Road Map"
    assert dutch["campsite_types"]["beach"] != "beach"
    for key in ("help_main", "help_draw", "use_movement", "pair", "keep", "automa_turn", "kept"):
        assert dutch["words"][key] != english["words"][key], key
        assert spanish["words"][key] != english["words"][key], key
