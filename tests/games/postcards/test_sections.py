"""The view as data for the full-screen terminal (``render.sections``): the shared board, the
seat's own area and one block per other seat, made from the same lines as the rendered text —
never wrapped, in the reader's language, and never more than the seat's view holds."""

from __future__ import annotations

import pytest

from mailbag.core import Rng, apply, new_game
from mailbag.core.i18n import use_language
from mailbag.core.presentation import Block, Sections
from mailbag.games.postcards import GAME

from .builder import Builder

SEATS = {
    2: ("player", "player"),
    3: ("player", "automa:easy", "player"),
    4: ("player", "player", "automa:normal", "automa:expert"),
}


def _position() -> Builder:
    return (
        Builder(("player", "player", "automa:normal"))
        .hand(0, "red.camp", "blue.movement", "green.postcard")
        .region(0, 8)
        .camps(1, 1, 2, 3)
        .postcard(0, 29, [True, False])
        .postcard(1, 12)
        .gift(1, "car")
    )


def _lines(block: Block) -> list[str]:
    return [block.title, *block.lines]


def _all_lines(sections: Sections) -> list[str]:
    parts = [sections.board, *([sections.own] if sections.own else []), *sections.others]
    return [line for part in parts for line in _lines(part)]


def test_a_seat_has_its_own_area_and_a_block_per_other_seat() -> None:
    state = _position().state
    sections = GAME.presentation.sections(GAME.view(state, 0))
    assert sections.board.title.startswith("POSTCARDS (en, side A)  turn ")
    assert sections.board.title.endswith(": seat 0 (you) to play")
    assert sections.board.seat is None
    assert any(line.startswith("MAP ") for line in sections.board.lines)
    assert any(line.startswith("Travel cards: ") for line in sections.board.lines)
    assert any(line.startswith("This turn: played nothing") for line in sections.board.lines)
    own = sections.own
    assert own is not None and own.seat == 0
    assert own.title.startswith("seat 0 (you) in 8 Occitanie, itinerary ")
    assert "Your hand: red camp card, blue movement card, green postcard card" in own.lines
    assert any(line.startswith("    postcard 29 (region ") for line in own.lines)
    assert own.summary.startswith("seat 0 (you): score now ")
    assert [b.seat for b in sections.others] == [1, 2]
    second, automa = sections.others
    assert second.title.startswith("seat 1 in ")
    assert "    gifts: Car" in second.lines
    assert any("3/13" in line for line in second.lines)  # its camps
    assert not any(line.startswith("Your hand") for line in second.lines)
    assert automa.title.startswith("seat 2 (the Automa, normal) in ")
    assert "camps 0" in automa.summary and "sent 0" in automa.summary


def test_a_spectator_has_no_own_area_and_sees_every_seat() -> None:
    state = _position().state
    sections = GAME.presentation.sections(GAME.view(state, None))
    assert sections.own is None
    assert [b.seat for b in sections.others] == [0, 1, 2]
    assert not any("(you)" in line for line in _all_lines(sections))
    assert not any(line.startswith("Your hand") for line in _all_lines(sections))
    assert sections.others[0].compact.startswith("seat 0: score now ")


@pytest.mark.parametrize("count", sorted(SEATS))
def test_every_seat_count_gives_one_block_per_seat(count: int) -> None:
    state = new_game(GAME, SEATS[count], {}, seed=count)
    for seat in (None, *range(count)):
        view = GAME.view(state, seat)
        sections = GAME.presentation.sections(view)
        blocks = [*([sections.own] if sections.own else []), *sections.others]
        assert sorted(b.seat for b in blocks if b.seat is not None) == list(range(count))
        assert [b.seat for b in sections.others] == [s for s in range(count) if s != seat]
        assert (sections.own is None) == (seat is None)
        for block in (sections.board, *blocks):
            assert block.title and block.compact
            assert not any("\n" in line for line in _lines(block))


def test_the_lines_are_the_rendered_lines_unwrapped() -> None:
    """Every logical line of the sections is in the rendered text, wrapped at 80 columns: the
    two are made by the same helpers and never disagree."""
    state = new_game(GAME, SEATS[4], {"side": "B"}, seed=11)
    for _ in range(40):  # a few decisions in: cards played, a decision pending
        seat = GAME.deciders(state)[0]
        actions = GAME.legal_actions(state, seat)
        state, _events = apply(GAME, state, seat, actions[Rng.from_seed(3).randbelow(len(actions))])
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        text = GAME.presentation.render(view)
        lines = _all_lines(GAME.presentation.sections(view))
        assert any(len(line) > 80 for line in lines)  # long lines stay whole here
        flat = " ".join(text.split())
        for line in lines:
            assert " ".join(line.split()) in flat, line
        assert sorted(text.split()) == sorted(" ".join(lines).split())


def test_the_sections_speak_dutch() -> None:
    state = _position().state
    with use_language("nl"):
        sections = GAME.presentation.sections(GAME.view(state, 0))
    assert sections.own is not None
    assert sections.own.title.startswith("speler 0 (jij) in 8 Occitanie")
    assert any(line.startswith("Je hand: rood/kamp") for line in sections.own.lines)
    assert any(line.startswith("Reiskaarten:") for line in sections.board.lines)
    assert sections.others[0].summary.startswith("speler 1: ")
    assert "    cadeaukaarten: Auto" in sections.others[0].lines
