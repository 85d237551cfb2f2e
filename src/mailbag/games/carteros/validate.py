"""Carteros state invariants: what a state loaded from outside (a file, a message) must satisfy.

:func:`check_state` raises :class:`StateError` naming the first broken invariant, checked in this
order: the shape of every list for the seat count; every number in range; every card in exactly
one place (the totals of the component set); each carrier's limits (bag, hand, deliveries, debt,
missions); what is on the table and what is known fitting the options and the grid; and the task
stack fitting the phase of play (a turn in progress, the end of a turn with Stampy, the
tie-break) and its deciders. A state that passes is one play can reach, as far as any later
operation can tell: every decider has a legal action and no action makes a card appear or vanish.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from mailbag.core.spec import GameSpec
from mailbag.games.carteros.board import (
    BLOCK_CORNERS,
    HOUSE_NAMES,
    HOUSES,
    POST_OFFICE,
    SHOPS,
)
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.state import (
    ACTIONS_PER_TURN,
    BAG_LIMIT,
    GOAL,
    HAND_LIMIT,
    MISSION_LIMIT,
    CarterosState,
)
from mailbag.games.carteros.validate_tasks import (
    check_deciders,
    check_task_fields,
    check_tasks,
    fail,
    task_fields,
)

#: the houses of a tie-break line: the result is at most 3 × the most one house delivers
#: (three Double Received, 6, with the printed cards; CA-109)
LINE = 3
#: Action cards a carrier can play or use in one turn of any seat: one per action of their own
#: turn (a play, or a reaction to what a delivery or refill revealed), one Umbrella per Rain of
#: another's turn, and one Bone when Stampy moves at its end — so 4 per turn, 4 × seats a round
PLAYS_PER_TURN = ACTIONS_PER_TURN + 1

#: the per-seat lists of the state: field name and what it holds, in the user's words
PER_SEAT = (
    ("mail", "Mail cards in hand"),
    ("hand", "Action cards in hand"),
    ("delivered", "delivered Mail cards"),
    ("boots", "Rubber Boots"),
    ("debt", "Mail cards owed to Stampy"),
    ("known", "houses seen with GPS"),
    ("mission", "held missions"),
    ("missions_done", "completed missions"),
    ("played", "Action cards played"),
    ("tiebreak", "tie-break results"),
)


def check_state(comps: Components, state: CarterosState, spec: GameSpec) -> None:
    """Raise :class:`StateError` naming the first invariant ``state`` breaks."""
    n = _check_shape(comps, state, spec)
    _check_numbers(comps, state, spec, n)
    _check_cards(comps, state)
    _check_missions(comps, state, n)
    _check_carriers(state, n)
    _check_table(comps, state, n)
    check_tasks(comps, state, n)
    check_deciders(comps, state)


# -- shape ---------------------------------------------------------------------------------------


def _check_shape(comps: Components, state: CarterosState, spec: GameSpec) -> int:
    n = len(state.pos)
    if not spec.min_seats <= n <= spec.max_seats:
        fail(
            f"the state places {n} carriers (field 'pos'); Carteros is played by "
            f"{spec.min_seats}–{spec.max_seats}"
        )
    for field, what in PER_SEAT:
        size = len(getattr(state, field))
        if size != n:
            fail(f"the state lists {what} (field '{field}') for {size} seats, but {n} play")
    if len(state.grid) != HOUSES:
        fail(f"the neighbourhood has {len(state.grid)} houses (field 'grid'); it has {HOUSES}")
    mail_kinds, action_kinds = comps.mail_names, comps.action_names
    kinds = (
        ("house_discard", "house discard pile", comps.house_names),
        ("mail_discard", "Mail discard pile", mail_kinds),
        ("action_discard", "Action discard pile", action_kinds),
    )
    for field, what, names in kinds:
        _check_count_shape(getattr(state, field), f"the {what} (field '{field}')", names)
    for s in range(n):
        _check_count_shape(state.mail[s], f"seat {s}'s Mail cards", mail_kinds)
        _check_count_shape(state.hand[s], f"seat {s}'s Action cards", action_kinds)
        _check_count_shape(state.delivered[s], f"seat {s}'s delivered Mail cards", mail_kinds)
        _check_count_shape(state.played[s], f"seat {s}'s played Action cards", action_kinds)
        if len(state.known[s]) != HOUSES:
            fail(
                f"seat {s}'s GPS knowledge lists {len(state.known[s])} houses; "
                f"the neighbourhood has {HOUSES}"
            )
    if len(state.mission_decks) != 2:
        fail(f"there are {len(state.mission_decks)} mission decks; the shops have 2 (CA-10)")
    return n


def _check_count_shape(counts: Sequence[int], what: str, names: tuple[str, ...]) -> None:
    if len(counts) != len(names):
        fail(f"{what} are {list(counts)}: one count per kind ({', '.join(names)}) is expected")
    if min(counts, default=0) < 0:
        fail(f"{what} are {list(counts)}: a count cannot be negative")


# -- numbers in range ----------------------------------------------------------------------------


def _check_numbers(comps: Components, state: CarterosState, spec: GameSpec, n: int) -> None:
    house_kinds = comps.house_names
    if not 0 <= state.rng.state < 1 << 64:
        fail(f"the random generator's state {state.rng.state} is not a 64-bit unsigned number")
    option = spec.option("max_rounds")
    low = 1 if option.minimum is None else option.minimum
    high = state.max_rounds if option.maximum is None else option.maximum
    if not low <= state.max_rounds <= high:
        fail(f"max_rounds is {state.max_rounds}; the option allows {low}–{high} (CA-102)")
    if not 1 <= state.round <= state.max_rounds:
        fail(
            f"round {state.round} is out of range: play runs from round 1 to round "
            f"{state.max_rounds} (max_rounds, CA-102)"
        )
    if not 0 <= state.current < n:
        fail(f"the current player {state.current} is not one of the seats 0–{n - 1}")
    if not 0 <= state.actions_used <= ACTIONS_PER_TURN:
        fail(
            f"{state.actions_used} actions are used this turn; a turn has {ACTIONS_PER_TURN} (CA-1)"
        )
    if not 0 <= state.fresh < 1 << HOUSES:
        fail(f"the mask of houses replaced this turn, {state.fresh}, names no set of houses")
    if not -1 <= state.finisher < n:
        fail(f"the first carrier to finish is seat {state.finisher}, which is not a seat")
    for h, kind in enumerate(state.grid):
        if not 0 <= kind < len(house_kinds):
            fail(f"house {HOUSE_NAMES[h]} holds house card kind {kind}; {_kinds(house_kinds)}")
    for field, names, what in (
        ("house_deck", house_kinds, "house"),
        ("mail_deck", comps.mail_names, "Mail"),
        ("action_deck", comps.action_names, "Action"),
    ):
        for i, kind in enumerate(getattr(state, field)):
            if not 0 <= kind < len(names):
                fail(
                    f"card {i} of the {what} deck (field '{field}') is kind {kind}; {_kinds(names)}"
                )
    for s, where in enumerate(state.pos):
        if not SHOPS <= where < HOUSES:
            fail(
                f"seat {s} stands at position {where}; a carrier is on a house 0–{HOUSES - 1}, "
                f"at the Post Office ({POST_OFFICE}) or at the shops ({SHOPS})"
            )
    for i, block in enumerate(state.floods):
        if not -1 <= block < len(BLOCK_CORNERS):
            fail(
                f"Rain card {i} on the table floods block {block}; the blocks are "
                f"0–{len(BLOCK_CORNERS) - 1} (-1 while its block is being chosen)"
            )
    if not -1 <= state.stampy < HOUSES:
        fail(f"Stampy is at {state.stampy}; he is on a house 0–{HOUSES - 1}, or -1 when away")
    for s in range(n):
        for h, kind in enumerate(state.known[s]):
            if not -1 <= kind < len(house_kinds):
                fail(
                    f"seat {s} remembers house card kind {kind} at {HOUSE_NAMES[h]}; "
                    f"{_kinds(house_kinds)} (-1: not seen)"
                )
        most = LINE * comps.max_delivers
        if not 0 <= state.tiebreak[s] <= most:
            fail(
                f"seat {s}'s tie-break result is {state.tiebreak[s]}; a line of {LINE} houses "
                f"delivers 0–{most} (CA-109)"
            )
    fields = task_fields(comps)
    for i, task in enumerate(state.tasks):
        check_task_fields(fields, task, i, n)


def _kinds(names: tuple[str, ...]) -> str:
    return f"the kinds are 0–{len(names) - 1} ({', '.join(names)})"


# -- every card in exactly one place ---------------------------------------------------------------


def card_counts(
    comps: Components, state: CarterosState
) -> tuple[list[int], list[int], list[int]]:
    """The House, Mail and Action cards wherever they are, counted by kind (the inventory and
    the check that every card is in exactly one place both count them here)."""
    houses = list(state.house_discard)
    for kind in (*state.grid, *state.house_deck):
        houses[kind] += 1
    mail = list(state.mail_discard)
    for kind in state.mail_deck:
        mail[kind] += 1
    for pile in (*state.mail, *state.delivered):
        for kind, count in enumerate(pile):
            mail[kind] += count
    actions = comps.on_table(len(state.floods), sum(state.boots))
    for kind, count in enumerate(state.action_discard):
        actions[kind] += count
    for kind in state.action_deck:
        actions[kind] += 1
    for hand in state.hand:
        for kind, count in enumerate(hand):
            actions[kind] += count
    return houses, mail, actions


def _check_cards(comps: Components, state: CarterosState) -> None:
    houses, mail, actions = card_counts(comps, state)
    _compare("house", comps.house_names, houses, comps.house_counts)
    _compare("Mail", comps.mail_names, mail, comps.mail_counts)
    for what, present, card in (
        ("a flood", bool(state.floods), comps.rain_card),
        ("a pair of Rubber Boots", any(state.boots), comps.boots_card),
    ):
        if present and card < 0:
            fail(f"{what} is on the table, but the component set has no such card (CA-6)")
    _compare("Action", comps.action_names, actions, comps.action_counts)


def _compare(what: str, names: tuple[str, ...], found: list[int], expected: Sequence[int]) -> None:
    for kind, (have, want) in enumerate(zip(found, expected, strict=True)):
        if have != want:
            fail(
                f"{what} card {names[kind]!r} has {have} copies in play; "
                f"the component set has {want}"
            )


def _check_missions(comps: Components, state: CarterosState, n: int) -> None:
    held = [m for m in state.mission if m]
    if not state.missions_mode:
        if (
            held
            or any(state.mission_decks)
            or state.mission_discard
            or any(state.missions_done)
            or min(state.mission) < 0
        ):
            fail("mission cards are in play, but Delivery Missions mode is off (CA-10)")
        return
    found: Counter[int] = Counter(m for deck in state.mission_decks for m in deck)
    found.update(state.mission_discard)
    found.update(held)
    for completed in state.missions_done:
        found.update(completed)
    numbers = set(comps.mission_numbers)
    for number, count in sorted(found.items()):
        if number not in numbers:
            fail(
                f"mission card {number} is not in the component set "
                f"(missions {min(numbers)}–{max(numbers)})"
            )
        if count > 1:
            fail(f"mission card {number} is in {count} places at once")
    missing = sorted(numbers - set(found))
    if missing:
        fail(f"mission card {missing[0]} is nowhere: not in a deck, a hand, done or discarded")
    for s in range(n):
        done = len(state.missions_done[s])
        if done > MISSION_LIMIT:
            fail(f"seat {s} has completed {done} missions; at most {MISSION_LIMIT} are (CA-10)")
        if state.mission[s] and done >= MISSION_LIMIT:
            fail(
                f"seat {s} holds mission {state.mission[s]} after completing {done}; "
                f"a carrier takes no mission after {MISSION_LIMIT} (CA-108)"
            )


# -- each carrier's limits -----------------------------------------------------------------------


def _check_carriers(state: CarterosState, n: int) -> None:
    for s in range(n):
        bag = sum(state.mail[s])
        delivered = sum(state.delivered[s])
        if bag > BAG_LIMIT:
            fail(f"seat {s} holds {bag} Mail cards; at most {BAG_LIMIT} are possible (CA-3)")
        if bag + delivered > GOAL:
            fail(
                f"seat {s} holds {bag} Mail cards and has delivered {delivered}; a refill never "
                f"takes a carrier beyond {GOAL} together (CA-3)"
            )
        cards = sum(state.hand[s])
        if cards > HAND_LIMIT:
            fail(f"seat {s} holds {cards} Action cards; at most {HAND_LIMIT} are possible (CA-1)")
        if delivered >= GOAL and state.finisher < 0:
            fail(f"seat {s} has delivered {delivered} Mail cards, but nobody is marked finished")
        if state.debt[s] not in (0, 1):
            fail(f"seat {s} owes Stampy {state.debt[s]} Mail cards; a carrier owes 0 or 1 (CA-107)")
        if state.debt[s] and not state.stampy_mode:
            fail(f"seat {s} owes Stampy a Mail card, but Stampy mode is off (CA-9)")
        plays = sum(state.played[s])
        limit = PLAYS_PER_TURN * n * state.round
        if plays > limit:
            fail(
                f"seat {s} has played {plays} Action cards by round {state.round}; at most "
                f"{limit} are possible"
            )
        if state.pos[s] == SHOPS and not state.missions_mode:
            fail(f"seat {s} is at the shops, but Delivery Missions mode is off (CA-10)")
    if state.finisher >= 0 and sum(state.delivered[state.finisher]) < GOAL:
        fail(
            f"seat {state.finisher} is marked the first to deliver {GOAL} Mail cards, but has "
            f"delivered {sum(state.delivered[state.finisher])} (CA-8)"
        )


# -- the table and what is known -----------------------------------------------------------------


def _check_table(comps: Components, state: CarterosState, n: int) -> None:
    if not state.stampy_mode and state.stampy >= 0:
        fail(f"Stampy's meeple is on {HOUSE_NAMES[state.stampy]}, but Stampy mode is off (CA-9)")
    if state.stampy_mode and state.stampy < 0 and state.round > 1:
        fail(
            f"Stampy is not in the neighbourhood in round {state.round}; he is put on a corner "
            "after the first round (CA-9)"
        )
    for s in range(n):
        for h, kind in enumerate(state.known[s]):
            if kind >= 0 and state.grid[h] != kind:
                fail(
                    f"seat {s} remembers {comps.house_names[kind]} at {HOUSE_NAMES[h]} from its "
                    f"GPS, but the card there is {comps.house_names[state.grid[h]]} (CA-7)"
                )
    if state.turn_over:
        fail(
            f"seat {state.current}'s turn is marked over but was never handed on "
            "(field 'turn_over')"
        )
    if not state.final and any(state.tiebreak):
        fail("a carrier has a tie-break result while play is still going on (CA-109)")
    if state.over and not state.final:
        fail("the game is marked over, but play never ended (field 'final')")
    if (state.fresh or state.replaced) and not state.actions_used and not state.final:
        fail(
            f"seat {state.current} has replaced a card this turn without taking an action "
            "(fields 'fresh', 'replaced')"
        )
