"""What the cards do: drawing and reshuffling, turning houses, and each HOUSE and ACTION card's
effect, one named function each. The engine in :mod:`rules` calls these; they change the state
in place, push the decisions an effect needs onto the task stack, and report events.
"""

from __future__ import annotations

from mailbag.core.game import Event
from mailbag.games.carteros.board import BLOCK_MASK, HOUSE_NAMES, POST_OFFICE, same_street
from mailbag.games.carteros.components import (
    ACTION_KINDS,
    BONE,
    BOOTS,
    CHANGE,
    DOUBLE,
    GPS,
    HOUSE_KINDS,
    LOST,
    MAIL_KINDS,
    RAIN,
    RECEIVED,
    STAMPY,
    UMBRELLA,
    Components,
)
from mailbag.games.carteros.state import GOAL, CarterosState, Task, expand

# -- decks -------------------------------------------------------------------------------------


def _reshuffle(state: CarterosState, discard: list[int]) -> list[int]:
    """A new deck from a discard pile's counts (rulebook, Turn Order 9; CA-101 for Mail)."""
    deck = expand(discard)
    state.rng.shuffle(deck)
    for k in range(len(discard)):
        discard[k] = 0
    return deck


def draw_house(state: CarterosState) -> int:
    if not state.house_deck:
        state.house_deck = _reshuffle(state, state.house_discard)
    return state.house_deck.pop()


def draw_action(state: CarterosState) -> int:
    """The top Action card, reshuffling the discard pile if needed; -1 when there is none."""
    if not state.action_deck:
        if not any(state.action_discard):
            return -1
        state.action_deck = _reshuffle(state, state.action_discard)
    return state.action_deck.pop()


def draw_mail(state: CarterosState) -> int:
    """The top Mail card; an empty deck is refilled from the Mail discard pile (CA-101)."""
    if not state.mail_deck:
        if not any(state.mail_discard):
            return -1
        state.mail_deck = _reshuffle(state, state.mail_discard)
    return state.mail_deck.pop()


def flooded_mask(state: CarterosState) -> int:
    """Bitmask of the flooded houses (CA-6)."""
    mask = 0
    for block in state.floods:
        if block >= 0:
            mask |= BLOCK_MASK[block]
    return mask


def turn_house(state: CarterosState, house: int) -> int:
    """Turn the house's card: it goes face up to the discard pile and a new face-down card
    takes its place, which cannot be turned again this turn (CA-2). What anyone saw of the old
    card with GPS is forgotten (CA-7). Returns the kind revealed."""
    kind = state.grid[house]
    state.house_discard[kind] += 1
    state.grid[house] = draw_house(state)
    state.fresh |= 1 << house
    for known in state.known:
        known[house] = -1
    return kind


# -- losing cards ------------------------------------------------------------------------------


def random_mail(state: CarterosState, seat: int) -> int:
    """One of the seat's Mail cards at random (it must hold one)."""
    mail = state.mail[seat]
    r = state.rng.randbelow(sum(mail))
    for kind, count in enumerate(mail):
        if r < count:
            return kind
        r -= count
    raise AssertionError("random_mail on an empty hand")


def discard_mail(state: CarterosState, seat: int, kind: int) -> None:
    state.mail[seat][kind] -= 1
    state.mail_discard[kind] += 1


def discard_action(state: CarterosState, seat: int, kind: int) -> None:
    state.hand[seat][kind] -= 1
    state.action_discard[kind] += 1


def lose_mission(state: CarterosState, seat: int, events: list[Event], why: str) -> None:
    """The held mission card goes to the mission discard pile (CA-10)."""
    number = state.mission[seat]
    state.mission[seat] = 0
    state.mission_discard.append(number)
    events.append(
        Event(
            "lose_mission",
            f"seat {seat} loses mission {number} ({why})",
            {"seat": seat, "mission": number},
        )
    )


def complete_mission(state: CarterosState, seat: int, events: list[Event]) -> None:
    number = state.mission[seat]
    state.mission[seat] = 0
    state.missions_done[seat].append(number)
    events.append(
        Event(
            "mission",
            f"seat {seat} completes mission {number}",
            {"seat": seat, "mission": number},
        )
    )


def give_mail(state: CarterosState, seat: int, kind: int, events: list[Event]) -> None:
    """Deliver one Mail card; the first carrier to reach 10 deliveries scores +3 (CA-8)."""
    state.mail[seat][kind] -= 1
    state.delivered[seat][kind] += 1
    total = sum(state.delivered[seat])
    events.append(
        Event(
            "give",
            f"seat {seat} delivers a {MAIL_KINDS[kind]} ({total} delivered)",
            {"seat": seat, "mail": MAIL_KINDS[kind], "delivered": total},
        )
    )
    if total >= GOAL and state.finisher < 0:
        state.finisher = seat
        events.append(
            Event(
                "finish",
                f"seat {seat} is the first to deliver {GOAL} Mail cards: +3, "
                "the round is played to its end",
                {"seat": seat},
            )
        )


# -- HOUSE cards -------------------------------------------------------------------------------


def deliver(comps: Components, state: CarterosState, seat: int, events: list[Event]) -> None:
    """Turn the house under the carrier and resolve what it shows (CA-2, CA-9, CA-10)."""
    house = state.pos[seat]
    kind = turn_house(state, house)
    number = state.mission[seat]
    attempt = state.missions_mode and number > 0 and comps.mission(number).house == house
    events.append(
        Event(
            "reveal",
            f"seat {seat} turns {HOUSE_NAMES[house]}: {HOUSE_KINDS[kind]}"
            + (f" (mission {number})" if attempt else ""),
            {"seat": seat, "house": HOUSE_NAMES[house], "card": HOUSE_KINDS[kind]},
        )
    )
    held = sum(state.mail[seat])
    if kind in (RECEIVED, DOUBLE):
        if attempt:
            # CA-10 (CA-108): Received completes the mission; Double also delivers one card
            complete_mission(state, seat, events)
            count = min(held, 1) if kind == DOUBLE else 0
        else:
            count = min(held, 1 if kind == RECEIVED else 2)  # CA-2: Double with one card: 1
        if count:
            state.tasks.append(Task("give", seat, n=count))
    elif kind == STAMPY:
        if state.stampy_mode:
            # CA-9: the dog's meeple runs to the revealed house (no catch: CA-107)
            state.stampy = house
            events.append(
                Event(
                    "stampy",
                    f"Stampy runs to {HOUSE_NAMES[house]}",
                    {"house": HOUSE_NAMES[house]},
                )
            )
        state.tasks.append(Task("stampy_card", seat, n=int(attempt), arg=BONE))
    elif kind == LOST:
        state.tasks.append(Task("lost_card", seat, arg=GPS))  # CA-7
    elif kind == CHANGE:
        if held:
            state.tasks.append(Task("discard", seat, cause="change_of_direction"))
        elif attempt:
            lose_mission(state, seat, events, "Change of Direction")


def stampy_card(state: CarterosState, task: Task, events: list[Event]) -> None:
    """CA-2: the carrier flees, losing the actions left; with none left, a Mail card of their
    choice (in a mission delivery with no Mail card: the mission, CA-10)."""
    seat = task.seat
    left = 3 - state.actions_used
    if left > 0:
        state.turn_over = True
        events.append(
            Event(
                "flee",
                f"seat {seat} flees from Stampy and loses {left} action(s)",
                {"seat": seat, "actions": left},
            )
        )
    elif any(state.mail[seat]):
        state.tasks.append(Task("discard", seat, cause="stampy"))
    elif task.n and state.mission[seat]:
        lose_mission(state, seat, events, "Stampy")


def lost_card(state: CarterosState, task: Task, events: list[Event]) -> None:
    state.pos[task.seat] = POST_OFFICE
    events.append(
        Event(
            "lost",
            f"seat {task.seat} is lost and goes back to the Post Office",
            {"seat": task.seat},
        )
    )


# -- ACTION cards ------------------------------------------------------------------------------


def wind(state: CarterosState, seat: int, events: list[Event]) -> None:
    """CA-5: every other carrier on the player's row or column loses a card at random from
    their Mail cards (and mission card, in Delivery Missions)."""
    here = state.pos[seat]
    n = len(state.pos)
    for i in range(1, n):
        other = (seat + i) % n
        there = state.pos[other]
        if there < 0 or not same_street(here, there):
            continue
        held = sum(state.mail[other])
        has_mission = state.missions_mode and state.mission[other] > 0
        pool = held + int(has_mission)
        if pool == 0:
            continue
        if state.rng.randbelow(pool) < held:
            kind = random_mail(state, other)
            discard_mail(state, other, kind)
            events.append(
                Event(
                    "wind",
                    f"the wind blows a {MAIL_KINDS[kind]} from seat {other}",
                    {"seat": other, "mail": MAIL_KINDS[kind]},
                )
            )
        else:
            lose_mission(state, other, events, "Wind")


def rain(state: CarterosState, seat: int, events: list[Event]) -> None:
    """CA-6: the Rain card goes on the table (its block is chosen last); every other carrier in
    the neighbourhood with Mail cards may answer with an Umbrella, else is soaked."""
    state.floods.append(-1)
    state.tasks.append(Task("flood", seat))
    n = len(state.pos)
    victims = [
        (seat + i) % n
        for i in range(1, n)
        if state.pos[(seat + i) % n] >= 0 and any(state.mail[(seat + i) % n])
    ]
    for victim in reversed(victims):
        state.tasks.append(Task("soak", victim, arg=UMBRELLA))
    events.append(Event("rain", f"seat {seat} makes it rain", {"seat": seat}))


def soak(state: CarterosState, task: Task, events: list[Event]) -> None:
    mail = state.mail[task.seat]
    lost = {MAIL_KINDS[k]: c for k, c in enumerate(mail) if c}
    for k, c in enumerate(mail):
        state.mail_discard[k] += c
        mail[k] = 0
    events.append(
        Event(
            "soak",
            f"the rain soaks seat {task.seat}'s Mail cards",
            {"seat": task.seat, "mail": lost},
        )
    )


def sunny_day(state: CarterosState, events: list[Event]) -> None:
    """CA-6: all Rain cards leave the table, and every pair of Rubber Boots with them."""
    state.action_discard[RAIN] += len(state.floods)
    state.floods = []
    for seat, wearing in enumerate(state.boots):
        if wearing:
            state.boots[seat] = False
            state.action_discard[BOOTS] += 1
    events.append(Event("sunny_day", "the sun comes out: the floods are gone", {}))


# -- Stampy's meeple (CA-9) --------------------------------------------------------------------


def stampy_arrives(state: CarterosState, mover: int, events: list[Event]) -> None:
    """After Stampy moves, every carrier on his house is caught, in turn order from the mover;
    each may answer with a Bone."""
    house = state.stampy
    n = len(state.pos)
    victims = [(mover + i) % n for i in range(n) if state.pos[(mover + i) % n] == house]
    for victim in reversed(victims):
        state.tasks.append(Task("catch", victim, arg=BONE))


def catch(state: CarterosState, task: Task, events: list[Event]) -> None:
    """A Mail card at random, else an Action card at random, else a Mail card owed (CA-9;
    a carrier owes at most one card, CA-107)."""
    seat = task.seat
    if any(state.mail[seat]):
        kind = random_mail(state, seat)
        discard_mail(state, seat, kind)
        lost = MAIL_KINDS[kind]
    elif any(state.hand[seat]):
        hand = state.hand[seat]
        r = state.rng.randbelow(sum(hand))
        kind = 0
        for kind, count in enumerate(hand):  # noqa: B007
            if r < count:
                break
            r -= count
        discard_action(state, seat, kind)
        lost = ACTION_KINDS[kind]
    else:
        state.debt[seat] = 1
        lost = "a Mail card owed at the next refill"
    events.append(
        Event("catch", f"Stampy catches seat {seat}: {lost}", {"seat": seat, "lost": lost})
    )


def debt(state: CarterosState, task: Task, events: list[Event]) -> None:
    seat = task.seat
    if any(state.mail[seat]):
        kind = random_mail(state, seat)
        discard_mail(state, seat, kind)
        state.debt[seat] = 0
        events.append(
            Event(
                "debt",
                f"seat {seat} pays Stampy a {MAIL_KINDS[kind]}",
                {"seat": seat, "mail": MAIL_KINDS[kind]},
            )
        )
