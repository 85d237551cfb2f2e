"""The full-screen game (Textual) over a :class:`~mailbag.table.Table`: the shared board, the
other players (a line each, ``o`` shows them in full), your own area, the running scores, your
choices in steps with their consequences, and the event log — on one screen that never scrolls
as a whole.

It is a thin shell like line mode: the table validates, applies and saves every decision before
the screen hears of it; the menu (``table.menu``) arranges the choices, each under a letter key
(:mod:`mailbag.table.keys`: never a digit, which would read like the numbers on the board; two
letters in a long list); a key that chooses nothing says so in the status line. Bots think in a
thread of their own (:mod:`mailbag.tui.bots`) so that the keys stay alive (``q`` saves and quits
even while one thinks), and where the rules let everyone choose at once (a simultaneous phase)
they think while the person chooses; the status line shows who thinks, and for how long. The
words a game's palette names are drawn in colour with a symbol beside them (none with
``NO_COLOR``: the symbols stay). Everything shown comes from the deciding seat's view, its legal
actions and the events it may see. In hot seat the person who finished first sees what their
last decisions did and presses Space to hide it; the screen is emptied and waits until the next
person presses Space before showing anything of theirs (see :class:`~mailbag.tui.screens.Gate`:
no choice key, and no key pressed before or just after such a screen appeared, goes on). Names
pass :func:`mailbag.core.names.printable`.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import signal
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any, ClassVar

from rich.text import Text
from textual import events as tevents
from textual._time import get_time
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input, OptionList, RichLog

from mailbag.core import Action, Event, IllegalAction, MailbagError
from mailbag.core.i18n import N_, _, ngettext
from mailbag.plain import hint_lines
from mailbag.table import Table, TakenBack, taken_back_text
from mailbag.table.forced import take_forced
from mailbag.table.keys import choice_keys, match
from mailbag.table.menu import Choice, menu_for, take_back, take_single
from mailbag.terminal import parse_typed
from mailbag.terminal_lesson import section_lines
from mailbag.tui.bots import BotRunner
from mailbag.tui.panes import LOG_LINES, Panes, table_label
from mailbag.tui.screens import GameOver, Gate, HandOver, Help, TurnDone, translate_bindings

__all__ = ["LOG_LINES", "PlayApp", "table_label"]

#: at most this many lines of what a person's last decisions did are shown at the end of a turn
TURN_LINES = 14


class PlayApp(Panes):
    """One game at one screen: the people seated at it, the table's bots."""

    TITLE = "mailbag"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "save_quit", N_("save & quit")),
        Binding("ctrl+c", "interrupt", N_("stop"), show=False, priority=True),
        Binding("u", "undo", N_("undo")),
        Binding("h", "hint", N_("hint")),
        Binding("escape", "step_back", N_("back")),
        Binding("question_mark", "help", N_("keys")),
        Binding("o", "toggle_others", N_("others")),
        Binding("v", "switch_view", N_("board/you")),
        Binding("colon,slash", "type_notation", N_("type")),
    ]

    def __init__(
        self,
        table: Table,
        humans: Sequence[int],
        *,
        resumed: bool = False,
        hints: bool = False,
    ) -> None:
        super().__init__(table, humans)
        translate_bindings(self)
        self.resumed = resumed
        #: whether people may ask for a hint (``h``; see mailbag.table.hints)
        self.hints = hints
        self.auto: set[int] = set()
        #: seconds, for the hot-seat screens' guard (tests put a clock of their own)
        self.clock: Callable[[], float] = time.monotonic
        #: keys made before this moment are thrown away: the moment the person now at the
        #: screen arrived (hot seat), so nothing the last one typed can act for them
        self.arrived_at = 0.0
        self.stopping = False
        #: the rule of the last refusal (``?`` shows its section), until the next choice
        self.refused_rule: str | None = None
        self.status_code = 0
        self.bots = BotRunner(table, self.lock, lambda: self.stopping, self._bots_finished)
        # the choice completing a simultaneous phase a person chose in waits to be revealed
        # (Space), and may be changed or taken back until then (see Table.hold_reveals)
        table.hold_reveals = True
        self._loop: asyncio.AbstractEventLoop | None = None
        self._main = threading.get_ident()
        self._signals: list[int] = []
        #: set while the screen waits for a person (no bot thinking): tests wait on it
        self.idle = asyncio.Event()

    # -- layout ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self._loop = asyncio.get_running_loop()
        for signum in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)):
            if signum is None:
                continue
            with suppress(NotImplementedError, RuntimeError, ValueError):
                self._loop.add_signal_handler(signum, self._on_signal, signum)
                self._signals.append(signum)
        self.table.listeners.append(self._on_played)
        self.table.undo_listeners.append(self._on_taken_back)
        self.reserved = frozenset(
            key for key in self._bindings.key_to_bindings if len(key) == 1 and key.isalpha()
        )
        self.set_interval(1.0, self._tick)
        self._layout_classes()
        word = (
            ngettext(
                "resumed after {count} decision",
                "resumed after {count} decisions",
                self.table.step,
                count=self.table.step,
            )
            if self.resumed
            else _("new game")
        )
        for seat in self.humans:
            self._write(seat, Text(f"{_(self.game.spec.title)} — {word}", style="bold"))
        if not self.resumed:
            self._note_events(self.table.opening)
        self.query_one("#choices", OptionList).focus()
        self.advance()

    async def on_event(self, event: tevents.Event) -> None:
        if isinstance(event, tevents.Key) and event.time < self.arrived_at:
            return  # typed before the person now at the screen arrived
        await super().on_event(event)

    def on_unmount(self) -> None:
        if self._loop is not None:
            for signum in self._signals:
                with suppress(Exception):
                    self._loop.remove_signal_handler(signum)
        with suppress(ValueError):
            self.table.listeners.remove(self._on_played)
        with suppress(ValueError):
            self.table.undo_listeners.remove(self._on_taken_back)

    # -- the flow of the game ------------------------------------------------------------------
    def advance(self) -> None:
        """Run until a person must decide: bots (in their thread: in a simultaneous phase while
        the person decides), decisions with one choice (taken with a log line), the hand-over
        in hot seat; then show the decision."""
        table = self.table
        for _step in range(10_000):
            if self.stopping:
                return
            if table.is_over():
                if self.hot_seat and self.showing is not None:
                    self._turn_done(self.showing, self._game_over)
                else:
                    self._game_over()
                return
            people = table.waiting_for()
            if self.bots.bots_to_play() and not self.bots.running:
                self._start_bots()
            if not people:
                self._wait_for_bots()
                return
            seat = people[0]
            with self.lock:
                menu = menu_for(table, seat)
                forced = table.forced(seat) if menu.single is None else None
            if (menu.single is not None or forced is not None) and self.bots.running:
                self._wait_for_bots()  # taken once the bots' choices are in (the record's order)
                return
            said = None
            if table.held is None:  # a choice waiting to be revealed is never taken again
                with self.lock:
                    said = take_single(table, seat, menu, self.auto)
                    if said is None:  # no effect on the game: taken for the seat, with a line
                        said = take_forced(table, seat, self.auto)
                    held = table.held
                    if said is not None and held is not None and held.seat == seat:
                        table.reveal(seat)  # no other choice: nothing to wait for
            if said is not None:
                self._write(seat, Text(said, style="italic"))
                continue
            if self.showing != seat:
                self.menu, self.path = None, []  # nothing of the next seat until they are here
                if self.hot_seat and self.showing is not None:
                    self._turn_done(self.showing, functools.partial(self._hand_over, seat))
                else:
                    self._hand_over(seat)
                return
            self.busy = False
            self.menu, self.path = menu, []
            self._present(seat)
            return
        raise RuntimeError("more than 10,000 decisions taken without asking anyone")

    def _present(self, seat: int) -> None:
        self.showing = seat
        self._show_view(seat)
        self._show_choices()
        self._status(
            _("{name}: your decision", name=table_label(self, seat))
            if self.hot_seat
            else _("your decision")
        )
        self._settled()

    def _settled(self) -> None:
        """Tell waiting tests the screen waits for a person alone (no bot thinking)."""
        if self.bots.running or self.busy:
            self.idle.clear()
        else:
            self.idle.set()

    def _turn_done(self, seat: int, then: Callable[[], None]) -> None:
        """The end of a person's turn in hot seat: their own screen as it is now, with what
        their last decisions did, until they press Space; then ``then``."""
        self.busy = False
        self._show_view(seat)
        self._show_choices()
        self._status(_("{name}: your turn is over.", name=table_label(self, seat)))
        did = [line.plain for line in self.recent[seat][-TURN_LINES:]]
        self.recent[seat] = []

        def hidden(_result: None) -> None:
            self.showing = None
            self._blank()
            then()

        self.push_screen(TurnDone(seat, table_label(self, seat), did), hidden)
        self._settled()

    def _hand_over(self, seat: int) -> None:
        self.showing = None
        self._blank()

        def arrived(_result: None) -> None:
            self.arrived_at = get_time()
            self.showing = seat
            self.recent[seat] = []
            self._show_log(seat)
            self.advance()

        self._status(_("passing to {name}", name=table_label(self, seat)))
        self.push_screen(HandOver(seat, self.kinds[seat], table_label(self, seat)), arrived)
        self._settled()

    def _game_over(self) -> None:
        self.busy = False
        self.menu, self.path = None, []
        seat = self.showing
        if seat is None or self.hot_seat:
            seat = None
            self.showing = None
            self.query_one("#log", RichLog).clear()
        self._show_view(seat)
        self._show_choices()
        self._status(_("game over"))
        self.push_screen(GameOver(self.game, self.table.state, self.table.record))
        self._settled()

    # -- bots ----------------------------------------------------------------------------------
    def _start_bots(self) -> None:
        self.bots.start()
        self.idle.clear()
        self._draw_status()

    def _wait_for_bots(self) -> None:
        """Nothing for a person to do until the bots have chosen."""
        self.busy = True
        self.idle.clear()
        self._show_choices()
        self._status(_("waiting for the bots (q saves and quits)"))

    def _bots_finished(self, error: BaseException | None) -> None:
        """The bots' thread is done (called from it)."""
        self._call(lambda: self._bots_done(error))

    def _bots_done(self, error: BaseException | None) -> None:
        self.bots.running = False
        if error is not None:
            raise error
        if self.stopping:
            return
        pending, self.pending = self.pending, None
        if pending is not None and self.showing is not None and self.menu is not None:
            self._send(self.showing, pending)  # the person's choice, after the bots' (in order)
            return
        if isinstance(self.screen, Gate):
            self._settled()  # the hot seat's screen goes on when a person says so
            return
        if self.menu is not None and self.showing is not None and not self.busy:
            self._draw_status()  # the person is choosing: their screen stays as it is
            self._settled()
            return
        self.busy = False
        self.advance()

    def _tick(self) -> None:
        if self.bots.thinking is not None or self._drawn_thinking:
            self._draw_status()

    # -- what happened -------------------------------------------------------------------------
    def _on_played(self, seat: int, action: Action, events: list[Event], state: Any) -> None:
        self._call(lambda: self._played(seat, events))

    def _played(self, seat: int, events: Sequence[Event]) -> None:
        self._note_events(events)
        if seat in self.table.agents and self._choosing():
            self._show_view(self.showing)  # a bot chose while the person chooses: their view

    def _note_events(self, events: Sequence[Event]) -> None:
        for person in self.humans:
            for event in events:
                if event.visible_to(person):
                    self._write(
                        person, Text(self.game.presentation.event_text(event, self._labels))
                    )

    class Deferred(Message):
        """Work handed over from the bots' thread to the screen's."""

        def __init__(self, work: Callable[[], None]) -> None:
            super().__init__()
            self.work = work

    def on_play_app_deferred(self, message: PlayApp.Deferred) -> None:
        message.work()

    def _call(self, work: Callable[[], None]) -> None:
        """Run ``work`` on the screen's thread (at once when already there)."""
        if threading.get_ident() == self._main:
            work()
        else:
            self.post_message(self.Deferred(work))  # thread-safe

    # -- drawing -------------------------------------------------------------------------------
    def _choosing(self) -> bool:
        """Whether a person is at their choices now (the main screen, a decision shown)."""
        return (
            self.menu is not None
            and self.showing is not None
            and not self.busy
            and self.pending is None
            and len(self.screen_stack) == 1
        )

    def _on_taken_back(self, taken: TakenBack) -> None:
        """A decision taken back: a line in the log of every other person who saw something
        of it (the one who took it back is told by :meth:`action_undo`)."""

        def note() -> None:
            for person in self.humans:
                if person == taken.seat:
                    continue
                line = taken_back_text(self.game, taken, person, self._labels)
                if line is not None:
                    self._write(person, Text(line, style="dim"))

        self._call(note)

    def _reveal(self) -> None:
        """The choice waiting to be revealed is carried out: the phase is revealed."""
        seat = self.showing
        if seat is None or self.table.held is None or self.table.held.revealer != seat:
            return
        with self.lock:
            self.table.reveal(seat)
        self.path = []
        self.advance()

    # -- choosing ------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "back":
            self.action_step_back()
            return
        if event.option.id == "held":
            return
        if event.option.id is not None:
            self._choose(int(event.option.id))

    def on_key(self, event: tevents.Key) -> None:
        """A letter chooses the entry it is the key of (two letters in a long list); a key that
        does nothing here says so in the status line. The app's own keys, the pop-ups' and the
        focused widget's go on as they are."""
        if len(self.screen_stack) > 1 or isinstance(self.focused, Input):
            return
        bound = self.active_bindings.get(event.key)
        if bound is not None and bound.enabled:
            return
        char = event.character
        if char is None or not char.isprintable():
            return
        event.prevent_default()
        event.stop()
        if char == " " and self._choosing() and self._waiting_line():
            self._say("")
            self._reveal()
            return
        typed = self.typed + char.lower()
        found = match(self.keys, typed) if self._choosing() and char.isalpha() else None
        if found == "more":
            self.typed = typed
            self._say(_("{keys}… one more letter (Esc: cancel)", keys=typed))
            return
        self.typed = ""
        if isinstance(found, int):
            self._say("")
            self._choose(found)
            return
        key = _("Space") if char == " " else (typed if char.isalpha() else char)
        self._say(_("no choice on key {key} — ? lists the keys", key=key))

    def _choose(self, index: int) -> None:
        if not self._choosing() or self.menu is None:
            return
        entries = self._entries()
        if not 0 <= index < len(entries):
            self.bell()
            return
        entry = entries[index]
        if entry.is_step:
            self.path.append(entry)
            self._show_choices()
        elif entry.action is not None:
            self._submit(entry.action)

    def _submit(self, action: Action) -> None:
        seat = self.showing
        if seat is None or self.menu is None:
            return
        if self.bots.running:  # the bots' choices go in first, as the table took them before
            self.pending = action
            self._show_choices()
            self._status(
                _(
                    "you chose {action}: it goes in once the bots have chosen (u takes it back)",
                    action=str(action),
                )
            )
            self.idle.clear()
            return
        self._send(seat, action)

    def _send(self, seat: int, action: Action) -> None:
        """The person's choice to the table, then on to whoever decides next."""
        if self.menu is None:
            return
        leaf = self.menu.leaf_for(action)
        self.recent[seat] = []
        try:
            with self.lock:
                self.table.submit(seat, action)
        except MailbagError as exc:
            self._refuse(_("refused: {reason}", reason=str(exc)), exc)
            return
        self.refused_rule = None
        what = leaf.text if leaf is not None and leaf.text else str(action)
        if leaf is not None and leaf.is_step is False and self.path:
            what = f"{self.path[-1].text or self.path[-1].notation}: {what}"
        chose = Text(_("you chose: {what} ({action})", what=what, action=str(action)), style="bold")
        self._write(seat, chose)
        self.recent[seat].insert(0, self.recent[seat].pop())  # the choice, then what it did
        self.path = []
        self.query_one("#choices", OptionList).focus()
        self.advance()

    def _refuse(self, message: str, exc: MailbagError | None = None) -> None:
        # the rule of the refusal: ? shows its section (PC-8, …; none for a typing mistake)
        self.refused_rule = exc.rule if isinstance(exc, IllegalAction) else None
        self.bell()
        self.notify(message, severity="error", timeout=6)
        if self.showing is not None:
            self._write(self.showing, Text(message, style="red"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        if not text or not self._choosing() or self.menu is None:
            return
        found = self.menu.find(text, self.path[-1] if self.path else None)
        if isinstance(found, Choice) and found.action is not None:
            found = found.action
        if isinstance(found, Choice):
            self.path = self._path_to(found)
            self._show_choices()
            self.query_one("#choices", OptionList).focus()
            return
        try:
            action = found if found is not None else parse_typed(self.game, text)
        except MailbagError as exc:
            self._refuse(_("refused: {reason}", reason=str(exc)), exc)
            return
        self._submit(action)

    def _path_to(self, step: Choice) -> list[Choice]:
        """The steps from the first one down to ``step``."""
        menu = self.menu
        if menu is None:
            return [step]

        def walk(entries: Sequence[Choice], trail: list[Choice]) -> list[Choice] | None:
            for entry in entries:
                if entry is step or entry == step:
                    return [*trail, entry]
                if entry.is_step:
                    found = walk(entry.children, [*trail, entry])
                    if found is not None:
                        return found
            return None

        return walk(menu.choices, []) or [step]

    # -- keys ----------------------------------------------------------------------------------
    def action_step_back(self) -> None:
        if self.focused is self.query_one("#notation", Input):
            self.query_one("#choices", OptionList).focus()
            return
        if self.typed:
            self.typed = ""
            self._say("")
            return
        if self.path:
            self.path.pop()
            self._show_choices()

    def action_type_notation(self) -> None:
        if self._choosing():
            self.query_one("#notation", Input).focus()

    def action_help(self) -> None:
        self.push_screen(Help(self._rule_lines()))

    def _rule_lines(self) -> list[str]:
        """The rules section ``?`` shows above the keys: the last refusal's, else that of the
        step the choices are at, else the decision's (none when no one of this screen
        decides)."""
        presentation = self.game.presentation
        section: str | None = None
        if self.refused_rule is not None:
            section = presentation.rule_section(self.refused_rule)
        elif self.menu is not None and self._choosing():
            if self.path:
                section = presentation.action_rule(self.path[-1].notation)
            else:
                section = presentation.decision_rule(self.menu.legal)
        reference = presentation.rules_reference()
        found = reference.get(section) if reference is not None and section else None
        if reference is None or found is None:
            return []
        return section_lines(reference, found, with_children=False)

    def action_undo(self) -> None:
        seat = self.showing
        if self.pending is not None and seat is not None:  # not sent yet: the same decision again
            self._write(
                seat, Text(_("took back: {action}", action=str(self.pending)), style="bold")
            )
            self.pending = None
            self._present(seat)
            return
        if self.busy or seat is None or self.table.is_over():
            return
        if self.bots.running:
            self._say(_("the bots are choosing: undo once they have chosen"))
            return
        try:
            with self.lock:
                steps = take_back(self.table, seat, self.auto)
        except MailbagError as exc:
            self._refuse(_("cannot undo: {reason}", reason=str(exc)))
            return
        took = _("took back: {action}", action=str(steps[-1].action))
        self._write(seat, Text(took, style="bold"))
        self.advance()

    def action_hint(self) -> None:
        """The top choices of a search on the seat's view, written to its log (in a thread)."""
        seat = self.showing
        if not self.hints or not self._choosing() or seat is None:
            return
        with self.lock:
            observation, legal = self.table.view(seat), self.table.legal_actions(seat)
        menu, at, reserved = self.menu, list(self.path), self.reserved
        if menu is None:
            return
        self._write(seat, Text(_("thinking…"), style="dim"))

        def think() -> None:
            from mailbag.table.hints import compute_hint

            hint = compute_hint(self.game, seat, observation, legal)
            # each choice by the letters that pick it in the list on screen
            lines = hint_lines(
                self.game,
                observation,
                hint,
                menu,
                at,
                lambda entries: choice_keys(len(entries), reserved),
            )

            def show() -> None:
                for line in lines:
                    self._write(seat, Text(line, style="cyan"))

            self._call(show)

        context = contextvars.copy_context()  # the game's language, in the thread too
        threading.Thread(
            target=context.run, args=(think,), name="mailbag-hint", daemon=True
        ).start()

    def action_save_quit(self) -> None:
        self._stop(_("stopped"), 0)

    def action_interrupt(self) -> None:
        self._stop(_("interrupted"), 130)

    def _on_signal(self, signum: int) -> None:
        self._stop(_("stopped by {signal}", signal=signal.Signals(signum).name), 128 + signum)

    def _stop(self, how: str, code: int) -> None:
        """Stop the game: a bot's decision being committed is finished first, none after."""
        with self.lock:
            self.stopping = True
        self.status_code = code
        self.exit(how)
