"""Letterbox's own tests, run against the installed mailbag: mailbag's contract checks (shipped
as ``mailbag.testing``) over every seat count and option set, and a few rules by hand."""

from __future__ import annotations

import pytest
from mailbag.core import Action, act, apply, new_game
from mailbag.core.errors import MailbagError
from mailbag.testing import ContractCase, check_game, contract_cases

from letterbox import GAME
from letterbox.state import LetterboxState


@pytest.mark.parametrize("case", contract_cases(GAME, seeds=2), ids=str)
def test_contract(case: ContractCase) -> None:
    case.run()


def test_check_game_in_one_call() -> None:
    check_game(GAME, seeds=[11], seat_counts=[3], checks=["playout", "views"])


def _state(pile: list[int], hand: list[int]) -> LetterboxState:
    state = new_game(GAME, 2, {}, 1)
    state.pile, state.hands[state.current] = list(pile), list(hand)
    return state


def test_a_higher_letter_scores_its_postcode() -> None:
    state = _state([4], [2, 7])
    seat = state.current
    after, events = apply(GAME, state, seat, act("post", 7))
    assert after.points[seat] == 7 and after.pile == [4, 7]
    assert [e.kind for e in events] == ["post"]


def test_a_letter_not_higher_calls_the_postman() -> None:
    state = _state([4, 6], [2, 7])
    seat = state.current
    after, events = apply(GAME, state, seat, act("post", 2))
    assert after.points[seat] == 0 and after.pile == []
    assert after.sorted_heap[-3:] == [4, 6, 2]
    assert [e.kind for e in events] == ["collect"]


def test_a_full_hand_cannot_draw_and_an_unheld_letter_is_refused() -> None:
    state = _state([], [1, 2, 3, 4])
    seat = state.current
    assert Action("draw") not in GAME.legal_actions(state, seat)
    with pytest.raises(MailbagError, match="hand is full"):
        apply(GAME, state, seat, act("draw"))
    with pytest.raises(MailbagError, match="no such letter"):
        apply(GAME, state, seat, act("post", 9))
