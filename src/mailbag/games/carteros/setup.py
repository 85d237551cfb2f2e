"""Carteros set-up (rulebook, Setup 1–5): the deal of a new game from its seed.

Kept apart from the state's definitions so that it is compiled with the rules in the compiled
build (docs/speed.md): a new game is dealt for every random playout.
"""

from __future__ import annotations

from collections.abc import Mapping

from mailbag.core.errors import ComponentError
from mailbag.core.game import Event
from mailbag.core.i18n import N_, _
from mailbag.core.rng import Rng
from mailbag.core.spec import OptionValue
from mailbag.games.carteros.board import HOUSES, POST_OFFICE
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.state import (
    DEFAULT_MAX_ROUNDS,
    START_ACTIONS,
    START_MAIL,
    CarterosState,
    expand,
)


def deal(
    components: Components,
    seats: tuple[str, ...],
    options: Mapping[str, OptionValue],
    seed: int,
) -> tuple[CarterosState, list[Event]]:
    """Setup 1–5: shuffle the decks, lay out the neighbourhood, deal 5 Mail and 2 Action cards;
    in Delivery Missions mode, two face-up decks of half the missions each. A component set
    with too few Mail or Action cards for the carriers is refused. No engine seat acts during
    set-up: the events are none."""
    carriers = len(seats)
    stampy = bool(options.get("stampy", False))
    missions = bool(options.get("missions", False))
    max_rounds = int(options.get("max_rounds", DEFAULT_MAX_ROUNDS))
    for text, counts, each in (
        (
            N_(
                "{source}: {seats} carriers are dealt {each} Mail cards each (rulebook, Setup), "
                "but the component set has {count} Mail cards"
            ),
            components.mail_counts,
            START_MAIL,
        ),
        (
            N_(
                "{source}: {seats} carriers are dealt {each} Action cards each (rulebook, "
                "Setup), but the component set has {count} Action cards"
            ),
            components.action_counts,
            START_ACTIONS,
        ),
    ):
        if sum(counts) < each * carriers:
            raise ComponentError(
                _(text, source=components.source, seats=carriers, each=each, count=sum(counts))
            )
    rng = Rng.from_seed(seed)
    houses = expand(components.house_counts)
    rng.shuffle(houses)
    grid = [houses.pop() for _ in range(HOUSES)]
    mail_deck = expand(components.mail_counts)
    rng.shuffle(mail_deck)
    action_deck = expand(components.action_counts)
    rng.shuffle(action_deck)
    mail = [[0] * len(components.mail_counts) for _ in range(carriers)]
    hand = [[0] * len(components.action_counts) for _ in range(carriers)]
    for seat in range(carriers):
        for _card in range(START_MAIL):
            mail[seat][mail_deck.pop()] += 1
        for _card in range(START_ACTIONS):
            hand[seat][action_deck.pop()] += 1
    decks: list[list[int]] = [[], []]
    if missions:
        numbers = list(components.mission_numbers)
        rng.shuffle(numbers)
        half = len(numbers) // 2
        decks = [numbers[:half], numbers[half:]]
    state = CarterosState(
        rng=rng,
        stampy_mode=stampy,
        missions_mode=missions,
        max_rounds=max_rounds,
        grid=grid,
        fresh=0,
        house_deck=houses,
        house_discard=[0] * len(components.house_counts),
        mail_deck=mail_deck,
        mail_discard=[0] * len(components.mail_counts),
        action_deck=action_deck,
        action_discard=[0] * len(components.action_counts),
        pos=[POST_OFFICE] * carriers,
        mail=mail,
        hand=hand,
        delivered=[[0] * len(components.mail_counts) for _ in range(carriers)],
        boots=[False] * carriers,
        floods=[],
        stampy=-1,
        debt=[0] * carriers,
        known=[[-1] * HOUSES for _ in range(carriers)],
        mission_decks=decks,
        mission_discard=[],
        mission=[0] * carriers,
        missions_done=[[] for _ in range(carriers)],
        played=[[0] * len(components.action_counts) for _ in range(carriers)],
        tiebreak=[0] * carriers,
        tasks=[],
    )
    return state, []
