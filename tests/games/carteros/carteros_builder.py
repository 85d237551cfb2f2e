"""A small state builder for Carteros scenario tests: positions set directly, components kept.

``build()`` starts from a real deal, then puts the given cards where the test wants them; every
card not placed explicitly goes to its deck (``*_top`` lists the next cards drawn, first drawn
first), so the inventory is always the full component set. Every helper plays the shipped game
unless given another (``game=``, e.g. one with a user's component file).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from mailbag.core import Action, Event, apply, new_game, parse_action
from mailbag.games.carteros import GAME, CarterosGame
from mailbag.games.carteros.board import HOUSE_INDEX, HOUSES, position_index
from mailbag.games.carteros.state import CarterosState, Task

H = HOUSE_INDEX
ACTION_KINDS = GAME.components.action_names
HOUSE_KINDS = GAME.components.house_names
MAIL_KINDS = GAME.components.mail_names
ACT = dict(GAME.components.action_index)
HK = dict(GAME.components.house_index)
MK = dict(GAME.components.mail_index)
BLOCKS = {"A1": 0, "B1": 1, "A2": 2, "B2": 3, "A3": 4, "B3": 5}


def _counts(names: Iterable[str], index: Mapping[str, int], size: int) -> list[int]:
    counts = [0] * size
    for name in names:
        counts[index[name]] += 1
    return counts


def _mail(spec: Mapping[str, int] | None, names: Sequence[str]) -> list[int]:
    spec = spec or {}
    return [int(spec.get(name, 0)) for name in names]


def build(
    seats: int = 2,
    *,
    stampy: bool = False,
    missions: bool = False,
    max_rounds: int = 100,
    grid: Mapping[str, str] | None = None,
    fill: str = "received_letter",
    pos: Mapping[int, str] | None = None,
    mail: Mapping[int, Mapping[str, int]] | None = None,
    hand: Mapping[int, Sequence[str]] | None = None,
    delivered: Mapping[int, Mapping[str, int]] | None = None,
    house_top: Sequence[str] = (),
    mail_top: Sequence[str] = (),
    action_top: Sequence[str] = (),
    house_discard: Sequence[str] = (),
    mail_discard: Sequence[str] = (),
    action_discard: Sequence[str] = (),
    floods: Sequence[str] = (),
    boots: Iterable[int] = (),
    stampy_at: str | None = None,
    current: int = 0,
    round: int = 2,
    actions_used: int = 0,
    mission: Mapping[int, int] | None = None,
    missions_done: Mapping[int, Sequence[int]] | None = None,
    mission_decks: Sequence[Sequence[int]] | None = None,
    seed: int = 0,
    game: CarterosGame = GAME,
) -> CarterosState:
    """A position: unnamed houses hold ``fill`` where the house deck allows, carriers are at
    the Post Office with no cards unless told otherwise."""
    state = new_game(
        game, seats, {"stampy": stampy, "missions": missions, "max_rounds": max_rounds}, seed
    )
    comps = game.components
    n_house, n_mail, n_action = len(comps.houses), len(comps.mails), len(comps.actions)
    hk, mk, ak = comps.house_index, comps.mail_index, comps.action_index

    # houses
    houses = list(comps.house_counts)
    chosen: list[int] = [-1] * HOUSES
    for name, kind in (grid or {}).items():
        chosen[H[name]] = hk[kind]
    state.house_discard = _counts(house_discard, hk, n_house)
    for k in chosen:
        if k >= 0:
            houses[k] -= 1
    for k, c in enumerate(state.house_discard):
        houses[k] -= c
    top = [hk[name] for name in house_top]
    for k in top:
        houses[k] -= 1
    for h in range(HOUSES):
        if chosen[h] < 0:
            k = hk[fill] if houses[hk[fill]] > 0 else max(range(n_house), key=lambda i: houses[i])
            chosen[h] = k
            houses[k] -= 1
    assert min(houses) >= 0, "the scenario uses more house cards than the game has"
    state.grid = chosen
    rest = [k for k, c in enumerate(houses) for _ in range(c)]
    state.house_deck = rest + list(reversed(top))

    # mail
    seat_range = range(seats)
    state.mail = [_mail((mail or {}).get(s), comps.mail_names) for s in seat_range]
    state.delivered = [_mail((delivered or {}).get(s), comps.mail_names) for s in seat_range]
    state.mail_discard = _counts(mail_discard, mk, n_mail)
    left = list(comps.mail_counts)
    for pile in (*state.mail, *state.delivered, state.mail_discard):
        for k, c in enumerate(pile):
            left[k] -= c
    mtop = [mk[name] for name in mail_top]
    for k in mtop:
        left[k] -= 1
    assert min(left) >= 0, "the scenario uses more mail cards than the game has"
    state.mail_deck = [k for k, c in enumerate(left) for _ in range(c)] + list(reversed(mtop))

    # actions
    state.hand = [_counts((hand or {}).get(s, ()), ak, n_action) for s in seat_range]
    state.action_discard = _counts(action_discard, ak, n_action)
    state.floods = [BLOCKS[b] for b in floods]
    state.boots = [s in set(boots) for s in seat_range]
    cards = list(comps.action_counts)
    for pile in (*state.hand, state.action_discard):
        for k, c in enumerate(pile):
            cards[k] -= c
    for k, c in enumerate(comps.on_table(len(state.floods), sum(state.boots))):
        cards[k] -= c
    atop = [ak[name] for name in action_top]
    for k in atop:
        cards[k] -= 1
    assert min(cards) >= 0, "the scenario uses more action cards than the game has"
    state.action_deck = [k for k, c in enumerate(cards) for _ in range(c)] + list(reversed(atop))

    state.pos = [position_index((pos or {}).get(s, "post_office")) for s in seat_range]
    state.stampy = H[stampy_at] if stampy_at else -1
    state.current = current
    state.round = round
    state.actions_used = actions_used
    if missions:
        state.mission = [int((mission or {}).get(s, 0)) for s in seat_range]
        state.missions_done = [list((missions_done or {}).get(s, ())) for s in seat_range]
        used = set(state.mission) | {m for d in state.missions_done for m in d}
        if mission_decks is not None:
            state.mission_decks = [list(d) for d in mission_decks]
        else:
            free = [m for m in comps.mission_numbers if m not in used]
            state.mission_decks = [free[: len(free) // 2], free[len(free) // 2 :]]
        placed = used | {m for d in state.mission_decks for m in d}
        state.mission_discard = [m for m in comps.mission_numbers if m not in placed]
    assert game.inventory(state) == game.inventory(new_game(game, seats, {"missions": missions}))
    return state


def act(
    state: CarterosState, *moves: str, seat: int | None = None, game: CarterosGame = GAME
) -> tuple[CarterosState, list[Event]]:
    """Apply actions in notation through the public, checked ``apply``; each by the decider
    (or ``seat``). Returns the final state and all events."""
    events: list[Event] = []
    for text in moves:
        who = seat if seat is not None else game.deciders(state)[0]
        state, more = apply(game, state, who, parse_action(text))
        events.extend(more)
    return state, events


def legal(state: CarterosState, seat: int | None = None, game: CarterosGame = GAME) -> list[str]:
    who = seat if seat is not None else game.deciders(state)[0]
    return [str(a) for a in game.legal_actions(state, who)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def top_task(state: CarterosState) -> Task | None:
    return state.tasks[-1] if state.tasks else None


def action(text: str) -> Action:
    return parse_action(text)


__all__ = ["ACT", "BLOCKS", "HK", "MK", "H", "act", "build", "kinds", "legal", "top_task"]
