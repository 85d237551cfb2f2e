"""One game in progress: its state, its record, its seats and their agents — the single driver
every front end uses (the terminal now, the server and the full-screen UI next).

``submit(seat, action)`` validates, applies, appends the decision to the record and makes it
durable through the store, and only then returns the events: a crash loses nothing that anyone
was told about. Engine seats (bots) are run by :meth:`Table.advance`; the Automa is played by the
rules engine itself. A seat may take back (:meth:`Table.undo`) its own latest decisions as long
as nothing hidden was revealed, no chance was resolved (the game's ``reveals``) and no other seat
has acted since — except a seat choosing at the same time (a simultaneous phase, where the
choices are hidden until all are made): taking one's own choice back then leaves theirs, so a
refusal never tells whether the others have chosen yet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mailbag.bots.base import Bot
from mailbag.core import Action, Event, Game, IllegalAction, MailbagError, apply, check_action
from mailbag.core.i18n import _
from mailbag.core.records import GameRecord, Step, digest_of, replay_steps, result_of
from mailbag.table.store import MemoryStore, Store

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
class _After:
    state: Any
    events: list[Event]


def _reopened(
    game: Game[Any], undoable: list[_Open], before: Any, seat: int, action: Action, after: Any
) -> list[_Open]:
    """The decisions that may still be taken back once ``seat`` played ``action`` (``after``
    has the state and events it led to): none when it revealed something or ended the game."""
    if game.reveals(before, seat, action, after.state, after.events) or game.is_over(after.state):
        return []
    return [*undoable, _Open(seat, before, frozenset(game.deciders(before)))]


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
        #: True while a decision is being committed (a front end defers interrupts then)
        self.committing = False
        #: the decisions since the last one that can never be taken back, oldest first
        self._open: list[_Open] = []

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
        for entry in replay_steps(game, record):
            if entry.index == 0:
                opening = entry.events
            else:  # the undo points survive a restart (a server's, a resumed game's)
                undoable = _reopened(game, undoable, state, entry.seat, entry.action, entry)
            state = entry.state
        if record.schema is None:
            record.schema = game.schema_version
        store = store if store is not None else MemoryStore()
        store.begin(record)
        table = cls(game, record, state, opening, store, agents or {})
        table._open = undoable
        return table

    # -- what the front end asks -------------------------------------------------------------------
    @property
    def step(self) -> int:
        """How many decisions have been accepted (the wire protocol's step number)."""
        return len(self.record.steps)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def deciders(self) -> tuple[int, ...]:
        return self.game.deciders(self.state)

    def waiting_for(self) -> tuple[int, ...]:
        """The deciders whose decision must come from outside (people, remote clients)."""
        return tuple(s for s in self.deciders() if s not in self.agents)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    # -- playing ---------------------------------------------------------------------------------
    def submit(self, seat: int, action: Action, expected_step: int | None = None) -> list[Event]:
        """Accept ``action`` from ``seat``: checked, applied, recorded and durable; returns the
        events (for every seat: filter them with ``visible_to`` before showing them)."""
        if expected_step is not None and expected_step != self.step:
            raise IllegalAction(
                "stale",
                _(
                    "the game has moved on (step {step}, not {expected})",
                    step=self.step,
                    expected=expected_step,
                ),
            )
        check_action(self.game, self.state, seat, action)
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
        self.committing = True
        try:
            if stored is None:
                self.store.append(step)
            self.record.steps.append(step)
            self.state = after
            outcome = _After(after, events)
            self._open = _reopened(self.game, self._open, before, seat, action, outcome)
            if self.game.is_over(after):
                self.record.result = result_of(self.game, after)
                if stored is None:
                    self.store.finish(self.record)
        finally:
            self.committing = False
        for listener in self.listeners:
            listener(seat, action, events, after)
        return events

    def advance(self, limit: int = 100_000) -> list[Played]:
        """Let the engine seats (bots) decide until a decision is owed from outside or the game
        is over; returns what they played."""
        played: list[Played] = []
        for _turn in range(limit):
            if self.is_over():
                return played
            bots = [s for s in self.deciders() if s in self.agents]
            if not bots:
                return played
            seat = bots[0]
            agent = self.agents[seat]
            legal = self.legal_actions(seat)
            observation = self.view(seat) if getattr(agent, "needs_view", True) else {}
            action = agent.choose(observation, legal)
            events = self.submit(seat, action)
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
        return self._undoable(seat) is not None

    def undo(self, seat: int) -> Step:
        """Take back ``seat``'s latest decision: the state and the record are exactly as they
        would be without it (decisions other seats made at the same time stay), and so is the
        store. Refused, in words that tell nothing about the other seats, when it may not be."""
        index = self._undoable(seat)
        if index is None:
            raise IllegalAction(
                "undo",
                _("the game is over")
                if self.is_over()
                else _(
                    "nothing of yours to take back (only your latest decisions, while nothing "
                    "was revealed or drawn since and nobody acted after you in turn)"
                ),
            )
        first = len(self.record.steps) - len(self._open)
        taken = self.record.steps[first + index]
        later = self.record.steps[first + index + 1 :]
        state = self._open[index].before
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
            self.store.truncate(self.record)
        finally:
            self.committing = False
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
