"""Why an action is illegal: the rule it breaks, in plain words."""

from __future__ import annotations

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import PostcardsState


def explain_illegal(
    comps: Components, state: PostcardsState, seat: int, action: Action
) -> IllegalAction:
    return IllegalAction("legal actions", f"{action} is not a legal action now")
