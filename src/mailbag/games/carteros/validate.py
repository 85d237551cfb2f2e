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

from mailbag.core.i18n import N_, _
from mailbag.core.spec import GameSpec
from mailbag.games.carteros.board import (
    BLOCK_CORNERS,
    HOUSE_NAMES,
    HOUSES,
    POST_OFFICE,
    SHOPS,
)
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.inventory import card_counts
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
    ("mail", N_("Mail cards in hand")),
    ("hand", N_("Action cards in hand")),
    ("delivered", N_("delivered Mail cards")),
    ("boots", N_("Rubber Boots")),
    ("debt", N_("Mail cards owed to Stampy")),
    ("known", N_("houses seen with GPS")),
    ("mission", N_("held missions")),
    ("missions_done", N_("completed missions")),
    ("played", N_("Action cards played")),
    ("tiebreak", N_("tie-break results")),
)


def check_state(components: Components, state: CarterosState, spec: GameSpec) -> None:
    """Raise :class:`StateError` naming the first invariant ``state`` breaks."""
    n = _check_shape(components, state, spec)
    _check_numbers(components, state, spec, n)
    _check_cards(components, state)
    _check_missions(components, state, n)
    _check_carriers(state, n)
    _check_table(components, state, n)
    check_tasks(components, state, n)
    check_deciders(components, state)


# -- shape ---------------------------------------------------------------------------------------


def _check_shape(components: Components, state: CarterosState, spec: GameSpec) -> int:
    n = len(state.pos)
    if not spec.min_seats <= n <= spec.max_seats:
        fail(
            _(
                "the state places {players} carriers (field 'pos'); Carteros is played by "
                "{fewest}–{most}",
                players=n,
                fewest=spec.min_seats,
                most=spec.max_seats,
            )
        )
    for field, what in PER_SEAT:
        size = len(getattr(state, field))
        if size != n:
            fail(
                _(
                    "the state lists {what} (field '{field}') for {size} seats, but {players} play",
                    what=_(what),
                    field=field,
                    size=size,
                    players=n,
                )
            )
    if len(state.grid) != HOUSES:
        fail(
            _(
                "the neighbourhood has {count} houses (field 'grid'); it has {houses}",
                count=len(state.grid),
                houses=HOUSES,
            )
        )
    mail_kinds, action_kinds = components.mail_names, components.action_names
    kinds = (
        ("house_discard", N_("the house discard pile (field '{field}')"), components.house_names),
        ("mail_discard", N_("the Mail discard pile (field '{field}')"), mail_kinds),
        ("action_discard", N_("the Action discard pile (field '{field}')"), action_kinds),
    )
    for field, what, names in kinds:
        _check_count_shape(getattr(state, field), _(what, field=field), names)
    for s in range(n):
        _check_count_shape(state.mail[s], _("seat {seat}'s Mail cards", seat=s), mail_kinds)
        _check_count_shape(state.hand[s], _("seat {seat}'s Action cards", seat=s), action_kinds)
        _check_count_shape(
            state.delivered[s], _("seat {seat}'s delivered Mail cards", seat=s), mail_kinds
        )
        _check_count_shape(
            state.played[s], _("seat {seat}'s played Action cards", seat=s), action_kinds
        )
        if len(state.known[s]) != HOUSES:
            fail(
                _(
                    "seat {seat}'s GPS knowledge lists {count} houses; the neighbourhood has "
                    "{houses}",
                    seat=s,
                    count=len(state.known[s]),
                    houses=HOUSES,
                )
            )
    if len(state.mission_decks) != 2:
        fail(
            _(
                "there are {decks} mission decks; the shops have 2 (CA-10)",
                decks=len(state.mission_decks),
            )
        )
    return n


def _check_count_shape(counts: Sequence[int], what: str, names: tuple[str, ...]) -> None:
    if len(counts) != len(names):
        fail(
            _(
                "{what} are {counts}: one count per kind ({kinds}) is expected",
                what=what,
                counts=list(counts),
                kinds=", ".join(names),
            )
        )
    if min(counts, default=0) < 0:
        fail(_("{what} are {counts}: a count cannot be negative", what=what, counts=list(counts)))


# -- numbers in range ----------------------------------------------------------------------------


def _check_numbers(components: Components, state: CarterosState, spec: GameSpec, n: int) -> None:
    house_kinds = components.house_names
    if not 0 <= state.rng.state < 1 << 64:
        fail(
            _(
                "the random generator's state {value} is not a 64-bit unsigned number",
                value=state.rng.state,
            )
        )
    option = spec.option("max_rounds")
    low = 1 if option.minimum is None else option.minimum
    high = state.max_rounds if option.maximum is None else option.maximum
    if not low <= state.max_rounds <= high:
        fail(
            _(
                "max_rounds is {max_rounds}; the option allows {low}–{high} (CA-102)",
                max_rounds=state.max_rounds,
                low=low,
                high=high,
            )
        )
    if not 1 <= state.round <= state.max_rounds:
        fail(
            _(
                "round {round} is out of range: play runs from round 1 to round {max_rounds} "
                "(max_rounds, CA-102)",
                round=state.round,
                max_rounds=state.max_rounds,
            )
        )
    if not 0 <= state.current < n:
        fail(
            _(
                "the current player {seat} is not one of the seats 0–{last}",
                seat=state.current,
                last=n - 1,
            )
        )
    if not 0 <= state.actions_used <= ACTIONS_PER_TURN:
        fail(
            _(
                "{used} actions are used this turn; a turn has {actions} (CA-1)",
                used=state.actions_used,
                actions=ACTIONS_PER_TURN,
            )
        )
    if not 0 <= state.fresh < 1 << HOUSES:
        fail(
            _(
                "the mask of houses replaced this turn, {fresh}, names no set of houses",
                fresh=state.fresh,
            )
        )
    if not -1 <= state.finisher < n:
        fail(
            _(
                "the first carrier to finish is seat {seat}, which is not a seat",
                seat=state.finisher,
            )
        )
    for h, kind in enumerate(state.grid):
        if not 0 <= kind < len(house_kinds):
            fail(
                _(
                    "house {house} holds house card kind {kind}; {kinds}",
                    house=HOUSE_NAMES[h],
                    kind=kind,
                    kinds=_kinds(house_kinds),
                )
            )
    for field, names, what in (
        (
            "house_deck",
            house_kinds,
            N_("card {index} of the house deck (field '{field}') is kind {kind}; {kinds}"),
        ),
        (
            "mail_deck",
            components.mail_names,
            N_("card {index} of the Mail deck (field '{field}') is kind {kind}; {kinds}"),
        ),
        (
            "action_deck",
            components.action_names,
            N_("card {index} of the Action deck (field '{field}') is kind {kind}; {kinds}"),
        ),
    ):
        for i, kind in enumerate(getattr(state, field)):
            if not 0 <= kind < len(names):
                fail(_(what, index=i, field=field, kind=kind, kinds=_kinds(names)))
    for s, where in enumerate(state.pos):
        if not SHOPS <= where < HOUSES:
            fail(
                _(
                    "seat {seat} stands at position {where}; a carrier is on a house 0–{last}, at "
                    "the Post Office ({post_office}) or at the shops ({shops})",
                    seat=s,
                    where=where,
                    last=HOUSES - 1,
                    post_office=POST_OFFICE,
                    shops=SHOPS,
                )
            )
    for i, block in enumerate(state.floods):
        if not -1 <= block < len(BLOCK_CORNERS):
            fail(
                _(
                    "Rain card {index} on the table floods block {block}; the blocks are 0–{last} "
                    "(-1 while its block is being chosen)",
                    index=i,
                    block=block,
                    last=len(BLOCK_CORNERS) - 1,
                )
            )
    if not -1 <= state.stampy < HOUSES:
        fail(
            _(
                "Stampy is at {stampy}; he is on a house 0–{last}, or -1 when away",
                stampy=state.stampy,
                last=HOUSES - 1,
            )
        )
    for s in range(n):
        for h, kind in enumerate(state.known[s]):
            if not -1 <= kind < len(house_kinds):
                fail(
                    _(
                        "seat {seat} remembers house card kind {kind} at {house}; {kinds} (-1: not "
                        "seen)",
                        seat=s,
                        kind=kind,
                        house=HOUSE_NAMES[h],
                        kinds=_kinds(house_kinds),
                    )
                )
        most = LINE * components.max_delivers
        if not 0 <= state.tiebreak[s] <= most:
            fail(
                _(
                    "seat {seat}'s tie-break result is {result}; a line of {line} houses delivers "
                    "0–{most} (CA-109)",
                    seat=s,
                    result=state.tiebreak[s],
                    line=LINE,
                    most=most,
                )
            )
    fields = task_fields(components)
    for i, task in enumerate(state.tasks):
        check_task_fields(fields, task, i, n)


def _kinds(names: tuple[str, ...]) -> str:
    return _("the kinds are 0–{last} ({names})", last=len(names) - 1, names=", ".join(names))


# -- every card in exactly one place ---------------------------------------------------------------


def _check_cards(components: Components, state: CarterosState) -> None:
    houses, mail, actions = card_counts(components, state)
    _compare(
        N_("house card {card} has {have} copies in play; the component set has {want}"),
        components.house_names,
        houses,
        components.house_counts,
    )
    _compare(
        N_("Mail card {card} has {have} copies in play; the component set has {want}"),
        components.mail_names,
        mail,
        components.mail_counts,
    )
    for what, present, card in (
        (
            N_("a flood is on the table, but the component set has no such card (CA-6)"),
            bool(state.floods),
            components.rain_card,
        ),
        (
            N_(
                "a pair of Rubber Boots is on the table, but the component set has no such card "
                "(CA-6)"
            ),
            any(state.boots),
            components.boots_card,
        ),
    ):
        if present and card < 0:
            fail(_(what))
    _compare(
        N_("Action card {card} has {have} copies in play; the component set has {want}"),
        components.action_names,
        actions,
        components.action_counts,
    )


def _compare(what: str, names: tuple[str, ...], found: list[int], expected: Sequence[int]) -> None:
    for kind, (have, want) in enumerate(zip(found, expected, strict=True)):
        if have != want:
            fail(_(what, card=repr(names[kind]), have=have, want=want))


def _check_missions(components: Components, state: CarterosState, n: int) -> None:
    held = [m for m in state.mission if m]
    if not state.missions_mode:
        if (
            held
            or any(state.mission_decks)
            or state.mission_discard
            or any(state.missions_done)
            or min(state.mission) < 0
        ):
            fail(_("mission cards are in play, but Delivery Missions mode is off (CA-10)"))
        return
    found: Counter[int] = Counter(m for deck in state.mission_decks for m in deck)
    found.update(state.mission_discard)
    found.update(held)
    for completed in state.missions_done:
        found.update(completed)
    numbers = set(components.mission_numbers)
    for number, count in sorted(found.items()):
        if number not in numbers:
            fail(
                _(
                    "mission card {number} is not in the component set (missions {first}–{last})",
                    number=number,
                    first=min(numbers),
                    last=max(numbers),
                )
            )
        if count > 1:
            fail(
                _("mission card {number} is in {count} places at once", number=number, count=count)
            )
    missing = sorted(numbers - set(found))
    if missing:
        fail(
            _(
                "mission card {mission} is nowhere: not in a deck, a hand, done or discarded",
                mission=missing[0],
            )
        )
    for s in range(n):
        done = len(state.missions_done[s])
        if done > MISSION_LIMIT:
            fail(
                _(
                    "seat {seat} has completed {done} missions; at most {limit} are (CA-10)",
                    seat=s,
                    done=done,
                    limit=MISSION_LIMIT,
                )
            )
        if state.mission[s] and done >= MISSION_LIMIT:
            fail(
                _(
                    "seat {seat} holds mission {mission} after completing {done}; a carrier takes "
                    "no mission after {limit} (CA-108)",
                    seat=s,
                    mission=state.mission[s],
                    done=done,
                    limit=MISSION_LIMIT,
                )
            )


# -- each carrier's limits -----------------------------------------------------------------------


def _check_carriers(state: CarterosState, n: int) -> None:
    for s in range(n):
        bag = sum(state.mail[s])
        delivered = sum(state.delivered[s])
        if bag > BAG_LIMIT:
            fail(
                _(
                    "seat {seat} holds {bag} Mail cards; at most {limit} are possible (CA-3)",
                    seat=s,
                    bag=bag,
                    limit=BAG_LIMIT,
                )
            )
        if bag + delivered > GOAL:
            fail(
                _(
                    "seat {seat} holds {bag} Mail cards and has delivered {delivered}; a refill "
                    "never takes a carrier beyond {goal} together (CA-3)",
                    seat=s,
                    bag=bag,
                    delivered=delivered,
                    goal=GOAL,
                )
            )
        cards = sum(state.hand[s])
        if cards > HAND_LIMIT:
            fail(
                _(
                    "seat {seat} holds {cards} Action cards; at most {limit} are possible (CA-1)",
                    seat=s,
                    cards=cards,
                    limit=HAND_LIMIT,
                )
            )
        if delivered >= GOAL and state.finisher < 0:
            fail(
                _(
                    "seat {seat} has delivered {delivered} Mail cards, but nobody is marked "
                    "finished",
                    seat=s,
                    delivered=delivered,
                )
            )
        if state.debt[s] not in (0, 1):
            fail(
                _(
                    "seat {seat} owes Stampy {owed} Mail cards; a carrier owes 0 or 1 (CA-107)",
                    seat=s,
                    owed=state.debt[s],
                )
            )
        if state.debt[s] and not state.stampy_mode:
            fail(_("seat {seat} owes Stampy a Mail card, but Stampy mode is off (CA-9)", seat=s))
        plays = sum(state.played[s])
        limit = PLAYS_PER_TURN * n * state.round
        if plays > limit:
            fail(
                _(
                    "seat {seat} has played {plays} Action cards by round {round}; at most {limit} "
                    "are possible",
                    seat=s,
                    plays=plays,
                    round=state.round,
                    limit=limit,
                )
            )
        if state.pos[s] == SHOPS and not state.missions_mode:
            fail(
                _("seat {seat} is at the shops, but Delivery Missions mode is off (CA-10)", seat=s)
            )
    if state.finisher >= 0 and sum(state.delivered[state.finisher]) < GOAL:
        fail(
            _(
                "seat {seat} is marked the first to deliver {goal} Mail cards, but has delivered "
                "{delivered} (CA-8)",
                seat=state.finisher,
                goal=GOAL,
                delivered=sum(state.delivered[state.finisher]),
            )
        )


# -- the table and what is known -----------------------------------------------------------------


def _check_table(components: Components, state: CarterosState, n: int) -> None:
    if not state.stampy_mode and state.stampy >= 0:
        fail(
            _(
                "Stampy's meeple is on {house}, but Stampy mode is off (CA-9)",
                house=HOUSE_NAMES[state.stampy],
            )
        )
    if state.stampy_mode and state.stampy < 0 and state.round > 1:
        fail(
            _(
                "Stampy is not in the neighbourhood in round {round}; he is put on a corner after "
                "the first round (CA-9)",
                round=state.round,
            )
        )
    for s in range(n):
        for h, kind in enumerate(state.known[s]):
            if kind >= 0 and state.grid[h] != kind:
                fail(
                    _(
                        "seat {seat} remembers {remembered} at {house} from its GPS, but the card "
                        "there is {found} (CA-7)",
                        seat=s,
                        remembered=components.house_names[kind],
                        house=HOUSE_NAMES[h],
                        found=components.house_names[state.grid[h]],
                    )
                )
    if state.turn_over:
        fail(
            _(
                "seat {seat}'s turn is marked over but was never handed on (field 'turn_over')",
                seat=state.current,
            )
        )
    if not state.final and any(state.tiebreak):
        fail(_("a carrier has a tie-break result while play is still going on (CA-109)"))
    if state.over and not state.final:
        fail(_("the game is marked over, but play never ended (field 'final')"))
    if (state.fresh or state.replaced) and not state.actions_used and not state.final:
        fail(
            _(
                "seat {seat} has replaced a card this turn without taking an action (fields "
                "'fresh', 'replaced')",
                seat=state.current,
            )
        )
