"""Post Office rules: set-up, the round's phases, and resolving a phase once every player has
submitted their decision (PO-2).

A decision is stored as the player's ``pending`` choice. When the last player of a phase has
chosen, the phase is resolved for everyone in seat order from the senior post office worker
(seat 0) — which only matters when the stamp supply runs short (PO-106).
"""

from __future__ import annotations

from mailbag.core import Action, Event, Rng
from mailbag.core.i18n import N_
from mailbag.games.post_office.components import STAMP
from mailbag.games.post_office.geometry import (
    CELL_PARCELS,
    CELLS,
    PARCELS,
    SIZE,
    STARTING_CELLS,
    Tables,
)
from mailbag.games.post_office.goals import check_goals, reveal_goals
from mailbag.games.post_office.legal import destination
from mailbag.games.post_office.notation import Notation
from mailbag.games.post_office.scoring import GOAL_VALUE
from mailbag.games.post_office.state import (
    EMPTY,
    KEEP,
    MOVE,
    OVER,
    PLACE,
    SEAL,
    SKIP,
    Params,
    Player,
    PostOfficeState,
)


def new_state(
    tables: Tables, players: int, goals_on: bool, params: Params, seed: int
) -> PostOfficeState:
    """Set-up: boards with their starting tokens, 3 stamps each, the shuffled parcel supply,
    the goal stack (option ``goals``), the game's parameters (``params``: the number of rounds,
    PO-113), then the start of round 1."""
    comps = tables.components
    rng = Rng.from_seed(seed)
    seats: list[Player] = []
    for helper in range(players):  # PO-108: seat i plays the i-th helper
        p = Player(
            helper=helper,
            space=0,
            stamps=comps.starting_stamps,
            token=[EMPTY] * CELLS,
            rotation=[0] * CELLS,
            colour=[-1] * PARCELS,
            icon=[0] * PARCELS,
            tape=[-1] * PARCELS,
            placed=[-1] * 16,
        )
        starting = comps.starting_tokens(helper)
        rng.shuffle(starting)
        for cell, token in zip(STARTING_CELLS, starting, strict=True):  # PO-109: unturned
            place_token(p, tables, token, cell, 0)
        seats.append(p)
    box = [t for h in range(players, len(comps.helpers)) for t in comps.starting_tokens(h)]
    supply = list(range(1, 97))
    rng.shuffle(supply)
    goals = list(range(len(comps.goals)))
    if goals_on:
        rng.shuffle(goals)
    state = PostOfficeState(
        rng=rng,
        players=seats,
        round=0,
        phase=KEEP,
        step=0,
        supply=supply,
        discarded=[],
        stamp_supply=comps.stamp_total - players * comps.starting_stamps,
        goals_on=goals_on,
        goal_stack=goals if goals_on else [],
        goal_display=[],
        goal_box=[] if goals_on else goals,
        starting_box=box,
        params=params,
    )
    start_round(state)
    return state


def place_token(p: Player, tables: Tables, token: int, cell: int, rotation: int) -> None:
    """Lay ``token`` on ``cell`` turned ``rotation`` quarter turns clockwise."""
    p.token[cell] = token
    p.rotation[cell] = rotation
    colours, icons = tables.turned[token][rotation]
    a, b, c, d = CELL_PARCELS[cell]
    colour, icon = p.colour, p.icon
    colour[a], colour[b], colour[c], colour[d] = colours
    icon[a], icon[b], icon[c], icon[d] = icons


def start_round(state: PostOfficeState) -> list[Event]:
    """Dealing parcel tokens: 2 to each player (and, before round 1, the 4 face-up goals)."""
    state.round += 1
    state.step = 0
    state.phase = KEEP
    if state.round == 1 and state.goals_on:
        reveal_goals(state)  # PO-9: params.goals_face_up of them
    events = [
        Event(
            "round",
            N_("round {round}: each player is dealt 2 parcel tokens"),
            {"round": state.round},
        )
    ]
    for i, p in enumerate(state.players):
        p.dealt = [state.supply.pop(), state.supply.pop()]
        events.append(
            Event(
                "dealt",
                N_("you are dealt tokens {first} and {second}"),
                {"seat": i, "tokens": list(p.dealt), "first": p.dealt[0], "second": p.dealt[1]},
                to=(i,),
            )
        )
    return events


def submit(
    state: PostOfficeState, seat: int, action: Action, tables: Tables, notation: Notation
) -> list[Event]:
    """Record ``seat``'s (legal) decision; resolve the phase when everyone has chosen."""
    players = state.players
    players[seat].pending, text = notation.chosen(action)
    events = [Event("chosen", N_("you choose: {action}"), {"seat": seat, "action": text}, (seat,))]
    for p in players:
        if not p.pending:
            return events
    events.extend(resolve(state, tables))
    return events


def resolve(state: PostOfficeState, tables: Tables) -> list[Event]:
    phase = state.phase
    if phase == KEEP:
        events = _resolve_keep(state)
        state.phase = MOVE
    elif phase == MOVE:
        events = _resolve_move(state)
        state.phase = PLACE
    elif phase == PLACE:
        events = _resolve_place(state, tables)
        state.phase = SEAL
    else:
        events = _resolve_seal(state, tables)
    for p in state.players:
        p.pending = []
    if phase == SEAL:
        if state.step == 0 and state.round < state.params.rounds:  # PO-7, PO-113
            state.step = 1
            state.phase = MOVE
        else:
            events.extend(end_round(state, tables))
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
        # the space is put into words at display time (PostOfficeGame.event_text)
        events.append(Event("move", text, {"seat": i, "space": p.space, "paid": extra}))
    return events


def _resolve_place(state: PostOfficeState, tables: Tables) -> list[Event]:
    """PO-5: each player lays the chosen token on the chosen cell, turned as chosen."""
    events = []
    for i, p in enumerate(state.players):
        token, cell, rot = p.pending
        p.hand.remove(token)
        place_token(p, tables, token, cell, rot)
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


def _resolve_seal(state: PostOfficeState, tables: Tables) -> list[Event]:
    """PO-6: lay the chosen tapes; each covered stamp icon gives 1 stamp from the supply. When
    the supply runs short it serves the players in seat order (PO-106)."""
    events = []
    for i, p in enumerate(state.players):
        if p.pending[0] == SKIP:
            continue
        colour, pid = p.pending
        placement = tables.placements[pid]
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
        # the parcels and the tape are put into words at display time (event_text)
        events.append(
            Event(
                "seal",
                text,
                {
                    "seat": i,
                    "tape": tables.tape_name(tape),
                    "cells": list(placement.cells),
                    "stamps": gained,
                },
            )
        )
    return events


def end_round(state: PostOfficeState, tables: Tables) -> list[Event]:
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
        events.extend(check_goals(state, tables))
    if last:
        state.phase = OVER
        events.append(Event("game_over", N_("the last round is over: final scoring")))
    else:
        events.extend(start_round(state))
    return events
