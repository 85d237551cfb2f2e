"""Legal actions and the reason an action is refused.

On your turn either ``post C`` (a letter of your hand into the letterbox) or ``draw`` (the top
letter of the mail bag, while it holds any and your hand has fewer than four).
"""

from __future__ import annotations

from mailbag.core import Action, IllegalAction, act
from mailbag.core.i18n import _

from letterbox.components import HAND_LIMIT
from letterbox.state import LetterboxState


def is_over(state: LetterboxState) -> bool:
    return not state.bag and not any(state.hands)


def deciders(state: LetterboxState) -> tuple[int, ...]:
    return () if is_over(state) else (state.current,)


def can_draw(state: LetterboxState, seat: int) -> bool:
    return bool(state.bag) and len(state.hands[seat]) < HAND_LIMIT


def legal_actions(state: LetterboxState, seat: int) -> list[Action]:
    if seat not in deciders(state):
        return []
    actions = [act("post", code) for code in sorted(set(state.hands[seat]))]
    if can_draw(state, seat):
        actions.append(act("draw"))
    return actions


def explain_illegal(state: LetterboxState, seat: int, action: Action) -> IllegalAction:
    if action.verb == "post":
        return IllegalAction("post", _("you hold no such letter: {letter}", letter=str(action)))
    if action.verb == "draw":
        return IllegalAction(
            "draw", _("the mail bag is empty or your hand is full (four letters)")
        )
    return IllegalAction("turn", _("{action} is not a Letterbox action", action=str(action)))
