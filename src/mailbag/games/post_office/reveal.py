"""What a Post Office decision reveals, so that undo never goes back past it.

Every phase is simultaneous (PO-2): a seat's choice stays hidden until every seat has chosen,
and the only event it makes is the private echo of the choice itself ("you choose …"), which
shows the seat nothing it did not know. Such a choice may be taken back while the others are
still choosing. The choice that completes a phase reveals everyone's (public events) and may deal
new tokens (the generator): no way back past it.
"""

from __future__ import annotations

from collections.abc import Sequence

from mailbag.core import Action, Event
from mailbag.games.post_office.components import Components
from mailbag.games.post_office.state import PostOfficeState


def reveals(
    components: Components,
    before: PostOfficeState,
    seat: int,
    action: Action,
    after: PostOfficeState,
    events: Sequence[Event],
) -> bool:
    if before.rng != after.rng:
        return True
    if (before.round, before.phase, before.step) != (after.round, after.phase, after.step):
        return True  # the choice completed the phase: everyone's choices are carried out
    return any(not (event.kind == "chosen" and event.to == (seat,)) for event in events)
