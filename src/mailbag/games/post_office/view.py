"""What each seat may know (views) and worlds rebuilt from a view (determinize).

Public: every board (tokens, parcels, tapes), helper positions, stamps, goal tokens (and what
they are worth together in stamps, each goal token counting 8: PO-112), the face-up goals, the
round and phase, the game's parameters (``params``: the number of rounds, PO-113, ...), and the
sizes of hidden piles. Private to a seat: the two tokens dealt to it,
its hand (which includes the token it received from the right: PO-3, visible to nobody else —
not even to the passer, PO-104), and its own pending decision in a simultaneous phase (PO-2).
Other players' pending decisions are not in the view; whether each player has made this phase's
decision is (``chosen``, PO-114: at the table you see who is done, never what they chose).

PO-105: :func:`determinize` gives each other player who has chosen a decision drawn at random
among their legal ones in the redrawn world (and none to those still choosing); the unseen
parcel tokens (the supply, the other hands, the discarded ones) and the order of the goal stack
are redrawn at random.
"""

from __future__ import annotations

from typing import Any

import msgspec

from mailbag.core import Observation, Rng, parse_action
from mailbag.games.post_office.components import REGULAR_TOKENS, Components
from mailbag.games.post_office.legal import legal_actions
from mailbag.games.post_office.scoring import stamp_value
from mailbag.games.post_office.state import (
    PHASE_NAMES,
    Player,
    PostOfficeState,
    params_from,
)


def view(components: Components, state: PostOfficeState, seat: int | None) -> Observation:
    """What ``seat`` (None: a spectator) may know (see the module's docstring)."""
    goal_names = [g.name for g in components.goals]
    players: list[dict[str, Any]] = []
    for p in state.players:
        players.append(
            {
                "helper": components.helpers[p.helper],
                "space": p.space,
                "stamps": p.stamps,
                "stamp_value": stamp_value(p),  # PO-112: each goal token held counts 8
                "goals": [goal_names[g] for g in p.goals],
                "goals_won": [goal_names[g] for g in p.goals_won],
                "tokens": p.token[:],
                "rotations": p.rotation[:],
                "colours": p.colour[:],
                "icons": p.icon[:],
                "tapes": p.tape[:],
                "placed": p.placed[:],
                "hand_size": len(p.hand),
                "dealt_size": len(p.dealt),
                "chosen": bool(p.pending),  # PO-114: who is done is public, never what
            }
        )
    obs: Observation = {
        "game": "post_office",
        "seat": seat,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "step": state.step,
        "players": players,
        "supply_size": len(state.supply),
        "discarded_size": len(state.discarded),
        "stamp_supply": state.stamp_supply,
        "goals_on": state.goals_on,
        "goal_display": [goal_names[g] for g in state.goal_display],
        "goal_stack_size": len(state.goal_stack),
        "goal_box": [goal_names[g] for g in state.goal_box],
        "starting_box": state.starting_box[:],
        "params": msgspec.structs.asdict(state.params),  # public: the number of rounds, ...
    }
    if seat is not None:
        me = state.players[seat]
        obs["hand"] = me.hand[:]
        obs["dealt"] = me.dealt[:]
        obs["pending"] = (
            str(components.actions.decode(PHASE_NAMES[state.phase], me.pending))
            if me.pending
            else None
        )
    return obs


def public_player(components: Components, board: dict[str, Any]) -> Player:
    """A player rebuilt from its board in a view: everything public (the board, helper, stamps,
    goal tokens), with no hand, no dealt tokens and no pending decision — enough to score it
    (the score at the table is that of the public boards only, PO-2)."""
    goal_index = components.goal_index
    return Player(
        helper=components.helper_index[board["helper"]],
        space=board["space"],
        stamps=board["stamps"],
        token=list(board["tokens"]),
        rotation=list(board["rotations"]),
        colour=list(board["colours"]),
        icon=list(board["icons"]),
        tape=list(board["tapes"]),
        placed=list(board["placed"]),
        goals=[goal_index[g] for g in board["goals"]],
        goals_won=[goal_index[g] for g in board["goals_won"]],
    )


def determinize(components: Components, observation: Observation, rng: Rng) -> PostOfficeState:
    """A full state consistent with ``observation`` (PO-105)."""
    obs = observation
    seat = obs["seat"]
    goal_index = components.goal_index
    seen: set[int] = set(obs["starting_box"])
    players: list[Player] = []
    for v in obs["players"]:
        seen.update(v["tokens"])  # the empty cells add 0, which is no token
        players.append(public_player(components, v))
    if seat is not None:
        me = players[seat]
        me.hand = list(obs["hand"])
        me.dealt = list(obs["dealt"])
        seen.update(me.hand)
        seen.update(me.dealt)
        if obs["pending"] is not None:
            me.pending = components.actions.encode(parse_action(obs["pending"]))
    pool = [t for t in range(1, REGULAR_TOKENS + 1) if t not in seen]
    rng.shuffle(pool)
    for i, v in enumerate(obs["players"]):
        if i == seat:
            continue
        players[i].hand = [pool.pop() for _ in range(v["hand_size"])]
        players[i].dealt = [pool.pop() for _ in range(v["dealt_size"])]
    discarded = [pool.pop() for _ in range(obs["discarded_size"])]
    supply = pool
    assert len(supply) == obs["supply_size"], "view and components disagree on the supply"
    display = [goal_index[g] for g in obs["goal_display"]]
    box = [goal_index[g] for g in obs["goal_box"]]
    held = {g for p in players for g in p.goals}
    stack = [
        g
        for g in range(len(components.goals))
        if g not in held and g not in display and g not in box
    ]
    rng.shuffle(stack)
    world = PostOfficeState(
        rng=Rng(rng.next64()),
        players=players,
        round=obs["round"],
        phase=PHASE_NAMES.index(obs["phase"]),
        step=obs["step"],
        supply=supply,
        discarded=discarded,
        stamp_supply=obs["stamp_supply"],
        goals_on=obs["goals_on"],
        goal_stack=stack,
        goal_display=display,
        goal_box=box,
        starting_box=list(obs["starting_box"]),
        params=params_from(obs["params"]),
    )
    for i, v in enumerate(obs["players"]):
        if i != seat and v.get("chosen"):  # PO-105, PO-114: a decision made, unseen
            options = legal_actions(components, world, i)
            choice = options[rng.randbelow(len(options))]
            world.players[i].pending = components.actions.encode(choice)
    return world
