"""The contract checks of the halves of a game's interface that are not its rules, each on its
own (:mod:`mailbag.core.presentation`, :mod:`mailbag.core.encoding`): ``game.presentation``
(the game in words and on the board), ``game.search`` (what it tells the search bots) and
``game.encoder`` (its reinforcement-learning observation). A half a game leaves out is the
default, and the defaults pass. Registered in :data:`mailbag.testing.contract.CHECKS` as
``presentation``, ``search`` and ``encoder``; each raises ``AssertionError`` naming what is
wrong.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import msgspec

from mailbag.core import (
    Action,
    Block,
    Event,
    Game,
    Observation,
    Presentation,
    SeatError,
    Sections,
    start_game,
)
from mailbag.testing.walk import random_steps

#: a ``{name}`` left in a text: a template field that was never filled in
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
#: how far ``heuristics`` may stray from each seat's ``heuristic`` (float sums in another order)
_TOLERANCE = 1e-9


def _lays_out_seats(presentation: Presentation) -> bool:
    """Whether ``presentation``'s type lays the view out itself (its own ``sections``), so that
    its own area and other seats' blocks can be checked. The default puts the whole view in the
    board (nothing to check there, and it stays so)."""
    return type(presentation).sections is not Presentation.sections


def _check_block(block: Any, where: str) -> None:
    assert isinstance(block, Block), f"contract 10: {where} is {type(block).__name__}, not a Block"
    assert isinstance(block.title, str) and isinstance(block.summary, str), (
        f"contract 10: {where}'s title and summary must be str"
    )
    for name, line in [("title", block.title), ("summary", block.summary)] + [
        (f"line {i}", line) for i, line in enumerate(block.lines)
    ]:
        assert isinstance(line, str), f"contract 10: {where}'s {name} is not a str: {line!r}"
        assert "\n" not in line, (
            f"contract 10: {where}'s {name} holds a newline ({line!r}): a block's lines are "
            "logical lines, one entry each, never joined or wrapped"
        )


def _check_sections(
    presentation: Presentation, view: Observation, observer: int | None, seats: int, own: bool
) -> None:
    who = "a spectator" if observer is None else f"seat {observer}"
    sections = presentation.sections(view)
    assert isinstance(sections, Sections), (
        f"contract 10: sections(view of {who}) is {type(sections).__name__}, not a Sections"
    )
    _check_block(sections.board, f"sections(view of {who}).board")
    if sections.own is not None:
        _check_block(sections.own, f"sections(view of {who}).own")
    for i, block in enumerate(sections.others):
        _check_block(block, f"sections(view of {who}).others[{i}]")
    if not own:
        return
    if observer is None:
        assert sections.own is None, (
            "contract 10: sections(view of a spectator).own is a Block: a spectator has no "
            "area of its own (None)"
        )
    else:
        assert sections.own is not None, (
            f"contract 10: sections(view of {who}).own is None: a seat's own area is a Block"
        )
    expected = [s for s in range(seats) if s != observer]
    got = [block.seat for block in sections.others]
    assert got == expected, (
        f"contract 10: sections(view of {who}).others are the blocks of seats {got}: they must "
        f"be one Block per other seat, in seat order, each with its seat set: {expected}"
    )


def _check_words(text: Any, what: str) -> None:
    assert isinstance(text, str), f"contract 10: {what} is {type(text).__name__}, not a str"
    unfilled = _PLACEHOLDER.findall(text)
    assert not unfilled, (
        f"contract 10: {what} {text!r} leaves {', '.join(unfilled)} unfilled (a template field "
        "the event's data does not hold)"
    )


#: contract 10 looks at the views and menus of every EVERY-th decision of a playout, and at
#: about ACTIONS of its legal actions, spread over the list (a Post Office placement offers
#: hundreds): the checks cost no more than the views' contract, over every seed and option set
EVERY = 3
ACTIONS = 32


def check_presentation(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> None:
    """10. The game in words (``game.presentation``), over a random playout, for the seat to
    act and for a spectator: ``render`` is a non-empty str; ``sections`` is a ``Sections`` of
    Blocks whose lines are logical lines (no newline in any); where the game lays the view out
    itself, a seat's ``own`` is a Block and a spectator's None, and ``others`` holds one Block
    per other seat (a spectator: every seat) in seat order with its ``seat`` set; every legal
    action's ``describe_action`` is a non-empty str; every event's ``event_text`` is a str with
    no ``{placeholder}`` left unfilled; ``board_data`` is JSON-able (the click paths are
    contract 9's)."""
    presentation = game.presentation
    n = len(seats)
    data = presentation.board_data()
    try:
        msgspec.json.encode(data)
    except (TypeError, msgspec.EncodeError) as exc:
        raise AssertionError(f"contract 10: board_data() is not JSON-able: {exc}") from None
    own = _lays_out_seats(presentation)
    names = [f"Player {i + 1}" for i in range(n)]

    def events_in_words(events: Sequence[Event]) -> None:
        for event in events:
            text = presentation.event_text(event, names)
            _check_words(text, f"event_text of a {event.kind!r} event")

    _, opening = start_game(game, tuple(seats), options, seed)
    events_in_words(opening)
    last = None
    for step, (before, seat, _, after, events) in enumerate(
        random_steps(game, seats, options, seed)
    ):
        events_in_words(events)
        last = after
        if step % EVERY:
            continue  # every step's words are checked; the views at every EVERY-th step
        for observer in (seat, None):
            view = game.view(before, observer)
            who = "a spectator" if observer is None else f"seat {observer}"
            text = presentation.render(view)
            assert isinstance(text, str) and text.strip(), (
                f"contract 10: render(view of {who}) is {text!r}, not a non-empty str"
            )
            _check_sections(presentation, view, observer, n, own)
        view = game.view(before, seat)
        legal = game.legal_actions(before, seat)
        for action in legal[:: max(1, len(legal) // ACTIONS)]:
            described = presentation.describe_action(view, action)
            assert isinstance(described, str) and described.strip(), (
                f"contract 10: describe_action of {action} is {described!r}, not a non-empty str"
            )
            _check_words(described, f"describe_action of {action}")
    if last is not None:
        for observer in (0, None):
            _check_sections(presentation, game.view(last, observer), observer, n, own)


def check_search(game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int) -> None:
    """11. What the game tells its search bots (``game.search``): ``settings()`` is a dict of
    str to str that the ``mcts`` bot's seat kind accepts; at every state of a random playout
    ``heuristics(state)`` holds one finite float per seat, each equal to ``heuristic(state,
    seat)`` (within 1e-9)."""
    from mailbag.bots.base import check_kind

    search = game.search
    settings = search.settings()
    assert isinstance(settings, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in settings.items()
    ), f"contract 11: settings() is {settings!r}, not a dict of str to str"
    if settings:
        kind = "mcts:" + ",".join(f"{k}={v}" for k, v in settings.items())
        try:
            check_kind(kind)
        except SeatError as exc:
            raise AssertionError(
                f"contract 11: the mcts bot refuses settings() {settings}: {exc}"
            ) from None
    n = len(seats)
    last = None
    for step, (before, _, action, after, _) in enumerate(random_steps(game, seats, options, seed)):
        if step % EVERY == 0:
            _check_heuristics(game, before, n, f"before step {step + 1} ({action})")
        last = after
    if last is not None:
        _check_heuristics(game, last, n, "at the end")


def _check_heuristics(game: Game[Any], state: Any, n: int, where: str) -> None:
    search = game.search
    values = search.heuristics(state)
    assert len(values) == n, (
        f"contract 11: heuristics(state) {where} holds {len(values)} values for {n} seats"
    )
    for seat, value in enumerate(values):
        one = search.heuristic(state, seat)
        for name, number in (("heuristics(state)", value), ("heuristic(state, seat)", one)):
            assert isinstance(number, float | int) and not isinstance(number, bool), (
                f"contract 11: {name} {where} gives seat {seat} {number!r}, not a float"
            )
            assert math.isfinite(number), (
                f"contract 11: {name} {where} gives seat {seat} {number}, not a finite number"
            )
        assert abs(value - one) <= _TOLERANCE, (
            f"contract 11: heuristics(state) {where} gives seat {seat} {value}, but "
            f"heuristic(state, {seat}) is {one}: the two must agree"
        )


def check_encoder(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> None:
    """12. The game's reinforcement-learning encoder (``game.encoder``; None: the game brings
    none, nothing to check): an ``Encoder`` subclass that builds for the seat count, whose
    features add up to its ``size``, whose vectors (from a view and from the state, the fast
    path) have that length, are finite float32 and agree, and whose action universe holds every
    legal action of a random playout (numpy is needed: ``pip install 'mailbag[rl]'``)."""
    from mailbag.core.encoding import Encoder

    found = game.encoder
    if found is None:
        return
    assert isinstance(found, type) and issubclass(found, Encoder), (
        f"contract 12: the game's encoder is {found!r}, not a subclass of Encoder"
    )
    try:
        import numpy as np
    except ImportError:
        raise AssertionError(
            "contract 12: the game brings an encoder, and checking it needs numpy "
            "(pip install 'mailbag[rl]')"
        ) from None
    n = len(seats)
    try:
        encoder = found(game, n)
    except Exception as exc:
        raise AssertionError(
            f"contract 12: {found.__name__} does not build for {n} seats: "
            f"{type(exc).__name__}: {exc}"
        ) from None
    declared = sum(feature.size for feature in encoder.features)
    assert declared == encoder.size, (
        f"contract 12: {found.__name__}'s features add up to {declared} numbers, but its size "
        f"is {encoder.size} ({n} seats)"
    )
    universe: set[Action] = set(found.actions(game, n))
    for step, (before, seat, action, _, _) in enumerate(random_steps(game, seats, options, seed)):
        missing = [a for a in game.legal_actions(before, seat) if a not in universe]
        assert not missing, (
            f"contract 12: {found.__name__}.actions does not list the legal actions {missing} "
            f"({n} seats)"
        )
        for observer in range(n):
            where = f"seat {observer}'s vector before step {step + 1} ({action})"
            slow = encoder.encode(game.view(before, observer))
            fast = encoder.encode_state(before, observer)
            for name, vector in (("from the view", slow), ("from the state", fast)):
                assert vector.shape == (encoder.size,) and vector.dtype == np.float32, (
                    f"contract 12: {where} {name} has shape {vector.shape} and type "
                    f"{vector.dtype}, not ({encoder.size},) float32 ({n} seats)"
                )
                assert bool(np.isfinite(vector).all()), (
                    f"contract 12: {where} {name} holds a number that is not finite"
                )
            assert np.array_equal(slow, fast), (
                f"contract 12: {where} from the state (encode_state) differs from the one "
                "from the view (encode)"
            )
