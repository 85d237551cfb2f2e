"""One game in progress: its state, its record, its seats and their agents — the single driver
every front end uses (the terminal now, the server and the full-screen UI next).

``submit(seat, action)`` validates, applies, appends the decision to the record and makes it
durable through the store, and only then returns the events: a crash loses nothing that anyone
was told about. Engine seats (bots) are run by :meth:`Table.advance`; the Automa is played by the
rules engine itself.

**Taking back.** A seat may take back (:meth:`Table.undo`) its own latest decisions as long
as nothing hidden was revealed, no chance was resolved (the game's ``reveals``) and no other seat
has acted since — except a seat choosing at the same time (a simultaneous phase, where the
choices are hidden until all are made): taking one's own choice back then leaves theirs, so a
refusal never tells whether the others have chosen yet. A refusal gives the true reason
(:meth:`Table.why_not_undo`, see :mod:`mailbag.table.takeback`): nothing decided yet, the seat's
own last decision revealed or drew something, something was revealed since (by whom where that
was done in turn), another seat acted after it, the game is over. Every seat that saw anything of
a decision taken back is told so (:attr:`Table.undo_listeners`, :class:`TakenBack`).

**A simultaneous choice changeable until revealed** (:attr:`Table.hold_reveals`, set by the
terminal and full-screen front ends). The choice that completes a simultaneous phase reveals
everyone's, so it could never be taken back — and against bots, who choose first, that is always
the person's. With ``hold_reveals`` such a completing decision is *held*: checked and worked out,
but neither recorded, stored nor told to anyone (``submit`` returns no events) while a person's
choice in the phase is in it (the completing one or an earlier one made at the same time). Then
nobody owes a game decision (:meth:`deciders` is empty) and :meth:`waiting_for` names the person
who reveals (:attr:`Held.revealer`); the front end shows "chosen — change it or reveal".
:meth:`undo` by the holder drops it (nothing had happened), a new ``submit`` by the holder replaces
it, an undo of the revealer's earlier choice carries the held one out as an ordinary choice, and
:meth:`reveal` carries it out: recorded, stored and told exactly as an unheld decision would have
been. The record holds the same steps in the same order, with the same digests, as without
holding: the choice that waits is simply not made yet (a game saved meanwhile resumes before it).
Servers and tests leave ``hold_reveals`` off: every decision is carried out at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from mailbag.bots.base import Bot
from mailbag.core import Action, Event, Game, IllegalAction, MailbagError, apply, check_action
from mailbag.core.errors import NotYourTurn
from mailbag.core.i18n import _
from mailbag.core.records import GameRecord, Step, digest_of, replay_steps, result_of
from mailbag.table import takeback
from mailbag.table.store import MemoryStore, Store
from mailbag.table.takeback import Closed, TakenBack, UndoListener

#: a listener told of every accepted decision: (seat, action, events, state after)
Listener = Callable[[int, Action, list[Event], Any], None]


@dataclass(frozen=True)
class _Open:
    """A decision that may still be taken back: who made it, the state before it, and who owed
    a decision then (a later decision by one of those seats was made at the same time: a
    simultaneous phase)."""

    seat: int
    before: Any
    deciders: frozenset[int]


@dataclass(frozen=True)
class Held:
    """A decision that would complete a simultaneous phase, waiting to be revealed (see the
    module's docstring): checked and worked out (``step``, ``after``, ``events``), not yet
    carried out. ``revealer``: the person who reveals it (the holder if a person, else the
    latest person whose choice it would reveal)."""

    seat: int
    action: Action
    step: Step
    after: Any
    events: list[Event]
    revealer: int


def _partners(undoable: list[_Open], seat: int) -> list[int]:
    """Where in ``undoable`` the decisions made at the same time as one ``seat`` makes now are:
    made while ``seat`` owed a decision too, by another seat."""
    return [i for i, entry in enumerate(undoable) if entry.seat != seat and seat in entry.deciders]


def _closes(
    game: Game[Any],
    undoable: list[_Open],
    index: int,
    before: Any,
    seat: int,
    action: Action,
    after: Any,
    events: list[Event],
    reveals: bool | None = None,
) -> tuple[list[_Open], Closed | None]:
    """The decisions that may still be taken back once ``seat`` played ``action`` (record index
    ``index``; ``after``: the state it led to), and, when it closed the way back (it revealed
    something or ended the game), what closed it."""
    if reveals is None:
        reveals = game.reveals(before, seat, action, after, events)
    if not reveals and not game.is_over(after):
        return [*undoable, _Open(seat, before, frozenset(game.deciders(before)))], None
    partners = _partners(undoable, seat)
    first = index - len(undoable)  # the record index of undoable[0]
    closed = Closed(
        index,
        seat,
        before,
        action,
        after,
        events,
        simultaneous=bool(partners) or len(game.deciders(before)) > 1,
        partners=frozenset(first + i for i in partners),
    )
    return [], closed


@dataclass(frozen=True)
class Played:
    """One accepted decision as the table reports it."""

    index: int
    seat: int
    action: Action
    events: list[Event]


class Table:
    """A game being played. Build it with :meth:`open` from a record (new or saved)."""

    def __init__(
        self,
        game: Game[Any],
        record: GameRecord,
        state: Any,
        opening: list[Event],
        store: Store,
        agents: Mapping[int, Bot],
    ) -> None:
        self.game = game
        self.record = record
        self.state = state
        self.opening = opening
        self.store = store
        self.agents = dict(agents)
        self.listeners: list[Listener] = []
        #: told of every decision taken back, with what each seat had seen of it
        self.undo_listeners: list[UndoListener] = []
        #: True while a decision is being committed (a front end defers interrupts then)
        self.committing = False
        #: hold a decision that would reveal a simultaneous phase a person chose in, until
        #: :meth:`reveal` (a front end for people sets it; see the module's docstring)
        self.hold_reveals = False
        #: the decisions since the last one that can never be taken back, oldest first
        self._open: list[_Open] = []
        #: the last decision that closed the way back (the reasons of a refusal)
        self._closed: Closed | None = None
        self._held: Held | None = None

    # -- opening ---------------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        game: Game[Any],
        record: GameRecord,
        store: Store | None = None,
        agents: Mapping[int, Bot] | None = None,
    ) -> Table:
        """The table of ``record``: its decisions replayed and checked, the store begun (a file
        store checks its path here, before anything is played)."""
        state: Any = None
        opening: list[Event] = []
        undoable: list[_Open] = []
        closed: Closed | None = None
        for entry in replay_steps(game, record):
            if entry.index == 0:
                opening = entry.events
            else:  # the undo points survive a restart (a server's, a resumed game's)
                undoable, closing = _closes(
                    game,
                    undoable,
                    entry.index - 1,
                    state,
                    entry.seat,
                    entry.action,
                    entry.state,
                    entry.events,
                )
                closed = closing or closed
            state = entry.state
        if record.schema is None:
            record.schema = game.schema_version
        store = store if store is not None else MemoryStore()
        store.begin(record)
        table = cls(game, record, state, opening, store, agents or {})
        table._open = undoable
        table._closed = closed
        return table

    # -- what the front end asks -------------------------------------------------------------------
    @property
    def step(self) -> int:
        """How many decisions have been accepted (the wire protocol's step number)."""
        return len(self.record.steps)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def deciders(self) -> tuple[int, ...]:
        """The seats that owe a decision (none while a choice waits to be revealed)."""
        if self._held is not None:
            return ()
        return self.game.deciders(self.state)

    def waiting_for(self) -> tuple[int, ...]:
        """The deciders whose decision must come from outside (people, remote clients); while a
        choice waits to be revealed, the person who reveals it."""
        if self._held is not None:
            return (self._held.revealer,)
        return tuple(s for s in self.deciders() if s not in self.agents)

    @property
    def held(self) -> Held | None:
        """The decision waiting to be revealed, if any (only with :attr:`hold_reveals`)."""
        return self._held

    def held_line(self, seat: int, reveal: str, undo: str) -> str:
        """What the person who reveals the waiting choice is told (``reveal`` and ``undo``: the
        front end's keys or words for :meth:`reveal` and :meth:`undo`); "" when none waits."""
        held = self._held
        if held is None or held.revealer != seat:
            return ""
        if held.seat == seat:
            words = self.game.presentation.describe_action(self.view(seat), held.action)
            return _(
                "you chose {action}; nobody has seen it yet: {reveal} reveals the phase, {undo} "
                "takes it back to choose again",
                action=words or str(held.action),
                reveal=reveal,
                undo=undo,
            )
        return _(
            "everyone has chosen and nothing is revealed yet: {reveal} reveals the phase, {undo} "
            "takes your choice back",
            reveal=reveal,
            undo=undo,
        )

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def forced(self, seat: int) -> Action | None:
        """The action to take for ``seat`` without asking, when its decision cannot change
        anything of the game (the game's ``presentation.forced_choice`` on the seat's view and
        legal actions: Postcards' last-turn draws); ``None`` when the seat must be asked — it
        owes no decision, a choice waits to be revealed, or the game names none (or names one
        that is not legal, which is never taken)."""
        if self._held is not None or seat not in self.deciders():
            return None
        legal = self.legal_actions(seat)
        if not legal:
            return None
        action = self.game.presentation.forced_choice(self.view(seat), legal)
        return action if action is not None and action in legal else None

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    # -- playing ---------------------------------------------------------------------------------
    def submit(self, seat: int, action: Action, expected_step: int | None = None) -> list[Event]:
        """Accept ``action`` from ``seat``: checked, applied, recorded and durable; returns the
        events (for every seat: filter them with ``visible_to`` before showing them). A decision
        held to be revealed later returns none (nothing has happened yet); a new one from the
        seat whose choice is held replaces it."""
        if expected_step is not None and expected_step != self.step:
            raise IllegalAction(
                "stale",
                _(
                    "the game has moved on (step {step}, not {expected})",
                    step=self.step,
                    expected=expected_step,
                ),
            )
        held = self._held
        if held is not None and seat != held.seat:
            raise NotYourTurn(seat)
        check_action(self.game, self.state, seat, action)
        self._held = None  # the holder changes its choice (it holds again if it completes too)
        return self._accept(seat, action, stored=None)

    def follow(self, seat: int, action: Action, digest: str) -> list[Event]:
        """A decision that was accepted and stored elsewhere (another server process sharing
        the database): carried out here without storing it again. Its digest must match."""
        check_action(self.game, self.state, seat, action)
        return self._accept(seat, action, stored=digest)

    def _accept(self, seat: int, action: Action, stored: str | None) -> list[Event]:
        before = self.state
        after, events = apply(self.game, before, seat, action)
        step = Step(seat, action, digest_of(self.game, self.record)(after))
        if stored is not None and stored != step.digest:
            raise IllegalAction("stale", _("the stored decision does not match this game"))
        reveals = self.game.reveals(before, seat, action, after, events)
        if stored is None and self.hold_reveals and (reveals or self.game.is_over(after)):
            revealer = self._revealer(seat)
            if revealer is not None:
                self._held = Held(seat, action, step, after, events, revealer)
                return []
        return self._commit(seat, action, step, after, events, reveals, stored)

    def _revealer(self, seat: int) -> int | None:
        """Who reveals a decision of ``seat`` that completes a simultaneous phase: ``seat`` if
        it is a person, else the latest person who chose at the same time; ``None`` when no
        person chose in it (or it is no simultaneous phase)."""
        partners = _partners(self._open, seat)
        if not partners:
            return None
        if seat not in self.agents:
            return seat
        people = [self._open[i].seat for i in partners if self._open[i].seat not in self.agents]
        return people[-1] if people else None

    def _commit(
        self,
        seat: int,
        action: Action,
        step: Step,
        after: Any,
        events: list[Event],
        reveals: bool,
        stored: str | None,
    ) -> list[Event]:
        before = self.state
        self.committing = True
        try:
            if stored is None:
                self.store.append(step)
            self.record.steps.append(step)
            self.state = after
            self._open, closing = _closes(
                self.game,
                self._open,
                len(self.record.steps) - 1,
                before,
                seat,
                action,
                after,
                events,
                reveals,
            )
            self._closed = closing or self._closed
            if self.game.is_over(after):
                self.record.result = result_of(self.game, after)
                if stored is None:
                    self.store.finish(self.record)
        finally:
            self.committing = False
        for listener in self.listeners:
            listener(seat, action, events, after)
        return events

    def reveal(self, seat: int | None = None) -> list[Event]:
        """Carry out the decision waiting to be revealed (``seat``, if given, must be the one
        who reveals it): recorded, stored and told as any decision; returns its events."""
        held = self._held
        if held is None:
            raise IllegalAction("stale", _("no choice is waiting to be revealed"))
        if seat is not None and seat != held.revealer:
            raise NotYourTurn(seat)
        self._held = None
        return self._commit(held.seat, held.action, held.step, held.after, held.events, True, None)

    def advance(self, limit: int = 100_000, *, alongside: bool = True) -> list[Played]:
        """Let the engine seats (bots) decide until a decision is owed from outside or the game
        is over; returns what they played (a bot's choice held to be revealed is not among
        them: it has not been played yet). ``alongside=False``: stop too where a bot owes a
        choice at the same time as a seat from outside (a simultaneous phase: the front end
        lets the bots think while the person decides)."""
        played: list[Played] = []
        for _turn in range(limit):
            if self.is_over():
                return played
            deciders = self.deciders()
            bots = [s for s in deciders if s in self.agents]
            if not bots or (not alongside and len(bots) < len(deciders)):
                return played
            seat = bots[0]
            agent = self.agents[seat]
            legal = self.legal_actions(seat)
            observation = self.view(seat) if getattr(agent, "needs_view", True) else {}
            action = agent.choose(observation, legal)
            events = self.submit(seat, action)
            if self._held is None:
                played.append(Played(self.step - 1, seat, action, events))
        raise RuntimeError(f"{self.game.spec.name}: engine seats made {limit} decisions in a row")

    def recent_states(self) -> list[tuple[int, Any]]:
        """(step, state at that step) for each decision that may still be taken back, oldest
        first: since the first of them nothing was revealed and no chance resolved."""
        first = len(self.record.steps) - len(self._open)
        return [(first + i, entry.before) for i, entry in enumerate(self._open)]

    # -- taking back -----------------------------------------------------------------------------
    def _undoable(self, seat: int) -> int | None:
        """Where in ``_open`` the decision ``seat`` may take back is, if any: its latest one,
        after which only seats deciding at the same time as it have acted."""
        for index in range(len(self._open) - 1, -1, -1):
            entry = self._open[index]
            if entry.seat == seat:
                later = {other.seat for other in self._open[index + 1 :]}
                # only seats that were deciding at the same time may have acted since
                return index if later <= entry.deciders else None
        return None

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its latest decision now."""
        held = self._held
        if held is not None and held.seat == seat:
            return True
        return self._undoable(seat) is not None

    def labels(self) -> list[str]:
        """How each seat is called (its name, or "seat N" in the reader's language)."""
        return [self.record.label(s) for s in range(len(self.record.seats))]

    def why_not_undo(self, seat: int) -> str:
        """Why ``seat`` may not take anything back now, in its language, telling it nothing it
        may not know (see :mod:`mailbag.table.takeback`); "" when it may."""
        if self.can_undo(seat):
            return ""
        if self.is_over():
            return _("the game is over")
        steps, names = self.record.steps, self.labels()
        last = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].seat == seat), None)
        if last is None:
            return takeback.nothing_yet()
        first = len(steps) - len(self._open)
        if last >= first:  # still open, but another seat acted after it, in turn
            entry = self._open[last - first]
            for later in self._open[last - first + 1 :]:
                if later.seat not in entry.deciders:
                    in_turn = later.deciders == frozenset((later.seat,))
                    return takeback.after_reason(later.seat, in_turn, names)
        closed = self._closed
        if closed is None or closed.index < last:  # not expected: every closing is remembered
            return _("something was revealed or drawn since your last decision")
        if closed.index == last:
            return takeback.own_reason(self.game, closed, seat, names)
        return takeback.since_reason(self.game, closed, seat, last, names)

    def undo(self, seat: int) -> Step:
        """Take back ``seat``'s latest decision: the state and the record are exactly as they
        would be without it (decisions other seats made at the same time stay), and so is the
        store; the undo listeners are told what each seat had seen of it. Refused with the true
        reason (:meth:`why_not_undo`), which tells nothing about the other seats, when it may
        not be. A choice waiting to be revealed is simply dropped (nobody saw anything of it)."""
        held = self._held
        if held is not None and held.seat == seat:
            self._held = None
            return held.step
        index = self._undoable(seat)
        if index is None:
            raise IllegalAction("undo", self.why_not_undo(seat))
        first = len(self.record.steps) - len(self._open)
        taken = self.record.steps[first + index]
        later = self.record.steps[first + index + 1 :]
        state = self._open[index].before
        _after, seen = apply(self.game, state, taken.seat, taken.action)  # what it had shown
        reopened = self._open[:index]
        steps = self.record.steps[: first + index]
        for step in later:  # decisions made at the same time, carried out again without it
            deciders = frozenset(self.game.deciders(state))
            reopened.append(_Open(step.seat, state, deciders))
            try:
                state, _events = apply(self.game, state, step.seat, step.action)
            except MailbagError:
                raise IllegalAction(
                    "undo", _("it cannot be taken back: a decision made since depends on it")
                ) from None
            steps.append(Step(step.seat, step.action, digest_of(self.game, self.record)(state)))
        self.committing = True
        try:
            self.record.steps[:] = steps
            self.state = state
            self._open = reopened
            self._held = None
            self.store.truncate(self.record)
        finally:
            self.committing = False
        notice = TakenBack(first + index, taken.seat, taken.action, seen)
        for listener in self.undo_listeners:
            listener(notice)
        if held is not None:
            # another's choice waited to complete the phase: without this one it completes
            # nothing, and is carried out as an ordinary choice (or dropped if it no longer fits)
            with suppress(MailbagError):
                check_action(self.game, self.state, held.seat, held.action)
                self._accept(held.seat, held.action, stored=None)
        return taken

    # -- end -------------------------------------------------------------------------------------
    def result(self) -> dict[str, Any] | None:
        return self.record.result

    def close(self) -> None:
        self.store.close()


def game_for_record(record: GameRecord) -> Game[Any]:
    """The game of a record, with the component data the record carries (if any)."""
    from mailbag.games import get

    game = get(record.game)
    if record.components is not None:
        game = game.with_component_text(record.components.text, record.components.source)
    return game
