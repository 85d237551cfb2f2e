"""The invariants of a Letterbox state loaded from outside (a saved game, a record, a state
sent over the wire): the first one broken is a :class:`StateError` naming it."""

from __future__ import annotations

from collections import Counter
from typing import NoReturn

from mailbag.core.errors import StateError

from letterbox.components import HAND_LIMIT, POSTCODES, all_letters
from letterbox.legal import can_draw, is_over
from letterbox.state import LetterboxState


def _fail(problem: str) -> NoReturn:
    raise StateError(problem)


def check_state(state: LetterboxState) -> None:
    n = len(state.hands)
    if not 2 <= n <= 4:
        _fail(f"{n} hands: Letterbox is played by 2 to 4 seats")
    if len(state.points) != n or len(state.posted) != n:
        _fail("points and posted letters must name every seat once")
    cards = state.bag + state.pile + state.sorted_heap + [c for h in state.hands for c in h]
    if any(type(c) is not int or c not in POSTCODES for c in cards):
        _fail("a letter's postcode is not 1 to 9")
    if Counter(cards) != Counter(all_letters()):
        _fail("the letters are not two of each postcode, each in one place")
    for seat, hand in enumerate(state.hands):
        if len(hand) > HAND_LIMIT:
            _fail(f"seat {seat} holds {len(hand)} letters (at most {HAND_LIMIT})")
        if hand != sorted(hand):
            _fail(f"seat {seat}'s hand is not in order")
    if any(a >= b for a, b in zip(state.pile, state.pile[1:], strict=False)):
        _fail("the letterbox's letters do not rise")
    if min(state.points) < 0 or min(state.posted) < 0 or state.turn < 0:
        _fail("a negative count")
    if sum(state.posted) != len(state.pile) + len(state.sorted_heap):
        _fail("the letters posted are not those in the letterbox and the sorted heap")
    if sum(state.points) > sum(state.pile) + sum(state.sorted_heap):
        _fail("more points than the letters posted are worth")
    if not 0 <= state.current < n:
        _fail(f"seat {state.current} is to act but there are {n} seats")
    if not is_over(state) and not state.hands[state.current] and not can_draw(
        state, state.current
    ):
        _fail(f"seat {state.current} is to act with nothing to do")
