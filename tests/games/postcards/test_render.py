"""What a player at the table sees: the camp track of the board side and where each seat
stands on it (PC-5, PC-8), the Travel display slots each Automa plays (PC-13), whole region
names, titles and help from the component data, and lines that fit an 80-column pane."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, apply, parse_action
from mailbag.games.postcards import GAME
from mailbag.games.postcards.render import wrap

from .builder import COMPONENTS, Builder


def _text(builder: Builder, seat: int | None = 0) -> str:
    return GAME.presentation.render(GAME.view(builder.state, seat))


def test_the_camp_track_of_side_a_and_where_each_seat_stands() -> None:
    builder = Builder(3).camps(1, 1, 2, 3, 4, 5).camps(2, *range(6, 16))
    text = _text(builder)
    assert "Camp track, side A (13 camps): 4th Stamp, 7th Movement, 10th Plus" in text
    sections = GAME.presentation.sections(GAME.view(builder.state, 0))
    blocks = {b.seat: b.text() for b in sections.others}
    assert sections.own is not None
    mine = sections.own.text()
    assert "camp track ...S..M..+... 0/13, next: 4th camp Stamp" in mine
    assert "camp track xxxxx.M..+... 5/13, next: 7th camp Movement" in blocks[1]
    assert "camp track xxxxxxxxxx... 10/13, no effect left" in blocks[2]


def test_the_camp_track_of_side_b_shows_the_stars() -> None:
    text = _text(Builder(2, side="B").camps(1, 1, 2, 3, 4))
    assert "Camp track, side B (13 camps): 4th Star 1, 7th Star 2, 10th Star 3" in text
    assert "camp track xxxx..*..*... 4/13, next: 7th camp Star 2" in text
    assert "camp track ...*..*..*... 0/13, next: 4th camp Star 1" in text


def test_the_slots_each_automa_plays_by_its_level() -> None:
    seats = ("player", "automa:easy", "automa:normal", "automa:expert")
    text = _text(Builder(seats))
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith("Automa")]
    assert lines == [
        "Automa of seat 1 (easy) plays slots 1-3: 1-2 stamp first, 3 action first",
        "Automa of seat 2 (normal) plays slots 1-4: 1-2 stamp first, 3-4 action first",
        "Automa of seat 3 (expert) plays slots 1-5: 1-2 stamp first, 3-5 action first",
    ]
    assert "plays slots" not in _text(Builder(2))  # no Automa, no line


def test_region_names_are_whole_and_lines_fit_80_columns() -> None:
    seats = ("player", "player", "automa:normal", "automa:expert")
    builder = Builder(seats).postcard(0, 36).postcard(0, 52).gift(0, "keychain.mountain")
    for seat in (0, 1, None):
        text = _text(builder, seat)
        for region in COMPONENTS.regions.values():
            assert f"{region.number:>2} {region.name} " in text
        assert "Bourgogne-Franche-Comté" in text and "Provence-Alpes-Côte d'Azur" in text
        assert max(len(line) for line in text.splitlines()) <= 80


def test_a_wrapped_line_never_starts_with_a_seat() -> None:
    line = "first player: " + "x" * 60 + " seat 3 | more words here to wrap"
    lines = wrap(line, 80)
    assert all(len(part) <= 80 for part in lines)
    assert not any(part.strip().startswith("seat") for part in lines[1:])
    assert " ".join(p.strip() for p in lines) == line


def test_titles_and_help_come_from_the_data() -> None:
    text = _shipped_text().replace('title = "Car"', 'title = "Voiture"')
    text = text.replace('help = "up to 3 extra movements this turn"', 'help = "roule, roule"')
    game = GAME.with_component_text(text, "fr.toml")
    view = game.view(Builder(2).gift(0, "car").state, 0)  # the same kinds, other words
    assert "gifts: Voiture" in game.presentation.render(view)
    label = game.presentation.describe_action(view, parse_action("gift car"))
    assert label == "use gift Voiture: roule, roule"
    # a Road Map's decisions name its card by its title too, on the board and in a refusal
    game = GAME.with_component_text(text.replace('title = "Road Map"', 'title = "Carte"'), "x")
    state = Builder(2).hand(0, "red.camp").region(0, 8).gift(0, "road_map").state
    state, _ = apply(game, state, 0, parse_action("gift road_map"))
    assert "Pending: Carte: move to an adjacent region" in game.presentation.render(
        game.view(state, 0)
    )
    with pytest.raises(IllegalAction, match="move with the Carte to an adjacent region"):
        apply(game, state, 0, parse_action("skip"))


def _shipped_text() -> str:
    from importlib import resources

    return (
        resources.files("mailbag.games.postcards")
        .joinpath("data/components.toml")
        .read_text(encoding="utf-8")
    )
