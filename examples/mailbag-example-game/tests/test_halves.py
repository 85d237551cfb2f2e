"""Letterbox's two halves beside its rules: its ``Presentation`` (the view in words and as the
full-screen terminal's layout) and its ``SearchHints`` (the bots' heuristic and settings). The
contract checks (test_letterbox.py) hold both to mailbag's rules; these test what they say."""

from __future__ import annotations

import pytest
from mailbag.bots import make_bot
from mailbag.core import new_game

from letterbox import GAME
from letterbox.game import LetterboxGame, LetterboxPresentation, LetterboxSearch
from letterbox.state import LetterboxState

OLD_NAMES = (
    "render",
    "describe_action",
    "event_text",
    "board_data",
    "click_path",
    "heuristic",
    "heuristics",
    "search_settings",
)


def test_the_game_keeps_its_words_and_hints_in_their_own_halves() -> None:
    assert isinstance(GAME.presentation, LetterboxPresentation)
    assert isinstance(GAME.search, LetterboxSearch)
    assert [name for name in OLD_NAMES if name in vars(LetterboxGame)] == []
    # and neither the game nor mailbag's Game has them: the halves are the one way in
    assert [name for name in OLD_NAMES if hasattr(LetterboxGame, name)] == []


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_sections_lay_out_the_table_the_seat_and_every_other_seat(seats: int) -> None:
    state = new_game(GAME, seats, {}, 3)
    for observer in [*range(seats), None]:
        view = GAME.view(state, observer)
        sections = GAME.presentation.sections(view)
        rendered = GAME.presentation.render(view).splitlines()
        assert sections.board.lines == tuple(rendered[:2])  # the letterbox and the mail bag
        others = [s for s in range(seats) if s != observer]
        assert [block.seat for block in sections.others] == others
        for block in sections.others:
            assert block.title == f"Seat {block.seat}"
            assert block.lines == (block.summary,) and block.summary in rendered
        if observer is None:
            assert sections.own is None
            continue
        assert sections.own is not None and sections.own.seat == observer
        hand = " ".join(map(str, state.hands[observer]))
        assert sections.own.lines[0] == f"Your hand: {hand}"
        assert sections.own.lines[1].startswith(f"Seat {observer}: {len(hand.split())} letters")
        # every line of the layout is a line of the text: the two never disagree
        shown = [*sections.board.lines, *sections.own.lines]
        shown += [line for block in sections.others for line in block.lines]
        assert sorted(shown) == sorted(rendered)


def _state(points: list[int], hand: list[int], pile: list[int]) -> LetterboxState:
    state = new_game(GAME, len(points), {}, 1)
    state.points, state.pile, state.hands[0] = list(points), list(pile), list(hand)
    return state


def test_the_heuristic_is_the_lead_in_points_and_half_a_point_per_scoring_letter() -> None:
    state = _state([7, 9, 4], [2, 6, 8], [5])  # 6 and 8 would score on the 5
    assert GAME.search.heuristic(state, 0) == 7 - 9 + 2 * 0.5
    assert GAME.search.heuristics(state)[0] == GAME.search.heuristic(state, 0)
    empty = _state([0, 0], [1, 9], [])  # on an empty letterbox every letter scores
    assert GAME.search.heuristic(empty, 0) == 1.0


def test_the_planner_plays_letterbox_with_its_own_settings() -> None:
    assert GAME.search.settings() == {"rollout": "guided"}
    bot = make_bot("planner:iters=20", GAME, 0, 0)
    assert getattr(bot, "rollout", None) == "guided"
    plain = make_bot("mcts:iters=20", GAME, 0, 0)
    assert getattr(plain, "rollout", None) == "uniform"
