"""Carteros set-up (rulebook, Setup 1–5): the deal of a new game from its seed.

Kept apart from the state's definitions so that it is compiled with the rules in the compiled
build (docs/speed.md): a new game is dealt for every random playout.
"""

from __future__ import annotations

from mailbag.core.errors import ComponentError
from mailbag.core.i18n import N_, _
from mailbag.core.rng import Rng
from mailbag.games.carteros.board import HOUSES, POST_OFFICE
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.state import START_ACTIONS, START_MAIL, CarterosState, expand


def deal(
    comps: Components, seats: int, stampy: bool, missions: bool, max_rounds: int, seed: int
) -> CarterosState:
    """Setup 1–5: shuffle the decks, lay out the neighbourhood, deal 5 Mail and 2 Action cards;
    in Delivery Missions mode, two face-up decks of half the missions each. A component set
    with too few Mail or Action cards for ``seats`` carriers is refused."""
    for text, counts, each in (
        (
            N_(
                "{source}: {seats} carriers are dealt {each} Mail cards each (rulebook, Setup), "
                "but the component set has {count} Mail cards"
            ),
            comps.mail_counts,
            START_MAIL,
        ),
        (
            N_(
                "{source}: {seats} carriers are dealt {each} Action cards each (rulebook, "
                "Setup), but the component set has {count} Action cards"
            ),
            comps.action_counts,
            START_ACTIONS,
        ),
    ):
        if sum(counts) < each * seats:
            raise ComponentError(
                _(text, source=comps.source, seats=seats, each=each, count=sum(counts))
            )
    rng = Rng.from_seed(seed)
    houses = expand(comps.house_counts)
    rng.shuffle(houses)
    grid = [houses.pop() for _ in range(HOUSES)]
    mail_deck = expand(comps.mail_counts)
    rng.shuffle(mail_deck)
    action_deck = expand(comps.action_counts)
    rng.shuffle(action_deck)
    mail = [[0] * len(comps.mail_counts) for _ in range(seats)]
    hand = [[0] * len(comps.action_counts) for _ in range(seats)]
    for seat in range(seats):
        for _card in range(START_MAIL):
            mail[seat][mail_deck.pop()] += 1
        for _card in range(START_ACTIONS):
            hand[seat][action_deck.pop()] += 1
    decks: list[list[int]] = [[], []]
    if missions:
        numbers = list(comps.mission_numbers)
        rng.shuffle(numbers)
        half = len(numbers) // 2
        decks = [numbers[:half], numbers[half:]]
    return CarterosState(
        rng=rng,
        stampy_mode=stampy,
        missions_mode=missions,
        max_rounds=max_rounds,
        grid=grid,
        fresh=0,
        house_deck=houses,
        house_discard=[0] * len(comps.house_counts),
        mail_deck=mail_deck,
        mail_discard=[0] * len(comps.mail_counts),
        action_deck=action_deck,
        action_discard=[0] * len(comps.action_counts),
        pos=[POST_OFFICE] * seats,
        mail=mail,
        hand=hand,
        delivered=[[0] * len(comps.mail_counts) for _ in range(seats)],
        boots=[False] * seats,
        floods=[],
        stampy=-1,
        debt=[0] * seats,
        known=[[-1] * HOUSES for _ in range(seats)],
        mission_decks=decks,
        mission_discard=[],
        mission=[0] * seats,
        missions_done=[[] for _ in range(seats)],
        played=[[0] * len(comps.action_counts) for _ in range(seats)],
        tiebreak=[0] * seats,
        tasks=[],
    )
