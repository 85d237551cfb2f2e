"""Why a decision cannot be taken back, and what a taken-back decision looks like to each seat.

The table (:mod:`mailbag.table.table`) keeps the decisions that may still be taken back and
remembers the last one that closed the way back (:class:`Closed`: it revealed something, resolved
chance or ended the game). From them :func:`refusal` says, in the seat's language, the true reason
a seat may not take anything back — in words that tell it nothing it may not know: in a
simultaneous phase never whether the others have chosen yet, and a seat's name only where the
seat acted in turn (which everyone sees).

When a decision is taken back, :class:`TakenBack` holds the events it had made; each seat that
saw any of them is shown a line saying it was taken back (:func:`taken_back_text`), a seat that
saw none (another's unseen simultaneous choice) nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mailbag.core import Action, Event, Game
from mailbag.core.i18n import _


@dataclass(frozen=True)
class Closed:
    """The latest decision after which nothing before it can be taken back: its place in the
    record, who made it, the state before and after, its events, and whether it completed a
    simultaneous phase (``partners``: the record indices of the choices made at the same time,
    revealed with it)."""

    index: int
    seat: int
    before: Any
    action: Action
    after: Any
    events: list[Event]
    simultaneous: bool
    partners: frozenset[int]


@dataclass(frozen=True)
class TakenBack:
    """A decision taken back: its place in the record (as it was), whose it was, and the
    events it had made (each seat saw those ``visible_to`` it)."""

    index: int
    seat: int
    action: Action
    events: list[Event]

    def seen_by(self, viewer: int | None) -> list[Event]:
        """The events of it that ``viewer`` (``None``: a spectator) was shown."""
        return [event for event in self.events if event.visible_to(viewer)]


#: told of every decision taken back (after the table is as if it had never been made)
UndoListener = Callable[[TakenBack], None]


def taken_back_text(
    game: Game[Any], taken: TakenBack, viewer: int | None, names: Sequence[str]
) -> str | None:
    """The line ``viewer`` is shown for ``taken``: what it had seen of it, said to be taken
    back; ``None`` when it saw nothing of it."""
    seen = taken.seen_by(viewer)
    if not seen:
        return None
    what = "; ".join(game.presentation.event_text(event, names) for event in seen)
    if viewer == taken.seat:
        return _("you took back: {what}", what=what)
    return _("{name} took back: {what}", name=_name(names, taken.seat), what=what)


def own_reason(game: Game[Any], closed: Closed, seat: int, names: Sequence[str]) -> str:
    """Why ``seat``'s own last decision (``closed``) stands: what it did that cannot be undone,
    told from what the seat itself saw."""
    if closed.simultaneous:
        return _("your choice completed the phase and everyone's choices were revealed: it stands")
    for event in closed.events:
        # an event the seat was shown privately that by itself reveals something (a card drawn)
        if (
            event.to is not None
            and seat in event.to
            and game.reveals(closed.before, seat, closed.action, closed.before, [event])
        ):
            what = game.presentation.event_text(event, names)
            return _(
                "your last decision showed you something hidden ({what}): it stands", what=what
            )
    rng = getattr(closed.before, "rng", None)
    if rng is not None and rng != getattr(closed.after, "rng", None):
        return _("your last decision left something to chance: it stands")
    after = game.deciders(closed.after)
    if after and seat not in after:
        others = ", ".join(_name(names, s) for s in after)
        return _("your last decision passed the play to {names}: it stands", names=others)
    seen = [event for event in closed.events if event.visible_to(seat)]
    if seen:
        what = game.presentation.event_text(seen[0], names)
        return _("your last decision revealed something hidden ({what}): it stands", what=what)
    return _("your last decision revealed something hidden: it stands")


def since_reason(
    game: Game[Any], closed: Closed, seat: int, last: int, names: Sequence[str]
) -> str:
    """Why ``seat``'s last decision (record index ``last``, before ``closed``) stands: something
    was revealed since — by whom, and what, only where it was done in turn (everyone saw it)."""
    if closed.simultaneous:
        if last in closed.partners:
            return _(
                "your choice was revealed with everyone's when the phase was completed: it stands"
            )
        return _("a phase was completed and its choices revealed since your last decision")
    name = _name(names, closed.seat)
    alone = [
        event
        for event in closed.events
        if event.to is not None
        and game.reveals(closed.before, closed.seat, closed.action, closed.before, [event])
    ]
    if any(seat in event.to for event in alone if event.to is not None):
        return _("{name} showed you something hidden since your last decision", name=name)
    if alone:
        return _("{name} drew or saw something hidden since your last decision", name=name)
    rng = getattr(closed.before, "rng", None)
    if rng is not None and rng != getattr(closed.after, "rng", None):
        return _("{name} left something to chance since your last decision", name=name)
    if closed.seat not in game.deciders(closed.after):
        return _("{name} acted after you", name=name)
    return _("{name} revealed something hidden since your last decision", name=name)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat)


def after_reason(later_seat: int, in_turn: bool, names: Sequence[str]) -> str:
    """Why a decision another seat answered stands: that seat acted after it (named when it
    acted in turn, which everyone saw)."""
    if in_turn:
        return _("{name} acted after you", name=_name(names, later_seat))
    return _("the game has moved on since your last decision")


def nothing_yet() -> str:
    return _("you have decided nothing yet")
