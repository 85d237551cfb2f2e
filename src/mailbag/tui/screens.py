"""The full-screen UI's pop-up screens: the hot seat's end of turn and hand-over (left only by
Space, after a short guard), the list of keys, the end (who won, and each seat's score in its
parts)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual import events
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from mailbag.core import Game
from mailbag.core.i18n import N_, _
from mailbag.core.names import printable
from mailbag.core.records import GameRecord, seat_kind_label, seat_label
from mailbag.plain import scoreboard, winners_line

#: the keys, each with what it does (the key's name, then its text in the reader's language)
KEYS = (
    ("a b c …", N_("choose the entry with that key (a ▸ entry opens its next step)")),
    ("ya yb …", N_("a long list: two letters for the entries after the single ones")),
    ("↑ ↓  Enter", N_("move in the list and choose;  the mouse works too")),
    ("Esc", N_("back one step")),
    (":  /", N_("type a choice in notation (any case; the rest after a step);  Enter sends it")),
    ("u", N_("undo: take back your last choice (while nothing was revealed since)")),
    ("Space", N_("reveal the phase your choice completes (until then it may change)")),
    ("h", N_("hint: the best choices of a search on what you see (when hints are allowed)")),
    ("o", N_("show or hide the other players' full areas")),
    ("Tab", N_("move between the panes (arrows and PgUp/PgDn scroll the one in focus)")),
    ("?", N_("the rule behind this decision, and this list of keys")),
    ("q", N_("save and quit (resume with: mailbag play --resume FILE)")),
    ("Ctrl-C", N_("stop at once (the game is saved too)")),
)


def keys_text() -> str:
    """The list of keys in the reader's language, one line each."""
    return "\n".join(f"{key:<12} {_(text)}" for key, text in KEYS)


def translate_bindings(node: Any) -> None:
    """A screen's or app's key bindings described in the reader's language (the footer shows
    them): their descriptions are marked in English where they are declared."""
    bindings = node._bindings.key_to_bindings
    for key, listed in bindings.items():
        bindings[key] = [
            dataclasses.replace(b, description=_(b.description)) if b.description else b
            for b in listed
        ]


class Gate(ModalScreen[None]):
    """A hot-seat screen that only Space leaves, never sooner than :attr:`guard` seconds after
    it appeared: no choice key (digits, letters, Enter, Esc, Tab …) does anything here, and a
    key pressed before it appeared (Enter once too often) is thrown away. Ctrl-C still stops.
    The app's ``clock`` (seconds, :func:`time.monotonic` by default) measures the guard."""

    #: seconds after appearing during which even Space is ignored
    guard: ClassVar[float] = 0.5

    DEFAULT_CSS = """
    Gate { align: center middle; }
    Gate > Vertical {
        width: 72; max-width: 100%; height: auto; max-height: 100%; padding: 0 2;
        border: heavy $accent; background: $surface;
    }
    Gate Static { width: 100%; height: auto; }
    Gate #gate-nudge { color: $warning; }
    """

    def __init__(self, seat: int, label: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.label = label or seat_label(seat)
        self._shown_at: float | None = None
        self._shown_real = 0.0
        #: how many keys reached this screen (tests wait on it)
        self.keys_seen = 0

    def _clock(self) -> float:
        clock = getattr(self.app, "clock", None)
        return float(clock()) if callable(clock) else time.monotonic()

    def lines(self) -> str:
        """What the screen says (without the line on which key goes on)."""
        raise NotImplementedError

    def go_on(self) -> str:
        """The line that says which key goes on."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.lines(), markup=False, id="gate-text")
            yield Static(self.go_on(), markup=False, id="gate-key")
            yield Static("", markup=False, id="gate-nudge")

    def on_screen_resume(self) -> None:
        self._shown_at = self._clock()
        self._shown_real = get_time()

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.keys_seen += 1
        if self._shown_at is None or event.time < self._shown_real:
            return  # typed before this screen appeared
        if self._clock() - self._shown_at < self.guard:
            return
        if event.key == "space":
            self.dismiss(None)
            return
        self.query_one("#gate-nudge", Static).update(
            _("that key does nothing here: only Space goes on")
        )

    def on_click(self, event: events.Click) -> None:
        event.stop()


class TurnDone(Gate):
    """Hot seat, the end of a person's turn: what their last decisions did (over their own
    screen), until they press Space to hide it all."""

    guard = 0.5

    def __init__(self, seat: int, label: str, did: Sequence[str]) -> None:
        super().__init__(seat, label)
        self.did = list(did)

    def lines(self) -> str:
        head = _("{name}: your turn is over.", name=self.label)
        if not self.did:
            return head + "\n" + _("(nothing more to see)")
        return "\n".join([head, _("what it did:"), *(f"  {line}" for line in self.did)])

    def go_on(self) -> str:
        return _("Press Space to hide your things and pass the keyboard.")


class HandOver(Gate):
    """Hot seat: nothing of anyone on screen until the next person presses Space."""

    guard = 1.0

    DEFAULT_CSS = """
    HandOver { background: $background; }
    """

    def __init__(self, seat: int, kind: str, label: str = "") -> None:
        super().__init__(seat, label)
        self.kind = kind

    def lines(self) -> str:
        return _(
            "Pass the keyboard to {name} ({kind}).",
            name=self.label,
            kind=printable(seat_kind_label(self.kind)),
        )

    def go_on(self) -> str:
        return (
            _(
                "{name}: press Space when you have the keyboard and the others are not looking.",
                name=self.label,
            )
            + "\n"
            + _("(Ctrl-C saves and stops)")
        )


class Help(ModalScreen[None]):
    """The keys, one line each."""

    DEFAULT_CSS = """
    Help { align: center middle; }
    Help > VerticalScroll {
        width: 90%; max-width: 96; height: auto; max-height: 100%;
        padding: 0 1; border: round $accent; background: $surface;
    }
    Help Static { width: 100%; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,enter", "close", N_("close"), show=True),
    ]

    def __init__(self, rule: Sequence[str] = ()) -> None:
        super().__init__()
        translate_bindings(self)
        #: the rules section behind the decision (its title line, then its text), or nothing
        self.rule = list(rule)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = _("The rule behind this decision") if self.rule else _("Keys")
            if self.rule:
                yield Static(Text(self.rule[0], style="bold"), id="rule-title")
                yield Static("\n".join(self.rule[1:]).strip() + "\n", markup=False, id="rule")
                yield Static(Text(_("Keys"), style="bold"))
            yield Static(keys_text(), markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class GameOver(ModalScreen[None]):
    """Who won and the final scores in their parts; the game stays on screen behind them."""

    DEFAULT_CSS = """
    GameOver { align: center middle; }
    GameOver > VerticalScroll {
        width: 90%; max-width: 110; height: auto; max-height: 100%;
        padding: 0 1; border: round $success; background: $surface;
    }
    GameOver Static { width: 100%; height: auto; }
    GameOver #winners { text-style: bold; color: $success; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,enter,escape", "leave", N_("leave"), show=True),
    ]

    def __init__(self, game: Game[Any], state: Any, record: GameRecord) -> None:
        super().__init__()
        translate_bindings(self)
        self.winners = winners_line(game, state, record)
        self.scores = scoreboard(game, state, record)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = _("Game over")
            yield Static(self.winners, markup=False, id="winners")
            yield Static(Group(self.scores), id="final-scores")
            yield Static(_("press q or Enter to leave"), markup=False)

    def action_leave(self) -> None:
        self.app.exit("over")
