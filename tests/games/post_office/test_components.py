"""Post Office component data: the shipped files, their validation, and user files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mailbag.core import ComponentError, new_game
from mailbag.games.post_office.components import (
    DATA,
    ICONS,
    RECEIPT,
    STAMP,
    SYMBOL,
)
from mailbag.games.post_office.geometry import orientations

from .builder import GAME

COMPS = GAME.components


def test_counts_of_the_shipped_components() -> None:
    assert COMPS.helpers == ("cat", "dog", "pigeon", "hamster")
    assert [c.name for c in COMPS.colours] == ["fragile", "gift", "sweet", "personal"]
    assert [s.name for s in COMPS.shapes] == ["L", "T", "I", "Z"]
    assert COMPS.stamp_tokens == {5: 14, 3: 13, 1: 20}
    assert COMPS.stamp_total == 129
    assert COMPS.starting_stamps == 3
    regular = COMPS.tokens[1:97]
    starting = COMPS.tokens[97:]
    assert [t.id for t in regular] == list(range(1, 97))
    assert len(starting) == 16
    assert len(COMPS.goals) >= 9  # the printed 9 first (test_goals.py), then any added to the data


def test_colours_equally_common_and_icon_shares() -> None:
    parcels = [(c, i) for t in COMPS.tokens[1:] for c, i in zip(t.colours, t.icons, strict=True)]
    assert len(parcels) == 448
    assert Counter(c for c, _ in parcels) == {0: 112, 1: 112, 2: 112, 3: 112}
    icons = Counter(i for _, i in parcels)
    assert 0.22 <= icons[SYMBOL] / 448 <= 0.28
    assert 0.08 <= icons[STAMP] / 448 <= 0.12
    assert 0.06 <= icons[RECEIPT] / 448 <= 0.10


def test_each_helper_gets_an_equal_starting_set() -> None:
    for h in range(4):
        tokens = [COMPS.tokens[t] for t in COMPS.starting_tokens(h)]
        assert [t.label for t in tokens] == [f"{COMPS.helpers[h]}-{k}" for k in range(1, 5)]
        colours = Counter(c for t in tokens for c in t.colours)
        assert colours == {0: 4, 1: 4, 2: 4, 3: 4}
        icons = Counter(i for t in tokens for i in t.icons)
        assert (icons[SYMBOL], icons[STAMP], icons[RECEIPT]) == (4, 2, 1)


def test_tape_forms_rotations_and_mirrors() -> None:
    forms = {s.name: orientations(s) for s in COMPS.shapes}
    assert {k: len(v) for k, v in forms.items()} == {"L": 8, "T": 4, "I": 2, "Z": 4}
    # the first form of each shape is the printed one
    assert forms["I"][0] == ((0, 0), (0, 1), (0, 2), (0, 3))
    assert forms["I"][1] == ((0, 0), (1, 0), (2, 0), (3, 0))
    per_shape = Counter(pl.shape for pl in COMPS.placements)
    # L: 8 forms × 8×9 positions, T and Z: 4 × 72, I: 2 × 70
    assert per_shape == {0: 576, 1: 288, 2: 140, 3: 288}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_user_file_replaces_only_its_sections(tmp_path: Path) -> None:
    goals = (DATA / "goals.toml").read_text(encoding="utf-8")
    path = write(tmp_path, goals.replace('title = "Eight tapes"', 'title = "Lots of tape"'))
    game = GAME.with_components(path)
    assert game.components.goals[3].title == "Lots of tape"
    assert game.components.tokens == COMPS.tokens
    state = new_game(game, 2, {"goals": True}, 3)
    assert len(state.goal_display) == 4


def test_user_tokens_are_played(tmp_path: Path) -> None:
    text = (DATA / "parcels.toml").read_text(encoding="utf-8")
    text = text.replace('colour = "fragile"', 'colour = "sweet"')
    game = GAME.with_components(write(tmp_path, text))
    state = new_game(game, 2, {}, 1)
    assert 0 not in state.players[0].colour  # no fragile parcel anywhere


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("helpers = ['cat', 'dog']", "expected 4 helpers, found 2"),
        ("nonsense = 1", "unknown section 'nonsense'"),
        ("[stamps]\nfives = 1\nthrees = 1\nones = 1", "stamps: missing field 'starting'"),
        (  # a huge supply would not fit the 64-bit numbers of a record's state digests
            "[stamps]\nfives = 4611686018427387904\nthrees = 1\nones = 1\nstarting = 3",
            "stamps: stamp counts must be at most 10000",
        ),
        ("goals = []", "expected 1 to 64 goal tokens, found 0"),
        (  # the format before conditions were named functions
            "[[goals]]\nname = 'x'\ntitle = 'X'\nkind = 'tapes_placed'\ncount = 8",
            "goal 'x': missing field 'condition'",
        ),
        (
            "[[goals]]\nname = 'x'\ntitle = 'X'\ncondition = 'tapes_placed'\ncount = 8\ntapes = 1",
            "goal 'x': unknown field 'tapes'; fields are: name, title, help, condition, count",
        ),
        (
            "[[goals]]\nname = 'x'\ntitle = 'X'\ncondition = 'tapes_placed'\ncount = 0",
            "goal 'x': counts must be at least 1",
        ),
        ("this is not toml", "not valid TOML"),
        ("", "no component section"),
    ],
)
def test_bad_user_files(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ComponentError, match=message) as info:
        GAME.with_components(path)
    assert str(path) in str(info.value)


def edited(tmp_path: Path, name: str, old: str, new: str, count: int = 1) -> Path:
    text = (DATA / name).read_text(encoding="utf-8")
    assert old in text
    return write(tmp_path, text.replace(old, new, count))


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "parcels.toml",
            'top_left = { colour = "sweet", icon = "none" }',
            'top_left = { colour = "pink", icon = "none" }',
            r"token 1, top_left: unknown colour 'pink'",
        ),
        (
            "parcels.toml",
            'top_left = { colour = "sweet", icon = "none" }',
            'top_left = { colour = "sweet", icon = "heart" }',
            r"token 1, top_left: unknown icon 'heart'",
        ),
        (
            "parcels.toml",
            'top_left = { colour = "sweet", icon = "none" }\n',
            "",
            r"token 1: missing field 'top_left'",
        ),
        ("parcels.toml", "id = 2\n", "id = 1\n", r"token 1: id used twice"),
        (
            "parcels.toml",
            "[[tokens]]\nid = 96\n",
            "[[tokens]]\nid = 96\n[[tokens]]\nid = 97\n",
            r"expected 96 parcel tokens, found 97",
        ),
        ("parcels.toml", 'helper = "dog"', 'helper = "cow"', r"unknown helper 'cow'"),
        (
            "goals.toml",
            'condition = "tape_each_quarter"',
            'condition = "magic"',
            r"goal 'four_quarters': unknown Post Office goal effect 'magic'; known effects: "
            "colour_all_shapes, ",
        ),
        (
            "goals.toml",
            'condition = "square_groups"\ncount = 5\n',
            'condition = "square_groups"\n',
            r"goal 'five_squares': missing field 'count'",
        ),
        ("box.toml", 'mark = "$"', 'mark = "$$"', r"icon 'stamp': mark '\$\$' must be one"),
        ("box.toml", 'mark = "$"', 'mark = "*"', r"icons: marks must be distinct"),
        ("box.toml", 'name = "receipt"', 'name = "ticket"', r"unknown icon 'ticket'"),
        ("box.toml", 'name = "receipt"', 'name = "stamp"', r"icon 'stamp': listed twice"),
        ("goals.toml", 'name = "eight_tapes"', 'name = "five_squares"', "distinct"),
        (
            "box.toml",
            'name = "T"\ncells = [{ row = 0, col = 0 }, { row = 0, col = 1 }, '
            "{ row = 0, col = 2 }, { row = 1, col = 1 }]",
            'name = "T"\ncells = [{ row = 0, col = 0 }, { row = 0, col = 1 }, '
            "{ row = 0, col = 2 }, { row = 2, col = 1 }]",
            "connected",
        ),
        ("box.toml", 'letter = "G"', 'letter = "g"', "one capital letter"),
    ],
)
def test_validation_names_file_entry_and_problem(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    path = edited(tmp_path, name, old, new)
    with pytest.raises(ComponentError, match=message) as info:
        GAME.with_components(path)
    assert str(path) in str(info.value)


def test_icon_names_are_the_documented_ones() -> None:
    assert ICONS == ("none", "symbol", "stamp", "receipt")
