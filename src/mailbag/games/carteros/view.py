"""What each seat may know (CA-105), and worlds rebuilt from that knowledge for search bots.

Public: the carriers' positions, hand sizes, delivered cards, Rubber Boots, floods, Stampy, held
and completed missions, the face-up mission cards, the three discard piles (face up, so their
contents are known), deck sizes, which houses each carrier has looked at with GPS, and the task
stack (so an open reaction window shows that its seat holds the card offered, CA-103). Private:
a seat's own Mail and Action cards and what it saw with GPS (kept until that house's card is
replaced). Hidden from everyone: the face-down houses, deck order and the mission cards under
the face-up ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from mailbag.core.game import Observation
from mailbag.core.rng import Rng
from mailbag.games.carteros.board import (
    BLOCK_CORNERS,
    HOUSE_INDEX,
    HOUSE_NAMES,
    HOUSES,
    position_index,
    position_name,
)
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.legal import deciders
from mailbag.games.carteros.scoring import totals
from mailbag.games.carteros.state import CarterosState, Task

_BLOCK_NAMES: Final = tuple(HOUSE_NAMES[h] for h in BLOCK_CORNERS)
_BLOCK_INDEX: Final = {name: b for b, name in enumerate(_BLOCK_NAMES)}


def _named(counts: list[int], names: tuple[str, ...]) -> dict[str, int]:
    return {name: counts[k] for k, name in enumerate(names)}


def _counts(named: dict[str, int], names: tuple[str, ...]) -> list[int]:
    return [int(named[name]) for name in names]


#: CA-105: the face-down houses (a seat's own GPS knowledge of some of them is kept by
#: ``determinize``, but which ones changes from state to state), the order and contents of the
#: three decks (their sizes are public), the other carriers' Mail and Action cards (their numbers
#: are public), what the others saw with GPS (which houses is public), and the mission cards in
#: the two decks (their sizes are public; the face-up top cards are kept by ``determinize`` too,
#: but a path cannot single out a list's last element)
HIDDEN_FIELDS: Final = (
    "rng",
    "grid.*",
    "house_deck.*",
    "mail_deck.*",
    "action_deck.*",
    "mail.~.*",
    "hand.~.*",
    "known.~.*",
    "mission_decks.*.*",
)


def hidden_fields(seat: int | None) -> tuple[str, ...]:
    """The parts of the state ``seat`` cannot know (:data:`HIDDEN_FIELDS`, the same for every
    seat and a spectator: ``~`` stands for every other seat)."""
    return HIDDEN_FIELDS


def view(components: Components, state: CarterosState, seat: int | None) -> Observation:
    n = len(state.pos)
    points = totals(components, state)
    carriers: list[dict[str, Any]] = []
    for s in range(n):
        carriers.append(
            {
                "position": position_name(state.pos[s]),
                "mail": sum(state.mail[s]),
                "actions": sum(state.hand[s]),
                "delivered": _named(state.delivered[s], components.mail_names),
                "boots": state.boots[s],
                "debt": state.debt[s],
                "mission": state.mission[s] or None,
                "missions_done": list(state.missions_done[s]),
                "played": _named(state.played[s], components.action_names),
                "peeked": [HOUSE_NAMES[h] for h in range(HOUSES) if state.known[s][h] >= 0],
                "score": points[s],
                "tiebreak": state.tiebreak[s],
            }
        )
    observation: Observation = {
        "seat": seat,
        "players": n,
        "options": {
            "stampy": state.stampy_mode,
            "missions": state.missions_mode,
            "max_rounds": state.max_rounds,
        },
        "round": state.round,
        "current": state.current,
        "actions_used": state.actions_used,
        "replaced": state.replaced,
        "turn_over": state.turn_over,
        "finisher": state.finisher if state.finisher >= 0 else None,
        "final": state.final,
        "over": state.over,
        "deciders": list(deciders(components, state)),
        "fresh": [HOUSE_NAMES[h] for h in range(HOUSES) if state.fresh >> h & 1],
        "floods": [_BLOCK_NAMES[b] if b >= 0 else None for b in state.floods],
        "stampy": HOUSE_NAMES[state.stampy] if state.stampy >= 0 else None,
        "house_deck": len(state.house_deck),
        "house_discard": _named(state.house_discard, components.house_names),
        "mail_deck": len(state.mail_deck),
        "mail_discard": _named(state.mail_discard, components.mail_names),
        "action_deck": len(state.action_deck),
        "action_discard": _named(state.action_discard, components.action_names),
        "carriers": carriers,
        "missions": {
            "offer": [d[-1] if d else None for d in state.mission_decks],
            "decks": [len(d) for d in state.mission_decks],
            "discard": list(state.mission_discard),
            "cards": {
                str(m.number): {"house": HOUSE_NAMES[m.house], "points": m.points}
                for m in components.missions
                if m is not None and state.missions_mode
            },
        },
        "tasks": [
            {"kind": t.kind, "seat": t.seat, "n": t.n, "arg": t.arg, "cause": t.cause}
            for t in state.tasks
        ],
        "hand": None,
        "known": {},
    }
    if seat is not None:
        observation["hand"] = {
            "mail": _named(state.mail[seat], components.mail_names),
            "actions": _named(state.hand[seat], components.action_names),
        }
        observation["known"] = {
            HOUSE_NAMES[h]: components.house_names[k]
            for h, k in enumerate(state.known[seat])
            if k >= 0
        }
    return observation


def _shuffler(rng: Rng) -> Callable[[list[int]], None]:
    """A fast shuffle for drawing worlds, seeded from ``rng`` (so a world depends only on the
    view and the generator given): a private ``random.Random`` instance — never the global
    one — sorting by C-level random keys, several times faster than ``Rng.shuffle`` on piles of
    a few dozen cards. Game rules never use it; chance in play always comes from the state's
    :class:`Rng`."""
    draw = random.Random(rng.next64()).random

    def shuffle(items: list[int]) -> None:
        items.sort(key=lambda _card: draw())

    return shuffle


def _pool(total: tuple[int, ...], *seen: list[int]) -> list[int]:
    counts = list(total)
    for pile in seen:
        for k, c in enumerate(pile):
            counts[k] -= c
    if min(counts, default=0) < 0:
        raise ValueError("a view counts more cards than the game has")
    return [k for k, c in enumerate(counts) for _ in range(c)]


def _deal_counts(pool: list[int], size: int, kinds: int) -> list[int]:
    hand = [0] * kinds
    for _ in range(size):
        hand[pool.pop()] += 1
    return hand


def determinize(components: Components, observation: Observation, rng: Rng) -> CarterosState:
    """A full state consistent with ``observation``: hidden cards redrawn at random."""
    seat = observation["seat"]
    n = observation["players"]
    carriers = observation["carriers"]
    own = observation["hand"]
    world = Rng(rng.next64())
    shuffle = _shuffler(rng)

    # HOUSE cards: the face-down ones and the deck, except what this seat saw with GPS
    house_kinds, mail_kinds, action_kinds = (
        components.house_names,
        components.mail_names,
        components.action_names,
    )
    known_own = {HOUSE_INDEX[h]: components.house_index[k] for h, k in observation["known"].items()}
    house_discard = _counts(observation["house_discard"], house_kinds)
    houses = _pool(
        components.house_counts, house_discard, _tally(known_own.values(), len(house_kinds))
    )
    shuffle(houses)
    grid = [known_own[h] if h in known_own else houses.pop() for h in range(HOUSES)]
    if len(houses) != observation["house_deck"]:
        raise ValueError("the view's house deck does not match the components")
    known = [[-1] * HOUSES for _ in range(n)]
    for s, carrier in enumerate(carriers):
        for name in carrier["peeked"]:
            h = HOUSE_INDEX[name]
            known[s][h] = grid[h]

    # MAIL cards: other hands and the deck
    mail_discard = _counts(observation["mail_discard"], mail_kinds)
    delivered = [_counts(c["delivered"], mail_kinds) for c in carriers]
    own_mail = _counts(own["mail"], mail_kinds) if own is not None else [0] * len(mail_kinds)
    mail_pool = _pool(components.mail_counts, mail_discard, own_mail, *delivered)
    shuffle(mail_pool)
    mail = [
        own_mail[:] if s == seat else _deal_counts(mail_pool, carriers[s]["mail"], len(mail_kinds))
        for s in range(n)
    ]
    if len(mail_pool) != observation["mail_deck"]:
        raise ValueError("the view's mail deck does not match the components")

    # ACTION cards: other hands (holding any card an open reaction window offers) and the deck
    action_discard = _counts(observation["action_discard"], action_kinds)
    floods = [_BLOCK_INDEX[b] if b is not None else -1 for b in observation["floods"]]
    boots = [bool(c["boots"]) for c in carriers]
    on_table = components.on_table(len(floods), sum(boots))
    own_hand = _counts(own["actions"], action_kinds) if own is not None else [0] * len(action_kinds)
    action_pool = _pool(components.action_counts, action_discard, on_table, own_hand)
    hands = [[0] * len(action_kinds) for _ in range(n)]
    if seat is not None:
        hands[seat] = own_hand[:]
    for task in observation["tasks"]:
        s, card = task["seat"], task["arg"]
        if task["kind"] == "react" and s != seat and hands[s][card] == 0:
            action_pool.remove(card)
            hands[s][card] = 1
    shuffle(action_pool)
    for s in range(n):
        if s != seat:
            for _ in range(carriers[s]["actions"] - sum(hands[s])):
                hands[s][action_pool.pop()] += 1
    if len(action_pool) != observation["action_deck"]:
        raise ValueError("the view's action deck does not match the components")

    # missions: the cards under the face-up ones
    offer = observation["missions"]["offer"]
    held = [c["mission"] or 0 for c in carriers]
    done = [list(c["missions_done"]) for c in carriers]
    mission_discard = list(observation["missions"]["discard"])
    decks: list[list[int]] = [[], []]
    if observation["options"]["missions"]:
        seen = {m for m in offer if m} | set(held) | set(mission_discard)
        seen |= {m for d in done for m in d}
        rest = [m for m in components.mission_numbers if m not in seen]
        shuffle(rest)
        for i, size in enumerate(observation["missions"]["decks"]):
            if size:
                decks[i] = [rest.pop() for _ in range(size - 1)] + [offer[i]]
        if rest:
            raise ValueError("the view's mission decks do not match the components")

    finisher = observation["finisher"]
    options = observation["options"]
    return CarterosState(
        rng=world,
        stampy_mode=bool(options["stampy"]),
        missions_mode=bool(options["missions"]),
        max_rounds=int(options["max_rounds"]),
        grid=grid,
        fresh=sum(1 << HOUSE_INDEX[h] for h in observation["fresh"]),
        house_deck=houses,
        house_discard=house_discard,
        mail_deck=mail_pool,
        mail_discard=mail_discard,
        action_deck=action_pool,
        action_discard=action_discard,
        pos=[position_index(c["position"]) for c in carriers],
        mail=mail,
        hand=hands,
        delivered=delivered,
        boots=boots,
        floods=floods,
        stampy=HOUSE_INDEX[observation["stampy"]] if observation["stampy"] else -1,
        debt=[int(c["debt"]) for c in carriers],
        known=known,
        mission_decks=decks,
        mission_discard=mission_discard,
        mission=held,
        missions_done=done,
        played=[_counts(c["played"], action_kinds) for c in carriers],
        current=observation["current"],
        round=observation["round"],
        actions_used=observation["actions_used"],
        replaced=observation["replaced"],
        turn_over=observation["turn_over"],
        finisher=finisher if finisher is not None else -1,
        tiebreak=[int(c["tiebreak"]) for c in carriers],
        final=observation["final"],
        over=observation["over"],
        tasks=[
            Task(t["kind"], t["seat"], t["n"], t["arg"], t["cause"]) for t in observation["tasks"]
        ],
    )


def _tally(kinds: Any, size: int) -> list[int]:
    counts = [0] * size
    for k in kinds:
        counts[k] += 1
    return counts
