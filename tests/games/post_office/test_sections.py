"""The Post Office view as the full-screen terminal's parts (``sections``): the shared table (the
round, the supplies, the scores, the face-up goals, the legend), the seat's own shelving with the
tokens only it sees, one block per other seat in seat order — built from the same helpers as
the text ``render``, so the two never disagree, in logical lines, in every language."""

from __future__ import annotations

import pytest

from mailbag.core import new_game
from mailbag.core.i18n import use_language
from mailbag.core.presentation import Block, Sections
from mailbag.games.post_office.state import PostOfficeState

from .builder import GAME, act, everyone

WORDS = GAME.presentation


def _state(seats: int) -> PostOfficeState:
    return new_game(GAME, seats, {"goals": True}, seats)


def _logical_lines(sections: Sections) -> None:
    """Every title, summary and line is one line, never wrapped and never ending in spaces."""
    for block in (sections.board, *([sections.own] if sections.own else []), *sections.others):
        for line in (block.title, block.summary, *block.lines):
            assert "\n" not in line and line == line.rstrip()


def _text(sections: Sections, seat: int | None) -> str:
    """The parts in render's order: the table, every seat's shelving in seat order, then (for a
    seat) what only it sees — what ``render`` writes."""
    shelvings = sorted([*([sections.own] if sections.own else []), *sections.others], key=_seat)
    parts = [sections.board.text()]
    for block in shelvings:
        lines = block.lines
        if seat is not None and block.seat == seat and "" in lines:
            lines = lines[: lines.index("")]  # its own tokens come last in the text
        parts.append("\n".join((block.title, *lines)))
    out = "\n\n".join(parts)
    if seat is not None:
        own = sections.own
        assert own is not None
        private = own.lines[own.lines.index("") + 1 :] if "" in own.lines else ()
        out += "\n\n" + "\n".join(private)
    return out


def _seat(block: Block) -> int:
    assert block.seat is not None
    return block.seat


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_seat_has_its_own_shelving_and_one_block_per_other_seat(seats: int) -> None:
    state = _state(seats)
    for seat in range(seats):
        view = GAME.view(state, seat)
        sections = WORDS.sections(view)
        own = sections.own
        assert own is not None and own.seat == seat
        assert own.title.startswith("you (")
        assert [block.seat for block in sections.others] == [s for s in range(seats) if s != seat]
        assert [block.title.split(" (")[0] for block in sections.others] == [
            f"seat {s}" for s in range(seats) if s != seat
        ]
        # the two tokens dealt to the seat are in its own block only
        assert own.lines[-1].startswith("dealt to you: ")
        assert not any("dealt to you" in line for b in sections.others for line in b.lines)
        assert sections.board.title.startswith("Post Office — round 1 of 11")
        assert any(line.startswith("goals face up: 4") for line in sections.board.lines)
        _logical_lines(sections)
        assert _text(sections, seat) == WORDS.render(view)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_spectator_has_no_block_of_its_own_and_one_per_seat(seats: int) -> None:
    view = GAME.view(_state(seats), None)
    sections = WORDS.sections(view)
    assert sections.own is None
    assert [block.seat for block in sections.others] == list(range(seats))
    assert not any("dealt to you" in line for b in sections.others for line in b.lines)
    _logical_lines(sections)
    assert _text(sections, None) == WORDS.render(view)


def test_each_seats_summary_is_its_score_stamps_and_whether_it_has_chosen() -> None:
    state = _state(3)
    state, _ = act(state, 1, f"keep {state.players[1].dealt[0]}")
    sections = WORDS.sections(GAME.view(state, 0))
    summaries = {b.seat: b.summary for b in (sections.own, *sections.others) if b is not None}
    scores = [score.total for score in GAME.scores(state)]
    stamps = [p.stamps for p in state.players]
    assert summaries == {
        0: f"you (cat): score {scores[0]} · {stamps[0]} stamps",
        1: f"seat 1 (dog): score {scores[1]} · {stamps[1]} stamps · has chosen",
        2: f"seat 2 (pigeon): score {scores[2]} · {stamps[2]} stamps",
    }
    assert "  has made this phase's choice" in sections.others[0].lines  # the full block says so


def test_the_own_block_shows_the_hand_and_the_choice_waiting_for_the_others() -> None:
    state, _ = everyone(_state(2))  # everyone keeps a token: each holds two
    view = GAME.view(state, 0)
    own = WORDS.sections(view).own
    assert own is not None
    assert [line.split(":")[0] for line in own.lines[own.lines.index("") + 1 :]] == ["your hand"]
    token = state.players[0].hand[0]
    state, _ = act(state, 0, "move 0")
    own = WORDS.sections(GAME.view(state, 0)).own
    assert own is not None
    tail = own.lines[own.lines.index("") + 1 :]
    assert tail[0].startswith(f"your hand: {token}[")
    assert tail[-1] == "your choice (waiting for the others): move 0"


@pytest.mark.parametrize("lang", ["nl", "es"])
def test_the_parts_read_in_the_language(lang: str) -> None:
    state = _state(3)
    with use_language(lang):
        view = GAME.view(state, 1)
        sections = WORDS.sections(view)
        assert _text(sections, 1) == WORDS.render(view)
        own = sections.own
        assert own is not None
        others = [block.title.split(" (")[0] for block in sections.others]
        if lang == "nl":
            assert sections.board.title.startswith("Postkantoor — ronde 1 van 11")
            assert own.title.startswith("jij (hond)")
            assert others == ["speler 0", "speler 2"]
            assert own.summary.startswith("jij (hond): punten ")
            assert own.lines[-1].startswith("aan jou gedeeld: ")
        else:
            assert sections.board.title.startswith("Oficina de Correos — ronda 1 de 11")
            assert own.summary.startswith(own.title.split(":")[0] + ": puntos ")
