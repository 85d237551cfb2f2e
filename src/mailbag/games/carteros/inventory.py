"""Every Carteros card counted once wherever it is (the conservation contract and the state check
count them here), and the components that shaped a carrier's game (balance statistics)."""

from __future__ import annotations

from collections import Counter

from mailbag.games.carteros.components import Components
from mailbag.games.carteros.state import CarterosState


def card_counts(
    components: Components, state: CarterosState
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
    actions = components.on_table(len(state.floods), sum(state.boots))
    for kind, count in enumerate(state.action_discard):
        actions[kind] += count
    for kind in state.action_deck:
        actions[kind] += 1
    for hand in state.hand:
        for kind, count in enumerate(hand):
            actions[kind] += count
    return houses, mail, actions


def inventory(components: Components, state: CarterosState) -> Counter[str]:
    """Every card by kind (``house:lost``, ``mail:letter``, ``action:rain``) and, in Delivery
    Missions, every mission card (``mission:7``)."""
    counts: Counter[str] = Counter()
    houses, mail, cards = card_counts(components, state)
    for what, names, found in (
        ("house", components.house_names, houses),
        ("mail", components.mail_names, mail),
        ("action", components.action_names, cards),
    ):
        for k, c in enumerate(found):
            counts[f"{what}:{names[k]}"] += c
    if state.missions_mode:
        numbers = [m for deck in state.mission_decks for m in deck]
        numbers += state.mission_discard + [m for m in state.mission if m]
        numbers += [m for done in state.missions_done for m in done]
        counts.update(f"mission:{m}" for m in numbers)
    return +counts


def balance_tags(components: Components, state: CarterosState, seat: int) -> dict[str, list[str]]:
    """The Action cards ``seat`` played, by kind (``action:bicycle``)."""
    names = components.action_names
    return {"action": [f"action:{names[k]}" for k, c in enumerate(state.played[seat]) if c]}
