"""Carteros component data: the shipped set and its printed totals, validation errors, a user's
own file with other counts, and the minimums the rules need."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mailbag.core import ComponentError, IllegalAction, Rng, apply, new_game, parse_action, validate
from mailbag.games.carteros import GAME, CarterosGame
from mailbag.games.carteros.components import load_default, parse_components

from .builder import HK, act, build, legal

ROOT = Path(__file__).parents[3]
SHIPPED = (ROOT / "src" / "mailbag" / "games" / "carteros" / "data" / "components.toml").read_text()
DOCS = (ROOT / "docs" / "carteros.md").read_text()
#: how the rulebook's component list prints the totals, in the docs and the data file's header
_TOTALS = re.compile(r"(\d+) house, (\d+) mail, (\d+) action and (\d+) mission cards")


#: the printed box's cards by kind (rulebook, Components; the rulings CA-2, CA-8): the shipped
#: file holds each with these copies (a card added to it since is the file's own)
PRINTED_HOUSES = {
    "received_letter": 20,
    "double_received": 8,
    "stampy": 5,
    "lost": 5,
    "change_of_direction": 5,
}
PRINTED_MAIL = {"letter": 30, "parcel": 15}
PRINTED_ACTIONS = {
    "bone": 5,
    "bicycle": 5,
    "wind": 5,
    "rain": 4,
    "rubber_boots": 5,
    "umbrella": 5,
    "sunny_day": 4,
    "gps": 5,
}
PRINTED_MISSIONS = 12


def _printed(
    names: tuple[str, ...], values: tuple[int, ...], kinds: dict[str, int]
) -> dict[str, int]:
    found = dict(zip(names, values, strict=True))
    return {name: found[name] for name in kinds if name in found}


def test_shipped_components_match_the_rulings() -> None:
    components = load_default()
    houses, mails = components.house_names, components.mail_names
    assert _printed(houses, components.house_counts, PRINTED_HOUSES) == PRINTED_HOUSES
    assert _printed(houses, components.house_delivers, PRINTED_HOUSES) == {
        "received_letter": 1,  # CA-2
        "double_received": 2,
        "stampy": 0,
        "lost": 0,
        "change_of_direction": 0,
    }
    assert _printed(mails, components.mail_counts, PRINTED_MAIL) == PRINTED_MAIL
    assert _printed(mails, components.mail_points, PRINTED_MAIL) == {"letter": 1, "parcel": 2}
    actions = _printed(components.action_names, components.action_counts, PRINTED_ACTIONS)
    assert actions == PRINTED_ACTIONS
    played = {
        card.name
        for card in components.actions
        if card.effect is not None and card.name in PRINTED_ACTIONS
    }
    assert played == {"bicycle", "wind", "rain", "rubber_boots", "sunny_day", "gps"}  # CA-110
    names = components.action_names
    assert {step: names[card] for step, card in components.cancel_card.items()} == {
        "stampy_card": "bone",  # CA-9, CA-103
        "catch": "bone",
        "debt": "bone",
        "soak": "umbrella",  # CA-6
        "lost_card": "gps",  # CA-7
    }
    missions = [m for m in components.missions if m is not None]
    assert len(missions) == PRINTED_MISSIONS
    assert {m.points for m in missions} <= {2, 3, 4}
    assert len({m.house for m in missions}) == PRINTED_MISSIONS  # one mission per house


def test_the_printed_totals_in_the_docs_and_the_data_header_are_the_boxs() -> None:
    printed = (
        sum(PRINTED_HOUSES.values()),
        sum(PRINTED_MAIL.values()),
        sum(PRINTED_ACTIONS.values()),
        PRINTED_MISSIONS,
    )
    header = "\n".join(line for line in SHIPPED.splitlines() if line.startswith("#"))
    for where, text in (("docs/carteros.md", DOCS), ("the data file's header", header)):
        found = _TOTALS.findall(" ".join(text.split()))
        assert found, f"{where} prints no totals"
        for totals in found:
            assert tuple(map(int, totals)) == printed, f"{where} prints {totals}, the box {printed}"
    # the box: these cards and the 4 help cards, which are no components
    assert "142 cards" in " ".join(header.split()) and sum(printed) + 4 == 142


def test_inventory_is_every_card_without_help_cards() -> None:
    state = new_game(GAME, 4, {"missions": True}, 3)
    inventory = GAME.inventory(state)
    components = GAME.components
    every = (
        sum(components.house_counts)
        + sum(components.mail_counts)
        + sum(components.action_counts)
        + len(components.mission_numbers)
    )
    assert sum(inventory.values()) == every
    assert inventory["house:received_letter"] == components.house_counts[HK["received_letter"]]
    assert inventory["mission:7"] == 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('name = "lost"', 'name = "Lost Card"', "field 'name' must be a lower-case word"),
        (
            'effect = "wind"',
            'effect = "snow"',
            r"\(wind\): unknown Carteros action card effect 'snow'; "
            r"known effects: bicycle, (\w+, )*gps",
        ),
        ('effect = "lost"', 'effect = "lose"', "unknown Carteros house card effect 'lose'"),
        (
            'requires = ["no_boots"]',
            'requires = ["dry_feet"]',
            "unknown Carteros play requirement effect 'dry_feet'",
        ),
        (
            'requires = ["no_boots"]',
            "requires = []",
            r"\(rubber_boots\): the 'rubber_boots' effect needs 'no_boots' in field 'requires'",
        ),
        ('abbrev = "P"\npoints = 2\n', 'abbrev = "P"\n', "missing field 'points'"),
        ('abbrev = "Dbl"', 'abbrev = "Rcv"', r"\(double_received\): abbrev 'Rcv' is listed twice"),
        ('abbrev = "Dbl"', 'abbrev = "Dble"', "1–3 letters or digits"),
        ('name = "sunny_day"', 'name = "bone"', "name 'bone' is listed twice"),
        (
            'effect = "sunny_day"',
            'effect = "rain"',
            r"\(sunny_day\): effect 'rain' is listed twice",
        ),
        ("delivers = 2\n", "", "the 'deliver' effect needs field 'delivers'"),
        ('effect = "lost"\n', 'effect = "lost"\ndelivers = 1\n', "'deliver' effect only"),
        ("delivers = 2\n", "delivers = 6\n", "field 'delivers' must be at most 5"),
        ('cancels = ["rain"]', 'cancels = ["catch"]', "'catch' is already cancelled by 'bone'"),
        ('cancels = ["rain"]', 'cancels = ["wind"]', "cannot cancel 'wind'"),
        ('cancels = ["rain"]', "cancels = []", r"\(umbrella\): the card does nothing"),
        ('count = 5\ncancels = ["rain"]', "count = 5", r"\(umbrella\): the card does nothing"),
        ('house = "B2"', 'house = "D9"', "unknown house 'D9'"),
        ("number = 5\n", "number = 4\n", "mission number 4 is listed twice"),
        ("number = 12\n", "number = 13\n", "'number' must be at most 12"),
        ('house = "B3"\npoints = 4', 'house = "B3"\npoints = 9', "2, 3 or 4 points"),
        ('house = "B3"\npoints = 4', 'house = "B3"\npoints = 4.0', "2, 3 or 4 points"),
        ('title = "Bone"', 'title = "Bone"\ncolour = "white"', "unknown field 'colour'"),
        ('title = "Bone"', 'title = "Bone\\nBone"', "field 'title' must be a non-empty line"),
        ("count = 5\n", "count = -5\n", "at least 0"),
        ("count = 20\n", "count = 2000\n", "'count' must be at most 100"),
    ],
)
def test_bad_component_data_is_refused_naming_file_entry_and_problem(
    old: str, new: str, message: str
) -> None:
    assert old in SHIPPED
    with pytest.raises(ComponentError, match=message) as info:
        parse_components(SHIPPED.replace(old, new, 1), "my.toml")
    assert str(info.value).startswith("my.toml")


def test_fewer_house_cards_than_the_neighbourhood_are_refused() -> None:
    two_each = re.sub(r'(abbrev = "\w+"\n)count = \d+', r"\1count = 2", SHIPPED)
    with pytest.raises(
        ComponentError, match="add up to 10, but the neighbourhood alone is 12 face-down"
    ):
        parse_components(two_each, "x.toml")


def test_a_missing_table_is_refused() -> None:
    no_missions = SHIPPED.split("\n[[mission]]")[0]
    with pytest.raises(ComponentError, match=r"no \[\[mission\]\] entries"):
        parse_components(no_missions, "x.toml")
    with pytest.raises(ComponentError, match="unknown table 'help'"):
        parse_components(SHIPPED + '\n[[help]]\nname = "x"\n', "x.toml")
    with pytest.raises(ComponentError, match="not valid TOML"):
        parse_components("[[house]\n", "x.toml")


def _without(text: str, table: str, name: str) -> str:
    """``text`` without the ``[[table]]`` entry named ``name``."""
    entries = text.split(f"[[{table}]]\n")
    kept = [e for e in entries if not e.startswith(f'name = "{name}"\n')]
    assert len(kept) == len(entries) - 1
    return f"[[{table}]]\n".join(kept)


def test_a_users_file_with_other_counts_is_played_by_its_own_counts() -> None:
    text = (
        SHIPPED.replace("count = 20\n", "count = 23\n", 1)  # Received Letter
        .replace("count = 30\n", "count = 12\n", 1)  # Letter
        .split("[[mission]]\nnumber = 7\n")[0]  # missions 1–6 only
    )
    text = _without(text, "action", "sunny_day")  # no Sunny Day at all
    text += (
        '\n[[house]]\nname = "express"\ntitle = "Express Delivery"\nabbrev = "Exp"\ncount = 4\n'
        'effect = "deliver"\ndelivers = 3\nhelp = "deliver three Mail cards of your choice"\n'
    )
    game = GAME.with_component_text(text, "mine.toml")
    components = game.components
    assert components.house_counts == (23, 8, 5, 5, 5, 4) and components.house_delivers[-1] == 3
    assert components.mail_counts == (12, 15) and "sunny_day" not in components.action_names
    assert components.mission_numbers == (1, 2, 3, 4, 5, 6)
    # a new kind of house card that reuses an effect is one data entry: it delivers three
    state = build(2, game=game, pos={0: "B2"}, grid={"B2": "express"}, mail={0: {"letter": 4}})
    state, _ = act(state, "deliver", "give letter", "give letter", "give letter", game=game)
    assert state.delivered[0] == [3, 0] and game.view(state, 1)["house_discard"]["express"] == 1
    # and every rule plays the whole game by these counts
    for seats, options in ((2, {}), (4, {"stampy": True, "missions": True})):
        state = new_game(game, seats, options, 5)
        inventory = game.inventory(state)
        assert inventory["house:express"] == 4 and inventory["mail:letter"] == 12
        rng = Rng.from_seed(5)
        for _ in range(20_000):
            if game.is_over(state):
                break
            (seat,) = game.deciders(state)
            actions = game.legal_actions(state, seat)
            state, _ = apply(game, state, seat, actions[rng.randbelow(len(actions))])
            validate(game, state)
        assert game.is_over(state) and game.inventory(state) == inventory


def test_the_rules_that_need_a_minimum_refuse_a_set_below_it() -> None:
    # 10 Mail cards deal 5 to each of 2 carriers, not to 3 (rulebook, Setup 4)
    few_mail = SHIPPED.replace("count = 30\n", "count = 6\n", 1).replace(
        "count = 15\n", "count = 4\n", 1
    )
    game = GAME.with_component_text(few_mail, "few.toml")
    houses, actions = sum(GAME.components.house_counts), sum(GAME.components.action_counts)
    assert sum(game.inventory(new_game(game, 2)).values()) == houses + 10 + actions
    with pytest.raises(
        ComponentError, match=r"few.toml: 3 carriers are dealt 5 Mail cards each .* has 10 Mail"
    ):
        new_game(game, 3)

    # 2 Action cards each (Setup 5): 8 cards deal 4 carriers, 7 do not (one copy of a kind each,
    # the kinds after them none)
    def actions(copies: int) -> str:
        kinds = iter(range(len(GAME.components.actions)))
        return re.sub(
            r"(\[\[action\]\]\nname = \"\w+\"\ntitle = \"[^\"]+\"\n)count = \d+",
            lambda entry: f"{entry[1]}count = {int(next(kinds) < copies)}",
            SHIPPED,
        )

    new_game(GAME.with_component_text(actions(8), "few.toml"), 4)
    with pytest.raises(ComponentError, match=r"4 carriers are dealt 2 Action cards each .* has 7"):
        new_game(GAME.with_component_text(actions(7), "few.toml"), 4)


def test_a_renamed_card_is_its_new_word_in_the_notation() -> None:
    text = SHIPPED.replace('name = "gps"\ntitle = "GPS"', 'name = "sat_nav"\ntitle = "Sat Nav"')
    game = GAME.with_component_text(text, "mine.toml")
    state = build(2, game=game, pos={0: "A1"}, hand={0: ["sat_nav"]})
    assert "play sat_nav" in legal(state, game=game)
    with pytest.raises(IllegalAction, match=r"play takes one of bone, .*, sat_nav"):
        apply(game, state, 0, parse_action("play gps"))
    state, _ = act(state, "play sat_nav", "peek B1", "stop", game=game)
    assert game.view(state, 0)["carriers"][0]["played"]["sat_nav"] == 1


def test_with_components_plays_a_users_corrected_file(tmp_path: Path) -> None:
    # a corrected mix: one Received Letter fewer, one Double more
    text = SHIPPED.replace("count = 20", "count = 19", 1).replace("count = 8", "count = 9", 1)
    path = tmp_path / "carteros.toml"
    path.write_text(text)
    game = GAME.with_components(path)
    assert isinstance(game, CarterosGame)
    assert game.components.house_counts[:2] == (19, 9)
    state = new_game(game, 2, {}, 1)
    assert game.inventory(state)["house:double_received"] == 9
    with pytest.raises(ComponentError, match="cannot read"):
        GAME.with_components(tmp_path / "missing.toml")


# -- files that used to crash or exhaust the machine ----------------------------------------------


def test_mail_points_are_bounded_so_scores_stay_small_numbers() -> None:
    parcel = 'abbrev = "P"\npoints = 2'
    huge = SHIPPED.replace(parcel, 'abbrev = "P"\npoints = 9223372036854775807')
    with pytest.raises(
        ComponentError,
        match=r"my.toml: \[\[mail\]\] entry 2 \(parcel\): field 'points' must be at most 10",
    ):
        parse_components(huge, "my.toml")
    ten = parse_components(SHIPPED.replace(parcel, 'abbrev = "P"\npoints = 10'), "my.toml")
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
    assert parse_components(dotted, "x.toml").actions[0].title == "B.o.n.e. "
