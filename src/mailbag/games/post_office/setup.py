"""Post Office set-up (PO-108, PO-109): each seat's board with its starting tokens and stamps,
the shuffled parcel supply, the goal stack (option ``goals``), the game's parameters from the
options (``rounds``: PO-113), and each round's dealing (:func:`start_round`, which the apply
step calls again when a round ends)."""

from __future__ import annotations

from collections.abc import Mapping

from mailbag.core import Event, Rng
from mailbag.core.i18n import N_
from mailbag.core.spec import OptionValue
from mailbag.games.post_office.components import REGULAR_TOKENS, Components
from mailbag.games.post_office.geometry import CELLS, PARCELS, STARTING_CELLS
from mailbag.games.post_office.goals import reveal_goals
from mailbag.games.post_office.shelving import place_token
from mailbag.games.post_office.state import EMPTY, KEEP, Player, PostOfficeState, params_from


def deal(
    components: Components,
    seats: tuple[str, ...],
    options: Mapping[str, OptionValue],
    seed: int,
) -> tuple[PostOfficeState, list[Event]]:
    """Set-up: boards with their starting tokens, 3 stamps each, the shuffled parcel supply,
    the goal stack (option ``goals``), the game's parameters (the number of rounds, PO-113),
    then the start of round 1. No seat is an engine's: nothing is played during set-up."""
    players = len(seats)
    goals_on = bool(options.get("goals", False))
    rng = Rng.from_seed(seed)
    boards: list[Player] = []
    for helper in range(players):  # PO-108: seat i plays the i-th helper
        p = Player(
            helper=helper,
            space=0,
            stamps=components.starting_stamps,
            token=[EMPTY] * CELLS,
            rotation=[0] * CELLS,
            colour=[-1] * PARCELS,
            icon=[0] * PARCELS,
            tape=[-1] * PARCELS,
            placed=[-1] * 16,
        )
        starting = components.starting_tokens(helper)
        rng.shuffle(starting)
        for cell, token in zip(STARTING_CELLS, starting, strict=True):  # PO-109: unturned
            place_token(components, p, token, cell, 0)
        boards.append(p)
    box = [
        t for h in range(players, len(components.helpers)) for t in components.starting_tokens(h)
    ]
    supply = list(range(1, REGULAR_TOKENS + 1))
    rng.shuffle(supply)
    goals = list(range(len(components.goals)))
    if goals_on:
        rng.shuffle(goals)
    state = PostOfficeState(
        rng=rng,
        players=boards,
        round=0,
        phase=KEEP,
        step=0,
        supply=supply,
        discarded=[],
        stamp_supply=components.stamp_total - players * components.starting_stamps,
        goals_on=goals_on,
        goal_stack=goals if goals_on else [],
        goal_display=[],
        goal_box=[] if goals_on else goals,
        starting_box=box,
        params=params_from(options),
    )
    start_round(state)
    return state, []


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
