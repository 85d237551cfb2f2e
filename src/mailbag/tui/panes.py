"""The full-screen game's panes (the layout half of :class:`~mailbag.tui.app.PlayApp`): the
status line, the board, your own area, the other seats (a line each, or in full with ``o``), the
scores and each person's log, drawn from the game's sections (:mod:`mailbag.tui.layout`) at the
screen's size, in the game's palette. The panes keep where the person scrolled them while the
same seat goes on deciding.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Self

from rich.text import Text
from textual import events as tevents
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from mailbag.core import Action
from mailbag.core.i18n import _, pgettext
from mailbag.core.names import printable
from mailbag.core.presentation import Block
from mailbag.core.records import seat_kind_label, seat_label
from mailbag.table import Table
from mailbag.table.keys import choice_keys
from mailbag.table.menu import Choice, Menu, known_scores
from mailbag.tui.bots import BotRunner
from mailbag.tui.layout import Hanging, Laid, Painter, Palette

#: at most this many lines of each person's log are kept
LOG_LINES = 400
#: the width of the right column (choices, log): on a large screen, on a small one
RIGHT = 48
RIGHT_COMPACT = 35

CSS = """
Screen { layout: vertical; }
#status { height: 1; padding: 0 1; background: $primary-background; color: $text;
          text-wrap: nowrap; text-overflow: ellipsis; }
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
#others-pane.full { height: 1fr; max-height: 100%; }
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
Screen.compact #others-pane.full { max-height: 100%; }
Screen.show-others #board-pane { display: none; }
Screen.compact.show-others #own-left { display: none; }
""".replace("RIGHT_WIDE", str(RIGHT)).replace("RIGHT_COMPACT", str(RIGHT_COMPACT))


class Journal(RichLog):
    """The log pane: its lines wrapped anew whenever its width changes (a log wraps each line
    as it is written)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.source: list[Text] = []
        self._drawn_width = 0

    def write_line(self, line: Text) -> None:
        self.source.append(line)
        del self.source[:-LOG_LINES]
        self.write(line)

    def clear(self) -> Self:
        self.source = []
        return super().clear()

    def on_resize(self, event: tevents.Resize) -> None:
        width = self.scrollable_content_region.width
        if self._size_known and width != self._drawn_width:
            lines = self.source
            super().clear()
            for line in lines:
                self.write(line)
        self._drawn_width = width


class Panes(App[str]):
    """The panes of one game's screen and what draws them; the game's flow is the subclass's."""

    CSS = CSS
    #: the table's bots (made by the subclass, which runs them)
    bots: BotRunner

    def __init__(self, table: Table, humans: Sequence[int]) -> None:
        super().__init__()
        self.table = table
        self.game = table.game
        self.humans = list(humans)
        self.kinds = table.record.seats
        self.hot_seat = len(self.humans) > 1
        #: whose things are on screen (None: no one's, as between two people in hot seat)
        self.showing: int | None = None if self.hot_seat else self.humans[0]
        self.menu: Menu | None = None
        #: the steps taken into the menu so far
        self.path: list[Choice] = []
        #: the keys of the entries on screen, in their order; the letters typed towards one
        self.keys: list[str] = []
        self.typed = ""
        #: the letters the app's own keys take (never a choice's key)
        self.reserved: frozenset[str] = frozenset()
        #: waiting for the bots, with nothing for a person to do
        self.busy = False
        #: the person's choice in a simultaneous phase, sent once the bots' choices are in
        self.pending: Action | None = None
        self.logs: dict[int, list[Text]] = {seat: [] for seat in self.humans}
        #: each person's log lines since their last choice (shown at the end of their turn)
        self.recent: dict[int, list[Text]] = {seat: [] for seat in self.humans}
        #: the other seats in full (``o``), not a line each
        self.expanded = False
        #: on a small screen the left column shows the board or your own area ("v" switches)
        self.left_view = "own"
        #: whether the view on screen has an own area (a spectator's, or a game's that puts
        #: everything on the board, has none: the board is then always shown)
        self.has_own = True
        #: whether people may ask for a hint (``h``; see mailbag.table.hints)
        self.hints = False
        #: held while the table is read or a decision committed (a bot's or a person's): the
        #: bots' thread and the screen's take turns; quitting waits for it
        self.lock = threading.RLock()
        #: what the status line says (and a short answer to a key, shown instead for a while)
        self.status_text = ""
        self.notice = ""
        self._drawn_thinking = ""
        #: the panes' scroll positions, kept while the same seat goes on deciding
        self.scrolls: dict[str, float] = {}
        self.scrolled_for: int | None = None
        self._painter: Painter | None = None

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
                log = Journal(id="log", wrap=True, min_width=20, max_lines=LOG_LINES)
                log.border_title = _("Log")
                yield log
        yield Footer()

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
        screen = self.screen_stack[0] if self.screen_stack else self.screen
        screen.set_class(compact, "compact")
        screen.set_class(compact and not own, "show-board")
        screen.set_class(compact and own, "show-own")
        screen.set_class(self.expanded, "show-others")
        self.query_one("#others-pane").set_class(self.expanded, "full")
        self.query_one("#others-pane").border_title = (
            _("Others (o: back)") if self.expanded else _("Others (o: all)")
        )
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
            if self.expanded:  # from the others back to what was shown
                self.expanded = False
            else:
                self.left_view = "board" if self.left_view != "board" else "own"
            self._layout_classes()
            if self.showing is not None:
                self._show_view(self.showing)

    def action_toggle_others(self) -> None:
        """The other seats in full (their pane takes the board's room, on a small screen your
        area's too), or a line each again."""
        self.expanded = not self.expanded
        self._layout_classes()
        if self.showing is not None:
            self._show_view(self.showing)
        self.query_one("#others-pane").scroll_home(animate=False)

    def on_click(self, event: tevents.Click) -> None:
        widget = event.widget
        if widget is not None and widget.id in ("others", "others-pane"):
            self.action_toggle_others()

    # -- the log -------------------------------------------------------------------------------
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
            self.query_one("#log", Journal).write_line(line)

    def _show_log(self, seat: int) -> None:
        widget = self.query_one("#log", Journal)
        widget.clear()
        for line in self.logs[seat]:
            widget.write_line(line)

    # -- the choices ----------------------------------------------------------------------
    def _show_choices(self) -> None:
        widget = self.query_one("#choices", OptionList)
        widget.clear_options()
        self.typed = ""
        if self.menu is None or self.busy or self.pending is not None:
            widget.border_title = _("Choices")
            self.keys = []
            return
        entries = self._entries()
        self.keys = choice_keys(len(entries), self.reserved)
        waiting = self._waiting_line()
        width = max((len(key) for key in self.keys), default=1)
        colour = not self.no_color
        options = [
            Option(_prompt(key.rjust(width), entry, colour), id=str(i))
            for i, (key, entry) in enumerate(zip(self.keys, entries, strict=True))
        ]
        if self.path:
            options.append(Option(Text(_("◂ back (Esc)"), style="dim"), id="back"))
            widget.border_title = _("Choices › {notation}", notation=self.path[-1].notation)
        else:
            widget.border_title = _("Choices")
        first = 0
        if waiting:  # on top, over the choices it may be changed for
            line = Hanging(Text(waiting, style="bold"), 2)
            options.insert(0, Option(line, id="held", disabled=True))
            first = 1
        widget.add_options(options)
        widget.highlighted = first if len(options) > first else None

    def _waiting_line(self) -> str:
        """What the person who reveals a choice waiting to be revealed is told, if any."""
        seat = self.showing
        if seat is None or self.table.held is None:
            return ""
        return self.table.held_line(seat, _("Space"), "u")

    def _entries(self) -> Sequence[Choice]:
        if self.menu is None:
            return ()
        return self.path[-1].children if self.path else self.menu.choices

    # -- drawing -------------------------------------------------------------------------------
    def _status(self, text: str) -> None:
        self.status_text = text
        self.notice = ""
        self._draw_status()

    def _say(self, notice: str) -> None:
        """A short answer (to a key) in the status line, until the next one or a new status."""
        self.notice = notice
        self._draw_status()

    def _draw_status(self) -> None:
        record = self.table.record
        head = _(
            "{title} · game {id} · ", title=_(self.game.spec.title), id=printable(record.game_id)
        )
        thinking = self._thinking()
        self._drawn_thinking = thinking
        # who thinks first: a narrow screen cuts the end of the line
        parts = [self.notice] if self.notice else [p for p in (thinking, self.status_text) if p]
        line = Text(head + " · ".join(parts), no_wrap=True, overflow="ellipsis")
        self.query_one("#status", Static).update(line)

    def _thinking(self) -> str:
        """Which bot is thinking, and for how long (empty when none is)."""
        thinking = self.bots.thinking
        if thinking is None:
            return ""
        seat = thinking[0]
        who = f"{table_label(self, seat)} ({printable(seat_kind_label(self.kinds[seat]))})"
        return _("{who} thinking… {seconds} s", who=who, seconds=self.bots.seconds())

    @property
    def painter(self) -> Painter:
        """The game's palette (``presentation.palette()``, if it has one), once per app: in
        colour unless ``NO_COLOR`` is set."""
        if self._painter is None:
            make = getattr(self.game.presentation, "palette", None)
            palette: Palette = make() if callable(make) else {}
            self._painter = Painter(palette, colour=not self.no_color)
        return self._painter

    def _blank(self) -> None:
        for name in ("#board", "#own-left-text", "#own-right-text", "#others", "#scores"):
            self.query_one(name, Static).update("")
        self.query_one("#choices", OptionList).clear_options()
        self.query_one("#log", RichLog).clear()

    def _show_view(self, seat: int | None) -> None:
        """The seat's view laid out from its sections (the game's own parts, as data): the
        board, your own area, a line for each other seat (their whole blocks under the board
        with ``o``)."""
        keep = seat is not None and seat == self.scrolled_for
        panes = [self.query_one(f"#{name}") for name in _SCROLLED]
        if keep:
            self.scrolls = {p.id or "": p.scroll_y for p in panes if p.display}
        else:
            self.scrolls = {}
        self.scrolled_for = seat
        with self.lock:
            view = self.table.view(seat)
        parts = self.game.presentation.sections(view)
        paint = self.painter
        board = Laid([parts.board], paint)
        summaries = Laid([Block("", tuple("▸ " + _compact(b) for b in parts.others))], paint)
        others = Laid(parts.others, paint) if self.expanded else summaries
        own = Laid([parts.own] if parts.own is not None else [], paint)
        if self.has_own != bool(own):
            self.has_own = bool(own)
            self._layout_classes()
            self.refresh_bindings()
        self.query_one("#board", Static).update(board)
        self._place_own(board, own, summaries)
        self.query_one("#others", Static).update(others if others else "")
        self.query_one("#others-pane").set_class(not others, "hidden")
        self._show_scores(view, seat)
        if self.scrolls:
            self.call_after_refresh(self._restore_scrolls, dict(self.scrolls), seat)

    def _restore_scrolls(self, scrolls: dict[str, float], seat: int | None) -> None:
        """The panes back where the person had scrolled them (their new text laid out)."""
        if seat != self.showing:
            return
        for name, y in scrolls.items():
            pane = self.query_one(f"#{name}")
            if pane.display and pane.scroll_y != y:
                pane.scroll_to(y=y, animate=False, immediate=True)

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


#: the panes whose scroll position is kept while the same seat goes on deciding
_SCROLLED = ("board-pane", "own-left", "own-right", "others-pane")


def _prompt(key: str, choice: Choice, colour: bool = True) -> Hanging:
    """One entry of the list: its key (``a)``), notation, what it does and its consequence (its
    wrapped rows under its text, not its key)."""
    text = Text()
    text.append(f"{key}) ", style="bold yellow" if colour else "bold")
    text.append(choice.key)
    if choice.is_step:
        text.append(f" ▸ {choice.count}", style="cyan")
    if choice.says:
        text.append(f" — {choice.says}")
    if choice.same:
        text.append("  " + _("(+{count} alike)", count=len(choice.same)), style="dim")
    if choice.note:
        good = choice.points is None or choice.points >= 0
        text.append(f"  [{choice.note}]", style="green" if good else "red")
    return Hanging(text, len(key) + 2)


def _compact(block: Block) -> str:
    """A seat's block in one line: its summary, else its title, else the seat's label."""
    lines = block.compact.splitlines()
    if lines and lines[0].strip():
        return lines[0].strip()
    return seat_label(block.seat) if block.seat is not None else ""


def table_label(app: Panes, seat: int) -> str:
    """How a seat is called on screen: its name from ``--seats alice=human``, or ``seat N``."""
    return printable(app.table.record.label(seat))
