"""The building blocks of every card's effect: drawing and reshuffling, turning houses, losing
and delivering cards, missions, and the automatic steps a reaction can cancel (Stampy's card and
bite, Lost, the Rain soaking a carrier, the Mail card owed to Stampy).

The cards' own effects, one named function each, are in :mod:`house_cards` and
:mod:`action_cards`; the engine in :mod:`apply` runs the automatic steps. All of these change
the state in place, push the decisions an effect needs onto the task stack, and report events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.carteros.board import BLOCK_MASK, HOUSE_NAMES, POST_OFFICE
from mailbag.games.carteros.state import (
    ACTIONS_PER_TURN,
    FINISH_BONUS,
    GOAL,
    CarterosState,
    Task,
    expand,
)

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components

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
    """The held mission card goes to the mission discard pile (CA-10); ``why`` names the cause
    (``stampy``, ``wind``, ``change_of_direction``)."""
    number = state.mission[seat]
    state.mission[seat] = 0
    state.mission_discard.append(number)
    events.append(
        Event(
            "lose_mission",
            N_("{seat} loses mission {mission} ({cause})"),
            {"seat": seat, "mission": number, "cause": why},
        )
    )


def complete_mission(state: CarterosState, seat: int, events: list[Event]) -> None:
    number = state.mission[seat]
    state.mission[seat] = 0
    state.missions_done[seat].append(number)
    events.append(
        Event(
            "mission",
            N_("{seat} completes mission {mission}"),
            {"seat": seat, "mission": number},
        )
    )


def give_mail(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """Deliver one Mail card; the first carrier to reach 10 deliveries scores +3 (CA-8)."""
    state.mail[seat][kind] -= 1
    state.delivered[seat][kind] += 1
    total = sum(state.delivered[seat])
    events.append(
        Event(
            "give",
            N_("{seat} delivers {mail} ({delivered} delivered)"),
            {"seat": seat, "mail": components.mail_names[kind], "delivered": total},
        )
    )
    if total >= GOAL and state.finisher < 0:
        state.finisher = seat
        events.append(
            Event(
                "finish",
                N_(
                    "{seat} is the first to deliver {goal} Mail cards: +{bonus}, the round is "
                    "played to its end"
                ),
                {"seat": seat, "goal": GOAL, "bonus": FINISH_BONUS},
            )
        )


# -- HOUSE cards -------------------------------------------------------------------------------


def deliver(components: Components, state: CarterosState, seat: int, events: list[Event]) -> None:
    """Turn the house under the carrier and resolve what it shows (CA-2; a mission delivery,
    CA-10): the card kind's own effect, from the component data."""
    house = state.pos[seat]
    kind = turn_house(state, house)
    number = state.mission[seat]
    attempt = state.missions_mode and number > 0 and components.mission(number).house == house
    name = components.house_names[kind]
    events.append(
        Event(
            "reveal",
            N_("{seat} turns {house}: {card} (mission {mission})")
            if attempt
            else N_("{seat} turns {house}: {card}"),
            {"seat": seat, "house": HOUSE_NAMES[house], "card": name}
            | ({"mission": number} if attempt else {}),
        )
    )
    components.house_effects[kind](components, state, seat, kind, attempt, events)


def stampy_card(
    components: Components, state: CarterosState, task: Task, events: list[Event]
) -> None:
    """CA-2: the carrier flees, losing the actions left; with none left, a Mail card of their
    choice (in a mission delivery with no Mail card: the mission, CA-10)."""
    seat = task.seat
    left = ACTIONS_PER_TURN - state.actions_used
    if left > 0:
        state.turn_over = True
        fled = (
            N_("{seat} flees from Stampy and loses 1 action")
            if left == 1
            else N_("{seat} flees from Stampy and loses {actions} actions")
        )
        events.append(Event("flee", fled, {"seat": seat, "actions": left}))
    elif any(state.mail[seat]):
        state.tasks.append(Task("discard", seat, cause="stampy"))
    elif task.n and state.mission[seat]:
        lose_mission(state, seat, events, "stampy")


def lost_card(
    components: Components, state: CarterosState, task: Task, events: list[Event]
) -> None:
    """CA-2: back to the Post Office; the turn goes on."""
    state.pos[task.seat] = POST_OFFICE
    events.append(
        Event(
            "lost",
            N_("{seat} is lost and goes back to the Post Office"),
            {"seat": task.seat},
        )
    )


def soak(components: Components, state: CarterosState, task: Task, events: list[Event]) -> None:
    """CA-6: the Rain takes every Mail card of a carrier who did not answer with an Umbrella."""
    mail = state.mail[task.seat]
    lost = {components.mail_names[k]: c for k, c in enumerate(mail) if c}
    for k, c in enumerate(mail):
        state.mail_discard[k] += c
        mail[k] = 0
    events.append(
        Event(
            "soak",
            N_("the rain soaks the Mail cards of {seat}"),
            {"seat": task.seat, "mail": lost},
        )
    )


# -- Stampy's meeple (CA-9) --------------------------------------------------------------------


def stampy_arrives(
    components: Components, state: CarterosState, mover: int, events: list[Event]
) -> None:
    """After Stampy moves, every carrier on his house is caught, in turn order from the mover;
    each may answer with a Bone."""
    house = state.stampy
    n = len(state.pos)
    victims = [(mover + i) % n for i in range(n) if state.pos[(mover + i) % n] == house]
    for victim in reversed(victims):
        state.tasks.append(Task("catch", victim, arg=components.cancel_card["catch"]))


def catch(components: Components, state: CarterosState, task: Task, events: list[Event]) -> None:
    """A Mail card at random, else an Action card at random, else a Mail card owed (CA-9;
    a carrier owes at most one card, CA-107)."""
    seat = task.seat
    if any(state.mail[seat]):
        kind = random_mail(state, seat)
        discard_mail(state, seat, kind)
        lost = components.mail_names[kind]
        text, words = N_("Stampy catches {seat}, who loses {mail}"), {"mail": lost}
    elif any(state.hand[seat]):
        hand = state.hand[seat]
        r = state.rng.randbelow(sum(hand))
        kind = 0
        for kind, count in enumerate(hand):  # noqa: B007
            if r < count:
                break
            r -= count
        discard_action(state, seat, kind)
        lost = components.action_names[kind]
        text, words = N_("Stampy catches {seat}, who loses {card}"), {"card": lost}
    else:
        state.debt[seat] = 1
        lost = "a Mail card owed at the next refill"
        text, words = N_("Stampy catches {seat}, who owes him a Mail card at the next refill"), {}
    events.append(Event("catch", text, {"seat": seat, "lost": lost} | words))


def debt(components: Components, state: CarterosState, task: Task, events: list[Event]) -> None:
    """CA-9, CA-107: the Mail card owed to Stampy is paid at random from the new ones."""
    seat = task.seat
    if any(state.mail[seat]):
        kind = random_mail(state, seat)
        discard_mail(state, seat, kind)
        state.debt[seat] = 0
        events.append(
            Event(
                "debt",
                N_("{seat} pays Stampy {mail}"),
                {"seat": seat, "mail": components.mail_names[kind]},
            )
        )
