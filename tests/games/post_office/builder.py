"""A state builder for Post Office tests: positions made directly, not by long random games.

Boards are written as 10 rows of 10 parcel codes: a colour letter (F fragile, G gift, S sweet,
P personal) followed by an optional icon (``*`` type symbol, ``$`` stamp, ``r`` receipt), or
``.`` for an empty parcel. Tapes are laid with :func:`seal` by naming the 4 parcels they cover.
"""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Event, apply, new_game, parse_action
from mailbag.games import get
from mailbag.games.post_office import positions
from mailbag.games.post_office.game import PostOfficeGame
from mailbag.games.post_office.geometry import CELL_PARCELS, CELLS, PSIZE
from mailbag.games.post_office.state import EMPTY, PostOfficeState

GAME: PostOfficeGame = get("post_office")  # type: ignore[assignment]
COLOURS = {"F": 0, "G": 1, "S": 2, "P": 3}
ICONS = {"": 0, "*": 1, "$": 2, "r": 3}


def new(players: int = 2, goals: bool = False, seed: int = 0) -> PostOfficeState:
    state: PostOfficeState = new_game(GAME, players, {"goals": goals}, seed)
    return state


def parse_board(text: str) -> list[tuple[int, int]]:
    """(colour, icon) of the 100 parcels; colour -1 for an empty parcel."""
    rows = [line.split() for line in text.strip().splitlines()]
    assert len(rows) == PSIZE and all(len(r) == PSIZE for r in rows), "10 rows of 10 codes"
    out = []
    for row in rows:
        for code in row:
            out.append((-1, 0) if code == "." else (COLOURS[code[0]], ICONS[code[1:]]))
    return out


def board(state: PostOfficeState, seat: int, text: str) -> None:
    """Lay out ``seat``'s parcels as ``text`` (tapes removed). Every filled cell holds some
    token (taken from the supply, so that every component stays in one place); the parcels
    shown are the ones in ``text``."""
    p = state.players[seat]
    parcels = parse_board(text)
    p.tape = [-1] * 100
    p.placed = [-1] * 16
    for cell in range(CELLS):
        filled = [parcels[q][0] >= 0 for q in CELL_PARCELS[cell]]
        assert all(filled) or not any(filled), f"cell {cell} half filled"
        if all(filled) and p.token[cell] == EMPTY:
            p.token[cell] = state.supply.pop(0)
        elif not any(filled) and p.token[cell] != EMPTY:
            token = p.token[cell]
            (state.supply if token <= 96 else state.starting_box).insert(0, token)
            p.token[cell] = EMPTY
        p.rotation[cell] = 0
    for q, (colour, icon) in enumerate(parcels):
        p.colour[q] = colour
        p.icon[q] = icon


def at(row: int, col: int) -> int:
    return row * PSIZE + col


def seal(state: PostOfficeState, seat: int, cells: list[tuple[int, int]]) -> int:
    """Lay the tape covering these 4 parcels (the package's
    :func:`~mailbag.games.post_office.positions.lay_tape`, its colour the parcels'); returns the
    tape index (colour * 4 + shape)."""
    p = state.players[seat]
    want = sorted(at(r, c) for r, c in cells)
    colour = p.colour[want[0]]
    assert all(p.colour[q] == colour for q in want), "a tape covers parcels of its own colour"
    name = GAME.components.colours[colour].name
    return positions.lay_tape(p, name, [list(rc) for rc in cells], GAME)


def act(state: PostOfficeState, seat: int, text: str) -> tuple[PostOfficeState, list[Event]]:
    """One checked decision through the public ``apply``."""
    return apply(GAME, state, seat, parse_action(text))


def everyone(
    state: PostOfficeState, choices: dict[int, str] | None = None
) -> tuple[PostOfficeState, list[Event]]:
    """Every player still owing a decision submits one: ``choices[seat]`` if given, else the
    first legal action (``skip`` while sealing). Returns the state after the phase resolves."""
    choices = choices or {}
    events: list[Event] = []
    for seat in GAME.deciders(state):
        legal = GAME.legal_actions(state, seat)
        action: Action = parse_action(choices[seat]) if seat in choices else legal[0]
        state, more = apply(GAME, state, seat, action)
        events.extend(more)
    return state, events


def phases(state: PostOfficeState, count: int) -> PostOfficeState:
    for _ in range(count):
        state, _ = everyone(state)
    return state


#: how the tests call the seats in event texts
NAMES = [f"seat {i}" for i in range(4)]


def texts(events: list[Event], seat: int | None = None, game: PostOfficeGame = GAME) -> list[str]:
    """The events ``seat`` sees, in words (English unless a test sets another language)."""
    return [game.presentation.event_text(e, NAMES) for e in events if e.visible_to(seat)]


def legal_strs(state: PostOfficeState, seat: int) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def find(obj: Any, value: int) -> bool:
    """Whether ``value`` appears anywhere in a JSON-like structure."""
    if isinstance(obj, dict):
        return any(find(v, value) for v in obj.values())
    if isinstance(obj, list):
        return any(find(v, value) for v in obj)
    return obj == value


def fill(state: PostOfficeState, seat: int, cells: list[int]) -> None:
    """Lay tokens from the supply (unturned) on these cells where they are empty."""
    from mailbag.games.post_office.shelving import place_token

    p = state.players[seat]
    for cell in cells:
        if p.token[cell] == EMPTY:
            place_token(GAME.components, p, state.supply.pop(0), cell, 0)


def column(c: int) -> list[int]:
    return [r * 5 + c for r in range(5)]


def row(r: int) -> list[int]:
    return [r * 5 + c for c in range(5)]


def at_move(players: int = 2, seed: int = 0, goals: bool = False) -> PostOfficeState:
    """A new game at the first helper move of round 1."""
    state, _ = everyone(new(players, goals, seed))
    return state


def at_seal(players: int = 2, seed: int = 0) -> PostOfficeState:
    """A new game at the first sealing step of round 1 (everyone took the first choices)."""
    state = at_move(players, seed)
    state, _ = everyone(state)  # move
    state, _ = everyone(state)  # place
    return state


def uniform(code: str) -> str:
    """A full board of one parcel code."""
    return "\n".join(" ".join([code] * 10) for _ in range(10))


def blank_with(parcels: dict[tuple[int, int], str]) -> str:
    """A full board of mixed colours with no square group, plus the given parcels."""
    grid = [["FGSP"[(r + 2 * c) % 4] for c in range(10)] for r in range(10)]
    for (r, c), code in parcels.items():
        grid[r][c] = code
    return "\n".join(" ".join(row) for row in grid)


def block(r0: int, c0: int, h: int, w: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(r0, r0 + h) for c in range(c0, c0 + w)]
