"""The Carteros view as the full-screen terminal's parts (``sections``): the shared table, the
seat's own carrier and cards, one block per other carrier in seat order — built from the same
helpers as the text ``render``, so the two never disagree, in logical lines, in every language."""

from __future__ import annotations

import textwrap

import pytest

from mailbag.core import Sections, new_game
from mailbag.core.i18n import use_language
from mailbag.games.carteros import GAME
from mailbag.games.carteros.render import WIDTH

from .builder import act, build

WORDS = GAME.presentation


def _state(seats: int) -> object:
    return new_game(GAME, seats, {"missions": True, "stampy": True}, seats)


def _blocks_are_logical_lines(sections: Sections) -> None:
    blocks = [sections.board, *([sections.own] if sections.own else []), *sections.others]
    for block in blocks:
        for line in (block.title, block.summary, *block.lines):
            assert "\n" not in line and line == line.rstrip()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_seat_has_its_own_block_and_one_per_other_carrier(seats: int) -> None:
    state = _state(seats)
    for seat in range(seats):
        sections = WORDS.sections(GAME.view(state, seat))
        assert sections.own is not None and sections.own.seat == seat
        assert [block.seat for block in sections.others] == [s for s in range(seats) if s != seat]
        assert sections.own.lines[-1].startswith("Your bag: ")  # the own cards, only here
        assert all(len(block.lines) == 1 for block in sections.others)
        _blocks_are_logical_lines(sections)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_spectator_has_no_block_of_its_own_and_one_per_carrier(seats: int) -> None:
    sections = WORDS.sections(GAME.view(_state(seats), None))
    assert sections.own is None
    assert [block.seat for block in sections.others] == list(range(seats))
    assert not any("Your bag" in line for block in sections.others for line in block.lines)
    _blocks_are_logical_lines(sections)


def test_the_parts_are_the_text_boards_lines() -> None:
    """``render`` is the parts one after another: the header, the table, every carrier with
    ``>`` marking whose turn it is, the seat's cards, and the key wrapped to the pane."""
    state, _ = act(build(3, pos={0: "B2"}, grid={"B2": "lost"}, mail={0: {"letter": 2}}), "deliver")
    view = GAME.view(state, 1)
    sections = WORDS.sections(view)
    assert sections.own is not None
    *table, key = sections.board.lines
    carriers = sorted([sections.own, *sections.others], key=lambda block: block.seat or 0)
    marked = [
        f"{'>' if block.seat == view['current'] else ' '} {block.lines[0]}" for block in carriers
    ]
    expected = [
        sections.board.title,
        *table,
        *marked,
        sections.own.lines[1],
        *textwrap.wrap(key, WIDTH, subsequent_indent="  ", break_on_hyphens=False),
    ]
    assert WORDS.render(view).splitlines()[: len(table) + 4] == expected[: len(table) + 4]
    assert " ".join(WORDS.render(view).split()) == " ".join(" ".join(expected).split())
    assert "Lst Lost" in key.replace("\xa0", " ")  # the house turned, in the key


def test_whose_turn_and_each_summary() -> None:
    state = build(3, pos={1: "C4"}, current=1)
    sections = WORDS.sections(GAME.view(state, 0))
    titles = {block.seat: block.title for block in (sections.own, *sections.others) if block}
    assert titles == {0: "seat 0", 1: "seat 1 (to play)", 2: "seat 2"}
    assert [block.summary for block in sections.others] == [
        "seat 1: C4, score 0",
        "seat 2: Post Office, score 0",
    ]


def test_the_parts_are_in_the_readers_language() -> None:
    state = build(2, pos={1: "C4"}, current=1, hand={0: ["bicycle"]}, mail={0: {"letter": 2}})
    with use_language("nl"):
        sections = WORDS.sections(GAME.view(state, 0))
    assert sections.board.title.startswith("Carteros — ")
    assert sections.board.lines[-1].startswith("Legenda: ")
    assert sections.own is not None and sections.own.title == "speler 0"
    assert "Fiets" in sections.own.lines[-1] and "Bicycle" not in sections.own.lines[-1]
    (other,) = sections.others
    assert other.title == "speler 1 (aan de beurt)" and other.summary == "speler 1: C4, score 0"
