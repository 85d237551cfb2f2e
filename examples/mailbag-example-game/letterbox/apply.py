"""Carrying out an action.

A posted letter scores its postcode when it is higher than the letter on top of the letterbox
(or the letterbox is empty). A letter not higher makes the postman come: he empties the
letterbox onto the sorted heap, and the letter scores nothing. Then the next seat with letters
to play (or a bag to draw from) is on.
"""

from __future__ import annotations

from mailbag.core import Action, Event
from mailbag.core.i18n import N_

from letterbox.legal import can_draw, is_over
from letterbox.state import LetterboxState


def apply_in_place(state: LetterboxState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    if action.verb == "post":
        code = int(action.args[0])
        state.hands[seat].remove(code)
        state.posted[seat] += 1
        if not state.pile or code > state.pile[-1]:
            state.pile.append(code)
            state.points[seat] += code
            events.append(Event("post", N_("{seat} posts letter {letter} and scores {letter}"),
                                {"seat": seat, "letter": code}))
        else:
            state.sorted_heap += [*state.pile, code]
            state.pile = []
            events.append(Event("collect", N_("{seat} posts letter {letter}: the postman empties "
                                              "the letterbox"), {"seat": seat, "letter": code}))
    else:
        code = state.bag.pop()
        state.hands[seat].append(code)
        state.hands[seat].sort()
        events.append(Event("draw", N_("{seat} draws a letter"), {"seat": seat}))
        events.append(Event("drawn", N_("you draw letter {letter}"), {"letter": code}, to=(seat,)))
    state.turn += 1
    if not is_over(state):
        n = len(state.hands)
        nxt = (seat + 1) % n
        while not state.hands[nxt] and not can_draw(state, nxt):
            nxt = (nxt + 1) % n
        state.current = nxt
    return events
