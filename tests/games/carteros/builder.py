"""The Carteros scenario tests' helpers over the package's position builder
(:mod:`mailbag.games.carteros.positions`): ``build()`` takes the older keyword form the tests
were written in; every card not placed explicitly goes to its deck (``*_top`` lists the next
cards drawn, first drawn first), so the inventory is always the full component set. Every helper
plays the shipped game unless given another (``game=``, e.g. one with a user's component file).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from mailbag.core import Action, Event, apply, parse_action
from mailbag.games.carteros import GAME, CarterosGame, positions
from mailbag.games.carteros.board import HOUSE_INDEX
from mailbag.games.carteros.state import CarterosState, Task

H = HOUSE_INDEX
ACTION_KINDS = GAME.components.action_names
HOUSE_KINDS = GAME.components.house_names
MAIL_KINDS = GAME.components.mail_names
ACT = dict(GAME.components.action_index)
HK = dict(GAME.components.house_index)
MK = dict(GAME.components.mail_index)
BLOCKS = positions.BLOCK_INDEX


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
    """The package's :func:`~mailbag.games.carteros.positions.build` in the tests' older
    words: unnamed houses hold ``fill`` where the house deck allows, unnamed cards lie in the
    box's order (no shuffle), carriers are at the Post Office with no cards unless told
    otherwise; ``mission_decks`` are given top card last, as the state keeps them."""
    boots = set(boots)
    carriers = [
        {
            "at": (pos or {}).get(s, "post_office"),
            "mail": dict((mail or {}).get(s, {})),
            "hand": list((hand or {}).get(s, ())),
            "delivered": dict((delivered or {}).get(s, {})),
            "boots": s in boots,
            **(
                {
                    "mission": (mission or {}).get(s) or None,
                    "missions_done": list((missions_done or {}).get(s, ())),
                }
                if missions
                else {}
            ),
        }
        for s in range(seats)
    ]
    return positions.build(
        players=seats,
        options={"stampy": stampy, "missions": missions, "max_rounds": max_rounds},
        houses=dict(grid or {}),
        carriers=carriers,
        house_deck=list(house_top),
        mail_deck=list(mail_top),
        action_deck=list(action_top),
        house_discard=list(house_discard),
        mail_discard=list(mail_discard),
        action_discard=list(action_discard),
        floods=list(floods),
        stampy=stampy_at,
        current=current,
        round=round,
        actions_used=actions_used,
        mission_decks=(
            [list(reversed(deck)) for deck in mission_decks] if mission_decks is not None else None
        ),
        seed=seed,
        shuffle=False,
        fill=fill,
        check=False,
        game=game,
    )


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
