"""Carteros component data: the shipped set, validation errors, and a user's own file."""

from __future__ import annotations

from pathlib import Path

import pytest

from mailbag.core import ComponentError, new_game
from mailbag.games.carteros import GAME
from mailbag.games.carteros.components import (
    ACTION_KINDS,
    HOUSE_KINDS,
    MAIL_KINDS,
    load_components,
    parse_components,
)

SHIPPED = (
    Path(__file__).parents[3]
    / "src"
    / "mailbag"
    / "games"
    / "carteros"
    / "data"
    / "components.toml"
).read_text()


def test_shipped_components_match_the_rulings() -> None:
    comps = load_components()
    assert dict(zip(HOUSE_KINDS, comps.house_counts, strict=True)) == {
        "received_letter": 20,
        "double_received": 8,
        "stampy": 5,
        "lost": 5,
        "change_of_direction": 5,
    }
    assert dict(zip(MAIL_KINDS, comps.mail_counts, strict=True)) == {"letter": 30, "parcel": 15}
    assert comps.mail_points == (1, 2)
    assert dict(zip(ACTION_KINDS, comps.action_counts, strict=True)) == {
        "bone": 5,
        "bicycle": 5,
        "wind": 5,
        "rain": 4,
        "rubber_boots": 5,
        "umbrella": 5,
        "sunny_day": 4,
        "gps": 5,
    }
    missions = [m for m in comps.missions if m is not None]
    assert len(missions) == 12
    assert {m.points for m in missions} <= {2, 3, 4}
    assert len({m.house for m in missions}) == 12  # one mission per house


def test_inventory_is_the_142_cards_without_help_cards() -> None:
    state = new_game(GAME, 4, {"missions": True}, 3)
    inventory = GAME.inventory(state)
    assert sum(inventory.values()) == 43 + 45 + 38 + 12
    assert inventory["house:received_letter"] == 20
    assert inventory["mission:7"] == 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("count = 20", "count = 21", "add up to 44"),
        ('name = "lost"', 'name = "lose"', "unknown house card 'lose'"),
        ('name = "gps"', 'name = "sat_nav"', "unknown action card 'sat_nav'"),
        ('title = "Parcel"\npoints = 2\n', 'title = "Parcel"\n', "missing field 'points'"),
        ('house = "B2"', 'house = "D9"', "unknown house 'D9'"),
        ("number = 5\n", "number = 4\n", "mission number 4 is listed twice"),
        ('house = "B3"\npoints = 4', 'house = "B3"\npoints = 9', "2, 3 or 4 points"),
        ('title = "Bone"', 'title = "Bone"\ncolour = "white"', "unknown field 'colour'"),
        ("count = 5\n", "count = -5\n", "at least 0"),
    ],
)
def test_bad_component_data_is_refused_naming_file_entry_and_problem(
    old: str, new: str, message: str
) -> None:
    assert old in SHIPPED
    with pytest.raises(ComponentError, match=message) as info:
        parse_components(SHIPPED.replace(old, new, 1), "my.toml")
    assert str(info.value).startswith("my.toml")


def test_a_missing_kind_and_a_missing_table_are_refused() -> None:
    no_sunny = SHIPPED.replace('name = "sunny_day"', 'name = "bone"')
    with pytest.raises(ComponentError, match="listed twice"):
        parse_components(no_sunny, "x.toml")
    no_missions = SHIPPED.split("\n[[mission]]")[0]
    with pytest.raises(ComponentError, match=r"no \[\[mission\]\] entries"):
        parse_components(no_missions, "x.toml")
    with pytest.raises(ComponentError, match="unknown table 'help'"):
        parse_components(SHIPPED + '\n[[help]]\nname = "x"\n', "x.toml")
    with pytest.raises(ComponentError, match="not valid TOML"):
        parse_components("[[house]\n", "x.toml")


def test_with_components_plays_a_users_corrected_file(tmp_path: Path) -> None:
    # a corrected mix: one Received Letter fewer, one Double more
    text = SHIPPED.replace("count = 20", "count = 19", 1).replace("count = 8", "count = 9", 1)
    path = tmp_path / "carteros.toml"
    path.write_text(text)
    game = GAME.with_components(path)
    assert game.components.house_counts[:2] == (19, 9)
    state = new_game(game, 2, {}, 1)
    assert game.inventory(state)["house:double_received"] == 9
    with pytest.raises(ComponentError, match="cannot read"):
        GAME.with_components(tmp_path / "missing.toml")


# -- files that used to crash or exhaust the machine ----------------------------------------------


def test_mail_points_are_bounded_so_scores_stay_small_numbers() -> None:
    huge = SHIPPED.replace(
        'title = "Parcel"\npoints = 2', 'title = "Parcel"\npoints = 9223372036854775807'
    )
    with pytest.raises(
        ComponentError,
        match=r"my.toml: \[\[mail\]\] entry 2 \(parcel\): field 'points' must be at most 10",
    ):
        parse_components(huge, "my.toml")
    ten = parse_components(
        SHIPPED.replace('title = "Parcel"\npoints = 2', 'title = "Parcel"\npoints = 10'), "my.toml"
    )
    assert ten.mail_points == (1, 10)


def test_deeply_nested_toml_is_refused_not_a_recursion_crash() -> None:
    for text in ("a = " + "[" * 100_000, "a = " + "{ x = " * 50_000):
        with pytest.raises(ComponentError, match=r"deep.toml: not valid TOML .*nested too deeply"):
            GAME.with_component_text(text, "deep.toml")


def test_a_very_long_dotted_key_is_refused_before_the_parser_sees_it() -> None:
    # tomllib needs memory quadratic in a key's length: 100,000 parts would exhaust the machine
    for key in ("x." * 100_000 + "y = 1", "[" + " . ".join(['"x"'] * 100_000) + "]"):
        text = SHIPPED + "\n" + key + "\n"
        with pytest.raises(
            ComponentError, match=r"long.toml: line \d+: a dotted key of more than 32 parts"
        ):
            parse_components(text, "long.toml")
    # short dotted keys and dotted titles reach the usual checks
    with pytest.raises(ComponentError, match="unknown table 'a'"):
        parse_components("a.b.c = 1\n" + SHIPPED, "x.toml")
    dotted = SHIPPED.replace('title = "Bone"', 'title = "B.o.n.e. "')
    assert parse_components(dotted, "x.toml").action_titles[0] == "B.o.n.e. "
