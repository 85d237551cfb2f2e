"""Live tables: each a :class:`Room` around one :class:`mailbag.table.Table`, with the sockets
of its seats and spectators, its bots (run off the event loop), its clock and the bots that play
for absent people. :class:`mailbag.server.hub.Hub` keeps the rooms of this process and loads them
from the database (after a restart, or when another process changed them: PostgreSQL
LISTEN/NOTIFY).

Every change is committed to the database before any socket hears of it (the table's store
writes it inside ``submit``/``undo``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from mailbag.bots.base import make_bot
from mailbag.core import Action, Event, IllegalAction, MailbagError
from mailbag.core.i18n import _, language, use_language
from mailbag.core.presentation import Presentation
from mailbag.core.records import replay_steps
from mailbag.server import messages, words
from mailbag.server.boards import board_of
from mailbag.server.protocol import encode
from mailbag.server.store.db import TableRow
from mailbag.server.thinking import ThinkingError, absent_bot_kind
from mailbag.server.tokens import token_hash
from mailbag.table import Table
from mailbag.table.hints import Hint, hint_entries, hints_by_default
from mailbag.table.takeback import TakenBack
from mailbag.table.tutorial import (
    LessonStep,
    Tutorial,
    lesson_refusal,
    lesson_reminder,
    step_action,
    tutorial_of,
)

if TYPE_CHECKING:
    from mailbag.server.hub import Hub

T = TypeVar("T")

#: how long a person may be gone before the absent-player bot takes their seat (default)
ABSENT_AFTER = 60.0
#: seconds within which seats coming and going are told to the others in one update
PRESENCE_DELAY = 0.2
#: the most of the others' moves a ``state`` message lists in ``changes``
MAX_CHANGES = 24
#: the learner's seat at a lesson's table (mailbag.table.tutorial)
LEARNER = 0


@dataclass(eq=False)
class Conn:
    """One socket at a table: a seat's (with its token) or a spectator's. ``send`` queues a
    message for it and returns at once (the socket's outbox sends it, in its own task: a
    table never waits for a socket)."""

    send: Callable[[str], Awaitable[None]]
    seat: int | None
    token: str | None
    #: the log has been sent up to (and including) this step
    sent: int = -1
    told_rematch: bool = False
    #: the reader's language: every text sent to this socket is in it
    lang: str = "en"
    #: the last state sent, but for its clock (an unchanged state is not sent again)
    last: bytes = b""
    #: how many events of the log this socket has been sent
    events_sent: int = 0
    #: closes the socket (code, reason), when its link stops working (renewed by the creator)
    close: Callable[[int, str], Awaitable[None]] | None = None
    #: whether its state messages carry the board drawn as text (its hello's ``board_text``)
    board_text: bool = True


def moved_on(now: int, step: int) -> IllegalAction:
    """The refusal of a message about ``step`` when the seat was last shown ``now``."""
    return IllegalAction(
        "stale", _("the game has moved on (step {now}, not {step})", now=now, step=step)
    )


@dataclass
class Room:
    hub: Hub
    row: TableRow
    table: Table
    log: list[list[Event]]
    conns: set[Conn] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0
    deadline: float | None = None
    _bots: asyncio.Task[None] | None = None
    _clock: asyncio.Task[None] | None = None
    _absent: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    _cache: dict[tuple[int, str, int | None, str], dict[str, Any]] = field(default_factory=dict)
    #: what each seat was shown at recent steps (a digest of its view)
    _seen: dict[int | None, tuple[bytes, int]] = field(default_factory=dict)
    #: the digest of what each seat sees now, by (step, last digest, seat): worked out once per
    #: step and seat, however often the step number is asked (acks, clocks, messages)
    _seen_now: dict[tuple[int, str, int | None], bytes] = field(default_factory=dict)
    #: the spectators' step when the clock was last wound (it runs per public change)
    _wound_at: int | None = None
    #: hints worked out, by seat and digest of its view; the seats waiting for one
    _hints: dict[tuple[int, bytes], Hint] = field(default_factory=dict)
    _hinting: set[int] = field(default_factory=set)
    #: when this room was last asked for (``time.monotonic()``): idle rooms are unloaded
    touched: float = field(default_factory=time.monotonic)
    #: the update telling who is connected, due soon (seats coming and going told at once)
    _presence: asyncio.Task[None] | None = None
    #: recent states and views, by (step, its digest) and (seat, step, digest): what the
    #: ``changes`` of a state message are read from (made lazily, for connected seats only)
    _states: dict[tuple[int, str], Any] = field(default_factory=dict)
    _views: dict[tuple[int | None, int, str], Any] = field(default_factory=dict)
    #: each decision's ``changes`` entry by (seat, step, its digest, language)
    _entries: dict[tuple[int | None, int, str, str], dict[str, Any] | None] = field(
        default_factory=dict
    )
    #: decisions taken back (shown struck through in the log of the seats that saw them)
    _taken: list[TakenBack] = field(default_factory=list)
    #: decisions the room took for a person (forced choices), by step: (seat, words)
    _forced: dict[int, tuple[int, str]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def game(self) -> Any:
        return self.table.game

    @property
    def settings(self) -> dict[str, Any]:
        return self.row.settings

    # -- who is who ------------------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        wanted = token_hash(token)
        for row in self.row.seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, wanted):
                return row.seat
        return None

    def is_watcher(self, key: str) -> bool:
        stored = self.settings.get("watch_hash")
        return isinstance(stored, str) and hmac.compare_digest(stored, token_hash(key))

    def busy(self) -> bool:
        """Whether anything is going on here: a socket, a decision being made or stored, a
        bot thinking, a hint, a clock or an absent person's wait still running."""
        if self.conns or self.lock.locked() or self._hinting:
            return True
        tasks = (self._bots, self._clock, *self._absent.values())
        return any(task is not None and not task.done() for task in tasks)

    async def drop_revoked(self) -> None:
        """Close the sockets whose link no longer works (the creator renewed it)."""
        dropped = False
        for conn in list(self.conns):
            if conn.token is None:
                continue
            if conn.seat is None:
                valid = self.is_watcher(conn.token)
            else:
                valid = self.seat_of(conn.token) == conn.seat
            if valid:
                continue
            self.conns.discard(conn)
            dropped = True
            with use_language(conn.lang):
                reason = _("this link was replaced by a new one")
            with contextlib.suppress(Exception):
                await conn.send(encode({"type": "error", "reason": reason}))
            if conn.close is not None:
                with contextlib.suppress(Exception):
                    await conn.close(4403, reason)
        if dropped:
            await self.broadcast()  # the others see that seat gone

    def players(self, reader: int | None = None) -> list[dict[str, Any]]:
        """The seats as everyone sees them: who is connected (seats only: spectators come and
        go unseen) and away; ``name`` the one a person chose (``None`` when the lobby made it
        up) and ``label`` the seat's kind in the reader's words ("You" for ``reader``'s own)."""
        connected = {c.seat for c in self.conns if c.seat is not None}
        chosen = self.chosen_names()
        kinds = self.table.record.seats
        return [
            {
                "seat": s.seat,
                "name": s.name if chosen[s.seat] else None,
                "label": words.kind_label(
                    "human" if s.token_hash is not None else kinds[s.seat], s.seat == reader
                ),
                "kind": "human" if s.token_hash is not None else s.kind,
                "connected": s.seat in connected,
                "away": s.away,
            }
            for s in self.row.seats
        ]

    def chosen_names(self) -> list[bool]:
        """Which seats' names someone chose (the lobby notes the ones it made up; a table made
        before it did counts every name as chosen)."""
        named = self.settings.get("named")
        seats = len(self.row.seats)
        if isinstance(named, list) and len(named) == seats:
            return [bool(n) for n in named]
        return [True] * seats

    def reader_names(self) -> list[str]:
        """How the log calls each seat, in the reader's language: the chosen name, else the
        seat's kind in words ("Player 2" for a person), numbered apart where two are alike."""
        chosen, kinds = self.chosen_names(), self.table.record.seats
        out: list[str] = []
        for seat, row in enumerate(self.row.seats):
            if chosen[seat]:
                out.append(row.name)
                continue
            if row.token_hash is not None or kinds[seat] == "human":
                out.append(_("Player {number}", number=seat + 1))
                continue
            label, n = words.kind_label(kinds[seat]), 1
            name = label
            while name in out:
                n += 1
                name = f"{label} {n}"
            out.append(name)
        return out

    def clock(self, to_move: list[int]) -> dict[str, Any] | None:
        """The clock as a socket sees it: the time left for each person in ``to_move`` — who
        is to move as far as that socket may know (a game may hide whether another seat has
        chosen yet in a simultaneous phase; Post Office shows it, PO-114)."""
        per_move = self.settings.get("per_move")
        if not per_move:
            return None
        remaining: dict[str, float] = {}
        if self.deadline is not None and not self.table.is_over():
            left = max(0.0, round(self.deadline - time.time(), 1))
            agents = self.table.agents
            remaining = {str(s): left for s in to_move if self.is_person(s) and s not in agents}
        return {"per_move": per_move, "remaining": remaining}

    def hints_allowed(self) -> bool:
        """Whether people at this table may ask for hints: the table's setting, else the
        default (one person against bots: yes; several people: no)."""
        if self.lesson is not None:
            return False  # a lesson says what to do: no hints beside it
        stored = self.settings.get("hints")
        if isinstance(stored, bool):
            return stored
        return hints_by_default(list(self.table.record.seats))

    async def hint(self, seat: int, step: int) -> dict[str, Any]:
        """A ``hint`` message for ``seat``'s decision at ``step``: the top choices of a search on
        its own view (:mod:`mailbag.table.hints`). Raises :class:`IllegalAction` when hints are
        off, it is not the seat's decision, the step is stale, or the seat asked for another
        hint too recently (one every ``thinking.HINT_INTERVAL`` seconds: hints share the bots'
        worker processes; a hint already worked out for the same view is given again)."""
        if not self.hints_allowed():
            raise IllegalAction("hints_off", _("hints are off at this table"))
        async with self.lock:
            if seat not in self.people_to_move():
                raise IllegalAction("not_your_turn", _("a hint is for your own decision"))
            self._at_step(seat, step)
            if seat in self._hinting:
                raise IllegalAction("busy", _("a hint is already being worked out"))
            observation = self.table.view(seat)
            legal = self.table.legal_actions(seat)
        key = (seat, _digest([observation, [str(a) for a in legal]]))
        hint = self._hints.get(key)
        if hint is None:
            self.hub.thinking.check_hint_rate(self.id, seat)
            self._hinting.add(seat)
            try:
                hint = await self.hub.thinking.hint(
                    table_id=self.id,
                    seat=seat,
                    game_name=self.table.record.game,
                    components=self._components(),
                    observation=observation,
                    legal=legal,
                )
            finally:
                self._hinting.discard(seat)
            if len(self._hints) > 32:
                self._hints.clear()
            self._hints[key] = hint
        entries = hint_entries(self.game, observation, hint)
        actions = [choice.action for choice in hint.choices]
        return {
            "type": "hint",
            "step": step,
            "iterations": hint.iterations,
            "choices": words.hint_words(self.game, observation, seat, entries, actions),
        }

    async def why(self, seat: int, step: int, clicks: list[str]) -> dict[str, Any]:
        """A ``why`` message: why the clicks (the refused one last) take nothing now, in the
        reader's language — the rules' own reason for the action they would name
        (``presentation.click_action``, then ``game.explain_illegal``: the same words typed
        notation gets, which tell nothing the seat cannot know), else what can be chosen. Read
        from the seat's view and its legal actions."""
        async with self.lock:
            deciding = seat in self.table.deciders() and seat not in self.table.agents
            held = self.table.held
            step_now = self._lesson_step(seat) if deciding and held is None else None
            reminder = (
                None
                if step_now is None
                else lesson_reminder(self.game, self.table.view(seat), step_now)
            )
            return messages.why_answer(
                self.game,
                self.table.state,
                seat,
                step,
                clicks,
                deciding=deciding,
                held=held is not None and held.revealer == seat,
                reminder=reminder,
            )

    def _at_step(self, seat: int, step: int) -> None:
        """Raise the ``stale`` refusal unless ``step`` is the step ``seat`` was last shown."""
        shown = self.shown_step(seat)
        if step != shown:
            raise moved_on(shown, step)

    async def reveal(self, seat: int, step: int) -> int:
        """Carry out ``seat``'s held choice (it completed a simultaneous phase and waited for
        this): recorded, stored and told like any decision. Returns the new step."""
        async with self.lock:
            held = self.table.held
            if held is None or held.revealer != seat:
                raise IllegalAction("not_held", _("no choice of yours is waiting to be revealed"))
            self._at_step(seat, step)
            await self.hub.run(self._reveal)
            return self.shown_step(seat)

    def _reveal(self) -> None:
        self._logged(self.table.reveal())

    def people_to_move(self) -> list[int]:
        agents = self.table.agents
        return [s for s in self.table.deciders() if self.is_person(s) and s not in agents]

    def is_person(self, seat: int) -> bool:
        return self.row.seats[seat].token_hash is not None

    # -- messages --------------------------------------------------------------------------------
    def welcome(self, conn: Conn) -> str:
        with use_language(conn.lang):
            return self._welcome(conn)

    def _welcome(self, conn: Conn) -> str:
        record = self.table.record
        return encode(
            {
                "type": "welcome",
                "table": self.id,
                "game": record.game,
                "title": _(self.game.spec.title),
                "seat": conn.seat,
                "options": record.options,
                "components": self.game.presentation.board_data(),
                "board": board_of(self.game),
                "players": self.players(conn.seat),
                "clock": self.clock(self._seat_state(conn.seat)["to_move"]),
                "hints": self.hints_allowed(),
            }
        )

    def _cache_key(self, seat: int | None) -> tuple[int, str, int | None, str]:
        steps = self.table.record.steps
        return (self.table.step, steps[-1].digest or "" if steps else "", seat, language())

    def _seat_state(self, seat: int | None) -> dict[str, Any]:
        key = self._cache_key(seat)
        cached = self._cache.get(key)
        if cached is None:
            if len(self._cache) > 16:
                self._cache.clear()
            view = self._view_at(seat, self.table.step)  # one view per step and seat
            cached = messages.seat_state(self.game, self.table.state, seat, board=False, view=view)
            self._cache[key] = cached
        return cached

    def _board_text(self, seat: int | None) -> str:
        """``seat``'s view drawn as text, made once per step, seat and language, and only for a
        socket that asked for it (``board_text``: a graphical board's client does not)."""
        key = (*self._cache_key(seat)[:3], "board:" + language())
        cached = self._cache.get(key)
        if cached is None:
            if len(self._cache) > 16:
                self._cache.clear()
            view = self._view_at(seat, self.table.step)
            cached = self._cache[key] = {"board": self.game.presentation.render(view)}
        return str(cached["board"])

    # -- a lesson --------------------------------------------------------------------------------
    @property
    def lesson(self) -> Tutorial | None:
        """The guided first game this table plays (its ``tutorial`` setting), or None."""
        if not self.settings.get("tutorial"):
            return None
        return tutorial_of(self.game)

    def _lesson_step(self, seat: int | None) -> LessonStep | None:
        """The lesson's step ``seat`` is at, when it is the learner's and the lesson is not over
        (and its action is a choice now: else the lesson has lost its way, and says so)."""
        lesson = self.lesson
        if lesson is None or seat != LEARNER or self.table.is_over():
            return None
        step = lesson.expected(self.table.record.steps)
        if step is None or seat not in self.table.deciders():
            return None
        if step.do not in {str(a) for a in self.table.legal_actions(seat)}:
            return None
        return step

    def _lesson_part(self, seat: int | None, view: Any) -> dict[str, Any] | None:
        """What the learner's lesson says now (``tutorial`` of a state message; None at another
        seat or table): the step, its words, the action in words, its rule; at the end the
        closing words. Read from the record alone, as in the terminal."""
        lesson = self.lesson
        if lesson is None or seat != LEARNER:
            return None
        steps = self.table.record.steps
        index, total = lesson.position(steps, LEARNER), len(lesson.steps)
        part: dict[str, Any] = {
            "steps": total,
            "intro": lesson.intro.get(),
            "title": _("Learn to play {game}", game=_(self.game.spec.title)),
        }
        if index >= total or self.table.is_over():
            return {**part, "index": total, "done": True, "outro": lesson.outro.get()}
        step = lesson.steps[index]
        deciding = seat in self.people_to_move()
        off = deciding and self.table.held is None and self._lesson_step(seat) is None
        return {
            **part,
            "index": index + 1,
            "done": False,
            "words": step.words.get() if step.words is not None else None,
            "what": self.game.presentation.describe_action(view, step_action(self.game, step)),
            "notation": step.do,
            "rule": words.rule_info(self.game, step.rule),
            "deciding": deciding,
            # the game went another way than the lesson's (it cannot, with its bots: said if so)
            "off_track": off,
        }

    def shown_step(self, seat: int | None) -> int:
        """The step number as ``seat`` (``None``: a spectator) is told it: the step at which
        what it sees last changed. Decisions it cannot see (in a game whose views hide another's
        choice in a simultaneous phase) do not move it, so the number tells nothing they do
        not."""
        seen = self._seen_digest_at(self.table.step, self.table.state, seat)
        known = self._seen.get(seat)
        if known is not None and known[0] == seen and known[1] <= self.table.step:
            return known[1]
        # first asked (a restart, another process), or it changed, or decisions were taken
        # back: the earliest step since which the seat has seen just this — looked for among
        # the decisions that may still be taken back (nothing was revealed since the first)
        step = self.table.step
        for earlier, before in reversed(self.table.recent_states()):
            if self._seen_digest_at(earlier, before, seat) != seen:
                break
            step = earlier
        self._seen[seat] = (seen, step)
        return step

    def _seen_digest_at(self, k: int, state: Any, seat: int | None) -> bytes:
        """The digest of what ``seat`` sees in ``state``, the state after decision ``k``: worked
        out once per step and seat (:attr:`_seen_now`), however often the step number is asked
        (acks, clocks, messages, and the steps before it that :meth:`shown_step` looks back on)."""
        steps = self.table.record.steps
        key = (k, (steps[k - 1].digest or "") if k > 0 else "", seat)
        found = self._seen_now.get(key)
        if found is None:
            part = None
            if k == self.table.step:  # the message made for this step tells it already
                part = self._cache.get((*key, language()))
            if part is None:  # the parts that tell, without building a whole message
                view = self._view_at(seat, k) if k == self.table.step else None
                part = messages.seen_part(self.game, state, seat, view=view)
            found = _seen_digest(part)
            if len(self._seen_now) > 32:
                self._seen_now.clear()
            self._seen_now[key] = found
        return found

    def _visible_count(self, seat: int | None, last: int) -> int:
        return sum(
            1 for events in self.log[: last + 1] for event in events if event.visible_to(seat)
        )

    def names(self) -> list[str]:
        """How each seat is called (the names the table was made with)."""
        return [row.name for row in self.row.seats]

    def state_message(self, conn: Conn) -> str:
        """The ``state`` message for ``conn``, in its reader's language: what changed in its
        log since it was last told."""
        with use_language(conn.lang):
            return self._state_message(conn)

    def _state_message(self, conn: Conn) -> str:
        step = self.table.step
        first = conn.sent + 1
        reset = conn.sent < 0
        if conn.sent > step:
            # decisions were taken back: the log starts again only if this seat saw any of
            # what was taken back (else the undo of an unseen choice would be told)
            kept = self._visible_count(conn.seat, step)
            reset, first = kept != conn.events_sent, step + 1
        if reset:
            first = 0
        names, presentation = self.reader_names(), self.game.presentation
        events = messages.visible_log(
            self.log,
            conn.seat,
            first,
            lambda event: presentation.event_text(event, names),
            presentation.event_rule,
        )
        conn.events_sent = (0 if reset else conn.events_sent) + len(events)
        conn.sent = step
        shown = self._with_notes(conn.seat, events, reset, first, names)
        over = self.table.is_over()
        record = self.table.record
        seat_part = self._seat_state(conn.seat)
        seat = conn.seat
        lesson_step = self._lesson_step(seat)
        if lesson_step is not None:
            # a lesson's step: its one action is the learner's choice (the board highlights it
            # alone; any other click is told what the lesson asks for)
            chosen = [a for a in seat_part["actions"] if a["notation"] == lesson_step.do]
            seat_part = {**seat_part, "actions": chosen}
        held = self.table.held
        undo_reason = None
        if seat is not None:
            undo_reason = self.table.why_not_undo(seat) or None
        return encode(
            {
                "type": "state",
                "step": self.shown_step(seat),
                **seat_part,
                **({"board": self._board_text(seat)} if conn.board_text else {}),
                "events": shown,
                "reset": reset,
                "players": self.players(seat),
                "clock": self.clock(seat_part["to_move"]),
                "can_undo": seat is not None and self.table.can_undo(seat),
                "undo_reason": undo_reason,
                "held": seat is not None and held is not None and held.revealer == seat,
                # the held choice in words, when it is this seat's own
                "held_choice": None
                if seat is None or held is None or held.seat != seat
                else {
                    "notation": str(held.action),
                    "text": self.game.presentation.describe_action(seat_part["view"], held.action),
                },
                "changes": self._changes(seat, seat_part["view"], names),
                "tutorial": self._lesson_part(seat, seat_part["view"]),
                "result": messages.result_entry(self.game, record.result, record.seed)
                if over
                else None,
            }
        )

    def _with_notes(
        self,
        seat: int | None,
        events: list[dict[str, Any]],
        reset: bool,
        first: int,
        names: list[str],
    ) -> list[dict[str, Any]]:
        """The log lines with the room's own notes for ``seat`` put in their place: the
        decisions taken back that it had seen (``taken_back: true``, when the log starts again)
        and the choices taken for it (forced)."""
        extra: list[dict[str, Any]] = []
        if reset:
            presentation = self.game.presentation
            for taken in self._taken:
                for event in taken.seen_by(seat):
                    entry = messages.event_entry(
                        taken.index + 1,
                        event,
                        presentation.event_text(event, names),
                        presentation.event_rule(event),
                    )
                    extra.append({**entry, "taken_back": True})
        if seat is not None:
            for k, (who, text) in self._forced.items():
                if who == seat and k >= first and k <= self.table.step:
                    extra.append({"step": k, "kind": "forced", "text": text, "data": {}})
        if not extra:
            return events
        # stable: the log's own order, each note before the lines of the step it is on
        return sorted([*extra, *events], key=lambda e: e["step"])

    # -- what the others just did ----------------------------------------------------------------
    def _digest_at(self, k: int) -> str:
        steps = self.table.record.steps
        return (steps[k - 1].digest or "") if k > 0 else "open"

    def _state_at(self, k: int) -> Any:
        """The table's state after decision ``k`` (``0``: the opening), from what is kept or
        read back once from the record."""
        if k == self.table.step:
            return self.table.state
        key = (k, self._digest_at(k))
        found = self._states.get(key)
        if found is not None:
            return found
        for index, before in self.table.recent_states():
            self._states[(index, self._digest_at(index))] = before
        if key not in self._states:
            low = self.table.step - 2 * MAX_CHANGES
            for entry in replay_steps(self.game, self.table.record):
                if entry.index >= low:
                    self._states[(entry.index, self._digest_at(entry.index))] = entry.state
        self._prune()
        return self._states[key]

    def _prune(self) -> None:
        low = self.table.step - 2 * MAX_CHANGES
        if len(self._states) > 4 * MAX_CHANGES:
            self._states = {k: v for k, v in self._states.items() if k[0] >= low}
        if len(self._views) > 16 * MAX_CHANGES:
            self._views = {k: v for k, v in self._views.items() if k[1] >= low}
        if len(self._entries) > 16 * MAX_CHANGES:
            self._entries = {k: v for k, v in self._entries.items() if k[1] >= low}

    def _view_at(self, seat: int | None, k: int) -> Any:
        key = (seat, k, self._digest_at(k))
        found = self._views.get(key)
        if found is None:
            found = self._views[key] = self.game.view(self._state_at(k), seat)
        return found

    def _changes(self, seat: int | None, view: Any, names: list[str]) -> list[dict[str, Any]]:
        """The others' decisions since ``seat``'s last one (a spectator: the last decision),
        each with what it showed the seat in words and the ids of the board's things it changed
        (:meth:`Presentation.changed_things` over the seat's views before and after): built
        from the seat's own views and the events it may see, nothing else."""
        steps = self.table.record.steps
        now = len(steps)
        if now == 0:
            return []
        self._views[(seat, now, self._digest_at(now))] = view
        key = (-1, self._digest_at(now), seat, "changes:" + language())
        cached = self._cache.get(key)
        if cached is not None:
            return list(cached["changes"])
        if seat is None:
            first = now
        else:
            mine = [i for i in range(now - 1, -1, -1) if steps[i].seat == seat]
            first = mine[0] + 1 if mine else 1
        first = max(first, now - MAX_CHANGES + 1, 1)
        out: list[dict[str, Any]] = []
        lang = language()
        for k in range(first, now + 1):
            # each decision's entry is made once per seat and language (a long turn of another
            # seat's is not read again at each of its decisions)
            entry_key = (seat, k, self._digest_at(k), lang)
            if entry_key in self._entries:
                entry = self._entries[entry_key]
            else:
                entry = self._entries[entry_key] = self._change_entry(seat, k, names)
            if entry is not None:
                out.append(entry)
        self._prune()
        if len(self._cache) > 16:
            self._cache.clear()
        self._cache[key] = {"changes": out}
        return list(out)

    def _change_entry(self, seat: int | None, k: int, names: list[str]) -> dict[str, Any] | None:
        """Decision ``k`` as ``seat`` saw it (for :meth:`_changes`), or ``None`` when nothing
        of it reached the seat (or the seat's own decision changed nothing it did not click)."""
        steps = self.table.record.steps
        presentation = self.game.presentation
        who = steps[k - 1].seat
        seen = [e for e in self.log[k] if e.visible_to(seat)] if k < len(self.log) else []
        before, after = self._view_at(seat, k - 1), self._view_at(seat, k)
        if before == after and not seen:
            return None
        things = list(presentation.changed_things(before, after))
        own = who == seat
        if own:
            # what the seat's own decision set off (the Automa's move): its own clicks aside
            clicked = set(presentation.click_path(before, steps[k - 1].action))
            things = [t for t in things if t not in clicked]
            if not things:
                return None
        texts = [t for t in (presentation.event_text(e, names) for e in seen) if t.strip()]
        # what the seat was told of it; a choice it may not see yet (Post Office's secret
        # choices) said in words that tell nothing of it
        text = "; ".join(texts) if texts else words.change_without_words(own, bool(things))
        entry: dict[str, Any] = {"step": k, "seat": who, "text": text, "things": things}
        if own:
            entry["own"] = True
        return entry

    async def broadcast(self) -> None:
        """Tell every socket what changed for it — and nothing to a socket for which nothing
        did (another seat's unseen choice): the arrival of a message would tell it.

        Waits for no socket (each has its own outbox), and builds each message once for all
        the sockets that are owed the same one: the same seat (or the spectators), language
        and place in the log — hundreds of spectators cost one message."""
        made: dict[tuple[int | None, str, int, int], tuple[str, int, int, bytes, bool]] = {}
        for conn in list(self.conns):
            key = (conn.seat, conn.lang, conn.sent, conn.events_sent)
            found = made.get(key)
            if found is None:
                message = self.state_message(conn)
                news, events = _news(message)
                made[key] = (message, conn.sent, conn.events_sent, news, events)
            else:
                message, conn.sent, conn.events_sent, news, events = found
            if self._told(conn, news, events):
                with contextlib.suppress(Exception):
                    await conn.send(message)

    def resend(self, conn: Conn) -> str:
        """The state for ``conn`` whether or not it is new (a hello, a resync after a refusal)."""
        message = self.state_message(conn)
        self.tell(conn, message)
        return message

    def tell(self, conn: Conn, message: str) -> bool:
        """Whether ``message`` tells ``conn`` anything new — new events, or a table unlike the
        last one it was sent (then it is noted as told)."""
        return self._told(conn, *_news(message))

    @staticmethod
    def _told(conn: Conn, news: bytes, events: bool) -> bool:
        if news == conn.last and not events:
            return False
        conn.last = news
        return True

    # -- playing ---------------------------------------------------------------------------------
    async def submit(self, seat: int, step: int, notation: str) -> int:
        """Play ``notation`` for ``seat`` at ``step`` (committed); returns the new step. Raises
        :class:`IllegalAction` (or another :class:`MailbagError`) when refused. The caller
        acknowledges, then calls :meth:`changed`."""
        async with self.lock:
            if self.row.seats[seat].away:
                raise IllegalAction(
                    "away", _("a bot is playing this seat: take your seat back first")
                )
            action = self.game.parse_action(notation)
            shown = self.shown_step(seat)
            if step != shown and not self._as_informed(seat, step):
                raise moved_on(shown, step)
            lesson_step = self._lesson_step(seat)
            if lesson_step is not None:
                refusal = lesson_refusal(self.game, self.table.view(seat), lesson_step, action)
                if refusal is not None:
                    raise refusal
            # decided from what the seat sees now (others may have chosen since, unseen)
            for _attempt in range(3):
                try:
                    await self.hub.run(self._submit, seat, action, self.table.step)
                    break
                except IllegalAction as exc:
                    # another process stored a decision first: the table was read again; if
                    # this seat still sees what it saw, its decision stands (else it is told
                    # only of its own step: never of the other's unseen one)
                    if exc.rule != "stale":
                        raise
                    now = self.shown_step(seat)
                    if now != step and not self._as_informed(seat, step):
                        raise moved_on(now, step) from None
            else:
                raise moved_on(step, step)
            return self.shown_step(seat)

    def _as_informed(self, seat: int, step: int) -> bool:
        """Whether a decision ``seat`` made from what it was shown at ``step`` is as informed as
        one made now: since then nothing was told to it (no event it may see) and its choices
        are the same — others have only made their own choices in the same simultaneous phase
        (Post Office: it sees that they have, PO-114, not what). Then its decision stands
        rather than being refused as stale while two people click at once."""
        now = self.table.step
        if not 0 <= step < now or len(self.log) <= now:
            return False
        before = dict(self.table.recent_states()).get(step)
        if before is None or seat not in self.game.deciders(before):
            return False
        if any(e.visible_to(seat) for k in range(step + 1, now + 1) for e in self.log[k]):
            return False
        legal_then = [str(a) for a in self.game.legal_actions(before, seat)]
        return legal_then == [str(a) for a in self.table.legal_actions(seat)]

    def _submit(self, seat: int, action: Action, step: int | None) -> None:
        try:
            events = self.table.submit(seat, action, step)
        except IllegalAction as exc:
            if exc.rule == "stale":
                # another process played first; its notification (version unchanged here)
                # then tells this process's sockets
                self._reload(bump=False)
            raise
        self._logged(events)

    def _logged(self, events: list[Event]) -> None:
        """Keep the log in step with the table after a decision (``log[k]``: decision ``k``'s
        events); rebuilt from the record if it was not."""
        if self.table.held is not None and len(self.log) == self.table.step + 1:
            return  # a choice held to be revealed: nothing happened yet
        if len(self.log) == self.table.step:
            self.log.append(events)
        else:
            self.log = _log_of(self.table)
        step = self.table.step
        self._states[(step, self._digest_at(step))] = self.table.state

    async def undo(self, seat: int, step: int) -> int:
        async with self.lock:
            self._at_step(seat, step)
            await self.hub.run(self._undo, seat)
            return self.shown_step(seat)

    def _undo(self, seat: int) -> None:
        taken: list[TakenBack] = []
        self.table.undo_listeners.append(taken.append)
        try:
            self.table.undo(seat)
        except IllegalAction as exc:
            if exc.rule == "stale":
                # another process stored a decision first (the table took it back in memory
                # only): read the table again, as after a refused submit
                self._reload(bump=False)
            raise
        finally:
            self.table.undo_listeners.remove(taken.append)
        self._taken = [*self._taken, *taken][-MAX_CHANGES:]
        step = self.table.step
        self._forced = {k: v for k, v in self._forced.items() if k <= step}
        self.log = _log_of(self.table)

    async def changed(self) -> None:
        """After every change: tell every socket, arm the clock, let the bots play. (The cache
        of messages is kept: its key, the step and its digest, is new after any change, and what
        was built since for the new step — the submitter's, for its ack — is built only once.)"""
        await self._settle()
        await self.broadcast()
        self._arm_clock()
        self.kick()

    def kick(self) -> None:
        """Let the engine seats (bots, absent people's bots) decide, if any owes a decision."""
        if self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        for _attempt in range(100_000):
            async with self.lock:
                if self.table.is_over():
                    return
                if await self._take_forced():
                    continue
                bots = [s for s in self.table.deciders() if s in self.table.agents]
                if not bots:
                    return
                seat, step = bots[0], self.table.step
                agent = self.table.agents[seat]
                observation = self.table.view(seat) if getattr(agent, "needs_view", True) else {}
                legal = self.table.legal_actions(seat)
            try:
                action = await self.hub.thinking.choose(
                    table_id=self.id,
                    seat=seat,
                    kind=self.bot_kind(seat),
                    agent=agent,
                    game_name=self.table.record.game,
                    components=self._components(),
                    seed=self.table.record.seed,
                    observation=observation,
                    legal=legal,
                )
            except ThinkingError:
                # the search did not come back (logged): the table goes on, the seat's first
                # legal action is played for it
                action = legal[0]
            async with self.lock:
                if self.table.step != step or self.table.agents.get(seat) is not agent:
                    continue  # the table changed while the bot thought: think again
                try:
                    await self.hub.run(self._submit, seat, action, step)
                except IllegalAction:
                    continue
            self._cache.clear()
            await self._settle()
            await self.broadcast()
            self._arm_clock()

    async def _settle(self) -> None:
        """Take the forced choices now owed (:meth:`_take_forced`) before anyone is told: a
        person is never shown a decision the table then takes for them (their submit would
        be refused as stale)."""
        if self.table.is_over():
            return
        async with self.lock:
            for _forced in range(64):
                if not await self._take_forced(tell=False):
                    return

    async def _take_forced(self, tell: bool = True) -> bool:
        """Take a person's decision for them when it cannot change anything of the game
        (``presentation.forced_choice``: the last turn's draws), as a bot would, noting it in
        their log in words. Called with the lock held; whether one was taken (``tell``: then
        everyone is told at once)."""
        presentation = self.game.presentation
        hook = presentation.forced_choice
        if getattr(hook, "__func__", hook) is Presentation.forced_choice:
            return False  # the game forces nothing: no view to build
        for seat in self.people_to_move():
            if self.table.held is not None:
                return False
            legal = self.table.legal_actions(seat)
            observation = self.table.view(seat)
            try:
                action = presentation.forced_choice(observation, legal)
            except Exception:  # a game's hook never stops a table
                action = None
            if action is None or action not in legal:
                continue
            with use_language(self._lang_of(seat)):
                what = presentation.describe_action(observation, action)
                text = _("taken for you: {what}", what=what)
            await self.hub.run(self._submit, seat, action, self.table.step)
            self._forced[self.table.step] = (seat, text)
            self._cache.clear()
            if tell:
                await self.broadcast()
                self._arm_clock()
            return True
        return False

    def _lang_of(self, seat: int) -> str:
        return next((c.lang for c in self.conns if c.seat == seat), "en")

    def bot_kind(self, seat: int) -> str:
        """The kind of bot playing ``seat``: its own, or the absent-player bot's."""
        if self.row.seats[seat].away:
            return absent_bot_kind(self.settings)
        return self.table.record.seats[seat]

    def _components(self) -> tuple[str, str] | None:
        data = self.table.record.components
        return None if data is None else (data.text, data.source)

    # -- clocks and absent people ----------------------------------------------------------------
    def _arm_clock(self) -> None:
        """Wind the clock when what everyone sees changes (not when a seat's unseen choice in a
        simultaneous phase is made: the others' clocks would tell it)."""
        per_move = self.settings.get("per_move")
        public = self.shown_step(None)
        if self.table.held is not None and per_move:
            # a choice waits to be revealed: revealed when the move's time is up (the time
            # already running, else a move's time from now)
            if self.deadline is None:
                self.deadline = time.time() + float(per_move)
                if self._clock is not None:
                    self._clock.cancel()
                self._clock = asyncio.get_running_loop().create_task(
                    self._expire(self.table.step, self.deadline)
                )
            return
        if not per_move or self.table.is_over() or not self.people_to_move():
            self.deadline = None
        elif self.deadline is None or public != self._wound_at:
            self.deadline = time.time() + float(per_move)
        else:
            return  # the same move's time runs on
        self._wound_at = public
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        if self.deadline is not None:
            self._clock = asyncio.get_running_loop().create_task(
                self._expire(self.table.step, self.deadline)
            )

    async def _expire(self, step: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with self.lock:
            if self.deadline != deadline:
                return
            if self.table.held is not None:
                # time is up for a choice waiting to be revealed: it is revealed as it stands
                await self.hub.run(self._reveal)
                self.deadline = None
                late = [-1]
            elif not self.settings.get("absent_bot"):
                return
            else:
                late = self.people_to_move()
            for seat in late:
                if seat >= 0:
                    await self.hub.run(self._set_away, seat, True)
        if late:
            await self.changed()

    def _set_away(self, seat: int, away: bool) -> None:
        row = self.row.seats[seat]
        held = self.table.held
        if away and held is not None and held.revealer == seat:
            self._logged(self.table.reveal())  # a bot plays for them: their choice stands
        if away and not row.away:
            kind = absent_bot_kind(self.settings)
            self.table.agents[seat] = make_bot(kind, self.game, seat, self.table.record.seed)
        elif not away:
            self.table.agents.pop(seat, None)
        if row.away != away:
            row.away = away
            self.hub.db.set_away(self.id, seat, away)

    async def take_back(self, seat: int) -> bool:
        """The owner is back: the bot stops playing for them. ``False``: no bot was (the
        socket's ``back`` is refused, saying so)."""
        if not self.row.seats[seat].away:
            return False
        async with self.lock:
            await self.hub.run(self._set_away, seat, False)
        await self.changed()
        return True

    def joined(self, conn: Conn) -> None:
        """A socket said hello. If it is its seat's first, the others are told (soon, once for
        every seat that came or went meanwhile); a spectator's is told to nobody."""
        first = conn.seat is not None and not any(c.seat == conn.seat for c in self.conns)
        self.conns.add(conn)
        if first:
            self.presence_changed()

    def left(self, conn: Conn) -> None:
        """A socket closed (or was given up); if it was its seat's last, the others are told
        (as in :meth:`joined`), and the absent-player bot takes over after a while (when the
        table has one)."""
        was_here = conn in self.conns
        self.conns.discard(conn)
        if conn.seat is not None:
            if was_here and not any(c.seat == conn.seat for c in self.conns):
                self.presence_changed()
            self.watch_absence(conn.seat)

    def presence_changed(self) -> None:
        """Who is connected changed: everyone is told within :data:`PRESENCE_DELAY` seconds,
        in one update for all the changes meanwhile (a socket that comes and goes again costs
        no update at all)."""
        if self._presence is None or self._presence.done():
            self._presence = asyncio.get_running_loop().create_task(self._tell_presence())

    async def _tell_presence(self) -> None:
        await asyncio.sleep(PRESENCE_DELAY)
        await self.broadcast()

    def watch_absence(self, seat: int) -> None:
        """If nobody is at ``seat`` (gone, or never came), the absent-player bot takes it after
        ``absent_after`` seconds — when the table has one."""
        if not self.is_person(seat) or any(c.seat == seat for c in self.conns):
            return
        if not self.settings.get("absent_bot") or self.table.is_over():
            return
        after = float(self.settings.get("absent_after", ABSENT_AFTER))
        old = self._absent.pop(seat, None)
        if old is not None:
            old.cancel()
        self._absent[seat] = asyncio.get_running_loop().create_task(self._absent_for(seat, after))

    async def _absent_for(self, seat: int, after: float) -> None:
        await asyncio.sleep(after)
        if any(c.seat == seat for c in self.conns) or self.table.is_over():
            return
        async with self.lock:
            await self.hub.run(self._set_away, seat, True)
        await self.changed()

    # -- other processes -------------------------------------------------------------------------
    def _own_version(self, version: int) -> None:
        """This process wrote version ``version``: its own notification needs no reload."""
        self.version = max(self.version, version)

    def _reload(self, bump: bool = True) -> None:
        """Catch up with the database (another process changed this table). ``bump``: take the
        stored version as seen (else the notification of that version still tells the
        sockets)."""
        row = self.hub.db.load_table(self.id)
        if row is None:
            return
        version = row.version
        step_rows = self.hub.db.load_steps(self.id)
        mine = self.table.record.steps
        same_prefix = len(step_rows) >= len(mine) and all(
            (s.seat, str(s.action), s.digest or "") == step_rows[i] for i, s in enumerate(mine)
        )
        if same_prefix:
            for seat, notation, digest in step_rows[len(mine) :]:
                self._logged(self.table.follow(seat, self.game.parse_action(notation), digest))
            # the store counts the stored steps: the followed ones are stored too
            self.table.store.begin(self.table.record)
        else:
            fresh = self.hub.open_table(row, step_rows)
            self.table, self.log = fresh
        for index, seat_row in enumerate(row.seats):
            self._set_away_local(index, seat_row.away)
            self.row.seats[index].token_hash = seat_row.token_hash  # a link renewed there
        self.settings["watch_hash"] = row.settings.get("watch_hash")
        self.row.rematch = row.rematch
        if bump:
            self.version = max(self.version, version)

    def _set_away_local(self, seat: int, away: bool) -> None:
        row = self.row.seats[seat]
        if away and seat not in self.table.agents:
            kind = absent_bot_kind(self.settings)
            self.table.agents[seat] = make_bot(kind, self.game, seat, self.table.record.seed)
        elif not away and row.token_hash is not None:
            self.table.agents.pop(seat, None)
        row.away = away

    async def refresh(self, version: int) -> None:
        if version <= self.version or self.hub.rooms.get(self.id) is not self:
            return  # known, or unloaded meanwhile (it is read afresh when next asked for)
        async with self.lock:
            if version <= self.version:
                return
            await self.hub.run(self._reload)
        await self.drop_revoked()
        await self.hub.tell_rematch(self)
        await self.changed()

    def close(self) -> None:
        for task in (self._bots, self._clock, *self._absent.values()):
            if task is not None:
                task.cancel()


def _seen_digest(part: dict[str, Any]) -> bytes:
    return _digest([part["view"], part["to_move"], [a["notation"] for a in part["actions"]]])


def _news(message: str) -> tuple[bytes, bool]:
    """A state message as the table it shows — all but its clock (which runs on), whether the
    log starts again and its events — and whether it brings new events."""
    data = msgspec.json.decode(message)
    data.pop("clock", None)
    data.pop("reset", None)  # a log started again comes with what changed: its events
    events = bool(data.pop("events", None))
    return msgspec.json.encode(data), events


def _digest(view: Any) -> bytes:
    return hashlib.blake2b(msgspec.json.encode(view), digest_size=16).digest()


def _log_of(table: Table) -> list[list[Event]]:
    """Every decision's events, replayed from the record (``[0]``: the opening)."""
    return [entry.events for entry in replay_steps(table.game, table.record)]


def refused(exc: MailbagError, step: int, game: Any = None) -> str:
    """A ``refused`` message: the reason in the reader's language (made when it was raised)
    without the rule ids cited in it, for an illegal action the rule's code (the same in every
    language: ``stale``, …), and ``rule_info``: the rule in words (title, summary, link) where
    the game says what it is (``game.presentation.rules()``), else ``None``."""
    reason, info = words.refusal_words(game, exc) if game is not None else (str(exc), None)
    message: dict[str, object] = {"type": "refused", "step": step, "reason": reason}
    if isinstance(exc, IllegalAction):
        message["rule"] = exc.rule
    message["rule_info"] = info
    return encode(message)
