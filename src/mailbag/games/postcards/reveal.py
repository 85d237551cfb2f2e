"""What a Postcards decision reveals, so that undo never goes back past it.

A card taken from a face-down deck (a Travel card drawn, the display refilled, a postcard or
gift revealed) shows something hidden, and so does a postcard or gift laid on a discard pile
(the Hiking Guide's postcards not kept, whose hidden sides the others never saw); so does
anything the Automa does (the turn passing on), a draw from the state's generator (a reshuffle)
or a private event (the core's default).
"""

from __future__ import annotations

from collections.abc import Sequence

from mailbag.core import Action, Event
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import PostcardsState


def reveals(
    components: Components,
    before: PostcardsState,
    seat: int,
    action: Action,
    after: PostcardsState,
    events: Sequence[Event],
) -> bool:
    return (
        before.rng != after.rng
        or any(event.to is not None for event in events)
        or len(before.travel_deck) != len(after.travel_deck)
        or len(before.postcard_deck) != len(after.postcard_deck)
        or len(before.gift_deck) != len(after.gift_deck)
        or before.postcard_discard != after.postcard_discard
        or before.gift_discard != after.gift_discard
        or before.current != after.current
    )
