"""The Post Office apply step: a seat's decision in a simultaneous phase (PO-2), and resolving the
phase once every player has made theirs; the end of a round (PO-7, PO-9).

A decision is stored as the player's ``pending`` choice. When the last player of a phase has
chosen, the phase is resolved for everyone in seat order from the senior post office worker
(seat 0) — which only matters when the stamp supply runs short (PO-106).
"""

from __future__ import annotations

from mailbag.core import Action, Event
from mailbag.core.i18n import N_
from mailbag.games.post_office.components import STAMP, Components
from mailbag.games.post_office.geometry import SIZE
from mailbag.games.post_office.goals import check_goals
from mailbag.games.post_office.legal import destination
from mailbag.games.post_office.scoring import GOAL_VALUE
from mailbag.games.post_office.setup import start_round
from mailbag.games.post_office.shelving import place_token
from mailbag.games.post_office.state import (
    KEEP,
    MOVE,
    OVER,
    PLACE,
    SEAL,
    SKIP,
    Player,
    PostOfficeState,
)


def apply_action(
    components: Components, state: PostOfficeState, seat: int, action: Action
) -> list[Event]:
    """Record ``seat``'s (legal) decision, in place; resolve the phase when everyone has
    chosen."""
    players = state.players
    players[seat].pending, text = components.actions.chosen(action)
    events = [Event("chosen", N_("you choose: {action}"), {"seat": seat, "action": text}, (seat,))]
    for p in players:
        if not p.pending:
            return events
    events.extend(resolve(components, state))
    return events


def resolve(components: Components, state: PostOfficeState) -> list[Event]:
    """Carry out the phase's decisions, everyone's at once, and go on to the next phase."""
    phase = state.phase
    if phase == KEEP:
        events = _resolve_keep(state)
        state.phase = MOVE
    elif phase == MOVE:
        events = _resolve_move(state)
        state.phase = PLACE
    elif phase == PLACE:
        events = _resolve_place(components, state)
        state.phase = SEAL
    else:
        events = _resolve_seal(components, state)
    for p in state.players:
        p.pending = []
    if phase == SEAL:
        if state.step == 0 and state.round < state.params.rounds:  # PO-7, PO-113
            state.step = 1
            state.phase = MOVE
        else:
            events.extend(end_round(components, state))
    return events


def _resolve_keep(state: PostOfficeState) -> list[Event]:
    """PO-3: each keeps one dealt token and passes the other to the left (seat + 1); with two
    players they pass to each other."""
    n = len(state.players)
    passed = []
    events = [Event("draft", N_("everyone keeps one token and passes the other to the left"))]
    for p in state.players:
        kept = p.pending[0]
        other = p.dealt[1] if p.dealt[0] == kept else p.dealt[0]
        p.hand = [kept]
        p.dealt = []
        passed.append(other)
    for i, token in enumerate(passed):
        left = (i + 1) % n
        state.players[left].hand.append(token)
        events.append(
            Event(
                "received",
                N_("you receive token {token} from {giver}"),
                {"seat": left, "from": i, "giver": i, "token": token},
                to=(left,),
            )
        )
    return events


def payment(stamps: int, amount: int, supply: int) -> tuple[int, int, int]:
    """Paying ``amount`` with ``stamps`` stamps held (and enough goal tokens: the legal moves
    cost at most the stamps plus 8 per goal token), ``supply`` stamps in the supply: (stamps
    left, goal tokens exchanged, supply after).

    PO-103, PO-112: the stamps held are paid first; when they do not cover the amount, goal
    tokens are exchanged, each worth 8 (a token goes to the box), as few as needed. The change —
    8 per exchanged token minus what the stamps did not cover — is taken from the supply after
    the stamps paid have entered it, as far as it lasts (PO-106): with a short supply the player
    gets less change, possibly none; the payment itself never fails."""
    if amount <= stamps:
        return stamps - amount, 0, supply + amount
    need = amount - stamps
    exchanged = -(-need // GOAL_VALUE)
    supply += stamps
    change = min(exchanged * GOAL_VALUE - need, supply)
    return change, exchanged, supply - change


def pay(state: PostOfficeState, p: Player, amount: int) -> None:
    """Pay ``amount`` stamps to the supply, exchanging goal tokens (the oldest first) when the
    stamps held do not cover it: see :func:`payment` (PO-103, PO-112)."""
    p.stamps, exchanged, state.stamp_supply = payment(p.stamps, amount, state.stamp_supply)
    if exchanged:
        state.goal_box.extend(p.goals[:exchanged])
        del p.goals[:exchanged]


def _resolve_move(state: PostOfficeState) -> list[Event]:
    """PO-4: one space clockwise, then the paid extra spaces, skipping full lines for free.
    PO-102: that free advance happens only here, while moving — never right after a placement
    fills the helper's line."""
    events = []
    for i, p in enumerate(state.players):
        extra = p.pending[0]
        p.space = destination(p.token, p.space, extra)
        pay(state, p, extra)
        if not extra:
            text = N_("{seat}'s helper moves to the {space}")
        elif extra == 1:
            text = N_("{seat}'s helper moves to the {space} (paying 1 stamp)")
        else:
            text = N_("{seat}'s helper moves to the {space} (paying {paid} stamps)")
        # the space is put into words at display time (render.event_words)
        events.append(Event("move", text, {"seat": i, "space": p.space, "paid": extra}))
    return events


def _resolve_place(components: Components, state: PostOfficeState) -> list[Event]:
    """PO-5: each player lays the chosen token on the chosen cell, turned as chosen."""
    events = []
    for i, p in enumerate(state.players):
        token, cell, rot = p.pending
        p.hand.remove(token)
        place_token(components, p, token, cell, rot)
        row, col = divmod(cell, SIZE)
        events.append(
            Event(
                "place",
                N_("{seat} places token {token} on cell ({row},{col}), turned {degrees}°"),
                {
                    "seat": i,
                    "token": token,
                    "row": row,
                    "col": col,
                    "rotation": rot,
                    "degrees": 90 * rot,
                },
            )
        )
    return events


def _resolve_seal(components: Components, state: PostOfficeState) -> list[Event]:
    """PO-6: lay the chosen tapes; each covered stamp icon gives 1 stamp from the supply. When
    the supply runs short it serves the players in seat order (PO-106)."""
    events = []
    for i, p in enumerate(state.players):
        if p.pending[0] == SKIP:
            continue
        colour, pid = p.pending
        placement = components.placements[pid]
        tape = colour * 4 + placement.shape
        p.placed[tape] = pid
        icons = 0
        for parcel in placement.cells:
            p.tape[parcel] = tape
            if p.icon[parcel] == STAMP:
                icons += 1
        gained = min(icons, state.stamp_supply)
        state.stamp_supply -= gained
        p.stamps += gained
        if not gained:
            text = N_("{seat} seals {parcels} with the {tape} tape")
        elif gained == 1:
            text = N_("{seat} seals {parcels} with the {tape} tape and takes 1 stamp")
        else:
            text = N_("{seat} seals {parcels} with the {tape} tape and takes {stamps} stamps")
        # the parcels and the tape are put into words at display time (render.event_words)
        events.append(
            Event(
                "seal",
                text,
                {
                    "seat": i,
                    "tape": components.tape_name(tape),
                    "cells": list(placement.cells),
                    "stamps": gained,
                },
            )
        )
    return events


def end_round(components: Components, state: PostOfficeState) -> list[Event]:
    """End of a round: in the last round — the half round, round 11 of the printed game, or
    option ``rounds`` (PO-113) — the unplaced tokens are discarded face down (PO-7); goals are
    checked (PO-9), after the half round too (PO-107); then the next round is dealt, or the game
    ends."""
    events: list[Event] = []
    last = state.round >= state.params.rounds
    if last:
        for p in state.players:
            state.discarded.extend(p.hand)
            p.hand = []
    if state.goals_on:
        events.extend(check_goals(components, state))
    if last:
        state.phase = OVER
        events.append(Event("game_over", N_("the last round is over: final scoring")))
    else:
        events.extend(start_round(state))
    return events
