"""Component data: the shipped set (PC-1, counts of the rulebook), validation errors, and
playing with a user's own file (``with_components``)."""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from mailbag.core import ComponentError, new_game
from mailbag.games.postcards import GAME
from mailbag.games.postcards.behaviours import GIFT_USES
from mailbag.games.postcards.components import load_components, parse_components

COMPONENTS = GAME.components
TEXT = (
    resources.files("mailbag.games.postcards")
    .joinpath("data/components.toml")
    .read_text(encoding="utf-8")
)


#: the gift cards of the printed game by kind (rulebook, Components; PC-10): 25 cards
PRINTED_GIFTS = {
    "car": 3,
    "caravan": 3,
    "hiking_guide": 3,
    "keychain.beach": 1,
    "keychain.mountain": 1,
    "keychain.forest": 1,
    "keychain.lake": 1,
    "keychain.village": 1,
    "road_map": 3,
    "snow_globe": 4,
    "stamp_collection": 4,
}


def test_shipped_set_has_the_printed_counts() -> None:
    assert len(COMPONENTS.regions) == 13
    assert sum(k.copies for k in COMPONENTS.travel) == 72
    assert len(COMPONENTS.postcards) == 52
    assert len(COMPONENTS.itineraries) == 13
    # the printed gifts kind by kind (a kind added to the shipped set is not one of them)
    copies = {g.name: g.copies for g in COMPONENTS.gifts}
    assert {name: copies.get(name) for name in PRINTED_GIFTS} == PRINTED_GIFTS
    assert sum(PRINTED_GIFTS.values()) == 25
    assert COMPONENTS.tokens == 60
    assert COMPONENTS.camps == 13


def test_travel_cards_are_4_colours_by_3_actions_by_6() -> None:
    kinds = {(k.colour, k.action): k.copies for k in COMPONENTS.travel}
    assert len(kinds) == 12 and set(kinds.values()) == {6}


def test_gift_mix_follows_the_rulings() -> None:
    by_kind: Counter[str] = Counter()
    for g in COMPONENTS.gifts:
        if g.name in PRINTED_GIFTS:  # the printed kinds' behaviours (others may be added)
            by_kind[g.effect] += g.copies
    assert by_kind == {
        "car": 3,
        "caravan": 3,
        "hiking_guide": 3,
        "keychain": 5,
        "road_map": 3,
        "snow_globe": 4,
        "stamp_collection": 4,
    }
    assert sorted(
        g.numbers["campsite"] for g in COMPONENTS.gifts if g.effect == "keychain"
    ) == sorted(["beach", "mountain", "forest", "lake", "village"])
    lightning = {g.effect for g in COMPONENTS.gifts if g.lightning and g.name in PRINTED_GIFTS}
    assert lightning == {"car", "hiking_guide", "road_map", "stamp_collection"}
    assert all(
        (g.use is not None) == g.lightning != (g.score is not None) for g in COMPONENTS.gifts
    )


def test_map_regions_numbers_and_adjacency_pc_1() -> None:
    names = {n: r.name for n, r in COMPONENTS.regions.items()}
    assert names[2] == "Hauts-de-France" and names[8] == "Occitanie"
    assert names[9] == "Nouvelle-Aquitaine" and names[7] == "Corse"
    assert 9 in COMPONENTS.regions[8].adjacent  # the rulebook's movement example
    assert COMPONENTS.regions[7].adjacent == (6,)  # PC-1: Corse by ferry to PACA only
    for n, region in COMPONENTS.regions.items():
        for other in region.adjacent:
            assert n in COMPONENTS.regions[other].adjacent


def test_campsites_per_region() -> None:
    sizes = {n: len(r.campsites) for n, r in COMPONENTS.regions.items()}
    assert sizes[2] == 5  # the best-traveller example scores 5 in Hauts-de-France
    assert sizes[7] == 3  # Corse
    assert all(3 <= s <= 6 for s in sizes.values())
    assert sum(sizes.values()) == 56
    assert [c for r in sorted(COMPONENTS.regions) for c in COMPONENTS.regions[r].campsites] == list(
        range(1, 57)
    )


def test_postcards_four_per_region_points_rise_with_stamps() -> None:
    per_region = Counter(p.region for p in COMPONENTS.postcards.values())
    assert set(per_region.values()) == {4}
    for p in COMPONENTS.postcards.values():
        assert 2 <= len(p.stamps) <= 5 and 1 <= len(p.souvenirs) <= 3
        assert 4 <= p.points <= 12
    colours = Counter(c for p in COMPONENTS.postcards.values() for c in p.stamps)
    assert max(colours.values()) - min(colours.values()) <= 2
    types = Counter(s.campsite for p in COMPONENTS.postcards.values() for s in p.souvenirs)
    assert max(types.values()) - min(types.values()) <= 2


def test_itineraries_one_per_start_region_four_other_regions() -> None:
    assert sorted(i.start for i in COMPONENTS.itineraries.values()) == list(range(1, 14))
    for itinerary in COMPONENTS.itineraries.values():
        assert len(set(itinerary.regions)) == 4 and itinerary.start not in itinerary.regions


def test_board_sides() -> None:
    a = {n: e.label() for n, e in COMPONENTS.board["A"].items()}
    b = {n: e.label() for n, e in COMPONENTS.board["B"].items()}
    assert a == {4: "stamp", 7: "movement", 10: "plus"}
    assert b == {4: "star 1", 7: "star 2", 10: "star 3"}


# -- printed totals are the data's own -------------------------------------------------------------

DOCS = (Path(__file__).parents[3] / "docs" / "postcards.md").read_text(encoding="utf-8")
NOUNS = (
    "Travel cards",
    "postcards",
    "itinerary cards",
    "gift cards",
    "Stamp/Souvenir tokens",
    "camp tokens per player",
    "regions",
    "campsites",
)
TOTAL = re.compile(r"(?<![\w-])(\d+) (" + "|".join(map(re.escape, NOUNS)) + ")")
#: nouns that name a total wherever a number stands before them (the others also count a
#: hand, a display or a draw: "5 postcards")
ALWAYS_TOTALS = {"itinerary cards", "gift cards", "Stamp/Souvenir tokens", "regions", "campsites"}


def _totals() -> dict[str, int]:
    return {
        "Travel cards": sum(k.copies for k in COMPONENTS.travel),
        "postcards": len(COMPONENTS.postcards),
        "itinerary cards": len(COMPONENTS.itineraries),
        "gift cards": sum(g.copies for g in COMPONENTS.gifts),
        "Stamp/Souvenir tokens": COMPONENTS.tokens,
        "camp tokens per player": COMPONENTS.camps,
        "regions": len(COMPONENTS.regions),
        "campsites": len(COMPONENTS.campsites),
    }


def _printed(text: str, toml: bool) -> list[tuple[str, int]]:
    """The numbers written before the nouns of totals in the prose of ``text`` (Markdown
    outside code blocks, or the comments of a TOML file), lines of a paragraph joined."""
    paragraphs: list[list[str]] = [[]]
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        prose = line.startswith("#") if toml else not fenced
        if prose and line.strip("# "):
            paragraphs[-1].append(line.lstrip("# ") if toml else line)
        elif paragraphs[-1]:
            paragraphs.append([])
    flat = [" ".join(p) for p in paragraphs]
    return [(noun, int(n)) for chunk in flat for n, noun in TOTAL.findall(chunk)]


def test_the_totals_printed_in_the_docs_and_the_data_header_are_the_data() -> None:
    header = TEXT[: TEXT.index("[supply]")]
    start = DOCS.index("Totals of the shipped set")
    paragraph = DOCS[start : DOCS.index("\n\n", start)]
    for text, toml in ((header, True), (paragraph, False)):
        assert dict(_printed(text, toml)) == _totals()
    written = _printed(DOCS, False) + _printed(TEXT, True)
    assert ("regions", 13) in _printed(DOCS[start + len(paragraph) :], False)  # PC-1's map
    for noun, number in written:  # a total written anywhere else must be the data's too
        if noun in ALWAYS_TOTALS:
            assert number == _totals()[noun], (noun, number)


# -- validation errors name the file, the entry and the problem ----------------------------------


def _error(text: str) -> str:
    with pytest.raises(ComponentError) as info:
        parse_components(text, "mine.toml")
    return str(info.value)


def test_other_counts_play_when_consistent() -> None:
    """No count is fixed in the code: a set with a postcard less, fewer Travel cards, 50
    tokens and 10 camps a player plays, and its counts are its own."""
    start = TEXT.index("[[postcards]]\nid = 52")
    end = TEXT.index("[[itineraries]]")
    text = TEXT[:start] + TEXT[end:]
    text = text.replace("copies = 6", "copies = 5", 1).replace("tokens = 60", "tokens = 50")
    text = text.replace("camps = 13", "camps = 10")
    components = parse_components(text, "mine.toml")
    assert len(components.postcards) == 51 and sum(k.copies for k in components.travel) == 71
    assert components.tokens == 50 and components.camps == 10
    game = GAME.with_component_text(text, "mine.toml")
    state = new_game(game, 4, {}, 1)
    inventory = game.inventory(state)
    assert inventory["token"] == 50 and "postcard:52" not in inventory
    assert sum(n for k, n in inventory.items() if k.startswith("travel:")) == 71


def test_too_few_cards_to_deal_are_refused_naming_the_need() -> None:
    """What the rules truly need: enough cards to deal (Setup). The loader checks the smallest
    table (two players); a bigger table is checked when it is dealt."""
    kinds = TEXT.index("[[travel_cards]]")
    text = TEXT.replace("copies = 6", "copies = 1")
    message = _error(text)
    assert "too few Travel cards to deal: 12" in message and "need 15" in message
    gifts = TEXT[: TEXT.index("[[gifts]]", kinds)]
    two = '[[gifts]]\nname = "car"\ntitle = "Car"\ncopies = 2\nlightning = true\n'
    two += 'effect = "car"\nhelp = "up to 3 extra movements this turn"\n'
    assert "too few gift cards to deal: 2" in _error(gifts + two)
    start = TEXT.index("[[itineraries]]\nid = 4\n")
    end = TEXT.index("[[gifts]]", kinds)
    three = TEXT[:start] + TEXT[end:]
    game = GAME.with_component_text(three, "three.toml")
    new_game(game, 3, {}, 0)
    with pytest.raises(ComponentError, match="too few itinerary cards to deal: 3; one for each"):
        new_game(game, 4, {}, 0)


def test_unknown_behaviour_and_missing_rule_entries() -> None:
    message = _error(TEXT.replace('effect = "road_map"', 'effect = "teleport"'))
    assert "gift 'road_map': unknown Postcards lightning gift effect 'teleport'" in message
    known = ", ".join(sorted(GIFT_USES.names()))  # the shipped ones: car, hiking_guide …
    assert {"car", "hiking_guide", "road_map", "stamp_collection"} <= set(GIFT_USES.names())
    assert f"known effects: {known}" in message
    message = _error(TEXT.replace('effect = "snow_globe"', 'effect = "car"'))
    assert "gift 'snow_globe': unknown Postcards bell gift effect 'car'" in message
    camp = 'name = "camp"\ntitle = "Camp"\neffect = "camp"'
    message = _error(TEXT.replace(camp, camp.replace('"camp"', '"tent"', 1)))
    assert "[[actions]]: the rules name the entries movement, postcard, camp" in message
    assert "missing: camp" in message
    sleep = TEXT.replace('action = "movement"', 'action = "sleep"')
    assert "unknown action 'sleep'" in _error(sleep)


def test_unknown_region_in_a_postcard() -> None:
    message = _error(TEXT.replace("id = 17\nregion = 5", "id = 17\nregion = 14"))
    assert message == "mine.toml: postcard 17: unknown region 14"


def test_unknown_effect() -> None:
    message = _error(
        TEXT.replace(
            '{ campsite = "village", effect = "movement" }',
            '{ campsite = "village", effect = "teleport" }',
            1,
        )
    )
    assert "mine.toml: postcard 1 souvenir 1: unknown effect 'teleport'" in message


def test_unknown_colour_and_campsite_type() -> None:
    assert "unknown stamp colour 'purple'" in _error(
        TEXT.replace('stamps = ["green", "yellow"]', 'stamps = ["purple", "yellow"]', 1)
    )
    assert "unknown campsite type 'desert'" in _error(
        TEXT.replace(
            'campsites = ["beach", "mountain", "forest"]',
            'campsites = ["beach", "desert", "forest"]',
        )
    )


def test_non_symmetric_adjacency() -> None:
    message = _error(TEXT.replace("adjacent = [6]", "adjacent = [6, 8]"))
    assert "region 7" in message and "not symmetric" in message and "8 does not list 7" in message


def test_missing_field() -> None:
    message = _error(TEXT.replace("id = 17\nregion = 5\npoints = 5\n", "id = 17\nregion = 5\n"))
    assert message == "mine.toml: postcard 17: missing field 'points'"


def test_missing_section_and_unknown_field() -> None:
    start = TEXT.index("[supply]")
    end = TEXT.index("[player_board]")
    assert _error(TEXT[:start] + TEXT[end:]) == "mine.toml: [supply]: missing table [supply]"
    assert "unknown field(s) 'colour'" in _error(
        TEXT.replace("id = 17\nregion = 5", "id = 17\ncolour = 1\nregion = 5")
    )


def test_itinerary_checks() -> None:
    assert "the start region cannot be one of its postcard regions" in _error(
        TEXT.replace(
            "id = 1\nstart = 1\nregions = [9, 4, 6, 11]",
            "id = 1\nstart = 1\nregions = [9, 4, 6, 1]",
        )
    )
    assert "needs 4 distinct regions" in _error(
        TEXT.replace("regions = [9, 4, 6, 11]", "regions = [9, 4, 9, 11]")
    )


def test_star_needs_points_and_keychain_needs_a_type() -> None:
    assert "missing field 'points'" in _error(
        TEXT.replace('effect = "star"\npoints = 1', 'effect = "star"', 1)
    )
    assert "gift 'keychain.beach': missing field 'campsite'" in _error(
        TEXT.replace('effect = "keychain"\ncampsite = "beach"', 'effect = "keychain"', 1)
    )
    assert "unknown campsite type 'desert'" in _error(
        TEXT.replace('campsite = "beach"\npoints', 'campsite = "desert"\npoints', 1)
    )
    assert "field 'points' must be a list of 1..20 numbers" in _error(
        TEXT.replace("points = [0, 3, 6, 12, 18]", "points = 3")
    )
    assert "gift 'car': unknown field(s) 'points'" in _error(
        TEXT.replace('effect = "car"', 'effect = "car"\npoints = 3')
    )


def test_entry_fields_are_checked() -> None:
    assert "field 'lightning' must be true or false" in _error(
        TEXT.replace("lightning = true", 'lightning = "yes"', 1)
    )
    assert "gift 'snow_globe': the final score already has a line 'itinerary'" in _error(
        TEXT.replace('breakdown = "snow globes"', 'breakdown = "itinerary"')
    )
    assert "field 'name' must be one lower-case word" in _error(
        TEXT.replace('name = "car"', 'name = "Car Keys"')
    )
    assert "gift 'car': listed twice" in _error(TEXT.replace('name = "caravan"', 'name = "car"'))
    assert "field 'abbrev' must be one character" in _error(
        TEXT.replace('abbrev = "M"', 'abbrev = "Mv"')
    )


def test_not_toml() -> None:
    assert _error("[[regions]\n").startswith("mine.toml: not valid TOML")


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(ComponentError, match="cannot read"):
        load_components(tmp_path / "nowhere.toml")


def test_with_components_plays_with_a_user_file(tmp_path: Path) -> None:
    path = tmp_path / "printed.toml"
    path.write_text(
        TEXT.replace("id = 17\nregion = 5\npoints = 5", "id = 17\nregion = 5\npoints = 15"),
        encoding="utf-8",
    )
    game = GAME.with_components(path)
    assert game.components.postcards[17].points == 15
    assert GAME.components.postcards[17].points == 5  # the shipped set is untouched
    state = new_game(game, 2, {}, 3)
    assert game.inventory(state)["postcard:17"] == 1


def test_with_components_rejects_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(TEXT.replace("tokens = 60", "tokens = -1"), encoding="utf-8")
    with pytest.raises(ComponentError, match=r"bad.toml: \[supply\]: field 'tokens' = -1"):
        GAME.with_components(path)


# -- fields of the wrong type (found by tests/contract/test_fuzz_components.py) --------------------


P17 = "id = 17\nregion = 5"
IT1 = "id = 1\nstart = 1"
NUMBER = "must be a region number, not"
WRONG_TYPES = [
    (P17, "id = 17\nregion = []", f"postcard 17: region {NUMBER} []"),
    (P17, "id = 17\nregion = [0, 0]", f"postcard 17: region {NUMBER} [0, 0]"),
    (P17, "id = 17\nregion = {}", f"postcard 17: region {NUMBER} {{}}"),
    (P17, "id = 17\nregion = true", f"postcard 17: region {NUMBER} True"),
    (P17, "id = 17\nregion = 1.5", f"postcard 17: region {NUMBER} 1.5"),
    (P17, "id = 17", "postcard 17: missing field 'region'"),
    (IT1, "id = 1\nstart = []", f"itinerary 1: start region {NUMBER} []"),
    (IT1, "id = 1\nstart = 14", "itinerary 1: unknown start region 14"),
    ("[9, 4, 6, 11]", "[9, 4, {}, 11]", f"itinerary 1: region in 'regions' {NUMBER} {{}}"),
    ("[9, 4, 6, 11]", "[9, 4, 66, 11]", "itinerary 1: unknown region 66 in 'regions'"),
    ("adjacent = [6]", "adjacent = [true]", "region 7: 'adjacent' must list region numbers"),
    ('["beach", "mountain", "forest"]', '["beach", [], "forest"]', "'campsites' must be text"),
    ('stamps = ["green", "yellow"]', 'stamps = [{}, "yellow"]', "postcard 1: 'stamps' must be"),
    ('colour = "red"', "colour = [0, 0]", "#1: field 'colour' must be text, not [0, 0]"),
    ('campsite = "beach"', "campsite = 3", "field 'campsite' must be text, not 3"),
]


@pytest.mark.parametrize(("old", "new", "message"), WRONG_TYPES)
def test_a_field_of_the_wrong_type_is_named(old: str, new: str, message: str) -> None:
    assert old in TEXT
    error = _error(TEXT.replace(old, new, 1))
    assert error.startswith("mine.toml: ") and message in error
