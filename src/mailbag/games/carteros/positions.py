"""Carteros positions a person can write and read: :func:`build` makes a state from named parts
(houses ``"B3"``, cards ``"rain"``, ``"letter"``, places ``"post_office"``, flood blocks by their
top-left house), filling everything left unnamed from the seed; :func:`describe` gives any state
back as such parts, so ``build(describe(state))`` is that state again.

    state = build(
        players=2,
        houses={"B3": "lost", "C3": "stampy"},
        carriers=[{"at": "B2", "mail": ["letter", "parcel"], "hand": ["rain"]}, {"at": "C4"}],
        floods=["A1"], stampy="C2", missions=[{"mission": 3}],
    )

Every card is conserved: whatever the position does not name stays in its deck (``*_deck``
lists name the top cards, first drawn first; the rest lie below them, shuffled from the seed),
and a position that needs a card the box does not have, or more copies than it has, is refused
with a :class:`~mailbag.core.positions.PositionError` naming the card. Mail, hands, discards and
deliveries may be given as lists of names or as ``{name: count}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mailbag.core.game import new_game
from mailbag.core.positions import (
    PositionError,
    check_built,
    check_keys,
    check_seat,
    lookup,
    take,
)
from mailbag.core.rng import Rng
from mailbag.games.carteros import GAME
from mailbag.games.carteros.apply import AUTO
from mailbag.games.carteros.board import (
    BLOCK_CORNERS,
    HOUSE_INDEX,
    HOUSE_NAMES,
    HOUSES,
    position_index,
    position_name,
)
from mailbag.games.carteros.decisions import DECISIONS
from mailbag.games.carteros.game import CarterosGame
from mailbag.games.carteros.legal import deciders
from mailbag.games.carteros.state import CarterosState, Task

#: flood blocks by the name of their top-left house (``"A1"`` … ``"B3"``)
BLOCK_NAMES: tuple[str, ...] = tuple(HOUSE_NAMES[h] for h in BLOCK_CORNERS)
BLOCK_INDEX: dict[str, int] = {name: b for b, name in enumerate(BLOCK_NAMES)}
PLACES: dict[str, int] = {"post_office": -1, "shops": -2, **HOUSE_INDEX}

#: tasks whose ``arg`` is an Action card (the card that cancels or answers them) or a house
CARD_TASKS = frozenset({"react", "stampy_card", "lost_card", "soak", "catch", "debt"})
HOUSE_TASKS = frozenset({"peek"})
#: every kind of task: the decisions (their entries) and the engine's automatic steps
TASK_KINDS = frozenset({*DECISIONS, *AUTO})

CARRIER_PARTS = (
    "at",
    "mail",
    "hand",
    "delivered",
    "boots",
    "mission",
    "missions_done",
    "debt",
    "known",
    "played",
    "tiebreak",
)
PARTS = (
    "players",
    "options",
    "houses",
    "carriers",
    "house_deck",
    "mail_deck",
    "action_deck",
    "house_discard",
    "mail_discard",
    "action_discard",
    "floods",
    "stampy",
    "missions",
    "mission_decks",
    "mission_discard",
    "current",
    "round",
    "actions_used",
    "replaced",
    "turn_over",
    "fresh",
    "finisher",
    "final",
    "over",
    "tasks",
    "deciders",
)


def _names(given: Mapping[str, int] | Iterable[str] | None) -> list[str]:
    """Cards given as a list of names or as ``{name: count}`` -> a list of names."""
    if given is None:
        return []
    if isinstance(given, Mapping):
        return [name for name, count in given.items() for _ in range(int(count))]
    if isinstance(given, str):
        return [given]
    return list(given)


def _counts(names: Iterable[str], index: Mapping[str, int]) -> list[int]:
    counts = [0] * len(index)
    for name in names:
        counts[index[name]] += 1
    return counts


def _by_seat(given: Any, players: int, what: str) -> list[dict[str, Any]]:
    """Per-seat parts given as a list (seat order) or a ``{seat: parts}`` mapping."""
    out: list[dict[str, Any]] = [{} for _ in range(players)]
    items = given.items() if isinstance(given, Mapping) else enumerate(given or ())
    for seat, parts in items:
        check_seat(seat, players)
        check_keys(what, parts, CARRIER_PARTS)
        out[seat] = dict(parts)
    return out


def _seat_or_none(value: Any, players: int) -> int:
    return -1 if value is None else check_seat(value, players)


def _players(parts: Mapping[str, Any]) -> int:
    if "players" in parts:
        return int(parts["players"])
    carriers = parts.get("carriers")
    if isinstance(carriers, Sequence) and len(carriers) >= 2:
        return len(carriers)
    return 2


def build(
    description: Mapping[str, Any] | None = None,
    /,
    *,
    seed: int = 0,
    shuffle: bool = True,
    fill: str | None = None,
    check: bool = True,
    game: CarterosGame = GAME,
    **parts: Any,
) -> CarterosState:
    """A Carteros position from named parts (a :func:`describe` dictionary, keyword parts, or
    both: keywords win). Unnamed cards come from the seed's shuffle (``shuffle=False``: in the
    box's order); ``fill`` names the House card unnamed houses hold while the box has it.
    Raises :class:`PositionError` for an impossible position, and (``check``) the game's own
    :class:`~mailbag.core.errors.StateError` for an inconsistent one."""
    given: dict[str, Any] = {**(description or {}), **parts}
    check_keys("Carteros", given, PARTS)
    components = game.components
    players = _players(given)
    carriers = _by_seat(given.get("carriers"), players, "Carteros carrier")
    for seat, mission in enumerate(_by_seat(given.get("missions"), players, "Carteros carrier")):
        carriers[seat].update(mission)
    stampy_at = given.get("stampy")
    options = dict(given.get("options") or {})
    options.setdefault("stampy", stampy_at is not None and stampy_at is not False)
    options.setdefault(
        "missions",
        any(c.get("mission") or c.get("missions_done") for c in carriers)
        or bool(given.get("mission_decks")),
    )
    state = new_game(game, players, options, seed)
    rng = state.rng if shuffle else None

    # houses: the grid, the discard pile, the deck's top cards, then the rest
    box = Counter(dict(zip(components.house_names, components.house_counts, strict=True)))
    grid: list[int] = [-1] * HOUSES
    named = dict(given.get("houses") or {})
    discard = _names(given.get("house_discard"))
    top = _names(given.get("house_deck"))
    take("House card", [*named.values(), *discard, *top], box)
    for house, kind in named.items():
        grid[lookup("house", house, HOUSE_INDEX)] = components.house_index[kind]
    rest = _rest(box, rng)
    for h in range(HOUSES):
        if grid[h] < 0:
            if fill is not None:
                lookup("House card", fill, components.house_index)
                kind = fill if box[fill] > 0 else max(box, key=lambda k: box[k])
                box[kind] -= 1
                rest.remove(kind)
            else:
                kind = rest.pop()
            grid[h] = components.house_index[kind]
    state.grid = grid
    state.house_discard = _counts(discard, components.house_index)
    state.house_deck = [components.house_index[k] for k in rest + top[::-1]]

    # mail: bags, deliveries, the discard pile, the deck
    box = Counter(dict(zip(components.mail_names, components.mail_counts, strict=True)))
    mail = [_names(c.get("mail")) for c in carriers]
    delivered = [_names(c.get("delivered")) for c in carriers]
    discard = _names(given.get("mail_discard"))
    top = _names(given.get("mail_deck"))
    take("Mail card", [n for names in (*mail, *delivered, discard, top) for n in names], box)
    state.mail = [_counts(names, components.mail_index) for names in mail]
    state.delivered = [_counts(names, components.mail_index) for names in delivered]
    state.mail_discard = _counts(discard, components.mail_index)
    state.mail_deck = [components.mail_index[k] for k in _rest(box, rng) + top[::-1]]

    # action cards: hands, the discard pile, Rain and Rubber Boots on the table, the deck
    box = Counter(dict(zip(components.action_names, components.action_counts, strict=True)))
    hands = [_names(c.get("hand")) for c in carriers]
    discard = _names(given.get("action_discard"))
    top = _names(given.get("action_deck"))
    floods = [
        None if b is None else lookup("flood block", b, BLOCK_INDEX)
        for b in given.get("floods") or ()
    ]
    boots = [bool(c.get("boots", False)) for c in carriers]
    on_table = components.on_table(len(floods), sum(boots))
    table = [components.action_names[k] for k, c in enumerate(on_table) for _ in range(c)]
    take("Action card", [n for names in (*hands, discard, table, top) for n in names], box)
    state.hand = [_counts(names, components.action_index) for names in hands]
    state.action_discard = _counts(discard, components.action_index)
    state.action_deck = [components.action_index[k] for k in _rest(box, rng) + top[::-1]]
    state.floods = [-1 if b is None else b for b in floods]
    state.boots = boots

    # carriers
    state.pos = [lookup("place", c.get("at", "post_office"), PLACES) for c in carriers]
    state.debt = [int(c.get("debt", 0)) for c in carriers]
    state.known = [[-1] * HOUSES for _ in range(players)]
    for seat, c in enumerate(carriers):
        for house, kind in (c.get("known") or {}).items():
            h = lookup("house", house, HOUSE_INDEX)
            state.known[seat][h] = lookup("House card", kind, components.house_index)
    state.played = [_counts(_names(c.get("played")), components.action_index) for c in carriers]
    state.tiebreak = [int(c.get("tiebreak", 0)) for c in carriers]
    state.stampy = (
        -1 if stampy_at in (None, False, True) else lookup("house", stampy_at, HOUSE_INDEX)
    )

    # Delivery Missions
    if state.missions_mode:
        _missions(state, carriers, given, components.mission_numbers, rng)

    # the turn and the decisions owed
    state.current = check_seat(int(given.get("current", 0)), players)
    state.round = int(given.get("round", 1))
    state.actions_used = int(given.get("actions_used", 0))
    state.replaced = bool(given.get("replaced", False))
    state.turn_over = bool(given.get("turn_over", False))
    state.fresh = sum(1 << lookup("house", h, HOUSE_INDEX) for h in given.get("fresh") or ())
    state.finisher = _seat_or_none(given.get("finisher"), players)
    state.final = bool(given.get("final", False))
    state.over = bool(given.get("over", False))
    state.tasks = [_task(t, players, game) for t in given.get("tasks") or ()]

    if check:
        fresh_game = new_game(game, players, game.spec.options_of(state), seed)
        check_built(game, state, fresh_game, given)
    return state


def _rest(box: Counter[str], rng: Rng | None) -> list[str]:
    """The cards still in the box, in the box's order or shuffled (the box is left as it is)."""
    rest = [name for name, count in box.items() for _ in range(count)]
    if rng is not None:
        rng.shuffle(rest)
    return rest


def _missions(
    state: CarterosState,
    carriers: list[dict[str, Any]],
    given: Mapping[str, Any],
    numbers: Sequence[int],
    rng: Rng | None,
) -> None:
    known = {str(m): m for m in numbers}
    box = Counter(str(m) for m in numbers)
    state.mission = []
    state.missions_done = []
    for c in carriers:
        held = c.get("mission")
        done = [str(m) for m in c.get("missions_done") or ()]
        take("Delivery Mission", ([str(held)] if held else []) + done, box)
        state.mission.append(known[str(held)] if held else 0)
        state.missions_done.append([known[m] for m in done])
    discard = [str(m) for m in given.get("mission_discard") or ()]
    take("Delivery Mission", discard, box)
    state.mission_discard = [known[m] for m in discard]
    if given.get("mission_decks") is not None:
        decks = [[str(m) for m in deck] for deck in given["mission_decks"]]
        for deck in decks:
            take("Delivery Mission", deck, box)
        state.mission_decks = [[known[m] for m in deck[::-1]] for deck in decks]
        state.mission_discard += [known[m] for m in _rest(box, None)]
    else:
        free = [known[m] for m in _rest(box, rng)]
        half = len(free) // 2
        state.mission_decks = [free[:half], free[half:]]


def _task(given: Mapping[str, Any], players: int, game: CarterosGame) -> Task:
    check_keys("Carteros task", given, ("kind", "seat", "n", "arg", "cause"))
    kind = str(given.get("kind"))
    if kind not in TASK_KINDS:
        lookup("task", kind, {k: k for k in sorted(TASK_KINDS)})
    arg = given.get("arg")
    if kind in CARD_TASKS:
        number = -1 if arg is None else lookup("Action card", arg, game.components.action_index)
    elif kind in HOUSE_TASKS:
        number = -1 if arg is None else lookup("house", arg, HOUSE_INDEX)
    else:
        number = -1 if arg is None else int(arg)
    seat = check_seat(given.get("seat", 0), players)
    return Task(kind, seat, int(given.get("n", 0)), number, str(given.get("cause", "")))


# -- describe -------------------------------------------------------------------------------------


def _named(counts: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    return {names[k]: c for k, c in enumerate(counts) if c}


def describe(state: CarterosState, game: CarterosGame = GAME) -> dict[str, Any]:
    """The whole position in names (the inverse of :func:`build`): decks top card first,
    cards in hands and piles as ``{name: count}``, tasks in stack order (the last is decided
    first), and who decides now (``deciders``)."""
    components = game.components
    houses, mails, actions = components.house_names, components.mail_names, components.action_names
    carriers = []
    for s in range(len(state.pos)):
        carrier: dict[str, Any] = {
            "at": position_name(state.pos[s]),
            "mail": _named(state.mail[s], mails),
            "hand": _named(state.hand[s], actions),
            "delivered": _named(state.delivered[s], mails),
            "boots": state.boots[s],
            "debt": state.debt[s],
            "known": {HOUSE_NAMES[h]: houses[k] for h, k in enumerate(state.known[s]) if k >= 0},
            "played": _named(state.played[s], actions),
            "tiebreak": state.tiebreak[s],
        }
        if state.missions_mode:
            carrier["mission"] = state.mission[s] or None
            carrier["missions_done"] = list(state.missions_done[s])
        carriers.append(carrier)
    out: dict[str, Any] = {
        "players": len(state.pos),
        "options": game.spec.options_of(state),
        "houses": {HOUSE_NAMES[h]: houses[k] for h, k in enumerate(state.grid)},
        "carriers": carriers,
        "house_deck": [houses[k] for k in reversed(state.house_deck)],
        "mail_deck": [mails[k] for k in reversed(state.mail_deck)],
        "action_deck": [actions[k] for k in reversed(state.action_deck)],
        "house_discard": _named(state.house_discard, houses),
        "mail_discard": _named(state.mail_discard, mails),
        "action_discard": _named(state.action_discard, actions),
        "floods": [BLOCK_NAMES[b] if b >= 0 else None for b in state.floods],
        "stampy": HOUSE_NAMES[state.stampy] if state.stampy >= 0 else None,
        "current": state.current,
        "round": state.round,
        "actions_used": state.actions_used,
        "replaced": state.replaced,
        "turn_over": state.turn_over,
        "fresh": [HOUSE_NAMES[h] for h in range(HOUSES) if state.fresh >> h & 1],
        "finisher": state.finisher if state.finisher >= 0 else None,
        "final": state.final,
        "over": state.over,
        "tasks": [_describe_task(t, actions) for t in state.tasks],
        "deciders": list(deciders(game.components, state)),
    }
    if state.missions_mode:
        out["mission_decks"] = [list(reversed(deck)) for deck in state.mission_decks]
        out["mission_discard"] = list(state.mission_discard)
    return out


def _describe_task(task: Task, actions: Sequence[str]) -> dict[str, Any]:
    arg: Any = task.arg
    if task.kind in CARD_TASKS:
        arg = actions[task.arg] if task.arg >= 0 else None
    elif task.kind in HOUSE_TASKS:
        arg = HOUSE_NAMES[task.arg] if task.arg >= 0 else None
    elif task.arg < 0:
        arg = None
    return {"kind": task.kind, "seat": task.seat, "n": task.n, "arg": arg, "cause": task.cause}


__all__ = ["BLOCK_NAMES", "PositionError", "build", "describe", "position_index"]
