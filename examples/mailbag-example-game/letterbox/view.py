"""What a seat may know, and a world drawn from it.

Hidden: the other seats' hands and the order of the mail bag. Public: how many letters each hand
and the bag hold, the letterbox, the sorted heap, points, whose turn it is.
"""

from __future__ import annotations

from collections import Counter

from mailbag.core import Observation, Rng

from letterbox.components import all_letters
from letterbox.state import LetterboxState


def view(state: LetterboxState, seat: int | None) -> Observation:
    return {
        "seat": seat,
        "hand": list(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "bag": len(state.bag),
        "pile": list(state.pile),
        "sorted": list(state.sorted_heap),
        "points": list(state.points),
        "posted": list(state.posted),
        "current": state.current,
        "turn": state.turn,
    }


def hidden_fields(seat: int | None) -> tuple[str, ...]:
    return ("bag", "hands.~") if seat is not None else ("bag", "hands.*")


def determinize(observation: Observation, rng: Rng) -> LetterboxState:
    seat = observation["seat"]
    unseen = Counter(all_letters())
    unseen.subtract(observation["pile"])
    unseen.subtract(observation["sorted"])
    if seat is not None:
        unseen.subtract(observation["hand"])
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for i, size in enumerate(observation["hand_sizes"]):
        if i == seat:
            hands.append(list(observation["hand"]))
        else:
            hands.append(sorted(pool.pop() for _ in range(size)))
    return LetterboxState(
        pool,
        hands,
        list(observation["pile"]),
        list(observation["sorted"]),
        list(observation["points"]),
        list(observation["posted"]),
        observation["current"],
        observation["turn"],
    )
