"""What a Carteros decision reveals, so that undo never goes back past it.

A house turned face up or replaced, a card drawn from a deck, a house seen with the GPS, a
mission revealed, another carrier's hidden cards changed (Rain soaking their Mail) — and any
decision after which another carrier owes one (a reaction window
tells the carrier that someone holds the answering card; the turn passing on is final) — cannot
be taken back; nor can a draw from the generator or a private event (the core's default).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mailbag.core import Action, Event
from mailbag.games.carteros.state import CarterosState

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components


def reveals(
    components: Components,
    before: CarterosState,
    seat: int,
    action: Action,
    after: CarterosState,
    events: Sequence[Event],
) -> bool:
    return (
        before.rng != after.rng
        or any(event.to is not None for event in events)
        or before.grid != after.grid
        or before.fresh != after.fresh
        or len(before.house_deck) != len(after.house_deck)
        or len(before.mail_deck) != len(after.mail_deck)
        or len(before.action_deck) != len(after.action_deck)
        or before.known != after.known
        or before.mission_decks != after.mission_decks
        or before.current != after.current
        or before.mail_discard != after.mail_discard
        or any(
            before.mail[other] != after.mail[other] or before.hand[other] != after.hand[other]
            for other in range(len(before.mail))
            if other != seat
        )
        or any(task.seat != seat for task in after.tasks if task not in before.tasks)
    )
