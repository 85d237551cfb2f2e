"""The full-screen game (Textual) over a :class:`~mailbag.table.Table`: the shared board, the
other players (a line each, ``o`` shows all), your own area, the running scores, your choices in
steps with their consequences, and the event log — on one screen that never scrolls as a whole.

It is a thin shell like line mode: the table validates, applies and saves every decision before
the screen hears of it; the menu (``table.menu``) arranges the choices; bots think in a thread of
their own so that the keys stay alive (``q`` saves and quits even while one thinks). Everything
shown comes from the deciding seat's view, its legal actions and the events it may see. In hot
seat the person who finished first sees what their last decisions did and presses Space to hide
it; the screen is emptied and waits until the next person presses Space before showing anything
of theirs (see :class:`~mailbag.tui.screens.Gate`: no choice key, and no key pressed before or
just after such a screen appeared, goes on). Names pass :func:`mailbag.core.names.printable`.
"""

from __future__ import annotations

import asyncio
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
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from mailbag.core import Action, Event, MailbagError
from mailbag.core.i18n import N_, _, pgettext
from mailbag.core.names import printable
from mailbag.core.presentation import Block
from mailbag.core.records import seat_kind_label, seat_label
from mailbag.table import Table
from mailbag.table.menu import Choice, Menu, known_scores, menu_for, take_back, take_single
from mailbag.terminal import parse_typed, scoreboard
from mailbag.tui.layout import Laid
from mailbag.tui.screens import GameOver, HandOver, Help, TurnDone, translate_bindings

#: at most this many lines of each person's log are kept
LOG_LINES = 400
#: at most this many lines of what a person's last decisions did are shown at the end of a turn
TURN_LINES = 14
#: the width of the right column (choices, log): on a large screen, on a small one
RIGHT = 48
RIGHT_COMPACT = 35

CSS = """
Screen { layout: vertical; }
#status { height: 1; padding: 0 1; background: $primary-background; color: $text; }
#main { height: 1fr; }
#left { width: 1fr; }
#right { width: RIGHT_WIDE; }
.pane { border-top: solid $primary; border-title-color: $text; padding: 0 1;
        scrollbar-size-vertical: 1; }
.pane:focus-within { border-top: solid $accent; }
#board-pane { height: 1fr; padding: 0 0 0 1; }
#own-left { height: auto; max-height: 70%; padding: 0 0 0 1; }
#own-right { height: auto; max-height: 50%; }
#scores { height: auto; }
#others-pane { height: auto; max-height: 30%; }
#choices { height: 1fr; min-height: 4; border: none; border-top: solid $primary;
           padding: 0 0; scrollbar-size-vertical: 1; }
#choices:focus { border-top: solid $accent; }
#notation { height: 1; border: none; padding: 0 1; background: $boost; }
#notation:focus { background: $accent 30%; }
#log { height: 9; border: none; border-top: solid $primary; padding: 0 1;
       scrollbar-size-vertical: 1; }
Screen.own-right #log { height: 7; }
#log:focus { border-top: solid $accent; }
.hidden { display: none; }
Screen.compact #right { width: RIGHT_COMPACT; }
Screen.compact #log { height: 5; }
Screen.compact #others-pane { max-height: 20%; }
Screen.compact #own-right { display: none; }
Screen.compact.show-board #own-left { display: none; }
Screen.compact.show-own #board-pane { display: none; }
Screen.compact.show-own #own-left { height: 1fr; max-height: 100%; }
""".replace("RIGHT_WIDE", str(RIGHT)).replace("RIGHT_COMPACT", str(RIGHT_COMPACT))


class PlayApp(App[str]):
    """One game at one screen: the people seated at it, the table's bots."""

    CSS = CSS
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
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(
        self,
        table: Table,
        humans: Sequence[int],
        *,
        resumed: bool = False,
        hints: bool = False,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.table = table
        self.game = table.game
        self.humans = list(humans)
        self.kinds = table.record.seats
        self.hot_seat = len(self.humans) > 1
        self.resumed = resumed
        #: whether people may ask for a hint (``h``; see mailbag.table.hints)
        self.hints = hints
        #: whose things are on screen (None: no one's, as between two people in hot seat)
        self.showing: int | None = None if self.hot_seat else self.humans[0]
        self.menu: Menu | None = None
        self.path: list[Choice] = []
        self.auto: set[int] = set()
        self.logs: dict[int, list[Text]] = {seat: [] for seat in self.humans}
        #: each person's log lines since their last choice (shown at the end of their turn)
        self.recent: dict[int, list[Text]] = {seat: [] for seat in self.humans}
        #: seconds, for the hot-seat screens' guard (tests put a clock of their own)
        self.clock: Callable[[], float] = time.monotonic
        #: keys made before this moment are thrown away: the moment the person now at the
        #: screen arrived (hot seat), so nothing the last one typed can act for them
        self.arrived_at = 0.0
        self.expanded = False
        #: on a small screen the left column shows the board or your own area ("v" switches)
        self.left_view = "own"
        #: whether the view on screen has an own area (a spectator's, or a game's that puts
        #: everything on the board, has none: the board is then always shown)
        self.has_own = True
        self.busy = False
        self.stopping = False
        self.status_code = 0
        #: held while a bot's decision is committed; quitting waits for it
        self.lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._main = threading.get_ident()
        self._signals: list[int] = []
        #: set while the screen waits for a person (no bot thinking): tests wait on it
        self.idle = asyncio.Event()

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="board-pane", classes="pane") as board:
                    board.border_title = _("Board")
                    yield Static("", id="board", markup=False)
                with VerticalScroll(id="own-left", classes="pane own") as own:
                    own.border_title = _("You")
                    yield Static("", id="own-left-text", markup=False)
                with VerticalScroll(id="others-pane", classes="pane") as others:
                    others.border_title = _("Others (o: all)")
                    yield Static("", id="others", markup=False)
            with Vertical(id="right"):
                with VerticalScroll(id="own-right", classes="pane own hidden") as own:
                    own.border_title = _("You")
                    yield Static("", id="own-right-text", markup=False)
                scores = Static("", id="scores", classes="pane", markup=False)
                scores.border_title = _("Scores")
                yield scores
                choices = OptionList(id="choices")
                choices.border_title = _("Choices")
                yield choices
                yield Input(placeholder=_(": type a choice (notation)"), id="notation")
                log = RichLog(id="log", wrap=True, min_width=20, max_lines=LOG_LINES)
                log.border_title = _("Log")
                yield log
        yield Footer()

    def on_mount(self) -> None:
        self._loop = asyncio.get_running_loop()
        for signum in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)):
            if signum is None:
                continue
            with suppress(NotImplementedError, RuntimeError, ValueError):
                self._loop.add_signal_handler(signum, self._on_signal, signum)
                self._signals.append(signum)
        self.table.listeners.append(self._on_played)
        self._layout_classes()
        word = (
            _("resumed after {count} decisions", count=self.table.step)
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

    def on_resize(self, event: tevents.Resize) -> None:
        # the app takes its new size after this handler: lay out once it has
        self.call_later(self._relayout)

    def _relayout(self) -> None:
        """The layout for the screen's size now (the panes' texts wrap at their new width by
        themselves; where your area goes and which panes a small screen shows are chosen
        here)."""
        self._layout_classes()
        if self.menu is not None and self.showing is not None:
            self._show_view(self.showing)
        self.refresh_bindings()

    @property
    def compact(self) -> bool:
        """A small screen: one of the board and your own area at a time on the left."""
        width, height = self.size
        return width < 110 or height < 32

    def _layout_classes(self) -> None:
        compact = self.compact
        own = self.left_view != "board" and self.has_own
        self.screen.set_class(compact, "compact")
        self.screen.set_class(compact and not own, "show-board")
        self.screen.set_class(compact and own, "show-own")
        if compact and self.has_own:
            self.query_one("#board-pane").border_title = _("Board (v: you)")
            self.query_one("#own-left").border_title = (
                _("You (v: board)") if self.left_view != "board" else _("You (v: you)")
            )
        else:
            self.query_one("#board-pane").border_title = _("Board")
            self.query_one("#own-left").border_title = _("You")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_view":
            return self.compact and self.has_own
        if action == "hint":
            return self.hints
        return True

    def action_switch_view(self) -> None:
        if self.compact and self.has_own:
            self.left_view = "board" if self.left_view != "board" else "own"
            self._layout_classes()

    # -- the flow of the game ------------------------------------------------------------------
    def advance(self) -> None:
        """Run until a person must decide: bots (in their thread), decisions with one choice
        (taken with a log line), the hand-over in hot seat; then show the decision."""
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
            if any(seat in table.agents for seat in table.deciders()):
                self._start_bots()
                return
            seat = table.waiting_for()[0]
            menu = menu_for(table, seat)
            said = take_single(table, seat, menu, self.auto)
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
            self.menu, self.path = menu, []
            self._present(seat)
            return
        raise RuntimeError("more than 10,000 decisions taken without asking anyone")

    def _present(self, seat: int) -> None:
        self.idle.set()
        self.showing = seat
        self._show_view(seat)
        self._show_choices()
        self._status(
            _("{name}: your decision", name=table_label(self, seat))
            if self.hot_seat
            else _("your decision")
        )

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
        self.idle.set()

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
        self.idle.set()

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
        self.push_screen(GameOver(scoreboard(self.game, self.table.state, self.table.record)))
        self.idle.set()

    # -- bots ----------------------------------------------------------------------------------
    def _start_bots(self) -> None:
        self.idle.clear()
        self.busy = True
        self._show_choices()
        thinking = [s for s in self.table.deciders() if s in self.table.agents]
        who = ", ".join(
            f"{table_label(self, s)} ({printable(seat_kind_label(self.kinds[s]))})"
            for s in thinking
        )
        self._status(_("{who} to play … (q saves and quits)", who=who))
        threading.Thread(target=self._run_bots, name="mailbag-bots", daemon=True).start()

    def _run_bots(self) -> None:
        """The bots decide until a person must (a thread: the screen stays alive). A decision
        is committed under the lock, and never once the person has asked to stop."""
        table = self.table
        error: BaseException | None = None
        try:
            for _decision in range(100_000):
                with self.lock:
                    if self.stopping or table.is_over():
                        break
                    bots = [s for s in table.deciders() if s in table.agents]
                    if not bots:
                        break
                    seat = bots[0]
                    agent = table.agents[seat]
                    legal = table.legal_actions(seat)
                    observation = table.view(seat) if getattr(agent, "needs_view", True) else {}
                action = agent.choose(observation, legal)
                with self.lock:
                    if self.stopping:
                        return
                    table.submit(seat, action)
        except BaseException as exc:  # shown on the screen's thread
            error = exc
        self._call(lambda: self._bots_done(error))

    def _bots_done(self, error: BaseException | None) -> None:
        self.busy = False
        if error is not None:
            raise error
        self.advance()

    # -- what happened -------------------------------------------------------------------------
    def _on_played(self, seat: int, action: Action, events: list[Event], state: Any) -> None:
        self._call(lambda: self._note_events(events))

    def _note_events(self, events: Sequence[Event]) -> None:
        for person in self.humans:
            for event in events:
                if event.visible_to(person):
                    self._write(person, Text(self.game.event_text(event, self._labels)))

    @property
    def _labels(self) -> list[str]:
        record = self.table.record
        return [printable(record.label(s)) for s in range(len(record.seats))]

    def _write(self, seat: int, line: Text) -> None:
        log = self.logs[seat]
        log.append(line)
        del log[:-LOG_LINES]
        self.recent[seat].append(line)
        del self.recent[seat][:-LOG_LINES]
        if seat == self.showing:
            self.query_one("#log", RichLog).write(line)

    def _show_log(self, seat: int) -> None:
        widget = self.query_one("#log", RichLog)
        widget.clear()
        for line in self.logs[seat]:
            widget.write(line)

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
    def _status(self, text: str) -> None:
        record = self.table.record
        head = _(
            "{title} · game {id} · ", title=_(self.game.spec.title), id=printable(record.game_id)
        )
        self.query_one("#status", Static).update(Text(head + text))

    def _blank(self) -> None:
        for name in ("#board", "#own-left-text", "#own-right-text", "#others", "#scores"):
            self.query_one(name, Static).update("")
        self.query_one("#choices", OptionList).clear_options()
        self.query_one("#log", RichLog).clear()

    def _show_view(self, seat: int | None) -> None:
        """The seat's view laid out from its sections (the game's own parts, as data): the
        board, your own area, a line for each other seat (their whole blocks under the board
        with ``o``)."""
        view = self.table.view(seat)
        parts = self.game.presentation.sections(view)
        board = Laid([parts.board, *(parts.others if self.expanded else ())])
        mark = "▾ " if self.expanded else "▸ "
        others = Laid([Block("", tuple(mark + _compact(b) for b in parts.others))])
        own = Laid([parts.own] if parts.own is not None else [])
        if self.has_own != bool(own):
            self.has_own = bool(own)
            self._layout_classes()
            self.refresh_bindings()
        self.query_one("#board", Static).update(board)
        self._place_own(board, own, others)
        self.query_one("#others", Static).update(others if others else "")
        self.query_one("#others-pane").set_class(not others, "hidden")
        self._show_scores(view, seat)

    def _place_own(self, board: Laid, own: Laid, others: Laid) -> None:
        """Your area under the board when all fits there, else at the top of the right column,
        beside the board."""
        width = max(10, self.size.width - (RIGHT_COMPACT if self.compact else RIGHT) - 2)
        rows = board.height(width) + own.height(width) + others.height(width) + 3
        on_left = self.compact or rows <= max(1, self.size.height - 2)
        self.screen.set_class(not on_left and bool(own), "own-right")
        self.query_one("#own-left").set_class(not on_left or not own, "hidden")
        self.query_one("#own-right").set_class(on_left or not own, "hidden")
        self.query_one("#own-left-text", Static).update(own if on_left and own else "")
        self.query_one("#own-right-text", Static).update(own if own and not on_left else "")

    def _show_scores(self, view: dict[str, Any], seat: int | None) -> None:
        totals = known_scores(self.game, view)
        parts = []
        for other, total in enumerate(totals):
            name = _("you") if other == seat else table_label(self, other)
            parts.append(f"{name}: {total if total is not None else '?'}")
        line = " · ".join(parts) if parts else _("not known yet")
        if self.menu is not None and self.menu.scores:
            shown = ", ".join(
                f"{pgettext('score', k)} {v}" for k, v in self.menu.scores.items() if v
            )
            if shown:
                line += "\n" + _("yours: {scores}", scores=shown)
        self.query_one("#scores", Static).update(Text(line))

    def _show_choices(self) -> None:
        widget = self.query_one("#choices", OptionList)
        widget.clear_options()
        if self.menu is None or self.busy:
            widget.border_title = _("Choices")
            return
        entries = self._entries()
        options = [Option(_prompt(i, entry), id=str(i)) for i, entry in enumerate(entries)]
        if self.path:
            options.append(Option(Text(_("◂ back (Esc)"), style="dim"), id="back"))
            widget.border_title = _("Choices › {notation}", notation=self.path[-1].notation)
        else:
            widget.border_title = _("Choices")
        widget.add_options(options)
        widget.highlighted = 0 if options else None

    def _entries(self) -> Sequence[Choice]:
        if self.menu is None:
            return ()
        return self.path[-1].children if self.path else self.menu.choices

    # -- choosing ------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "back":
            self.action_step_back()
            return
        if event.option.id is not None:
            self._choose(int(event.option.id))

    def action_pick(self, number: int) -> None:
        self._choose(number - 1)

    def _choose(self, index: int) -> None:
        if self.busy or self.menu is None or self.showing is None:
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
        leaf = self.menu.leaf_for(action)
        self.recent[seat] = []
        try:
            self.table.submit(seat, action)
        except MailbagError as exc:
            self._refuse(_("refused: {reason}", reason=str(exc)))
            return
        what = leaf.text if leaf is not None and leaf.text else str(action)
        if leaf is not None and leaf.is_step is False and self.path:
            what = f"{self.path[-1].text or self.path[-1].notation}: {what}"
        chose = Text(_("you chose: {what} ({action})", what=what, action=str(action)), style="bold")
        self._write(seat, chose)
        self.recent[seat].insert(0, self.recent[seat].pop())  # the choice, then what it did
        self.path = []
        self.query_one("#choices", OptionList).focus()
        self.advance()

    def _refuse(self, message: str) -> None:
        self.bell()
        self.notify(message, severity="error", timeout=6)
        if self.showing is not None:
            self._write(self.showing, Text(message, style="red"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        if not text or self.busy or self.menu is None or self.showing is None:
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
            self._refuse(_("refused: {reason}", reason=str(exc)))
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
        if self.path:
            self.path.pop()
            self._show_choices()

    def action_type_notation(self) -> None:
        if not self.busy and self.menu is not None:
            self.query_one("#notation", Input).focus()

    def action_toggle_others(self) -> None:
        self.expanded = not self.expanded
        if self.compact and self.expanded:  # they are shown under the board
            self.left_view = "board"
            self._layout_classes()
        if self.showing is not None:
            self._show_view(self.showing)

    def on_click(self, event: tevents.Click) -> None:
        widget = event.widget
        if widget is not None and widget.id in ("others", "others-pane"):
            self.action_toggle_others()

    def action_help(self) -> None:
        self.push_screen(Help())

    def action_undo(self) -> None:
        seat = self.showing
        if self.busy or seat is None or self.table.is_over():
            return
        try:
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
        if not self.hints or self.busy or seat is None or self.menu is None:
            return
        observation, legal = self.table.view(seat), self.table.legal_actions(seat)
        self._write(seat, Text(_("thinking…"), style="dim"))

        def think() -> None:
            from mailbag.table.hints import compute_hint, hint_lines

            hint = compute_hint(self.game, seat, observation, legal)
            lines = hint_lines(self.game, observation, hint)

            def show() -> None:
                for line in lines:
                    self._write(seat, Text(line, style="cyan"))

            self._call(show)

        threading.Thread(target=think, name="mailbag-hint", daemon=True).start()

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


def _prompt(index: int, choice: Choice) -> Text:
    """One entry of the list: its number, notation, what it does and its consequence."""
    text = Text()
    text.append(f"{index + 1}. " if index < 9 else "   ", style="dim")
    text.append(choice.key, style="bold")
    if choice.is_step:
        text.append(f" ▸ {choice.count}", style="cyan")
    if choice.says:
        text.append(f" — {choice.says}")
    if choice.same:
        text.append("  " + _("(+{count} alike)", count=len(choice.same)), style="dim")
    if choice.note:
        good = choice.points is None or choice.points >= 0
        text.append(f"  [{choice.note}]", style="green" if good else "red")
    return text


def _compact(block: Block) -> str:
    """A seat's block in one line: its summary, else its title, else the seat's label."""
    lines = block.compact.splitlines()
    if lines and lines[0].strip():
        return lines[0].strip()
    return seat_label(block.seat) if block.seat is not None else ""


def table_label(app: PlayApp, seat: int) -> str:
    """How a seat is called on screen: its name from ``--seats alice=human``, or ``seat N``."""
    return printable(app.table.record.label(seat))
