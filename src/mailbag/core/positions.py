"""What every game's ``positions`` module shares: the error an impossible position raises and
the small checked steps of building one from names (look a name up, take counted components
out of what the box holds), so that each refusal names what is impossible the same way in every
game and in the reader's language."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from mailbag.core.errors import StateError
from mailbag.core.game import Game, S, validate
from mailbag.core.i18n import N_, _

K = TypeVar("K")

#: the words naming the kinds of things every game's positions have, for the catalogs (a refusal
#: names the kind in the reader's language); each game lists its own words (``POSITION_WORDS`` in
#: its ``texts.py``)
KINDS = (
    N_("seat"),
    N_("decision"),
    N_("phase"),
)


class PositionError(StateError):
    """A position that cannot be built: a component that does not exist, more copies than the
    box holds, a place off the board, a phase or decider the game does not have."""


def lookup(what: str, name: object, known: Mapping[str, K]) -> K:
    """``known[name]``, or a :class:`PositionError` naming ``what`` was asked for and listing
    the names there are."""
    if isinstance(name, str) and name in known:
        return known[name]
    raise PositionError(
        _(
            "there is no {what} {name}; the names are: {known}",
            what=_(what),
            name=repr(name),
            known=", ".join(known),
        )
    )


def take(what: str, wanted: Iterable[str], box: Counter[str]) -> None:
    """Take the components named in ``wanted`` out of ``box`` (what is still unplaced), or
    raise a :class:`PositionError` when a name is unknown or the box has too few copies."""
    for name, count in Counter(wanted).items():
        if name not in box:
            raise PositionError(
                _(
                    "there is no {what} {name}; the names are: {known}",
                    what=_(what),
                    name=repr(name),
                    known=", ".join(box),
                )
            )
        if box[name] < count:
            raise PositionError(
                _(
                    "the position needs {count} × {what} {name}, but only {left} are left to place",
                    count=count,
                    what=_(what),
                    name=repr(name),
                    left=max(box[name], 0),
                )
            )
        box[name] -= count


def check_seat(seat: object, seats: int, what: str = "seat") -> int:
    """A seat number in range, or a :class:`PositionError`."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise PositionError(
            _(
                "{what} {seat} is not a seat of this game (seats 0 to {last})",
                what=_(what),
                seat=repr(seat),
                last=seats - 1,
            )
        )
    return seat


def check_keys(what: str, given: Iterable[str], known: Sequence[str]) -> None:
    """Every key of a description is one the game's positions know, or a PositionError."""
    for key in given:
        if key not in known:
            raise PositionError(
                _(
                    "a {what} position has no part {name}; its parts are: {known}",
                    what=what,
                    name=repr(key),
                    known=", ".join(known),
                )
            )


def check_built(game: Game[S], state: S, fresh: S, given: Mapping[str, object]) -> None:
    """The last checks of a built position: the game's own invariants (:func:`validate`), every
    component exactly once (the inventory of ``fresh``, a new game of the same set-up), and the
    deciders the description names, if it names them."""
    validate(game, state)
    have, want = game.inventory(state), game.inventory(fresh)
    if have != want:
        wrong = sorted(set(have) ^ set(want) | {k for k in have if have[k] != want[k]})
        raise PositionError(
            _(
                "the position does not hold every component exactly once: {parts}",
                parts=", ".join(f"{k} ({have[k]}, not {want[k]})" for k in wrong[:5]),
            )
        )
    wanted = given.get("deciders")
    if wanted is not None:
        found = list(game.deciders(state))
        if found != list(wanted):  # type: ignore[call-overload]
            raise PositionError(
                _(
                    "in this position seats {found} decide, not {wanted}",
                    found=found,
                    wanted=list(wanted),  # type: ignore[call-overload]
                )
            )


def square(what: str, at: object, size: int) -> int:
    """``[row, col]`` on a ``size`` × ``size`` grid -> its index (row × size + col), or a
    :class:`PositionError` naming the square off the grid."""
    if (
        isinstance(at, Sequence)
        and not isinstance(at, str)
        and len(at) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < size for x in at)
    ):
        return int(at[0]) * size + int(at[1])
    raise PositionError(
        _(
            "{what} {at} is off the board: a [row, col] with each 0 to {last}",
            what=_(what),
            at=repr(at),
            last=size - 1,
        )
    )


def twice(what: str, name: object) -> PositionError:
    """The error for a thing the position puts in one place twice."""
    return PositionError(_("{what} {name} is taken twice", what=_(what), name=repr(name)))
